#!/usr/bin/env python3
"""Protocol test of the `herd` program for the game `horses`.

    python3 tests/protocol/run_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Drives `herd` through pipes, one command at a time, and compares every answer
with docs/protocol.md (framing, answer shapes) and with the
independent reference in horses_ref.py (positions, legal moves, status,
perft). Standard library only. Prints each failure with the command sent,
the expected and the actual answer, and ends with `N passed, N failed`.
Exit status 0 only when nothing failed.
"""

import argparse
import math
import os
import random
import select
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hang_limits  # noqa: E402
import horses_ref as R  # noqa: E402
import random_games as RG  # noqa: E402

TIMEOUT = hang_limits.seconds(10.0)  # for one answer


# ---------------------------------------------------------------------------
# The process


class HerdDied(Exception):
    pass


class HerdTimeout(Exception):
    pass


class BadFraming(Exception):
    pass


class Herd:
    """One running `herd` process; cmd() sends a line and returns its answer
    as the list of its lines (the terminating empty line removed)."""

    def __init__(self, path):
        self.path = path
        self.err = tempfile.TemporaryFile()
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.err, bufsize=0)
        self.buf = b""
        self.fd = self.p.stdout.fileno()

    def stderr_tail(self):
        """The end of what the program wrote to standard error (sanitizer reports)."""
        try:
            self.err.seek(0)
            data = self.err.read().decode("utf-8", "replace")
        except (OSError, ValueError):
            return ""
        return ("; stderr: " + data[-1500:]) if data else ""

    def send_raw(self, data):
        try:
            self.p.stdin.write(data)
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise HerdDied("herd closed its input (exit status %r)%s"
                           % (self.p.poll(), self.stderr_tail()))

    def send(self, line):
        self.send_raw((line + "\n").encode())

    def _fill(self, timeout):
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise HerdTimeout("no answer within %.0f s (buffered: %r)" % (timeout, self.buf))
            r, _, _ = select.select([self.fd], [], [], left)
            if r:
                data = os.read(self.fd, 65536)
                if not data:
                    time.sleep(0.1)
                    raise HerdDied("herd closed its output (exit status %r)%s"
                                   % (self.p.poll(), self.stderr_tail()))
                self.buf += data
                return

    def readline(self, timeout=TIMEOUT):
        while b"\n" not in self.buf:
            self._fill(timeout)
        line, self.buf = self.buf.split(b"\n", 1)
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            return line.decode("latin-1")

    def answer(self, timeout=TIMEOUT):
        lines = []
        while True:
            line = self.readline(timeout)
            if line == "":
                if not lines:
                    raise BadFraming("an empty line where an answer should start")
                return lines
            lines.append(line)

    def cmd(self, line, timeout=TIMEOUT):
        self.send(line)
        return self.answer(timeout)

    def close_and_wait(self, timeout=TIMEOUT):
        """Closes stdin; returns (exit status, everything still printed)."""
        try:
            self.p.stdin.close()
        except OSError:
            pass
        rest = self.buf
        self.buf = b""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                break
            data = os.read(self.fd, 65536)
            if not data:
                break
            rest += data
        try:
            rc = self.p.wait(max(0.1, end - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            rc = "still running after %.0f s (killed)" % timeout
        return rc, rest.decode("utf-8", "replace")

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()
        for f in (self.p.stdin, self.p.stdout, self.err):
            try:
                f.close()
            except OSError:
                pass


class Pipeline:
    """Many commands in flight to one Herd: send() writes command lines (none
    empty) while a thread reads the answers as they come, so that neither
    pipe fills up and the test can work out its next commands while the
    program answers; answers(n) returns the next n answers, in order. An
    answer ends with "\n\n" and none starts with "\n", so each "\n\n" in
    the output ends one. close() hands what is left back to the Herd."""

    def __init__(self, herd, timeout=TIMEOUT):
        self.h = herd
        self.timeout = timeout
        self.data = bytearray(herd.buf)
        herd.buf = b""
        self.count = self.data.count(b"\n\n")
        self.eof = False
        self.stop = False
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while not self.stop:
            r, _, _ = select.select([self.h.fd], [], [], 0.05)
            if not r:
                continue
            new = os.read(self.h.fd, 1 << 20)
            with self.cond:
                if not new:
                    self.eof = True
                else:
                    self.count += new.count(b"\n\n") + (self.data[-1:] == b"\n" == new[:1])
                    self.data += new
                self.cond.notify_all()
            if not new:
                return

    def send(self, lines):
        self.h.send_raw("".join(line + "\n" for line in lines).encode())

    def answers(self, n):
        with self.cond:
            while self.count < n:
                before = len(self.data)
                if self.eof:
                    time.sleep(0.1)
                    raise HerdDied("herd closed its output (exit status %r)%s"
                                   % (self.h.p.poll(), self.h.stderr_tail()))
                self.cond.wait(self.timeout)
                if len(self.data) == before and not self.eof:
                    raise HerdTimeout("%d of %d answers within %.0f s"
                                      % (self.count, n, self.timeout))
            parts = self.data.split(b"\n\n", n)
            self.data = bytearray(parts.pop())
            self.count -= n
        out = []
        for part in parts:
            try:
                text = part.decode("utf-8")
            except UnicodeDecodeError:
                text = part.decode("latin-1")
            out.append(text.split("\n"))
        return out

    def close(self):
        self.stop = True
        self.thread.join()
        self.h.buf = bytes(self.data) + self.h.buf

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---------------------------------------------------------------------------
# Bookkeeping


def show(answer):
    """An answer (list of lines) as the text it was on the wire, shown on one line."""
    if answer is None:
        return "<none>"
    if isinstance(answer, str):
        return repr(answer)
    return repr("\n".join(answer) + "\n\n")


class Checker:
    def __init__(self, max_details, verbose):
        self.passed = 0
        self.failed = 0
        self.max_details = max_details
        self.verbose = verbose
        self.by_kind = {}
        self.stats = {}

    def note(self, key, k=1):
        """Counts what the run covered (printed with --verbose)."""
        self.stats[key] = self.stats.get(key, 0) + k

    def ok(self, cond, test, what, sent=None, expected=None, actual=None, context=None):
        if cond:
            self.passed += 1
            return True
        self.failed += 1
        self.by_kind[what] = self.by_kind.get(what, 0) + 1
        if self.failed <= self.max_details or self.by_kind[what] == 1:
            print("FAIL [%s] %s" % (test, what))
            if context:
                print("  context:  %s" % context)
            if sent is not None:
                print("  sent:     %r" % sent)
            if expected is not None:
                print("  expected: %s" % (expected if isinstance(expected, str) else show(expected)))
            if actual is not None:
                print("  actual:   %s" % (actual if isinstance(actual, str) else show(actual)))
            sys.stdout.flush()
        return False


def is_error(ans):
    return len(ans) == 1 and ans[0].startswith("? ") and len(ans[0]) > 2


def is_position_answer(ans):
    """Whether ans is a success answer whose payload the reference reads as a position."""
    p = payload(ans)
    if p is None:
        return False
    try:
        R.parse_position(p)
    except R.RefError:
        return False
    return True


def payload(ans):
    """The payload of a one-line success answer, or None."""
    if len(ans) != 1:
        return None
    if ans[0] == "=":
        return ""
    if ans[0].startswith("= ") and len(ans[0]) > 2:
        return ans[0][2:]
    return None


def ok_answer(payload_text):
    return ["=" if payload_text == "" else "= " + payload_text]


ERR = "'? <message>' then an empty line"


# ---------------------------------------------------------------------------
# The session: one process plus what the test believes its game is


class Session:
    def __init__(self, path, chk):
        self.path = path
        self.chk = chk
        self.h = Herd(path)

    def restart(self):
        self.h.kill()
        self.h = Herd(self.path)

    def cmd(self, line):
        return self.h.cmd(line)

    # checks that send one command --------------------------------------

    def expect(self, test, what, line, expected, context=None):
        ans = self.cmd(line)
        self.chk.ok(ans == expected, test, what, line, expected, ans, context)
        return ans

    def expect_error(self, test, what, line, context=None, mention=None):
        ans = self.cmd(line)
        good = is_error(ans)
        if good and mention is not None:
            good = mention in ans[0]
            exp = "'? <message mentioning %s>'" % mention
        else:
            exp = ERR
        self.chk.ok(good, test, what, line, exp, ans, context)
        return ans

    def expect_error_unchanged(self, test, what, line, before_text):
        """`line` must answer `?` and leave `position` at before_text; the
        return value says whether the position stayed."""
        self.expect_error(test, what, line, context="position " + before_text)
        ans = self.expect(test, "an error changed the position (%s)" % what, "position",
                          ok_answer(before_text), context="after %r" % line)
        if ans != ok_answer(before_text):
            # put the game back for what follows
            self.cmd("set " + before_text)
            return False
        return True


# ---------------------------------------------------------------------------
# 1. Framing


def test_framing(path, chk):
    T = "framing"
    s = Session(path, chk)
    try:
        s.h.send_raw(b"\n\n")
        no_game = ["position", "legal", "status", "play a1-b3", "undo", "perft 1", "genmove",
                   "show"]
        for c in no_game:
            s.expect_error(T, "command before any game must answer ?", c)
        s.expect_error(T, "unknown command must answer ?", "frobnicate")
        s.expect_error(T, "unknown game must answer ?", "new chess")
        s.expect_error(T, "`new` without a game name must answer ?", "new")
        s.expect_error(T, "`set` without a position must answer ?", "set")
        # refused `new` and `set` make no game
        s.expect_error(T, "out-of-range `new` must answer ?", "new horses w=7")
        s.expect_error(T, "a refused `new` must leave no game", "position")
        s.expect_error(T, "a broken position must be refused", "set horses w=8 h=8 turn=green "
                       "green=a1,a1,c1,c5 red=h8,g6,f8,h4")
        s.expect_error(T, "a refused `set` must leave no game", "position")
        s.expect_error(T, "unknown command must answer ? (after ignored empty lines)",
                       "\n\nfrobnicate 1 2")
        # a game, then framing again
        ans = s.cmd("new horses")
        p = payload(ans)
        chk.ok(is_position_answer(ans), T, "`new horses` (all defaults) must answer a valid position text",
               "new horses", "'= horses w=.. h=.. turn=green green=.. red=..'", ans)
        s.expect_error(T, "unknown command must answer ? with a game", "frobnicate")
        # one long line is one command: one answer, the stream stays in step
        for n in (300, 5000, 70000):
            line = "set horses w=8 h=8 turn=green green=" + ",".join(["a1"] * (n // 3))
            s.expect_error(T, "a long garbage line (%d bytes) must get one `?` answer" % len(line),
                           line)
            if p is not None:
                s.expect(T, "answers out of step after a long line", "position", ok_answer(p))
        if p is not None:
            s.expect(T, "empty lines must be ignored", "\n\n\nposition", ok_answer(p))
            s.expect(T, "lines of blanks are empty lines (as in GTP)", "   \n\t\nposition",
                     ok_answer(p))
            s.expect(T, "blanks around a command are not part of it", "  status  ",
                     ["= ongoing green"])
            s.h.send_raw(b"status\x00" + b"x" * 9000 + b"\n")
            chk.ok(s.h.answer()[0].startswith("? "), T,
                   "a line holding a NUL byte must get one `?` answer", "status\\0xxx...",
                   "? ...", "")
            s.expect(T, "answers out of step after a NUL byte", "position", ok_answer(p))
            s.expect(T, "`position` after an unknown command", "position", ok_answer(p))
        # show: a multi-line payload, then the stream must still be in step
        ans = s.cmd("show")
        chk.ok(len(ans) >= 1 and (ans[0] == "=" or ans[0].startswith("= ")), T,
               "`show` must answer '= ...'", "show", "'= <board lines>'", ans)
        if p is not None:
            s.expect(T, "answers out of step after `show`", "position", ok_answer(p))
        # quit: '=' and exit 0, later lines not answered
        s.h.send("quit")
        try:
            ans = s.h.answer()
            chk.ok(ans == ["="], T, "`quit` must answer '=' (no payload)", "quit", ["="], ans)
        except (HerdDied, HerdTimeout, BadFraming) as e:
            chk.ok(False, T, "`quit` must answer '=' before exiting", "quit", ["="], str(e))
        try:
            s.h.send("position")
        except HerdDied:
            pass
        rc, rest = s.h.close_and_wait()
        chk.ok(rc == 0, T, "`quit` must exit with status 0", "quit", "0", repr(rc))
        chk.ok(rest == "", T, "nothing may be printed after `quit`", "quit\\nposition", "''",
               repr(rest))
    finally:
        s.h.kill()

    # `set` needs no current game: it makes one
    s = Session(path, chk)
    try:
        ex = "horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4"
        s.expect(T, "`set` as the first command must answer '='", "set " + ex, ["="])
        s.expect(T, "`position` must echo the `set` text", "position", ok_answer(ex))
    finally:
        s.h.kill()

    # end of input: exit 0 at once, with nothing more printed
    for pre in ([], ["new horses w=9 h=9 n=5 seed=3"]):
        s = Session(path, chk)
        try:
            for c in pre:
                s.cmd(c)
            rc, rest = s.h.close_and_wait()
            chk.ok(rc == 0, T, "end of input must exit with status 0",
                   "; ".join(pre + ["<EOF>"]), "0", repr(rc))
            chk.ok(rest == "", T, "nothing may be printed at end of input",
                   "; ".join(pre + ["<EOF>"]), "''", repr(rest))
        finally:
            s.h.kill()


# ---------------------------------------------------------------------------
# Helpers for games


def distance_table(w, h, target):
    """Knight distance of every cell to target on an empty w x h board."""
    dist = {target: 0}
    todo = [target]
    i = 0
    while i < len(todo):
        r, c = todo[i]
        i += 1
        for dr, dc in R.KNIGHT:
            nb = (r + dr, c + dc)
            if 0 <= nb[0] < h and 0 <= nb[1] < w and nb not in dist:
                dist[nb] = dist[(r, c)] + 1
                todo.append(nb)
    return dist


def illegal_moves(pos, rng):
    """(kind, text) pairs of moves that must be refused in pos (ongoing)."""
    side = pos.turn
    occupied = set(pos.horses[0]) | set(pos.horses[1])
    out = []
    own = pos.horses[side]
    # occupied target (own or enemy horse a knight's jump away)
    occ = [(f, t) for f in own for t in occupied if R.is_knight_jump(f, t)]
    if occ:
        f, t = rng.choice(occ)
        out.append(("occupied target", R.move_text((f, t))))
    # off the board (right or bottom edge; left/top cannot be written)
    off = []
    for f in own:
        for dr, dc in R.KNIGHT:
            t = (f[0] + dr, f[1] + dc)
            if t[0] >= 0 and t[1] >= 0 and not pos.on_board(t) and t[0] < 26:
                off.append((f, t))
    if off:
        out.append(("off-board target", R.move_text(rng.choice(off))))
    # not a knight move: to an empty on-board cell that is not a jump away
    f = rng.choice(own)
    empties = [(r, c) for r in range(pos.h) for c in range(pos.w)
               if (r, c) not in occupied and not R.is_knight_jump(f, (r, c))]
    out.append(("not a knight move", R.move_text((f, rng.choice(empties)))))
    out.append(("horse to its own cell", R.move_text((f, f))))
    # herd-splitting jumps
    split = []
    for i, f in enumerate(own):
        for dr, dc in R.KNIGHT:
            t = (f[0] + dr, f[1] + dc)
            if pos.on_board(t) and t not in occupied:
                herd = list(own)
                herd[i] = t
                if not R.together(herd):
                    split.append((f, t))
    if split:
        out.append(("herd-splitting move", R.move_text(rng.choice(split))))
    # the opponent's horse (a move that would be legal for the opponent)
    opp = pos.moves_for(1 - side)
    if opp:
        out.append(("moving the opponent's horse", R.move_text(rng.choice(opp))))
    # from an empty cell
    empties = [(r, c) for r in range(pos.h) for c in range(pos.w) if (r, c) not in occupied]
    e = rng.choice(empties)
    tgts = [(e[0] + dr, e[1] + dc) for dr, dc in R.KNIGHT]
    tgts = [t for t in tgts if pos.on_board(t) and t not in occupied]
    if tgts:
        out.append(("from an empty cell", R.move_text((e, rng.choice(tgts)))))
    # garbage
    legal = pos.legal_texts()
    m = rng.choice(legal) if legal else "a1-b3"
    for g in ("xyz", m.replace("-", ""), m + "-" + m.split("-")[0], m.upper(), "-" + m,
              m + "-", m.replace("-", "--"), "a1", "1a-3b", "a1-b3x", "@1-b3"):
        out.append(("garbage move text", g))
    out.append(("missing move text", None))
    return out


class GameRunner:
    """Plays one game through the session, checking every step against the reference."""

    def __init__(self, s, chk, rng, test):
        self.s = s
        self.chk = chk
        self.rng = rng
        self.T = test
        self.pos = None
        self.history = []  # reference positions before each action (for undo)
        self.last_gen = [None, None]  # per side: (from, to) of its previous turn, if by genmove
        self.gen_log = []
        self.lost = False  # the program's game and the reference's differ: stop this game

    def ctx(self):
        return "position " + self.pos.text()

    def new(self, w, h, n, seed):
        T = self.T
        line = "new horses w=%d h=%d n=%d seed=%d" % (w, h, n, seed)
        ans = self.s.cmd(line)
        p = payload(ans)
        if p is None:
            self.chk.ok(False, T, "`new` must answer '= POSITION'", line, "'= horses ...'", ans)
            return False
        try:
            pos = R.parse_position(p, check=False)
        except R.RefError as e:
            self.chk.ok(False, T, "`new` payload is not a position text (%s)" % e, line,
                        "'= horses w=%d h=%d turn=green green=... red=...'" % (w, h), ans)
            return False
        probs = R.start_problems(pos, w, h, n)
        self.chk.ok(not probs, T, "start position breaks docs/horses.md: " + "; ".join(probs), line,
                    "a start position as docs/horses.md describes", ans)
        if pos.problems():
            return False
        self.chk.ok(pos.text() == p, T, "`new` payload is not in canonical form", line,
                    ok_answer(pos.text()), ans)
        self.pos = pos
        self.history = []
        self.last_gen = [None, None]
        self.s.expect(T, "`position` must equal the `new` payload", "position", ok_answer(p),
                      context="after " + line)
        return True

    def check_state(self):
        """status, legal, position against the reference."""
        T = self.T
        st = self.pos.status_text()
        self.s.expect(T, "wrong `status`", "status", ok_answer(st), self.ctx())
        self.s.expect(T, "wrong `legal`", "legal", ok_answer(" ".join(self.pos.legal_texts())),
                      self.ctx())
        if self.s.expect(T, "wrong `position`", "position",
                         ok_answer(self.pos.text())) != ok_answer(self.pos.text()):
            self.lost = True

    def check_ended(self):
        T = self.T
        ctx = self.ctx() + " (" + self.pos.status_text() + ")"
        self.s.expect(T, "`legal` after the end must be exactly '='", "legal", ["="], ctx)
        occupied = set(self.pos.horses[0]) | set(self.pos.horses[1])
        cands = [(f, (f[0] + dr, f[1] + dc)) for f in self.pos.horses[self.pos.turn]
                 for dr, dc in R.KNIGHT]
        cands = [(f, t) for f, t in cands if self.pos.on_board(t) and t not in occupied]
        if cands:
            m = R.move_text(self.rng.choice(cands))
            self.s.expect_error(T, "`play` after the end must answer ?", "play " + m, ctx)
        self.s.expect_error(T, "`genmove` after the end must answer ?", "genmove", ctx)
        self.s.expect(T, "`perft 1` after the end must be 0", "perft 1", ok_answer("0"), ctx)
        self.s.expect(T, "an error after the end changed the position", "position",
                      ok_answer(self.pos.text()))

    def play(self, m):
        T = self.T
        line = "play " + m
        before = self.pos
        ans = self.s.cmd(line)
        if not self.chk.ok(ans == ["="], T, "legal `play` must answer '='", line, ["="], ans,
                           self.ctx()):
            self.lost = True
        self.history.append(before)
        self.pos = before.apply(m)
        self.last_gen[before.turn] = None

    def genmove(self):
        T = self.T
        before = self.pos
        side = before.turn
        legal = before.legal_texts()
        ans = self.s.cmd("genmove")
        m = payload(ans)
        if m is None or m not in legal:
            self.chk.ok(False, T, "`genmove` must answer a legal move", "genmove",
                        "'= <one of: %s>'" % " ".join(legal), ans, self.ctx())
            self.lost = True
            return None
        self.chk.ok(True, T, "genmove legal")
        prev = self.last_gen[side]
        self.chk.note("genmove")
        if prev is not None:
            back = R.move_text((prev[1], prev[0]))
            self.chk.note("genmove with a straight-back move possible" if back in legal
                          else "genmove after genmove, straight back not legal")
            if legal == [back]:
                self.chk.note("genmove where straight back is the only move")
            self.chk.ok(m != back or legal == [back], T,
                        "`genmove` moved its horse straight back although other moves exist",
                        "genmove", "'= <one of: %s>'" % " ".join(x for x in legal if x != back),
                        ans, self.ctx() + "; this side's previous genmove was "
                        + R.move_text(prev))
        self.last_gen[side] = R.parse_move(m)
        self.gen_log.append(m)
        if self.history is not None:
            self.history.append(before)
        self.pos = before.apply(m)
        return m

    def undo_check(self):
        """Undo the last action and replay it (the same text through `play`)."""
        T = self.T
        if not self.history:
            self.s.expect_error(T, "`undo` with nothing to undo must answer ?", "undo",
                                self.ctx())
            return
        after = self.pos
        prev = self.history[-1]
        move = next(m for m in prev.legal_texts() if prev.apply(m) == after)
        self.s.expect(T, "`undo` must answer '='", "undo", ["="], self.ctx())
        if self.s.expect(T, "`undo` must restore the previous position", "position",
                         ok_answer(prev.text()), "undo of " + move) != ok_answer(prev.text()):
            self.lost = True
            return
        self.history.pop()
        self.pos = prev
        self.last_gen = [None, None]
        self.play(move)

    def illegal_check(self):
        T = self.T
        before = self.pos.text()
        for kind, m in illegal_moves(self.pos, self.rng):
            line = "play" if m is None else "play " + m
            if m is not None and m in self.pos.legal_texts():
                continue
            if not self.s.expect_error_unchanged(T, "illegal move (%s) must answer ?" % kind,
                                                 line, before):
                self.lost = True
                return

    def set_check(self):
        """`set` the reference's own text back; position echoes it; history is cleared."""
        T = self.T
        text = self.pos.text()
        self.s.expect(T, "`set` of a valid position must answer '='", "set " + text, ["="])
        if self.s.expect(T, "`position` must echo the `set` text", "position", ok_answer(text),
                         "after set " + text) != ok_answer(text):
            self.lost = True
        self.s.expect_error(T, "`undo` right after `set` must answer ? (history cleared)",
                            "undo", self.ctx())
        self.history = []
        self.last_gen = [None, None]

    def perft_check(self, depth):
        exp = self.pos.perft(depth)
        self.s.expect(self.T, "wrong `perft %d`" % depth, "perft %d" % depth,
                      ok_answer(str(exp)), self.ctx())


def near_end_position(rng, w, h, n):
    """A valid position where one side's herd is a few jumps from its target corner."""
    side = rng.randrange(2)
    target = (h - 1, w - 1) if side == R.GREEN else (0, 0)
    home = (0, 0) if side == R.GREEN else (h - 1, w - 1)
    d = distance_table(w, h, target)
    while True:
        anchor = rng.choice([c for c, k in d.items() if 1 <= k <= 3])
        racer = R.random_herd(rng, w, h, n, {target, home}, anchor=anchor)
        if racer is None:
            continue
        other = R.random_herd(rng, w, h, n, set(racer) | {target, home})
        if other is None:
            continue
        herds = [racer, other] if side == R.GREEN else [other, racer]
        pos = R.Position(w, h, rng.randrange(2), herds[0], herds[1])
        if not pos.problems():
            return pos


def random_size(rng):
    r = rng.random()
    if r < 0.35:
        return rng.randint(8, 10), rng.randint(8, 10), rng.randint(4, 7)
    if r < 0.45:
        return rng.choice((8, 30)), rng.choice((8, 20)), rng.choice((4, 10))
    return rng.randint(8, 30), rng.randint(8, 20), rng.randint(4, 10)


def random_seed(rng):
    r = rng.random()
    if r < 0.03:
        return 0
    if r < 0.06:
        return 2 ** 64 - 1
    if r < 0.2:
        return rng.randrange(1000)
    return rng.getrandbits(64)


# ---------------------------------------------------------------------------
# 2./3. Random games


class HorsesPart(RG.Part):
    """Horses' part of a random game (random_games.py): a random board, one
    game in three set near the end so that corner wins happen in play;
    actions random, drifting toward the target corner, or the computer's."""

    # perft 2 on the smaller herds only, never 3: the reference counts slowly
    checks = RG.checks(affordable=lambda pos, depth: depth == 1 or (
        depth == 2 and len(pos.horses[0]) <= 6), hints=False, saves=False)

    def begin(self, g, rng, gi, plies):
        w, h, n = random_size(rng)
        if not g.new(w, h, n, random_seed(rng)):
            return None
        if rng.random() < 0.3:
            g.pos = near_end_position(rng, w, h, n)
            g.set_check()
            g.chk.note("games set near the end")
            policy = rng.choice(("drift", "drift", "mixed"))
        else:
            policy = rng.choice(("random", "drift", "drift", "genmove", "mixed"))
        dist = [distance_table(w, h, (h - 1, w - 1)), distance_table(w, h, (0, 0))]
        return (policy, dist), plies if rng.random() < 0.5 else max(20, plies // 3)

    def act(self, g, rng, policy):
        policy, dist = policy
        legal = g.pos.legal_texts()
        if policy == "genmove" or (policy == "mixed" and rng.random() < 0.5) \
                or rng.random() < 0.1:
            g.genmove()
        elif policy == "drift" and rng.random() < 0.9:
            # random, weighted toward jumps that bring the horse nearer its target
            d = dist[g.pos.turn]
            weights = []
            for m in legal:
                f, t = R.parse_move(m)
                weights.append(math.exp(-2.0 * (d[t] - d[f])))
            g.play(rng.choices(legal, weights=weights)[0])
        else:
            g.play(rng.choice(legal))


def test_games(path, chk, rng, games, plies_cap):
    run_games(path, chk, games, lambda s, gi: RG.play(GameRunner(s, chk, rng, "game %d" % gi),
                                                      HorsesPart(), rng, gi, plies_cap))


# ---------------------------------------------------------------------------
# 4. Bad options and bad positions; good positions set from outside


def test_errors(path, chk, rng):
    T = "errors"
    s = Session(path, chk)
    try:
        base_ans = s.cmd("new horses w=10 h=9 n=5 seed=77")
        base = payload(base_ans)
        chk.ok(base is not None, T, "`new` must answer a position", "new horses w=10 h=9 n=5 seed=77",
               "'= horses ...'", base_ans)
        if base is None:
            return
        bad_new = [
            ("new horses w=7", "8..30"), ("new horses w=31", "8..30"),
            ("new horses h=7", "8..20"), ("new horses h=21", "8..20"),
            ("new horses n=3", "4..10"), ("new horses n=11", "4..10"),
            ("new horses seed=18446744073709551616", None),
            ("new horses seed=-1", None), ("new horses w=abc", None), ("new horses w=", None),
        ]
        for line, mention in bad_new:
            s.expect_error(T, "out-of-range `new` option must answer ? with the range", line,
                           mention=mention)
            s.expect(T, "a refused `new` changed the game", "position", ok_answer(base),
                     "after " + line)
        for line in ("new horses w=8 h=8 n=4 seed=0", "new horses w=30 h=20 n=10 seed=18446744073709551615",
                     "new horses w=30 h=8 n=10", "new horses w=8 h=20 n=4 seed=1"):
            ans = s.cmd(line)
            chk.ok(is_position_answer(ans), T, "`new` with edge values must answer a position",
                   line, "'= horses ...'", ans)

        # broken positions
        s.cmd("set " + base)
        pos = R.parse_position(base)
        g, r = pos.horses
        W, H = pos.w, pos.h

        def txt(w=W, h=H, turn="green", green=None, red=None):
            return "horses w=%d h=%d turn=%s green=%s red=%s" % (
                w, h, turn, ",".join(R.cell_name(c) for c in (green or g)),
                ",".join(R.cell_name(c) for c in (red or r)))

        cells = lambda cs: ",".join(R.cell_name(c) for c in cs)  # noqa: E731
        broken = []
        # two horses on one cell: green twice, green and red
        broken.append(("two green horses on one cell", txt(green=g[:-1] + [g[0]])))
        red_herd = R.random_herd(rng, W, H, len(g), set(g))
        if red_herd:
            # a red horse on a green cell, the red herd otherwise valid
            tweak = list(r)
            tweak[0] = g[1]
            broken.append(("a red horse on a green horse's cell", txt(red=tweak)))
        # herd not together: move one green horse far away
        far = [(rr, cc) for rr in range(H) for cc in range(W)
               if (rr, cc) not in g and (rr, cc) not in r
               and not any(R.is_knight_jump((rr, cc), x) for x in g)]
        split = list(g)
        split[-1] = far[0]
        if not R.together(split):
            broken.append(("green herd not together", txt(green=split)))
        split = list(r)
        split[-1] = (0, W - 1)
        if not R.together(split) and (0, W - 1) not in g:
            broken.append(("red herd not together", txt(red=split)))
        # off the board
        broken.append(("cell off the board (column)",
                       txt().replace("green=" + cells(g), "green=" + cells(g[:-1]) + ",a%d" % (W + 1))))
        broken.append(("cell off the board (row)",
                       txt(red=[(H, W - 1)] + r[1:])))
        broken.append(("column 0", txt().replace("green=a1", "green=a0")))
        # field order
        broken.append(("h before w", "horses h=%d w=%d turn=green green=%s red=%s" % (H, W, cells(g), cells(r))))
        broken.append(("red before green", "horses w=%d h=%d turn=green red=%s green=%s" % (W, H, cells(r), cells(g))))
        broken.append(("turn last", "horses w=%d h=%d green=%s red=%s turn=green" % (W, H, cells(g), cells(r))))
        # counts
        broken.append(("one horse fewer for red", txt(red=r[:-1])))
        broken.append(("one horse more for green", "horses w=%d h=%d turn=green green=%s red=%s"
                       % (W, H, cells(g + [(5, 5)]), cells(r))))
        small = R.random_position(rng, 9, 9, 4)
        broken.append(("3 horses each", "horses w=9 h=9 turn=green green=%s red=%s"
                       % (cells(small.horses[0][:3]) if R.together(small.horses[0][:3]) else "a1,b3,c5",
                          cells(small.horses[1][:3]) if R.together(small.horses[1][:3]) else "i9,h7,g5")))
        big = R.random_position(rng, 30, 20, 10)
        h11g = R.random_herd(rng, 30, 20, 11, set(), anchor=(0, 0))
        h11r = R.random_herd(rng, 30, 20, 11, set(h11g or []), anchor=(19, 29))
        if h11g and h11r:
            broken.append(("11 horses each", "horses w=30 h=20 turn=green green=%s red=%s"
                           % (cells(h11g), cells(h11r))))
        broken.append(("w=7", "horses w=7 h=8 turn=green green=a1,b3,c1,c5 red=h7,g5,f7,h3"))
        broken.append(("w=31", big.text().replace("w=30", "w=31")))
        broken.append(("h=21", big.text().replace("h=20", "h=21")))
        broken.append(("turn=blue", txt(turn="blue")))
        broken.append(("wrong game name", txt().replace("horses", "horse", 1)))
        broken.append(("missing field", "horses w=%d h=%d turn=green green=%s" % (W, H, cells(g))))
        broken.append(("extra field", txt() + " extra=1"))
        broken.append(("empty green list", "horses w=%d h=%d turn=green green= red=%s" % (W, H, cells(r))))
        broken.append(("bad cell text", txt().replace("green=a1", "green=A1")))
        broken.append(("garbage", "hello world"))
        broken.append(("nothing", ""))
        for kind, text in broken:
            line = ("set " + text).rstrip()
            s.expect_error_unchanged(T, "broken position (%s) must be refused with ?" % kind,
                                     line, base)

        # good positions from outside: the protocol's example, random ones, ended ones
        good = ["horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4",
                # green to move, no legal move: red wins by no-moves
                "horses w=8 h=8 turn=green green=c6,b8,e2,d4 red=a8,d5,b6,a4",
                "horses w=8 h=8 turn=green green=d6,g8,c8,a7,e7,b5 red=a5,f5,b7,b3,d4,c6",
                # corners taken
                "horses w=8 h=8 turn=red green=h8,f7,d8,e6 red=a2,c3,b5,d4",
                "horses w=8 h=8 turn=green green=h8,f7,d8,e6 red=a2,c3,b5,d4",
                "horses w=9 h=10 turn=green green=c3,b5,d4,e2 red=a1,b3,c5,d7",
                "horses w=9 h=10 turn=red green=c3,b5,d4,e2 red=a1,b3,c5,d7"]
        for _ in range(40):
            w, h, n = random_size(rng)
            good.append(R.random_position(rng, w, h, n).text())
        for text in good:
            ref = R.parse_position(text)
            line = "set " + text
            ans = s.cmd(line)
            if not chk.ok(ans == ["="], T, "`set` of a valid position must answer '='", line,
                          ["="], ans):
                s.cmd("set " + base)
                continue
            s.expect(T, "`position` must echo the `set` text", "position", ok_answer(text),
                     "after " + line)
            s.expect(T, "wrong `status` after set", "status", ok_answer(ref.status_text()),
                     "position " + text)
            s.expect(T, "wrong `legal` after set", "legal",
                     ok_answer(" ".join(ref.legal_texts())), "position " + text)
            s.expect(T, "wrong `perft 1` after set", "perft 1", ok_answer(str(ref.perft(1))),
                     "position " + text)
            if ref.n <= 6 or rng.random() < 0.2:
                s.expect(T, "wrong `perft 2` after set", "perft 2",
                         ok_answer(str(ref.perft(2))), "position " + text)
            if ref.n <= 4 and len(ref.legal_texts()) <= 16:
                s.expect(T, "wrong `perft 3` after set", "perft 3",
                         ok_answer(str(ref.perft(3))), "position " + text)
            s.expect_error(T, "`undo` right after `set` must answer ?", "undo",
                           "position " + text)
            if ref.ended():
                s.expect(T, "`legal` at an ended position must be exactly '='", "legal", ["="],
                         "position " + text)
                s.expect_error_unchanged(T, "`genmove` at an ended position must answer ?",
                                         "genmove", text)
        # perft arguments
        s.cmd("set " + base)
        s.expect(T, "`perft 0` at an ongoing position must be 1", "perft 0", ok_answer("1"),
                 "position " + base)
        for line in ("perft -1", "perft abc", "perft"):
            s.expect_error_unchanged(T, "bad perft depth must answer ?", line, base)
        # a chain of plays undone back to the start, then one undo too many
        s.cmd("set " + base)
        ref = R.parse_position(base)
        stack = [ref]
        for _ in range(8):
            if ref.ended():
                break
            m = rng.choice(ref.legal_texts())
            s.expect(T, "legal `play` must answer '='", "play " + m, ["="], "position " + ref.text())
            ref = ref.apply(m)
            stack.append(ref)
        while len(stack) > 1:
            stack.pop()
            s.expect(T, "`undo` must answer '='", "undo", ["="])
            s.expect(T, "`undo` must restore the previous position", "position",
                     ok_answer(stack[-1].text()))
        s.expect_error_unchanged(T, "`undo` past the start must answer ?", "undo", base)
        # `new` clears the history
        s.cmd("play " + R.parse_position(base).legal_texts()[0])
        s.cmd("new horses w=8 h=8 n=4 seed=5")
        s.expect_error(T, "`undo` right after `new` must answer ?", "undo")
    except (HerdDied, HerdTimeout, BadFraming) as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 5. Determinism


def gen_sequence(s, line, k):
    out = [tuple(s.cmd(line))]
    for _ in range(k):
        ans = s.cmd("genmove")
        out.append(tuple(ans))
        if not (payload(ans) or ""):
            break
    return out


def test_determinism(path, chk, rng):
    T = "determinism"
    s = Session(path, chk)
    s2 = Session(path, chk)
    try:
        for _ in range(12):
            w, h, n = random_size(rng)
            seed = random_seed(rng)
            line = "new horses w=%d h=%d n=%d seed=%d" % (w, h, n, seed)
            a = s.cmd(line)
            b = s.cmd(line)
            chk.ok(a == b, T, "the same `new` twice must give the same position", line, a, b)
            rev = "new horses seed=%d n=%d h=%d w=%d" % (seed, n, h, w)
            c = s.cmd(rev)
            chk.ok(a == c, T, "option order must not matter", rev, a, c)
            s1 = gen_sequence(s, line, 30)
            s2a = gen_sequence(s, line, 30)
            chk.ok(s1 == s2a, T, "genmove sequences from the same seed must repeat",
                   line + " then genmove x30", " | ".join(x[0] for x in s1),
                   " | ".join(x[0] for x in s2a))
            s3 = gen_sequence(s2, line, 30)
            chk.ok(s1 == s3, T, "genmove sequences must repeat in a fresh process",
                   line + " then genmove x30", " | ".join(x[0] for x in s1),
                   " | ".join(x[0] for x in s3))
        # seeds matter: 40 seeds on 8x8 n=6 give more than one start position
        starts = set()
        for seed in range(40):
            starts.add(tuple(s.cmd("new horses w=8 h=8 n=6 seed=%d" % seed)))
        chk.ok(len(starts) > 1, T, "the start placement must depend on the seed",
               "new horses w=8 h=8 n=6 seed=0..39", "several positions",
               "%d distinct" % len(starts))
        # the straight-back rule over long computer-only games
        for _ in range(6):
            w, h, n = random_size(rng)
            g = GameRunner(s, chk, rng, T + " genmove-only")
            if not g.new(w, h, n, random_seed(rng)):
                continue
            for _ in range(200):
                if g.pos.ended():
                    g.check_state()
                    g.check_ended()
                    break
                if g.genmove() is None:
                    break
            else:
                g.check_state()
    except (HerdDied, HerdTimeout, BadFraming) as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()
        s2.h.kill()


def uniform_position(rng):
    """A position (no previous move known) whose movable horses have unequal
    numbers of moves, so that "a horse uniformly, then one of its moves
    uniformly" differs clearly from "a move uniformly"."""
    while True:
        w, h, n = rng.randint(8, 12), rng.randint(8, 12), rng.randint(4, 6)
        pos = R.random_position(rng, w, h, n)
        if pos.ended():
            continue
        per = {}
        for f, t in pos.moves_for(pos.turn):
            per.setdefault(f, []).append(R.move_text((f, t)))
        counts = sorted(len(v) for v in per.values())
        if 2 <= len(counts) <= 4 and counts[-1] >= 3 * counts[0]:
            return pos, per


def test_genmove_distribution(path, chk, rng):
    """docs/horses.md: a horse uniformly among those that can move, then one of its moves uniformly."""
    T = "genmove distribution"
    s = Session(path, chk)
    try:
        for _ in range(3):
            pos, per = uniform_position(rng)
            text = pos.text()
            seen = {}
            samples = 600
            for k in range(samples):
                if k == 0:
                    s.cmd("new horses seed=%d" % rng.getrandbits(64))
                ans = s.cmd("set " + text)
                if ans != ["="]:
                    chk.ok(False, T, "`set` of a valid position must answer '='", "set " + text,
                           ["="], ans)
                    return
                ans = s.cmd("genmove")
                m = payload(ans)
                if m not in pos.legal_texts():
                    chk.ok(False, T, "`genmove` must answer a legal move", "genmove",
                           "one of " + " ".join(pos.legal_texts()), ans, "position " + text)
                    return
                seen[m] = seen.get(m, 0) + 1
                if k == 40 and len(seen) == 1:
                    break
            if len(seen) == 1:
                chk.note("genmove distribution not sampled (set restarts the generator?)")
                continue
            total = sum(seen.values())
            H = len(per)
            for f, moves in sorted(per.items()):
                # per horse: binomial(total, 1/H); 5 standard deviations of slack
                got = sum(seen.get(m, 0) for m in moves)
                p = 1.0 / H
                sd = math.sqrt(total * p * (1 - p))
                chk.ok(abs(got - total * p) <= 5 * sd, T,
                       "`genmove` must pick the horse uniformly (docs/horses.md)",
                       "(set POSITION; genmove) x%d" % total,
                       "horse on %s chosen about %.0f times (its moves: %s)"
                       % (R.cell_name(f), total * p, " ".join(moves)),
                       "%d times; all counts: %s" % (got, seen), "position " + text)
                for m in moves:
                    q = p / len(moves)
                    sd = math.sqrt(total * q * (1 - q))
                    chk.ok(abs(seen.get(m, 0) - total * q) <= 5 * sd + 1, T,
                           "`genmove` must pick among the horse's moves uniformly",
                           "(set POSITION; genmove) x%d" % total,
                           "%s about %.0f times" % (m, total * q),
                           "%d times; all counts: %s" % (seen.get(m, 0), seen), "position " + text)
            chk.note("genmove distribution sampled")
    except (HerdDied, HerdTimeout, BadFraming) as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------


def run_games(path, chk, games, play_one):
    """Runs play_one(session, game index) for each of `games` games through
    one program, started again when it fails (five failures end the run)."""
    s = Session(path, chk)
    crashes = 0
    for gi in range(games):
        try:
            play_one(s, gi)
        except (HerdDied, HerdTimeout, BadFraming) as e:
            chk.ok(False, "game %d" % gi, "the program failed: %s" % e)
            crashes += 1
            if crashes >= 5:
                chk.ok(False, "games", "stopped after 5 programs failed; %d games not played"
                       % (games - gi - 1))
                break
            s.restart()
    s.h.kill()


def run_suites(description, title, games, plies, suites, extra=()):
    """The command line shared by the protocol tests of every game: runs
    suites(args, checker, rng), a list of (name, function), and prints the
    closing `N passed, N failed` line. extra: more whole-number options of
    the runner, (flag, default, help)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("herd", help="path to the herd program")
    ap.add_argument("--seed", type=int, default=None, help="seed of the test's own choices")
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--plies", type=int, default=plies)
    for flag, default, text in extra:
        ap.add_argument(flag, type=int, default=default, help=text)
    ap.add_argument("--max-details", type=int, default=40,
                    help="failures printed in full (later ones only if of a new kind)")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    if not (os.path.isfile(a.herd) and os.access(a.herd, os.X_OK)):
        print("not an executable: %s" % a.herd)
        print("0 passed, 1 failed")
        return 2
    seed = a.seed if a.seed is not None else random.randrange(2 ** 32)
    print("%s of %s, test seed %d (rerun with --seed %d)" % (title, a.herd, seed, seed))
    sys.stdout.flush()
    chk = Checker(a.max_details, a.verbose)
    rng = random.Random(seed)
    t0 = time.monotonic()
    for name, fn in suites(a, chk, rng):
        t = time.monotonic()
        before = chk.failed
        try:
            fn()
        except (HerdDied, HerdTimeout, BadFraming) as e:
            chk.ok(False, name, "the program failed: %s" % e)
        if a.verbose or chk.failed != before:
            print("-- %s: %d failed, %.1f s" % (name, chk.failed - before, time.monotonic() - t))
    if chk.by_kind:
        print("failures by kind:")
        for kind, count in sorted(chk.by_kind.items(), key=lambda kv: -kv[1]):
            print("  %6d  %s" % (count, kind))
    if a.verbose:
        print("coverage:")
        for key, count in sorted(chk.stats.items()):
            print("  %6d  %s" % (count, key))
    print("time %.1f s" % (time.monotonic() - t0))
    print("%d passed, %d failed" % (chk.passed, chk.failed))
    return 0 if chk.failed == 0 else 1


def main():
    return run_suites(
        __doc__.split("\n\n")[0], "protocol test", 200, 300,
        lambda a, chk, rng: (
            ("framing", lambda: test_framing(a.herd, chk)),
            ("errors", lambda: test_errors(a.herd, chk, rng)),
            ("determinism", lambda: test_determinism(a.herd, chk, rng)),
            ("genmove distribution", lambda: test_genmove_distribution(a.herd, chk, rng)),
            ("games", lambda: test_games(a.herd, chk, rng, a.games, a.plies))))


if __name__ == "__main__":
    sys.exit(main())
