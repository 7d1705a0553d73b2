#!/usr/bin/env python3
"""Protocol test of the `herd` program for the game `hex` (Mark Steere's Herd).

    python3 tests/protocol/run_hex_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Drives `herd` through pipes, one command at a time, and compares every answer
with docs/protocol.md and docs/hex.md through the independent
reference in hex_ref.py (positions, legal actions, status, perft). The
process and answer machinery is the one of run_protocol_tests.py (the
`horses` test), imported from it. Standard library only. Prints each failure
with the command sent, the expected and the actual answer, and ends with
`N passed, N failed`. Exit status 0 only when nothing failed.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hex_ref as R  # noqa: E402
import random_games as RG  # noqa: E402
import run_protocol_tests as P  # noqa: E402

HerdDied, HerdTimeout, BadFraming = P.HerdDied, P.HerdTimeout, P.BadFraming
FAILURES = (HerdDied, HerdTimeout, BadFraming)
Session, Checker = P.Session, P.Checker
payload, ok_answer = P.payload, P.ok_answer

MAX64 = 2 ** 64 - 1


# ---------------------------------------------------------------------------
# Helpers


def rows_with(n, red=(), blue=()):
    """The row strings of a side-n board with red and blue stones on the named cells."""
    board = {c: R.EMPTY for c in R.cells_of(n)}
    for side, names in ((R.RED, red), (R.BLUE, blue)):
        for name in names:
            cell = R.parse_cell(name)
            assert R.on_board(n, cell), name
            assert board[cell] == R.EMPTY, name
            board[cell] = R.STONE[side]
    return ["".join(board[(r, c)] for c in range(R.row_len(n, r))) for r in range(2 * n - 1)]


def ptext(n, turns, turn, phase, dice, left, red=(), blue=()):
    """A position text written out by hand (not through the reference)."""
    return "hex size=%d turns=%d turn=%s phase=%s dice=%s left=%d board=%s" % (
        n, turns, turn, phase, "-" if dice is None else "%d,%d" % dice, left,
        "/".join(rows_with(n, red, blue)))


def empty_text(n):
    return ptext(n, 0, "red", "roll", None, 0)


def off_board_cells(n):
    """Cell texts that are not on a side-n board."""
    last = 2 * n - 1
    out = ["%s1" % chr(ord("a") + last) if last < 26 else None,
           "a%d" % (n + 1), "%s%d" % (chr(ord("a") + n - 1), 2 * n), "z1", "a99"]
    return [c for c in out if c is not None]


def perft_affordable(pos, depth):
    """Whether the reference can count perft(depth) here quickly."""
    if depth <= 1:
        return True
    b = max(1, len(pos.legal_texts()))
    est = b ** (depth - 1) * len(pos.board)
    return est <= (60000 if depth == 2 else 150000)


def random_size(rng):
    r = rng.random()
    if r < 0.45:
        return rng.randint(2, 4)
    if r < 0.75:
        return rng.randint(5, 7)
    if r < 0.93:
        return rng.randint(8, 11)
    return rng.randint(12, 13)


def random_seed(rng):
    r = rng.random()
    if r < 0.03:
        return 0
    if r < 0.06:
        return MAX64
    if r < 0.2:
        return rng.randrange(1000)
    return rng.getrandbits(64)


def describe(before, action, after, chk):
    """Counts what a transition exercised (printed with --verbose)."""
    if action.startswith("+"):
        k = before.captures_of(action)
        if k:
            chk.note("captures by one placement: %d" % k)
            if before.left == 1 and after.turn == before.turn:
                chk.note("captures that extended the turn")
            caught = before.captures_by(R.parse_cell(action[1:]), before.turn)
            if any(len(R.neighbours(before.n, c)) < 6 for c in caught):
                chk.note("captures of an edge or corner stone")
            if before.empties() == 1:
                chk.note("captures by the stone on the last empty cell")
        if after.turn != before.turn and before.left - 1 + k > 0:
            chk.note("turns ended early (only prohibited cells or none left)")
        if after.ended():
            chk.note("games ended by a full board")
    elif action.startswith("-"):
        if after.turn != before.turn:
            chk.note("turns ended right after the removals (no legal placement)")
    elif action.startswith("dice:"):
        if before.turns == 0:
            chk.note("balancing rule rolls")
        elif after.phase == R.PLACE:
            chk.note("rolls with no enemy stone (removal skipped)")
        if after.phase == R.REMOVE and after.left < int(action[5]):
            chk.note("rolls with fewer enemy stones than L")
    if before.phase == R.PLACE and len(before.legal_texts()) < before.empties():
        chk.note("placement states with a prohibited cell")


# ---------------------------------------------------------------------------
# Playing through the session, checked against the reference


class HexRunner:
    def __init__(self, s, chk, rng, test):
        self.s = s
        self.chk = chk
        self.rng = rng
        self.T = test
        self.pos = None
        self.history = []  # (position before, action) for every action taken
        self.lost = False

    def ctx(self):
        return "position " + self.pos.text()

    def new(self, n, seed):
        line = "new hex size=%d seed=%d" % (n, seed)
        exp = empty_text(n)
        ans = self.s.expect(self.T, "`new hex` must answer the empty board", line, ok_answer(exp))
        if ans != ok_answer(exp):
            return False
        self.pos = R.parse_position(exp)
        self.history = []
        self.s.expect(self.T, "`position` must equal the `new` payload", "position",
                      ok_answer(exp), "after " + line)
        return True

    def set(self, pos):
        text = pos.text()
        ans = self.s.expect(self.T, "`set` of a valid position must answer '='", "set " + text,
                            ["="])
        self.pos = pos
        self.history = []
        if ans != ["="]:
            self.lost = True
            return False
        return True

    def check_state(self):
        """status, legal and position against the reference (the three commands
        are sent at once, then the three answers read in order)."""
        T = self.T
        self.s.h.send_raw(b"status\nlegal\nposition\n")
        answers = [self.s.h.answer() for _ in range(3)]
        for (line, what, exp), ans in zip(
                (("status", "wrong `status`", ok_answer(self.pos.status_text())),
                 ("legal", "wrong `legal`", ok_answer(" ".join(self.pos.legal_texts()))),
                 ("position", "wrong `position`", ok_answer(self.pos.text()))), answers):
            if not self.chk.ok(ans == exp, T, what, line, exp, ans, self.ctx()) \
                    and line == "position":
                self.lost = True

    def _advance(self, action):
        before = self.pos
        self.pos = before.apply(action)
        self.history.append((before, action))
        describe(before, action, self.pos, self.chk)

    def play(self, action):
        ans = self.s.cmd("play " + action)
        if not self.chk.ok(ans == ["="], self.T, "legal `play` must answer '='",
                           "play " + action, ["="], ans, self.ctx()):
            self.lost = True
        self._advance(action)

    def roll(self):
        """`roll` while rolling: '= dice:L,H', one of the 21 outcomes, then played."""
        ans = self.s.cmd("roll")
        p = payload(ans)
        outcomes = ["dice:%d,%d" % o for o in R.OUTCOMES]
        if not self.chk.ok(p in outcomes, self.T, "`roll` must answer '= dice:L,H' (L <= H)",
                           "roll", "'= <one of the 21 outcomes>'", ans, self.ctx()):
            self.lost = True
            return None
        self.chk.note("roll")
        self._advance(p)
        return p

    def genmove(self):
        """`genmove`: refused while the dice wait (docs/hex.md: it does not roll);
        otherwise a legal action, and while placing one that captures the most
        stones at once (docs/hex.md, the computer player)."""
        T = self.T
        if self.pos.phase == R.ROLL:
            ok = self.s.expect_error_unchanged(T, "`genmove` while the dice wait must answer ? "
                                               "(docs/hex.md: the computer player does not roll)",
                                               "genmove", self.pos.text())
            if not ok:
                self.lost = True
            return None
        legal = self.pos.legal_texts()
        ans = self.s.cmd("genmove")
        m = payload(ans)
        if m is None or m not in legal:
            self.chk.ok(False, T, "`genmove` must answer a legal action", "genmove",
                        "'= <one of: %s>'" % " ".join(legal), ans, self.ctx())
            self.lost = True
            return None
        self.chk.ok(True, T, "genmove legal")
        if self.pos.phase == R.PLACE:
            best = max(self.pos.captures_of(a) for a in legal)
            got = self.pos.captures_of(m)
            self.chk.ok(got == best, T,
                        "`genmove` must place where it captures the most (docs/hex.md)",
                        "genmove", "a placement capturing %d" % best,
                        "%s capturing %d" % (m, got), self.ctx())
            if best:
                self.chk.note("genmove with a capture available")
        self.chk.note("genmove")
        self._advance(m)
        return m

    def undo_check(self):
        """undo the last action; position returns exactly; the same action is played again."""
        T = self.T
        if not self.history:
            self.s.expect_error(T, "`undo` with nothing to undo must answer ?", "undo",
                                self.ctx())
            return
        prev, action = self.history[-1]
        self.s.expect(T, "`undo` must answer '='", "undo", ["="], self.ctx())
        if self.s.expect(T, "`undo` must restore the previous position exactly", "position",
                         ok_answer(prev.text()), "undo of " + action + " from " + self.pos.text()
                         ) != ok_answer(prev.text()):
            self.lost = True
            return
        self.history.pop()
        self.pos = prev
        self.chk.note("undo")
        self.play(action)

    def illegal_check(self):
        T = self.T
        before = self.pos.text()
        for kind, a in illegal_actions(self.pos, self.rng):
            if a is not None and a in self.pos.legal_texts():
                continue
            line = "play" if a is None else "play " + a
            if not self.s.expect_error_unchanged(T, "illegal action (%s) must answer ?" % kind,
                                                 line, before):
                self.lost = True
                return
        if self.pos.phase != R.ROLL:
            if not self.s.expect_error_unchanged(T, "`roll` when no roll waits must answer ?",
                                                 "roll", before):
                self.lost = True

    def set_check(self):
        T = self.T
        text = self.pos.text()
        self.s.expect(T, "`set` of the current position must answer '='", "set " + text, ["="])
        if self.s.expect(T, "`position` must echo the `set` text", "position", ok_answer(text),
                         "after set " + text) != ok_answer(text):
            self.lost = True
        self.s.expect_error(T, "`undo` right after `set` must answer ? (history cleared)",
                            "undo", self.ctx())
        self.history = []

    def perft_check(self, depth):
        exp = self.pos.perft(depth)
        self.chk.note("perft %d" % depth)
        self.s.expect(self.T, "wrong `perft %d`" % depth, "perft %d" % depth,
                      ok_answer(str(exp)), self.ctx())

    def check_ended(self):
        T = self.T
        ctx = self.ctx() + " (" + self.pos.status_text() + ")"
        text = self.pos.text()
        self.s.expect(T, "`legal` after the end must be exactly '='", "legal", ["="], ctx)
        for line in ("play dice:%d,%d" % self.rng.choice(R.OUTCOMES), "roll", "genmove",
                     "play +" + R.cell_name(self.rng.choice(R.cells_of(self.pos.n)))):
            self.s.expect_error_unchanged(T, "`%s` after the end must answer ?"
                                          % line.split(":")[0].split(" +")[0], line, text)
        self.s.expect(T, "`perft 1` after the end must be 0", "perft 1", ok_answer("0"), ctx)
        self.s.expect(T, "`perft 2` after the end must be 0", "perft 2", ok_answer("0"), ctx)


def illegal_actions(pos, rng):
    """(kind, text) pairs that must be refused in pos (ongoing)."""
    n = pos.n
    side = pos.turn
    own, enemy = R.STONE[side], R.STONE[1 - side]
    cells = R.cells_of(n)
    empties = [c for c in cells if pos.board[c] == R.EMPTY]
    owns = [c for c in cells if pos.board[c] == own]
    enemies = [c for c in cells if pos.board[c] == enemy]
    name = R.cell_name
    out = []
    if pos.phase == R.ROLL:
        if empties:
            out.append(("placement before rolling", "+" + name(rng.choice(empties))))
        if enemies:
            out.append(("removal before rolling", "-" + name(rng.choice(enemies))))
    else:
        out.append(("dice when already rolled", "dice:%d,%d" % rng.choice(R.OUTCOMES)))
    if pos.phase == R.REMOVE:
        if owns:
            out.append(("removing an own stone", "-" + name(rng.choice(owns))))
        if empties:
            out.append(("removing from an empty cell", "-" + name(rng.choice(empties))))
            out.append(("placing while removals are left", "+" + name(rng.choice(empties))))
        out.append(("removing off the board", "-" + rng.choice(off_board_cells(n))))
    if pos.phase == R.PLACE:
        if owns:
            out.append(("placing on an own stone", "+" + name(rng.choice(owns))))
        if enemies:
            out.append(("placing on an enemy stone", "+" + name(rng.choice(enemies))))
            out.append(("removing while placing", "-" + name(rng.choice(enemies))))
        forbidden = [c for c in empties if pos.prohibited(c, side)]
        if forbidden:
            out.append(("placing on a prohibited cell", "+" + name(rng.choice(forbidden))))
        out.append(("placing off the board", "+" + rng.choice(off_board_cells(n))))
    for g in ("dice:7,1", "dice:4,2", "dice:0,0", "dice:1,7", "dice:6,5", "dice:1,2,3",
              "dice:12", "dice:", "dice:a,b", "DICE:1,2", "dice1,2", "+", "-", "+a0", "+A1",
              "+1a", "a1", "++a1", "+a1x", "xyz", "+-a1", "roll"):
        out.append(("garbage or impossible action", g))
    out.append(("missing action", None))
    return out


# ---------------------------------------------------------------------------
# 1. Framing bits that concern hex


def show_check(s, chk, T, text):
    """`show` then `position` sent together: the `show` answer is '= ' and some
    lines, then exactly one empty line (protocol.md, framing); the next answer
    must be the position. Reads past stray empty lines to stay in step."""
    s.h.send_raw(b"show\nposition\n")
    lines = s.h.answer()
    chk.ok(lines[0] == "=" or lines[0].startswith("= "), T, "`show` must answer '= ...'",
           "show", "'= <board lines>'", lines, "position " + text)
    extra = 0
    nxt = s.h.readline()
    while nxt == "" and extra < 50:
        extra += 1
        nxt = s.h.readline()
    chk.ok(extra == 0, T, "the `show` answer must end with exactly one empty line "
           "(protocol.md: every answer ends with one empty line)", "show",
           "'= <board lines>' then one empty line",
           repr("\n".join(lines) + "\n" + "\n" * (extra + 1)), "position " + text)
    rest = s.h.readline() if nxt else None
    ans = [nxt] + ([] if rest == "" else [rest])
    chk.ok(ans == ok_answer(text), T, "answers out of step after `show`", "position",
           ok_answer(text), ans)


def test_framing(path, chk):
    T = "framing"
    s = Session(path, chk)
    try:
        s.expect_error(T, "`roll` before any game must answer ?", "roll")
        s.expect(T, "`new hex` (all defaults: size 5) must answer the empty side-5 board",
                 "new hex", ok_answer(empty_text(5)))
        for n in (2, 3, 13):
            for seed in (0, MAX64):
                line = "new hex size=%d seed=%d" % (n, seed)
                s.expect(T, "`new hex` must answer the empty board", line, ok_answer(empty_text(n)))
        s.expect(T, "option order must not matter", "new hex seed=7 size=4",
                 ok_answer(empty_text(4)))
        s.expect_error_unchanged(T, "`solve` is for `hare` only: hex must answer ?", "solve",
                                 empty_text(4))
        show_check(s, chk, T, empty_text(4))
        s.expect(T, "`perft 0` must be 1", "perft 0", ok_answer("1"))
        for line in ("perft -1", "perft abc", "perft"):
            s.expect_error_unchanged(T, "bad perft depth must answer ?", line, empty_text(4))
        s.expect_error_unchanged(T, "`undo` right after `new` must answer ?", "undo",
                                 empty_text(4))
        ans = s.cmd("new horses")
        if payload(ans):
            s.expect_error_unchanged(T, "`roll` is for `hex` only: horses must answer ?", "roll",
                                     payload(ans))
        # `set` as the first command of a process makes a hex game
        s.restart()
        ex = ptext(3, 2, "red", "place", (2, 4), 3, red=["c3"], blue=["a1"])
        s.expect(T, "`set` as the first command must answer '='", "set " + ex, ["="])
        s.expect(T, "`position` must echo the `set` text", "position", ok_answer(ex))
        show_check(s, chk, T, ex)
        full = ptext(2, 5, "blue", "roll", None, 0, red=["a1", "b2", "c1", "c2"],
                     blue=["a2", "b1", "b3"])
        s.expect(T, "`set` of a full board must answer '='", "set " + full, ["="])
        show_check(s, chk, T, full)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 2. Hand-made positions, one per rule


class Scenario:
    """A position set by hand, then actions, each with the position text that
    must follow (written by hand from docs/hex.md), and the last status."""

    def __init__(self, name, start, steps, status=None, refused=()):
        self.name = name
        self.start = start
        self.steps = steps      # [(action, expected text after)]
        self.status = status    # expected status at the end, when given
        self.refused = refused  # actions that must be refused at the start


def scenarios():
    S = []
    # capture in a corner: a1 has three neighbours (a2, b1, b2)
    S.append(Scenario(
        "capture on a corner cell",
        ptext(3, 2, "red", "place", (2, 3), 1, red=["a2", "b1"], blue=["a1", "e3"]),
        [("+b2", ptext(3, 2, "red", "place", (2, 3), 1, red=["a2", "b1", "b2"], blue=["e3"])),
         ("+a1", ptext(3, 3, "blue", "roll", None, 0, red=["a1", "a2", "b1", "b2"],
                       blue=["e3"]))],
        "ongoing blue"))
    # capture on an edge cell: b1 has four neighbours (a1, b2, c1, c2)
    S.append(Scenario(
        "capture on an edge cell",
        ptext(3, 4, "red", "place", (1, 2), 2, red=["a1", "c1", "c2"], blue=["b1", "c5"]),
        [("+b2", ptext(3, 4, "red", "place", (1, 2), 2, red=["a1", "b2", "c1", "c2"],
                       blue=["c5"]))]))
    S.append(Scenario(
        "capture on an edge cell of a side-5 board (a3: a2, a4, b3, b4)",
        ptext(5, 6, "red", "place", (3, 5), 4, red=["a2", "a4", "b3"], blue=["a3", "i5"]),
        [("+b4", ptext(5, 6, "red", "place", (3, 5), 4, red=["a2", "a4", "b3", "b4"],
                       blue=["i5"]))]))
    S.append(Scenario(
        "capture by blue on the bottom corner e3 (e2, d3, d4)",
        ptext(3, 5, "blue", "place", (2, 2), 1, red=["e3", "a1"], blue=["e2", "d3"]),
        [("+d4", ptext(3, 5, "blue", "place", (2, 2), 1, red=["a1"], blue=["e2", "d3", "d4"])),
         ("+e3", ptext(3, 6, "red", "roll", None, 0, red=["a1"], blue=["e2", "d3", "d4", "e3"]))]))
    # no capture while a neighbour is empty or holds an enemy stone
    S.append(Scenario(
        "no capture while a neighbour of the enemy stone is empty",
        ptext(3, 2, "red", "place", (1, 3), 2, red=["a1", "c1"], blue=["b1"]),
        [("+b2", ptext(3, 2, "red", "place", (1, 3), 1, red=["a1", "b2", "c1"], blue=["b1"]))]))
    S.append(Scenario(
        "no capture of a stone with a friendly neighbour (two enemy stones together)",
        ptext(3, 2, "red", "place", (1, 3), 2, red=["a1", "c1", "d1"], blue=["b1", "c2"]),
        [("+b2", ptext(3, 2, "red", "place", (1, 3), 1, red=["a1", "b2", "c1", "d1"],
                       blue=["b1", "c2"]))]))
    S.append(Scenario(
        "captures only next to the placed stone (a surrounded stone elsewhere stays)",
        ptext(3, 2, "red", "place", (1, 1), 1, red=["a2", "b1", "b2"], blue=["a1", "c5"]),
        [("+e3", ptext(3, 3, "blue", "roll", None, 0, red=["a2", "b1", "b2", "e3"],
                       blue=["a1", "c5"]))]))
    # one placement captures two stones: two extra placements
    S.append(Scenario(
        "one placement captures two stones (two extra placements)",
        ptext(3, 4, "red", "place", (1, 4), 1, red=["b1", "b2", "b3", "b4"], blue=["a1", "a3"]),
        [("+a2", ptext(3, 4, "red", "place", (1, 4), 2, red=["a2", "b1", "b2", "b3", "b4"])),
         ("+a1", ptext(3, 4, "red", "place", (1, 4), 1,
                       red=["a1", "a2", "b1", "b2", "b3", "b4"])),
         ("+e2", ptext(3, 5, "blue", "roll", None, 0,
                       red=["a1", "a2", "b1", "b2", "b3", "b4", "e2"]))]))
    # a chain: the extra placement captures again
    S.append(Scenario(
        "a chain of captures (each extra placement captures again)",
        ptext(3, 2, "red", "place", (1, 1), 1, red=["a2", "b1", "e2", "d3"], blue=["a1", "e3"]),
        [("+b2", ptext(3, 2, "red", "place", (1, 1), 1, red=["a2", "b1", "b2", "e2", "d3"],
                       blue=["e3"])),
         ("+d4", ptext(3, 2, "red", "place", (1, 1), 1,
                       red=["a2", "b1", "b2", "e2", "d3", "d4"])),
         ("+c3", ptext(3, 3, "blue", "roll", None, 0,
                       red=["a2", "b1", "b2", "c3", "e2", "d3", "d4"]))]))
    # prohibited cells: corner a1 (a2, b1, b2 blue) and interior c3 (six blue)
    blue_ring = ["a2", "b1", "b2", "b3", "c2", "c4", "d2", "d3"]
    S.append(Scenario(
        "prohibited corner and interior cells (every neighbour enemy)",
        ptext(3, 2, "red", "place", (1, 2), 2, red=["e3", "c5"], blue=blue_ring),
        [("+c1", ptext(3, 2, "red", "place", (1, 2), 1, red=["c1", "e3", "c5"],
                       blue=blue_ring))],
        refused=("+a1", "+c3")))
    S.append(Scenario(
        "a cell prohibited for red is open to blue",
        ptext(3, 3, "blue", "place", (1, 2), 2, red=["e3", "c5"], blue=blue_ring),
        [("+a1", ptext(3, 3, "blue", "place", (1, 2), 1, red=["e3", "c5"],
                       blue=blue_ring + ["a1"])),
         ("+c3", ptext(3, 4, "red", "roll", None, 0, red=["e3", "c5"],
                       blue=blue_ring + ["a1", "c3"]))]))
    S.append(Scenario(
        "prohibited edge cell on a side-4 board (b1: a1, b2, c1, c2 blue)",
        ptext(4, 8, "red", "place", (2, 6), 3, red=["g4"], blue=["a1", "b2", "c1", "c2"]),
        [], refused=("+b1",)))
    # the balancing rule
    S.append(Scenario(
        "balancing rule: red's first turn places L, removes nothing",
        empty_text(3),
        [("dice:2,5", ptext(3, 0, "red", "place", (2, 5), 2)),
         ("+c3", ptext(3, 0, "red", "place", (2, 5), 1, red=["c3"])),
         ("+a1", ptext(3, 1, "blue", "roll", None, 0, red=["a1", "c3"])),
         ("dice:2,5", ptext(3, 1, "blue", "remove", (2, 5), 2, red=["a1", "c3"])),
         ("-c3", ptext(3, 1, "blue", "remove", (2, 5), 1, red=["a1"])),
         ("-a1", ptext(3, 1, "blue", "place", (2, 5), 5))],
        "ongoing blue"))
    S.append(Scenario(
        "balancing rule with doubles dice:6,6 on a side-2 board",
        empty_text(2),
        [("dice:6,6", ptext(2, 0, "red", "place", (6, 6), 6)),
         ("+a1", ptext(2, 0, "red", "place", (6, 6), 5, red=["a1"])),
         ("+a2", ptext(2, 0, "red", "place", (6, 6), 4, red=["a1", "a2"])),
         ("+b1", ptext(2, 0, "red", "place", (6, 6), 3, red=["a1", "a2", "b1"])),
         ("+b2", ptext(2, 0, "red", "place", (6, 6), 2, red=["a1", "a2", "b1", "b2"])),
         ("+b3", ptext(2, 0, "red", "place", (6, 6), 1, red=["a1", "a2", "b1", "b2", "b3"])),
         ("+c1", ptext(2, 1, "blue", "roll", None, 0,
                       red=["a1", "a2", "b1", "b2", "b3", "c1"]))],
        "ongoing blue"))
    S.append(Scenario(
        "balancing rule dice:1,6: one stone, then blue",
        empty_text(4),
        [("dice:1,6", ptext(4, 0, "red", "place", (1, 6), 1)),
         ("+d4", ptext(4, 1, "blue", "roll", None, 0, red=["d4"]))]))
    # fewer enemy stones than L; none at all
    S.append(Scenario(
        "fewer enemy stones than L: remove them all, then place H",
        ptext(3, 1, "blue", "roll", None, 0, red=["a1", "e3"], blue=["c3"]),
        [("dice:4,6", ptext(3, 1, "blue", "remove", (4, 6), 2, red=["a1", "e3"], blue=["c3"])),
         ("-e3", ptext(3, 1, "blue", "remove", (4, 6), 1, red=["a1"], blue=["c3"])),
         ("-a1", ptext(3, 1, "blue", "place", (4, 6), 6, blue=["c3"]))]))
    S.append(Scenario(
        "no enemy stone: the removals are skipped",
        ptext(3, 3, "blue", "roll", None, 0, blue=["c3", "a1"]),
        [("dice:3,4", ptext(3, 3, "blue", "place", (3, 4), 4, blue=["c3", "a1"]))]))
    # doubles
    S.append(Scenario(
        "doubles dice:3,3: remove 3, then place 3",
        ptext(3, 2, "red", "roll", None, 0, red=["c3"], blue=["a1", "a2", "a3", "e1", "e3"]),
        [("dice:3,3", ptext(3, 2, "red", "remove", (3, 3), 3, red=["c3"],
                            blue=["a1", "a2", "a3", "e1", "e3"])),
         ("-a2", ptext(3, 2, "red", "remove", (3, 3), 2, red=["c3"],
                       blue=["a1", "a3", "e1", "e3"])),
         ("-e1", ptext(3, 2, "red", "remove", (3, 3), 1, red=["c3"], blue=["a1", "a3", "e3"])),
         ("-e3", ptext(3, 2, "red", "place", (3, 3), 3, red=["c3"], blue=["a1", "a3"])),
         ("+b2", ptext(3, 2, "red", "place", (3, 3), 2, red=["b2", "c3"], blue=["a1", "a3"])),
         ("+d1", ptext(3, 2, "red", "place", (3, 3), 1, red=["b2", "c3", "d1"],
                       blue=["a1", "a3"])),
         ("+d2", ptext(3, 3, "blue", "roll", None, 0, red=["b2", "c3", "d1", "d2"],
                       blue=["a1", "a3"]))]))
    # early end of a turn
    S.append(Scenario(
        "early end of turn: only prohibited cells are left after a placement",
        ptext(2, 2, "red", "place", (3, 3), 3, red=["b3", "c2"], blue=["a2", "b1", "b2"]),
        [("+c1", ptext(2, 3, "blue", "roll", None, 0, red=["b3", "c1", "c2"],
                       blue=["a2", "b1", "b2"]))],
        "ongoing blue", refused=("+a1",)))
    all3 = [R.cell_name(c) for c in R.cells_of(3)]
    blues = [c for c in all3 if c not in ("a1", "e3")]
    S.append(Scenario(
        "early end of turn: the removals leave only prohibited cells (no placement at all)",
        ptext(3, 2, "red", "remove", (1, 4), 1, red=["e3"], blue=blues),
        [("-c3", ptext(3, 3, "blue", "roll", None, 0, red=["e3"],
                       blue=[c for c in blues if c != "c3"]))],
        "ongoing blue"))
    # the last empty cell
    S.append(Scenario(
        "a capture by the stone on the last empty cell reopens it; the game goes on",
        ptext(2, 2, "red", "place", (1, 1), 1, red=["b1", "b2", "b3"], blue=["a2", "c1", "c2"]),
        [("+a1", ptext(2, 2, "red", "place", (1, 1), 1, red=["a1", "b1", "b2", "b3"],
                       blue=["c1", "c2"])),
         ("+a2", ptext(2, 3, "blue", "roll", None, 0, red=["a1", "a2", "b1", "b2", "b3"],
                       blue=["c1", "c2"]))],
        "win red full"))
    S.append(Scenario(
        "the game ends exactly when the board fills; the filler (blue) loses 3-4",
        ptext(2, 3, "blue", "place", (2, 3), 2, red=["a2", "b1", "b3", "c1"], blue=["b2", "c2"]),
        [("+a1", ptext(2, 4, "red", "roll", None, 0, red=["a2", "b1", "b3", "c1"],
                       blue=["a1", "b2", "c2"]))],
        "win red full"))
    S.append(Scenario(
        "a full board set directly is an ended game won by the side with more stones",
        ptext(2, 6, "red", "roll", None, 0, red=["a1", "b2", "c1"],
              blue=["a2", "b1", "b3", "c2"]),
        [], "win blue full"))
    # the turn counter stops at 2^64-1 (docs/hex.md)
    S.append(Scenario(
        "turns stops counting at 2^64-1 (docs/hex.md); the turn still passes",
        ptext(2, MAX64, "blue", "place", (1, 1), 1, red=["c2"]),
        [("+a1", ptext(2, MAX64, "red", "roll", None, 0, red=["c2"], blue=["a1"])),
         ("dice:1,2", ptext(2, MAX64, "red", "remove", (1, 2), 1, red=["c2"], blue=["a1"]))]))
    return S


def test_scenarios(path, chk, rng):
    T = "rules"
    s = Session(path, chk)
    try:
        for sc in scenarios():
            # the reference must agree with the hand-written texts (a check of the test itself)
            ref_ok = True
            try:
                pos = R.parse_position(sc.start)
                refs = [pos]
                for action, after in sc.steps:
                    pos = pos.apply(action)
                    refs.append(pos)
                    if after is not None and pos.text() != after:
                        raise R.RefError("after %s: %s != %s" % (action, pos.text(), after))
                if sc.status is not None and pos.status_text() != sc.status:
                    raise R.RefError("status %s != %s" % (pos.status_text(), sc.status))
                for a in sc.refused:
                    if a in refs[0].legal_texts():
                        raise R.RefError("%s is legal" % a)
            except R.RefError as e:
                ref_ok = chk.ok(False, T, "hex_ref.py disagrees with the hand-written "
                                "scenario (a test bug): %s" % e, context=sc.name)
            if not ref_ok:
                continue
            ctx = sc.name
            ans = s.expect(T, "`set` of a hand-made position must answer '=' (%s)" % sc.name,
                           "set " + sc.start, ["="], ctx)
            if ans != ["="]:
                continue
            s.expect(T, "`position` must echo the `set` text", "position", ok_answer(sc.start),
                     ctx)
            for a in sc.refused:
                s.expect_error_unchanged(T, "%s: `play %s` must answer ?" % (sc.name, a),
                                         "play " + a, sc.start)
            lost = False
            for i, (action, after) in enumerate(sc.steps):
                here = refs[i]
                s.expect(T, "%s: wrong `legal`" % sc.name, "legal",
                         ok_answer(" ".join(here.legal_texts())), "position " + here.text())
                if perft_affordable(here, 2):
                    s.expect(T, "%s: wrong `perft 2`" % sc.name, "perft 2",
                             ok_answer(str(here.perft(2))), "position " + here.text())
                ans = s.expect(T, "%s: `play %s` must answer '='" % (sc.name, action),
                               "play " + action, ["="], "position " + here.text())
                got = s.expect(T, "%s: wrong position after `play %s`" % (sc.name, action),
                               "position", ok_answer(refs[i + 1].text()),
                               "position before: " + here.text())
                if ans != ["="] or got != ok_answer(refs[i + 1].text()):
                    lost = True
                    break
            if lost:
                continue
            end = refs[-1]
            s.expect(T, "%s: wrong `status`" % sc.name, "status", ok_answer(end.status_text()),
                     "position " + end.text())
            s.expect(T, "%s: wrong `legal`" % sc.name, "legal",
                     ok_answer(" ".join(end.legal_texts())), "position " + end.text())
            s.expect(T, "%s: wrong `perft 1`" % sc.name, "perft 1",
                     ok_answer(str(end.perft(1))), "position " + end.text())
            # every step undone, back to the start, then one too many
            for i in range(len(sc.steps) - 1, -1, -1):
                s.expect(T, "%s: `undo` must answer '='" % sc.name, "undo", ["="])
                s.expect(T, "%s: `undo` must restore the position" % sc.name, "position",
                         ok_answer(refs[i].text()))
            s.expect_error(T, "%s: `undo` past the `set` must answer ?" % sc.name, "undo")
            chk.note("scenarios run")
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 3. Bad options and bad positions; good positions set from outside


def broken_positions(rng):
    """(kind, text) of position texts that `set` must refuse."""
    B = []
    good = ptext(3, 2, "red", "place", (2, 4), 3, red=["c3", "a1"], blue=["e3"])
    e3 = empty_text(3)
    rep = lambda old, new, base=good: base.replace(old, new, 1)  # noqa: E731
    B += [("size=1", rep("size=3", "size=1", e3).replace("board=.../..../...../..../...",
                                                            "board=.")),
          ("size=14", "hex size=14 turns=0 turn=red phase=roll dice=- left=0 board="
           + "/".join("." * R.row_len(14, r) for r in range(27))),
          ("size=0", rep("size=3", "size=0")),
          ("size with a leading zero", rep("size=3", "size=03")),
          ("size with a sign", rep("size=3", "size=+3")),
          ("size of another board", rep("size=3", "size=4")),
          ("turns with a leading zero", rep("turns=2", "turns=02")),
          ("turns with a sign", rep("turns=2", "turns=-2")),
          ("turns beyond 2^64-1", rep("turns=2", "turns=%d" % (MAX64 + 1))),
          ("turns=0 turn=blue", rep("turn=red", "turn=blue", e3)),
          ("turns=2 turn=blue (blue acts after odd turns)", rep("turn=red", "turn=blue")),
          ("turns=1 turn=red", rep("turns=2", "turns=1")),
          ("turn=green", rep("turn=red", "turn=green")),
          ("phase=move", rep("phase=place", "phase=move")),
          ("dice=7,1", rep("dice=2,4", "dice=7,1")),
          ("dice=4,2 (L > H)", rep("dice=2,4", "dice=4,2")),
          ("dice=0,1", rep("dice=2,4", "dice=0,1")),
          ("dice=24", rep("dice=2,4", "dice=24")),
          ("dice=- while placing", rep("dice=2,4", "dice=-")),
          ("dice rolled while rolling",
           ptext(3, 2, "red", "roll", (2, 4), 0, red=["c3"], blue=["e3"])),
          ("left=1 while rolling", rep("left=0", "left=1", e3)),
          ("left with a leading zero", rep("left=3", "left=03")),
          ("left=0 while placing", rep("left=3", "left=0")),
          ("left huge", rep("left=3", "left=99999999999999999999999")),
          ("a row too few", good.rsplit("/", 1)[0]),
          ("a row too many", good + "/..."),
          ("a row too long", rep("board=r..", "board=r...")),
          ("a row too short", rep("board=r..", "board=r.")),
          ("a bad board character", rep("board=r..", "board=x..")),
          ("an upper-case stone", rep("board=r..", "board=R..")),
          ("a trailing slash", good + "/"),
          ("turn 0 in phase remove", ptext(3, 0, "red", "remove", (2, 4), 2)),
          ("turn 0 with a blue stone", ptext(3, 0, "red", "place", (2, 4), 2, blue=["c3"])),
          ("turn 0 rolling with a red stone", ptext(3, 0, "red", "roll", None, 0, red=["c3"])),
          ("turn 0 placing: red stones != L - left",
           ptext(3, 0, "red", "place", (3, 4), 2, red=["c3", "a1"])),
          ("turn 0 placing: left > L", ptext(3, 0, "red", "place", (2, 5), 3)),
          ("a full board in phase place",
           ptext(2, 2, "red", "place", (1, 1), 1, red=["a1", "a2", "b1", "b2"],
                 blue=["b3", "c1", "c2"])),
          ("a full board in phase remove",
           ptext(2, 2, "red", "remove", (1, 1), 1, red=["a1", "a2", "b1", "b2"],
                 blue=["b3", "c1", "c2"])),
          ("remove with left=0", ptext(3, 2, "red", "remove", (2, 4), 0, red=["c3"],
                                       blue=["e3", "a1"])),
          ("remove with left > L", ptext(3, 2, "red", "remove", (2, 4), 3, red=["c3"],
                                         blue=["e3", "a1", "a3"])),
          ("remove with left > enemy stones",
           ptext(3, 2, "red", "remove", (3, 4), 2, red=["c3"], blue=["e3"])),
          ("remove with no enemy stone", ptext(3, 2, "red", "remove", (3, 4), 1, red=["c3"])),
          ("place with left > H + empty - 1",
           ptext(2, 2, "red", "place", (1, 1), 2, red=["a2", "b1", "b2"],
                 blue=["b3", "c1", "c2"])),
          ("place with only prohibited cells",
           ptext(2, 2, "red", "place", (1, 3), 1, red=["b3", "c1", "c2"],
                 blue=["a2", "b1", "b2"])),
          ("fields out of order", rep("turns=2 turn=red", "turn=red turns=2")),
          ("a field missing", rep(" left=3", "")),
          ("a field misspelt", rep("phase=", "fase=")),
          ("an extra field", good + " extra=1"),
          ("a double space", rep(" turns=", "  turns=")),
          ("another game's name", rep("hex ", "hexx ")),
          ("only the name", "hex"),
          ("garbage", "hello world"),
          ("nothing", "")]
    return B


def test_errors(path, chk, rng):
    T = "errors"
    s = Session(path, chk)
    try:
        base_line = "new hex size=4 seed=11"
        base = empty_text(4)
        if s.expect(T, "`new` must answer the empty board", base_line, ok_answer(base)) \
                != ok_answer(base):
            return
        # play into a position with some content, so that "unchanged" means something
        pos = R.parse_position(base)
        for a in ("dice:3,5", "+a1", "+b2", "+d4", "dice:1,4", "-a1", "+g4"):
            s.cmd("play " + a)
            pos = pos.apply(a)
        base = pos.text()
        s.expect(T, "wrong position after a few plays", "position", ok_answer(base))
        bad_new = [("new hex size=1", "2..13"), ("new hex size=14", "2..13"),
                   ("new hex size=0", "2..13"), ("new hex size=100", "2..13"),
                   ("new hex size=-1", None), ("new hex size=abc", None), ("new hex size=", None),
                   ("new hex seed=-1", None), ("new hex seed=18446744073709551616", None),
                   ("new hex size=5 seed=x", None)]
        for line, mention in bad_new:
            s.expect_error(T, "out-of-range `new` option must answer ?"
                           + (" naming %s" % mention if mention else ""), line, mention=mention)
            s.expect(T, "a refused `new` changed the game", "position", ok_answer(base),
                     "after " + line)
        s.cmd("set " + base)
        for kind, text in broken_positions(rng):
            ref_refuses = True
            try:
                R.parse_position(text)
                ref_refuses = False
            except R.RefError:
                pass
            if not chk.ok(ref_refuses, T, "hex_ref.py accepts a broken position (a test bug)",
                          context="%s: %s" % (kind, text)):
                continue
            s.expect_error_unchanged(T, "broken position (%s) must be refused with ?" % kind,
                                     ("set " + text).rstrip(), base)
            chk.note("broken positions refused")
        # valid positions from outside, reached in play or not
        good = []
        for _ in range(70):
            n = rng.choice((2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 9, 13))
            good.append(R.random_position(rng, n))
        for _ in range(12):
            good.append(R.random_position(rng, rng.randint(2, 5), fill=rng.choice((0.9, 1.0))))
        for ref in good:
            text = ref.text()
            line = "set " + text
            ans = s.cmd(line)
            if not chk.ok(ans == ["="], T, "`set` of a valid position must answer '='", line,
                          ["="], ans):
                s.cmd("set " + base)
                continue
            chk.note("random positions set")
            ctx = "position " + text
            s.expect(T, "`position` must echo the `set` text", "position", ok_answer(text), ctx)
            s.expect(T, "wrong `status` after set", "status", ok_answer(ref.status_text()), ctx)
            s.expect(T, "wrong `legal` after set", "legal", ok_answer(" ".join(ref.legal_texts())),
                     ctx)
            s.expect(T, "wrong `perft 1` after set", "perft 1", ok_answer(str(ref.perft(1))), ctx)
            if perft_affordable(ref, 2):
                s.expect(T, "wrong `perft 2` after set", "perft 2", ok_answer(str(ref.perft(2))),
                         ctx)
            if perft_affordable(ref, 3):
                s.expect(T, "wrong `perft 3` after set", "perft 3", ok_answer(str(ref.perft(3))),
                         ctx)
            s.expect_error(T, "`undo` right after `set` must answer ?", "undo", ctx)
            if ref.ended():
                chk.note("ended positions set")
                s.expect(T, "`legal` at an ended position must be exactly '='", "legal", ["="],
                         ctx)
                s.expect_error_unchanged(T, "`roll` at an ended position must answer ?",
                                         "roll", text)
            elif ref.legal_texts():
                # one action on the set position, checked
                a = rng.choice(ref.legal_texts())
                s.expect(T, "legal `play` after set must answer '='", "play " + a, ["="], ctx)
                after = ref.apply(a)
                s.expect(T, "wrong position after a play from a set position", "position",
                         ok_answer(after.text()), ctx + "; play " + a)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 4. Determinism and the dice


def roll_sequence(s, line, k):
    """`new` then k actions: `roll` while rolling, `genmove` otherwise; the answers."""
    out = [tuple(s.cmd(line))]
    for _ in range(k):
        st = payload(s.cmd("status")) or ""
        if not st.startswith("ongoing"):
            break
        ans = s.cmd("roll")
        if not payload(ans):
            ans = s.cmd("genmove")
        out.append(tuple(ans))
        if not payload(ans):
            break
    return out


def test_determinism(path, chk, rng):
    T = "determinism"
    s = Session(path, chk)
    s2 = Session(path, chk)
    try:
        for _ in range(8):
            n = rng.randint(2, 7)
            seed = random_seed(rng)
            line = "new hex size=%d seed=%d" % (n, seed)
            a = roll_sequence(s, line, 60)
            b = roll_sequence(s, line, 60)
            fmt = lambda q: " | ".join(x[0] for x in q)  # noqa: E731
            chk.ok(a == b, T, "the same seed must give the same rolls and genmoves", line
                   + " then roll/genmove x60", fmt(a), fmt(b))
            c = roll_sequence(s2, line, 60)
            chk.ok(a == c, T, "the same seed must give the same rolls in a fresh process",
                   line + " then roll/genmove x60", fmt(a), fmt(c))
            rev = "new hex seed=%d size=%d" % (seed, n)
            d = roll_sequence(s2, rev, 60)
            chk.ok(a == d, T, "option order must not change the game", rev, fmt(a), fmt(d))
        seqs = set()
        for seed in range(12):
            s.cmd("new hex size=3 seed=%d" % seed)
            seqs.add(tuple(s.cmd("roll")))
        chk.ok(len(seqs) > 2, T, "the dice must depend on the seed",
               "new hex size=3 seed=0..11; roll", "several first rolls",
               "%d distinct" % len(seqs))
        # undo of a roll gives the same roll again (the generator is part of the game)
        s.cmd("new hex size=5 seed=%d" % random_seed(rng))
        r1 = s.cmd("roll")
        s.cmd("undo")
        r2 = s.cmd("roll")
        chk.ok(r1 == r2, T, "roll, undo, roll must roll the same dice (undo takes back the "
               "roll, the generator included)", "roll; undo; roll", r1, r2)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()
        s2.h.kill()


def test_dice_distribution(path, chk, rng):
    """docs/hex.md: the 21 outcomes have probability 1/36 (doubles) or 2/36."""
    T = "dice"
    s = Session(path, chk)
    try:
        text = ptext(4, 7, "blue", "roll", None, 0, red=["a1", "d4"], blue=["g4"])
        s.cmd("new hex size=4 seed=%d" % rng.getrandbits(64))
        counts = {}
        samples = 2520
        for k in range(samples):
            s.cmd("set " + text)
            p = payload(s.cmd("roll"))
            if not chk.ok(p is not None and p.startswith("dice:"), T,
                          "`roll` must answer '= dice:L,H'", "roll", "'= dice:L,H'", str(p)):
                return
            counts[p] = counts.get(p, 0) + 1
            if k == 60 and len(counts) == 1:
                chk.note("dice distribution not sampled (set restarts the generator)")
                return
        chi = 0.0
        for lo, hi in R.OUTCOMES:
            e = samples * R.outcome_weight(lo, hi) / 36.0
            got = counts.get("dice:%d,%d" % (lo, hi), 0)
            chi += (got - e) ** 2 / e
        # 20 degrees of freedom: P(chi2 > 60) is about 1e-5
        chk.ok(chi < 60 and set(counts) <= set("dice:%d,%d" % o for o in R.OUTCOMES), T,
               "the dice must follow 1/36 (doubles) and 2/36 (docs/hex.md)",
               "(set POSITION; roll) x%d" % samples, "chi-square (20 df) below 60",
               "chi-square %.1f, counts %s" % (chi, sorted(counts.items())))
        chk.note("dice distribution sampled")
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 5. Random games


def choose_action(g, rng, policy):
    pos = g.pos
    legal = pos.legal_texts()
    if pos.phase == R.ROLL:
        if policy == "roll" or rng.random() < 0.5:
            return "roll"
        return rng.choice(legal)
    if policy == "genmove" or rng.random() < 0.12:
        return "genmove"
    if policy == "capture" and pos.phase == R.PLACE:
        caps = [a for a in legal if pos.captures_of(a)]
        if caps and rng.random() < 0.9:
            return rng.choice(caps)
        # build next to own stones: more surrounded cells and captures later
        own = R.STONE[pos.turn]
        near = [a for a in legal
                if any(pos.board[nb] == own for nb in R.neighbours(pos.n, R.parse_cell(a[1:])))]
        if near and rng.random() < 0.7:
            return rng.choice(near)
    return rng.choice(legal)


class HexPart(RG.Part):
    """Hex's part of a random game (random_games.py): a random size (more
    small ones), on a large board one game in two set to a random position
    well into a game, so that ends are reached; actions rolled, random,
    capturing or the computer's (choose_action)."""

    checks = RG.checks(affordable=perft_affordable, hints=False, saves=False)

    def begin(self, g, rng, gi, plies):
        n = random_size(rng)
        if not g.new(n, random_seed(rng)):
            return None
        g.chk.note("games of size %d" % n)
        policy = rng.choice(("random", "capture", "capture", "roll", "genmove"))
        if n >= 9 and rng.random() < 0.5:
            g.set(R.random_position(rng, n, fill=0.85))
            if g.lost:
                return None
            g.chk.note("games set to a random position")
        return policy, plies if n <= 8 else plies // 2

    def act(self, g, rng, policy):
        a = choose_action(g, rng, policy)
        if a == "roll":
            g.roll()
        elif a == "genmove":
            g.genmove()
        else:
            g.play(a)


def test_games(path, chk, rng, games, plies_cap):
    P.run_games(path, chk, games, lambda s, gi: RG.play(HexRunner(s, chk, rng, "game %d" % gi),
                                                        HexPart(), rng, gi, plies_cap))


# ---------------------------------------------------------------------------


def main():
    return P.run_suites(
        __doc__.split("\n\n")[0], "hex protocol test", 150, 700,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("rules", lambda: test_scenarios(a.herd, chk, rng)),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("determinism", lambda: test_determinism(a.herd, chk, rng)),
            ("dice", lambda: test_dice_distribution(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies))))


if __name__ == "__main__":
    sys.exit(main())
