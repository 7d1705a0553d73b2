#!/usr/bin/env python3
"""herd-match -w FILE: every position of every game, in the games' order.

Usage: check_positions.py HERD_MATCH

Plays the same short match with one thread and with two, each writing its
positions, and checks that the two files are the same, that each game's
lines run from the position after the random actions to its last action
(as its -g line counts them), one line per action, each with a position text
of the game, and that a file it cannot write is refused."""
import os
import subprocess
import sys
import tempfile

RANDOM_PLIES = 6
GAMES = 5


def run(herd_match, threads, path):
    out = subprocess.run(
        [herd_match, "horses", "2", "1", "-n", str(GAMES), "-R", str(RANDOM_PLIES), "-g",
         "-j", str(threads), "-w", path],
        check=True, capture_output=True, text=True).stdout
    with open(path) as f:
        return out, f.read()


def main():
    herd_match = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        out1, one = run(herd_match, 1, os.path.join(d, "one"))
        _, two = run(herd_match, 2, os.path.join(d, "two"))
        bad = subprocess.run([herd_match, "horses", "2", "1", "-w", os.path.join(d, "no", "f")],
                             capture_output=True, text=True)
    failures = []
    if one != two:
        failures.append("-j 1 and -j 2 wrote different positions")
    actions = [int(line.split()[-2]) for line in out1.splitlines() if line.startswith("game ")]
    if len(actions) != GAMES:
        failures.append(f"{len(actions)} -g lines, not {GAMES}")
    by_game = {}
    for line in one.splitlines():
        game, played, position = line.split(" ", 2)
        by_game.setdefault(int(game), []).append(int(played))
        if not position.startswith("horses w=8 h=8 turn="):
            failures.append(f"not a position text: {line}")
    for game, last in enumerate(actions, 1):
        want = list(range(RANDOM_PLIES, last + 1))
        if by_game.get(game) != want:
            failures.append(f"game {game}: actions {by_game.get(game)}, not {want[0]}..{want[-1]}")
    if bad.returncode != 2 or "cannot write" not in bad.stderr:
        failures.append(f"an unwritable -w file: exit {bad.returncode}, {bad.stderr.strip()!r}")
    for f in failures:
        print("FAIL", f)
    print(f"{GAMES} games, {len(one.splitlines())} positions: "
          f"{'ok' if not failures else 'failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
