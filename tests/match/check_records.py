#!/usr/bin/env python3
"""herd-match -r FILE: every game's record, in the games' order, replayed.

Usage: check_records.py HERD_MATCH HERD

Plays `herd-match horses 2 1 -n 20` with one thread and with two, each
writing its records (-r), its positions (-w) and a line per game (-g), and
checks that the two record files are the same bytes and that the file holds
20 records in the shape of records.md (tag lines, an empty line, the
movetext; an empty line between records) with the match's tags (Event,
Round = the game's number, the levels as the players' names on their
sides); then replays each record through the `herd` program's `replay` (its
one-line form: the lines joined by single spaces) and checks that it gives
the game's last position (-w) and its result (-g), and that `record` gives
the record back. Short matches of every other game (dice, jump chains,
unfinished games) are checked the same way."""
import os
import re
import subprocess
import sys
import tempfile

TAG = re.compile(r'^\[([A-Za-z0-9]+) "((?:[^"\\]|\\.)*)"\]$')


def run_match(herd_match, game, games, threads, d, extra=()):
    records, positions = os.path.join(d, "records"), os.path.join(d, "positions")
    out = subprocess.run(
        [herd_match, game, "2", "1", "-n", str(games), "-g", "-j", str(threads), "-r", records,
         "-w", positions] + list(extra), check=True, capture_output=True, text=True).stdout
    with open(records, encoding="utf-8") as f, open(positions, encoding="utf-8") as g:
        return out, f.read(), g.read()


def split_records(text, failures):
    """[(tag lines, movetext lines)] of a file of records."""
    if not text.endswith("\n") or "\n\n\n" in text or text.startswith("\n"):
        failures.append("records are not separated by exactly one empty line")
    blocks = text.rstrip("\n").split("\n\n")
    if len(blocks) % 2:
        failures.append("%d blocks: not tags and movetext in pairs" % len(blocks))
    out = []
    for k in range(0, len(blocks) - 1, 2):
        tags, moves = blocks[k].split("\n"), blocks[k + 1].split("\n")
        if not all(TAG.match(t) for t in tags):
            failures.append("record %d: not a tag line in %r" % (k // 2 + 1, tags[:3]))
        if any(TAG.match(m) for m in moves) or any(len(m) > 80 for m in moves):
            failures.append("record %d: a movetext line is a tag or longer than 80" % (k // 2 + 1))
        out.append((tags, moves))
    return out


class Herd:
    """The herd program, one command at a time."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def cmd(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            got = self.p.stdout.readline()
            if got in ("", "\n"):
                return lines
            lines.append(got.rstrip("\n"))

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def expected_status(line, sides):
    """The `status` a -g line says: `game N: pair P, A plays SIDE: WHAT after K actions`."""
    m = re.match(r"game (\d+): pair \d+, A plays (\S+): (.*) after \d+ actions$", line)
    a_side, what = m.group(2), m.group(3)
    if what == "unfinished":
        return None
    m = re.match(r"(A wins|B wins|draw) \((\S+)\)$", what)
    if m.group(1) == "draw":
        return "draw " + m.group(2)
    winner = a_side if m.group(1) == "A wins" else [s for s in sides if s != a_side][0]
    return "win %s %s" % (winner, m.group(2))


def check_match(herd_match, herd, game, games, failures, extra=()):
    with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
        out, one, positions = run_match(herd_match, game, games, 1, d1, extra)
        _, two, _ = run_match(herd_match, game, games, 2, d2, extra)
    if one != two:
        failures.append("%s: -j 1 and -j 2 wrote different records" % game)
    records = split_records(one, failures)
    if len(records) != games:
        failures.append("%s: %d records, not %d" % (game, len(records), games))
    last = {}
    for line in positions.splitlines():
        number, _, position = line.split(" ", 2)
        last[int(number)] = position
    lines = [line for line in out.splitlines() if line.startswith("game ")]
    h = Herd(herd)
    h.cmd("new " + game)
    resign = h.cmd("resign")[0]
    sides = re.search(r"with SIDE (\S+) or (\S+)$", resign).groups()
    for i, (tag_lines, moves) in enumerate(records, 1):
        tags = dict(TAG.match(t).groups() for t in tag_lines if TAG.match(t))
        keys = [TAG.match(t).group(1) for t in tag_lines if TAG.match(t)]
        where = "%s record %d" % (game, i)
        if keys[:2] != ["Game", "Start"] or tags.get("Game") != game:
            failures.append("%s: tags begin %s" % (where, keys[:2]))
        if tags.get("Round") != str(i) or not tags.get("Event", "").startswith("herd-match"):
            failures.append("%s: Round %r, Event %r" % (where, tags.get("Round"),
                                                         tags.get("Event")))
        a_side = re.match(r"game \d+: pair \d+, A plays (\S+):", lines[i - 1]).group(1)
        for side in sides:
            want = "herd level %d (" % (2 if side == a_side else 1)
            if not tags.get(side.capitalize(), "").startswith(want):
                failures.append("%s: %s is %r, not %s...)" % (where, side.capitalize(),
                                                             tags.get(side.capitalize()), want))
        one_line = " ".join(tag_lines + moves)
        ans = h.cmd("replay " + one_line)
        if ans != ["="]:
            failures.append("%s: replay answers %r" % (where, ans))
            continue
        position = h.cmd("position")
        if position != ["= " + last[i]]:
            failures.append("%s: replayed to %r, the game ended at %r" % (where, position,
                                                                          last[i]))
        status = h.cmd("status")
        want = expected_status(lines[i - 1], sides)
        if want is not None and status != ["= " + want]:
            failures.append("%s: status %r after replay, -g says %r" % (where, status, want))
        if want is None and (not status[0].startswith("= ongoing") or tags["Result"] != "*"):
            failures.append("%s: an unfinished game replays to %r, Result %r"
                            % (where, status, tags["Result"]))
        if h.cmd("record") != ["= " + one_line]:
            failures.append("%s: record after replay is not the record" % where)
    h.close()
    return len(records)


def main():
    herd_match, herd = sys.argv[1:3]
    failures = []
    count = check_match(herd_match, herd, "horses", 20, failures)
    for game in ("hex", "hare", "fox", "flock"):
        count += check_match(herd_match, herd, game, 3, failures, ["-m", "40"])
    for f in failures:
        print("FAIL", f)
    print("%d records: %s" % (count, "ok" if not failures else "%d failed" % len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
