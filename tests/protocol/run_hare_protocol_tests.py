#!/usr/bin/env python3
"""Protocol test of the `herd` program for the game `hare` (Hare and Hounds).

    python3 tests/protocol/run_hare_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Drives `herd` through pipes and compares every answer with protocol.md and
docs/hare.md through the independent reference in hare_ref.py (points
and lines, position texts, legal moves, status, perft, and a solver for
`solve`). The process and answer machinery is run_protocol_tests.py's,
imported from it. Standard library only. Each failure is printed with the
command sent, the expected and the actual answer; the last line is
`N passed, N failed`, and the exit status is 0 only when nothing failed.

What the rules and the protocol leave open, and what this test assumes:
- A hound move "that does not go up a row" is a sideways move (hounds never
  go down); a move up or diagonally up sets the stall count to 0; hare moves
  leave it as it is. stall=10 ends the game (`stalling`).
- `no-moves` is the hounds' loss when they are to move and have none;
  `trapped` the hare's when it is to move and has none; `escaped` and
  `stalling` hold whoever is to move. Checked in the rules' order.
- `set` must take every text with a hare and three hounds on distinct
  points, stall 0..10, either side to move (hounds sorted), except stall=10
  with the hounds to move, which play never reaches (the tenth stalling move
  ends the game with the hare to move): refused or taken, both accepted.
  Whether `set` takes hounds out of byte order is left open too: refused, or
  taken and written back sorted.
- `new hare start=P` takes every point that the hounds do not stand on, and
  `seed=S` (0..2^64-1) as every game does; the seed changes the computer's
  choices, never the start.
- `solve` in an ended game: `? ...` or `= WINNER 0`, both accepted. In an
  ongoing one it must be exactly `WINNER PLIES` as hare_ref.Solver finds.
- `hint` is checked where the program offers it (an answer other than `?`):
  a legal move, nothing changed.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hare_ref as R  # noqa: E402
import plain_game_checks as C  # noqa: E402
import random_games as RG  # noqa: E402

P = C.P
FAILURES = C.FAILURES
Session, Scenario = C.Session, C.Scenario
ok_answer, is_error = C.ok_answer, C.is_error

START = "hare turn=hounds hare=a2 hounds=d1,d3,e2 stall=0"
SOLVER = R.Solver()


def htext(turn, hare, hounds, stall=0):
    """A position text written out by hand."""
    return "hare turn=%s hare=%s hounds=%s stall=%d" % (turn, hare, ",".join(hounds), stall)


# ---------------------------------------------------------------------------
# 1. Framing bits, `new` options


def test_framing(path, chk):
    T = "framing"
    s = C.Session(path, chk)
    try:
        C.check_framing_bits(s, chk, T, "new hare", START, solve_refused=False)
        good = []
        for p in R.POINTS:
            if p not in R.START_HOUNDS:
                good.append(("new hare start=%s" % p, htext("hounds", p, ("d1", "d3", "e2"))))
        bad = [("new hare start=e2", None), ("new hare start=d1", None),
               ("new hare start=d3", None), ("new hare start=a1", None),
               ("new hare start=a3", None), ("new hare start=f2", None),
               ("new hare start=c4", None), ("new hare start=A2", None),
               ("new hare start=", None), ("new hare start=a2x", None),
               ("new hare start=a2 start=b2", None), ("new hare bogus=1", None),
               ("new hare start", None)]
        for line, text in (("new hare", START),
                           ("new hare start=c2", htext("hounds", "c2", ("d1", "d3", "e2")))):
            seeds_good, seeds_bad = C.seed_options(line, text)
            good += seeds_good
            bad += seeds_bad
        s.cmd("new hare")
        s.cmd("play e2-d2")
        base = htext("hare", "a2", ("d1", "d2", "d3"))
        s.expect(T, "wrong position after `play e2-d2`", "position", ok_answer(base))
        for line, mention in bad:
            s.expect_error(T, "bad `new` option must answer ?", line, mention=mention)
            s.expect(T, "a refused `new` changed the game", "position", ok_answer(base),
                     "after " + line)
        for line, exp in good:
            s.expect(T, "`%s` must answer the start with the hare there" % line, line,
                     ok_answer(exp))
        s.expect(T, "`new hare` after options must be the standard start again", "new hare",
                 ok_answer(START))
        # `set` as the first command of a process makes a hare game
        s.restart()
        ex = htext("hare", "c2", ("b1", "b3", "d2"), 4)
        s.expect(T, "`set` as the first command must answer '='", "set " + ex, ["="])
        s.expect(T, "`position` must echo the `set` text", "position", ok_answer(ex))
        C.show_check(s, chk, T, ex)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 2. Hand-made positions, one per rule


def scenarios():
    S = []
    # The start: the hounds move first. d1 may go to c1 (up), c2 (diagonally up)
    # or d2 (sideways), never to e2 (down, and taken); d3 likewise to c3, c2, d2;
    # e2 only to d2 (d1 and d3 are taken). 7 moves, and after each the hare on
    # a2 has b1, b2, b3 (no hound reaches row b in one move): 7 * 3 = 21.
    # Then the hounds' moves, with the hare on b1 / b2 / b3 (it takes a point
    # from a hound that could step there):
    #   d1-c1 (c1: b1 c2; d3: c3 c2 d2; e2: d1 d2)          6 + 7 + 7 = 20
    #   d1-c2 (c2: b1 b2 b3 c1 c3; d3: c3 d2; e2: d1 d2)    8 + 8 + 8 = 24
    #   d1-d2 (d2: c2 d1; d3: c3 c2; e2: d1)                5 + 5 + 5 = 15
    #   d3-c2 (d1: c1 d2; c2: five; e2: d2 d3)              8 + 8 + 8 = 24
    #   d3-c3 (d1: c1 c2 d2; c3: b3 c2; e2: d2 d3)          7 + 7 + 6 = 20
    #   d3-d2 (d1: c1 c2; d2: c2 d3; e2: d3)                5 + 5 + 5 = 15
    #   e2-d2 (d1: c1 c2; d2: c2; d3: c3 c2)                5 + 5 + 5 = 15
    # perft 3 = 133.
    S.append(Scenario(
        "the start: seven hound moves, three hare replies to each", START,
        legal=["d1-c1", "d1-c2", "d1-d2", "d3-c2", "d3-c3", "d3-d2", "e2-d2"],
        perfts={1: 7, 2: 21, 3: 133},
        steps=[("d1-c2", htext("hare", "a2", ("c2", "d3", "e2"))),
               ("a2-b1", htext("hounds", "b1", ("c2", "d3", "e2"))),
               ("e2-d2", htext("hare", "b1", ("c2", "d2", "d3")))],
        status="ongoing hare"))
    # A hound never moves down: c2 may go to b2 (up), c1 or c3 (sideways), but
    # not to d1, d2, d3; b1 and b3 only to b2 (a2 holds the hare, c1/c3 are down).
    # c2-b2 traps the hare on a2.
    S.append(Scenario(
        "a hound cannot move down", htext("hounds", "a2", ("b1", "b3", "c2")),
        legal=["b1-b2", "b3-b2", "c2-b2", "c2-c1", "c2-c3"],
        refused=["c2-d1", "c2-d2", "c2-d3", "b1-c1", "b3-c3", "b1-a2", "c2-c2"],
        steps=[("c2-b2", htext("hare", "a2", ("b1", "b2", "b3")))],
        status="win hounds trapped"))
    S.append(Scenario(
        "a hound on e2 goes up to d1, d2 or d3",
        htext("hounds", "a2", ("b1", "b3", "e2")),
        legal=["b1-b2", "b3-b2", "e2-d1", "e2-d2", "e2-d3"]))
    # The hare moves in any direction, down included.
    S.append(Scenario(
        "the hare moves in any direction", htext("hare", "c2", ("b1", "b2", "d1"), 3),
        legal=["c2-b3", "c2-c1", "c2-c3", "c2-d2", "c2-d3"],
        refused=["c2-b1", "c2-d1", "c2-a2", "c2-e2"],
        steps=[("c2-d3", htext("hounds", "d3", ("b1", "b2", "d1"), 3))],
        status="ongoing hounds"))
    # Stalling: a sideways hound move adds one, a hare move leaves the count,
    # the tenth sideways move in a row ends the game.
    S.append(Scenario(
        "stall counting: sideways +1, a hare move keeps it, the tenth ends the game",
        htext("hounds", "a2", ("c1", "c3", "d1"), 8),
        steps=[("d1-d2", htext("hare", "a2", ("c1", "c3", "d2"), 9)),
               ("a2-b2", htext("hounds", "b2", ("c1", "c3", "d2"), 9)),
               ("d2-d1", htext("hare", "b2", ("c1", "c3", "d1"), 10))],
        status="win hare stalling"))
    S.append(Scenario(
        "a diagonal-up move resets the stall count",
        htext("hounds", "a2", ("c1", "c3", "d1"), 9),
        steps=[("d1-c2", htext("hare", "a2", ("c1", "c2", "c3"), 0))],
        status="ongoing hare"))
    S.append(Scenario(
        "a straight-up move resets the stall count",
        htext("hounds", "a2", ("c1", "c3", "d2"), 9),
        steps=[("d2-c2", htext("hare", "a2", ("c1", "c2", "c3"), 0))],
        status="ongoing hare"))
    S.append(Scenario(
        "a move up from e2 resets the stall count",
        htext("hounds", "a2", ("c1", "c3", "e2"), 7),
        steps=[("e2-d3", htext("hare", "a2", ("c1", "c3", "d3"), 0))]))
    S.append(Scenario(
        "the tenth sideways move ends the game with the hare to move",
        htext("hounds", "a2", ("c1", "c3", "d1"), 9),
        steps=[("d1-d2", htext("hare", "a2", ("c1", "c3", "d2"), 10))],
        status="win hare stalling"))
    # Escape: the hare's row below every hound's row.
    S.append(Scenario(
        "the hare escapes by moving below the lowest hound's row",
        htext("hare", "c2", ("b1", "b3", "c1"), 2),
        legal=["c2-b2", "c2-c3", "c2-d1", "c2-d2", "c2-d3"],
        steps=[("c2-d2", htext("hounds", "d2", ("b1", "b3", "c1"), 2))],
        status="win hare escaped"))
    S.append(Scenario(
        "on the lowest hound's row the hare has not escaped",
        htext("hounds", "c3", ("b1", "b2", "c1"), 0),
        status="ongoing hounds"))
    S.append(Scenario(
        "the hounds' own move up can leave the hare escaped",
        htext("hounds", "c2", ("b2", "b3", "c1"), 3),
        refused=["c1-b2", "b2-c2"],  # c1-b2 is no line (the diagonals cross at c2)
        steps=[("c1-b1", htext("hare", "c2", ("b1", "b2", "b3"), 0))],
        status="win hare escaped"))
    # The hounds' own loss: no legal move for them.
    S.append(Scenario(
        "the hounds to move with no legal move lose (no-moves)",
        htext("hounds", "a2", ("b1", "b2", "b3")), legal=[], perfts={1: 0},
        status="win hare no-moves"))
    S.append(Scenario(
        "a hound on a2 never moves; the others are stuck below the hare: no-moves",
        htext("hounds", "b2", ("a2", "b1", "b3")), legal=[], status="win hare no-moves"))
    S.append(Scenario(
        "the hare to move with no legal move is trapped",
        htext("hare", "a2", ("b1", "b2", "b3"), 4), legal=[], status="win hounds trapped"))
    # The order of the checks: escaped, stalling, no-moves, trapped.
    S.append(Scenario(
        "escaped comes before trapped (hare on e2 with no move, below every hound)",
        htext("hare", "e2", ("d1", "d2", "d3")), status="win hare escaped"))
    S.append(Scenario(
        "stalling comes before trapped", htext("hare", "a2", ("b1", "b2", "b3"), 10),
        status="win hare stalling"))
    S.append(Scenario(
        "escaped comes before stalling", htext("hare", "d2", ("b1", "b3", "c1"), 10),
        status="win hare escaped"))
    # solve, worked out by hand: c2-b2 traps the hare at once (1 ply); the
    # hare on c2 escapes at once by stepping to row d (1 ply).
    S.append(Scenario(
        "solve: the hounds trap the hare in one ply",
        htext("hounds", "a2", ("b1", "b3", "c2")), solve="hounds 1"))
    S.append(Scenario(
        "solve: the hare escapes in one ply", htext("hare", "c2", ("b1", "b3", "c1")),
        solve="hare 1"))
    # The hare on b2 (its neighbours: a2, b1, b3, c2) against b1, b3, c2: its only
    # move is a2, then c2-b2 traps it.
    S.append(Scenario(
        "solve: the hare's only move, then the trap (2 plies)",
        htext("hare", "b2", ("b1", "b3", "c2")), legal=["b2-a2"], solve="hounds 2"))
    return S


# ---------------------------------------------------------------------------
# 3. Broken positions, tolerant texts, good positions, `solve`


def broken_positions():
    good = htext("hare", "c2", ("b1", "b3", "d2"), 4)
    rep = lambda old, new: good.replace(old, new, 1)  # noqa: E731
    return [
        ("the hare on a hound's point", htext("hare", "b1", ("b1", "b3", "d2"))),
        ("two hounds on one point", htext("hare", "c2", ("b1", "b1", "d2"))),
        ("a hound on a1 (no such point)", htext("hare", "c2", ("a1", "b3", "d2"))),
        ("a hound on a3 (no such point)", htext("hare", "c2", ("a3", "b1", "d2"))),
        ("a hound on e1 (no such point)", htext("hare", "c2", ("b1", "d2", "e1"))),
        ("a hound on e3 (no such point)", htext("hare", "c2", ("b1", "d2", "e3"))),
        ("a hound on b4 (no such point)", htext("hare", "c2", ("b1", "b4", "d2"))),
        ("a hound on f2 (no such point)", htext("hare", "c2", ("b1", "d2", "f2"))),
        ("the hare on a1 (no such point)", htext("hare", "a1", ("b1", "b3", "d2"))),
        ("the hare on c4 (no such point)", htext("hare", "c4", ("b1", "b3", "d2"))),
        ("the hare on z9", htext("hare", "z9", ("b1", "b3", "d2"))),
        ("two hounds", rep("hounds=b1,b3,d2", "hounds=b1,b3")),
        ("four hounds", rep("hounds=b1,b3,d2", "hounds=b1,b3,d1,d2")),
        ("no hounds", rep("hounds=b1,b3,d2", "hounds=")),
        ("stall=11", rep("stall=4", "stall=11")),
        ("stall=99", rep("stall=4", "stall=99")),
        ("stall=-1", rep("stall=4", "stall=-1")),
        ("stall with a leading zero", rep("stall=4", "stall=04")),
        ("stall huge", rep("stall=4", "stall=99999999999999999999999")),
        ("stall empty", rep("stall=4", "stall=")),
        ("turn=fox", rep("turn=hare", "turn=fox")),
        ("upper-case point", rep("hare=c2", "hare=C2")),
        ("fields out of order", "hare hare=c2 turn=hare hounds=b1,b3,d2 stall=4"),
        ("a field missing", rep(" stall=4", "")),
        ("a field misspelt", rep("hounds=", "hound=")),
        ("an extra field", good + " extra=1"),
        ("a double space", rep(" hare=", "  hare=")),
        ("a trailing comma", rep("d2 ", "d2, ")),
        ("a space in the hound list", rep("b1,b3", "b1, b3")),
        ("another game's name", rep("hare ", "hares ")),
        ("only the name", "hare"),
        ("garbage", "hello world"),
        ("nothing", ""),
    ]


def tolerant_texts():
    return [("hounds out of byte order", "hare turn=hare hare=c2 hounds=d2,b3,b1 stall=4",
             htext("hare", "c2", ("b1", "b3", "d2"), 4)),
            ("hounds out of byte order", "hare turn=hounds hare=a2 hounds=e2,d1,d3 stall=0",
             START),
            ("stall=10 with the hounds to move (after the end)",
             htext("hounds", "a2", ("c1", "c3", "d2"), 10),
             htext("hounds", "a2", ("c1", "c3", "d2"), 10))]


def solve_expected(pos):
    """The answers `solve` may give here (a list)."""
    if pos.ended():
        return [ok_answer("%s 0" % pos.status()[1]), None]  # None: any `? ...`
    return [ok_answer(SOLVER.solve_text(pos))]


def check_solve(s, chk, T, pos):
    exp = solve_expected(pos)
    ans = s.cmd("solve")
    good = ans in exp or (None in exp and is_error(ans))
    chk.note("solve checked")
    chk.ok(good, T, "wrong `solve`" if not pos.ended() else
           "`solve` at an ended game must answer '= WINNER 0' or ?", "solve",
           " or ".join(P.show(e) if e else "'? ...'" for e in exp), ans,
           "position " + pos.text())
    s.expect(T, "`solve` changed the position", "position", ok_answer(pos.text()))


def test_errors(path, chk, rng):
    T = "errors"
    s = C.Session(path, chk)
    try:
        base = htext("hounds", "b2", ("c1", "d2", "d3"), 3)
        s.expect(T, "`set` must take a valid position", "set " + base, ["="])
        C.check_broken(s, chk, T, R, "hare_ref.py", broken_positions(), base)
        C.check_tolerant(s, chk, T, tolerant_texts(), base)
        good = [R.random_position(rng) for _ in range(60)]
        C.check_good_positions(s, chk, T, R, good, perft3=lambda p: True,
                               extra=lambda s_, p: check_solve(s_, chk, T, p), rng=rng)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


def check_solve_everywhere(s, chk, T, positions, chunk=400):
    """`set` and `solve` at every position, sent in chunks (the answers read
    after each chunk): one check per position."""
    wrong = 0
    for i in range(0, len(positions), chunk):
        part = positions[i:i + chunk]
        s.h.send_raw("".join("set %s\nsolve\n" % p.text() for p in part).encode())
        for pos in part:
            a_set = s.h.answer()
            a_solve = s.h.answer()
            exp = solve_expected(pos)
            good = a_set == ["="] and (a_solve in exp or (None in exp and is_error(a_solve)))
            if not good:
                wrong += 1
            if not good and wrong <= 5:
                chk.ok(False, T, "wrong `solve` (every position)", "set ...; solve",
                       " or ".join(P.show(e) if e else "'? ...'" for e in exp),
                       "%s then %s" % (P.show(a_set), P.show(a_solve)), "position " + pos.text())
    chk.ok(wrong == 0, T, "`solve` must be right at every position", "set P; solve",
           "all %d right" % len(positions), "%d wrong" % wrong)
    chk.note("positions solved", len(positions))


def test_solve(path, chk, rng):
    """`solve` from the start, from every start point of the hare (the rules:
    the hounds win from all of them) and from random positions."""
    T = "solve"
    s = C.Session(path, chk)
    try:
        for p in R.POINTS:
            if p in R.START_HOUNDS:
                continue
            pos = R.start_position(p)
            w, n = SOLVER.solve(pos)
            chk.ok(w == R.HOUNDS, T, "hare_ref.py: the hounds must win from every start "
                   "(docs/hare.md; a test bug)", context="start=" + p)
            line = "new hare" if p == "a2" else "new hare start=" + p
            if s.cmd(line) != ok_answer(pos.text()):
                chk.ok(False, T, "`%s` must answer the start position" % line, line,
                       ok_answer(pos.text()))
                continue
            check_solve(s, chk, T, pos)
        positions = R.all_positions()
        check_solve_everywhere(s, chk, T, positions)
        C.check_many_positions(s, chk, T, positions, chunk=200,
                               perft2=lambda p: rng.random() < 0.05)
        for pos in rng.sample(positions, 150):
            if s.cmd("set " + pos.text()) == ["="]:
                check_solve(s, chk, T, pos)
            else:
                chk.ok(False, T, "`set` of a valid position must answer '='",
                       "set " + pos.text(), ["="])
        # positions where the loser has long to wait
        far = sorted((SOLVER.solve(p)[1], p.text()) for p in rng.sample(positions, 3000)
                     if not p.ended())[-10:]
        for _, text in far:
            s.cmd("set " + text)
            check_solve(s, chk, T, R.parse_position(text))
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 4. Random games


def illegal_actions(pos, rng):
    out = []
    occ = pos.occupied()
    name = lambda m: "%s-%s" % m  # noqa: E731
    if pos.turn == R.HOUNDS:
        down = [(h, q) for h in pos.hounds for q in R.NEIGHBOURS[h]
                if q not in occ and R.row(q) > R.row(h)]
        if down:
            out.append(("a hound moving down", name(rng.choice(down))))
        onto = [(h, q) for h in pos.hounds for q in R.NEIGHBOURS[h] if q in occ]
        if onto:
            out.append(("a hound onto an occupied point", name(rng.choice(onto))))
        hare = pos.hare_moves()
        if hare:
            out.append(("moving the hare on the hounds' turn", name(rng.choice(hare))))
        far = [(h, q) for h in pos.hounds for q in R.POINTS
               if q not in occ and q not in R.NEIGHBOURS[h] and R.row(q) <= R.row(h)]
        if far:
            out.append(("a hound to a point not joined by a line", name(rng.choice(far))))
    else:
        onto = [(pos.hare, q) for q in R.NEIGHBOURS[pos.hare] if q in pos.hounds]
        if onto:
            out.append(("the hare onto a hound", name(rng.choice(onto))))
        hounds = pos.hound_moves()
        if hounds:
            out.append(("moving a hound on the hare's turn", name(rng.choice(hounds))))
        far = [q for q in R.POINTS if q not in occ and q not in R.NEIGHBOURS[pos.hare]]
        if far:
            out.append(("the hare to a point not joined by a line",
                        name((pos.hare, rng.choice(far)))))
    empty = [p for p in R.POINTS if p not in occ]
    e = rng.choice(empty)
    if R.NEIGHBOURS[e]:
        out.append(("from an empty point", name((e, rng.choice(R.NEIGHBOURS[e])))))
    piece = pos.hare if pos.turn == R.HARE else rng.choice(pos.hounds)
    out.append(("to a point that does not exist", "%s-%s" % (piece, rng.choice(
        ("a1", "a3", "e1", "e3", "b4", "f2")))))
    out.append(("a piece to its own point", "%s-%s" % (piece, piece)))
    out += C.garbage_actions(pos.legal_texts(), rng)
    return out


def best_move(pos):
    """A move of perfect play: the quickest win, or the slowest loss."""
    me = pos.turn
    scored = []
    for m in pos.legal_texts():
        w, n = SOLVER.solve(pos.apply(m))
        scored.append((n if w == me else 1000 - n, m))
    return min(scored)[1]


class HarePart(RG.Part):
    """Hare's part of a random game (random_games.py): a start point or a
    random position; actions random, the computer's, mixed, the hounds
    sideways or perfect play (best_move); `solve` along the way."""

    # The games are short (eleven points): the checks come more often.
    checks = RG.checks(often=1.25,
                         extra=[(0.05, lambda g, rng: check_solve(g.s, g.chk, g.T, g.pos))])

    def begin(self, g, rng, gi, plies):
        if rng.random() < 0.5:
            start = rng.choice([p for p in R.POINTS if p not in R.START_HOUNDS])
            line = "new hare" if start == "a2" and rng.random() < 0.5 \
                else "new hare start=" + start
            if not g.new(line, R.start_position(start)):
                return None
        else:
            if not g.set(R.random_position(rng)):
                return None
            g.chk.note("games from a random position")
        return rng.choice(("random", "random", "genmove", "mixed", "sideways", "perfect")), plies

    def ended(self, g, rng):
        other = g.pos.hare_moves() if g.pos.turn == R.HARE else g.pos.hound_moves()
        g.check_ended("%s-%s" % other[0] if other else None)
        if rng.random() < 0.3:
            g.hint_check()
        if rng.random() < 0.3:
            check_solve(g.s, g.chk, g.T, g.pos)

    def act(self, g, rng, policy):
        legal = g.pos.legal_texts()
        if policy == "genmove" or (policy == "mixed" and rng.random() < 0.5) \
                or rng.random() < 0.05:
            g.genmove()
        elif policy == "perfect" and rng.random() < 0.9:
            g.play(best_move(g.pos))
        elif policy == "sideways" and g.pos.turn == R.HOUNDS and rng.random() < 0.8:
            side = [m for m in legal if R.row(m[3:]) == R.row(m[:2])]
            g.play(rng.choice(side or legal))
        else:
            g.play(rng.choice(legal))


def test_games(path, chk, rng, games, plies_cap):
    C.test_games(path, chk, rng, games, plies_cap, R, HarePart(), illegal_actions)


def test_computer(path, chk, rng):
    T = "computer"
    C.check_determinism(path, chk, T, ["new hare", "new hare start=c2 seed=9",
                                       "new hare seed=18446744073709551615 start=d2"], 30,
                        levels=("1", ""))
    C.check_seeds_differ(path, chk, T, "new hare", 20)
    positions = [R.start_position()] + [p for p in (R.random_position(rng) for _ in range(8))
                                        if not p.ended()]
    C.check_levels(path, chk, T, R, positions)


def main():
    C.skip_unless_known("hare")
    return P.run_suites(
        __doc__.split("\n\n")[0], "hare protocol test", 300, 200,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("rules", lambda: C.run_scenarios(a.herd, chk, R, "rules", scenarios(),
                                              "hare_ref.py")),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("solve", lambda: test_solve(a.herd, chk, rng)),
            ("computer", lambda: test_computer(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies))))


if __name__ == "__main__":
    sys.exit(main())
