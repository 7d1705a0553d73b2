#!/usr/bin/env python3
"""Reading game records from Python: herd.read_records() against python-chess's
PGN reader.

    python3 bindings/python/bench/bench_records.py LIBHERD [--records N] [--runs R]
                                                   [--chess PYTHON_CHESS_DIR]

For every game, writes N records (Game.record() of uniformly random games,
seeded, each with player names, an event and a date) to a file, then reads
the file back with herd.read_records() (the library parses and replays every
action; one Record per record) and prints the actions per second, the
median of R runs. With python-chess importable (from PYTHON_CHESS_DIR, a
checkout of github.com/niklasf/python-chess, or installed), it also writes
N chess games of the same mean length as PGN (random legal moves, with
python-chess itself) and reads them with chess.pgn.read_game(), which
parses and replays every move too, and prints its rate beside. The goal
for read_records() is 300,000 actions a second or more.
"""
import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.dont_write_bytecode = True

import herd  # noqa: E402

GAMES = [("horses", {"w": 8, "h": 8, "n": 6}, 200), ("hex", {"size": 5}, 400),
         ("hare", {}, 400), ("fox", {}, 400), ("flock", {}, 400)]
GOAL = 300000


def herd_records(name, options, cap, n):
    """n record texts of random games of `name`, at most `cap` actions each."""
    texts = []
    rng = random.Random(1)
    for i in range(n):
        with herd.Game(name, seed=i + 1, **options) as g:
            for _ in range(cap):
                legal = g.legal_actions()
                if not legal:
                    break
                g.apply_action(rng.choice(legal))
            r = g.record(Event="bench", Date=datetime.date(2026, 12, 7), Round=i + 1,
                         **{str(g.sides[0]): "Ann", str(g.sides[1]): "Bob"})
            texts.append(r.text())
    return texts


def read_herd(path):
    actions = records = 0
    t0 = time.perf_counter()
    for r in herd.read_records(path):
        actions += r.plies
        records += 1
    return actions, records, time.perf_counter() - t0


def chess_pgns(chess, n, mean_plies):
    """n PGN texts of random legal chess games of about mean_plies plies."""
    import chess.pgn
    rng = random.Random(1)
    texts = []
    for i in range(n):
        board = chess.Board()
        length = rng.randint(mean_plies // 2, mean_plies * 3 // 2)
        for _ in range(length):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        game = chess.pgn.Game.from_board(board)
        game.headers.update(Event="bench", Date="2026.12.07", Round=str(i + 1), White="Ann",
                            Black="Bob")
        texts.append(str(game))
    return texts


def read_chess(chess, path):
    import chess.pgn
    actions = records = 0
    t0 = time.perf_counter()
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            actions += sum(1 for _ in game.mainline_moves())
            records += 1
    return actions, records, time.perf_counter() - t0


def median_rate(read, path, runs):
    rates = []
    for _ in range(runs):
        actions, records, seconds = read(path)
        rates.append(actions / seconds)
    return statistics.median(rates), actions, records


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("library")
    p.add_argument("--records", type=int, default=1000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--chess", help="a python-chess checkout to import chess from")
    args = p.parse_args()
    herd.load(args.library)
    chess = None
    if args.chess:
        sys.path.insert(0, args.chess)
    try:
        import chess  # noqa: F811
        import chess.pgn  # noqa: F401
    except ImportError:
        chess = None
    total_actions = total_records = 0
    with tempfile.TemporaryDirectory() as tmp:
        everything = []
        for name, options, cap in GAMES:
            texts = herd_records(name, options, cap, args.records)
            everything += texts
            path = os.path.join(tmp, name + ".hgr")
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(texts))
            rate, actions, records = median_rate(read_herd, path, args.runs)
            total_actions += actions
            total_records += records
            print("%-7s read_records: %9.0f actions/s  (%d records, %.1f actions each, "
                  "%.0f bytes each)" % (name, rate, records, actions / records,
                                        os.path.getsize(path) / records), flush=True)
        path = os.path.join(tmp, "all.hgr")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(everything))
        rate, actions, records = median_rate(read_herd, path, args.runs)
        mean = actions / records
        print("all     read_records: %9.0f actions/s  (%d records, %.1f actions each; "
              "goal %d: %s)" % (rate, records, mean, GOAL, "met" if rate >= GOAL else "NOT met"))
        if chess is None:
            print("chess   python-chess is not importable: pass --chess DIR")
            return 0
        pgns = chess_pgns(chess, args.records, int(mean))
        cpath = os.path.join(tmp, "chess.pgn")
        with open(cpath, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n\n".join(pgns) + "\n")
        crate, cactions, crecords = median_rate(lambda p: read_chess(chess, p), cpath,
                                                args.runs)
        print("chess   python-chess %s read_game: %9.0f actions/s  (%d games, %.1f plies "
              "each)" % (chess.__version__, crate, crecords, cactions / crecords))
        print("read_records / python-chess: %.1fx" % (rate / crate))
    return 0


if __name__ == "__main__":
    sys.exit(main())
