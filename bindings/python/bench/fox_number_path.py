"""Plays GAMES uniformly random Fox and Geese games through legal_actions()
and apply_action(), for counting the number path's instructions:

    valgrind --tool=callgrind /usr/bin/python3 bindings/python/bench/fox_number_path.py LIBHERD 20

minus the same with 0 games (the start-up). The games are seeded, so the
count repeats."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import herd  # noqa: E402

herd.load(sys.argv[1])
rng = random.Random(1)
for seed in range(int(sys.argv[2])):
    game = herd.Game("fox", seed=seed)
    for _ in range(1000):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply_action(actions[rng.randrange(len(actions))])
