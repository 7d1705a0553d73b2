#!/usr/bin/env python3
"""Draws the reference's board diagrams with the library's own drawing: the
Python package's SVG boards (herd.svg, bindings/python/herd/_svg.py), on the
library that was built.

    python3 tools/game_diagrams.py LIBRARY OUT_DIR

For each game of the library's registry it writes two pictures, which each
game's rules page (docs/NAME.md) and group page (include/herd/NAME.h) show
with Doxygen's \\image html:

- OUT_DIR/NAME_start.svg: the start of a game with the default options;
- OUT_DIR/NAME_play.svg: a typical position, the same game after the
  computer's default level has played both sides for a while (PLAYED
  actions, fewer when the game would end; chance outcomes rolled by the
  game's generator), its last move marked.

The docs target runs it at build time: no picture is committed. Both are
the same on every run (the games are seeded).
"""
import os
import sys

SOURCE = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
sys.path.insert(0, os.path.join(SOURCE, "bindings", "python"))
sys.dont_write_bytecode = True

# The players' actions to a typical position: a third or so of a usual game.
PLAYED = {"horses": 16, "hex": 24, "hare": 8, "fox": 12, "flock": 20}
DEFAULT_PLAYED = 12
WIDTH = 260  # pixels: two boards above each other stay within a screen


def typical(game, actions):
    """Plays up to `actions` actions of the players with the default level,
    rolling the dice where a chance event waits, and stops before an action
    that would end the game; returns the last action played."""
    last = None
    played = 0
    while played < actions and not game.is_over:
        if game.is_chance:
            game.roll()
            continue
        move = game.play_genmove()
        if game.is_over:
            game.undo()
            break
        last = move
        played += 1
    return last


def main(argv):
    if len(argv) != 3:
        print("usage: game_diagrams.py LIBRARY OUT_DIR", file=sys.stderr)
        return 2
    import herd
    herd.load(os.path.abspath(argv[1]))
    out = argv[2]
    os.makedirs(out, exist_ok=True)
    for desc in herd.games():
        with herd.Game(desc.name) as game:
            herd.svg(game, size=WIDTH, path=os.path.join(out, desc.name + "_start.svg"))
            last = typical(game, PLAYED.get(desc.name, DEFAULT_PLAYED))
            herd.svg(game, size=WIDTH, lastmove=last,
                     path=os.path.join(out, desc.name + "_play.svg"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
