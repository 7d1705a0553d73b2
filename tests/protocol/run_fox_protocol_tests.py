#!/usr/bin/env python3
"""Protocol test of the `herd` program for the game `fox` (Fox and Geese).

    python3 tests/protocol/run_fox_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--bulk N] [--chains N] [--max-details K] [--verbose]

Drives `herd` through pipes and compares every answer with protocol.md and
docs/fox.md through the independent reference in fox_ref.py (the 33
points, position texts with the chain flag, steps, jumps hop by hop, `stop`,
goose moves, status, perft). The process and answer machinery is
run_protocol_tests.py's, imported from it. Standard library only. Each
failure is printed with the command sent, the expected and the actual
answer; the last line is `N passed, N failed`, and the exit status is 0 only
when nothing failed. --games: games played one command at a time; --bulk:
games worked out beforehand and sent at once; --chains: chain-rich
positions checked with perft 1..3.

What the rules and the protocol leave open, and what this test assumes:
- A jump goes over a neighbouring goose in any of the eight directions to
  the free point just beyond it; the goose is taken off at once. In a chain
  the fox's actions are its jumps from where it stands and `stop`, no step;
  `stop` is legal only there. The point the fox started from is free once it
  has left, so a chain may come back to it.
- `captured` (fewer than four geese) comes first, then `no-moves` (the geese
  to move, without a move), then `trapped` (the fox to move, not in a
  chain, without a move).
- `set` must take every text with the fox and 1..17 geese on distinct points
  of the cross, either side to move, sideways 0 or 1, chain=0 (geese
  sorted), and chain=1 exactly where protocol.md allows it (the fox to move,
  at least four geese, a jump from the fox's point); more than 17 geese is
  refused. Left open: geese out of byte order (refused, or taken and written
  back sorted), an empty goose list (refused, or taken as an ended game) and
  fewer than four geese with the fox to move (refused or taken).
- A text with several landing points (`d4-d6-f6`) is refused: one hop at a
  time. `undo` takes back one action: one hop, a `stop`, a step, a goose move.
- `solve` answers endgames (docs/fox.md, "In a program"): `?` for the start (more
  geese than the solve limit) and `SIDE PLIES` for every position within the
  limit without sideways steps. With sideways steps (whose table keeps who
  wins, not how soon) it answers `fox 0` for an ended game and `fox N` for a
  chain whose every winning continuation ends the game before the geese
  move again (N: the fewest hops to the capture that leaves three geese),
  and `?` for the others: the geese to move, the fox to move outside a
  chain (even with a capture that wins at once), a chain whose `stop` also
  wins, a draw. `hint` is checked where the program offers it (an answer
  other than `?`): a legal action, nothing changed.
- `solvelimit` (fox only) answers the limit in force, 8 in a new game or a
  loaded one; `solvelimit N` (4..10) sets it, after which `solve` answers a
  position of N geese and refuses one of N + 1; other values and other games
  get `?` and change nothing.
- `save` answers one line beginning with `fox `; `load` of it gives the same
  position (chain state included), the same next `save` and the same `hint`.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fox_ref as R  # noqa: E402
import plain_game_checks as C  # noqa: E402
import random_games as RG  # noqa: E402

P = C.P
FAILURES = C.FAILURES
Scenario, Script, Expect = C.Scenario, C.Script, C.Expect
ok_answer, payload, is_error = C.ok_answer, C.payload, C.is_error

GEESE13 = ("e1", "e2", "e3", "e4", "e5", "e6", "e7", "f3", "f4", "f5", "g3", "g4", "g5")
GEESE15 = ("d1", "d7") + GEESE13
GEESE17 = ("c1", "c7") + GEESE15
OPTIONS = [(n, sw) for n in R.GEESE_OPTIONS for sw in (0, 1)]


def ftext(turn, fox, geese, sideways=0, chain=0):
    """A position text written out by hand (the geese listed in byte order)."""
    return "fox turn=%s chain=%d sideways=%d fox=%s geese=%s" % (
        turn, chain, sideways, fox, ",".join(sorted(geese)))


START = ftext("fox", "d4", GEESE13)


# ---------------------------------------------------------------------------
# 1. Framing bits, `new` options


def test_framing(path, chk):
    T = "framing"
    s = C.Session(path, chk)
    try:
        C.check_framing_bits(s, chk, T, "new fox", START)
        good = [("new fox geese=13", START), ("new fox sideways=0", START),
                ("new fox geese=15", ftext("fox", "d4", GEESE15)),
                ("new fox geese=17", ftext("fox", "d4", GEESE17)),
                ("new fox sideways=1", ftext("fox", "d4", GEESE13, 1)),
                ("new fox geese=17 sideways=1", ftext("fox", "d4", GEESE17, 1)),
                ("new fox sideways=1 geese=15", ftext("fox", "d4", GEESE15, 1)),
                ("new fox seed=5 sideways=1 geese=15", ftext("fox", "d4", GEESE15, 1)),
                ("new fox geese=17 seed=18446744073709551615",
                 ftext("fox", "d4", GEESE17))]
        bad = [("new fox geese=14", None), ("new fox geese=12", None), ("new fox geese=16", None),
               ("new fox geese=18", None), ("new fox geese=0", None), ("new fox geese=-13", None),
               ("new fox geese=abc", None), ("new fox geese=", None), ("new fox geese=013", None),
               ("new fox sideways=2", None), ("new fox sideways=-1", None),
               ("new fox sideways=yes", None), ("new fox sideways=", None),
               ("new fox geese=13 geese=15", None), ("new fox bogus=1", None),
               ("new fox geese", None), ("new fox chain=1", None)]
        seeds_good, seeds_bad = C.seed_options("new fox", START)
        base_line = "new fox geese=15 sideways=1"
        C.check_new_options(s, chk, T, good + seeds_good, bad + seeds_bad, base_line,
                            ftext("fox", "d4", GEESE15, 1))
        # The message says what is wrong: the number, or the separator.
        for line, message in (
                ("new fox geese=abc", "geese=abc is not a number: geese is 13, 15 or 17"),
                ("new fox geese=15,sideways=1", "geese=15,sideways=1: options are separated by "
                 "spaces, as in \"geese=15 sideways=1\""),
                ("new fox geese=15; sideways=1", "geese=15;: options are separated by spaces, "
                 "as in \"geese=15 sideways=1\"")):
            s.expect(T, "`%s` names its fault" % line, line, ["? " + message])
        s.restart()
        ex = ftext("fox", "c5", ("a4", "d5", "e4", "g3", "g4", "g5"), 1, chain=1)
        s.expect(T, "`set` as the first command must answer '='", "set " + ex, ["="])
        s.expect(T, "`position` must echo the `set` text", "position", ok_answer(ex))
        C.show_check(s, chk, T, ex)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 2. Hand-made positions, one per rule

# A crowd of geese around c3 (c4 free): the fox steps to c4 or jumps to a3,
# c1, e1, e3 or e5 (over b3, c2, d2, d3, d4; b4 has a goose beyond it on
# a5): 6 actions. From a3 an eleven-hop chain takes b3, b4, d4, d2, c2, d3,
# e4, d6, c6, d5, e6 and leaves a4, a5, b5, e2; e7 has no jump: the turn
# passes. (Under the old reading, every prefix of every chain an action, the
# fox had 1775 actions here.)
CROWD_GEESE = ("a4", "a5", "b3", "b4", "b5", "c2", "c6", "d2", "d3", "d4", "d5", "d6", "e2", "e4",
               "e6")
CROWD = ftext("fox", "c3", CROWD_GEESE)
CROWD_HOPS = [("c3-a3", "b3"), ("a3-c5", "b4"), ("c5-e3", "d4"), ("e3-c1", "d2"),
              ("c1-c3", "c2"), ("c3-e3", "d3"), ("e3-e5", "e4"), ("e5-c7", "d6"),
              ("c7-c5", "c6"), ("c5-e5", "d5"), ("e5-e7", "e6")]


def crowd_steps():
    """The eleven hops, each with the position after it (the fox in a chain
    after every hop but the last), written out from CROWD_HOPS."""
    out, geese = [], list(CROWD_GEESE)
    for i, (hop, taken) in enumerate(CROWD_HOPS):
        geese.remove(taken)
        last = i == len(CROWD_HOPS) - 1
        out.append((hop, ftext("geese" if last else "fox", hop[3:], geese, chain=0 if last else 1)))
    return out


def scenarios():
    S = []
    # The start: d4's neighbours c3, c4, c5, d3, d5 are free, e3, e4, e5 hold
    # geese and the points beyond them (f2, f4, f6) are missing or taken: 5
    # steps, no jump. The geese then: e1 -> d1, d2; e2..e6 -> three points of
    # row d each; e7 -> d6, d7; rows f and g are blocked: 2 + 5*3 + 2 = 19, one
    # fewer for each goose that had the fox's point (d3: e2, e3, e4; d5: e4,
    # e5, e6): 3 * 19 + 2 * 16 = 89.
    S.append(Scenario(
        "the start (13 geese)", START,
        legal=["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5"], perfts={1: 5, 2: 89},
        refused=["stop", "e3-d3", "d4-d4", "d4-b4"]))
    # 17 geese: d1 loses c1, d7 loses c7 (c1, c7 have no point above them):
    # 19 - 2 = 17 per fox step, 14 after d3 and d5: 3 * 17 + 2 * 14 = 79.
    S.append(Scenario("the start with 17 geese", ftext("fox", "d4", GEESE17),
                      perfts={1: 5, 2: 79}))
    # 15 geese, sideways: d1 (c1, c2, d2) and d7 (c7, c6, d6) have 3 each, e1
    # and e7 lose d1 and d7 (1 each), e2 and e6 lose d1, d7 (2 each), the rest
    # as before: 1 + 2 + 3 + 3 + 3 + 2 + 1 + 3 + 3 = 21; the fox on d3 takes
    # 3 of them, on d5 3: 3 * 21 + 2 * 18 = 99.
    S.append(Scenario("the start with 15 geese, sideways", ftext("fox", "d4", GEESE15, 1),
                      perfts={1: 5, 2: 99}))
    # A triple chain, hop by hop: c3 over c4 to c5 (then d5 is in the way of
    # e5: a further jump, the fox keeps the turn), over d5 to e5 (then over
    # e4 to e3), over e4 to e3: four geese left, no jump from e3 (its
    # neighbours hold none), so the turn passes. c3 also steps to b3, b4,
    # c2, d2, d3, d4. In the chain: the jump and `stop`, nothing else.
    tri_geese = ("a4", "c4", "d5", "e4", "g3", "g4", "g5")
    tri = ftext("fox", "c3", tri_geese)
    tri1 = ftext("fox", "c5", ("a4", "d5", "e4", "g3", "g4", "g5"), chain=1)
    tri2 = ftext("fox", "e5", ("a4", "e4", "g3", "g4", "g5"), chain=1)
    S.append(Scenario(
        "a triple chain, hop by hop", tri,
        legal=["c3-b3", "c3-b4", "c3-c2", "c3-c5", "c3-d2", "c3-d3", "c3-d4"], perfts={1: 7},
        refused=["c3-c5-e5", "c3-c5-e5-e3", "c3-e5", "c3-e3", "c3-c4", "stop", "c5-e5"],
        steps=[("c3-c5", tri1), ("c5-e5", tri2),
               ("e5-e3", ftext("geese", "e3", ("a4", "g3", "g4", "g5")))],
        status="ongoing geese"))
    # In the chain (set directly): only the jump and `stop`; c5's free
    # neighbours b4, b5, b6.., c4, c6, d4, d6 are no actions; `stop` passes the
    # turn; perft 2 = the geese's moves after `stop` (a4: none; g3: f3, f4;
    # g4: f3, f4, f5; g5: f4, f5; e4: d3, d4; d5: c4, c6) + the fox's 2 after
    # c5-e5: 11 + 2 = 13.
    S.append(Scenario(
        "in a chain: the jumps and stop, no step", tri1, legal=["c5-e5", "stop"],
        perfts={1: 2, 2: 13},
        refused=["c5-b5", "c5-c4", "c5-b4", "c5-d4", "c5-d6", "c5-c6", "c5-e5-e3", "d5-c4",
                 "c5-a3", "c3-c5"],
        steps=[("stop", ftext("geese", "c5", ("a4", "d5", "e4", "g3", "g4", "g5")))],
        status="ongoing geese"))
    S.append(Scenario(
        "a triple chain: the fox stops after the second hop", tri,
        steps=[("c3-c5", tri1), ("c5-e5", tri2),
               ("stop", ftext("geese", "e5", ("a4", "e4", "g3", "g4", "g5")))]))
    # A chain that branches: d4 over d5 to d6, then over c5 to b4 or over e5
    # to f4 (the first hops over c5 or e5 would land on b6, f6: no points).
    dbl = ftext("fox", "d4", ("a3", "a5", "c5", "d5", "e5", "g3", "g4"))
    S.append(Scenario(
        "a chain with two branches", dbl,
        legal=["d4-c3", "d4-c4", "d4-d3", "d4-d6", "d4-e3", "d4-e4"],
        refused=["d4-b6", "d4-f6", "d4-b4", "d4-d6-b4"],
        steps=[("d4-d6", ftext("fox", "d6", ("a3", "a5", "c5", "e5", "g3", "g4"), chain=1)),
               ("d6-f4", ftext("geese", "f4", ("a3", "a5", "c5", "g3", "g4")))]))
    S.append(Scenario(
        "the branches of a chain", ftext("fox", "d6", ("a3", "a5", "c5", "e5", "g3", "g4"),
                                         chain=1),
        legal=["d6-b4", "d6-f4", "stop"], perfts={1: 3}))
    # A chain may come back to the point the fox left: around the square
    # c3-c5-e5-e3-c3 (the last hop over d3), the turn passing on c3.
    loop = ftext("fox", "c3", ("a4", "c4", "d3", "d5", "e4", "g3", "g4", "g5"))
    S.append(Scenario(
        "a chain lands again on the point the fox left", loop,
        legal=["c3-b3", "c3-b4", "c3-c2", "c3-c5", "c3-d2", "c3-d4", "c3-e3"],
        steps=[("c3-c5", ftext("fox", "c5", ("a4", "d3", "d5", "e4", "g3", "g4", "g5"), chain=1)),
               ("c5-e5", ftext("fox", "e5", ("a4", "d3", "e4", "g3", "g4", "g5"), chain=1)),
               ("e5-e3", ftext("fox", "e3", ("a4", "d3", "g3", "g4", "g5"), chain=1)),
               ("e3-c3", ftext("geese", "c3", ("a4", "g3", "g4", "g5")))],
        status="ongoing geese"))
    # No jump off the board, over an empty point or over two geese: c2 has geese
    # on b3 (beyond: a4, a goose), c1 (beyond: no point), c3 (beyond: c4, a
    # goose), d1 (beyond: no point); d2 and d3 are empty (steps, nothing to jump).
    S.append(Scenario(
        "no jump off the board, over an empty point or over two geese",
        ftext("fox", "c2", ("a4", "b3", "c1", "c3", "c4", "d1", "g4")),
        legal=["c2-d2", "c2-d3"], perfts={1: 2},
        refused=["c2-a4", "c2-c4", "c2-e2", "c2-e4", "c2-b3", "c2-c1", "stop"]))
    # c4's jumps over b3 and b5 would land on a2 and a6, which do not exist.
    S.append(Scenario(
        "no jump to a missing corner point", ftext("fox", "c4", ("b3", "b5", "d3", "d5", "g3",
                                                                 "g4", "g5")),
        legal=["c4-b4", "c4-c3", "c4-c5", "c4-d4", "c4-e2", "c4-e6"],
        refused=["c4-a2", "c4-a6"]))
    # Geese: up or diagonally up, never down; sideways only with the option.
    gm = ("c1", "d4", "e3", "g4")
    S.append(Scenario(
        "geese step up or diagonally up (sideways off)", ftext("geese", "a4", gm),
        legal=["d4-c3", "d4-c4", "d4-c5", "e3-d2", "e3-d3", "g4-f3", "g4-f4", "g4-f5"],
        refused=["e3-e2", "e3-e4", "d4-e4", "g4-g3", "c1-c2", "d4-b4", "e3-f3", "a4-a3", "stop"],
        steps=[("e3-d2", ftext("fox", "a4", ("c1", "d2", "d4", "g4")))]))
    S.append(Scenario(
        "geese step sideways too with the option on", ftext("geese", "a4", gm, 1),
        legal=["c1-c2", "d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "e3-d2", "e3-d3", "e3-e2",
               "e3-e4", "g4-f3", "g4-f4", "g4-f5", "g4-g3", "g4-g5"],
        refused=["d4-e4", "e3-f3", "e3-f2", "d4-d2"],
        steps=[("g4-g5", ftext("fox", "a4", ("c1", "d4", "e3", "g5"), 1))]))
    # The geese to move with no move lose; with sideways on, b4 can step aside.
    S.append(Scenario(
        "geese that cannot move lose (no-moves)",
        ftext("geese", "d4", ("a3", "a4", "a5", "b4")), legal=[], status="win fox no-moves"))
    S.append(Scenario(
        "the same geese with sideways on can move",
        ftext("geese", "d4", ("a3", "a4", "a5", "b4"), 1), legal=["b4-b3", "b4-b5"],
        status="ongoing geese"))
    # The fox trapped: a3's neighbours a4, b3, b4 hold geese and the points
    # beyond them (a5, c3, c5) too.
    S.append(Scenario(
        "a goose move traps the fox",
        ftext("geese", "a3", ("a4", "a5", "b3", "c3", "c4", "c5")),
        steps=[("c4-b4", ftext("fox", "a3", ("a4", "a5", "b3", "b4", "c3", "c5")))],
        status="win geese trapped"))
    # Never trapped in a chain: a3 with no step and one jump (over a4 to a5).
    S.append(Scenario(
        "no step but a jump: not trapped", ftext("fox", "a3", ("a4", "b3", "b4", "c3", "c5")),
        legal=["a3-a5"], status="ongoing fox"))
    S.append(Scenario(
        "in a chain with no step: not trapped, stop legal",
        ftext("fox", "a3", ("a4", "b3", "b4", "c3", "c5"), chain=1),
        legal=["a3-a5", "stop"], refused=["a3-c3", "a3-c5"],
        steps=[("a3-a5", ftext("geese", "a5", ("b3", "b4", "c3", "c5")))],
        status="ongoing geese"))
    # The end checks after `stop`: a3, a4, b3, c2 cannot move (b3's points
    # up, a3 and a4, are taken; c2's only one up is b3), so the geese lose;
    # the jump over c2 instead leaves three geese.
    nomove = ftext("fox", "c3", ("a3", "a4", "b3", "c2"), chain=1)
    S.append(Scenario(
        "stop leaves geese that cannot move: no-moves", nomove, legal=["c3-c1", "stop"],
        steps=[("stop", ftext("geese", "c3", ("a3", "a4", "b3", "c2")))],
        status="win fox no-moves"))
    S.append(Scenario(
        "the hop that leaves three geese: captured at once", nomove,
        steps=[("c3-c1", ftext("geese", "c1", ("a3", "a4", "b3")))], status="win fox captured"))
    # Fewer than four geese end the chain and the game, though a jump is left
    # (c5 over d5 to e5); four geese left: the chain goes on.
    S.append(Scenario(
        "the capture that leaves three geese ends the game mid-chain",
        ftext("fox", "c3", ("c4", "d5", "g3", "g4")),
        steps=[("c3-c5", ftext("geese", "c5", ("d5", "g3", "g4")))],
        status="win fox captured"))
    S.append(Scenario(
        "four geese left: the chain goes on, then the next hop wins",
        ftext("fox", "c3", ("c4", "d5", "g3", "g4", "g5")),
        steps=[("c3-c5", ftext("fox", "c5", ("d5", "g3", "g4", "g5"), chain=1)),
               ("c5-e5", ftext("geese", "e5", ("g3", "g4", "g5")))],
        status="win fox captured"))
    S.append(Scenario(
        "the capture that leaves three geese wins",
        ftext("fox", "d4", ("d5", "e1", "e7", "g4")),
        steps=[("d4-d6", ftext("geese", "d6", ("e1", "e7", "g4")))],
        status="win fox captured"))
    S.append(Scenario(
        "captured comes before no-moves (three blocked geese)",
        ftext("geese", "d4", ("a3", "a4", "a5")), status="win fox captured"))
    # The crowd, reached by a goose move, then the eleven hops.
    S.append(Scenario("a crowd of geese", CROWD, perfts={1: 6},
                      legal=["c3-a3", "c3-c1", "c3-c4", "c3-e1", "c3-e3", "c3-e5"]))
    S.append(Scenario(
        "a crowd reached by a goose move, then an eleven-hop chain",
        ftext("geese", "c3", [g for g in CROWD_GEESE if g != "b3"] + ["c4"]),
        steps=[("c4-b3", CROWD)] + crowd_steps(), status="ongoing geese"))
    return S


def test_rules(path, chk):
    C.run_scenarios(path, chk, R, "rules", scenarios(), "fox_ref.py")


# ---------------------------------------------------------------------------
# 3. Broken positions, tolerant texts, good positions


def broken_positions():
    good = ftext("geese", "c3", ("a4", "c4", "d5", "e4", "g3"), 1)
    rep = lambda old, new: good.replace(old, new, 1)  # noqa: E731
    out = []
    for p in ("a1", "a2", "b1", "b2", "a6", "a7", "b6", "b7", "f1", "f2", "f6", "f7", "g1", "g2",
              "g6", "g7", "a8", "c8", "h4", "a0", "z1"):
        out.append(("a goose on %s (no such point)" % p,
                    "fox turn=geese chain=0 sideways=1 fox=c3 geese=" + ",".join(
                        sorted(["a4", "c4", "d5", "e4", p]))))
    # chain=1 where protocol.md refuses it (each of these has a jump: c3
    # over c2 to c1, or over c4 to c5)
    out += [
        ("chain=1 with the geese to move", ftext("geese", "c3", ("a3", "a4", "b3", "c2"), 0, 1)),
        ("chain=1 with the geese to move (sideways)",
         ftext("geese", "c3", ("a4", "c4", "d5", "e4", "g3"), 1, 1)),
        ("chain=1 with three geese", ftext("fox", "c3", ("a4", "b3", "c2"), 0, 1)),
        ("chain=1 with one goose", ftext("fox", "c3", ("c4",), 0, 1)),
        ("chain=1 but no jump (the points beyond taken)",
         ftext("fox", "c3", ("a3", "a4", "b3", "c1", "c2"), 0, 1)),
        ("chain=1 but no jump (no goose next to the fox)",
         ftext("fox", "d4", ("a3", "a4", "a5", "g4"), 1, 1)),
        ("chain=1 but no jump (off the board or onto a goose)",
         ftext("fox", "c2", ("a4", "b3", "c1", "d1"), 0, 1)),
        ("chain=1 at the start", ftext("fox", "d4", GEESE13, 0, 1)),
    ]
    out += [
        ("the fox on a1 (no such point)", rep("fox=c3", "fox=a1")),
        ("the fox on g7 (no such point)", rep("fox=c3", "fox=g7")),
        ("the fox on h4", rep("fox=c3", "fox=h4")),
        ("the fox on a goose", rep("fox=c3", "fox=c4")),
        ("two geese on one point", rep("a4,c4", "c4,c4")),
        ("18 geese", ftext("fox", "d4", GEESE17 + ("c2",))),
        ("33 pieces (every point)", ftext("fox", "d4", [p for p in R.POINTS if p != "d4"])),
        ("the old text, without chain=", "fox turn=geese sideways=1 fox=c3 geese=a4,c4,d5,e4,g3"),
        ("chain=2", rep("chain=0", "chain=2")),
        ("chain=-1", rep("chain=0", "chain=-1")),
        ("chain=01", rep("chain=0", "chain=01")),
        ("chain=", rep("chain=0", "chain=")),
        ("chain=yes", rep("chain=0", "chain=yes")),
        ("chain after sideways", "fox turn=geese sideways=1 chain=0 fox=c3 geese=a4,c4,d5,e4,g3"),
        ("chain before turn", "fox chain=0 turn=geese sideways=1 fox=c3 geese=a4,c4,d5,e4,g3"),
        ("chain twice", rep("chain=0", "chain=0 chain=0")),
        ("sideways=2", rep("sideways=1", "sideways=2")),
        ("sideways=-1", rep("sideways=1", "sideways=-1")),
        ("sideways=01", rep("sideways=1", "sideways=01")),
        ("sideways missing", rep(" sideways=1", "")),
        ("turn=hare", rep("turn=geese", "turn=hare")),
        ("turn=goose", rep("turn=geese", "turn=goose")),
        ("fields out of order", "fox sideways=1 turn=geese chain=0 fox=c3 geese=a4,c4,d5,e4,g3"),
        ("geese before fox", "fox turn=geese chain=0 sideways=1 geese=a4,c4,d5,e4,g3 fox=c3"),
        ("a field missing", rep(" fox=c3", "")),
        ("the goose field missing", "fox turn=geese chain=0 sideways=1 fox=c3"),
        ("a field misspelt", rep("geese=", "goose=")),
        ("an extra field", good + " extra=1"),
        ("a double space", rep(" fox=", "  fox=")),
        ("a trailing comma", good + ","),
        ("an empty list item", rep("a4,c4", "a4,,c4")),
        ("upper-case point", rep("fox=c3", "fox=C3")),
        ("a space in the goose list", rep("a4,c4", "a4, c4")),
        ("another game's name", rep("fox ", "foxes ")),
        ("only the name", "fox"),
        ("garbage", "hello world"),
        ("nothing", ""),
    ]
    return out


def tolerant_texts():
    return [("geese out of byte order",
             "fox turn=geese chain=0 sideways=1 fox=c3 geese=e4,a4,g3,d5,c4",
             ftext("geese", "c3", ("a4", "c4", "d5", "e4", "g3"), 1)),
            ("geese out of byte order in a chain",
             "fox turn=fox chain=1 sideways=0 fox=c3 geese=c2,b3,a4,a3",
             ftext("fox", "c3", ("a3", "a4", "b3", "c2"), 0, 1)),
            ("no geese at all", "fox turn=geese chain=0 sideways=0 fox=c3 geese=",
             "fox turn=geese chain=0 sideways=0 fox=c3 geese="),
            ("three geese with the fox to move (after the end)",
             ftext("fox", "d4", ("a3", "a4", "a5")), ftext("fox", "d4", ("a3", "a4", "a5")))]


def perft3_ok(pos):
    return len(pos.legal_texts()) <= 25


def cornered_position(rng):
    """The fox near the top with geese crowding around it: traps happen."""
    while True:
        fox = rng.choice(("a3", "a4", "a5", "b3", "b4", "b5", "c1", "c7", "c2", "c6"))
        near = [p for p in R.POINTS if p != fox and max(
            abs(R.H.row(p) - R.H.row(fox)), abs(R.H.col(p) - R.H.col(fox))) <= 2]
        far = [p for p in R.POINTS if p != fox and p not in near]
        rng.shuffle(near)
        rng.shuffle(far)
        k = rng.randint(max(4, len(near) - 5), len(near))
        geese = near[:k] + far[:rng.randint(0, 3)]
        pos = R.Position(rng.choice(R.SIDES), rng.randrange(2), fox, geese)
        if not pos.problems() and not pos.ended():
            return pos


def test_errors(path, chk, rng):
    T = "errors"
    s = C.Session(path, chk)
    try:
        base = ftext("fox", "d3", ("c4", "d4", "e2", "e3", "e4", "f3", "f4", "g4"))
        s.expect(T, "`set` must take a valid position", "set " + base, ["="])
        C.check_broken(s, chk, T, R, "fox_ref.py", broken_positions(), base)
        C.check_tolerant(s, chk, T, tolerant_texts(), base)
        good = [R.random_position(rng) for _ in range(60)]
        good += [R.random_position(rng, n) for n in (17, 17, 1, 4)]
        good += [R.chain_rich_position(rng) for _ in range(20)]
        C.check_good_positions(s, chk, T, R, good, perft3=perft3_ok, rng=rng)
        many = [R.random_position(rng) for _ in range(1500)] + \
            [cornered_position(rng) for _ in range(300)] + \
            [R.chain_rich_position(rng) for _ in range(200)]
        C.check_many_positions(s, chk, T, many, perft2=lambda p: rng.random() < 0.1)
        start = R.start_position().text()
        s.cmd("set " + start)
        s.expect_error_unchanged(T, "`solve` beyond the solution table must answer ?", "solve",
                                 start)
        for sideways in (0, 1):
            last = ftext("fox", "d4", ("a3", "c1", "d3", "g3"), sideways=sideways)
            s.expect(T, "`set` must take a valid position", "set " + last, ["="])
            if sideways:
                s.expect_error_unchanged(T, "`solve` with sideways steps must answer ? (no "
                                         "distance)", "solve", last)
            else:
                s.expect(T, "`solve` of a capture that ends the game must answer 'fox 1'",
                         "solve", ["= fox 1"])
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


def hops_to_capture(pos):
    """The fewest jumps of the fox's chain from `pos` to fewer than four
    geese (fox_ref's rules); None when no line of jumps gets there."""
    if len(pos.geese) < R.MIN_GEESE:
        return 0
    if not pos.chain:
        return None
    best = None
    for jump in pos.fox_jumps():
        n = hops_to_capture(pos.apply(jump))
        if n is not None and (best is None or n + 1 < best):
            best = n + 1
    return best


# (position, solve's answer): which positions get a number with sideways
# steps, and the same chains without them.
SOLVE_CASES = [
    # a chain whose jumps all take the fourth goose, its stop a draw
    (ftext("fox", "c3", ("d4", "e6", "e7", "f4"), sideways=1, chain=1), "= fox 1"),
    # two hops to the capture, the stops on the way not wins
    (ftext("fox", "e4", ("c1", "c3", "c6", "d4", "e1"), sideways=1, chain=1), "= fox 2"),
    # an ended game
    (ftext("fox", "d4", ("a3", "c1", "d3"), sideways=1), "= fox 0"),
    # a capture in one, but `stop` wins too, in a number of plies not kept
    (ftext("fox", "e3", ("d3", "e2", "g3", "g4"), sideways=1, chain=1), "?"),
    # the same without sideways steps: the quickest win
    (ftext("fox", "e3", ("d3", "e2", "g3", "g4"), chain=1), "= fox 1"),
    # `stop` leaves the geese without a move, but the jumps win too
    (ftext("fox", "a5", ("a3", "a4", "b3", "b4", "b5"), sideways=1, chain=1), "?"),
    # the geese to move
    (ftext("geese", "c4", ("a3", "a4", "c2", "d4"), sideways=1), "?"),
    # a draw
    (ftext("fox", "e1", ("e6", "f3", "f5", "g5"), sideways=1), "?"),
]


def test_solve(path, chk):
    T = "solve"
    s = C.Session(path, chk)
    try:
        for text, want in SOLVE_CASES:
            s.expect(T, "`set` must take a valid position", "set " + text, ["="])
            pos = R.parse_position(text)
            if want == "?":
                s.expect_error_unchanged(T, "`solve` must answer ? where the table keeps no "
                                         "distance (docs/fox.md)", "solve", text)
                continue
            hops = hops_to_capture(pos)
            chk.ok(pos.ended() or hops == int(want.split()[2]), T,
                   "the case's distance must be the fewest hops to the capture", text, want,
                   "%s hops" % hops)
            s.expect(T, "`solve` must answer the distance of a chain that ends the game, and "
                     "0 for an ended game (docs/fox.md)", "solve", [want])
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# `solve` builds a table of up to six geese here: seconds under a sanitizer on
# a busy machine. The wait only guards against a hang, so it is generous.
SOLVE_TIMEOUT = C.P.hang_limits.seconds(300.0)


def test_solvelimit(path, chk):
    T = "solvelimit"
    s = C.Session(path, chk)
    five = ftext("fox", "d3", ("c4", "d4", "e3", "e4", "f3"))
    six = ftext("fox", "d3", ("c4", "d4", "e3", "e4", "f3", "g4"))
    try:
        s.expect(T, "a new fox game has the default limit", "new fox", ok_answer(START))
        s.expect(T, "`solvelimit` answers the limit in force, 8 at first", "solvelimit",
                 ["= 8"])
        s.expect(T, "`solvelimit N` sets the limit and answers nothing", "solvelimit 5", ["="])
        s.expect(T, "`solvelimit` answers the limit set", "solvelimit", ["= 5"])
        s.cmd("set " + five)
        ans = s.h.cmd("solve", SOLVE_TIMEOUT)
        chk.ok(ans[0].startswith("= fox "), T, "`solve` answers a position at the limit",
               "solve", "'= fox N'", ans, "solvelimit 5, " + five)
        s.cmd("set " + six)
        s.expect_error_unchanged(T, "`solve` refuses a position above the limit", "solve", six)
        for bad in ("3", "11", "0", "05", "x", "5 6", "99999999999999999999"):
            s.expect_error_unchanged(T, "`solvelimit` refuses a limit out of 4..10",
                                     "solvelimit " + bad, six)
            s.expect(T, "a refused `solvelimit` keeps the limit", "solvelimit", ["= 5"],
                     "after solvelimit " + bad)
        s.expect(T, "`solvelimit 6` raises the limit", "solvelimit 6", ["="])
        ans = s.h.cmd("solve", SOLVE_TIMEOUT)
        chk.ok(ans[0].startswith("= fox "), T, "`solve` answers a position at the raised limit",
               "solve", "'= fox N'", ans, "solvelimit 6, " + six)
        saved = s.cmd("save")[0][2:]
        s.expect(T, "`load` must take a save", "load " + saved, ["="])
        s.expect(T, "a loaded game has the default limit", "solvelimit", ["= 8"])
        s.expect(T, "`solvelimit 4` lowers the limit", "solvelimit 4", ["="])
        s.expect_error_unchanged(T, "`solve` refuses six geese with the limit 4", "solve",
                                 six)
        s.cmd("new fox sideways=1")
        s.expect(T, "a new game has the default limit", "solvelimit", ["= 8"])
        s.cmd("new horses")
        before = s.cmd("position")[0][2:]
        for line in ("solvelimit", "solvelimit 5"):
            s.expect_error_unchanged(T, "`solvelimit` is for fox only", line, before)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 4. Actions that are never legal


def illegal_actions(pos, rng):
    out = []
    geese = set(pos.geese)
    occ = geese | {pos.fox}
    legal = pos.legal_texts()
    f = pos.fox
    if pos.turn == R.FOX:
        onto = [q for q in R.STEPS[f] if q in geese]
        if onto:
            out.append(("the fox onto a goose", "%s-%s" % (f, rng.choice(onto))))
        far = [land for over, land in R.JUMPS[f] if over not in occ and land not in occ]
        if far:
            out.append(("a jump over an empty point", "%s-%s" % (f, rng.choice(far))))
        two = [land for over, land in R.JUMPS[f] if over in geese and land in geese]
        if two:
            out.append(("a jump onto a goose (over two geese)", "%s-%s" % (f, rng.choice(two))))
        jumps = pos.fox_jumps()
        if jumps:
            a = rng.choice(jumps)
            to = a[3:]
            after = pos.apply(a)
            more = [j[3:] for j in after.fox_jumps()] if after.chain else []
            out.append(("two landing points in one action (one hop at a time)",
                        a + "-" + (rng.choice(more) if more else rng.choice(R.STEPS[to]))))
            out.append(("a jump written from where it lands", "%s-%s" % (to, f)))
        if pos.chain:
            steps = pos.fox_steps()
            if steps:
                out.append(("a step in a chain", rng.choice(steps)))
            out.append(("stop with a word after it", "stop now"))
        else:
            out.append(("stop out of a chain", R.STOP))
        gm = pos.goose_moves()
        if gm:
            out.append(("moving a goose on the fox's turn", rng.choice(gm)))
    else:
        down = []
        for g in pos.geese:
            for q in R.STEPS[g]:
                if q not in occ and q not in R.BOARD.up(g, pos.sideways):
                    down.append("%s-%s" % (g, q))
        if down:
            out.append(("a goose down, or sideways without the option", rng.choice(down)))
        onto = ["%s-%s" % (g, q) for g in pos.geese for q in R.STEPS[g] if q in occ]
        if onto:
            out.append(("a goose onto an occupied point", rng.choice(onto)))
        two = ["%s-%s" % (g, land) for g in pos.geese for over, land in R.JUMPS[g]
               if R.H.row(land) < R.H.row(g) and land not in occ]
        if two:
            out.append(("a goose two points up", rng.choice(two)))
        if pos.fox_steps():
            out.append(("moving the fox on the geese's turn", rng.choice(pos.fox_steps())))
        out.append(("stop on the geese's turn", R.STOP))
    empty = [p for p in R.POINTS if p not in occ]
    if empty:
        e = rng.choice(empty)
        out.append(("from an empty point", "%s-%s" % (e, rng.choice(R.STEPS[e]))))
    piece = pos.fox if pos.turn == R.FOX else rng.choice(pos.geese)
    out.append(("to a point that does not exist", "%s-%s" % (piece, rng.choice(
        ("a1", "a2", "b1", "b2", "f1", "g7", "h4", "a8")))))
    out.append(("a piece to its own point", "%s-%s" % (piece, piece)))
    out += C.garbage_actions(legal, rng)
    return [(k, a) for k, a in out if a is None or a not in legal]


# ---------------------------------------------------------------------------
# 5. Games played one command at a time


def choose(pos, rng, fox_policy, geese_policy):
    """An action for a test game: the fox "random", "hunter" (jumps, and
    goes on with a chain nine times in ten) or "quitter" (stops a chain half
    the time); the geese "random" or "careful" (a move after which the fox
    has no jump, where one of a few tried gives that)."""
    legal = pos.legal_texts()
    if pos.turn == R.FOX:
        jumps = pos.fox_jumps()
        if fox_policy == "hunter" and jumps and rng.random() < (0.9 if pos.chain else 0.8):
            return rng.choice(jumps)
        if fox_policy == "quitter" and pos.chain and rng.random() < 0.5:
            return R.STOP
        return rng.choice(legal)
    if geese_policy == "careful" and rng.random() < 0.9:
        for a in rng.sample(legal, min(6, len(legal))):
            if not pos.apply(a).fox_jumps():
                return a
    return rng.choice(legal)


def start_of_game(rng, gi):
    """(`new` line or None, the start position): every option in turn with a
    random seed, and one game in eight from a `set` position (chain-rich,
    cornered or random)."""
    if gi % 8 == 7:
        return None, rng.choice((R.chain_rich_position, cornered_position,
                                 R.random_position))(rng)
    n, sw = OPTIONS[(gi - gi // 8) % len(OPTIONS)]
    opts = [] if n == 13 and rng.random() < 0.3 else ["geese=%d" % n]
    opts += [] if sw == 0 and rng.random() < 0.3 else ["sideways=%d" % sw]
    opts += [] if rng.random() < 0.2 else ["seed=%d" % rng.randrange(2 ** 64)]
    rng.shuffle(opts)
    return " ".join(["new fox"] + opts), R.start_position(n, sw)


class FoxPart(RG.Part):
    """Fox's part of a random game (random_games.py): every option in turn,
    or a `set` position (start_of_game); the fox and the geese each with a
    policy of their own (choose)."""

    checks = RG.checks(affordable=lambda pos, depth: depth < 3 or perft3_ok(pos))

    def begin(self, g, rng, gi, plies):
        line, start = start_of_game(rng, gi)
        if not (g.new(line, start) if line else g.set(start)):
            return None
        g.chk.note("games from a new game" if line else "games from a set position")
        fox_policy = rng.choice(("random", "hunter", "hunter", "quitter", "genmove"))
        geese_policy = rng.choice(("random", "careful", "careful", "genmove"))
        return (fox_policy, geese_policy), plies

    def seen(self, g):
        if g.pos.chain and not g.pos.ended():
            g.chk.note("positions in a chain")

    def ended(self, g, rng):
        some = g.pos.fox_steps() or g.pos.fox_jumps() or g.pos.goose_moves() or [R.STOP]
        g.check_ended(some[0])
        if rng.random() < 0.3:
            g.hint_check()

    def act(self, g, rng, policy):
        fox_policy, geese_policy = policy
        if (fox_policy if g.pos.turn == R.FOX else geese_policy) == "genmove" \
                or rng.random() < 0.05:
            g.genmove("genmove" if rng.random() < 0.5 else "genmove %d" % rng.randint(1, 2))
        else:
            g.play(choose(g.pos, rng, fox_policy, geese_policy))


def test_games(path, chk, rng, games, plies_cap):
    C.test_games(path, chk, rng, games, plies_cap, R, FoxPart(), illegal_actions)


# ---------------------------------------------------------------------------
# 6. Many games and chain-rich positions, worked out beforehand


class Figures:
    """What the scripted parts covered, printed at the end of the run."""

    def __init__(self):
        self.games = {}  # start -> games
        self.ends = {}
        self.actions = self.hops = self.chained = self.stops = self.states = 0
        self.longest_chain = self.longest_list = 0
        self.positions = self.perft_nodes = self.commands = 0

    def lines(self):
        starts = ", ".join("%d %s" % (n, k) for k, n in sorted(self.games.items()))
        ends = ", ".join("%d %s" % (n, k) for k, n in sorted(self.ends.items()))
        out = []
        if self.games:
            out.append("scripted games: %d (%s); %d actions (%d jumps, %d of them in a chain, "
                       "%d stops; the longest chain %d hops), %d positions compared; ends: %s"
                       % (sum(self.games.values()), starts, self.actions, self.hops,
                          self.chained, self.stops, self.longest_chain, self.states, ends))
        if self.positions:
            out.append("chain-rich positions: %d, perft 1..3 counting %d action sequences"
                       % (self.positions, self.perft_nodes))
        out.append("scripted commands compared: %d; the longest `legal` list: %d actions"
                   % (self.commands, self.longest_list))
        return out


SCRIPT_PLIES = 160  # a scripted game's cap (with sideways, play can go on for ever)


def legal_in(pos, what):
    legal = set(pos.legal_texts())
    return Expect("'= <one of: %s>' (%s)" % (" ".join(pos.legal_texts()), what),
                  lambda ans: payload(ans) in legal)


def add_state(sc, pos, fig):
    """status, legal and position as the reference has them."""
    where = pos.text()
    fig.states += 1
    fig.longest_list = max(fig.longest_list, len(pos.legal_texts()))
    sc.add("status", ok_answer(pos.status_text()), "wrong `status`", where)
    sc.add("legal", ok_answer(" ".join(pos.legal_texts())), "wrong `legal`", where)
    sc.add("position", ok_answer(where), "wrong `position`", where)


def scripted_game(rng, gi, plies_cap, fig):
    """One game as a script: every action followed by status, legal and
    position, and now and then undo (then the action again), an illegal
    action, perft, `set` of the position, genmove and hint (each undone)."""
    line, pos = start_of_game(rng, gi)
    sc = Script("scripted game %d" % gi)
    if line:
        sc.add(line, ok_answer(pos.text()), "`new` must answer the start position", "-")
        key = "geese=%d sideways=%d" % (len(pos.geese), pos.sideways)
    else:
        sc.add("set " + pos.text(), ["="], "`set` of a valid position must answer '='", "-")
        key = "from a set position"
    fig.games[key] = fig.games.get(key, 0) + 1
    fox_policy = rng.choice(("random", "hunter", "hunter", "quitter"))
    geese_policy = rng.choice(("random", "careful", "careful"))
    history = []  # (position before, action) since the `new` or `set`
    chain = 0  # hops in the fox's turn so far
    for _ in range(plies_cap):
        add_state(sc, pos, fig)
        where = pos.text()
        if pos.ended():
            fig.ends[pos.status_text()] = fig.ends.get(pos.status_text(), 0) + 1
            some = pos.fox_steps() or pos.fox_jumps() or pos.goose_moves() or [R.STOP]
            for c in ("play " + some[0], "genmove", "hint"):
                sc.add(c, C.ANY_ERROR, "`%s` after the end must answer ?" % c.split()[0], where)
            sc.add("perft 1", ok_answer("0"), "`perft 1` after the end must be 0", where)
            break
        x = rng.random()
        if x < 0.04 and history:
            prev, a = history[-1]
            sc.add("undo", ["="], "`undo` must answer '='", where)
            sc.add("position", ok_answer(prev.text()), "`undo` must take back one action (%s)"
                   % a, where)
            sc.add("play " + a, ["="], "legal `play` must answer '='", prev.text())
        elif x < 0.07:
            kind, a = rng.choice(illegal_actions(pos, rng))
            line = "play" if a is None else "play " + a
            sc.add(line, C.ANY_ERROR, "illegal action (%s) must answer ?" % kind, where)
            sc.add("position", ok_answer(where), "an illegal action changed the position", where)
        elif x < 0.10:
            sc.add("perft 1", ok_answer(str(pos.perft(1))), "wrong `perft 1`", where)
            sc.add("perft 2", ok_answer(str(pos.perft(2))), "wrong `perft 2`", where)
        elif x < 0.11:
            sc.add("set " + where, ["="], "`set` of the current position must answer '='", where)
            sc.add("undo", C.ANY_ERROR, "`undo` right after `set` must answer ? (history "
                   "cleared)", where)
            history = []
        elif x < 0.14:
            level = rng.choice(("genmove", "genmove 1", "genmove 2"))
            sc.add(level, legal_in(pos, "`%s` must answer a legal action" % level),
                   "`%s` must answer a legal action" % level, where)
            sc.add("undo", ["="], "`undo` of a `genmove` must answer '='", where)
            sc.add("position", ok_answer(where), "`undo` must take back the `genmove`", where)
        elif x < 0.15:
            sc.add("hint", legal_in(pos, "`hint` must answer a legal action"),
                   "`hint` must answer a legal action", where)
        a = choose(pos, rng, fox_policy, geese_policy)
        sc.add("play " + a, ["="], "legal `play` must answer '='", where)
        fig.actions += 1
        if pos.is_jump(a):
            fig.hops += 1
            fig.chained += pos.chain
            chain = chain + 1 if pos.chain else 1
            fig.longest_chain = max(fig.longest_chain, chain)
        fig.stops += a == R.STOP
        history.append((pos, a))
        pos = pos.apply(a)
    else:
        fig.ends["stopped at the ply cap"] = fig.ends.get("stopped at the ply cap", 0) + 1
    return sc


def chain_script(rng, i, fig):
    """A chain-rich position: `set`, status, legal, position, perft 1..3, a
    refused `undo`, then one of its actions played and the position after."""
    pos = R.chain_rich_position(rng)
    where = pos.text()
    sc = Script("chain-rich position %d" % i)
    sc.add("set " + where, ["="], "`set` of a valid position must answer '='", where)
    add_state(sc, pos, fig)
    for d in (1, 2, 3):
        n = pos.perft(d)
        fig.perft_nodes += n
        sc.add("perft %d" % d, ok_answer(str(n)), "wrong `perft %d`" % d, where)
    sc.add("undo", C.ANY_ERROR, "`undo` right after `set` must answer ?", where)
    a = rng.choice(pos.legal_texts())
    sc.add("play " + a, ["="], "legal `play` must answer '='", where)
    add_state(sc, pos.apply(a), fig)
    fig.positions += 1
    return sc


def test_scripted(path, chk, rng, games, chains, plies_cap, fig):
    fig.commands += C.run_scripts(path, chk, "scripted games",
                                  lambda gi: scripted_game(rng, gi, plies_cap, fig), games)
    fig.commands += C.run_scripts(path, chk, "chain-rich positions",
                                  lambda i: chain_script(rng, i, fig), chains)
    per_option = [fig.games.get("geese=%d sideways=%d" % o, 0) for o in OPTIONS]
    chk.ok(games < 8 * len(OPTIONS) or min(per_option) > 0, "scripted games",
           "every option must be played", context=" ".join(map(str, per_option)))
    for line in fig.lines():
        print(line)


# ---------------------------------------------------------------------------
# 7. The computer player


def test_computer(path, chk, rng):
    T = "computer"
    C.check_determinism(path, chk, T, ["new fox", "new fox geese=17 sideways=1 seed=5",
                                       "new fox geese=15 seed=18446744073709551615"], 40,
                        levels=("1", ""))
    for line in ("new fox", "new fox geese=17 sideways=1"):
        C.check_seeds_differ(path, chk, T, line, 30)
    positions = [R.start_position()] + [p for p in (R.random_position(rng) for _ in range(6))
                                        if not p.ended()]
    positions += [R.chain_rich_position(rng) for _ in range(4)]
    positions += [R.parse_position(ftext("fox", "c5", ("a4", "d5", "e4", "g3", "g4"), chain=1))]
    # The perfect level builds a table for a position of up to 8 geese: of
    # those, only the ones of up to 5, whose table is quick in any build.
    positions = [p for p in positions if len(p.geese) <= 5 or len(p.geese) > 8]
    C.check_levels(path, chk, T, R, positions)


def main():
    C.skip_unless_known("fox")
    fig = Figures()
    return P.run_suites(
        __doc__.split("\n\n")[0], "fox protocol test", 100, 200,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("rules", lambda: test_rules(a.herd, chk)),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("solve", lambda: test_solve(a.herd, chk)),
            ("solvelimit", lambda: test_solvelimit(a.herd, chk)),
            ("computer", lambda: test_computer(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies)),
            ("scripted", lambda: test_scripted(a.herd, chk, rng, a.bulk, a.chains, SCRIPT_PLIES,
                                               fig))),
        extra=(("--bulk", 2000, "games worked out beforehand and sent at once"),
               ("--chains", 600, "chain-rich positions checked with perft 1..3")))


if __name__ == "__main__":
    sys.exit(main())
