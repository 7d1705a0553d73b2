#!/usr/bin/env python3
"""Protocol test of the `herd` program's records and players' endings, for every game.

    python3 tests/protocol/run_records_protocol_tests.py PATH_TO_HERD [--seed S] [--games N]
        [--plies P] [--max-details K] [--verbose]

Checks what docs/protocol.md says of `record`, `replay RECORD`, `resign SIDE`,
`draw`, `timeout SIDE`, `abandon` and `status`'s `over abandoned`, for every
game the program lists (`games`):
- endings: each ending gives its status (`win OTHER resigned`, `win OTHER
  time`, `draw agreed`, `over abandoned`) and the record's Result and
  Termination; the position stays, `legal` is empty, actions and a second
  ending are refused; `save`/`load` and `replay` carry the ending, `set`
  clears it, and `undo` takes it back first, as one step; the fox in a jump
  chain may resign; a game the rules ended refuses every ending; a bad SIDE
  is refused with the usage;
- record and replay: random games (actions by `play`, `genmove` and `roll`,
  some ended by the players) give a record whose tags start with Game and
  Start (the first position of the history, after `new`, `set` or `load`)
  and whose movetext holds the actions played, in order; `replay` of it in
  another program gives the same position and status, and `record` then the
  same text; `undo` takes the actions back to Start;
- refusals: a record that is no record, with an action that is not legal, a
  result the position contradicts or an unknown game is refused with the
  reader's message (`record 1, line 1, column C: ...`, C the column of the
  bad action) and changes nothing;
- a long game: the record of a Herd of Horses game of 1,000 actions (some
  11 kB on one line) replays (run_input_protocol_tests.py checks the line
  bound itself).
The process and answer machinery is the one of run_protocol_tests.py.
Standard library only. Ends with `N passed, N failed`; exit status 0 only
when nothing failed.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import program_games  # noqa: E402
import run_protocol_tests as P  # noqa: E402

Session = P.Session
payload, ok_answer, is_error = P.payload, P.ok_answer, P.is_error

TAG = re.compile(r'\[([A-Za-z0-9]+) "((?:[^"\\]|\\.)*)"\] ?')
# A fox position in a jump chain (run_fox_protocol_tests.py has it too).
FOX_CHAIN = "fox turn=fox chain=1 sideways=0 fox=c5 geese=a4,d5,e4,g3,g4,g5"


def parse_record(text):
    """([(key, value)], [movetext tokens]) of a one-line record, or None."""
    tags, at = [], 0
    while True:
        m = TAG.match(text, at)
        if not m:
            break
        tags.append((m.group(1), m.group(2)))
        at = m.end()
    if not tags:
        return None
    return tags, text[at:].split()


def record_actions(tokens):
    """The actions of a movetext: turn numbers, comments and the result left out."""
    out, comment = [], False
    for t in tokens:
        if comment or t.startswith("{"):
            comment = not t.endswith("}")
            continue
        if re.fullmatch(r"\d+\.", t) or t in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        out.append(t)
    return out


def side_names(s, game, options=""):
    """The names of side 0 and side 1 of GAME, from `resign` refusal's usage."""
    s.cmd("new %s %s" % (game, options))
    ans = s.cmd("resign")
    m = re.search(r"with SIDE (\S+) or (\S+)$", ans[0])
    return (m.group(1), m.group(2)) if m else None


def result_of(status, names):
    """(Result, Termination) that records.md gives for a `status` payload."""
    words = status.split()
    if words[0] == "ongoing":
        return "*", None
    if words[0] == "win":
        return ("1-0" if words[1] == names[0] else "0-1"), words[2]
    if words[0] == "draw":
        return "1/2-1/2", words[1]
    return "*", words[1]


def step(s, rng):
    """Plays one action by `roll`, `genmove 1` or `play`; returns its text,
    or None when the game is over."""
    if not payload(s.cmd("status")).startswith("ongoing"):
        return None
    legal = (payload(s.cmd("legal")) or "").split()
    if not legal:
        return None
    if legal[0].startswith("dice:"):
        return payload(s.cmd("roll"))
    if rng.random() < 0.5:
        return payload(s.cmd("genmove 1"))
    action = rng.choice(legal)
    return action if s.cmd("play " + action) == ["="] else None


def state(s):
    return s.cmd("position"), s.cmd("status"), s.cmd("record")


# ---------------------------------------------------------------------------
# 1. Endings

ENDINGS = [("resign", 0), ("resign", 1), ("timeout", 0), ("timeout", 1), ("draw", None),
           ("abandon", None)]


def ending_line(command, side, names):
    return command if side is None else "%s %s" % (command, names[side])


def ending_status(command, side, names):
    if command == "resign":
        return "win %s resigned" % names[1 - side]
    if command == "timeout":
        return "win %s time" % names[1 - side]
    return "draw agreed" if command == "draw" else "over abandoned"


def test_endings(path, chk, rng, games):
    T = "endings"
    s = Session(path, chk)
    try:
        for game in games:
            names = side_names(s, game.name)
            if not chk.ok(names is not None, T, "`resign` alone answers its usage with the sides",
                          "resign", "? usage: resign SIDE, with SIDE A or B", None, game.name):
                continue
            for command, side in ENDINGS:
                line = ending_line(command, side, names)
                ctx = "new %s seed=%d, some actions, then %s" % (game.name, 7, line)
                s.cmd("new %s seed=7" % game.name)
                played = [a for a in (step(s, rng) for _ in range(rng.randrange(0, 6))) if a]
                if not payload(s.cmd("status")).startswith("ongoing"):
                    continue
                pos, before_status = s.cmd("position"), s.cmd("status")
                want = ending_status(command, side, names)
                s.expect(T, "an ending answers '='", line, ["="], ctx)
                s.expect(T, "the ending gives its status", "status", ok_answer(want), ctx)
                s.expect(T, "an ending leaves the position", "position", pos, ctx)
                s.expect(T, "after an ending `legal` is empty", "legal", ["="], ctx)
                s.expect_error(T, "after an ending `genmove` is refused", "genmove", ctx)
                for other, other_side in ENDINGS:
                    s.expect_error(T, "a second ending is refused",
                                   ending_line(other, other_side, names), ctx)
                s.expect(T, "a refused ending changes nothing", "status", ok_answer(want), ctx)
                rec = payload(s.cmd("record"))
                parsed = parse_record(rec or "")
                if chk.ok(parsed is not None, T, "`record` answers a record", "record",
                          "[Game ...", rec, ctx):
                    tags = dict(parsed[0])
                    result, termination = result_of(want, names)
                    chk.ok(tags.get("Result") == result and tags.get("Termination") == termination,
                           T, "the record's Result and Termination say the ending", "record",
                           "Result %s, Termination %s" % (result, termination), rec, ctx)
                    chk.ok(record_actions(parsed[1]) == played, T,
                           "the record holds the actions, not the ending", "record",
                           " ".join(played), rec, ctx)
                saved = payload(s.cmd("save"))
                s.cmd("new %s" % game.name)
                s.expect(T, "`load` of a save after an ending", "load %s" % saved, ["="], ctx)
                s.expect(T, "`save` and `load` carry the ending", "status", ok_answer(want), ctx)
                s.cmd("new %s" % game.name)
                s.expect(T, "`replay` of a record after an ending", "replay %s" % rec, ["="],
                         ctx)
                s.expect(T, "`replay` carries the ending", "status", ok_answer(want), ctx)
                s.expect(T, "`record` after `replay` gives the record back", "record",
                         ok_answer(rec), ctx)
                s.expect(T, "`undo` takes the ending back", "undo", ["="], ctx)
                s.expect(T, "after `undo` the game goes on as before", "status", before_status,
                         ctx)
                s.expect(T, "`undo` of the ending leaves the position", "position", pos, ctx)
                if played:
                    s.cmd("undo")
                    chk.ok(s.cmd("position") != pos or len(played) == 0, T,
                           "the next `undo` takes back the last action", "undo", "another position",
                           None, ctx)
                else:
                    s.expect_error(T, "`undo` takes the ending alone back", "undo", ctx)
                s.cmd("load %s" % saved)
                s.expect(T, "`set` clears the ending", "set %s" % payload(pos), ["="], ctx)
                s.expect(T, "after `set` the game goes on", "status", before_status, ctx)
                chk.note("endings")
            # Refusals of the SIDE and of arguments.
            s.cmd("new %s" % game.name)
            for line in ("resign", "resign nobody", "timeout", "timeout %s%s" % names,
                         "resign %s" % names[0].upper()):
                ans = s.expect_error(T, "a bad SIDE is refused", line, game.name)
                chk.ok(ans[0].startswith("? usage: %s SIDE, with SIDE %s or %s"
                                         % (line.split()[0], names[0], names[1])), T,
                       "a bad SIDE is refused with the usage and the sides", line,
                       "? usage: ... SIDE, with SIDE %s or %s" % names, ans, game.name)
            for line in ("draw now", "abandon it"):
                s.expect(T, "`draw` and `abandon` take no arguments", line,
                         ["? this command takes no arguments"], game.name)
            s.expect(T, "refused endings change nothing", "status",
                     ok_answer("ongoing %s" % names[0]), game.name)
        # A game the rules ended refuses every ending.
        s.cmd("new hare seed=3")
        for _ in range(2000):
            if step(s, rng) is None:
                break
        over = s.cmd("status")
        if chk.ok(not payload(over).startswith("ongoing"), T, "a random hare game ends",
                  "status", "win ...", over):
            for command, side in ENDINGS:
                s.expect_error(T, "an ended game refuses every ending",
                               ending_line(command, side, ("hounds", "hare")), "hare, over")
            s.expect(T, "refused endings change nothing", "status", over, "hare, over")
        # The fox in a jump chain may resign; undo gives the chain back.
        s.cmd("set " + FOX_CHAIN)
        s.expect(T, "the fox in a chain may resign", "resign fox", ["="], FOX_CHAIN)
        s.expect(T, "the fox resigned", "status", ok_answer("win geese resigned"), FOX_CHAIN)
        s.expect(T, "`undo` gives the chain back", "undo", ["="], FOX_CHAIN)
        s.expect(T, "`undo` gives the chain back", "position", ok_answer(FOX_CHAIN), FOX_CHAIN)
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 2. Record and replay


def check_round_trip(chk, T, s, other, start, played, ctx):
    """The current game's record against what was played, replayed in the
    session `other`; returns the record."""
    pos, status = s.cmd("position"), s.cmd("status")
    rec = payload(s.cmd("record"))
    parsed = parse_record(rec or "")
    if not chk.ok(parsed is not None, T, "`record` answers a one-line record", "record",
                  "[Game ...", rec, ctx):
        return None
    tags, tokens = parsed
    keys = [k for k, _ in tags]
    chk.ok(keys[:2] == ["Game", "Start"] and tags[1][1] == start, T,
           "a record starts with Game and Start, the history's first position", "record",
           '[Game "..."] [Start "%s"] ...' % start, rec, ctx)
    chk.ok("Result" in keys and tokens and tokens[-1] == dict(tags)["Result"], T,
           "the movetext ends with the Result", "record", "... RESULT", rec, ctx)
    chk.ok(record_actions(tokens) == played, T, "the movetext holds the actions played",
           "record", " ".join(played), rec, ctx)
    other.cmd("new %s" % ("hex" if not start.startswith("hex") else "horses"))
    other.expect(T, "`replay` of a record answers '='", "replay " + rec, ["="], ctx)
    other.expect(T, "`replay` gives the final position", "position", pos, ctx)
    other.expect(T, "`replay` gives the final status", "status", status, ctx)
    other.expect(T, "`replay` then `record` gives the same text", "record", ok_answer(rec), ctx)
    # undo back to Start: one step per action, and one for a players' ending
    steps = len(played) + (1 if payload(status).split()[-1] in (
        "resigned", "time", "agreed", "abandoned") else 0)
    for k in range(steps):
        if other.cmd("undo") != ["="]:
            chk.ok(False, T, "`undo` takes back every replayed action", "undo", "=", None,
                   ctx + ", undo %d of %d" % (k + 1, steps))
            break
    other.expect(T, "`undo` of every replayed action gives Start", "position",
                 ok_answer(start), ctx)
    other.expect_error(T, "the replayed history begins at Start", "undo", ctx)
    chk.note("round trips")
    return rec


def test_round_trips(path, chk, rng, games, rounds, plies):
    T = "record/replay"
    s, other = Session(path, chk), Session(path, chk)
    try:
        for game in games:
            names = side_names(s, game.name)
            for k in range(rounds):
                opts = rng.choice(game.cases(rng))
                start = payload(s.cmd("new %s %s" % (game.name, opts)))
                ctx = "new %s %s" % (game.name, opts)
                how = rng.randrange(4)
                if how == 1:  # from a position of the game's own, by `set`
                    for _ in range(rng.randrange(1, 8)):
                        step(s, rng)
                    start = payload(s.cmd("position"))
                    s.cmd("set " + start)
                    ctx += ", then set " + start
                elif how == 2:  # from a loaded game
                    for _ in range(rng.randrange(1, 8)):
                        step(s, rng)
                    start = payload(s.cmd("position"))
                    s.cmd("load " + payload(s.cmd("save")))
                    ctx += ", then load of its save"
                played = []
                for _ in range(rng.randrange(0, plies)):
                    a = step(s, rng)
                    if a is None:
                        break
                    played.append(a)
                if how == 3 and payload(s.cmd("status")).startswith("ongoing"):
                    command, side = rng.choice(ENDINGS)
                    line = ending_line(command, side, names)
                    s.cmd(line)
                    ctx += ", %d actions, %s" % (len(played), line)
                check_round_trip(chk, T, s, other, start, played, ctx)
    finally:
        s.h.kill()
        other.h.kill()


# ---------------------------------------------------------------------------
# 3. Refused records


def test_refusals(path, chk, rng):
    T = "replay refused"
    s = Session(path, chk)
    try:
        s.expect(T, "`replay` alone answers its usage", "replay", ["? usage: replay RECORD"])
        s.cmd("new horses seed=4")
        for _ in range(6):
            step(s, rng)
        rec = payload(s.cmd("record"))
        tags, tokens = parse_record(rec)
        before = state(s)
        actions = [i for i, t in enumerate(tokens) if t in record_actions(tokens)]
        head = rec[:len(rec) - len(" ".join(tokens))]

        def with_tokens(toks):
            return head + " ".join(toks)

        # The second action (red's) in place of the first (green's): the
        # rules refuse it where it stands.
        bad = list(tokens)
        bad[actions[0]] = tokens[actions[1]]
        illegal = with_tokens(bad)
        column = len(head) + len(" ".join(bad[:actions[0]])) + (1 if actions[0] else 0) + 1
        cases = [
            ("not a record", "hello", "record 1, line 1, column "),
            ("an action the rules refuse", illegal,
             "record 1, line 1, column %d: " % column),
            ("a result the position contradicts",
             with_tokens(tokens[:-1] + ["1-0"]).replace('[Result "*"]', '[Result "1-0"]'),
             "record 1, line 1, column "),
            ("an unknown game", rec.replace('[Game "horses"]', '[Game "chess"]'),
             "record 1, line 1, column "),
            ("no Result tag", re.sub(r'\[Result "[^"]*"\] ', "", rec), "record 1, "),
        ]
        for what, text, message in cases:
            ans = s.cmd("replay " + text)
            chk.ok(is_error(ans) and ans[0].startswith("? " + message), T,
                   "a refused record answers the reader's message (%s)" % what, "replay " + text,
                   "? %s..." % message, ans)
            chk.ok(state(s) == before, T, "a refused record changes nothing (%s)" % what,
                   "position, status, record", before, None, "replay " + text)
        # A refused record keeps the record of the game before it too.
        s.cmd("new hare")
        s.cmd("replay hello")
        s.expect(T, "a refused `replay` changes nothing, with or without a replayed record",
                 "position", ok_answer("hare turn=hounds hare=a2 hounds=d1,d3,e2 stall=0"))
    finally:
        s.h.kill()


# ---------------------------------------------------------------------------
# 4. A long game


def test_long_game(path, chk):
    T = "long game"
    s = Session(path, chk)
    try:
        # A Herd of Horses game of 1,000 actions: each side's first horse
        # back and forth (the rules have no move limit).
        start = payload(s.cmd("new horses seed=2"))
        played, last = [], {}
        for ply in range(1000):
            legal = payload(s.cmd("legal")).split()
            side = ply % 2
            back = last.get(side)
            action = back if back in legal else legal[0]
            s.cmd("play " + action)
            played.append(action)
            frm, to = action.split("-")
            last[side] = "%s-%s" % (to, frm)
        other = Session(path, chk)
        try:
            rec = check_round_trip(chk, T, s, other, start, played, "horses seed=2, 1,000 actions")
            if rec:
                chk.note("bytes of a 1,000-action horses record", len(rec))
        finally:
            other.h.kill()
    finally:
        s.h.kill()


def main():
    def suites(a, chk, rng):
        games = program_games.read_games(a.herd)
        return (("endings", lambda: test_endings(a.herd, chk, rng, games)),
                ("record/replay", lambda: test_round_trips(a.herd, chk, rng, games, a.games,
                                                           a.plies)),
                ("replay refused", lambda: test_refusals(a.herd, chk, rng)),
                ("long game", lambda: test_long_game(a.herd, chk)))
    return P.run_suites(__doc__.split("\n\n")[0], "records protocol test", 6, 60, suites)


if __name__ == "__main__":
    sys.exit(main())
