"""herd.match(): two computer levels of a game against each other over seeded
games, in worker processes: a local process pool, or a Dask distributed
cluster.

    import herd

    if __name__ == "__main__":      # worker processes import the script again
        result = herd.match("horses", 3, 2, games=100)         # every core here
        result = herd.match("flock", 5, 4, games=200, client="tcp://scheduler:8786")
        print(result)                                         # herd-match's summary

The games are herd-match's (programs/herd_match.c), game for game: game i
(from 0) is pair i // 2, created with the options and ``seed=SEED + pair``
(where the game takes a seed), opened with RANDOM_PLIES uniformly random
actions drawn by the pair's SplitMix64 generator, then played by the levels,
player A on side i % 2, up to MAX_PLIES actions. A game depends only on its
index, so the results are the same on one process, on several, on a cluster
and from herd-match with any -j; only the times per move differ.

A cluster needs Dask's distributed package (Debian: ``apt-get install
python3-distributed``), and its workers need this package and libherd: each
worker loads the library from the path the caller's process uses (pass
``library=`` for another path on the workers).
"""
from __future__ import annotations

import ast
import math
import multiprocessing
import os
import sys
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _capi as C
from . import _library
from ._errors import ArgumentError, OptionRangeError, UnknownNameError, install_hint
from ._game import Game, _options_text, check_int
from ._values import Result

__all__ = ["match", "MatchResult", "GameResult"]

_MASK64 = C.UINT64_MAX



class _Settings(NamedTuple):
    """What every game of a match shares (sent to each worker)."""
    game: str
    levels: Tuple[int, int]
    seed: int
    options: str
    random_plies: int
    max_plies: int
    records: bool = False


def _count(n: int, one: str, many: Optional[str] = None) -> str:
    """n and its noun, as herd-match writes them: "1 loss", "2 losses", "0 wins"."""
    return "%d %s" % (n, one if n == 1 else many or one + "s")


def _results(wins: int, draws: int, losses: int) -> str:
    return "%s, %s, %s" % (_count(wins, "win"), _count(draws, "draw"),
                           _count(losses, "loss", "losses"))


class GameResult(NamedTuple):
    """One game of a match. ``str()`` is its line of ``herd-match -g``."""
    index: int                 #: from 0; the game number herd-match prints is index + 1
    a_side: str                #: the side player A played
    outcome: str               #: "A wins", "B wins", "draw" or "unfinished"
    reason: Optional[str]      #: how it ended (the protocol's word); None when unfinished
    actions: int               #: actions played, the random opening's included
    points2: int               #: player A's points times two: 2 win, 1 draw or unfinished, 0 loss
    times: Tuple[Tuple[float, ...], Tuple[float, ...]]  #: A's and B's move times, in seconds
    #: the game's record (docs/records.md), when the match was asked for
    #: records (herd.Record(text) reads it); None otherwise
    record: Optional[str] = None

    def __str__(self) -> str:
        what = self.outcome if self.reason is None else "%s (%s)" % (self.outcome, self.reason)
        return "game %d: pair %d, A plays %s: %s after %d actions" % (
            self.index + 1, self.index // 2 + 1, self.a_side, what, self.actions)


class MatchResult:
    """The games of a match, in index order, and their totals. ``str()`` reads
    as herd-match's summary (its times per move are this run's)."""

    def __init__(self, settings: _Settings, games: Sequence[GameResult]) -> None:
        self.game = settings.game
        self.levels = settings.levels
        self.seed = settings.seed
        self.options = settings.options
        self.random_plies = settings.random_plies
        self.max_plies = settings.max_plies
        self.games: List[GameResult] = list(games)
        self.wins = sum(g.points2 == 2 for g in self.games)
        self.draws = sum(g.points2 == 1 for g in self.games)
        self.losses = len(self.games) - self.wins - self.draws
        self.unfinished = sum(g.outcome == "unfinished" for g in self.games)

    @property
    def score(self) -> float:
        """Player A's score, a draw counting half: 0.0 .. 1.0."""
        return sum(g.points2 for g in self.games) / 2.0 / len(self.games)

    @property
    def interval(self) -> Tuple[float, float]:
        """The score's 95% interval (normal approximation, within 0 .. 1),
        computed as herd-match computes it."""
        n = float(len(self.games))
        mean = self.score
        sum_sq = 0.0
        for g in self.games:
            sum_sq += (g.points2 / 2.0) * (g.points2 / 2.0)
        var = (sum_sq - n * mean * mean) / (n - 1) if len(self.games) > 1 else 0.0
        half = 1.96 * math.sqrt(var / n if var > 0 else 0.0)
        return max(mean - half, 0.0), min(mean + half, 1.0)

    def results(self) -> Tuple[Tuple[Any, ...], ...]:
        """Everything but the times and records: what equal seeds make equal."""
        return tuple(g[:6] for g in self.games)

    def records(self) -> List[Any]:
        """The games' records as herd.Record values, in index order (the
        match was played with records=True; else ArgumentError)."""
        from ._record import Record
        if any(g.record is None for g in self.games):
            raise ArgumentError(C.E_ARG, "the match kept no records: play it with records=True")
        return [Record(g.record) for g in self.games]

    def write_records(self, path: str) -> None:
        """Writes the games' records to the file `path`, in index order,
        separated by empty lines (records.md's file of records)."""
        if any(g.record is None for g in self.games):
            raise ArgumentError(C.E_ARG, "the match kept no records: play it with records=True")
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(g.record for g in self.games))

    def summary(self, times: bool = True) -> str:
        """herd-match's summary; without its times per move when `times` is false."""
        lo, hi = self.interval
        lines = [
            "%s: level %d (A) against level %d (B), %s, seed %d, %s%s%s" % (
                self.game, self.levels[0], self.levels[1], _count(len(self.games), "game"),
                self.seed, _count(self.random_plies, "random ply", "random plies"),
                ", options " if self.options else "", self.options),
            "A: %s (%d unfinished after %s)" % (
                _results(self.wins, self.draws, self.losses), self.unfinished,
                _count(self.max_plies, "action")),
            "A's score: %.1f%% (95%% interval %.1f%% .. %.1f%%)" % (
                100 * self.score, 100 * lo, 100 * hi),
        ]
        for k in (0, 1):
            side = [g for g in self.games if g.index % 2 == k]
            if side:
                won = sum(g.points2 == 2 for g in side)
                drawn = sum(g.points2 == 1 for g in side)
                lines.append("A as %s: %s, score %.1f%%" % (
                    side[0].a_side, _results(won, drawn, len(side) - won - drawn),
                    100 * sum(g.points2 for g in side) / 2.0 / len(side)))
        if times:
            lines.append("time per move:")
            for k, who in enumerate("AB"):
                ts = sorted(t for g in self.games for t in g.times[k])
                if not ts:
                    lines.append("  level %d (%s): no moves" % (self.levels[k], who))
                else:
                    lines.append("  level %d (%s): %s, median %.3f ms, max %.3f ms" % (
                        self.levels[k], who, _count(len(ts), "move"), ts[len(ts) // 2] * 1e3,
                        ts[-1] * 1e3))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return "<herd.MatchResult %s %d-%d: %d games, score %.1f%%>" % (
            self.game, self.levels[0], self.levels[1], len(self.games), 100 * self.score)


# ------------------------------------------------------------- one game

def _next_random(x: int) -> Tuple[int, int]:
    """herd-match's opening generator (SplitMix64): the new state and the draw."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def _new_game(s: _Settings, pair: int) -> Game:
    text = "%s%sseed=%d" % (s.options, " " if s.options else "", s.seed + pair)
    try:
        return Game(s.game, text)
    except UnknownNameError as e:
        if "seed" not in str(e):
            raise
        return Game(s.game, s.options)  # a game without a seed


def _use_library(path: str) -> None:
    """Loads the library at `path` in this process, unless it is loaded."""
    lib = _library._default
    if lib is None or lib.path != path:
        _library.load(path)


def _play(s: _Settings, library: str, index: int) -> GameResult:
    """Plays game number `index` of the match, as herd-match's play_game()."""
    _use_library(library)
    a_side = index % 2
    pair = index // 2
    times: Tuple[List[float], List[float]] = ([], [])
    with _new_game(s, pair) as g:
        x = (s.seed * 1000003 + pair) & _MASK64
        actions = 0
        for _ in range(s.random_plies):
            if g.is_over:
                break
            actions += 1
            if g.is_chance:
                g.roll()
                continue
            with g._using() as h:
                moves = g._legal_values(h)
            if not moves:
                actions -= 1
                break
            x, r = _next_random(x)
            g.play(moves[r % len(moves)])
        sides = g.sides
        plies = 0
        while not g.is_over and plies < s.max_plies:
            if g.is_chance:
                g.roll()
            else:
                player = 0 if g.side_to_move == sides[a_side] else 1
                t0 = time.perf_counter()
                g.play_genmove(s.levels[player])
                times[player].append(time.perf_counter() - t0)
            plies += 1
        st = g.status
        record = None
        if s.records:
            # The tags herd-match -r writes, so that both write the same records.
            levels = g.levels
            players = {str(sides[a_side if p == 0 else 1 - a_side]):
                       "herd level %d (%s)" % (s.levels[p], levels[s.levels[p]]) for p in (0, 1)}
            record = g.record(Event="herd-match, level %d against level %d" % s.levels,
                              Round=index + 1, **players).text()
    if st.result is Result.ONGOING:
        outcome, points2, reason = "unfinished", 1, None
    else:
        if st.side is None:
            outcome, points2 = "draw", 1
        elif st.side == sides[a_side]:
            outcome, points2 = "A wins", 2
        else:
            outcome, points2 = "B wins", 0
        reason = str(st.reason)
    return GameResult(index, str(sides[a_side]), outcome, reason, actions + plies, points2,
                      (tuple(times[0]), tuple(times[1])), record)


# ------------------------------------------------------------ the match

def _settings(game: str, level_a: int, level_b: int, seed: int, options: Any,
              random_plies: int, max_plies: int, records: bool = False) -> _Settings:
    if isinstance(options, Mapping):
        text = _options_text(None, dict(options))
    else:
        text = _options_text(options, {})
    for word in text.split():
        key, _, value = word.partition("=")
        if key == "seed":  # the match's own: each pair of games has its seed
            raise ArgumentError(C.E_ARG, "options: seed is the match's (game i is seeded with "
                                "seed + i // 2): pass herd.match(..., seed=%s)" % value)
    seed = check_int(seed, "seed", 0, C.UINT64_MAX, OptionRangeError)
    random_plies = check_int(random_plies, "random_plies", 0, 1000000, OptionRangeError)
    max_plies = check_int(max_plies, "max_plies", 1, 1000000, OptionRangeError)
    levels = (check_int(level_a, "level", C.INT_MIN, C.INT_MAX, OptionRangeError),
              check_int(level_b, "level", C.INT_MIN, C.INT_MAX, OptionRangeError))
    s = _Settings(game, levels, seed, text, random_plies, max_plies, bool(records))
    with _new_game(s, 0) as probe:  # the game's name, its options and the levels, once
        top = probe.max_level
    for level in levels:
        if not 1 <= level <= top:
            raise OptionRangeError(C.E_RANGE, "level %d is out of range 1..%d for %s"
                                   % (level, top, game))
    return s


def _client(client: Any) -> Tuple[Any, bool]:
    """The Dask client for `client` (a Client, or a scheduler's address) and
    whether this call opened it (and so closes it)."""
    if not isinstance(client, str):
        if not callable(getattr(client, "map", None)) or not callable(
                getattr(client, "gather", None)):
            raise ArgumentError(C.E_ARG, "client is a dask.distributed.Client or a scheduler's "
                                "address, not %r" % (client,))
        return client, False
    try:
        from dask.distributed import Client
    except ImportError:
        raise ImportError("a cluster needs Dask's distributed package, which is not importable "
                          "here; install it with: "
                          + install_hint("distributed", "python3-distributed")) from None
    return Client(client), True


# What a script must do to use worker processes, said by the warning and the error below.
GUARD_HINT = ('put the call under if __name__ == "__main__": (worker processes import the '
              'script again, and run what it does outside that block), or pass workers=1')


def _is_main_test(test: ast.expr) -> bool:
    """Whether `test` is __name__ == "__main__" (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return (any(isinstance(x, ast.Name) and x.id == "__name__" for x in sides)
            and any(isinstance(x, ast.Constant) and x.value == "__main__" for x in sides))


def _unguarded_script_line() -> Optional[Tuple[str, int]]:
    """The script and line from which this call came, when it came from the
    main script's own code outside an ``if __name__ == "__main__":`` block
    (directly or through functions it calls): code that a "spawn" worker runs
    again when it imports the script, so that a pool started from there
    breaks. None otherwise (a guarded call, an interactive session, python -c,
    a package's __main__)."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or not path:
        return None
    # As multiprocessing.spawn: a __main__ module (python -m package) and
    # IPython's launcher are not imported again.
    name = getattr(getattr(main, "__spec__", None), "name", None) or ""
    if (name == "__main__" or name.endswith(".__main__")
            or os.path.splitext(os.path.basename(path))[0] == "ipython"):
        return None
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_globals is vars(main)
                                     and frame.f_code.co_name == "<module>"):
        frame = frame.f_back
    if frame is None:
        return None
    line = frame.f_lineno
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and _is_main_test(node.test) and node.body
                and node.body[0].lineno <= line <= (node.body[-1].end_lineno or line)):
            return None
    return path, line


def _in_workers_import() -> bool:
    """True while a "spawn" worker imports the main script (multiprocessing
    sets _inheriting then): a call from there is an unguarded one that
    _unguarded_script_line() could not see."""
    return bool(getattr(multiprocessing.current_process(), "_inheriting", False))


def match(game: str, level_a: int, level_b: int, games: int = 100, seed: int = 1,
          options: Union[str, Mapping[str, Any], None] = None, client: Any = None,
          workers: Optional[int] = None, *, random_plies: int = 4, max_plies: int = 1000,
          library: Optional[str] = None, records: bool = False) -> MatchResult:
    """Plays level A against level B of `game` over `games` games, as
    ``herd-match GAME LEVEL_A LEVEL_B -n GAMES -s SEED -R RANDOM_PLIES -m
    MAX_PLIES -o OPTIONS`` does, and returns the MatchResult (its str() is
    herd-match's summary).

    `options` are the game's options, one text ("sideways=1") or a mapping;
    not its seed, which is the match's (`seed`: game i has seed + i // 2).
    Without `client` the games run in `workers` local processes (default: one
    a core; 1 plays them in this process), started afresh ("spawn"), which
    import the calling script again: a script that calls match() outside
    ``if __name__ == "__main__":`` gets its games played in this process,
    with a warning (UserWarning) that says so and how to use the processes.
    With `client` (a
    dask.distributed.Client, or a scheduler's address to connect to and
    disconnect from) they run on that cluster, whose workers load libherd
    from `library` (default: the path of the library this process uses).
    The results are the same wherever the games run.

    With records=True each GameResult keeps its game's record (records.md:
    the tags herd-match -r writes: the players "herd level N (NAME)" under
    their sides' tags, Event "herd-match, level A against level B", Round the
    game's number index + 1, the game's Seed), which
    MatchResult.records() reads and write_records() writes to a file.
    """
    games = check_int(games, "games", 1, 1000000, OptionRangeError)
    s = _settings(game, level_a, level_b, seed, options, random_plies, max_plies, records)
    if records:  # the library must have them: said here, not in every worker
        _library.library().function("herd_record_from_game")
    path = library if library is not None else _library.library().path
    play = partial(_play, s, path)
    if client is not None:
        if workers is not None:
            raise ArgumentError(C.E_ARG, "workers is the number of local processes: a "
                                "cluster has its own workers")
        dask, opened = _client(client)
        try:
            # pure=False: the times differ from run to run, so no cached result.
            results = dask.gather(dask.map(play, range(games), pure=False))
        finally:
            if opened:
                dask.close()
        return MatchResult(s, results)
    if workers is None:
        workers = os.cpu_count() or 1
    workers = check_int(workers, "workers", 1, 4096, OptionRangeError)
    workers = min(workers, games)
    if _in_workers_import():
        raise RuntimeError("herd.match() was called while a worker process imported the "
                           "script: " + GUARD_HINT)
    unguarded = _unguarded_script_line() if workers > 1 else None
    if unguarded is not None:
        warnings.warn("herd.match() called from %s, line %d, outside if __name__ == "
                      "\"__main__\": plays its %d games in this process; to use %d worker "
                      "processes, %s" % (unguarded[0], unguarded[1], games, workers,
                                         GUARD_HINT.split(", or pass")[0]),
                      UserWarning, stacklevel=2)
        workers = 1
    if workers == 1:
        return MatchResult(s, [play(i) for i in range(games)])
    # Fresh interpreters (spawn), not forks of this one and its threads.
    spawn = multiprocessing.get_context("spawn")
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=spawn) as pool:
            return MatchResult(s, list(pool.map(play, range(games))))
    except BrokenProcessPool as e:
        raise RuntimeError("herd.match(): the worker processes ended while starting (%s); "
                           "where the script calls match() at its top level, %s"
                           % (e, GUARD_HINT)) from None
