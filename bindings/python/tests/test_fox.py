"""Fox (herd/fox.h): the cross, the pieces, geese left, the typed steps,
jumps and stop, jump chains played hop by hop, the ends, and random games
checked step by step against the position text and a model of the rules of
docs/fox.md written here apart from the library."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Fox, Game, Reason, Result, Side  # noqa: E402
from test_herd import ErrorChecks, cell_rc  # noqa: E402

START_GEESE = ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "f3", "f4", "f5", "g3", "g4", "g5"]
# A chain of three hops: from d4 over d5, c5 and c4 (d4-d6, d6-b4, b4-d4),
# each landing with one further jump only; back on d4 the fox has none left.
CHAIN3 = "fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a5,c4,c5,d5,g3,g4,g5"
CHAIN3_HOPS = ["d4-d6", "d6-b4", "b4-d4"]
# Four geese: d4-d6 takes d5 and leaves three, which ends the game although
# d6-b4 (over c5) would go on.
LAST_FOUR = "fox turn=fox chain=0 sideways=0 fox=d4 geese=c5,d5,g3,g5"
DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def on_cross(rc):
    r, c = rc
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


def name(rc):
    return "%s%d" % (chr(ord("a") + rc[0]), rc[1] + 1)


class Rules:
    """docs/fox.md over a position text: the actions, the end, and the
    position after an action, hop by hop."""

    def __init__(self, text):
        words = dict(w.split("=", 1) for w in text.split()[1:])
        self.turn = words["turn"]
        self.chain = words["chain"] == "1"
        self.sideways = words["sideways"] == "1"
        self.fox = cell_rc(words["fox"])
        self.geese = {cell_rc(p) for p in words["geese"].split(",") if p}

    def text(self):
        return "fox turn=%s chain=%d sideways=%d fox=%s geese=%s" % (
            self.turn, self.chain, self.sideways, name(self.fox),
            ",".join(sorted(name(g) for g in self.geese)))

    def free(self, rc):
        return on_cross(rc) and rc != self.fox and rc not in self.geese

    def jumps(self):
        r, c = self.fox
        return ["%s-%s" % (name(self.fox), name((r + 2 * dr, c + 2 * dc))) for dr, dc in DIRS
                if (r + dr, c + dc) in self.geese and self.free((r + 2 * dr, c + 2 * dc))]

    def actions(self):
        """The side to move's actions, the end aside."""
        if self.turn == "fox":
            if self.chain:
                return self.jumps() + ["stop"]
            r, c = self.fox
            return ["%s-%s" % (name(self.fox), name((r + dr, c + dc))) for dr, dc in DIRS
                    if self.free((r + dr, c + dc))] + self.jumps()
        dirs = [(-1, -1), (-1, 0), (-1, 1)] + ([(0, -1), (0, 1)] if self.sideways else [])
        return ["%s-%s" % (name(g), name((g[0] + dr, g[1] + dc))) for g in self.geese
                for dr, dc in dirs if self.free((g[0] + dr, g[1] + dc))]

    def status(self):
        if len(self.geese) < Fox.GEESE_TO_WIN:
            return Result.WIN, Side.FOX, Reason.CAPTURED
        if not self.actions():
            if self.turn == "geese":
                return Result.WIN, Side.FOX, Reason.NO_MOVES
            return Result.WIN, Side.GEESE, Reason.TRAPPED
        return Result.ONGOING, Side(self.turn), Reason.NONE

    def legal(self):
        return sorted(self.actions()) if self.status()[0] is Result.ONGOING else []

    def play(self, action):
        """Plays a legal action; returns "step", "stop", "chain" (a jump after
        which the fox keeps the turn) or "jump" (one after which it does not)."""
        self.chain = False
        if self.turn == "geese":
            a, b = (cell_rc(p) for p in action.split("-"))
            self.geese = (self.geese - {a}) | {b}
            self.turn = "fox"
            return "step"
        self.turn = "geese"
        if action == "stop":
            return "stop"
        a, b = (cell_rc(p) for p in action.split("-"))
        self.fox = b
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1:
            return "step"
        self.geese.discard(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2))
        if len(self.geese) >= Fox.GEESE_TO_WIN and self.jumps():
            self.chain, self.turn = True, "fox"
            return "chain"
        return "jump"


def setUpModule():
    herd.library()


class TestBoard(ErrorChecks):
    def test_game_fox_is_a_Fox(self):
        with Game("fox") as g:
            self.assertIsInstance(g, Fox)
            self.assertIsInstance(g, herd.Hunt)
            self.assertEqual(g.sides, (Side.FOX, Side.GEESE))
        self.assertIs(herd.game_class("fox"), Fox)

    def test_hunt_is_a_family_not_a_game(self):
        with herd.Hunt("fox") as g:
            self.assertIsInstance(g, Fox)
        with self.assertRaisesRegex(TypeError, "family of games.*fox, hare"):
            herd.Hunt()
        with self.assertRaisesRegex(TypeError, "family of games"):
            herd.Hunt("horses")

    def test_points_are_the_cross_and_lines_join_neighbours(self):
        with Fox() as g:
            cross = sorted((r, c) for r in range(7) for c in range(7) if on_cross((r, c)))
            self.assertEqual(sorted(g.point_coords), cross)
            self.assertEqual(len(cross), g.POINTS)
            self.assertEqual(g.points, sorted(g.points, key=str.encode))
            self.assertNotIn("b2", g.points)
            lines = g.board_line_coords
            self.assertEqual(len(lines), g.LINES)
            want = set()
            for a in cross:
                for dr, dc in DIRS:
                    b = (a[0] + dr, a[1] + dc)
                    if on_cross(b):
                        want.add(frozenset((a, b)))
            self.assertEqual({frozenset(line) for line in lines}, want)
            self.assertIn(("b3", "c2"), g.board_lines)

    def test_start_pieces_and_the_options(self):
        with Fox() as g:
            self.assertEqual(g.fox, "d4")
            self.assertEqual(g.fox_coords, (3, 3))
            self.assertEqual(g.geese, START_GEESE)
            self.assertEqual(g.geese_left, 13)
            self.assertFalse(g.sideways)
            self.assertFalse(g.in_chain)
            self.assertIs(g.at("d4"), Side.FOX)
            self.assertIs(g.at("g5"), Side.GEESE)
            self.assertIsNone(g.at("a3"))
            self.assertEqual(len(g.pieces), 14)
        with Fox(geese=15, sideways=1, seed=3) as g:
            self.assertEqual(g.geese_left, 15)
            self.assertEqual(g.geese, sorted(START_GEESE + ["d1", "d7"], key=str.encode))
            self.assertTrue(g.sideways)
        with Fox(geese=17) as g:
            self.assertEqual(g.geese_left, g.MAX_GEESE)
        with self.assertRaises(herd.OptionRangeError):
            Fox(geese=14)
        with self.assertRaisesRegex(herd.OptionRangeError, "seed=18446744073709551616"):
            Fox(seed=2**64)

    def test_a_cell_that_is_no_point_is_refused(self):
        with Fox() as g:
            self.assertRefused(g, lambda: g.at("b2"), herd.E_ARG, "b2 is not a point")
            self.assertRefused(g, lambda: g.at((-1, 3)), herd.E_ARG, "not a point")
            # The builders take the points alone: a1 is in the 7x7 grid of
            # names, but no point of the cross, and no action can name it.
            for build in (lambda: g.step("a1", "a2"), lambda: g.step("d4", "b2"),
                          lambda: g.jump("a1", "a3"), lambda: g.jump((0, 0), "c1")):
                self.assertRefused(g, build, herd.E_ARG, "is not a point of the board; the "
                                   "points of fox are a3 a4 a5 b3")
            self.assertEqual(str(g.step("d4", "d5")), "d4-d5")


class TestActions(ErrorChecks):
    def test_typed_steps_jumps_and_stop_are_the_actions_of_the_texts(self):
        with Game.from_position(CHAIN3) as g:
            self.assertEqual(g.step("d4", "c4"), g.parse_move("d4-c4"))
            self.assertEqual(g.jump("d4", "d6"), g.parse_move("d4-d6"))
            self.assertEqual(str(g.jump((3, 3), (1, 3))), "d4-b4")
            self.assertEqual(g.move_path("d4-d6"), ["d4", "d6"])
            self.assertEqual(g.move_path_coords("d4-c4"), [(3, 3), (2, 3)])
            stop = g.stop()
            self.assertEqual(stop, g.parse_move("stop"))
            self.assertEqual(stop, Fox.STOP)
            self.assertEqual(g.STOP, Fox.STOP)
            self.assertEqual(str(stop), "stop")
            self.assertEqual(g.move_path(stop), [])
            self.assertNotIn(stop, (g.jump("d4", "d6"), g.step("d4", "c4")))
            for m in g.legal():
                frm, to = (cell_rc(p) for p in g.move_path(m))
                hop = max(abs(frm[0] - to[0]), abs(frm[1] - to[1]))
                self.assertEqual((g.step if hop == 1 else g.jump)(frm, to), m)

    def test_actions_that_cannot_be_named_are_refused(self):
        with Fox() as g:
            for call, fragment in ((lambda: g.step("d4", "h4"), "h4 is not a point"),
                                   (lambda: g.jump("d4", "d5"), "jump from d4 to d5"),
                                   (lambda: g.jump("d4", "e6"), "jump from d4 to e6"),
                                   (lambda: g.jump("d4", (3, 7)), "(3, 7) is not a point")):
                self.assertRefused(g, call, herd.E_ARG, fragment)
            self.assertRefused(g, lambda: g.play("d4-d6"), herd.E_ILLEGAL, "jumps over no goose")
        with Game.from_position(CHAIN3.replace("turn=fox", "turn=geese")) as g:
            self.assertRefused(g, lambda: g.play("c4-d4"), herd.E_ILLEGAL, "d4 is occupied")
            self.assertRefused(g, lambda: g.play("c4-a4"), herd.E_ILLEGAL, "geese never jump")
            self.assertRefused(g, lambda: g.play("d5-e5"), herd.E_ILLEGAL, "only up")
            self.assertRefused(g, lambda: g.play("d5-d6"), herd.E_ILLEGAL, "only up")
            self.assertEqual(g.destinations("a3"), [])
            self.assertEqual(sorted(g.destinations("d5")), ["c6"])

    def test_a_chain_given_at_once_is_refused_with_the_way_to_play_it(self):
        with Game.from_position(CHAIN3) as g:
            for text in ("d4-d6-b4", "d4-d6-b4-d4"):
                self.assertRefused(g, lambda: g.play(text), herd.E_PARSE, "one hop at a time")
                self.assertRaises(ValueError, g.parse_move, text)
                self.assertFalse(g.is_legal(text))
            for landings in (["d6", "b4"], ("d6",), [(3, 5), (1, 3)]):
                with self.assertRaisesRegex(TypeError, "one landing point.*hop by hop.*stop"):
                    g.jump("d4", landings)
            self.assertEqual(g.history_length, 0)
            self.assertFalse(hasattr(g, "jumps"))
            self.assertFalse(hasattr(Fox, "MAX_HOPS"))

    def test_stop_and_steps_only_where_the_chain_allows_them(self):
        with Game.from_position(CHAIN3) as g:
            self.assertFalse(g.is_legal(Fox.STOP))
            self.assertRefused(g, lambda: g.play(Fox.STOP), herd.E_ILLEGAL,
                               "stop ends a jump chain, and the fox is in none")
            g.play("d4-d6")
            self.assertTrue(g.in_chain)
            self.assertTrue(g.is_legal("stop"))
            for step in ("d6-d5", "d6-e6", "d6-c7"):
                self.assertRefused(g, lambda: g.play(step), herd.E_ILLEGAL,
                                   "the fox is in a jump chain: it may only jump on from d6 "
                                   "or stop")
            g.play(g.stop())
            self.assertRefused(g, lambda: g.play("stop"), herd.E_ILLEGAL,
                               "stop is the fox's, and the geese are to move")

    def test_set_reads_and_checks_the_chain_flag(self):
        in_chain = "fox turn=fox chain=1 sideways=0 fox=d6 geese=a3,a5,c4,c5,g3,g4,g5"
        with Game.from_position(in_chain) as g:
            self.assertTrue(g.in_chain)
            self.assertEqual(g.legal_texts(), ["d6-b4", "stop"])
            self.assertEqual(g.position, in_chain)
            self.assertRefused(g, lambda: g.set_position(in_chain.replace("fox=d6", "fox=d7")),
                               herd.E_POSITION, "has no jump")
            self.assertRefused(g, lambda: g.set_position(in_chain.replace("=fox", "=geese", 1)),
                               herd.E_POSITION, "chain=1 with the geese to move")
            g.set_position(CHAIN3)
            self.assertFalse(g.in_chain)

    def test_targets_are_the_ends_of_the_pieces_actions(self):
        with Game.from_position(CHAIN3) as g:
            self.assertEqual(g.destinations("d4"), [g.move_path(m)[-1] for m in g.moves_from("d4")])
            self.assertEqual(g.destinations("c4"), [])  # a goose, and the fox is to move
            every = sorted(str(m) for p in g.points for m in g.moves_from(p))
            self.assertEqual(every, g.legal_texts())
            g.play("d4-d6")
            # in a chain: the further jump; stop moves no piece and starts nowhere
            self.assertEqual(g.moves_from("d6"), [g.jump("d6", "b4")])
            self.assertEqual(g.destinations("d6"), ["b4"])
            every = sorted(str(m) for p in g.points for m in g.moves_from(p))
            self.assertEqual(every + ["stop"], g.legal_texts())


class TestChains(ErrorChecks):
    def assertInChain(self, g, geese):
        self.assertTrue(g.in_chain)
        self.assertIs(g.side_to_move, Side.FOX)
        self.assertIn(" chain=1 ", g.position)
        self.assertEqual(g.geese_left, geese)

    def assertTurnPassed(self, g, fox, geese):
        self.assertFalse(g.in_chain)
        self.assertIs(g.side_to_move, Side.GEESE)
        self.assertIn("turn=geese chain=0 ", g.position)
        self.assertEqual((g.fox, g.geese_left), (fox, geese))

    def test_a_chain_of_three_hops_stops_at_each_point(self):
        for stop_after in (1, 2, 3):
            with self.subTest(stop_after=stop_after), Game.from_position(CHAIN3) as g:
                for k, hop in enumerate(CHAIN3_HOPS[:stop_after], 1):
                    frm, to = hop.split("-")
                    self.assertIn(hop, g.legal_texts())
                    g.play(g.jump(frm, to))
                    self.assertIsNone(g.at(frm))
                    if k < 3:
                        self.assertInChain(g, 8 - k)
                        self.assertEqual(g.legal_texts(), [CHAIN3_HOPS[k], "stop"])
                        self.assertIn("in a chain on %s: jump on or stop" % to, g.show())
                if stop_after < 3:
                    self.assertEqual(g.play("stop"), Fox.STOP)
                    self.assertEqual(g.fox, CHAIN3_HOPS[stop_after - 1][-2:])
                # after the third hop the turn has passed with no stop
                self.assertTurnPassed(g, CHAIN3_HOPS[stop_after - 1][-2:], 8 - stop_after)
                self.assertNotIn("stop", g.legal_texts())
                self.assertEqual(len(g.moves), stop_after + (stop_after < 3))

    def test_a_capture_that_leaves_three_geese_ends_the_game_in_the_chain(self):
        with Game.from_position(LAST_FOUR) as g:
            g.play("d4-d6")
            self.assertEqual(str(g.status), "win fox captured")
            self.assertFalse(g.in_chain)
            self.assertIn(" chain=0 ", g.position)
            self.assertEqual(g.legal(), [])
            self.assertRefused(g, lambda: g.play("d6-b4"), herd.E_STATE, "")
        with Game.from_position(LAST_FOUR.replace("g5", "g4,g5")) as g:
            g.play("d4-d6")  # four geese left: the chain goes on
            self.assertEqual(g.legal_texts(), ["d6-b4", "stop"])

    def test_undo_takes_back_a_hop_and_undo_turn_the_whole_turn(self):
        with Game.from_position(CHAIN3) as g:
            texts = [g.position]
            for hop in CHAIN3_HOPS[:2]:
                g.play(hop)
                texts.append(g.position)
            self.assertEqual(g.undo(), g.parse_move(CHAIN3_HOPS[1]))
            self.assertEqual(g.position, texts[1])
            self.assertInChain(g, 7)
            g.play(CHAIN3_HOPS[1])
            # undo_turn in the middle of the chain: every hop so far
            before = g.clone()
            g.undo_turn(Side.FOX)
            self.assertEqual(g.position, texts[0])
            self.assertEqual((g.history_length, g.moves), (0, []))
            for hop in CHAIN3_HOPS[:2]:
                g.play(hop)
            self.assertTrue(g == before)
            before.close()
            g.play("stop")
            g.play("g3-f3")  # the geese's reply
            g.undo_turn("fox")  # the reply, stop and both hops
            self.assertEqual(g.position, texts[0])
            self.assertEqual((g.history_length, g.moves), (0, []))
            self.assertRefused(g, lambda: g.undo_turn("fox"), herd.E_STATE, "no turn of fox")


class TestEnds(ErrorChecks):
    def test_each_end_when_the_rules_say(self):
        trap = "fox turn=geese chain=0 sideways=0 fox=a3 geese=a4,a5,b4,c2,c3,c5"
        with Game.from_position(trap) as g:
            self.assertFalse(g.is_over)
            g.play("c2-b3")  # the fox on a3 can neither step nor jump
            self.assertEqual(str(g.status), "win geese trapped")
            self.assertEqual(g.legal(), [])
        for text, status in (
                (trap.replace("turn=geese", "turn=fox").replace("c2", "b3"), "win geese trapped"),
                ("fox turn=geese chain=0 sideways=0 fox=g4 geese=a3,a4,a5,b3,b4,b5",
                 "win fox no-moves"),
                ("fox turn=geese chain=0 sideways=1 fox=g4 geese=a3,a4,a5,b3,b4,b5",
                 "win fox no-moves"),
                ("fox turn=geese chain=0 sideways=1 fox=g4 geese=a3,a4,b3,b4,b5",
                 "ongoing geese"),
                ("fox turn=geese chain=0 sideways=0 fox=g4 geese=a3,a4,a5", "win fox captured"),
                # in a chain the fox may always stop: never trapped
                ("fox turn=fox chain=1 sideways=0 fox=a3 geese=a4,b3,b4,c3,c5", "ongoing fox")):
            with self.subTest(text=text), Game.from_position(text) as g:
                self.assertEqual(str(g.status), status)
                self.assertEqual(tuple(g.status), Rules(text).status())


class TestSolving(ErrorChecks):
    def test_solve_within_the_limit_and_refused_beyond_it(self):
        g = Game("fox")
        g.set_position("fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a5,g3,g5,e1")
        self.assertEqual(str(g.solve()).split()[0], "fox")
        g.set_solve_limit(4)
        with self.assertRaises(herd.UnsupportedError) as e:
            g.solve()
        self.assertIn("solved up to 4 geese (Fox.set_solve_limit(), at most %d)" % Fox.SOLVE_MAX,
                      str(e.exception))  # the package's own call, not C's
        for bad in (3, Fox.SOLVE_MAX + 1, 2 ** 31, -2 ** 63):  # beyond C's int as well
            with self.assertRaises(herd.OptionRangeError) as e:
                g.set_solve_limit(bad)
            self.assertIn("a solve limit of %d geese is out of range" % bad, str(e.exception))
        g.set_solve_limit(Fox.SOLVE_DEFAULT)
        self.assertEqual(str(g.solve()).split()[0], "fox")

    def test_the_level_limit_is_apart_from_the_solve_limit(self):
        g = Game("fox")
        g.set_position("fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a5,g3,g5,e1")
        self.assertEqual(g.level_limit, Fox.LEVEL_LIMIT_DEFAULT)
        g.set_level_limit(4)
        self.assertEqual(g.level_limit, 4)
        self.assertEqual(str(g.solve()).split()[0], "fox")  # the solve limit stays
        for bad in (3, Fox.SOLVE_MAX + 1, 2 ** 31, -2 ** 63):
            with self.assertRaises(herd.OptionRangeError) as e:
                g.set_level_limit(bad)
            self.assertIn("a level limit of %d geese is out of range" % bad, str(e.exception))
        self.assertEqual(g.level_limit, 4)
        g.set_level_limit(Fox.SOLVE_MAX)
        self.assertEqual(g.level_limit, Fox.SOLVE_MAX)

    def test_options_text_makes_the_same_game(self):
        g = Game("fox", geese=15, sideways=1, seed=9)
        self.assertEqual(g.options_text(), "geese=15 sideways=1 seed=9")
        self.assertEqual(Game("fox", g.options_text()).position, g.position)


class TestRandomGames(ErrorChecks):
    def test_random_games_follow_the_rules_hop_by_hop(self):
        rng = random.Random(29)
        reasons = set()
        seen = {"step": 0, "stop": 0, "chain": 0, "jump": 0}
        longest = hops = 0
        for game in range(24):
            options = {"geese": rng.choice([13, 15, 17]), "sideways": rng.choice([0, 1]),
                       "seed": game}
            with Fox(**options) as g:
                rules = Rules(g.position)
                self.assertEqual(rules.text(), g.position)
                self.assertEqual(len(rules.geese), options["geese"])
                while True:
                    text = g.position
                    self.assertEqual(text, rules.text())
                    self.assertEqual(g.in_chain, rules.chain)
                    self.assertEqual(g.sideways, bool(options["sideways"]))
                    self.assertEqual(g.fox_coords, rules.fox)
                    self.assertEqual(g.geese, sorted(name(p) for p in rules.geese))
                    self.assertEqual(g.geese_left, len(rules.geese))
                    self.assertEqual(tuple(g.status), rules.status())
                    self.assertEqual(g.legal_texts(), rules.legal())
                    if g.is_over:
                        break
                    # The fox jumps when it can, mostly, for long chains; in
                    # every other game it plays the computer's greedy level.
                    jumps = rules.jumps() if rules.turn == "fox" else []
                    if game % 2 and rules.turn == "fox":
                        m = g.genmove(1)
                    elif jumps and rng.random() < 0.8:
                        m = g.parse_move(rng.choice(jumps))
                    else:
                        m = rng.choice(g.legal())
                    path = g.move_path(m)
                    if path:
                        self.assertIs(g.at(path[0]), g.side_to_move)
                        self.assertIn(path[-1], g.destinations(path[0]))
                    g.play(m)
                    self.assertEqual(g.undo(), m)
                    self.assertEqual(g.position, text)
                    g.play(m)
                    kind = rules.play(str(m))
                    seen[kind] += 1
                    hops = hops + 1 if kind in ("chain", "jump") else 0
                    longest = max(longest, hops)
                reasons.add(g.status.reason)
        self.assertGreaterEqual(len(reasons), 2, reasons)
        # the games went through every kind of action and some long chains
        self.assertTrue(all(seen.values()), seen)
        self.assertGreaterEqual(longest, 3, seen)


if __name__ == "__main__":
    unittest.main()
