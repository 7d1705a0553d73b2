"""Fox (herd/fox.h): the cross, the pieces, geese left, the typed steps
and jump chains, and random games checked against the position text and the
rules of docs/fox.md."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Fox, Game, Reason, Result, Side  # noqa: E402
from test_herd import ErrorChecks, cell_rc  # noqa: E402

START_GEESE = ["e1", "e2", "e3", "e4", "e5", "e6", "e7", "f3", "f4", "f5", "g3", "g4", "g5"]
# The fox on d4, geese on d5 and e5 (and eleven out of its way): d4-d6 takes
# d5, and d4-d6-f4 takes e5 too.
JUMPY = "fox turn=fox sideways=0 fox=d4 geese=a3,a4,a5,b3,b4,b5,c1,c2,d5,e5,g3,g4,g5"


def on_cross(rc):
    r, c = rc
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


def read_position(text):
    """(turn, sideways, fox, geese) from a fox position text."""
    words = dict(w.split("=", 1) for w in text.split()[1:])
    geese = words["geese"].split(",") if words["geese"] else []
    return words["turn"], words["sideways"] == "1", words["fox"], geese


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

    def test_a_chain_is_cells_not_one_text(self):
        with Fox() as g:
            with self.assertRaisesRegex(TypeError, "sequence of cells"):
                g.jumps("d4", "d6")
            self.assertEqual(str(g.jumps("d4", ["d6"])), "d4-d6")

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
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        b = (a[0] + dr, a[1] + dc)
                        if b != a and on_cross(b):
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
            self.assertIs(g.at("d4"), Side.FOX)
            self.assertIs(g.at("g5"), Side.GEESE)
            self.assertIsNone(g.at("a3"))
            self.assertEqual(len(g.pieces), 14)
        with Fox(geese=15, sideways=1) as g:
            self.assertEqual(g.geese_left, 15)
            self.assertEqual(g.geese, sorted(START_GEESE + ["d1", "d7"], key=str.encode))
            self.assertTrue(g.sideways)
        with Fox(geese=17) as g:
            self.assertEqual(g.geese_left, g.MAX_GEESE)
        with self.assertRaises(herd.OptionRangeError):
            Fox(geese=14)

    def test_a_cell_that_is_no_point_is_refused(self):
        with Fox() as g:
            self.assertRefused(g, lambda: g.at("b2"), herd.E_ARG, "b2 is not a point")
            self.assertRefused(g, lambda: g.at((-1, 3)), herd.E_ARG, "not a point")


class TestActions(ErrorChecks):
    def test_typed_steps_and_chains_are_the_actions_of_the_texts(self):
        with Game.from_position(JUMPY) as g:
            self.assertEqual(g.step("d4", "c4"), g.parse_move("d4-c4"))
            self.assertEqual(g.jumps("d4", ["d6"]), g.parse_move("d4-d6"))
            chain = g.jumps((3, 3), [(3, 5), (5, 3)])
            self.assertEqual(str(chain), "d4-d6-f4")
            self.assertEqual(g.move_path(chain), ["d4", "d6", "f4"])
            self.assertEqual(g.move_path_coords("d4-c4"), [(3, 3), (2, 3)])
            for m in g.legal():
                path = g.move_path(m)
                if len(path) == 2 and max(abs(a - b) for a, b in
                                          zip(cell_rc(path[0]), cell_rc(path[1]))) == 1:
                    self.assertEqual(g.step(*path), m)
                else:
                    self.assertEqual(g.jumps(path[0], path[1:]), m)

    def test_actions_that_cannot_be_named_are_refused(self):
        with Fox() as g:
            for call, fragment in ((lambda: g.step("d4", "h4"), "step from d4 to h4"),
                                   (lambda: g.jumps("d4", ["d5"]), "d4 through d5"),
                                   (lambda: g.jumps("d4", ["d6", "d7"]), "d6, d7"),
                                   (lambda: g.jumps("d4", []), "1..17 hops, not 0"),
                                   (lambda: g.jumps("d4", ["d6", "d4"] * 9), "not 18")):
                self.assertRefused(g, call, herd.E_ARG, fragment)
            self.assertRefused(g, lambda: g.play("d4-d6"), herd.E_ILLEGAL, "jumps over no goose")
        with Game.from_position(JUMPY.replace("turn=fox", "turn=geese")) as g:
            self.assertRefused(g, lambda: g.play("c1-d1"), herd.E_ILLEGAL, "only up")
            self.assertRefused(g, lambda: g.play("c2-c3"), herd.E_ILLEGAL, "only up")
            self.assertEqual(g.destinations("c1"), [])
            self.assertEqual(sorted(g.destinations("d5")), ["c4", "c5", "c6"])

    def test_a_jump_chain_captures_a_goose_per_hop(self):
        with Game.from_position(JUMPY) as g:
            self.assertEqual(g.geese_left, 13)
            self.assertIn("f4", g.destinations("d4"))
            g.play(g.jumps("d4", ["d6", "f4"]))
            self.assertEqual(g.geese_left, 11)
            self.assertIsNone(g.at("d5"))
            self.assertIsNone(g.at("e5"))
            self.assertEqual(g.fox, "f4")
            g.undo()
            self.assertEqual(g.geese_left, 13)
            self.assertIs(g.at("d5"), Side.GEESE)

    def test_targets_are_the_ends_of_the_pieces_actions(self):
        with Game.from_position(JUMPY) as g:
            ends = []
            for m in g.moves_from("d4"):
                end = g.move_path(m)[-1]
                if end not in ends:
                    ends.append(end)
            self.assertEqual(g.destinations("d4"), ends)
            self.assertEqual(g.destinations("e5"), [])  # a goose, and the fox is to move
            every = sorted(str(m) for p in g.points for m in g.moves_from(p))
            self.assertEqual(every, g.legal_texts())


class TestRandomGames(ErrorChecks):
    def test_random_games_keep_the_typed_figures_and_the_rules(self):
        rng = random.Random(29)
        reasons = set()
        for game in range(16):
            options = {"geese": rng.choice([13, 15, 17]), "sideways": rng.choice([0, 1])}
            with Fox(**options) as g:
                self.assertEqual(g.geese_left, options["geese"])
                while True:
                    turn, sideways, fox, geese = read_position(g.position)
                    self.assertEqual(g.sideways, bool(options["sideways"]))
                    self.assertEqual(sideways, g.sideways)
                    self.assertEqual(g.fox, fox)
                    self.assertEqual(g.geese, geese)
                    self.assertEqual(g.geese_left, len(geese))
                    if g.is_over:
                        break
                    # In every other game the fox plays the computer's greedy
                    # level, which takes what it can: games that end by captures.
                    computer = game % 2 and g.side_to_move is g.sides[0]
                    m = g.genmove(1) if computer else rng.choice(g.legal())
                    path = g.move_path(m)
                    self.assertIs(g.at(path[0]), g.side_to_move)
                    self.assertIn(path[-1], g.destinations(path[0]))
                    before = g.geese_left
                    first_hop = max(abs(a - b) for a, b in zip(cell_rc(path[0]),
                                                               cell_rc(path[1])))
                    g.play(m)
                    captured = len(path) - 1 if first_hop == 2 else 0
                    if turn == "geese":
                        self.assertEqual(captured, 0)
                        self.assertLessEqual(cell_rc(path[1])[0], cell_rc(path[0])[0])
                    self.assertEqual(g.geese_left, before - captured)
                st = g.status
                self.assertIs(st.result, Result.WIN)
                reasons.add(st.reason)
                self.assertEqual(st.reason is Reason.CAPTURED, g.geese_left < g.GEESE_TO_WIN)
                self.assertIs(st.side, Side.GEESE if st.reason is Reason.TRAPPED else Side.FOX)
        self.assertGreaterEqual(len(reasons), 2, reasons)


if __name__ == "__main__":
    unittest.main()
