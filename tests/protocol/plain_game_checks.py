"""Checks shared by the protocol tests of the games without chance (`hare`,
`fox`, `flock`): playing through a `herd` process against a reference module,
hand-made scenarios, broken and good position texts, `new` options, `hint`,
random games (random_games.py, with the runner below). The process and answer
machinery is run_protocol_tests.py's.

A reference module R offers: RefError, parse_position(text) -> Position, and
Position with text(), status_text(), ended(), legal_texts() (sorted, empty
once ended), apply(action) and perft(depth).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import random_games as RG  # noqa: E402
import run_protocol_tests as P  # noqa: E402
from run_hex_protocol_tests import show_check  # noqa: E402,F401

HerdDied, HerdTimeout, BadFraming = P.HerdDied, P.HerdTimeout, P.BadFraming
FAILURES = (HerdDied, HerdTimeout, BadFraming)
Session = P.Session
payload, ok_answer, is_error = P.payload, P.ok_answer, P.is_error

GARBAGE_ACTIONS = ("xyz", "a1", "-", "a1-", "-a1", "a1--b2", "A1-B2", "a0-a1", "a1-b2x",
                   "1a-2b", "@1-a2", "a1-a1", "z9-z8", "a1 b2")


SKIPPED = 77  # the exit status of a run skipped because the program lacks the game


def skip_unless_known(game):
    """Exits with status 77 (CTest's skip) when the program named on the
    command line answers `new GAME` with `? unknown ...`: a build without the
    game. Any other answer, `?` included, goes on to the real test."""
    path = next((a for a in sys.argv[1:] if not a.startswith("-")), None)
    if path is None or not (os.path.isfile(path) and os.access(path, os.X_OK)):
        return
    h = P.Herd(path)
    try:
        ans = h.cmd("new " + game)
    except FAILURES:
        return
    finally:
        h.kill()
    if is_error(ans) and "unknown" in ans[0]:
        print("the program does not know the game %s (%s): skipped" % (game, ans[0]))
        print("0 passed, 0 failed")
        sys.exit(SKIPPED)


# ---------------------------------------------------------------------------
# `hint`: offered or not (protocol.md lists it; a program that answers `?` to
# every `hint` does not offer it and is not failed for that)


class HintTracker:
    def __init__(self):
        self.answered = 0
        self.refused = []  # (position text) where an ongoing game got `?`

    def report(self, chk, T):
        """At the end of a run: a program that gave hints must give them everywhere."""
        if self.answered and self.refused:
            chk.ok(False, T, "`hint` answered in some ongoing positions and refused in others",
                   "hint", "'= <a legal action>' in every ongoing position",
                   "'? ...' in %d positions" % len(self.refused),
                   "first refused at position " + self.refused[0])
        if not self.answered:
            print("note: `hint` answered ? in every position (%d asked): not offered, "
                  "not checked" % len(self.refused))


def legal_diff(expected, actual):
    """For a wrong `legal`: the counts and a few missing and extra actions."""
    e = set((payload(expected) or "").split())
    a = set((payload(actual) or "").split()) if payload(actual) is not None else set()
    return "expected %d actions, got %d; missing: %s; extra: %s" % (
        len(e), len(a), " ".join(sorted(e - a)[:5]) or "-", " ".join(sorted(a - e)[:5]) or "-")


# ---------------------------------------------------------------------------
# Playing through the session, checked against the reference


class Runner:
    """One game played through the session, every step checked against the reference."""

    def __init__(self, s, chk, rng, test, R, hints=None, illegal_actions=None):
        self.s = s
        self.chk = chk
        self.rng = rng
        self.T = test
        self.R = R
        self.hints = hints
        self.illegal_actions = illegal_actions  # (pos, rng) -> [(kind, text)]
        self.pos = None
        self.history = []  # (position before, action)
        self.lost = False  # the program's game differs from the reference's: stop
        self.hint_line = "hint"  # or `hint LEVEL`

    def ctx(self):
        return "position " + self.pos.text()

    def new(self, line, expected):
        """`new ...` must answer the expected start position (a Position)."""
        exp = ok_answer(expected.text())
        ans = self.s.expect(self.T, "`%s` must answer the start position" % line, line, exp)
        self.pos = expected
        self.history = []
        if ans != exp:
            self.lost = True
            return False
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
        """status, legal and position against the reference (sent at once)."""
        self.s.h.send_raw(b"status\nlegal\nposition\n")
        answers = [self.s.h.answer() for _ in range(3)]
        for (line, what, exp), ans in zip(
                (("status", "wrong `status`", ok_answer(self.pos.status_text())),
                 ("legal", "wrong `legal`", ok_answer(" ".join(self.pos.legal_texts()))),
                 ("position", "wrong `position`", ok_answer(self.pos.text()))), answers):
            ctx = self.ctx() + ("; " + legal_diff(exp, ans) if line == "legal" else "")
            if not self.chk.ok(ans == exp, self.T, what, line, exp, ans, ctx):
                self.lost = True

    def _advance(self, action):
        before = self.pos
        self.pos = before.apply(action)
        self.history.append((before, action))

    def play(self, action):
        ans = self.s.cmd("play " + action)
        if not self.chk.ok(ans == ["="], self.T, "legal `play` must answer '='",
                           "play " + action, ["="], ans, self.ctx()):
            self.lost = True
        self._advance(action)

    def genmove(self, line="genmove"):
        legal = self.pos.legal_texts()
        ans = self.s.cmd(line)
        m = payload(ans)
        if m is None or m not in legal:
            self.chk.ok(False, self.T, "`%s` must answer a legal action" % line, line,
                        "'= <one of: %s>'" % " ".join(legal), ans, self.ctx())
            self.lost = True
            return None
        self.chk.ok(True, self.T, "genmove legal")
        self.chk.note("genmove")
        self._advance(m)
        return m

    def hint_check(self):
        """`hint`: a legal action, and nothing changes (position and history:
        the next `undo` still takes back the last action)."""
        if self.hints is None:
            return
        text = self.pos.text()
        line = self.hint_line
        ans = self.s.cmd(line)
        if self.pos.ended():
            self.chk.ok(is_error(ans), self.T, "`hint` after the end must answer ?", line,
                        P.ERR, ans, self.ctx())
        elif is_error(ans):
            self.hints.refused.append(text)
        else:
            self.hints.answered += 1
            legal = self.pos.legal_texts()
            self.chk.ok(payload(ans) in legal, self.T, "`hint` must answer a legal action",
                        line, "'= <one of: %s>'" % " ".join(legal), ans, self.ctx())
            self.chk.note("hints checked")
        got = self.s.expect(self.T, "`hint` changed the position", "position", ok_answer(text),
                            "after hint at " + text)
        if got != ok_answer(text):
            self.lost = True
        elif self.history and self.rng.random() < 0.5:
            self.undo_check()  # the history too is as it was

    def undo_check(self):
        """Undo the last action: the position before it comes back; then play it again."""
        if not self.history:
            self.s.expect_error(self.T, "`undo` with nothing to undo must answer ?", "undo",
                                self.ctx())
            return
        prev, action = self.history[-1]
        self.s.expect(self.T, "`undo` must answer '='", "undo", ["="], self.ctx())
        got = self.s.expect(self.T, "`undo` must restore the previous position", "position",
                            ok_answer(prev.text()),
                            "undo of %s from %s" % (action, self.pos.text()))
        if got != ok_answer(prev.text()):
            self.lost = True
            return
        self.history.pop()
        self.pos = prev
        self.chk.note("undo")
        self.play(action)

    def illegal_check(self):
        before = self.pos.text()
        legal = self.pos.legal_texts()
        for kind, a in self.illegal_actions(self.pos, self.rng):
            if a is not None and a in legal:
                continue
            line = "play" if a is None else "play " + a
            if not self.s.expect_error_unchanged(self.T, "illegal action (%s) must answer ?"
                                                 % kind, line, before):
                self.lost = True
                return
            self.chk.note("illegal actions refused")

    def set_check(self):
        text = self.pos.text()
        self.s.expect(self.T, "`set` of the current position must answer '='", "set " + text,
                      ["="])
        if self.s.expect(self.T, "`position` must echo the `set` text", "position",
                         ok_answer(text), "after set " + text) != ok_answer(text):
            self.lost = True
        self.s.expect_error(self.T, "`undo` right after `set` must answer ? (history cleared)",
                            "undo", self.ctx())
        self.history = []

    def save_check(self):
        """`save`, then `load` of it: one line beginning with the game's name;
        the position, the next `save` and the computer's next choice (`hint`,
        which changes nothing) as before; the history cleared."""
        text = self.pos.text()
        game = text.split(" ", 1)[0]
        hint = self.hint_line if self.hints is not None else None
        h_before = self.s.cmd(hint) if hint else None
        ans = self.s.cmd("save")
        saved = payload(ans)
        if not self.chk.ok(saved is not None and saved.startswith(game + " "), self.T,
                           "`save` must answer one line beginning with the game's name", "save",
                           "'= %s ...'" % game, ans, self.ctx()):
            return
        self.s.h.send_raw(("load %s\nposition\nsave\n" % saved).encode())
        got = [self.s.h.answer() for _ in range(3)]
        for what, line, exp, a in (("`load` of a save must answer '='", "load " + saved, ["="],
                                    got[0]),
                                   ("`load` must restore the position", "position",
                                    ok_answer(text), got[1]),
                                   ("`save` after `load` must give the same save", "save",
                                    ok_answer(saved), got[2])):
            if not self.chk.ok(a == exp, self.T, what, line, exp, a, self.ctx()):
                self.lost = True
        if hint:
            self.s.expect(self.T, "`%s` after `load` must choose as before the `save`" % hint,
                          hint, h_before, self.ctx() + "; load " + saved)
        if not is_error(self.s.expect_error(self.T, "`load` clears the history: `undo` must "
                                            "answer ?", "undo", self.ctx())):
            self.lost = True
        self.history = []
        self.chk.note("saves loaded")

    def perft_check(self, depth):
        self.chk.note("perft %d" % depth)
        self.s.expect(self.T, "wrong `perft %d`" % depth, "perft %d" % depth,
                      ok_answer(str(self.pos.perft(depth))), self.ctx())

    def check_ended(self, some_action):
        """After the end: no legal action, `play`/`genmove` refused, perft 0."""
        ctx = self.ctx() + " (" + self.pos.status_text() + ")"
        text = self.pos.text()
        self.s.expect(self.T, "`legal` after the end must be exactly '='", "legal", ["="], ctx)
        if some_action:
            self.s.expect_error_unchanged(self.T, "`play` after the end must answer ?",
                                          "play " + some_action, text)
        self.s.expect_error_unchanged(self.T, "`genmove` after the end must answer ?",
                                      "genmove", text)
        self.s.expect(self.T, "`perft 1` after the end must be 0", "perft 1", ok_answer("0"), ctx)
        self.s.expect(self.T, "`perft 2` after the end must be 0", "perft 2", ok_answer("0"), ctx)


# ---------------------------------------------------------------------------
# Hand-made positions


class Scenario:
    """A position set by hand, with what must hold there (all written by hand
    from the rules; the reference must agree, as a check of the test itself):
    legal (the sorted list of legal actions), perfts {depth: count}, refused
    actions, then steps [(action, text after)], and the status at the end."""

    def __init__(self, name, start, steps=(), status=None, refused=(), legal=None, perfts=None,
                 solve=None):
        self.name = name
        self.start = start
        self.steps = list(steps)
        self.status = status
        self.refused = refused
        self.legal = legal
        self.perfts = perfts or {}
        self.solve = solve


def check_scenario_with_ref(R, sc):
    """The reference against the hand-written expectations; RefError when they differ."""
    pos = R.parse_position(sc.start)
    refs = [pos]
    if sc.legal is not None and pos.legal_texts() != sorted(sc.legal):
        raise R.RefError("legal %s != %s" % (pos.legal_texts(), sorted(sc.legal)))
    if sc.legal is not None and list(sc.legal) != sorted(sc.legal):
        raise R.RefError("the hand-written legal list is not in byte order")
    for d, n in sc.perfts.items():
        if pos.perft(d) != n:
            raise R.RefError("perft %d: %d != %d" % (d, pos.perft(d), n))
    for a in sc.refused:
        if a in pos.legal_texts():
            raise R.RefError("%s is legal" % a)
    for action, after in sc.steps:
        pos = pos.apply(action)
        refs.append(pos)
        if after is not None and pos.text() != after:
            raise R.RefError("after %s: %s != %s" % (action, pos.text(), after))
    if sc.status is not None and pos.status_text() != sc.status:
        raise R.RefError("status %s != %s" % (pos.status_text(), sc.status))
    if sc.solve is not None and R.Solver().solve_text(refs[0]) != sc.solve:
        raise R.RefError("solve %s != %s" % (R.Solver().solve_text(refs[0]), sc.solve))
    return refs


def run_scenarios(path, chk, R, T, scenarios, ref_name, solver=None):
    s = Session(path, chk)
    try:
        for sc in scenarios:
            try:
                refs = check_scenario_with_ref(R, sc)
            except R.RefError as e:
                chk.ok(False, T, "%s disagrees with the hand-written scenario (a test bug): %s"
                       % (ref_name, e), context=sc.name)
                continue
            ctx = sc.name
            ans = s.expect(T, "`set` of a hand-made position must answer '=' (%s)" % sc.name,
                           "set " + sc.start, ["="], ctx)
            if ans != ["="]:
                continue
            s.expect(T, "%s: `position` must echo the `set` text" % sc.name, "position",
                     ok_answer(sc.start), ctx)
            s.expect(T, "%s: wrong `status`" % sc.name, "status",
                     ok_answer(refs[0].status_text()), "position " + sc.start)
            for d in sorted(sc.perfts):
                s.expect(T, "%s: wrong `perft %d` (hand-checked)" % (sc.name, d), "perft %d" % d,
                         ok_answer(str(sc.perfts[d])), "position " + sc.start)
            if sc.solve is not None:
                s.expect(T, "%s: wrong `solve`" % sc.name, "solve", ok_answer(sc.solve),
                         "position " + sc.start)
            for a in sc.refused:
                s.expect_error_unchanged(T, "%s: `play %s` must answer ?" % (sc.name, a),
                                         "play " + a, sc.start)
            lost = False
            for i, (action, after) in enumerate(sc.steps):
                here = refs[i]
                exp = ok_answer(" ".join(here.legal_texts()))
                got = s.cmd("legal")
                chk.ok(got == exp, T, "%s: wrong `legal`" % sc.name, "legal", exp, got,
                       "position %s; %s" % (here.text(), legal_diff(exp, got)))
                ans = s.expect(T, "%s: `play %s` must answer '='" % (sc.name, action),
                               "play " + action, ["="], "position " + here.text())
                got = s.expect(T, "%s: wrong position after `play %s`" % (sc.name, action),
                               "position", ok_answer(refs[i + 1].text()),
                               "position before: " + here.text())
                if ans != ["="] or got != ok_answer(refs[i + 1].text()):
                    lost = True
                    break
            if lost:
                s.cmd("set " + sc.start)
                continue
            end = refs[-1]
            s.expect(T, "%s: wrong `status`" % sc.name, "status", ok_answer(end.status_text()),
                     "position " + end.text())
            s.expect(T, "%s: wrong `legal`" % sc.name, "legal",
                     ok_answer(" ".join(end.legal_texts())), "position " + end.text())
            s.expect(T, "%s: wrong `perft 1`" % sc.name, "perft 1",
                     ok_answer(str(end.perft(1))), "position " + end.text())
            if end.ended():
                s.expect_error_unchanged(T, "%s: `genmove` after the end must answer ?"
                                         % sc.name, "genmove", end.text())
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
# `new` options, broken and good positions


def check_new_options(s, chk, T, good, bad, base_line, base_text):
    """good: [(line, expected text)]; bad: [(line, text the message must mention or None)]:
    refused with `?`, and the current game stays as it was."""
    for line, exp in good:
        s.expect(T, "`%s` must answer its start position" % line, line, ok_answer(exp))
    s.expect(T, "`%s` must answer its start position" % base_line, base_line,
             ok_answer(base_text))
    for line, mention in bad:
        s.expect_error(T, "bad `new` option must answer ?"
                       + (" naming the allowed %s" % mention if mention else ""), line,
                       mention=mention)
        s.expect(T, "a refused `new` changed the game", "position", ok_answer(base_text),
                 "after " + line)


def check_broken(s, chk, T, R, ref_name, broken, base):
    """Every (kind, text) must be refused by the reference (a check of the test)
    and by the program, with `?` and nothing changed."""
    s.cmd("set " + base)
    for kind, text in broken:
        try:
            R.parse_position(text)
            chk.ok(False, T, "%s accepts a broken position (a test bug)" % ref_name,
                   context="%s: %s" % (kind, text))
            continue
        except R.RefError:
            pass
        s.expect_error_unchanged(T, "broken position (%s) must be refused with ?" % kind,
                                 ("set " + text).rstrip(), base)
        chk.note("broken positions refused")


def check_tolerant(s, chk, T, texts, base):
    """(kind, text, canonical): the protocol leaves open whether `set` takes
    the text; refused means `?` and nothing changed, taken means `position`
    answers the canonical text."""
    for kind, text, canonical in texts:
        s.cmd("set " + base)
        ans = s.cmd("set " + text)
        if is_error(ans):
            s.expect(T, "a refused `set` (%s) changed the game" % kind, "position",
                     ok_answer(base), "after set " + text)
            chk.note("tolerant texts refused")
        else:
            chk.ok(ans == ["="], T, "`set` (%s) must answer '=' or '? ...'" % kind,
                   "set " + text, "'=' or '? <message>'", ans)
            s.expect(T, "a `set` (%s) taken must read as the canonical text" % kind, "position",
                     ok_answer(canonical), "after set " + text)
            chk.note("tolerant texts taken")


def check_good_positions(s, chk, T, R, positions, perft3=lambda p: False, extra=None, rng=None):
    """Positions from outside: `set` takes them; position, status, legal,
    perft 1/2(/3), undo refused, and one action on each."""
    for ref in positions:
        text = ref.text()
        ans = s.cmd("set " + text)
        if not chk.ok(ans == ["="], T, "`set` of a valid position must answer '='",
                      "set " + text, ["="], ans):
            continue
        chk.note("random positions set")
        ctx = "position " + text
        s.h.send_raw(b"position\nstatus\nlegal\nperft 1\nperft 2\nundo\n")
        answers = [s.h.answer() for _ in range(6)]
        for (line, what, exp), ans in zip(
                (("position", "`position` must echo the `set` text", ok_answer(text)),
                 ("status", "wrong `status` after set", ok_answer(ref.status_text())),
                 ("legal", "wrong `legal` after set", ok_answer(" ".join(ref.legal_texts()))),
                 ("perft 1", "wrong `perft 1` after set", ok_answer(str(ref.perft(1)))),
                 ("perft 2", "wrong `perft 2` after set", ok_answer(str(ref.perft(2)))),
                 ("undo", "`undo` right after `set` must answer ?", None)), answers):
            if exp is None:
                chk.ok(is_error(ans), T, what, line, P.ERR, ans, ctx)
            else:
                chk.ok(ans == exp, T, what, line, exp, ans, ctx)
        if perft3(ref):
            s.expect(T, "wrong `perft 3` after set", "perft 3", ok_answer(str(ref.perft(3))), ctx)
        if extra is not None:
            extra(s, ref)
        if ref.ended():
            chk.note("ended positions set")
            s.expect_error_unchanged(T, "`genmove` at an ended position must answer ?",
                                     "genmove", text)
        elif rng is not None:
            a = rng.choice(ref.legal_texts())
            s.expect(T, "legal `play` after set must answer '='", "play " + a, ["="], ctx)
            s.expect(T, "wrong position after a play from a set position", "position",
                     ok_answer(ref.apply(a).text()), ctx + "; play " + a)


def check_framing_bits(s, chk, T, new_line, start_text, solve_refused=True):
    """`new` with defaults, `roll` refused, `solve` refused (unless the game
    solves), `show` framing, perft arguments, `undo` right after `new`."""
    s.expect(T, "`%s` (defaults) must answer the start position" % new_line, new_line,
             ok_answer(start_text))
    s.expect(T, "`position` must equal the `new` payload", "position", ok_answer(start_text))
    s.expect_error_unchanged(T, "`roll` is for `hex` only: must answer ?", "roll", start_text)
    if solve_refused:
        s.expect_error_unchanged(T, "`solve` is for `hare` only: must answer ?", "solve",
                                 start_text)
    show_check(s, chk, T, start_text)
    s.expect(T, "`perft 0` must be 1", "perft 0", ok_answer("1"))
    for line in ("perft -1", "perft abc", "perft"):
        s.expect_error_unchanged(T, "bad perft depth must answer ?", line, start_text)
    s.expect_error_unchanged(T, "`undo` right after `new` must answer ?", "undo", start_text)
    for line in ("play", "play xyz", "play " + start_text.split()[0]):
        s.expect_error_unchanged(T, "a garbage action must answer ?", line, start_text)


def test_games(path, chk, rng, games, plies, R, part, illegal_actions):
    """`games` random games (random_games.play) of the game of reference
    module R, with its part `part`, played through one program (started
    again when it fails); `hint` is checked where the program offers it."""
    hints = HintTracker()
    P.run_games(path, chk, games, lambda s, gi: RG.play(
        Runner(s, chk, rng, "game %d" % gi, R, hints, illegal_actions), part, rng, gi, plies))
    hints.report(chk, "games")


def garbage_actions(legal, rng):
    """(kind, text) of action texts that can never be legal."""
    out = [("garbage action text", g) for g in GARBAGE_ACTIONS]
    if legal:
        m = rng.choice(legal)
        out += [("garbage action text", m.upper()), ("garbage action text", m + "-"),
                ("garbage action text", "-" + m), ("garbage action text", m.replace("-", "")),
                ("garbage action text", m + " " + m), ("garbage action text", m.replace("-", "--"))]
    out.append(("missing action", None))
    return out


# ---------------------------------------------------------------------------
# The computer player: determinism, `hint` against `genmove`, levels


def computer_sequence(s, chk, T, new_line, k, level="", with_hints=False):
    """`new_line`, then up to k computer moves (`genmove LEVEL`); with_hints
    asks `hint LEVEL` before each, which must name the move that follows
    (protocol.md: the action the computer player would choose; nothing, the
    generator included, changes). Returns the answers."""
    gen = ("genmove " + level).strip()
    hint = ("hint " + level).strip()
    out = [tuple(s.cmd(new_line))]
    for _ in range(k):
        h = s.cmd(hint) if with_hints else None
        g = s.cmd(gen)
        out.append(tuple(g))
        if h is not None and not is_error(h):
            chk.ok(h == g, T, "`%s` must name the move that `%s` then plays" % (hint, gen),
                   "%s; %s" % (hint, gen), "the same action twice",
                   "%s then %s" % (P.show(h), P.show(g)), "after " + new_line)
        if is_error(g):
            break
    return out


def check_determinism(path, chk, T, new_lines, k, levels=("",)):
    """The same `new` gives the same computer moves (docs/mainpage.md: every random
    choice comes from the game's seeded generator), again in the same process,
    with hints asked in between, and in a fresh process."""
    s = Session(path, chk)
    s2 = Session(path, chk)
    try:
        for line in new_lines:
            for level in levels:
                a = computer_sequence(s, chk, T, line, k, level)
                b = computer_sequence(s, chk, T, line, k, level, with_hints=True)
                c = computer_sequence(s2, chk, T, line, k, level)
                fmt = lambda q: " | ".join(x[0] for x in q)  # noqa: E731
                what = "%s then genmove %s x%d" % (line, level, k)
                chk.ok(a == b, T, "the same `new` must give the same computer moves "
                       "(`hint` in between must change nothing)", what, fmt(a), fmt(b))
                chk.ok(a == c, T, "the same `new` must give the same computer moves in a "
                       "fresh process", what, fmt(a), fmt(c))
                chk.note("computer sequences compared")
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()
        s2.h.kill()


# protocol.md: `seed` takes 0..2^64-1 in every game; an invalid value is
# refused with the allowed range
SEED_RANGE = "0..18446744073709551615"
SEEDS = (0, 1, 2, 3, 42, 1000, 2 ** 32, 2 ** 64 - 1)  # fixed: the outcome is the library's


def seed_options(new_line, start_text):
    """(good, bad) `new` lines with seeds for check_new_options(): a seed
    never shows in the position text."""
    good = [("%s seed=%d" % (new_line, v), start_text) for v in (0, 7, 2 ** 64 - 1)]
    bad = [("%s seed=%s" % (new_line, v), SEED_RANGE)
           for v in ("18446744073709551616", "99999999999999999999999", "-1", "abc", "", "1.5",
                     "0x10")]
    bad.append(("%s seed=1 seed=2" % new_line, None))
    return good, bad


def check_seeds_differ(path, chk, T, new_line, k, level="1", seeds=SEEDS):
    """The computer's games at `level` from `new_line seed=S` for several
    seeds: at least half of them distinct (its choices come from the seeded
    generator, not from one fixed order)."""
    s = Session(path, chk)
    try:
        games = {}
        for v in seeds:
            line = "%s seed=%d" % (new_line, v)
            games.setdefault(tuple(computer_sequence(s, chk, T, line, k, level)[1:]), []).append(v)
        chk.ok(2 * len(games) >= len(seeds), T, "the computer's games must differ with the seed",
               "%s seed=S, then genmove %s x%d" % (new_line, level, k),
               "at least %d distinct games of %d seeds" % ((len(seeds) + 1) // 2, len(seeds)),
               "%d distinct (seeds alike: %s)" % (len(games), " ".join(
                   "/".join(map(str, vs)) for vs in games.values() if len(vs) > 1) or "none"))
        chk.note("seeds compared", len(seeds))
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


# The deepest levels search for a while, the more so in a Debug or sanitizer
# build on a busy machine: their answers get this long.
SEARCH_TIMEOUT = P.hang_limits.seconds(120.0)


def check_levels(path, chk, T, R, positions):
    """`levels`, where the program answers it: `N:NAME` from 1 upward, single
    spaces, names without spaces; `genmove N` and `hint N` give legal actions
    at every level; a level past the last is refused with nothing changed."""
    s = Session(path, chk)
    try:
        s.cmd("set " + positions[0].text())
        ans = s.cmd("levels")
        if is_error(ans):
            print("note: `levels` answered %s: not offered, not checked" % ans[0])
            return
        p = payload(ans)
        items = (p or "").split(" ")
        good = bool(p) and all(":" in it for it in items)
        nums = []
        if good:
            for i, it in enumerate(items):
                n, _, name = it.partition(":")
                good = good and n == str(i + 1) and name != ""
                nums.append(i + 1)
        if not chk.ok(good, T, "`levels` must answer `N:NAME` from 1 upward, separated by "
                      "single spaces", "levels", "'= 1:NAME 2:NAME ...'", ans):
            return
        for pos in positions:
            text = pos.text()
            legal = pos.legal_texts()
            for n in nums:
                s.cmd("set " + text)
                for cmd in ("hint %d" % n, "genmove %d" % n):
                    a = s.h.cmd(cmd, timeout=SEARCH_TIMEOUT)
                    if cmd.startswith("hint") and is_error(a):
                        continue  # `hint` not offered (see HintTracker)
                    chk.ok(payload(a) in legal, T, "`%s` must answer a legal action" % cmd, cmd,
                           "'= <one of: %s>'" % " ".join(legal), a, "position " + text)
                chk.note("levels checked")
            s.cmd("set " + text)
            s.expect_error_unchanged(T, "`genmove` past the last level must answer ?",
                                     "genmove %d" % (len(nums) + 1), text)
            s.expect_error_unchanged(T, "`hint` past the last level must answer ?",
                                     "hint %d" % (len(nums) + 1), text)
    except FAILURES as e:
        chk.ok(False, T, "the program failed: %s" % e)
    finally:
        s.h.kill()


def check_many_positions(s, chk, T, positions, chunk=50, perft2=lambda p: False):
    """`set`, `status`, `legal` (and `perft 2` where perft2(pos)) at many
    positions, sent in chunks and read after each chunk; the first few
    differences are printed, then one check for all."""
    wrong = 0
    for i in range(0, len(positions), chunk):
        part = [(pos, perft2(pos)) for pos in positions[i:i + chunk]]
        lines = []
        for pos, deep in part:
            lines += ["set " + pos.text(), "status", "legal"] + (["perft 2"] if deep else [])
        s.h.send_raw(("\n".join(lines) + "\n").encode())
        for pos, deep in part:
            exp = [["="], ok_answer(pos.status_text()), ok_answer(" ".join(pos.legal_texts()))]
            names = ["set", "status", "legal"]
            if deep:
                exp.append(ok_answer(str(pos.perft(2))))
                names.append("perft 2")
            got = [s.h.answer() for _ in exp]
            if got != exp:
                wrong += 1
                if wrong <= 5:
                    k = next(j for j in range(len(exp)) if got[j] != exp[j])
                    chk.ok(False, T, "wrong `%s` (many positions)" % names[k], names[k],
                           exp[k], got[k], "position " + pos.text())
    chk.ok(wrong == 0, T, "`status` and `legal` must be right at every position tried",
           "set P; status; legal", "all %d right" % len(positions), "%d wrong" % wrong)
    chk.note("positions compared in bulk", len(positions))


# ---------------------------------------------------------------------------
# Scripts: many commands worked out from the reference beforehand, sent
# at once (P.Pipeline) and their answers compared afterwards


class Expect:
    """What a command must answer where no one answer is right: what (for
    the failure message) and test(answer) -> bool."""

    def __init__(self, what, test):
        self.what = what
        self.test = test


ANY_ERROR = Expect(P.ERR, is_error)


class Script:
    """One game's commands, each with what it must answer (an answer, as a
    list of lines, or an Expect) and the reference's position before it."""

    def __init__(self, name):
        self.name = name
        self.items = []  # (line, expected, what, position text before)

    def add(self, line, expected, what, where):
        self.items.append((line, expected, what, where))


def compare_scripts(chk, T, scripts, answers, shown_before=8):
    """The answers (in order) to every command of the scripts: one check per
    script, failed at its first wrong answer (printed with the position
    before it and the commands that led there). Returns how many answers
    were compared."""
    answers = iter(answers)
    compared = 0
    for sc in scripts:
        bad = None
        for i, (line, exp, what, where) in enumerate(sc.items):
            ans = next(answers)
            if bad is None:
                compared += 1
                if not (exp.test(ans) if isinstance(exp, Expect) else ans == exp):
                    bad = (i, line, exp, what, where, ans)
        if bad is None:
            chk.ok(True, T, "script")
            continue
        i, line, exp, what, where, ans = bad
        before = [it[0] for it in sc.items[:i]]
        if len(before) > shown_before + 1:
            before = before[:1] + ["... %d more ..." % (len(before) - shown_before - 1)] + \
                before[-shown_before:]
        chk.ok(False, T, what, line, exp.what if isinstance(exp, Expect) else exp, ans,
               "%s, command %d: position %s; sent before it: %s"
               % (sc.name, i + 1, where, " | ".join(before)))
    return compared


def run_scripts(path, chk, T, make, count, chunk=25):
    """make(i) -> Script, for i in range(count), sent chunk by chunk through
    one program (P.Pipeline): the next chunk is worked out and sent while
    the program answers the one before. A script must begin with a command
    that sets the whole game (`new`, `set`). Returns how many answers were
    compared; a program that fails is started again (three times at most)."""
    s = Session(path, chk)
    compared = crashes = 0
    i = 0
    try:
        while i < count and crashes < 3:
            pending = []  # (scripts, number of commands) sent, answers not yet read
            try:
                with P.Pipeline(s.h) as pipe:
                    while i < count or pending:
                        if i < count:
                            scripts = [make(j) for j in range(i, min(count, i + chunk))]
                            i += len(scripts)
                            lines = [it[0] for sc in scripts for it in sc.items]
                            pipe.send(lines)
                            pending.append((scripts, len(lines)))
                        if len(pending) > 1 or i >= count:
                            scripts, n = pending.pop(0)
                            compared += compare_scripts(chk, T, scripts, pipe.answers(n))
            except FAILURES as e:
                chk.ok(False, T, "the program failed: %s" % e, context="%s .. %s" % (
                    pending[0][0][0].name, pending[-1][0][-1].name) if pending else None)
                crashes += 1
                s.restart()
    finally:
        s.h.kill()
    return compared
