#!/usr/bin/env python3
"""Protocol test of the `herd` program for the game `flock`.

    python3 tests/protocol/run_flock_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Drives `herd` through pipes and compares every answer with protocol.md and
docs/flock.md through the independent reference in flock_ref.py (boards
of 5..12, position texts, ranges, slides, the straight-back rule, sandwich
captures, the end checks, perft). The process and answer machinery is
run_protocol_tests.py's, imported from it. Standard library only. Each
failure is printed with the command sent, the expected and the actual
answer; the last line is `N passed, N failed`, and the exit status is 0 only
when nothing failed.

What the rules and the protocol leave open, and what this test assumes:
- `last=M,M` holds black's and white's previous moves as `FROM-TO`; the
  straight-back rule forbids exactly the move TO-FROM of the side's own
  previous move (one cell short of FROM, or past it, is allowed), and only on
  that side's next turn.
- The end checks after every move, in order: a side that has captured 3 or
  more wins (`captured`, even when the move was the 100th), ply 100 reached
  (`move-limit`: more stones wins, equal stones `draw move-limit`), the side
  to move without a legal move loses (`no-moves`).
- `set` must refuse what play can never give (flock_ref.py lists it): sizes
  out of 5..12, a board of the wrong shape, ply beyond 100, a turn that does
  not fit the ply, captured counts that do not match the stones on the board
  (each side starts with a full row but the middle cell on odd widths), both
  sides at 3 captures, captures at ply 0 or more than 3 a move, a last move
  for a side that has not moved yet, a last move that is no straight slide
  of 1..3 cells on the board, the last mover's stone not on its last move's
  cell, an enemy stone on a side's last move's cell.
- `set` must take every text that keeps those invariants with ply 1..100,
  the last moves given for each side that has moved. Left open (either `?`
  or taken as written): `-` for a side that has moved (an unknown previous
  move), ply 0 with a board other than the start, and a side at 3 captures
  with that side to move (play ends the game right after its capture).
- `solve` is for `hare` only: `?` here. `genmove` and `hint` are mostly
  asked at level 1 (`genmove 1`, `hint 1`) to keep the run short (the
  default level, perhaps a deep search, some 10 times, and every level a few
  times where `levels` is offered); `hint` is checked where the program
  offers it (an answer other than `?`).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flock_ref as R  # noqa: E402
import plain_game_checks as C  # noqa: E402
import random_games as RG  # noqa: E402

P = C.P
FAILURES = C.FAILURES
Scenario = C.Scenario
ok_answer = C.ok_answer


def rows(w, h, black=(), white=()):
    """The board rows of a w x h board with stones on the named cells."""
    grid = [["."] * w for _ in range(h)]
    for names, ch in ((black, "b"), (white, "w")):
        for n in names:
            r, c = R.parse_cell(n)
            assert 0 <= r < h and 0 <= c < w and grid[r][c] == ".", n
            grid[r][c] = ch
    return "/".join("".join(r) for r in grid)


def ftext(w, h, turn, ply, captured, last, black, white):
    """A position text written out by hand."""
    return "flock w=%d h=%d turn=%s ply=%d captured=%d,%d last=%s,%s board=%s" % (
        w, h, turn, ply, captured[0], captured[1], last[0], last[1], rows(w, h, black, white))


def start_text(w, h):
    mid = (w // 2 + 1) if w % 2 else None
    black = ["%s%d" % (chr(ord("a") + h - 1), c) for c in range(1, w + 1) if c != mid]
    white = ["a%d" % c for c in range(1, w + 1) if c != mid]
    return ftext(w, h, "black", 0, (0, 0), ("-", "-"), black, white)


START = start_text(7, 7)
W6 = ("a1", "a2", "a3", "a5", "a6", "a7")  # white's start row on 7x7


# ---------------------------------------------------------------------------
# 1. Framing bits, `new` options, every board size's start


def test_framing(path, chk):
    T = "framing"
    s = C.Session(path, chk)
    try:
        C.check_framing_bits(s, chk, T, "new flock", START)
        good = [("new flock w=7 h=7", START), ("new flock seed=0", START),
                ("new flock seed=18446744073709551615", START),
                ("new flock h=5 w=6", start_text(6, 5)), ("new flock w=12", start_text(12, 7)),
                ("new flock h=12 seed=9", start_text(7, 12))]
        bad = [("new flock w=4", "5..12"), ("new flock w=13", "5..12"),
               ("new flock h=4", "5..12"), ("new flock h=13", "5..12"),
               ("new flock w=0", None), ("new flock w=-7", None), ("new flock w=abc", None),
               ("new flock w=", None), ("new flock seed=-1", None),
               ("new flock seed=18446744073709551616", None), ("new flock w=7 w=8", None),
               ("new flock bogus=1", None), ("new flock size=7", None), ("new flock w", None)]
        C.check_new_options(s, chk, T, good, bad, "new flock w=9 h=6 seed=4", start_text(9, 6))
        s.restart()
        ex = ftext(7, 7, "white", 11, (0, 0), ("d4-c4", "b7-a7"),
                   ("c4", "g1", "g2", "g5", "g6", "g7"), W6)
        s.expect(T, "`set` as the first command must answer '='", "set " + ex, ["="])
        s.expect(T, "`position` must echo the `set` text", "position", ok_answer(ex))
        C.show_check(s, chk, T, ex)
    finally:
        s.h.kill()


def test_starts(path, chk):
    """`new flock w=W h=H` for every size: the start text, and perft 1, 2 as
    the reference counts them."""
    T = "starts"
    s = C.Session(path, chk)
    try:
        for w in range(R.MIN_SIZE, R.MAX_SIZE + 1):
            for h in range(R.MIN_SIZE, R.MAX_SIZE + 1):
                text = start_text(w, h)
                ref = R.start_position(w, h)
                chk.ok(ref.text() == text, T, "flock_ref.py's start differs from the "
                       "hand-written one (a test bug)", context=text)
                line = "new flock w=%d h=%d" % (w, h)
                if s.expect(T, "`%s` must answer the start position" % line, line,
                            ok_answer(text)) != ok_answer(text):
                    continue
                s.h.send_raw(b"status\nlegal\nperft 1\nperft 2\n")
                answers = [s.h.answer() for _ in range(4)]
                for (cmd, exp), ans in zip(
                        (("status", "ongoing black"), ("legal", " ".join(ref.legal_texts())),
                         ("perft 1", str(ref.perft(1))), ("perft 2", str(ref.perft(2)))),
                        answers):
                    chk.ok(ans == ok_answer(exp), T, "wrong `%s` at the start" % cmd, cmd,
                           ok_answer(exp), ans, "after " + line)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 2. Hand-made positions, one per rule


def scenarios():
    S = []
    # The 7x7 start: two flocks of three black stones, range 3; each stone
    # slides 1..3 up (f, e, d); g3 and g5 also slide to g4 (then the other flock
    # blocks): 18 + 2 = 20. White answers with 20 too, except that a black stone
    # on row d (6 of the 20 moves) blocks the white stone above it at d: 14 * 20
    # + 6 * 19 = 394.
    S.append(Scenario(
        "the 7x7 start", START,
        legal=["g1-d1", "g1-e1", "g1-f1", "g2-d2", "g2-e2", "g2-f2", "g3-d3", "g3-e3", "g3-f3",
               "g3-g4", "g5-d5", "g5-e5", "g5-f5", "g5-g4", "g6-d6", "g6-e6", "g6-f6", "g7-d7",
               "g7-e7", "g7-f7"],
        perfts={1: 20, 2: 394}))
    # 5x5: flocks of two, range 2: 4 stones * 2 up + e2-e3, e4-e3 = 10; white
    # loses its move to c for each of the 4 black moves to row c: 6 * 10 + 4 * 9.
    S.append(Scenario("the 5x5 start", start_text(5, 5), perfts={1: 10, 2: 96}))
    # 6x5: one flock of six, range 3, up to d, c, b; a black stone on b (c, d)
    # leaves the white stone above it 0 (1, 2) of its 3 moves: 6 * (15 + 16 + 17).
    S.append(Scenario("the 6x5 start", start_text(6, 5), perfts={1: 18, 2: 288}))
    # Ranges: d4 alone (1), g1-g2 (2), g5-g6-g7 (3). g7 came from f7 last turn,
    # so g7-f7 is the straight-back move.
    rng3 = ftext(7, 7, "black", 10, (0, 0), ("f7-g7", "b7-a7"),
                 ("d4", "g1", "g2", "g5", "g6", "g7"), W6)
    S.append(Scenario(
        "ranges 1, 2 and 3 (the size of the stone's flock)", rng3,
        legal=["d4-c4", "d4-d3", "d4-d5", "d4-e4", "g1-e1", "g1-f1", "g2-e2", "g2-f2", "g2-g3",
               "g2-g4", "g5-d5", "g5-e5", "g5-f5", "g5-g3", "g5-g4", "g6-d6", "g6-e6", "g6-f6",
               "g7-d7", "g7-e7"],
        refused=["d4-b4", "g1-d1", "g2-g5", "g5-c5", "g7-f7", "g5-g2"],
        steps=[("d4-c4", ftext(7, 7, "white", 11, (0, 0), ("d4-c4", "b7-a7"),
                               ("c4", "g1", "g2", "g5", "g6", "g7"), W6))],
        status="ongoing white"))
    # A flock of five still has range 3. g4 came from f4: g4-f4 is banned, g4-e4
    # is not. Moves: g1, g2, g3 3 each, g4 2, g5 3 up + g6, g7 (alone) f7, g6: 17.
    cap = ftext(7, 7, "black", 10, (0, 0), ("f4-g4", "b1-a1"),
                ("g1", "g2", "g3", "g4", "g5", "g7"), W6)
    S.append(Scenario(
        "a flock of five: the range is capped at 3", cap, perfts={1: 17},
        refused=["g1-c1", "g3-c3", "g4-f4"],
        steps=[("g1-d1", ftext(7, 7, "white", 11, (0, 0), ("g1-d1", "b1-a1"),
                               ("d1", "g2", "g3", "g4", "g5", "g7"), W6))]))
    # Slides go over empty cells only: d4 (flock d4-d5-d6, range 3) stops below
    # white b4 and cannot pass d5.
    blk = ftext(7, 7, "black", 12, (0, 0), ("e6-d6", "a4-b4"),
                ("d4", "d5", "d6", "g1", "g2", "g3"), ("a1", "a2", "a3", "a6", "a7", "b4"))
    S.append(Scenario(
        "no sliding over or onto stones", blk,
        refused=["d4-b4", "d4-a4", "d4-d6", "d4-d7", "d5-d7", "d6-e6"],
        steps=[("d4-c4", ftext(7, 7, "white", 13, (0, 0), ("d4-c4", "a4-b4"),
                               ("c4", "d5", "d6", "g1", "g2", "g3"),
                               ("a1", "a2", "a3", "a6", "a7", "b4")))]))
    # The straight-back rule: d4 came from f4 (two cells); d4-f4 is banned,
    # d4-e4 is not; after another black move the ban is gone.
    back = ftext(7, 7, "black", 20, (0, 0), ("f4-d4", "b6-a6"),
                 ("d4", "d5", "g1", "g2", "g6", "g7"), W6)
    S.append(Scenario(
        "straight back to the cell it left is banned, one cell short is not", back,
        refused=["d4-f4"],
        steps=[("d4-e4", ftext(7, 7, "white", 21, (0, 0), ("d4-e4", "b6-a6"),
                               ("d5", "e4", "g1", "g2", "g6", "g7"), W6))]))
    S.append(Scenario(
        "the straight-back ban holds for one turn only (white's own ban too)", back,
        refused=["d4-f4"],
        steps=[("g1-f1", ftext(7, 7, "white", 21, (0, 0), ("g1-f1", "b6-a6"),
                               ("d4", "d5", "f1", "g2", "g6", "g7"), W6)),
               ("a1-b1", ftext(7, 7, "black", 22, (0, 0), ("g1-f1", "a1-b1"),
                               ("d4", "d5", "f1", "g2", "g6", "g7"),
                               ("a2", "a3", "a5", "a6", "a7", "b1"))),
               ("d4-f4", ftext(7, 7, "white", 23, (0, 0), ("d4-f4", "a1-b1"),
                               ("d5", "f1", "f4", "g2", "g6", "g7"),
                               ("a2", "a3", "a5", "a6", "a7", "b1")))]))
    # Sandwiches: only the moved stone captures.
    S.append(Scenario(
        "a stone stepping between two enemies is safe",
        ftext(7, 7, "black", 20, (0, 0), ("f4-e4", "c5-d5"),
              ("e4", "g1", "g2", "g3", "g6", "g7"), ("a1", "a2", "a6", "a7", "d3", "d5")),
        steps=[("e4-d4", ftext(7, 7, "white", 21, (0, 0), ("e4-d4", "c5-d5"),
                               ("d4", "g1", "g2", "g3", "g6", "g7"),
                               ("a1", "a2", "a6", "a7", "d3", "d5")))],
        status="ongoing white"))
    S.append(Scenario(
        "one capture: the moved stone and a stone beyond the enemy",
        ftext(7, 7, "black", 20, (0, 0), ("f4-e4", "c5-d5"),
              ("d6", "e4", "g1", "g2", "g3", "g7"), ("a1", "a2", "a6", "a7", "d3", "d5")),
        steps=[("e4-d4", ftext(7, 7, "white", 21, (1, 0), ("e4-d4", "c5-d5"),
                               ("d4", "d6", "g1", "g2", "g3", "g7"),
                               ("a1", "a2", "a6", "a7", "d3")))]))
    S.append(Scenario(
        "two captures in one move",
        ftext(7, 7, "black", 20, (0, 0), ("f4-e4", "c3-d3"),
              ("d2", "d6", "e4", "g1", "g2", "g7"), ("a1", "a2", "a6", "a7", "d3", "d5")),
        steps=[("e4-d4", ftext(7, 7, "white", 21, (2, 0), ("e4-d4", "c3-d3"),
                               ("d2", "d4", "d6", "g1", "g2", "g7"),
                               ("a1", "a2", "a6", "a7")))],
        status="ongoing white"))
    S.append(Scenario(
        "the board edge does not capture; standing sandwiches stay",
        ftext(7, 7, "black", 30, (0, 0), ("d1-c1", "d5-e5"),
              ("c1", "e4", "e6", "g1", "g2", "g7"), ("a1", "a3", "a5", "a6", "a7", "e5")),
        steps=[("c1-b1", ftext(7, 7, "white", 31, (0, 0), ("c1-b1", "d5-e5"),
                               ("b1", "e4", "e6", "g1", "g2", "g7"),
                               ("a1", "a3", "a5", "a6", "a7", "e5")))]))
    # White captures too (its stone moving down onto the sandwich).
    S.append(Scenario(
        "the third capture wins, even with the 100th move",
        ftext(7, 7, "white", 99, (0, 2), ("e4-d4", "b3-d3"),
              ("d4", "g1", "g2", "g7"), ("a1", "a2", "a6", "a7", "c5", "d3")),
        steps=[("c5-d5", ftext(7, 7, "black", 100, (0, 3), ("e4-d4", "c5-d5"),
                               ("g1", "g2", "g7"), ("a1", "a2", "a6", "a7", "d3", "d5")))],
        status="win white captured"))
    S.append(Scenario(
        "move 100 with equal stones is a draw",
        ftext(7, 7, "white", 99, (1, 1), ("f7-g7", "b1-a1"),
              ("g1", "g2", "g3", "g6", "g7"), ("a1", "a2", "a3", "a6", "a7")),
        steps=[("a6-b6", ftext(7, 7, "black", 100, (1, 1), ("f7-g7", "a6-b6"),
                               ("g1", "g2", "g3", "g6", "g7"), ("a1", "a2", "a3", "a7", "b6")))],
        status="draw move-limit"))
    S.append(Scenario(
        "move 100: more stones wins",
        ftext(7, 7, "white", 99, (2, 1), ("f7-g7", "b1-a1"),
              ("g1", "g2", "g3", "g6", "g7"), ("a1", "a2", "a6", "a7")),
        steps=[("a6-b6", ftext(7, 7, "black", 100, (2, 1), ("f7-g7", "a6-b6"),
                               ("g1", "g2", "g3", "g6", "g7"), ("a1", "a2", "a7", "b6")))],
        status="win black move-limit"))
    S.append(Scenario(
        "move 100 reached: no legal move, perft 0",
        ftext(7, 7, "black", 100, (1, 2), ("f7-g7", "b1-a1"),
              ("g1", "g2", "g6", "g7"), ("a1", "a2", "a3", "a6", "a7")),
        legal=[], perfts={1: 0}, status="win white move-limit"))
    # No legal move: black a1-a2 is walled in by white a3, b1, b2.
    S.append(Scenario(
        "the side to move without a move loses (no-moves)",
        ftext(5, 5, "black", 20, (1, 2), ("a3-a2", "c2-b2"), ("a1", "a2"), ("a3", "b1", "b2")),
        legal=[], status="win white no-moves"))
    return S


# ---------------------------------------------------------------------------
# 3. Broken positions, tolerant texts, good positions


def broken_positions():
    blk = ("d4", "g1", "g2", "g5", "g6", "g7")
    good = ftext(7, 7, "white", 11, (0, 0), ("f4-d4", "b7-a7"), blk, W6)
    rep = lambda old, new, base=good: base.replace(old, new, 1)  # noqa: E731
    start = START
    return [
        ("w=4", "flock w=4 h=5 turn=black ply=0 captured=0,0 last=-,- board="
         "wwww/..../..../..../bbbb"),
        ("w=13", start_text(12, 7).replace("w=12", "w=13").replace("wwwwwwwwwwww", "wwwwww.wwwwww")
         .replace("............", ".............").replace("bbbbbbbbbbbb", "bbbbbb.bbbbbb")),
        ("h=4", "flock w=6 h=4 turn=black ply=0 captured=0,0 last=-,- board="
         "wwwwww/....../....../bbbbbb"),
        ("h=13", start_text(7, 12).replace("h=12", "h=13").replace("/bbb", "/......./bbb")),
        ("w of another board", rep("w=7", "w=8")),
        ("h of another board", rep("h=7", "h=6")),
        ("a row too few", good.rsplit("/", 1)[0]),
        ("a row too many", good + "/......."),
        ("a row too long", rep("board=www.www", "board=www.www.")),
        ("a row too short", rep("board=www.www", "board=www.ww")),
        ("a bad board character", rep("board=www.www", "board=www.wwx")),
        ("an upper-case stone", rep("board=www.www", "board=www.wwW")),
        ("ply=101", ftext(7, 7, "white", 101, (0, 0), ("f4-d4", "b7-a7"), blk, W6)),
        ("ply=150", ftext(7, 7, "black", 150, (0, 0), ("f4-d4", "b7-a7"), blk, W6)),
        ("ply huge", rep("ply=11", "ply=99999999999999999999999")),
        ("ply with a leading zero", rep("ply=11", "ply=011")),
        ("turn=black at an odd ply", rep("turn=white", "turn=black")),
        ("turn=white at an even ply", rep("ply=11", "ply=12")),
        ("turn=green", rep("turn=white", "turn=green")),
        ("captured=1,0 with every white stone on the board", rep("captured=0,0", "captured=1,0")),
        ("captured=0,2 with every black stone on the board", rep("captured=0,0", "captured=0,2")),
        ("a stone missing, nothing captured",
         ftext(7, 7, "white", 11, (0, 0), ("f4-d4", "b7-a7"), blk, W6[:-1])),
        ("a stone too many", ftext(7, 7, "white", 11, (0, 0), ("f4-d4", "b7-a7"), blk,
                                   W6 + ("b2",))),
        ("both sides at 3 captures",
         ftext(7, 7, "white", 41, (3, 3), ("f4-d4", "b7-a7"), ("d4", "g1", "g2"),
               ("a1", "a2", "a7"))),
        ("captures at ply 0", ftext(7, 7, "black", 0, (1, 0), ("-", "-"),
                                    ("g1", "g2", "g3", "g5", "g6", "g7"),
                                    ("a1", "a2", "a3", "a5", "a6"))),
        ("more captures than moves (ply 1)",
         ftext(7, 7, "white", 1, (0, 1), ("g1-f1", "-"), ("f1", "g2", "g3", "g5", "g6"), W6)),
        ("captured=-1,0", rep("captured=0,0", "captured=-1,0")),
        ("captured with one number", rep("captured=0,0", "captured=0")),
        ("captured with a leading zero", rep("captured=0,0", "captured=00,0")),
        ("a last move at ply 0", rep("last=-,-", "last=g1-f1,-", start)),
        ("white's last move at ply 1",
         ftext(7, 7, "white", 1, (0, 0), ("g1-f1", "b1-a1"), ("f1", "g2", "g3", "g5", "g6", "g7"),
               W6)),
        ("a diagonal last move", rep("f4-d4", "e3-d4")),
        ("a last move of four cells", rep("last=f4-d4,b7-a7", "last=f4-d4,e7-a7")),
        ("a last move of no cells", rep("f4-d4", "d4-d4")),
        ("a last move off the board", rep("b7-a7", "a8-a7")),
        ("a last move from row h (off the board)", rep("f4-d4", "h4-d4")),
        ("a last move without a dash", rep("f4-d4", "f4d4")),
        ("the last mover's stone not on its last cell",
         ftext(7, 7, "white", 11, (0, 0), ("f3-e3", "b7-a7"), blk, W6)),
        ("a white stone on black's last cell",
         ftext(7, 7, "black", 12, (0, 0), ("e3-d3", "b7-a7"), blk,
               ("a1", "a2", "a3", "a5", "a7", "d3"))),
        ("fields out of order", rep("turn=white ply=11", "ply=11 turn=white")),
        ("a field missing", rep(" last=f4-d4,b7-a7", "")),
        ("a field misspelt", rep("captured=", "capture=")),
        ("an extra field", good + " extra=1"),
        ("a double space", rep(" ply=", "  ply=")),
        ("a trailing slash", good + "/"),
        ("another game's name", rep("flock ", "flocks ")),
        ("only the name", "flock"),
        ("garbage", "hello world"),
        ("nothing", ""),
    ]


def tolerant_texts():
    blk = ("d4", "g1", "g2", "g5", "g6", "g7")
    t1 = ftext(7, 7, "white", 11, (0, 0), ("-", "-"), blk, W6)
    t2 = ftext(7, 7, "white", 11, (0, 0), ("f4-d4", "-"), blk, W6)
    t3 = ftext(7, 7, "black", 0, (0, 0), ("-", "-"), ("f1", "g2", "g3", "g5", "g6", "g7"), W6)
    t4 = ftext(7, 7, "black", 42, (3, 0), ("f4-d4", "b1-a1"), blk, ("a1", "a2", "a3"))
    return [("no last moves at ply 11", t1, t1), ("no last white move at ply 11", t2, t2),
            ("ply 0 with a board other than the start", t3, t3),
            ("black at 3 captures with black to move (after the end)", t4, t4)]


def perft3_ok(pos):
    return len(pos.legal_texts()) <= 24


def test_errors(path, chk, rng):
    T = "errors"
    s = C.Session(path, chk)
    try:
        base = ftext(7, 7, "black", 12, (0, 0), ("e6-d6", "a4-b4"),
                     ("d4", "d5", "d6", "g1", "g2", "g3"), ("a1", "a2", "a3", "a6", "a7", "b4"))
        s.expect(T, "`set` must take a valid position", "set " + base, ["="])
        C.check_broken(s, chk, T, R, "flock_ref.py", broken_positions(), base)
        C.check_tolerant(s, chk, T, tolerant_texts(), base)
        good = [R.random_position(rng) for _ in range(50)]
        good += [R.random_position(rng, w, h) for w, h in ((5, 5), (12, 12), (5, 12), (12, 5))]
        C.check_good_positions(s, chk, T, R, good, perft3=perft3_ok, rng=rng)
        many = [R.random_position(rng) for _ in range(1000)]
        C.check_many_positions(s, chk, T, many, chunk=25, perft2=lambda p: rng.random() < 0.03)
        s.cmd("set " + base)
        s.expect_error_unchanged(T, "`solve` is for `hare` only: must answer ?", "solve", base)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 4. Random games


def illegal_actions(pos, rng):
    out = []
    side = pos.turn
    own, enemy = R.STONE[side], R.STONE[R.other(side)]
    cells = sorted(pos.board)
    owns = [c for c in cells if pos.board[c] == own]
    mt = R.move_text
    far, over, onto, diag = [], [], [], []
    for c in owns:
        k = pos.range_of(c)
        for dr, dc in R.ORTHO:
            blocked = False
            for step in range(1, 6):
                to = (c[0] + dr * step, c[1] + dc * step)
                if not pos.on_board(to):
                    break
                if pos.board[to] != R.EMPTY:
                    onto.append(mt(c, to))
                    blocked = True
                    continue
                if blocked:
                    over.append(mt(c, to))
                elif step > k:
                    far.append(mt(c, to))
        for dr, dc in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            to = (c[0] + dr, c[1] + dc)
            if pos.on_board(to) and pos.board[to] == R.EMPTY:
                diag.append(mt(c, to))
    for kind, lst in (("beyond the stone's range", far), ("over a stone", over),
                      ("onto a stone", onto), ("a diagonal move", diag)):
        if lst:
            out.append((kind, rng.choice(lst)))
    if pos.last[side] is not None:
        frm, to = pos.last[side]
        if pos.board.get(to) == own:
            out.append(("straight back to the cell it left", mt(to, frm)))
    theirs = pos.moves_for(R.other(side))
    if theirs:
        out.append(("moving an enemy stone", mt(*rng.choice(theirs))))
    empties = [c for c in cells if pos.board[c] == R.EMPTY]
    e = rng.choice(empties)
    out.append(("from an empty cell", mt(e, (e[0], (e[1] + 1) % pos.w))))
    if owns:
        c = rng.choice(owns)
        out.append(("off the board", "%s-%s" % (R.cell_name(c), R.cell_name((c[0], pos.w)))))
        out.append(("off the board (row)", "%s-%s" % (R.cell_name(c),
                                                      R.cell_name((pos.h, c[1])))))
    out += C.garbage_actions(pos.legal_texts(), rng)
    return out


def random_size(rng):
    if rng.random() < 0.4:
        return 7, 7
    return rng.randint(5, 12), rng.randint(5, 12)


def choose(pos, rng, policy):
    legal = pos.legal_texts()
    if policy == "capture" and rng.random() < 0.9:
        caps = [a for a in legal if pos.captures_of(a)]
        if caps:
            return rng.choice(caps)
        # move next to enemy stones, where captures come from
        enemy = R.STONE[R.other(pos.turn)]
        near = []
        for a in legal:
            to = R.parse_move(a)[1]
            if any(pos.board.get((to[0] + dr, to[1] + dc)) == enemy for dr, dc in R.ORTHO):
                near.append(a)
        if near and rng.random() < 0.7:
            return rng.choice(near)
    return rng.choice(legal)


DEFAULT_LEVEL_BUDGET = [10]  # `genmove` at the default level (maybe a deep search) per run


def default_level_or_1(rng):
    if DEFAULT_LEVEL_BUDGET[0] > 0 and rng.random() < 0.05:
        DEFAULT_LEVEL_BUDGET[0] -= 1
        return "genmove"
    return "genmove 1"


class FlockPart(RG.Part):
    """Flock's part of a random game (random_games.py): a random board size
    (7x7 more often) or a random position; actions random, capturing or the
    computer's, `genmove 1` and `hint 1` mostly (deeper levels are slow)."""

    checks = RG.checks(affordable=lambda pos, depth: depth < 3 or perft3_ok(pos))

    def begin(self, g, rng, gi, plies):
        g.hint_line = "hint 1"
        if rng.random() < 0.65:
            w, h = random_size(rng)
            line = "new flock w=%d h=%d" % (w, h) if (w, h) != (7, 7) or rng.random() < 0.5 \
                else "new flock"
            if rng.random() < 0.3:
                line += " seed=%d" % rng.getrandbits(64)
            if not g.new(line, R.start_position(w, h)):
                return None
        else:
            if not g.set(R.random_position(rng)):
                return None
            g.chk.note("games from a random position")
        return rng.choice(("random", "capture", "capture", "capture", "genmove")), plies

    def seen(self, g):
        if g.history:
            before, action = g.history[-1]
            k = g.pos.captured[before.turn] - before.captured[before.turn]
            if k:
                g.chk.note("moves capturing %d" % k)

    def ended(self, g, rng):
        mv = g.pos.moves_for(g.pos.turn)
        g.check_ended(R.move_text(*mv[0]) if mv else None)
        if rng.random() < 0.3:
            g.hint_check()

    def act(self, g, rng, policy):
        if policy == "genmove" or rng.random() < 0.04:
            g.genmove(default_level_or_1(rng))
        else:
            g.play(choose(g.pos, rng, policy))


def test_games(path, chk, rng, games, plies_cap):
    C.test_games(path, chk, rng, games, plies_cap, R, FlockPart(), illegal_actions)


def test_computer(path, chk, rng):
    T = "computer"
    lines = ["new flock seed=%d" % rng.getrandbits(64) for _ in range(3)]
    lines += ["new flock w=5 h=9 seed=%d" % rng.getrandbits(64), "new flock w=12 h=6 seed=0"]
    C.check_determinism(path, chk, T, lines, 24, levels=("1",))
    C.check_determinism(path, chk, T, lines[:1], 4, levels=("",))
    # the seed matters for the random level: 12 seeds, more than one first move
    s = C.Session(path, chk)
    try:
        firsts = set()
        for seed in range(12):
            s.cmd("new flock seed=%d" % seed)
            firsts.add(tuple(s.cmd("genmove 1")))
        chk.ok(len(firsts) > 1, T, "the computer's random choices must depend on the seed",
               "new flock seed=0..11; genmove 1", "several first moves",
               "%d distinct: %s" % (len(firsts), sorted(firsts)))
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()
    # every level (the deepest may be slow): a few positions only
    positions = [R.start_position(), R.start_position(5, 5)]
    positions += [p for p in (R.random_position(rng) for _ in range(3)) if not p.ended()][:1]
    C.check_levels(path, chk, T, R, positions)


def main():
    C.skip_unless_known("flock")
    return P.run_suites(
        __doc__.split("\n\n")[0], "flock protocol test", 150, 100,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("starts", lambda: test_starts(a.herd, chk)),
            ("rules", lambda: C.run_scenarios(a.herd, chk, R, "rules", scenarios(),
                                              "flock_ref.py")),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("computer", lambda: test_computer(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies))))


if __name__ == "__main__":
    sys.exit(main())
