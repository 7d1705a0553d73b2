#!/usr/bin/env python3
"""The loop that game-AI programs write, against an older checkout, side by side.

    python3 bindings/python/bench/bench_loop.py LIBHERD [--old CHECKOUT OLD_LIBHERD]
                                                [--seconds S] [--runs R] [--game NAME]

Per game: a game made once, then for every playout a clone() of it, uniformly
random actions through legal_actions() and apply_action() to the end (rolls
are actions too), and close(). Prints the actions per second of this package
with LIBHERD and, with --old, of the package in CHECKOUT/bindings/python with
OLD_LIBHERD, in turns (one run of each, R times, each in a fresh interpreter
so that neither warms the other), and the median of the runs' ratios
new / old. An older checkout is made with

    git worktree add --detach /tmp/old 3e18066
    cmake -S /tmp/old -B /tmp/old/build -DCMAKE_BUILD_TYPE=Release -DHERD_BUILD_TESTS=OFF
    cmake --build /tmp/old/build -j2 --target herd

and this library the same way (build/rel). Both run in this interpreter.
"""
import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)

# The games and options of the loop: herd-bench's playout positions.
GAMES = {
    "flock": {"seed": 1},
    "horses": {"w": 8, "h": 8, "n": 6, "seed": 1},
    "hare": {},
    "fox": {},
    "hex": {"size": 5, "seed": 1},
}

# Run in a fresh interpreter with the package's directory first on sys.path:
# prints the actions per second.
WORKER = r"""
import random, sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import herd
herd.load(sys.argv[2])
name, options, seconds = sys.argv[3], eval(sys.argv[4]), float(sys.argv[5])
rnd = random.Random(1)
start = herd.Game(name, **options)
actions = 0
t0 = time.perf_counter()
end = t0 + seconds
while time.perf_counter() < end:
    g = start.clone()
    for _ in range(1000):
        legal = g.legal_actions()
        if not legal:
            break
        g.apply_action(legal[rnd.randrange(len(legal))])
        actions += 1
    g.close()
print(actions / (time.perf_counter() - t0))
"""


def rate(package: str, library: str, game: str, seconds: float) -> float:
    out = subprocess.run([sys.executable, "-c", WORKER, package, library, game,
                          repr(GAMES[game]), str(seconds)],
                         check=True, capture_output=True, text=True).stdout
    return float(out)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("library")
    p.add_argument("--old", nargs=2, metavar=("CHECKOUT", "OLD_LIBHERD"))
    p.add_argument("--seconds", type=float, default=1.0)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--game", choices=sorted(GAMES), action="append")
    args = p.parse_args()
    for game in args.game or list(GAMES):
        new, old = [], []
        for _ in range(args.runs):
            new.append(rate(PACKAGE, args.library, game, args.seconds))
            if args.old:
                old.append(rate(os.path.join(args.old[0], "bindings", "python"), args.old[1],
                                game, args.seconds))
        line = "%-7s %9.0f actions/s" % (game, statistics.median(new))
        if old:
            ratio = statistics.median(n / o for n, o in zip(new, old))
            line += "   old %9.0f actions/s   new/old %.2f" % (statistics.median(old), ratio)
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
