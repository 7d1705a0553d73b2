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

The known limit: where the reference counts more than FOX_ACTIONS_LIMIT (1024)
actions for the fox to move, the program is checked against what docs/fox.md
says the library does there, not against the rules (see FOX_ACTIONS_LIMIT
below). Each such check prints a `KNOWN LIMIT [fox actions > 1024]` line; the
line before the last gives their count (`N known limit`).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fox_ref as R  # noqa: E402
import plain_game_checks as C  # noqa: E402

P = C.P
FAILURES = C.FAILURES
Scenario = C.Scenario
ok_answer = C.ok_answer
payload, is_error = C.payload, C.is_error

GEESE13 = ("e1", "e2", "e3", "e4", "e5", "e6", "e7", "f3", "f4", "f5", "g3", "g4", "g5")
GEESE15 = ("d1", "d7") + GEESE13
GEESE17 = ("c1", "c7") + GEESE15


def ftext(turn, fox, geese, sideways=0):
    """A position text written out by hand (the geese listed in byte order)."""
    return "fox turn=%s sideways=%d fox=%s geese=%s" % (turn, sideways, fox,
                                                          ",".join(sorted(geese)))


START = ftext("fox", "d4", GEESE13)


# ---------------------------------------------------------------------------
# The known limit: more fox actions than the library lists

# The rules let the fox stop anywhere in a jump chain, so it can have far more
# actions (millions) than the library's API holds in one list: the core bounds
# every game's list (HERD_MAX_MOVES; the fox's HERD_FOX_MAX_MOVES) at 1024. A
# known defect, awaiting a decision on the rules or the API; docs/fox.md ("How
# many actions at once") says what the library does meanwhile, and that is
# what this runner checks, strictly, at every position where the reference
# counts more than FOX_ACTIONS_LIMIT actions for the fox to move (and nowhere
# else):
# - `set` of such a position answers `?` with a message naming the bound, and
#   nothing changes;
# - reached by play: `legal` lists exactly FOX_ACTIONS_LIMIT distinct actions,
#   in byte order, each legal by the rules, the first in the library's order
#   ("steps, then chains depth first": every step listed, and every listed
#   chain's prefix); perft, which walks that list, counts only the listed
#   actions there; `play` takes every chain of the rules, listed or not;
#   status and position as the rules say.
# Each such check prints a KNOWN LIMIT line and is counted apart from the
# passed ones. A program that lists or counts every action, or takes the
# `set`, fails them with a message saying the limit appears lifted: then this
# runner is to be updated together with the library.
FOX_ACTIONS_LIMIT = 1024
LIFTED = ("the limit appears lifted: update the known-limit checks of "
          "run_fox_protocol_tests.py (FOX_ACTIONS_LIMIT, docs/fox.md) together with the library")


class KnownLimits:
    """The checks passed against docs/fox.md's account of the limit rather than the rules."""
    TAG = "KNOWN LIMIT [fox actions > %d]" % FOX_ACTIONS_LIMIT

    def __init__(self):
        self.count = 0

    def record(self, test, what, context):
        self.count += 1
        print("%s [%s] %s; %s" % (self.TAG, test, what, context))
        sys.stdout.flush()

    def summary(self):
        return "%d known limit (fox actions > %d: checked as docs/fox.md describes)" % (
            self.count, FOX_ACTIONS_LIMIT)


KNOWN = KnownLimits()


def over_limit(pos):
    """Whether the fox is to move with more actions than the library lists."""
    return pos.turn == R.FOX and len(pos.legal_texts()) > FOX_ACTIONS_LIMIT


def meets_limit(pos, depth):
    """Whether `perft depth` at pos counts at a position over the limit (pos included)."""
    if depth < 1 or pos.ended():
        return False
    if over_limit(pos):
        return True
    return depth > 1 and any(meets_limit(pos.apply(m), depth - 1) for m in pos.legal_texts())


def limited_perft(pos, depth, listing, path=()):
    """perft as docs/fox.md says the library counts it: at a position over the
    limit only the listed actions count, FOX_ACTIONS_LIMIT of them at the last
    level; above it listing(path) gives the program's own list there (path:
    the actions from pos)."""
    if depth == 0:
        return 1
    moves = pos.legal_texts()
    if over_limit(pos):
        if depth == 1:
            return FOX_ACTIONS_LIMIT
        moves = listing(path)
    if depth == 1:
        return len(moves)
    return sum(limited_perft(pos.apply(m), depth - 1, listing, path + (m,)) for m in moves)


def where(pos, name=None):
    return ("%s; " % name if name else "") + "position " + pos.text()


def short(ans, n=300):
    text = P.show(ans)
    return text if len(text) <= n else "%s... (%d characters)" % (text[:n], len(text))


def check_set_refused(s, chk, T, pos, name=None):
    """`set` of a position over the limit: `?` with a message naming the bound,
    and `position` as before. Returns False when the program took it."""
    ctx = where(pos, name) + " (the reference: %d fox actions)" % len(pos.legal_texts())
    before = s.cmd("position")
    line = "set " + pos.text()
    ans = s.cmd(line)
    if ans == ["="]:
        chk.ok(False, T, "`set` took a position where the fox has more than %d actions: %s"
               % (FOX_ACTIONS_LIMIT, LIFTED), line,
               "'? <message naming %d>' (docs/fox.md)" % FOX_ACTIONS_LIMIT, ans, ctx)
        b = payload(before)
        if b and b != pos.text():
            s.cmd("set " + b)  # the game as it was, for what follows
        return False
    if is_error(ans) and str(FOX_ACTIONS_LIMIT) in ans[0]:
        KNOWN.record(T, "`set` refused: %s" % ans[0], ctx)
    else:
        chk.ok(False, T, "`set` of a position over the known limit must answer ? naming %d"
               % FOX_ACTIONS_LIMIT, line, "'? <message naming %d>' (docs/fox.md)"
               % FOX_ACTIONS_LIMIT, ans, ctx)
    s.expect(T, "a refused `set` (over the known limit) changed the game", "position", before,
             "after " + line)
    return True


def check_limited_legal(chk, T, pos, ans, ctx):
    """`legal` (answer ans) at a position over the limit, reached by play.
    Returns the actions listed that the rules allow."""
    full = pos.legal_texts()
    p = payload(ans)
    listed = p.split(" ") if p else []
    ctx += " (the reference: %d fox actions)" % len(full)
    expected = ("'= <%d distinct actions in byte order: the first in the library's order, "
                "every step, each chain with its prefixes>' (docs/fox.md)" % FOX_ACTIONS_LIMIT)
    if listed == full:
        chk.ok(False, T, "`legal` listed every one of the fox's actions: " + LIFTED, "legal",
               expected, "all %d: %s" % (len(full), short(ans)), ctx)
        return listed
    allowed, shown = set(full), set(listed)
    wrong = []
    if p is None:
        wrong.append("not a one-line success answer")
    if len(listed) != FOX_ACTIONS_LIMIT:
        wrong.append("%d actions" % len(listed))
    if len(shown) != len(listed):
        wrong.append("an action listed twice")
    if listed != sorted(listed):
        wrong.append("not in byte order")
    for what, bad in (
            ("not legal by the rules", [a for a in listed if a not in allowed]),
            ("steps left out", [a for a in pos.fox_steps() if a not in shown]),
            ("chains listed without their prefix",
             [a for a in listed if a.count("-") >= 2 and a.rsplit("-", 1)[0] not in shown])):
        if bad:
            wrong.append("%s: %s" % (what, " ".join(bad[:5])))
    if wrong:
        chk.ok(False, T, "wrong `legal` over the known limit", "legal", expected,
               "%s: %s" % ("; ".join(wrong), short(ans)), ctx)
    else:
        KNOWN.record(T, "`legal` lists %d of the fox's %d actions" % (len(listed), len(full)),
                     ctx)
    return [a for a in listed if a in allowed]


def program_listing(s, chk, T, root, path):
    """The program's `legal`, checked, at the position over the limit that the
    actions of path reach from root (the program's position, again after)."""
    node = root
    for a in path:
        s.expect(T, "legal `play` must answer '='", "play " + a, ["="], where(node))
        node = node.apply(a)
    listed = check_limited_legal(chk, T, node, s.cmd("legal"), where(node))
    for _ in path:
        s.expect(T, "`undo` must answer '='", "undo", ["="], where(node))
    if path:
        s.expect(T, "`undo` must restore the position", "position", ok_answer(root.text()),
                 "undo of %s from %s" % (" ".join(path), root.text()))
    return listed


def check_perft(s, chk, T, pos, depth):
    """`perft depth` at pos, the program's position: the rules' count, or, where
    the count meets a position over the limit, docs/fox.md's."""
    line = "perft %d" % depth
    ctx = where(pos)
    if not meets_limit(pos, depth):
        s.expect(T, "wrong `%s`" % line, line, ok_answer(str(pos.perft(depth))), ctx)
        return
    exp = limited_perft(pos, depth, lambda path: program_listing(s, chk, T, pos, path))
    ans = s.cmd(line)
    if ans == ok_answer(str(exp)):
        KNOWN.record(T, "`%s` counts %d, only the listed actions where the fox has more than %d"
                     % (line, exp, FOX_ACTIONS_LIMIT), ctx)
        return
    full = pos.perft(depth)
    if ans == ok_answer(str(full)):
        chk.ok(False, T, "`%s` counted every fox action: %s" % (line, LIFTED), line,
               ok_answer(str(exp)), ans, ctx + " (the rules: %d)" % full)
    else:
        chk.ok(False, T, "wrong `%s` over the known limit" % line, line, ok_answer(str(exp)), ans,
               ctx + " (docs/fox.md: %d, the rules: %d)" % (exp, full))


def check_at_limit(s, chk, T, pos, pick, name=None):
    """The program at pos, a position over the limit reached by play: `status`
    and `position` as the rules say, `legal` and `perft 1` as docs/fox.md
    says, and `play` of the chains pick(unlisted) chooses among those the
    rules allow but `legal` left out: taken, then undone. Returns whether the
    program's game is still the reference's."""
    text = pos.text()
    ctx = where(pos, name)
    s.h.send_raw(b"status\nposition\nlegal\nperft 1\n")
    st, po, lg, pf = [s.h.answer() for _ in range(4)]
    same = chk.ok(st == ok_answer(pos.status_text()), T, "wrong `status`", "status",
                  ok_answer(pos.status_text()), st, ctx)
    same = chk.ok(po == ok_answer(text), T, "wrong `position`", "position", ok_answer(text), po,
                  ctx) and same
    listed = check_limited_legal(chk, T, pos, lg, ctx)
    full = pos.legal_texts()
    if pf == ok_answer(str(FOX_ACTIONS_LIMIT)):
        KNOWN.record(T, "`perft 1` counts %d of the fox's %d actions" % (FOX_ACTIONS_LIMIT,
                                                                          len(full)), ctx)
    elif pf == ok_answer(str(len(full))):
        chk.ok(False, T, "`perft 1` counted every one of the fox's actions: " + LIFTED,
               "perft 1", ok_answer(str(FOX_ACTIONS_LIMIT)), pf, ctx)
    else:
        chk.ok(False, T, "wrong `perft 1` over the known limit", "perft 1",
               ok_answer(str(FOX_ACTIONS_LIMIT)), pf, ctx + " (the rules: %d)" % len(full))
    if not same:
        return False
    shown = set(listed)
    for a in pick([a for a in full if a not in shown]):
        after = pos.apply(a).text()
        ans = s.expect(T, "`play` of a chain the rules allow but `legal` left out must answer "
                       "'=' (docs/fox.md)", "play " + a, ["="], ctx)
        if ans != ["="]:
            if s.cmd("position") != ok_answer(text):
                return False
            continue
        s.expect(T, "wrong position after `play` of a chain left out of `legal`", "position",
                 ok_answer(after), ctx + "; play " + a)
        s.expect(T, "`undo` must answer '='", "undo", ["="], "after play %s at %s" % (a, text))
        if s.expect(T, "`undo` must restore the position", "position", ok_answer(text),
                    "undo of %s from %s" % (a, after)) != ok_answer(text):
            return False
        chk.note("chains left out of `legal` played")
    return True


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


# A crowd of geese around c3 gives the fox 1775 actions (every prefix of every
# chain; the count is the reference's), more than the known limit: `set` must
# refuse it, and reached by a goose move `legal` lists 1024 of them (see
# FOX_ACTIONS_LIMIT), while the eleven-hop chain below, which takes b3, b4,
# d4, d2, c2, d3, e4, d6, c6, d5, e6 and leaves a4, a5, b5, e2, is played.
CROWD = ftext("fox", "c3", ("a4", "a5", "b3", "b4", "b5", "c2", "c6", "d2", "d3", "d4", "d5",
                            "d6", "e2", "e4", "e6"))
CROWD_CHAIN = "c3-a3-c5-e3-c1-c3-e3-e5-c7-c5-e5-e7"


def limit_scenarios():
    """(the crowd set by hand, the crowd reached by a goose move)."""
    return (Scenario("more than 1024 fox actions: `set` refused", CROWD, perfts={1: 1775}),
            Scenario("the same crowd reached by a goose move",
                     ftext("geese", "c3", ("a4", "a5", "b4", "b5", "c2", "c4", "c6", "d2", "d3",
                                           "d4", "d5", "d6", "e2", "e4", "e6")),
                     steps=[("c4-b3", CROWD),
                            (CROWD_CHAIN, ftext("geese", "e7", ("a4", "a5", "b5", "e2")))],
                     status="ongoing geese"))


def run_limit_scenarios(path, chk, T, rng):
    """The crowd: its `set` refused; reached by play, checked as docs/fox.md
    says (chains left out of `legal` taken: the first, the last, the longest
    and one at random), and the eleven-hop chain played and undone."""
    s = C.Session(path, chk)
    try:
        refs = []
        for sc in limit_scenarios():
            try:
                refs.append(C.check_scenario_with_ref(R, sc))
                if not over_limit(refs[-1][0] if not sc.steps else refs[-1][1]):
                    raise R.RefError("not over the known limit")
            except R.RefError as e:
                chk.ok(False, T, "fox_ref.py disagrees with the hand-written scenario (a test "
                       "bug): %s" % e, context=sc.name)
                return
        refused, reached = limit_scenarios()
        s.expect(T, "`set` of the start must answer '='", "set " + START, ["="])
        check_set_refused(s, chk, T, refs[0][0], refused.name)
        chk.note("scenarios run")

        name = reached.name
        start, crowd, end = refs[1]
        ctx = where(start, name)
        if s.expect(T, "`set` of a hand-made position must answer '=' (%s)" % name,
                    "set " + start.text(), ["="], ctx) != ["="]:
            return
        s.expect(T, "%s: `position` must echo the `set` text" % name, "position",
                 ok_answer(start.text()), ctx)
        s.expect(T, "%s: wrong `status`" % name, "status", ok_answer(start.status_text()), ctx)
        s.expect(T, "%s: wrong `legal`" % name, "legal", ok_answer(" ".join(start.legal_texts())),
                 ctx)
        s.expect(T, "%s: `play c4-b3` must answer '='" % name, "play c4-b3", ["="], ctx)
        if s.expect(T, "%s: wrong position after `play c4-b3`" % name, "position",
                    ok_answer(crowd.text()), ctx) != ok_answer(crowd.text()):
            return

        def pick(unlisted):
            if not unlisted:
                return []
            chosen = [unlisted[0], unlisted[-1], max(unlisted, key=len), rng.choice(unlisted)]
            return sorted(set(chosen), key=chosen.index)
        if not check_at_limit(s, chk, T, crowd, pick, name):
            return
        s.expect(T, "%s: `play %s` must answer '='" % (name, CROWD_CHAIN), "play " + CROWD_CHAIN,
                 ["="], where(crowd, name))
        if s.expect(T, "%s: wrong position after `play %s`" % (name, CROWD_CHAIN), "position",
                    ok_answer(end.text()), where(crowd, name)) != ok_answer(end.text()):
            return
        ctx = where(end, name)
        s.expect(T, "%s: wrong `status`" % name, "status", ok_answer(end.status_text()), ctx)
        s.expect(T, "%s: wrong `legal`" % name, "legal", ok_answer(" ".join(end.legal_texts())),
                 ctx)
        s.expect(T, "%s: wrong `perft 1`" % name, "perft 1", ok_answer(str(end.perft(1))), ctx)
        for before in (crowd, start):
            s.expect(T, "%s: `undo` must answer '='" % name, "undo", ["="])
            s.expect(T, "%s: `undo` must restore the position" % name, "position",
                     ok_answer(before.text()))
        s.expect_error(T, "%s: `undo` past the `set` must answer ?" % name, "undo")
        chk.note("scenarios run")
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


def test_rules(path, chk, rng):
    C.run_scenarios(path, chk, R, "rules", scenarios(), "fox_ref.py")
    run_limit_scenarios(path, chk, "rules", rng)


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
        # those whose perft meets the known limit (or that are over it) apart
        at_limit = [p for p in good if meets_limit(p, 3 if perft3_ok(p) else 2)]
        C.check_good_positions(s, chk, T, R, [p for p in good if p not in at_limit],
                               perft3=perft3_ok, rng=rng)
        for p in at_limit:
            check_good_position_at_limit(s, chk, T, p, rng)
        many = [R.random_position(rng) for _ in range(1500)] + \
            [cornered_position(rng) for _ in range(500)]
        deep_at_limit = []

        def perft2(p):
            if rng.random() >= 0.1:
                return False
            if meets_limit(p, 2):
                deep_at_limit.append(p)  # checked below
                return False
            return True
        C.check_many_positions(s, chk, T, [p for p in many if not over_limit(p)], perft2=perft2)
        for p in many:
            if over_limit(p):
                check_set_refused(s, chk, T, p)
        for p in deep_at_limit:
            if s.expect(T, "`set` of a valid position must answer '='", "set " + p.text(),
                        ["="]) == ["="]:
                check_perft(s, chk, T, p, 2)
        s.cmd("set " + base)
        s.expect_error_unchanged(T, "`solve` is for `hare` only: must answer ?", "solve", base)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


def check_good_position_at_limit(s, chk, T, ref, rng):
    """check_good_positions() at a position whose perft meets the known limit:
    the same checks, perft as check_perft() says; over the limit itself, the
    `set` refused."""
    if over_limit(ref):
        check_set_refused(s, chk, T, ref)
        return
    text = ref.text()
    ctx = where(ref)
    if s.expect(T, "`set` of a valid position must answer '='", "set " + text, ["="]) != ["="]:
        return
    chk.note("random positions set")
    s.expect(T, "`position` must echo the `set` text", "position", ok_answer(text), ctx)
    s.expect(T, "wrong `status` after set", "status", ok_answer(ref.status_text()), ctx)
    s.expect(T, "wrong `legal` after set", "legal", ok_answer(" ".join(ref.legal_texts())), ctx)
    s.expect(T, "wrong `perft 1` after set", "perft 1", ok_answer(str(ref.perft(1))), ctx)
    s.expect_error(T, "`undo` right after `set` must answer ?", "undo", ctx)
    for depth in (2, 3) if perft3_ok(ref) else (2,):
        check_perft(s, chk, T, ref, depth)
    if not ref.ended():
        a = rng.choice(ref.legal_texts())
        s.expect(T, "legal `play` after set must answer '='", "play " + a, ["="], ctx)
        s.expect(T, "wrong position after a play from a set position", "position",
                 ok_answer(ref.apply(a).text()), ctx + "; play " + a)


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


CROWD_GAMES_EVERY = 20  # one game in this many starts from crowd_position()


def crowd_position(rng):
    """The geese to move, crowded on the points the fox jumps over (those
    outside its point's parity class), with a goose move after which the fox
    has more than FOX_ACTIONS_LIMIT actions: (position, that move), the one
    leaving the fox the fewest such actions (the reference stays quick)."""
    while True:
        fox = rng.choice(("c3", "c5", "e3", "e5"))
        f = R.point(fox)
        between = [p for p in R.NAMES if (R.point(p)[0] - f[0]) % 2 or (R.point(p)[1] - f[1]) % 2]
        pos = R.Position(R.GEESE, rng.randrange(2), fox, rng.sample(between, rng.randint(12, 16)))
        if pos.ended():
            continue
        over = [(len(pos.apply(m).legal_texts()), m) for m in pos.legal_texts()]
        over = [(n, m) for n, m in over if n > FOX_ACTIONS_LIMIT]
        if over:
            return pos, min(over)[1]


class FoxRunner(C.Runner):
    """C.Runner, with the known limit at the positions over it: `set`
    refused, the state checked by check_at_limit() (one chain left out of
    `legal` played and undone), perft by check_perft()."""

    def set(self, pos):
        if over_limit(pos):
            check_set_refused(self.s, self.chk, self.T, pos)
            return False
        return super().set(pos)

    def check_state(self):
        if not over_limit(self.pos):
            super().check_state()
            return
        self.chk.note("positions over the known limit reached by play")
        if not check_at_limit(self.s, self.chk, self.T, self.pos,
                              lambda unlisted: [self.rng.choice(unlisted)] if unlisted else []):
            self.lost = True

    def set_check(self):
        if not over_limit(self.pos):
            super().set_check()
        elif not check_set_refused(self.s, self.chk, self.T, self.pos):
            self.history = []  # taken (the limit lifted): the history went with it

    def perft_check(self, depth):
        self.chk.note("perft %d" % depth)
        check_perft(self.s, self.chk, self.T, self.pos, depth)


def play_game(s, chk, rng, gi, plies_cap, hints):
    T = "game %d" % gi
    g = FoxRunner(s, chk, rng, T, R, hints)
    x = rng.random()
    forced = None  # the first action of a game from a crowd
    if gi % CROWD_GAMES_EVERY == 3:
        start, forced = crowd_position(rng)
        if not g.set(start):
            return
        chk.note("games from a crowd (over the known limit after one goose move)")
    elif x < 0.2:
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
    if forced is not None:
        policy = rng.choice(("random", "mixed", "genmove"))
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
        if forced is not None and ply == 0 and g.pos.turn == R.GEESE:
            g.play(forced)
        elif policy == "genmove" or (policy == "mixed" and rng.random() < 0.3) \
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
    over = [p for p in positions if over_limit(p)]
    if over:
        s = C.Session(path, chk)
        try:
            for p in over:
                check_set_refused(s, chk, T, p)
        finally:
            s.h.kill()
    C.check_levels(path, chk, T, R, [p for p in positions if not over_limit(p)])


def print_known_limits_before_total(*args, **kwargs):
    """run_protocol_tests.py's print, for run_suites(): the count of the
    known-limit checks goes on the line just before the closing
    `N passed, N failed`, which stays the last line, alone."""
    if len(args) == 1 and isinstance(args[0], str) and TOTAL_LINE.match(args[0]):
        print(KNOWN.summary())
    print(*args, **kwargs)


TOTAL_LINE = re.compile(r"^\d+ passed, \d+ failed$")


def main():
    C.skip_unless_known("fox")
    P.print = print_known_limits_before_total
    return P.run_suites(
        __doc__.split("\n\n")[0], "fox protocol test", 200, 120,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("rules", lambda: test_rules(a.herd, chk, rng)),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("computer", lambda: test_computer(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies))))


if __name__ == "__main__":
    sys.exit(main())
