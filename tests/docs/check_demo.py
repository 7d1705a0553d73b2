#!/usr/bin/env python3
"""Checks that herd-demo, the quick start's game, fits one screen.

    python3 tests/docs/check_demo.py PATH/TO/herd-demo

For a few seeds: at most 30 lines; the start position; at most the last 8
lines of the moves log, numbered one after the other up to the game's last
move; the result said once, last (the board ends with it; for a game the
demo stops, that it stopped). Ends with the line `N passed, N failed`; exit
status 0 only when nothing failed.
"""
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from usage import usage  # noqa: E402

SCREEN_LINES = 30
LOG_TAIL = 8
LOG_LINE = re.compile(r"^(\d+)\. (Green|Red) moved horse \d: [a-t]\d+ -> [a-t]\d+$")
RESULT = re.compile(r"\b(wins|draw)\b|^Stopped after \d+ moves")


def check(demo, args):
    """The faults of one run of the demo, as texts (none when it is right)."""
    run = subprocess.run([demo] + args, capture_output=True, text=True, timeout=60)
    if run.returncode != 0:
        return ["exit status %d: %s" % (run.returncode, run.stderr.strip())]
    lines = run.stdout.splitlines()
    faults = []
    if len(lines) > SCREEN_LINES:
        faults.append("%d lines, more than a screen of %d" % (len(lines), SCREEN_LINES))
    if not any(line.startswith("Start: horses ") for line in lines):
        faults.append("no start position")
    numbers = [int(m.group(1)) for m in map(LOG_LINE.match, lines) if m]
    if not numbers or len(numbers) > LOG_TAIL:
        faults.append("%d moves-log lines, expected 1 to %d" % (len(numbers), LOG_TAIL))
    elif numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        faults.append("moves-log lines not consecutive: %s" % numbers)
    else:
        header = [l for l in lines if l.startswith("Moves ")]
        if numbers[0] > 1 and header != ["Moves %d to %d of %d:" % (numbers[0], numbers[-1],
                                                                    numbers[-1])]:
            faults.append("no 'Moves %d to %d of %d:' line" % (numbers[0], numbers[-1],
                                                              numbers[-1]))
    results = [l for l in lines if RESULT.search(l)]
    if len(results) != 1:
        faults.append("the result said %d times: %s" % (len(results), results))
    elif results[0] != lines[-1]:
        faults.append("the result is not the last line")
    return faults


def main(argv):
    if len(argv) != 2:
        return usage("check_demo.py PATH/TO/herd-demo")
    passed = failed = 0
    for args in ([], ["1"], ["7", "10", "8", "4"]):
        faults = check(argv[1], args)
        name = "herd-demo " + " ".join(args)
        if faults:
            failed += 1
            print("FAIL %s: %s" % (name, "; ".join(faults)))
        else:
            passed += 1
            print("ok   %s" % name)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
