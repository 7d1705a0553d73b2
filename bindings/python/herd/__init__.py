"""herd: Python bindings for libherd, the game-rules library, through ctypes.

    import herd
    with herd.Game("horses", w=10, h=8, seed=3) as g:
        print(g)                             # the board as text
        print(g.legal())                     # [Move(16908288, 'a1-c2'), ...]
        try:
            g.play("a1-b3")
        except herd.IllegalMoveError as e:   # the game is unchanged
            print(e)                         # b3 is occupied
        g.play("a1-c2")                      # a Move, its text or its integer
        while not g.is_over and g.history_length < 2000:  # no move limit in the rules
            g.roll() if g.is_chance else g.play_genmove()  # roll(): hex's dice
        print(g.status)                      # win red corner

The library is found by herd.load(path), else HERD_LIBRARY, else the library
that `cmake --install` installed with this package, else the system's.
Moves are Move values that print as protocol.md's texts and keep the
library's integer; sides, results and reasons are enums whose str() is the
protocol's word; every refusal raises the HerdError subclass of its kind.
``herd.games()`` describes the library's games: their names, sides, options
(keys, allowed values, defaults), levels and bounds, as the library has them;
``Game(name, ...)`` gives an instance of the game's class (Horses, Hex,
Hare, Fox, Flock), and the library checks its options; ``game.solve()`` gives the exact value where
the library solves the position (hare, fox endgames), ``game.interrupt()`` stops a long call
from another thread; ``game._repr_svg_()`` and ``herd.svg(game, ...)`` draw
the board as SVG.
"""
from . import _capi as C
from ._errors import (ArgumentError, GameClosedError, HerdError, IllegalMoveError,
                      LibraryError, OptionRangeError, OutOfMemoryError, ParseError,
                      PositionError, StateError, UnknownNameError, UnsupportedError,
                      WorkInterruptedError)
from ._game import MAX_PERFT_DEPTH, Game, cell_name, game_class, live_handles, parse_cell
from ._library import BINDING_VERSION, Library, library, load, version
from ._registry import GameDescription, Level, Option, OptionKind, describe, games
from ._svg import svg
from ._values import Move, Phase, Reason, Result, Side, Solution, Status

# The games with a class of their own: importing the module registers it.
from ._horses import Horses  # noqa: E402
from ._hex import Hex  # noqa: E402
from ._hare import Hare  # noqa: E402
from ._fox import Fox  # noqa: E402
from ._flock import Flock  # noqa: E402
from ._hunt import Hunt  # noqa: E402

# For game-AI programs: Game.playouts() counts, its level of random actions,
# and the modules herd.spiel (OpenSpiel's pyspiel games when pyspiel is
# importable, stand-ins of the same shape without it) and herd.env (a
# PettingZoo AEC environment, likewise), imported when used.
from ._game import Playouts  # noqa: E402
# herd.Batch: n games stepped together in C (needs numpy when made).
from .batch import Batch  # noqa: E402

PLAYOUT_RANDOM = C.PLAYOUT_RANDOM
# The level of Game.memory_needed() that asks for solve()'s need.
MEMORY_SOLVE = C.MEMORY_SOLVE

__version__ = "%d.%d" % BINDING_VERSION

__all__ = [
    "HerdError", "ArgumentError", "OutOfMemoryError", "OptionRangeError", "ParseError",
    "IllegalMoveError", "StateError", "UnknownNameError", "PositionError", "UnsupportedError",
    "WorkInterruptedError",
    "GameClosedError", "LibraryError",
    "Library", "load", "library", "version", "BINDING_VERSION",
    "Game", "Horses", "Hex", "Hare", "Fox", "Flock", "Hunt", "game_class",
    "games", "describe", "GameDescription", "Option", "OptionKind", "Level",
    "Move", "Side", "Result", "Reason", "Phase", "Status", "Solution",
    "cell_name", "parse_cell", "svg", "MAX_PERFT_DEPTH", "live_handles",
]

__all__ += ["Playouts", "PLAYOUT_RANDOM", "Batch", "MEMORY_SOLVE"]

# Error codes, as herd.h names them (HERD_OK, HERD_E_ARG, ...).
OK = C.OK
E_ARG = C.E_ARG
E_NOMEM = C.E_NOMEM
E_RANGE = C.E_RANGE
E_PARSE = C.E_PARSE
E_ILLEGAL = C.E_ILLEGAL
E_BUFFER = C.E_BUFFER
E_STATE = C.E_STATE
E_UNKNOWN = C.E_UNKNOWN
E_POSITION = C.E_POSITION
E_UNSUPPORTED = C.E_UNSUPPORTED
E_INTERRUPTED = C.E_INTERRUPTED

# Game records (docs/records.md): herd.Record, herd.read_records().
from ._record import Record, RecordReader, RecordTags, read_records  # noqa: E402

__all__ += ["Record", "RecordReader", "RecordTags", "read_records"]

# herd.match(): herd-match's games in worker processes or on a Dask cluster.
from .match import (GameResult, LadderResult, MatchResult, fit_ratings, ladder,  # noqa: E402
                    match)

__all__ += ["match", "MatchResult", "GameResult", "ladder", "LadderResult", "fit_ratings"]

# The exceptions are named as the package gives them (herd.ArgumentError, in
# tracebacks and reprs, and by pickle); dir(herd) shows only the package's names.
for _name in __all__:
    if isinstance(globals()[_name], type) and issubclass(globals()[_name], HerdError):
        globals()[_name].__module__ = __name__
del _name, C
