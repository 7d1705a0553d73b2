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

herd.ladder() plays every pair of a game's levels so (``herd-match --ladder``)
and fits one rating per level, as herd-match does (programs/ladder_fit.c),
with numpy.

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
from ._errors import (ArgumentError, OptionRangeError, UnknownNameError, install_hint,
                      require_numpy)
from ._game import Game, LevelLike, _options_text, check_int, level_of
from ._values import Result

__all__ = ["match", "MatchResult", "GameResult", "ladder", "LadderResult", "fit_ratings"]

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

def _settings(game: str, level_a: LevelLike, level_b: LevelLike, seed: int, options: Any,
              random_plies: int, max_plies: int, records: bool = False) -> _Settings:
    text = _options_text(options, {}, game)
    for word in text.split():
        key, _, value = word.partition("=")
        if key == "seed":  # the match's own: each pair of games has its seed
            raise ArgumentError(C.E_ARG, "options: seed is the match's (game i is seeded with "
                                "seed + i // 2): pass herd.match(..., seed=%s)" % value)
    seed = check_int(seed, "seed", 0, C.UINT64_MAX, OptionRangeError)
    random_plies = check_int(random_plies, "random_plies", 0, 1000000, OptionRangeError)
    max_plies = check_int(max_plies, "max_plies", 1, 1000000, OptionRangeError)
    for level in (level_a, level_b):  # a name is read with the game, below
        if not isinstance(level, str):
            check_int(level, "level", C.INT_MIN, C.INT_MAX, OptionRangeError)
    s = _Settings(game, (0, 0), seed, text, random_plies, max_plies, bool(records))
    with _new_game(s, 0) as probe:  # the game's name, its options and the levels, once
        top, names = probe.max_level, probe.levels
    levels = tuple(check_int(level_of(level, names, game), "level", C.INT_MIN, C.INT_MAX,
                             OptionRangeError) for level in (level_a, level_b))
    s = s._replace(levels=levels)
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


def _unreadable_main() -> Optional[str]:
    """The main script's name where a "spawn" worker cannot import it again
    (a script read from standard input, "<stdin>"), else None."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    return path if path and not os.path.isfile(path) else None


def _in_workers_import() -> bool:
    """True while a "spawn" worker imports the main script (multiprocessing
    sets _inheriting then): a call from there is an unguarded one that
    _unguarded_script_line() could not see."""
    return bool(getattr(multiprocessing.current_process(), "_inheriting", False))


def match(game: str, level_a: LevelLike, level_b: LevelLike, games: int = 100, seed: int = 1,
          options: Union[str, Mapping[str, Any], None] = None, client: Any = None,
          workers: Optional[int] = None, *, random_plies: int = 4, max_plies: int = 1000,
          library: Optional[str] = None, records: bool = False) -> MatchResult:
    """Plays level A against level B of `game` (each a number or a name,
    "expert", as Game.levels gives them) over `games` games, as
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
    return MatchResult(s, _run(partial(_play, s, path), list(range(games)), client, workers))


def _run(play: Any, items: List[Any], client: Any, workers: Optional[int],
         caller: str = "herd.match()") -> List[GameResult]:
    """play(item) for every item, in order: on the Dask cluster `client`,
    else in `workers` local processes (default one a core)."""
    if client is not None:
        if workers is not None:
            raise ArgumentError(C.E_ARG, "workers is the number of local processes: a "
                                "cluster has its own workers")
        dask, opened = _client(client)
        try:
            # pure=False: the times differ from run to run, so no cached result.
            return list(dask.gather(dask.map(play, items, pure=False)))
        finally:
            if opened:
                dask.close()
    if workers is None:
        workers = os.cpu_count() or 1
    workers = check_int(workers, "workers", 1, 4096, OptionRangeError)
    workers = min(workers, len(items))
    if _in_workers_import():
        raise RuntimeError("%s was called while a worker process imported the script: %s"
                           % (caller, GUARD_HINT))
    unreadable = _unreadable_main() if workers > 1 else None
    if unreadable is not None:
        warnings.warn("%s: worker processes cannot read the main script again (%s is no file): "
                      "plays its %d games in this process" % (caller, unreadable, len(items)),
                      UserWarning, stacklevel=3)
        workers = 1
    unguarded = _unguarded_script_line() if workers > 1 else None
    if unguarded is not None:
        warnings.warn("%s called from %s, line %d, outside if __name__ == \"__main__\": plays "
                      "its %d games in this process; to use %d worker processes, %s"
                      % (caller, unguarded[0], unguarded[1], len(items), workers,
                         GUARD_HINT.split(", or pass")[0]),
                      UserWarning, stacklevel=3)
        workers = 1
    if workers == 1:
        return [play(item) for item in items]
    # Fresh interpreters (spawn), not forks of this one and its threads.
    spawn = multiprocessing.get_context("spawn")
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=spawn) as pool:
            return list(pool.map(play, items))
    except BrokenProcessPool as e:
        raise RuntimeError("%s: the worker processes ended while starting (%s); where the "
                           "script calls it at its top level, %s" % (caller, e, GUARD_HINT)) from None


# ------------------------------------------------------------ the ladder

#: Virtual draws added to every pair of levels that played (LADDER_PRIOR_DRAWS
#: in programs/ladder_fit.h), so that a level that won or lost every game
#: still has a finite rating.
LADDER_PRIOR_DRAWS = 1.0
_MAX_ITERATIONS = 200
_RATING_BOUND = 10000.0


def _likelihood(np: Any, s: Any, n: Any, r: Any) -> float:
    """The log-likelihood of the scores s (s[i, j]: what i scored against j,
    virtual draws included) over n games, ratings r; 0 * log 0 left out."""
    levels = len(r)
    ll = 0.0
    for i in range(levels):
        for j in range(i + 1, levels):
            if n[i, j] <= 0:
                continue
            p = 1.0 / (1.0 + 10.0 ** (-(r[i] - r[j]) / 400.0))
            if s[i, j] > 0:
                ll += s[i, j] * math.log(p)
            if n[i, j] - s[i, j] > 0:
                ll += (n[i, j] - s[i, j]) * math.log(1 - p)
    return ll


def _information(np: Any, s: Any, n: Any, r: Any) -> Tuple[Any, Any]:
    """The gradient and the information (negated Hessian) of the
    log-likelihood over the levels but the anchor."""
    c = math.log(10.0) / 400.0
    d = r[:, None] - r[None, :]
    p = 1.0 / (1.0 + 10.0 ** (-d / 400.0))
    played = n > 0
    g = np.where(played, c * (s - n * p), 0.0)
    w = np.where(played, c * c * n * p * (1 - p), 0.0)
    np.fill_diagonal(g, 0.0)
    np.fill_diagonal(w, 0.0)
    info = np.diag(w.sum(axis=1)) - w
    return g.sum(axis=1)[1:], info[1:, 1:]


def fit_ratings(points: Any, games: Any,
                prior: float = LADDER_PRIOR_DRAWS) -> Tuple[List[float], List[float]]:
    """One rating per level by maximum likelihood, as herd-match --ladder
    fits them (programs/ladder_fit.c, step for step): points[i][j] is what
    level i + 1 scored against level j + 1 (a draw a half), games[i][j] the
    games they played, to which `prior` virtual draws are added for every
    pair with games. Bradley-Terry on the Elo scale (level i beats level j
    with probability 1 / (1 + 10 ** ((r_j - r_i) / 400))), level 1 at 0,
    by Newton's method; returns the ratings and the half-widths of their
    95% intervals. ValueError where they have no finite maximum."""
    np = require_numpy("herd.fit_ratings()")
    games_a = np.asarray(games, dtype=float)
    played = games_a > 0
    np.fill_diagonal(played, False)
    n = np.where(played, games_a + prior, 0.0)
    s = np.where(played, np.asarray(points, dtype=float) + prior / 2.0, 0.0)
    levels = len(n)
    if not 2 <= levels <= 16:
        raise ValueError("a ladder fits 2 to 16 levels, not %d" % levels)
    r = np.zeros(levels)
    no_maximum = ValueError("the ratings have no finite maximum (a level that won or lost every "
                            "game, or met no other)")
    for _ in range(_MAX_ITERATIONS):
        ll = _likelihood(np, s, n, r)
        grad, info = _information(np, s, n, r)
        try:
            step = np.linalg.solve(info, grad)
        except np.linalg.LinAlgError:
            raise no_maximum from None
        for _ in range(60):  # halved while the likelihood does not rise
            if _likelihood(np, s, n, np.concatenate(([0.0], r[1:] + step))) >= ll:
                break
            step = step / 2
        r[1:] += step
        if np.any(np.abs(r) > _RATING_BOUND):
            raise no_maximum
        if np.max(np.abs(step)) < 1e-9:
            break
    else:
        raise no_maximum
    _, info = _information(np, s, n, r)
    try:
        cov = np.linalg.inv(info)
    except np.linalg.LinAlgError:
        raise no_maximum from None
    half = [0.0] + [1.96 * math.sqrt(cov[i, i]) for i in range(levels - 1)]
    return [float(x) for x in r], half


class LadderResult:
    """Every pair of a game's levels and the ratings fitted from them.
    ``str()`` reads as ``herd-match --ladder``'s output (its times are this
    run's)."""

    def __init__(self, game: str, names: Sequence[str], matches: Sequence[MatchResult]) -> None:
        self.game = game
        self.names = list(names)             #: the levels' names, level 1 first
        self.matches = list(matches)         #: a MatchResult per pair, higher level as A
        first = self.matches[0]
        self.seed, self.options = first.seed, first.options
        self.random_plies, self.games = first.random_plies, len(first.games)
        levels = len(self.names)
        points = [[0.0] * levels for _ in range(levels)]
        games = [[0.0] * levels for _ in range(levels)]
        for m in self.matches:
            a, b = m.levels[0] - 1, m.levels[1] - 1
            score = sum(g.points2 for g in m.games) / 2.0
            points[a][b], points[b][a] = score, len(m.games) - score
            games[a][b] = games[b][a] = float(len(m.games))
        try:
            self.ratings, halves = fit_ratings(points, games)
            #: the 95% intervals of the ratings, (low, high) per level
            self.intervals: Optional[List[Tuple[float, float]]] = [
                (r - h, r + h) for r, h in zip(self.ratings, halves)]
        except ValueError:
            self.ratings, self.intervals = [], None

    def summary(self, times: bool = True) -> str:
        """herd-match --ladder's output; without the times when `times` is false."""
        levels = len(self.names)
        lines = ["%s: ladder of levels 1..%d, %s a pair, seed %d, %s%s%s" % (
            self.game, levels, _count(self.games, "game"), self.seed,
            _count(self.random_plies, "random ply", "random plies"),
            ", options " if self.options else "", self.options)]
        for m in self.matches:
            lines.append("level %d against level %d: %s (%d unfinished), score %.1f%%"
                         % (m.levels[0], m.levels[1], _results(m.wins, m.draws, m.losses),
                            m.unfinished, 100 * m.score))
        lines.append("ratings (Bradley-Terry on the Elo scale, draws as half points, %g virtual "
                     "draw a pair; level 1 at 0):" % LADDER_PRIOR_DRAWS)
        for level, name in enumerate(self.names, 1):
            if self.intervals is None:
                lines.append("  level %d (%s): no finite rating" % (level, name))
            elif level == 1:
                lines.append("  level 1 (%s): 0 (the anchor)" % name)
            else:
                lo, hi = self.intervals[level - 1]
                lines.append("  level %d (%s): %.0f (95%% interval %.0f .. %.0f)" % (
                    level, name, self.ratings[level - 1], lo, hi))
        if times:
            lines.append("time per move:")
            for level, name in enumerate(self.names, 1):
                ts = sorted(t for m in self.matches for k in (0, 1) if m.levels[k] == level
                            for g in m.games for t in g.times[k])
                if not ts:
                    lines.append("  level %d (%s): no moves" % (level, name))
                else:
                    lines.append("  level %d (%s): %d moves, median %.3f ms, max %.3f ms" % (
                        level, name, len(ts), ts[len(ts) // 2] * 1e3, ts[-1] * 1e3))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return "<herd.LadderResult %s: %d levels, %d games a pair>" % (
            self.game, len(self.names), self.games)


def _play_item(library: str, item: Tuple[_Settings, int]) -> GameResult:
    return _play(item[0], library, item[1])


def ladder(game: str, games: int = 20, seed: int = 1,
           options: Union[str, Mapping[str, Any], None] = None, client: Any = None,
           workers: Optional[int] = None, *, random_plies: int = 4, max_plies: int = 1000,
           library: Optional[str] = None, records: bool = False) -> LadderResult:
    """Plays every pair of `game`'s levels over `games` games each, the
    higher level as A and every pair from the same seeds, as ``herd-match
    --ladder GAME -n GAMES -s SEED ...`` does, and fits one rating per level
    (fit_ratings(); needs numpy). The games run as herd.match()'s do: in
    `workers` local processes, or on a Dask cluster (`client`), all pairs'
    games at once; the results are the same wherever they run. With
    records=True every game keeps its record (LadderResult.matches[k].records())."""
    games = check_int(games, "games", 1, 1000000, OptionRangeError)
    require_numpy("herd.ladder() (its ratings)")  # said before any game is played
    first = _settings(game, 1, 1, seed, options, random_plies, max_plies, records)
    with _new_game(first, 0) as probe:
        levels = probe.max_level
        names = [probe.levels[level] for level in range(1, levels + 1)]
    pairs = [first._replace(levels=(a, b)) for a in range(2, levels + 1) for b in range(1, a)]
    if records:
        _library.library().function("herd_record_from_game")
    path = library if library is not None else _library.library().path
    items = [(s, i) for s in pairs for i in range(games)]
    results = _run(partial(_play_item, path), items, client, workers, "herd.ladder()")
    matches = [MatchResult(s, results[k * games:(k + 1) * games]) for k, s in enumerate(pairs)]
    return LadderResult(game, names, matches)
