#!/usr/bin/env python3
"""The tutorial's Python steps (docs/tutorial.md), run as a test.

    python3 examples/tutorial/tutorial.py PATH/TO/libherd.so

The same three steps as the C programs first_game.c, moves.c and computer.c,
with the package herd of bindings/python. Exits with status 1 when the
library does not do what the tutorial says.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BINDINGS = os.path.join(HERE, "..", "..", "bindings", "python")
sys.dont_write_bytecode = True
sys.path.insert(0, BINDINGS)


def first_game():
    # [create]
    import herd

    game = herd.Game("horses", w=10, h=8, seed=7)
    # [create]

    # [refused_option]
    refused = False
    try:
        herd.Game("horses", w=7)
    except herd.HerdError as e:
        print("w=7 refused:", e.name, e)   # the code's name and the game's message
        refused = e.code == herd.E_RANGE
    # [refused_option]
    assert refused, "w=7 was not refused as out of range"

    # [texts]
    print(game.position)
    print(game.show())
    # [texts]

    # [free]
    game.close()   # or: with herd.Game(...) as game: ...
    # [free]


def moves():
    import herd

    with herd.Game("horses", w=10, h=8, seed=7) as game:
        # [legal]
        texts = game.legal_texts()
        print(len(texts), "legal moves:", " ".join(texts))
        # [legal]

        # [apply]
        first = texts[0]
        game.play(first)              # a text, or an int from game.legal()
        print("played", first)
        # [apply]

        # [refused_move]
        refused = False
        before = game.position
        try:
            game.play(first)          # no horse stands there now
        except herd.HerdError as e:
            print(first, "again:", e.name, e)
            refused = e.code == herd.E_ILLEGAL
        # [refused_move]
        assert refused and game.position == before, "an illegal move was not refused cleanly"

        # [undo]
        game.undo()
        print("taken back:", game.history_length, "moves in the history")
        # [undo]
        assert game.history_length == 0


def computer():
    import herd

    # [play]
    def play_out(game, max_moves=2000):
        """Plays to the end (or max_moves) with the computer on both sides."""
        played = 0
        while game.status.result == "ongoing" and played < max_moves:
            game.play_genmove()
            played += 1
        return played
    # [play]

    with herd.Game("horses", w=10, h=8, seed=2) as a, \
            herd.Game("horses", w=10, h=8, seed=2) as b:
        played = play_out(a)
        # [result]
        words = a.result_text         # "Red has no move left: Green wins"; "" while it goes on
        print("%s after %d moves" % (words or "No result", played))
        # [result]

        # [replay]
        same = play_out(b) == played and b.position == a.position
        print("replayed from the seed:", "the same game" if same else "another game")
        # [replay]
        assert same, "the same seed gave another game"


def main(argv):
    if len(argv) != 2:
        print("usage: tutorial.py PATH/TO/libherd.so", file=sys.stderr)
        return 2
    path = os.path.abspath(argv[1])
    # A sanitizer build of the library needs its runtime preloaded, as the
    # package's own tests do.
    sys.path.insert(0, BINDINGS)
    import run_tests
    run_tests.rerun_with_sanitizer_runtime(path, argv, script=__file__)

    import herd
    herd.load(path)
    try:
        for step in (first_game, moves, computer):
            print("--", step.__name__)
            step()
    except (AssertionError, herd.HerdError) as e:
        print("tutorial.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
