#!/usr/bin/env python3
"""Protocol test of the `herd` program for the game `fox` (Fox and Geese).

    python3 tests/protocol/run_fox_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Drives `herd` through pipes and compares every answer with protocol.md and
rules.md section 4 through the independent reference in fox_ref.py (the 33
points, position texts, steps, jump chains, goose moves, status, perft). The
process and answer machinery is run_protocol_tests.py's, imported from it.
Standard library only. Each failure is printed with the command sent, the
expected and the actual answer; the last line is `N passed, N failed`, and
the exit status is 0 only when nothing failed.

What the rules and the protocol leave open, and what this test assumes:
- A jump goes over an adjacent goose to the empty point just beyond it in the
  same direction (any of the eight); the goose is taken off at once, so a
  chain never jumps one goose twice, and the point the fox left is empty for
  the rest of the chain (a chain may come back to it). Every prefix of a chain
  is an action of its own (`FROM-P1`, `FROM-P1-P2`, ...), so perft counts
  each of them.
- `captured` (fewer than four geese) comes first, then `no-moves` (the geese
  to move, without a move), then `trapped` (the fox to move, without a move).
- `set` must take every text with the fox and 1..17 geese on distinct points
  of the cross, either side to move, sideways 0 or 1 (geese sorted). More
  than 17 geese is refused (no option has more). Left open: geese out of
  byte order (refused, or taken and written back sorted), an empty goose
  list (refused, or taken as an ended game) and fewer than four geese with
  the fox to move (play ends with the geese to move; refused or taken).
- `solve` is for `hare` only: `?` here. `hint` is checked where the program
  offers it (an answer other than `?`): a legal action, nothing changed.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fox_ref as R  # noqa: E402
import plain_game_checks as C  # noqa: E402

P = C.P
FAILURES = C.FAILURES
Scenario = C.Scenario
ok_answer = C.ok_answer

GEESE13 = ("e1", "e2", "e3", "e4", "e5", "e6", "e7", "f3", "f4", "f5", "g3", "g4", "g5")
GEESE15 = ("d1", "d7") + GEESE13
GEESE17 = ("c1", "c7") + GEESE15


def ftext(turn, fox, geese, sideways=0):
    """A position text written out by hand (the geese listed in byte order)."""
    return "fox turn=%s sideways=%d fox=%s geese=%s" % (turn, sideways, fox,
                                                          ",".join(sorted(geese)))


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
                ("new fox sideways=1 geese=15", ftext("fox", "d4", GEESE15, 1))]
        bad = [("new fox geese=14", None), ("new fox geese=12", None), ("new fox geese=16", None),
               ("new fox geese=18", None), ("new fox geese=0", None), ("new fox geese=-13", None),
               ("new fox geese=abc", None), ("new fox geese=", None), ("new fox geese=013", None),
               ("new fox sideways=2", None), ("new fox sideways=-1", None),
               ("new fox sideways=yes", None), ("new fox sideways=", None),
               ("new fox geese=13 geese=15", None), ("new fox bogus=1", None),
               ("new fox geese", None)]
        base_line = "new fox geese=15 sideways=1"
        C.check_new_options(s, chk, T, good, bad, base_line, ftext("fox", "d4", GEESE15, 1))
        s.restart()
        ex = ftext("geese", "c3", ("a4", "c4", "d5", "e4", "g3"), 1)
        s.expect(T, "`set` as the first command must answer '='", "set " + ex, ["="])
        s.expect(T, "`position` must echo the `set` text", "position", ok_answer(ex))
        C.show_check(s, chk, T, ex)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 2. Hand-made positions, one per rule


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
        legal=["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5"], perfts={1: 5, 2: 89}))
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
    # A triple chain: c3 over c4 to c5, over d5 to e5, over e4 to e3. Every
    # prefix is an action; c3 also steps to b3, b4, c2, d2, d3, d4.
    tri = ftext("fox", "c3", ("a4", "c4", "d5", "e4", "g3", "g4", "g5"))
    tri_legal = ["c3-b3", "c3-b4", "c3-c2", "c3-c5", "c3-c5-e5", "c3-c5-e5-e3", "c3-d2", "c3-d3",
                 "c3-d4"]
    S.append(Scenario(
        "a triple jump chain, played whole", tri, legal=tri_legal, perfts={1: 9},
        steps=[("c3-c5-e5-e3", ftext("geese", "e3", ("a4", "g3", "g4", "g5")))],
        status="ongoing geese", refused=["c3-e5", "c3-e3", "c3-c5-e3", "c3-c5-e5-e3-c3",
                                         "c3-c4", "c3-c5-e5-e3-e5"]))
    S.append(Scenario(
        "a triple chain: the fox may stop after the first jump", tri,
        steps=[("c3-c5", ftext("geese", "c5", ("a4", "d5", "e4", "g3", "g4", "g5")))]))
    S.append(Scenario(
        "a triple chain: the fox may stop after the second jump", tri,
        steps=[("c3-c5-e5", ftext("geese", "e5", ("a4", "e4", "g3", "g4", "g5")))]))
    # A double chain that branches: d4 over d5 to d6, then over c5 to b4 or over
    # e5 to f4; the first hops over c5 or e5 would land on b6, f6 (no points).
    dbl = ftext("fox", "d4", ("a3", "a5", "c5", "d5", "e5", "g3", "g4"))
    S.append(Scenario(
        "a double chain with two branches", dbl,
        legal=["d4-c3", "d4-c4", "d4-d3", "d4-d6", "d4-d6-b4", "d4-d6-f4", "d4-e3", "d4-e4"],
        refused=["d4-b6", "d4-f6", "d4-b4", "d4-d6-b4-d6"],
        steps=[("d4-d6-f4", ftext("geese", "f4", ("a3", "a5", "c5", "g3", "g4")))]))
    # A chain may come back to the point the fox started from (it is empty
    # once the fox has left): around the square c3-c5-e5-e3-c3, either way.
    loop = ftext("fox", "c3", ("a4", "c4", "d3", "d5", "e4", "g3", "g4", "g5"))
    S.append(Scenario(
        "a chain may land again on the point the fox left", loop,
        legal=["c3-b3", "c3-b4", "c3-c2", "c3-c5", "c3-c5-e5", "c3-c5-e5-e3", "c3-c5-e5-e3-c3",
               "c3-d2", "c3-d4", "c3-e3", "c3-e3-e5", "c3-e3-e5-c5", "c3-e3-e5-c5-c3"],
        steps=[("c3-c5-e5-e3-c3", ftext("geese", "c3", ("a4", "g3", "g4", "g5")))],
        status="ongoing geese"))
    # A crowd of geese around c3 gives the fox 1775 actions (every prefix of
    # every chain; the count is the reference's): `legal` lists them all, and
    # the eleven-hop chain below takes b3, b4, d4, d2, c2, d3, e4, d6, c6, d5, e6,
    # leaving a4, a5, b5, e2.
    crowd = ftext("fox", "c3", ("a4", "a5", "b3", "b4", "b5", "c2", "c6", "d2", "d3", "d4",
                                "d5", "d6", "e2", "e4", "e6"))
    S.append(Scenario(
        "more than 1024 fox actions, every one listed", crowd,
        steps=[("c3-a3-c5-e3-c1-c3-e3-e5-c7-c5-e5-e7",
                ftext("geese", "e7", ("a4", "a5", "b5", "e2")))],
        status="ongoing geese"))
    S.append(Scenario(
        "the same crowd reached by a goose move",
        ftext("geese", "c3", ("a4", "a5", "b4", "b5", "c2", "c4", "c6", "d2", "d3", "d4", "d5",
                              "d6", "e2", "e4", "e6")),
        steps=[("c4-b3", crowd), ("c3-a3-c5-e3-c1-c3-e3-e5-c7-c5-e5-e7",
                                  ftext("geese", "e7", ("a4", "a5", "b5", "e2")))]))
    # No jump off the board, over an empty point or over two geese: c2 has geese
    # on b3 (beyond: a4, a goose), c1 (beyond: no point), c3 (beyond: c4, a
    # goose), d1 (beyond: no point); d2 and d3 are empty (steps, nothing to jump).
    S.append(Scenario(
        "no jump off the board, over an empty point or over two geese",
        ftext("fox", "c2", ("a4", "b3", "c1", "c3", "c4", "d1", "g4")),
        legal=["c2-d2", "c2-d3"], perfts={1: 2},
        refused=["c2-a4", "c2-c4", "c2-e2", "c2-e4", "c2-b3", "c2-c1"]))
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
        refused=["e3-e2", "e3-e4", "d4-e4", "g4-g3", "c1-c2", "d4-b4", "e3-f3", "a4-a3"],
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
    # Fewer than four geese: the fox has won; four are still a game.
    S.append(Scenario(
        "the capture that leaves three geese wins",
        ftext("fox", "d4", ("d5", "e1", "e7", "g4")),
        steps=[("d4-d6", ftext("geese", "d6", ("e1", "e7", "g4")))],
        status="win fox captured"))
    S.append(Scenario(
        "four geese left: the game goes on",
        ftext("fox", "d4", ("a3", "d5", "e1", "e7", "g4")),
        steps=[("d4-d6", ftext("geese", "d6", ("a3", "e1", "e7", "g4")))],
        status="ongoing geese"))
    S.append(Scenario(
        "captured comes before no-moves (three blocked geese)",
        ftext("geese", "d4", ("a3", "a4", "a5")), status="win fox captured"))
    S.append(Scenario(
        "a chain from five geese to three wins",
        ftext("fox", "c3", ("a4", "c4", "d5", "g4", "g5")),
        steps=[("c3-c5-e5", ftext("geese", "e5", ("a4", "g4", "g5")))],
        status="win fox captured"))
    return S


# ---------------------------------------------------------------------------
# 3. Broken positions, tolerant texts, good positions


def broken_positions():
    good = ftext("geese", "c3", ("a4", "c4", "d5", "e4", "g3"), 1)
    rep = lambda old, new: good.replace(old, new, 1)  # noqa: E731
    out = []
    for p in ("a1", "a2", "b1", "b2", "a6", "a7", "b6", "b7", "f1", "f2", "f6", "f7", "g1", "g2",
              "g6", "g7", "a8", "c8", "h4", "a0", "z1"):
        out.append(("a goose on %s (no such point)" % p,
                    "fox turn=geese sideways=1 fox=c3 geese=" + ",".join(
                        sorted(["a4", "c4", "d5", "e4", p]))))
    out += [
        ("the fox on a1 (no such point)", rep("fox=c3", "fox=a1")),
        ("the fox on g7 (no such point)", rep("fox=c3", "fox=g7")),
        ("the fox on h4", rep("fox=c3", "fox=h4")),
        ("the fox on a goose", rep("fox=c3", "fox=c4")),
        ("two geese on one point", rep("a4,c4", "c4,c4")),
        ("18 geese", ftext("fox", "d4", GEESE17 + ("c2",))),
        ("33 pieces (every point)", ftext("fox", "d4", [p for p in R.NAMES if p != "d4"])),
        ("sideways=2", rep("sideways=1", "sideways=2")),
        ("sideways=-1", rep("sideways=1", "sideways=-1")),
        ("sideways=01", rep("sideways=1", "sideways=01")),
        ("sideways missing", rep(" sideways=1", "")),
        ("turn=hare", rep("turn=geese", "turn=hare")),
        ("turn=goose", rep("turn=geese", "turn=goose")),
        ("fields out of order", "fox sideways=1 turn=geese fox=c3 geese=a4,c4,d5,e4,g3"),
        ("geese before fox", "fox turn=geese sideways=1 geese=a4,c4,d5,e4,g3 fox=c3"),
        ("a field missing", rep(" fox=c3", "")),
        ("the goose field missing", "fox turn=geese sideways=1 fox=c3"),
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
    return [("geese out of byte order", "fox turn=geese sideways=1 fox=c3 geese=e4,a4,g3,d5,c4",
             ftext("geese", "c3", ("a4", "c4", "d5", "e4", "g3"), 1)),
            ("no geese at all", "fox turn=geese sideways=0 fox=c3 geese=",
             "fox turn=geese sideways=0 fox=c3 geese="),
            ("three geese with the fox to move (after the end)",
             ftext("fox", "d4", ("a3", "a4", "a5")), ftext("fox", "d4", ("a3", "a4", "a5")))]


def perft3_ok(pos):
    return len(pos.legal_texts()) <= 25


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
        C.check_good_positions(s, chk, T, R, good, perft3=perft3_ok, rng=rng)
        many = [R.random_position(rng) for _ in range(1500)] + \
            [cornered_position(rng) for _ in range(500)]
        C.check_many_positions(s, chk, T, many, perft2=lambda p: rng.random() < 0.1)
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
    geese = set(pos.geese)
    occ = geese | {pos.fox}
    f = R.point(pos.fox)
    legal = pos.legal_texts()
    if pos.turn == R.FOX:
        onto = [R.name(R.add(f, d)) for d in R.DIRS
                if R.exists(R.add(f, d)) and R.name(R.add(f, d)) in geese]
        if onto:
            out.append(("the fox onto a goose", "%s-%s" % (pos.fox, rng.choice(onto))))
        over_empty = [R.name(R.add(f, d, 2)) for d in R.DIRS
                      if R.exists(R.add(f, d, 2)) and R.name(R.add(f, d)) not in occ
                      and R.name(R.add(f, d, 2)) not in occ]
        if over_empty:
            out.append(("a jump over an empty point", "%s-%s" % (pos.fox, rng.choice(over_empty))))
        two = [R.name(R.add(f, d, 2)) for d in R.DIRS
               if R.exists(R.add(f, d, 2)) and R.name(R.add(f, d)) in geese
               and R.name(R.add(f, d, 2)) in geese]
        if two:
            out.append(("a jump onto a goose (over two geese)",
                        "%s-%s" % (pos.fox, rng.choice(two))))
        chains = [a for a in legal if a.count("-") >= 1 and a not in pos.fox_steps()]
        if chains:
            c = rng.choice(chains)
            parts = c.split("-")
            # a step tacked onto a chain
            last = R.point(parts[-1])
            nxt = [R.name(R.add(last, d)) for d in R.DIRS
                   if R.exists(R.add(last, d)) and R.name(R.add(last, d)) not in occ]
            if nxt:
                out.append(("a step after a jump", c + "-" + rng.choice(nxt)))
            if len(parts) >= 3:
                out.append(("a chain with a landing point left out",
                            "-".join([parts[0]] + parts[2:])))
            out.append(("a chain back over a goose already taken",
                        c + "-" + parts[-2] if len(parts) >= 2 else c))
        gm = pos.goose_moves()
        if gm:
            out.append(("moving a goose on the fox's turn", rng.choice(gm)))
    else:
        down = []
        for g in pos.geese:
            for d in ((1, -1), (1, 0), (1, 1)) + (() if pos.sideways else ((0, -1), (0, 1))):
                q = R.add(R.point(g), d)
                if R.exists(q) and R.name(q) not in occ:
                    down.append("%s-%s" % (g, R.name(q)))
        if down:
            out.append(("a goose down or sideways (not allowed)", rng.choice(down)))
        onto = []
        for g in pos.geese:
            for d in R.DIRS:
                q = R.add(R.point(g), d)
                if R.exists(q) and R.name(q) in occ:
                    onto.append("%s-%s" % (g, R.name(q)))
        if onto:
            out.append(("a goose onto an occupied point", rng.choice(onto)))
        two = []
        for g in pos.geese:
            q = R.add(R.point(g), (-2, 0))
            if R.exists(q) and R.name(q) not in occ:
                two.append("%s-%s" % (g, R.name(q)))
        if two:
            out.append(("a goose two points up", rng.choice(two)))
        if pos.fox_steps():
            out.append(("moving the fox on the geese's turn", rng.choice(pos.fox_steps())))
    empty = [p for p in R.NAMES if p not in occ]
    if empty:
        e = R.point(rng.choice(empty))
        nb = [R.name(R.add(e, d)) for d in R.DIRS if R.exists(R.add(e, d))]
        out.append(("from an empty point", "%s-%s" % (R.name(e), rng.choice(nb))))
    piece = pos.fox if pos.turn == R.FOX else rng.choice(pos.geese)
    out.append(("to a point that does not exist", "%s-%s" % (piece, rng.choice(
        ("a1", "a2", "b1", "b2", "f1", "g7", "h4", "a8")))))
    out += C.garbage_actions(legal, rng)
    return out


def choose(pos, rng, policy):
    legal = pos.legal_texts()
    if pos.turn == R.FOX and policy in ("greedy", "mixed") and rng.random() < 0.8:
        best = max(pos.captures_of(a) for a in legal)
        return rng.choice([a for a in legal if pos.captures_of(a) == best])
    if pos.turn == R.GEESE and policy in ("greedy", "careful") and rng.random() < 0.9:
        # geese that leave the fox as little to take as they can, closing in on it
        f = R.point(pos.fox)

        def score(a):
            after = pos.apply(a)
            if after.ended():
                return (-1, 0)
            worst = max([after.captures_of(m) for m in after.legal_texts()] or [0])
            q = R.point(a[3:])
            return (worst, max(abs(q[0] - f[0]), abs(q[1] - f[1])))
        scored = [(score(a), a) for a in legal]
        best = min(sc for sc, _ in scored)
        return rng.choice([a for sc, a in scored if sc == best])
    return rng.choice(legal)


def cornered_position(rng):
    """The fox near the top with geese crowding around it: traps happen."""
    while True:
        fox = rng.choice(("a3", "a4", "a5", "b3", "b4", "b5", "c1", "c7", "c2", "c6"))
        f = R.point(fox)
        near = [p for p in R.NAMES if p != fox
                and max(abs(R.point(p)[0] - f[0]), abs(R.point(p)[1] - f[1])) <= 2]
        far = [p for p in R.NAMES if p != fox and p not in near]
        rng.shuffle(near)
        rng.shuffle(far)
        k = rng.randint(max(4, len(near) - 5), len(near))
        geese = near[:k] + far[:rng.randint(0, 3)]
        pos = R.Position(rng.choice(R.SIDES), rng.randrange(2), fox, geese)
        if not pos.problems() and not pos.ended():
            return pos


def play_game(s, chk, rng, gi, plies_cap, hints):
    T = "game %d" % gi
    g = C.Runner(s, chk, rng, T, R, hints)
    x = rng.random()
    if x < 0.2:
        if not g.set(cornered_position(rng)):
            return
        chk.note("games from a cornered fox")
    elif x < 0.75:
        n = rng.choice((13, 13, 15, 17))
        sw = rng.randrange(2)
        opts = ([] if n == 13 and rng.random() < 0.5 else ["geese=%d" % n]) + \
            ([] if sw == 0 and rng.random() < 0.5 else ["sideways=%d" % sw])
        rng.shuffle(opts)
        if not g.new(" ".join(["new fox"] + opts), R.start_position(n, sw)):
            return
    else:
        if not g.set(R.random_position(rng)):
            return
        chk.note("games from a random position")
    policy = rng.choice(("random", "greedy", "greedy", "careful", "careful", "mixed", "genmove"))
    if x < 0.2 and rng.random() < 0.7:
        policy = "careful"
    for ply in range(plies_cap + 1):
        g.check_state()
        if g.lost:
            chk.note("games stopped: the program's game differs from the reference's")
            return
        if g.pos.ended():
            chk.note("games ended: " + g.pos.status_text())
            other = g.pos.fox_steps() if g.pos.turn == R.FOX else g.pos.goose_moves()
            g.check_ended(other[0] if other else None)
            if rng.random() < 0.3:
                g.hint_check()
            if g.history and rng.random() < 0.5:
                g.undo_check()
                g.check_state()
            return
        if ply == plies_cap:
            chk.note("games stopped at the ply cap")
            return
        x = rng.random()
        if x < 0.03:
            g.illegal_check(illegal_actions)
        elif x < 0.07:
            g.undo_check()
        elif x < 0.09:
            g.set_check()
        elif x < 0.12:
            g.perft_check(1)
        elif x < 0.14:
            g.perft_check(2)
        elif x < 0.15 and perft3_ok(g.pos):
            g.perft_check(3)
        elif x < 0.19:
            g.hint_check()
        if g.lost:
            return
        if len(g.pos.legal_texts()) and any("-" in a[3:] for a in g.pos.legal_texts()):
            chk.note("positions with a jump chain of two or more")
        if policy == "genmove" or (policy == "mixed" and rng.random() < 0.3) \
                or rng.random() < 0.05:
            g.genmove()
        else:
            g.play(choose(g.pos, rng, policy))


def test_games(path, chk, rng, games, plies_cap):
    hints = C.HintTracker()
    C.run_games(path, chk, rng, games,
                lambda s, gi: play_game(s, chk, rng, gi, plies_cap, hints))
    hints.report(chk, "games")


def test_computer(path, chk, rng):
    T = "computer"
    C.check_determinism(path, chk, T, ["new fox", "new fox geese=17 sideways=1",
                                       "new fox geese=15"], 40)
    positions = [R.start_position()] + [p for p in (R.random_position(rng) for _ in range(8))
                                        if not p.ended()]
    C.check_levels(path, chk, T, R, positions)


def main():
    C.skip_unless_known("fox")
    return P.run_suites(
        __doc__.split("\n\n")[0], "fox protocol test", 200, 120,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("rules", lambda: C.run_scenarios(a.herd, chk, R, "rules", scenarios(),
                                              "fox_ref.py")),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("computer", lambda: test_computer(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies))))


if __name__ == "__main__":
    sys.exit(main())
