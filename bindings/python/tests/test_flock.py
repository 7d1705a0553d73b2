"""Flock (herd/flock.h): options, stones, flocks and ranges, targets,
captures, the move limit, the straight-back ban, and random games checked
against the position text and the rules of docs/flock.md."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Flock, Game, Reason, Result, Side  # noqa: E402
from test_herd import ErrorChecks, cell_rc  # noqa: E402

START = ("flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- "
         "board=www.www/......./......./......./......./......./bbb.bbb")
# Black to move; d4-d3 sandwiches the white stone on d2 against d1.
SANDWICH = ("flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- "
            "board=www.ww./......./......./bw.b.../......./......./bbb.b..")
STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def read_position(text):
    """(turn, ply, captured, board rows) from a flock position text."""
    words = dict(w.split("=", 1) for w in text.split()[1:])
    captured = tuple(int(x) for x in words["captured"].split(","))
    return words["turn"], int(words["ply"]), captured, words["board"].split("/")


def model_flock(rows, cell):
    """The flock of the stone on `cell` from the board rows, by search."""
    colour = rows[cell[0]][cell[1]]
    seen, todo = {cell}, [cell]
    for r, c in todo:
        for dr, dc in STEPS:
            n = (r + dr, c + dc)
            if (0 <= n[0] < len(rows) and 0 <= n[1] < len(rows[0]) and n not in seen
                    and rows[n[0]][n[1]] == colour):
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def setUpModule():
    herd.library()


class TestBoard(ErrorChecks):
    def test_game_flock_is_a_Flock_with_its_options(self):
        with Game("flock") as g:
            self.assertIsInstance(g, Flock)
            self.assertEqual(g.sides, (Side.BLACK, Side.WHITE))
            self.assertEqual(g.options, {"w": 7, "h": 7, "seed": 0})
            self.assertEqual(g.position, START)
        self.assertIs(herd.game_class("flock"), Flock)
        with Flock(w=9, h=5, seed=4) as g:
            self.assertEqual((g.width, g.height), (9, 5))
            self.assertEqual(g.options["seed"], 4)
            self.assertEqual(g.stones("black"), 8)  # an odd width leaves the middle free
        with Flock(w=8) as g:
            self.assertEqual(g.stones("white"), 8)
        for key in ("w", "h"):
            with self.assertRaises(herd.OptionRangeError) as cm:
                Flock(**{key: 13})
            self.assertEqual(str(cm.exception), "%s=13 is out of range 5..12" % key)
        with Game.from_position(START) as g:
            self.assertEqual(g.options["seed"], 0)

    def test_start_counts(self):
        with Flock() as g:
            for side in g.sides:
                self.assertEqual(g.stones(side), 6)
                self.assertEqual(g.captured(side), 0)
                self.assertIsNone(g.last_move_of(side))
            self.assertEqual(g.ply, 0)
            self.assertEqual(g.moves_left, g.MOVE_LIMIT)
            self.assertIsNone(g.straight_back)
            self.assertIs(g.at("a1"), Side.WHITE)
            self.assertIs(g.at((6, 6)), Side.BLACK)
            self.assertIsNone(g.at("a4"))

    def test_flocks_and_ranges(self):
        with Flock() as g:
            self.assertEqual(g.flock("g2"), ["g1", "g2", "g3"])
            self.assertEqual(g.flock_coords("a7"), [(0, 4), (0, 5), (0, 6)])
            self.assertEqual(g.range("g1"), 3)
        with Game.from_position(SANDWICH) as g:
            self.assertEqual(g.flock("d1"), ["d1"])
            self.assertEqual(g.range("d1"), 1)
            self.assertEqual(g.flock("a5"), ["a5", "a6"])
            self.assertEqual(g.range("a5"), 2)

    def test_empty_and_off_board_cells_are_refused(self):
        with Flock() as g:
            self.assertRefused(g, lambda: g.range("d4"), herd.E_ARG, "d4 holds no stone")
            self.assertRefused(g, lambda: g.flock("d4"), herd.E_ARG, "d4 holds no stone")
            self.assertRefused(g, lambda: g.at("h1"), herd.E_ARG, "h1 is not on the board")
            self.assertRefused(g, lambda: g.destinations("a8"), herd.E_ARG, "a8 is not on the board")
            self.assertRefused(g, lambda: g.stones(2), herd.E_ARG, "no side")
            self.assertRefused(g, lambda: g.captured("red"), herd.E_ARG, "no side")
            self.assertRefused(g, lambda: g.last_move_of(-1), herd.E_ARG, "no side")
            self.assertEqual(g.destinations("d4"), [])  # an empty cell has no targets


class TestMoves(ErrorChecks):
    def test_typed_moves_are_the_moves_of_the_texts(self):
        with Flock() as g:
            m = g.move("g1", "d1")
            self.assertEqual(m, g.parse_move("g1-d1"))
            self.assertEqual(g.move_cells(m), ("g1", "d1"))
            self.assertEqual(g.move_coords("g1-d1"), ((6, 0), (3, 0)))
            for move in g.legal():
                self.assertEqual(g.move(*g.move_cells(move)), move)
            with self.assertRaises(herd.ArgumentError):
                g.move("g1", (200, 0))  # a move holds -128..127
            self.assertRefused(g, lambda: g.play(g.move("g1", "h1")), herd.E_ILLEGAL,
                               "h1 is off the board")
            self.assertRefused(g, lambda: g.play("g1-f2"), herd.E_ILLEGAL, "not a slide")
            self.assertRefused(g, lambda: g.play("g1-c1"), herd.E_ILLEGAL, "range 3, not 4")

    def test_targets_are_the_stones_legal_moves(self):
        with Flock() as g:
            self.assertEqual(g.destinations("g1"), ["f1", "e1", "d1"])
            self.assertEqual(g.destination_coords("g1"), [(5, 0), (4, 0), (3, 0)])
            self.assertEqual([str(m) for m in g.moves_from("g1")], ["g1-f1", "g1-e1", "g1-d1"])
            self.assertEqual(g.destinations("a1"), [])  # White's, and Black is to move
            every = [m for r in range(7) for c in range(7) for m in g.moves_from((r, c))]
            self.assertEqual(sorted(every, key=int), sorted(g.legal(), key=int))

    def test_a_sandwich_captures_and_counts(self):
        with Game.from_position(SANDWICH) as g:
            self.assertEqual(g.range("d4"), 1)
            g.play("d4-d3")
            self.assertIsNone(g.at("d2"))
            self.assertEqual(g.captured("black"), 1)
            self.assertEqual(g.stones("white"), 5)
            self.assertEqual((g.ply, g.moves_left), (1, g.MOVE_LIMIT - 1))
            self.assertEqual(g.last_move_of("black"), g.parse_move("d4-d3"))
            self.assertIsNone(g.last_move_of("white"))
            g.undo()
            self.assertEqual(g.captured("black"), 0)
            self.assertIs(g.at("d2"), Side.WHITE)

    def test_straight_back_is_banned_for_the_stone_that_moved(self):
        with Flock() as g:
            g.play("g1-e1")
            self.assertIsNone(g.straight_back)  # White has not moved yet
            g.play("a1-b1")
            g.play("g2-f2")
            self.assertEqual(g.straight_back, ("b1", "a1"))
            self.assertNotIn("a1", g.destinations("b1"))
            self.assertRefused(g, lambda: g.play("b1-a1"), herd.E_ILLEGAL, "straight back")
            self.assertEqual(g.last_move_of("white"), g.parse_move("a1-b1"))
            self.assertEqual(g.last_move_of(1), g.parse_move("a1-b1"))
            g.play("a2-a1")  # another stone may take the cell
            self.assertEqual(g.straight_back, ("f2", "g2"))


class TestRandomGames(ErrorChecks):
    def test_random_games_keep_the_typed_figures_and_the_rules(self):
        rng = random.Random(41)
        reasons = set()
        for game in range(6):
            w, h = rng.randint(5, 8), rng.randint(5, 8)
            with Flock(w=w, h=h) as g:
                start = g.stones(0)
                while True:
                    turn, ply, captured, rows = read_position(g.position)
                    self.assertEqual((g.ply, g.moves_left), (ply, g.MOVE_LIMIT - ply))
                    for i, side in enumerate(g.sides):
                        self.assertEqual(g.captured(side), captured[i])
                        letter = side.value[0]
                        self.assertEqual(g.stones(side), sum(r.count(letter) for r in rows))
                        self.assertEqual(g.stones(side), start - captured[1 - i])
                    targets = set()
                    for r in range(h):
                        for c in range(w):
                            side = g.at((r, c))
                            self.assertEqual(side.value[0] if side else ".", rows[r][c])
                            if side is None:
                                continue
                            flock = model_flock(rows, (r, c))
                            self.assertEqual(g.flock_coords((r, c)), flock)
                            self.assertEqual(g.range((r, c)), min(3, len(flock)))
                            targets |= {((r, c), t) for t in g.destination_coords((r, c))}
                    self.assertEqual(targets, {g.move_coords(m) for m in g.legal()})
                    if g.is_over:
                        break
                    self.assertEqual(str(g.side_to_move), turn)
                    mover = g.side_to_move
                    # In every other game Black plays the computer (club),
                    # which takes what it can: games that end by captures.
                    computer = game % 2 and g.side_to_move is g.sides[0]
                    m = g.genmove(3) if computer else rng.choice(g.legal())
                    frm, to = g.move_coords(m)
                    steps = abs(frm[0] - to[0]) + abs(frm[1] - to[1])
                    self.assertLessEqual(steps, g.range(frm))
                    before = g.stones(1 - g.sides.index(mover))
                    g.play(m)
                    taken = before - g.stones(1 - g.sides.index(mover))
                    self.assertEqual(g.captured(mover), captured[g.sides.index(mover)] + taken)
                    self.assertEqual(g.last_move_of(mover), m)
                    if not g.is_over:
                        self.assertEqual(g.straight_back,
                                         None if g.last_move_of(g.side_to_move) is None
                                         else _back(g, g.last_move_of(g.side_to_move)))
                st = g.status
                reasons.add(st.reason)
                if st.reason is Reason.CAPTURED:
                    self.assertGreaterEqual(g.captured(st.side), g.CAPTURES_TO_WIN)
                elif st.reason is Reason.MOVE_LIMIT:
                    self.assertEqual(g.moves_left, 0)
                    black, white = g.stones(0), g.stones(1)
                    self.assertEqual(st.result is Result.DRAW, black == white)
                self.assertEqual(g.destinations(g.move_cells(g.last_move)[1]), [])
        self.assertGreaterEqual(len(reasons), 2, reasons)


def _back(g, move):
    """The straight-back ban of a side whose previous move was `move`, when
    its stone still stands where it went: (stone, the cell it left)."""
    frm, to = g.move_cells(move)
    if g.at(to) is not g.side_to_move:
        return None
    return to, frm


if __name__ == "__main__":
    unittest.main()
