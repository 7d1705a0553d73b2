#!/usr/bin/env python3
"""Random stepping of a herd.Batch against playouts() and a herd.spiel loop.

    /usr/bin/python3 bindings/python/bench/bench_batch.py LIBHERD [--seconds S] [--runs R]
                                                          [--games N] [--game NAME]

For every game, from herd-bench's playout positions (bench_playouts.py's,
with their length caps), prints the decisions per second of:

  batch    a herd.Batch of N games (1,024 by default, length cap as max_length)
           stepped from Python: masks(), random_actions() and step() per step,
           into arrays made once (out=), counting the N decisions of each step;
  playouts Game.playouts(64, herd.PLAYOUT_RANDOM) called in a loop: the actions
           it reports times the share of decisions among the actions of the
           spiel loop's games in the same run (hex's dice are chance outcomes:
           playouts() counts them, the other two do not; 1 for the other games);
  spiel    a herd.spiel loop: state.apply_action(random.choice(state.legal_actions())),
           chance nodes sampled from chance_outcomes(), the decisions counted;

so that all three count the same: decisions, the actions a caller chooses
(the `decisions` column gives the share). Then batch / playouts (the goal:
0.5 or more) and batch / spiel (the goal: 20 or more), each the median of
the runs' own ratios, the three timed one
after the other in each run so that a ratio has one load. Each rate is the
median of R runs (3 by default) of S seconds (1 by default). Ends with the
line `targets held` or `targets missed: ...`; exit status 0 only when held.
Needs numpy (Debian's /usr/bin/python3 has it).
"""
import argparse
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import herd  # noqa: E402
from herd import spiel  # noqa: E402
from bench_playouts import GAMES  # noqa: E402

BATCH_GOAL = 0.5  # of playouts()'s actions per second
SPIEL_GOAL = 20.0  # times the herd.spiel loop's


def batch_rate(name, options, cap, games, seconds):
    """Decisions per second of random stepping through masks() and step()."""
    import numpy as np
    unseeded = {k: v for k, v in options.items() if k != "seed"}
    with herd.Batch(name, games, seed=1, max_length=cap, **unseeded) as batch:
        masks = np.empty((games, batch.num_actions), np.uint8)
        actions = np.empty(games, np.intp)
        out = (np.empty((games, 2), np.float32), np.empty(games, np.uint8))
        steps, t0 = 0, time.perf_counter()
        while True:
            batch.masks(out=masks)
            batch.step(batch.random_actions(out=actions), out=out)
            steps += 1
            elapsed = time.perf_counter() - t0
            if elapsed >= seconds:
                return steps * games / elapsed


def playouts_rate(start, cap, seconds):
    actions, seed, t0 = 0, 0, time.perf_counter()
    while True:
        actions += start.playouts(64, herd.PLAYOUT_RANDOM, seed=seed, max_length=cap).actions
        seed += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return actions / elapsed


def spiel_rate(name, options, cap, seconds):
    """Decisions per second of the herd.spiel loop, and the share of
    decisions among its actions (chance outcomes the others)."""
    game = spiel.load_game(name, **options)
    rnd = random.Random(1)
    decisions, chance, t0 = 0, 0, time.perf_counter()
    while True:
        state = game.new_initial_state()
        for _ in range(cap):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rnd.choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
                decisions += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return decisions / elapsed, decisions / (decisions + chance)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("library")
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", type=int, default=1024)
    ap.add_argument("--game", action="append")
    args = ap.parse_args(argv[1:])
    lib = herd.load(args.library)
    print("libherd %s from %s, Python %s; batches of %d games; medians of %d runs of %.1f s; "
          "load average %.1f" % (lib.version, lib.path, sys.version.split()[0], args.games,
                                 args.runs, args.seconds, os.getloadavg()[0]))
    print("%-7s %12s %12s %12s %9s %9s %9s" % ("game", "batch", "playouts", "spiel",
                                                "/playouts", "/spiel", "decisions"))
    missed = []
    for name, options, cap in GAMES:
        if args.game and name not in args.game:
            continue
        start = herd.Game(name, **options)
        rates = {k: [] for k in ("batch", "playouts", "spiel", "share", "r_playouts", "r_spiel")}
        for _ in range(args.runs):
            rates["batch"].append(batch_rate(name, options, cap, args.games, args.seconds))
            playouts = playouts_rate(start, cap, args.seconds)
            spiel_decisions, share = spiel_rate(name, options, cap, args.seconds)
            rates["playouts"].append(playouts * share)
            rates["spiel"].append(spiel_decisions)
            rates["share"].append(share)
            rates["r_playouts"].append(rates["batch"][-1] / rates["playouts"][-1])
            rates["r_spiel"].append(rates["batch"][-1] / rates["spiel"][-1])
        start.close()
        med = {k: statistics.median(v) for k, v in rates.items()}
        print("%-7s %12.0f %12.0f %12.0f %8.2fx %8.1fx %9.3f" % (
            name, med["batch"], med["playouts"], med["spiel"], med["r_playouts"],
            med["r_spiel"], med["share"]), flush=True)
        if med["r_playouts"] < BATCH_GOAL:
            missed.append("%s batch/playouts %.2f < %.1f" % (name, med["r_playouts"], BATCH_GOAL))
        if med["r_spiel"] < SPIEL_GOAL:
            missed.append("%s batch/spiel %.1f < %.0f" % (name, med["r_spiel"], SPIEL_GOAL))
    print("decisions per second (chance outcomes not counted); batch: masks(), "
          "random_actions(), step() of %d games;\nplayouts: playouts(64) from Python, its "
          "actions times the spiel loop's share of decisions (`decisions`);\nspiel: herd.spiel's "
          "apply_action(random.choice(legal_actions())); the ratios are medians of each run's; "
          "load average at the end %.1f" % (args.games, os.getloadavg()[0]))
    print("targets held" if not missed else "targets missed: " + "; ".join(missed))
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
