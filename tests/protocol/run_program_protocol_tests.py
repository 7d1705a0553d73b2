#!/usr/bin/env python3
"""Protocol test of the `herd` program's own surface, for every game.

    python3 tests/protocol/run_program_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Checks what docs/protocol.md says beyond one game's rules: the options
--help and --version (print, exit 0; anything else: a message on standard
error and exit 2), the `help` command (the commands, one per line), each
command answering as itself (its own answer and refusals, never another's),
`show`
(the game's name on the first line, the board from the second), and `save`
and `load` (a saved game, loaded and played on, answers exactly as the game
that never saved; `load` of another game's save starts a game of that kind;
a bad save is refused and changes nothing), for every game the program
lists (`games`), each at its default, smallest, largest and random options. The process and answer machinery
is the one of run_protocol_tests.py. Standard library only. Ends with
`N passed, N failed`; exit status 0 only when nothing failed.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import program_games  # noqa: E402
import run_protocol_tests as P  # noqa: E402

Session = P.Session
payload, ok_answer, is_error = P.payload, P.ok_answer, P.is_error

# `new` options the program's `games` cannot give: start points other than
# the default. A game without a row here has its default, smallest, largest
# and random options.
MORE_OPTIONS = {
    "hare": ["start=c2 seed=8", "start=d2 seed=18446744073709551615"],
}


def games_with_options(path, rng):
    """[(game, [option lines])] for every game of the program."""
    games = program_games.read_games(path)
    for name in MORE_OPTIONS:
        if name not in [g.name for g in games]:
            raise ValueError("MORE_OPTIONS has a row for %s, which the program does not have"
                             % name)
    return [(g.name, g.cases(rng) + MORE_OPTIONS.get(g.name, [])) for g in games]

# The commands protocol.md lists that every build of the program has.
COMMANDS = ["new", "set", "position", "legal", "play", "undo", "status", "perft", "genmove",
            "roll", "solve", "save", "load", "record", "replay", "resign", "draw", "timeout",
            "abandon", "show", "help", "quit"]


# ---------------------------------------------------------------------------
# 1. The command line


def run_program(path, args, stdin=b""):
    r = subprocess.run([path] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=P.TIMEOUT)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def test_options(path, chk):
    T = "options"
    rc, out, err = run_program(path, ["--help"])
    chk.ok(rc == 0, T, "--help must exit 0", "--help", "0", str(rc))
    chk.ok(out.startswith("Usage: herd") and err == "", T,
           "--help must print its usage on standard output", "--help", "'Usage: herd ...'",
           repr(out[:80]) + " stderr " + repr(err))
    listed = {line.split()[0] for line in out.splitlines()[1:] if line.startswith("  ")}
    for c in COMMANDS:
        chk.ok(c in listed, T, "--help must list every command", "--help", c, repr(out))
    rc, out, err = run_program(path, ["--version"])
    chk.ok(rc == 0 and re.fullmatch(r"herd \(libherd\) \d+\.\d+\.\d+\n", out) is not None
           and err == "", T, "--version must print 'herd (libherd) X.Y.Z' and exit 0",
           "--version", "herd (libherd) X.Y.Z, 0", "%r, %d" % (out, rc))
    for args in (["--frobnicate"], ["-h"], ["horses"], ["--help", "--version"]):
        rc, out, err = run_program(path, args, b"new horses\n")
        chk.ok(rc == 2 and out == "" and err.startswith("herd: "), T,
               "an unknown option must give a message on standard error and exit 2",
               " ".join(args), "exit 2, 'herd: ...' on stderr, nothing on stdout",
               "exit %d, stdout %r, stderr %r" % (rc, out, err))
    # What the terminal would act on is quoted, not written raw.
    arg = "--x\x1b]0;pwned\x07'\\\u00e9"
    rc, out, err = run_program(path, [arg], b"")
    want = "herd: unknown option '--x\\x1b]0;pwned\\x07\\x27\\x5c\\xc3\\xa9'\n"
    chk.ok(rc == 2 and err.startswith(want), T,
           "an unknown option is quoted on standard error: control characters, the quote, "
           "the backslash and bytes beyond ASCII as \\xNN", repr(arg), repr(want), repr(err))


# ---------------------------------------------------------------------------
# 2. help and show


def test_help(path, chk, games):
    T = "help"
    s = Session(path, chk)
    try:
        ans = s.cmd("help")
        chk.ok(len(ans) > 1 and ans[0].startswith("= ") and all(a.strip() for a in ans), T,
               "`help` must answer '= ' then one command per line", "help",
               "'= new ...' and more lines", ans)
        names = [a[2:].split()[0] if i == 0 else a.split()[0] for i, a in enumerate(ans) if a]
        for c in COMMANDS:
            chk.ok(c in names, T, "`help` must list every command", "help", c, ans)
        s.expect_error(T, "answers out of step after `help`", "status")
        s.expect_error(T, "`help` takes no arguments", "help me")
        # every listed command is one the program knows
        for c in names:
            if c == "quit":
                continue
            got = s.cmd(c)
            chk.ok(got[0] != "? unknown command", T, "`help` lists only known commands", c,
                   "not '? unknown command'", got)
        s.cmd("new " + games[0][0])
        chk.ok(s.cmd("help") == ans, T, "`help` answers the same with a game", "help", ans)
    finally:
        s.h.kill()


def test_show(path, chk, games):
    T = "show"
    s = Session(path, chk)
    try:
        for game, options in games:
            for opt in options:
                p = payload(s.cmd("new %s %s" % (game, opt)))
                ans = s.cmd("show")
                chk.ok(len(ans) >= 3 and ans[0] == "= " + game, T,
                       "`show` must put the game's name on the first line and the board on "
                       "the next ones", "show", "'= %s' then the board" % game, ans)
                chk.ok(all(a.strip() for a in ans), T, "`show` must hold no empty line",
                       "show", "no empty line", ans)
                s.expect(T, "answers out of step after `show`", "position", ok_answer(p))
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 3. Every command answers as itself

# What each command of `help` answers in a fresh `new hare` (hounds to move,
# no chance event waiting, a game the library solves), from docs/protocol.md:
# the lines sent in turn, each with a pattern for its answer's first line.
# Each command is sent with no argument and with a bad one, so that a
# command the program took for another one (a case missing in its dispatch)
# answers the other one's text. A command `help` lists must have a row.
NO_ARGUMENTS = r"\? this command takes no arguments$"
UNKNOWN_GAME = r"\? unknown game 'x'$"
HARE_MOVE = r"= [a-e][1-3]-[a-e][1-3]$"
OWN_ANSWERS = {
    "games": [("games", r"= horses( [a-z]+=\S+)+$"), ("games x", NO_ARGUMENTS)],
    "new": [("new", r"\? usage: new GAME \[KEY=VALUE \.\.\.\]$"), ("new x", UNKNOWN_GAME)],
    "set": [("set", r"\? usage: set POSITION-TEXT$"), ("set x", UNKNOWN_GAME)],
    "position": [("position", r"= hare turn=hounds hare=a2 "), ("position x", NO_ARGUMENTS)],
    "legal": [("legal", r"= [a-e][1-3]-[a-e][1-3]( [a-e][1-3]-[a-e][1-3])+$"),
              ("legal x", NO_ARGUMENTS)],
    "play": [("play", r"\? expected a move FROM-TO"), ("play x", r"\? expected a move FROM-TO")],
    "undo": [("undo", r"\? there is nothing to undo$"), ("undo x", NO_ARGUMENTS)],
    "status": [("status", r"= ongoing hounds$"), ("status x", NO_ARGUMENTS)],
    "perft": [("perft", r"\? usage: perft DEPTH"), ("perft x", r"\? usage: perft DEPTH"),
              ("perft 1", r"= [1-9][0-9]*$")],
    # genmove plays the move it answers, hint does not.
    "genmove": [("genmove x", r"\? level must be a number from 0 to \d+$"),
                ("genmove", HARE_MOVE), ("status", r"= ongoing hare$")],
    "hint": [("hint x", r"\? level must be a number from 0 to \d+$"),
             ("hint", HARE_MOVE), ("status", r"= ongoing hounds$")],
    "levels": [("levels", r"= 1:\S+( \d+:\S+)+$"), ("levels x", NO_ARGUMENTS)],
    "roll": [("roll", r"\? no chance event waits$"), ("roll x", NO_ARGUMENTS)],
    "solve": [("solve", r"= hounds \d+$"), ("solve x", NO_ARGUMENTS)],
    "solvelimit": [("solvelimit", r"\? solvelimit is for fox only$"),
                   ("solvelimit x", r"\? solvelimit is for fox only$")],
    "save": [("save", r"= hare save=1 "), ("save x", NO_ARGUMENTS)],
    "load": [("load", r"\? usage: load SAVED$"), ("load x", UNKNOWN_GAME)],
    "record": [("record", r'= \[Game "hare"\] \[Start "hare turn=hounds hare=a2 '),
               ("record x", NO_ARGUMENTS)],
    "replay": [("replay", r"\? usage: replay RECORD$"),
               ("replay x", r"\? record 1, line 1, column \d+: ")],
    # The endings end the game, which `status` says.
    "resign": [("resign", r"\? usage: resign SIDE, with SIDE hounds or hare$"),
               ("resign x", r"\? usage: resign SIDE"), ("resign hare", r"=$"),
               ("status", r"= win hounds resigned$")],
    "draw": [("draw x", NO_ARGUMENTS), ("draw", r"=$"), ("status", r"= draw agreed$")],
    "timeout": [("timeout", r"\? usage: timeout SIDE, with SIDE hounds or hare$"),
                ("timeout x", r"\? usage: timeout SIDE"), ("timeout hounds", r"=$"),
                ("status", r"= win hare time$")],
    "abandon": [("abandon x", NO_ARGUMENTS), ("abandon", r"=$"),
                ("status", r"= over abandoned$")],
    "show": [("show", r"= hare$"), ("show x", NO_ARGUMENTS)],
    "help": [("help", r"= games$"), ("help x", NO_ARGUMENTS)],
    "quit": [("quit x", r"=$")],  # and nothing after it: the program ends
}
# The commands that answer before any `new`; every other one refuses then.
WITHOUT_GAME = {"games", "new", "set", "load", "replay", "help", "quit"}
NO_GAME = "? no game: start one with new"


def test_commands(path, chk):
    T = "commands"
    s = Session(path, chk)
    try:
        names = [line.lstrip("= ").split()[0] for line in s.cmd("help")]
        rc, out, _ = run_program(path, ["--help"])
        listed = [line.split()[0] for line in out.splitlines()
                  if line.startswith("  ") and not line.startswith("   ")]
        chk.ok(listed[:len(names)] == names, T,
               "--help must list the commands of `help`, in its order", "--help", names, listed)
        for name in names:
            chk.ok(name in OWN_ANSWERS, T, "every command of `help` has its row in OWN_ANSWERS",
                   "help", name, sorted(OWN_ANSWERS))
        for name in OWN_ANSWERS:
            chk.ok(name in names, T, "every row of OWN_ANSWERS is a command of `help`",
                   "help", name, names)
        for name in names:
            if name == "quit":
                continue
            s.restart()
            ans = s.cmd(name)
            if name in WITHOUT_GAME:
                chk.ok(ans[0] != NO_GAME, T, "a command that needs no game answers without one",
                       name, "not " + NO_GAME, ans)
            else:
                chk.ok(ans == [NO_GAME], T, "a command that needs a game refuses without one",
                       name, [NO_GAME], ans)
        for name, lines in OWN_ANSWERS.items():
            s.restart()
            s.cmd("new hare")
            for line, pattern in lines:
                ans = s.cmd(line)
                chk.ok(re.match(pattern, ans[0]) is not None, T,
                       "every command answers as itself", line, "/%s/" % pattern, ans,
                       context="new hare, then the lines of OWN_ANSWERS[%r]" % name)
            if name == "quit":
                rc, rest = s.h.close_and_wait()
                chk.ok(rc == 0 and rest == "", T,
                       "`quit` ends the program, status 0, nothing after", lines[-1][0],
                       "exit 0", "exit %r, then %r" % (rc, rest))
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 4. save and load


def next_command(s, rng):
    """A command that acts in the current game: `roll` at the dice, else
    `genmove` or `play` of a random legal action; None when the game is over."""
    if not s.cmd("status")[0].startswith("= ongoing"):
        return None
    legal = (payload(s.cmd("legal")) or "").split()
    if not legal:
        return None
    if legal[0].startswith("dice:"):
        return "roll"
    return "genmove" if rng.random() < 0.6 else "play " + rng.choice(legal)


def play(s, rng, steps):
    """Plays up to `steps` commands; returns [(command, answer)]."""
    out = []
    for _ in range(steps):
        c = next_command(s, rng)
        if c is None:
            break
        out.append((c, s.cmd(c)))
    return out


def test_save_load(path, chk, rng, rounds, plies, games):
    T = "save/load"
    s = Session(path, chk)
    try:
        s.expect_error(T, "`save` without a game must answer ?", "save")
        for round_ in range(rounds):
            game, options = games[round_ % len(games)]
            opt = rng.choice(options)
            s.cmd("new %s %s" % (game, opt))
            play(s, rng, rng.randrange(0, plies))
            saved = payload(s.cmd("save"))
            ctx = "new %s %s" % (game, opt)
            if not chk.ok(saved is not None and saved.startswith(game + " save=1 "), T,
                          "`save` must answer one line beginning with the game's name",
                          "save", "'= %s save=1 ...'" % game, saved, ctx):
                continue
            pos = payload(s.cmd("position"))
            after = play(s, rng, plies)
            # from another game, as a fresh program would
            other = games[(round_ + 1) % len(games)][0]
            s.cmd("new " + other)
            s.expect(T, "`load` must answer '='", "load " + saved, ["="], ctx)
            s.expect(T, "`load` must restore the position", "position", ok_answer(pos), ctx)
            s.expect(T, "`save` after `load` must give the same save", "save",
                     ok_answer(saved), ctx)
            s.expect_error(T, "`load` clears the history: `undo` must answer ?", "undo",
                           context=ctx)
            for c, ans in after:
                if not s.expect(T, "playing on after `load` must answer as the game that "
                                "never saved", c, ans, ctx + ", then load " + saved) == ans:
                    break
            bad = saved.replace(" save=1 ", " save=9 ", 1)
            before = payload(s.cmd("position"))
            s.expect_error(T, "a save of another version must be refused", "load " + bad,
                           mention="version")
            s.expect(T, "a refused `load` must change nothing", "position", ok_answer(before))
        for bad in ("load", "load horses", "load chess save=1", "load horses save=1 ply=0"):
            s.expect_error(T, "a malformed save must be refused", bad)
        s.restart()
        s.cmd("new hex seed=3")
        s.cmd("roll")
        saved = payload(s.cmd("save"))
        s.restart()
        s.expect(T, "`load` needs no game before it", "load " + saved, ["="])
        s.expect(T, "`load` into a fresh program must give the saved game", "save",
                 ok_answer(saved))
    finally:
        s.h.kill()


def main():
    def suites(a, chk, rng):
        games = games_with_options(a.herd, rng)
        return (("options", lambda: test_options(a.herd, chk)),
                ("help", lambda: test_help(a.herd, chk, games)),
                ("commands", lambda: test_commands(a.herd, chk)),
                ("show", lambda: test_show(a.herd, chk, games)),
                ("save/load", lambda: test_save_load(a.herd, chk, rng, a.games, a.plies, games)))
    return P.run_suites(__doc__.split("\n\n")[0], "program protocol test", 30, 40, suites)


if __name__ == "__main__":
    sys.exit(main())
