#!/usr/bin/env python3
"""Protocol test of how the `herd` program takes its input, for every game.

    python3 tests/protocol/run_input_protocol_tests.py PATH_TO_HERD [--seed S] [--verbose]

Drives `herd` through pipes (the machinery of run_protocol_tests.py, imported
from it) and checks, for each game the program lists (`games`):
- blanks: a tab is a blank, as a space is (`status<TAB>`, `play<TAB>ACTION`,
  `new<TAB>GAME<TAB>KEY=VALUE<TAB>KEY=VALUE`), and blanks after the last
  argument are allowed (`perft 1 `);
- numbers: leading zeros are refused in every number (`perft 007`), as in
  every text of the protocol;
- echoed input: an answer that quotes what it was given never carries a raw
  control byte or invalid UTF-8 (`set <ESC>[2J`, hex's `row b has '\\r'`,
  a `load` of a save holding escape sequences);
- interrupts: SIGINT during a long command (`perft 64` on a large board, and
  a searching `hint` where one runs long) makes it answer `? interrupted`,
  and the program reads on with the game unchanged; SIGINT between commands
  changes nothing;
- the line bound: a line of 1,048,576 bytes (1 MiB, the newline not
  counted; programs/herd_session.h) is read as a command, one byte more
  answers `? line too long`, and the program reads on in step.
Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""

import os
import select
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import program_games  # noqa: E402
import run_protocol_tests as P  # noqa: E402

Session, payload, ok_answer, is_error = P.Session, P.payload, P.ok_answer, P.is_error

# What the registry cannot say, for every game (a row each; a game of the
# program without one fails): a bad position text whose quoted part holds a
# carriage return and the text the message must carry for it, or None; and
# the commands that lead to a searching `hint` that runs for seconds on the
# game's largest board (a Debug build takes 8 s and more), with that hint,
# or None.
PER_GAME = {
    "horses": (None, None),
    "hex": (("hex size=2 turns=0 turn=red phase=roll dice=- left=0 board=../.\r./..",
             "row b has '\\r' at 2"), (["roll"], "hint 3")),
    "hare": (None, None),
    "fox": (None, None),
    "flock": (None, ([], "hint 5")),
}


def clean_line(ans):
    """Whether an answer is one line of printable text without control bytes."""
    return len(ans) == 1 and all(ord(ch) >= 0x20 and ord(ch) != 0x7F and
                                 not 0x80 <= ord(ch) < 0xA0 for ch in ans[0])


def test_blanks(path, chk, game, options):
    T = "blanks (%s)" % game
    s = Session(path, chk)
    try:
        want = s.cmd("new %s %s" % (game, options))
        ans = s.cmd("new\t%s\t%s\t" % (game, options.replace(" ", "\t")))
        pos = payload(ans)
        chk.ok(pos is not None and pos.startswith(game) and ans == want, T,
               "`new<TAB>GAME<TAB>KEY=VALUE<TAB>KEY=VALUE<TAB>` is `new GAME KEY=VALUE ...`",
               "new\\t...", want, ans)
        status = s.cmd("status")
        s.expect(T, "`status<TAB>` is `status`", "status\t", status)
        s.expect(T, "`status<TAB><SPACE><TAB>` is `status`", "status\t \t", status)
        s.expect(T, "`position<TAB>` is `position`", "\tposition\t", ok_answer(pos))
        legal = payload(s.cmd("legal"))
        if chk.ok(legal, T, "a new game has a legal action", "legal"):
            action = legal.split(" ")[0]
            s.expect(T, "`play<TAB>ACTION` plays", "play\t" + action, ok_answer(""))
            s.expect(T, "`undo<TAB>` undoes", "undo\t", ok_answer(""))
            s.expect(T, "`play<TAB><TAB>ACTION` plays", "play\t\t" + action, ok_answer(""))
            s.expect(T, "`undo<SPACE>` undoes", "undo ", ok_answer(""))
            s.expect(T, "`play ACTION<SPACE><TAB>` plays: blanks after the last argument are "
                     "no part of it", "play %s \t" % action, ok_answer(""))
        s.expect(T, "`perft<TAB>0` answers 1", "perft\t0", ok_answer("1"))
        pos = s.cmd("position")
        one = s.cmd("perft 1")
        chk.ok(payload(one) is not None and payload(one).isdigit(), T, "`perft 1` counts",
               "perft 1", "'= N'", one)
        s.expect(T, "a blank after the depth is allowed", "perft 1 ", one)
        s.expect(T, "blanks after the depth are allowed", "perft\t1\t \t", one)
        for line in ("perft 01", "perft 007", "perft 00", "perft 1x", "perft 1 1", "perft 65",
                     "perft 18446744073709551617", "genmove 01", "hint 00"):
            ans = s.cmd(line)
            chk.ok(is_error(ans), T, "`%s` is refused: no leading zeros, one number" % line, line,
                   "'? ...'", ans)
        s.expect(T, "the refusals changed nothing", "position", pos)
    finally:
        s.h.kill()


def test_echoes(path, chk, game, bad_text):
    T = "echoed input (%s)" % game
    s = Session(path, chk)
    try:
        s.cmd("new " + game)
        before = s.cmd("position")
        for line, what, fragment in (
                ("set \x1b[2J", "an escape sequence as the game name", "\\x1b[2J"),
                ("new \x1b[2J", "an escape sequence as the game name of `new`", "\\x1b[2J"),
                ("new %s seed=\x1b[2J" % game, "an escape sequence as an option value",
                 "\\x1b[2J"),
                ("new %s seed=\u2028" % game, "U+2028 (a line end) as an option value",
                 "\\u2028")):
            ans = s.cmd(line)
            chk.ok(is_error(ans) and clean_line(ans) and fragment in ans[0], T,
                   "%s is answered `?` and escaped" % what, line, "'? ...%s...'" % fragment, ans)
        s.h.send_raw(b"new " + game.encode() + b" seed=\xff\xc3\n")
        ans = s.h.answer()
        chk.ok(is_error(ans) and "\\xff\\xc3" in ans[0], T,
               "invalid UTF-8 in an option value is escaped", "new %s seed=<FF C3>" % game,
               "'? ...\\xff\\xc3...'", ans)
        saved = payload(s.cmd("save"))
        if chk.ok(saved and " position=" in saved, T, "`save` answers a save", "save", "'= ...'",
                  saved):
            for bad, fragment in (
                    (saved.replace(" position=", " \x1b[2J\x1b[31mHACKED\r position=", 1),
                     "unexpected ' \\x1b[2J\\x1b[31mHACKED\\r' before position="),
                    ("\x1b[2J\r" + saved[len(game):], "unknown game '\\x1b[2J\\r'"),
                    (game + "\u2028" + saved[len(game):], "unknown game '%s\\u2028'" % game)):
                ans = s.cmd("load " + bad)
                chk.ok(is_error(ans) and clean_line(ans) and fragment in ans[0], T,
                       "`load` of a save holding escape sequences is answered escaped", "load ...",
                       "'? ...%s...'" % fragment, ans)
            # Malformed UTF-8: a lone continuation byte, and a sequence past U+10FFFF.
            raw = saved.encode().replace(b" position=", b" \xab\xf4\x90\x80\x80 position=", 1)
            s.h.send_raw(b"load " + raw + b"\n")
            ans = s.h.answer()
            fragment = "unexpected ' \\xab\\xf4\\x90\\x80\\x80' before position="
            chk.ok(is_error(ans) and clean_line(ans) and fragment in ans[0], T,
                   "`load` of a save holding malformed UTF-8 is answered escaped",
                   "load <save with AB F4 90 80 80>", "'? %s'" % fragment, ans)
        if bad_text:
            bad_position, part = bad_text
            ans = s.cmd("set " + bad_position)
            chk.ok(is_error(ans) and clean_line(ans) and part in ans[0], T,
                   "a bad character of a position is escaped", "set " + bad_position,
                   "'? ...%s...'" % part, ans)
        s.expect(T, "refusals changed nothing", "position", before)
    finally:
        s.h.kill()


def quiet_for(h, seconds):
    """Whether the program printed nothing for this long."""
    if h.buf:
        return False
    r, _, _ = select.select([h.fd], [], [], seconds)
    return not r


def test_interrupt(path, chk, game, options):
    T = "interrupt (%s)" % game
    s = Session(path, chk)
    try:
        pos = payload(s.cmd("new %s %s" % (game, options)))
        status = s.cmd("status")
        s.h.send("perft 64")
        chk.ok(quiet_for(s.h, 0.5), T, "`perft 64` on a large board runs on", "perft 64",
               "no answer yet", repr(s.h.buf))
        t = time.monotonic()
        s.h.p.send_signal(signal.SIGINT)
        ans = s.h.answer(timeout=P.TIMEOUT)
        chk.ok(ans == ["? interrupted"], T, "SIGINT stops the command with `? interrupted`",
               "perft 64, then SIGINT", "'? interrupted'", ans)
        chk.ok(time.monotonic() - t < 5.0, T, "the command stops within seconds", "SIGINT",
               "< 5 s", "%.1f s" % (time.monotonic() - t))
        s.expect(T, "the program reads on: `status` answers", "status", status)
        s.expect(T, "the interrupted command changed nothing", "position", ok_answer(pos))
        # An interrupt between commands is spent on nothing.
        s.h.p.send_signal(signal.SIGINT)
        time.sleep(0.2)
        chk.ok(s.h.p.poll() is None, T, "SIGINT between commands does not end the program",
               "SIGINT", "still running", "exit status %r" % s.h.p.poll())
        one = s.cmd("perft 1")
        chk.ok(payload(one) is not None and payload(one).isdigit(), T,
               "after SIGINT between commands, the next command runs", "perft 1", "'= N'", one)
        rc, rest = s.h.close_and_wait()
        chk.ok(rc == 0 and rest == "", T, "end of input still ends the program with status 0",
               "<end of input>", "exit 0", "exit %r, %r" % (rc, rest))
    finally:
        s.h.kill()


def test_interrupt_hint(path, chk, game, options, long_hint):
    T = "interrupt hint (%s)" % game
    before, hint = long_hint
    s = Session(path, chk)
    try:
        s.cmd("new %s %s" % (game, options))
        for line in before:
            s.cmd(line)
        pos, saved = s.cmd("position"), s.cmd("save")
        s.h.send(hint)
        chk.ok(quiet_for(s.h, 0.1), T, "`%s` searches for a while" % hint, hint, "no answer yet",
               repr(s.h.buf))
        t = time.monotonic()
        s.h.p.send_signal(signal.SIGINT)
        ans = s.h.answer(timeout=P.TIMEOUT)
        chk.ok(ans == ["? interrupted"], T, "SIGINT stops `%s` with `? interrupted`" % hint,
               "%s, then SIGINT" % hint, "'? interrupted'", ans)
        chk.ok(time.monotonic() - t < 5.0, T, "the hint stops within seconds", "SIGINT",
               "< 5 s", "%.1f s" % (time.monotonic() - t))
        s.expect(T, "the interrupted hint changed nothing", "position", pos)
        s.expect(T, "the interrupted hint changed nothing, generator included", "save", saved)
    finally:
        s.h.kill()


MAX_LINE = 1 << 20  # programs/herd_session.h: HERD_SESSION_MAX_LINE


def test_line_bound(path, chk):
    T = "line bound"
    s = Session(path, chk)
    try:
        p = payload(s.cmd("new horses"))
        at = "play " + "x" * (MAX_LINE - len("play "))
        for line in (at, at + "\r"):  # a carriage return before the newline is no part of it
            ans = s.cmd(line)
            chk.ok(is_error(ans) and ans[0] != "? line too long", T,
                   "a line of 1,048,576 bytes is read as a command",
                   "play xxx... (%d bytes)" % len(line), "? <play's refusal>", ans)
        for line in (at + "x", at + "x" * 4000):
            s.expect(T, "a longer line is too long", line, ["? line too long"])
            s.expect(T, "the program reads on in step after a long line", "position",
                     ok_answer(p))
    finally:
        s.h.kill()


def main():
    def suites(a, chk, rng):
        games = program_games.read_games(a.herd)
        out = [("games", lambda: program_games.rows_for(chk, "games", games, PER_GAME,
                                                         "PER_GAME"))]
        for game in games:
            # The largest board and most pieces: perft 64 cannot end.
            g, options = game.name, game.options_line("largest", 1)
            bad, long_hint = PER_GAME.get(g, (None, None))
            out.append(("blanks " + g, lambda g=g, o=options: test_blanks(a.herd, chk, g, o)))
            out.append(("echoes " + g, lambda g=g, b=bad: test_echoes(a.herd, chk, g, b)))
            out.append(("interrupt " + g,
                        lambda g=g, o=options: test_interrupt(a.herd, chk, g, o)))
            if long_hint:
                out.append(("interrupt hint " + g, lambda g=g, o=options, h=long_hint:
                            test_interrupt_hint(a.herd, chk, g, o, h)))
        out.append(("line bound", lambda: test_line_bound(a.herd, chk)))
        return out
    return P.run_suites(__doc__.split("\n\n")[0], "input protocol test", 0, 0, suites)


if __name__ == "__main__":
    sys.exit(main())
