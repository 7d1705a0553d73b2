"""Hare (herd/hare.h): the board, the pieces, the stall count, the typed
moves, solve(), and random games checked against the position text and the
rules of docs/hare.md."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, Hare, Reason, Result, Side  # noqa: E402
from test_herd import ErrorChecks, cell_rc  # noqa: E402

# docs/hare.md's board: eleven points, twenty-two lines.
POINTS = ["a2", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3", "e2"]
SQUARE = [r + c for r in "bcd" for c in "123"]
HARE_START = "hare turn=hounds hare=a2 hounds=d1,d3,e2 stall=0"


def docs_lines():
    """The lines as docs/hare.md describes them, each as a set of two names."""
    lines = set()
    for r in "bcd":  # the rows of the square
        lines |= {frozenset((r + "1", r + "2")), frozenset((r + "2", r + "3"))}
    for c in "123":  # its columns
        lines |= {frozenset(("b" + c, "c" + c)), frozenset(("c" + c, "d" + c))}
    lines |= {frozenset(p) for p in (("b1", "c2"), ("c2", "d3"), ("b3", "c2"), ("c2", "d1"))}
    lines |= {frozenset(("a2", "b" + c)) for c in "123"}
    lines |= {frozenset(("e2", "d" + c)) for c in "123"}
    return lines


def read_position(text):
    """(turn, hare, hounds, stall) from a hare position text."""
    words = dict(w.split("=", 1) for w in text.split()[1:])
    return words["turn"], words["hare"], words["hounds"].split(","), int(words["stall"])


def setUpModule():
    herd.library()


class TestBoard(ErrorChecks):
    def test_game_hare_is_a_Hare(self):
        with Game("hare") as g:
            self.assertIsInstance(g, Hare)
            self.assertIsInstance(g, herd.Hunt)
            self.assertEqual(g.sides, (Side.HOUNDS, Side.HARE))
        self.assertIs(herd.game_class("hare"), Hare)

    def test_points_and_lines_are_those_of_the_rules(self):
        with Hare() as g:
            self.assertEqual(g.points, POINTS)
            self.assertEqual(len(POINTS), g.POINTS)
            self.assertEqual(g.point_coords, [cell_rc(p) for p in POINTS])
            lines = g.board_lines
            self.assertEqual(len(lines), g.LINES)
            self.assertEqual({frozenset(line) for line in lines}, docs_lines())
            for a, b in g.board_line_coords:  # the upper-left point first
                self.assertLess(a, b)
            self.assertNotIn(("b2", "c1"), lines)

    def test_start_pieces_and_the_start_option(self):
        with Hare() as g:
            self.assertEqual(g.position, HARE_START)
            self.assertEqual(g.hare, "a2")
            self.assertEqual(g.hare_coords, (0, 1))
            self.assertEqual(g.hounds, ["d1", "d3", "e2"])
            self.assertEqual(g.hounds_coords, [(3, 0), (3, 2), (4, 1)])
            self.assertEqual(g.stall, 0)
            self.assertEqual(g.pieces, {"a2": Side.HARE, "d1": Side.HOUNDS, "d3": Side.HOUNDS,
                                        "e2": Side.HOUNDS})
            self.assertIs(g.at("a2"), Side.HARE)
            self.assertIs(g.at((3, 0)), Side.HOUNDS)
            self.assertIsNone(g.at("c2"))
        with Hare(start="c2", seed=2**64 - 1) as g:
            self.assertEqual(g.hare, "c2")
        with self.assertRaisesRegex(herd.OptionRangeError, "seed=18446744073709551616"):
            Hare(seed=2**64)
        with self.assertRaises(herd.OptionRangeError) as cm:
            Hare(start="d1")
        self.assertIn("d1", str(cm.exception))

    def test_a_cell_that_is_no_point_is_refused(self):
        with Hare() as g:
            self.assertRefused(g, lambda: g.at("a1"), herd.E_ARG, "a1 is not a point")
            self.assertRefused(g, lambda: g.at((7, 7)), herd.E_ARG, "not a point")
            with self.assertRaises(herd.ParseError):
                g.at("zz")
            with self.assertRaises(TypeError):
                g.at(3)


class TestMoves(ErrorChecks):
    def test_typed_moves_are_the_moves_of_the_texts(self):
        with Hare() as g:
            m = g.move("d1", "c1")
            self.assertEqual(m, g.parse_move("d1-c1"))
            self.assertEqual(g.move((3, 0), (2, 1)), g.parse_move("d1-c2"))
            self.assertEqual(g.move_cells(m), ("d1", "c1"))
            self.assertEqual(g.move_coords("d1-c2"), ((3, 0), (2, 1)))
            self.assertEqual(g.move_path("e2-d2"), ["e2", "d2"])
            for move in g.legal():
                self.assertEqual(g.move(*g.move_cells(move)), move)
            with self.assertRaises(herd.ArgumentError):
                g.move_cells(12345)  # names no move

    def test_moves_that_cannot_be_named_or_played_are_refused(self):
        with Hare() as g:
            with self.assertRaises(herd.ArgumentError) as cm:
                g.move("d1", "h1")  # outside a1..g7
            self.assertIn("h1", str(cm.exception))
            with self.assertRaises(herd.ArgumentError):
                g.move((1 << 40, 0), "a2")  # beyond a C int: refused, not cut short
            # A cell of the grid that is no point: refused when built.
            for frm, to in (("b2", "a1"), ("g7", "a1"), ("d1", "e3")):
                self.assertRefused(g, lambda: g.move(frm, to), herd.E_ARG,
                                   "is not a point of the board; the points of hare are a2 b1 "
                                   "b2 b3 c1 c2 c3 d1 d2 d3 e2")
            self.assertRefused(g, lambda: g.play(g.move("d1", "b1")), herd.E_ILLEGAL,
                               "not a step along a line")
            g.play("d1-c1")
            g.play("a2-b2")
            self.assertRefused(g, lambda: g.play("c1-d1"), herd.E_ILLEGAL, "never moves down")

    def test_a_piece_moves_to_its_targets(self):
        with Hare() as g:
            self.assertEqual(g.destinations("d1"), ["c1", "c2", "d2"])
            self.assertEqual([str(m) for m in g.moves_from("d1")], ["d1-c1", "d1-c2", "d1-d2"])
            self.assertEqual(g.destination_coords("d1"), [(2, 0), (2, 1), (3, 1)])
            self.assertEqual(g.destinations("a2"), [])  # the hare, and the hounds are to move
            self.assertEqual(g.destinations("c2"), [])  # an empty point
            every = sorted(str(m) for p in POINTS for m in g.moves_from(p))
            self.assertEqual(every, g.legal_texts())


class TestSolve(ErrorChecks):
    def test_the_start_is_a_hounds_win_in_23_and_perfect_play_takes_that_long(self):
        with Hare() as g:
            solution = g.solve()
            self.assertEqual(solution, herd.Solution(Side.HOUNDS, 23))
            self.assertEqual(str(solution), "hounds 23")
            self.assertEqual(g.position, HARE_START)  # solving changes nothing
            self.assertEqual(g.history_length, 0)
            plies = 0
            while not g.is_over:
                g.play_genmove(3)
                plies += 1
            self.assertEqual(plies, solution.plies)
            self.assertIs(g.status.side, solution.winner)
            self.assertEqual(g.solve(), herd.Solution(Side.HOUNDS, 0))  # an ended game

    def test_the_hare_on_d2_lasts_longest(self):
        with Hare(start="d2") as g:  # docs/hare.md: 27 moves from d2
            self.assertEqual(g.solve(), herd.Solution(Side.HOUNDS, 27))

    def test_solve_agrees_with_the_best_reply(self):
        """A position's value is one more than its best successor's: the mover
        takes its quickest win, or else its slowest loss."""
        rng = random.Random(3)
        with Hare() as g:
            for _ in range(12):
                if g.is_over:
                    break
                here = g.solve()
                mover = g.side_to_move
                values = []
                for m in g.legal():
                    g.play(m)
                    values.append(g.solve())
                    g.undo()
                wins = [v.plies for v in values if v.winner is mover]
                if wins:
                    self.assertEqual(here, herd.Solution(mover, min(wins) + 1))
                else:
                    self.assertEqual(here.winner, values[0].winner)
                    self.assertEqual(here.plies, max(v.plies for v in values) + 1)
                g.play(rng.choice(g.legal()))

    def test_the_other_games_are_not_solved(self):
        for name in ("horses", "hex", "fox", "flock"):
            with self.subTest(game=name), Game(name) as g:
                self.assertRefused(g, g.solve, herd.E_UNSUPPORTED, name)
        g = Hare()
        g.close()
        with self.assertRaises(herd.GameClosedError):
            g.solve()


class TestRandomGames(ErrorChecks):
    def test_random_games_keep_the_typed_figures_and_the_rules(self):
        rng = random.Random(17)
        reasons = set()
        for game in range(25):
            with Hare(start=rng.choice(["a2", "b2", "c2", "c1"])) as g:
                while True:
                    turn, hare, hounds, stall = read_position(g.position)
                    self.assertEqual(g.hare, hare)
                    self.assertEqual(g.hounds, hounds)
                    self.assertEqual(g.stall, stall)
                    self.assertEqual(g.pieces, dict([(hare, Side.HARE)]
                                                    + [(h, Side.HOUNDS) for h in hounds]))
                    if g.is_over:
                        break
                    self.assertEqual(str(g.side_to_move), turn)
                    m = rng.choice(g.legal())
                    frm, to = g.move_cells(m)
                    self.assertIs(g.at(frm), g.side_to_move)
                    self.assertIsNone(g.at(to))
                    self.assertIn(to, g.destinations(frm))
                    self.assertIn(frozenset((frm, to)), docs_lines())
                    g.play(m)
                    if turn == "hounds":
                        self.assertLessEqual(to[0], frm[0], "a hound moved down")
                        self.assertEqual(g.stall, 0 if to[0] < frm[0] else stall + 1)
                    else:
                        self.assertEqual(g.stall, stall)
                st = g.status
                self.assertIs(st.result, Result.WIN)
                reasons.add(st.reason)
                hare_row = ord(g.hare[0])
                escaped = all(hare_row > ord(h[0]) for h in g.hounds)
                self.assertEqual(st.reason is Reason.ESCAPED, escaped)
                if st.reason is Reason.STALLING:
                    self.assertEqual(g.stall, g.STALL_LIMIT)
                self.assertIs(st.side, Side.HOUNDS if st.reason is Reason.TRAPPED else Side.HARE)
                self.assertEqual(g.solve().plies, 0)
        self.assertGreaterEqual(len(reasons), 2, reasons)


if __name__ == "__main__":
    unittest.main()
