#!/usr/bin/env python3
"""Random playouts from Python, three ways, against herd-bench's C rates.

    python3 bindings/python/bench/bench_playouts.py LIBHERD [HERD_BENCH] [--seconds S]
                                                    [--runs R] [--game NAME]

For every game, from the position herd-bench's random playouts start from
(with its length cap), prints the games per second of:

  text     uniformly random games through legal() and play(), Moves with texts;
  numbers  the same games through legal_actions() and apply_action();
  batched  Game.playouts(64, herd.PLAYOUT_RANDOM) called in a loop;

and, when HERD_BENCH (the herd-bench program) is given, its C rates for the
same position (`herd-bench R GAME playouts`): random playouts through
herd_apply(), and herd_playouts() uniformly random. Then the ratios:
numbers / text (the goal: 10 or more), and batched / herd-bench's
herd_playouts() (the goal: 0.8 or more). Both loops play chance events
with roll() and stop when no action is left. Each figure is the median
of R runs (3 by default) of S seconds (1 by default).
"""
import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True

import herd  # noqa: E402

# herd-bench's playout positions and length caps (tests/bench/herd_bench.c).
GAMES = [
    ("horses", {"w": 8, "h": 8, "n": 6, "seed": 1}, 1000),
    ("hex", {"size": 5, "seed": 1}, 100000),
    ("flock", {"seed": 1}, 1000),
    ("hare", {}, 1000),
    ("fox", {}, 1000),
]


def text_game(g, rnd, cap, chance):
    for _ in range(cap):
        moves = g.legal()
        if not moves:
            break
        if chance and g.is_chance:
            g.roll()
        else:
            g.play(rnd.choice(moves))


def number_game(g, rnd, cap, chance):
    for _ in range(cap):
        actions = g.legal_actions()
        if not actions:
            break
        if chance and g.is_chance:
            g.roll()
        else:
            g.apply_action(rnd.choice(actions))


def games_per_second(play, start, cap, seconds):
    """Plays games from `start` for `seconds`: games per second."""
    rnd = random.Random(1)
    chance = start.is_chance or start.name == "hex"
    games, t0 = 0, time.perf_counter()
    while True:
        g = start.clone()
        play(g, rnd, cap, chance)
        g.close()
        games += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games / elapsed


def batched_per_second(start, cap, seconds):
    games, seed, t0 = 0, 0, time.perf_counter()
    while True:
        games += start.playouts(64, herd.PLAYOUT_RANDOM, seed=seed, max_length=cap).games
        seed += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games / elapsed


def c_rates(bench, runs, name):
    """herd-bench's two playout rates for the game: through herd_apply(), and
    herd_playouts() uniformly random."""
    out = subprocess.run([bench, str(runs), name, "playouts"], capture_output=True, text=True,
                         check=True).stdout
    heap = re.search(r"heap game with undo history:\n +([0-9.]+) games/s", out)
    batched = re.search(r"herd_playouts\(\), level -1 .*: ([0-9.]+) games/s", out)
    if not heap or not batched:
        raise SystemExit("cannot read herd-bench's output:\n" + out)
    return float(heap.group(1)), float(batched.group(1))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("library")
    ap.add_argument("bench", nargs="?")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", action="append")
    args = ap.parse_args(argv[1:])
    lib = herd.load(args.library)
    print("libherd %s from %s, Python %s; medians of %d runs of %.1f s"
          % (lib.version, lib.path, sys.version.split()[0], args.runs, args.seconds))
    print("%-7s %10s %10s %7s %10s %10s %10s %7s" % (
        "game", "text", "numbers", "ratio", "batched", "C apply", "C batched", "ratio"))
    for name, options, cap in GAMES:
        if args.game and name not in args.game:
            continue
        start = herd.Game(name, **options)
        rates = {"text": [], "numbers": [], "batched": []}
        for _ in range(args.runs):
            rates["text"].append(games_per_second(text_game, start, cap, args.seconds))
            rates["numbers"].append(games_per_second(number_game, start, cap, args.seconds))
            rates["batched"].append(batched_per_second(start, cap, args.seconds))
        text, numbers, batched = (statistics.median(rates[k]) for k in rates)
        line = "%-7s %10.0f %10.0f %6.1fx %10.0f" % (name, text, numbers, numbers / text, batched)
        if args.bench:
            heap, c_batched = c_rates(args.bench, args.runs, name)
            line += " %10.0f %10.0f %6.0f%%" % (heap, c_batched, 100 * batched / c_batched)
        print(line, flush=True)
        start.close()
    print("games per second; text: legal()/play(); numbers: legal_actions()/apply_action(); "
          "batched: playouts(64) from Python;\nC apply: herd-bench's random playouts through "
          "herd_apply(); C batched: herd-bench's herd_playouts()")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
