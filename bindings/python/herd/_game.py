"""Game: a libherd handle and the generic API of herd.h.

Thread safety: each game has a lock that every call holds while it uses the
handle (ctypes releases the GIL during a C call, so without it close() in one
thread could free the handle under a call in another). close() takes the lock
too: it waits for the call in flight, and every later call raises
GameClosedError (a ValueError). Distinct games never wait for each other.
interrupt() alone does not wait for the call in flight (stopping it is its
purpose): it and close() share a second lock that is held only for an
instant, so the handle it passes is never one that close() has freed.
"""
from __future__ import annotations

import operator
import re
import threading
import warnings
import weakref
from array import array
from contextlib import contextmanager
from ctypes import (byref, c_double, c_int, c_size_t, c_uint, c_uint64, create_string_buffer,
                    sizeof)
from typing import (TYPE_CHECKING, Any, Callable, ClassVar, Dict, Iterator, List, Mapping,
                    NamedTuple, Optional, Tuple, Type, TypeVar, Union)

from . import _capi as C
from ._errors import (ArgumentError, GameClosedError, HerdError, IllegalMoveError,
                      OptionRangeError, ParseError, UnknownNameError, did_you_mean, encode,
                      error_for, require_numpy)
from ._library import Library, library
from ._registry import GameDescription, creation_error, describe, games
from ._values import Move, Reason, Result, Side, Solution, Status

if TYPE_CHECKING:
    from ._record import Record

__all__ = ["Game", "MoveLike", "SideLike", "CellLike", "cell_name", "parse_cell", "cell_struct",
           "MAX_PERFT_DEPTH", "game_class"]

# herd_perft() takes depths 0..64.
MAX_PERFT_DEPTH = 64

MoveLike = Union[Move, int, str]
SideLike = Union[Side, str, int]
CellLike = Union[str, Tuple[int, int]]
#: A computer level: its number, or its name as Game.levels and
#: herd.describe() give it ("expert").
LevelLike = Union[int, str]
G = TypeVar("G", bound="Game")

# The reasons of herd_end(): how the players end a game.
_PLAYERS = (b"resigned", b"time", b"agreed", b"abandoned")
_RESULTS = {C.ONGOING: Result.ONGOING, C.WIN: Result.WIN, C.DRAW: Result.DRAW,
            C.OVER: Result.OVER}
_CELL = re.compile(r"([a-z])([1-9][0-9]{0,5})\Z")

# The classes of the games that have one, by game name (filled by Game's
# subclasses as they are defined: a game's class is its table entry).
_CLASSES: Dict[str, Type["Game"]] = {}

# Handles created and not yet freed, for the leak tests.
_live = [0]
_live_lock = threading.Lock()


def live_handles() -> int:
    """The number of games this process holds open now: neither closed nor
    collected (a closed game that keeps its history for moves counts no
    more)."""
    return _live[0]


def _free(free: Callable[[int], None], handle: int, counted: List[bool]) -> None:
    free(handle)
    _uncount(counted)


def _uncount(counted: List[bool]) -> None:
    """Takes a handle off live_handles() once (at close() or when freed)."""
    with _live_lock:
        if counted[0]:
            counted[0] = False
            _live[0] -= 1


def as_int(value: Any, what: str) -> int:
    """`value` as an int: itself, or an integer of another type (numpy's
    int64) as its int (operator.index); TypeError for a bool or a non-int."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
        value = operator.index(value)
    return value


def check_int(value: Any, what: str, lo: int = C.INT_MIN, hi: int = C.INT_MAX,
              error: Type[HerdError] = ArgumentError) -> int:
    """`value` as an int in lo..hi (the C type's range): TypeError for a
    non-int, `error` for one out of range, never a silent truncation. An
    integer of another type (numpy's int64, which numpy's random choices
    give) counts as its int (operator.index), as in pyspiel."""
    value = as_int(value, what)
    if not lo <= value <= hi:
        code = C.E_RANGE if error is OptionRangeError else C.E_ARG
        raise error(code, "%s %d is out of range %d..%d" % (what, value, lo, hi))
    return value


def _save_fault(text: str, message: str) -> str:
    """herd_load's message on a save, with the part of the text it is about:
    the library names the field it expected ("ply must be ..."); where the
    save has no such field, what stands there instead is named too."""
    m = re.match(r"(\w+) must be ", message)
    if not m:
        return message
    field = m.group(1)
    head = text.split(" position=", 1)[0].split(" ")
    for word in head[1:]:
        if word.startswith(field + "="):
            return "%r in the save: %s" % (word[:40], message)
    stray = next((w for w in head[1:] if "=" not in w), None)
    where = " (%r stands in its place)" % stray[:40] if stray is not None else ""
    return "the save has no %s= field%s: %s" % (field, where, message)


def level_of(level: Any, levels: Mapping[int, str], game: str) -> Any:
    """A level given by its name in any case ("expert", "Expert") as its
    number, any other value as it is; UnknownNameError listing the game's
    levels (as the herd program's `levels` does) for a name it has not."""
    if not isinstance(level, str):
        return level
    for number, name in levels.items():
        if name.lower() == level.lower():
            return number
    raise UnknownNameError(C.E_UNKNOWN, "unknown level %r of %s%s; its levels are %s"
                           % (level, game, did_you_mean(level, levels.values()),
                              " ".join("%d:%s" % item for item in sorted(levels.items()))))


def not_an_action(shown: Any, game: str, num_actions: int) -> str:
    """The one wording for a number (or move) outside a game's action space,
    with the space's range."""
    return "%s is not an action of %s (0 .. %d)" % (shown, game, num_actions - 1)


def cell_name(row: int, col: int) -> str:
    """The text of a square-grid cell from its 0-based row and column: (0, 0)
    is "a1"."""
    row = check_int(row, "row")
    col = check_int(col, "column")
    if not 0 <= row < 26 or col < 0:
        raise ArgumentError(C.E_ARG, "no cell has row %d and column %d" % (row, col))
    return "%s%d" % (chr(ord("a") + row), col + 1)


def parse_cell(cell: CellLike, lo: int = C.INT_MIN, hi: int = C.INT_MAX) -> Tuple[int, int]:
    """(row, col) from a cell text ("e5") or a (row, col) pair, each in lo..hi;
    the library checks that the cell is on the board."""
    if isinstance(cell, str):
        m = _CELL.match(cell)
        if not m:
            raise ParseError(C.E_PARSE, "%r is not a cell name" % (cell,))
        row, col = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    else:
        try:
            row, col = cell
        except (TypeError, ValueError):
            raise TypeError("a cell is a text such as 'e5' or a (row, col) pair, not %r"
                            % (cell,)) from None
    return check_int(row, "row", lo, hi), check_int(col, "column", lo, hi)


def cell_struct(cell: CellLike, lo: int = C.INT_MIN, hi: int = C.INT_MAX) -> Any:
    """A herd_cell from a cell text or a (row, col) pair, each in lo..hi."""
    return C.herd_cell(*parse_cell(cell, lo, hi))


#: A game's options: one text ("w=10 h=8") or a mapping ({"w": 10, "h": 8}).
OptionsLike = Union[str, Mapping[str, Any], None]


def _options_text(options: OptionsLike, kw: Mapping[str, Any], game: Optional[str] = None) -> str:
    """The options text of `options` (a text or a mapping, given by position
    or as the keyword options=) followed by the keywords `kw`. No game has
    an option called options (herd.games()), so the keyword is free. A bool
    or a float value is refused (_typed_value) but a bool for an option of
    the game `game` that takes 0..1 (fox's sideways). A value None leaves
    its option out: the game's default (a caller may pass its own optional
    arguments on as they are)."""
    kw = dict(kw)
    if "options" in kw:
        if options is not None:
            raise TypeError("the options are given twice: by position and as options=")
        options = kw.pop("options")
    parts: List[str] = []
    pairs = list(kw.items())
    if isinstance(options, str):
        parts = [options] if options else []
    elif isinstance(options, Mapping):
        pairs = list(options.items()) + pairs
    elif options is not None:
        raise TypeError("the options are a text ('w=10 h=8') or a mapping ({'w': 10}), not %s"
                        % type(options).__name__)
    for key, value in pairs:
        if not isinstance(key, str):
            raise TypeError("an option's name is a str, not %r" % (key,))
        if value is None:
            continue  # the option's default, as if not given
        if isinstance(value, (bool, float)):
            value = _typed_value(game, key, value)
        value = str(value)
        for what, word in (("a name", key), ("a value", value)):
            if not word or any(c.isspace() or c in "=\0" for c in word):
                raise ParseError(C.E_PARSE, "option %s=%r: %s is one word without '='"
                                 % (key, value, what))
        parts.append("%s=%s" % (key, value))
    return " ".join(parts)


def _typed_value(game: Optional[str], key: str, value: Any) -> Any:
    """A bool for an option of `game` that takes 0..1 as 0 or 1; TypeError,
    saying what the option takes, for another bool (w=True is no width) and
    for a float (a whole number's text would not be its own). A value of an
    option the game lacks passes: the library refuses the option."""
    d = next((d for d in games() if d.name == game), None)
    option = next((o for o in d.options if o.key == key), None) if d else None
    if option is None or (isinstance(value, bool) and option.allowed in (range(2), (0, 1))):
        return int(value) if isinstance(value, bool) else value
    if isinstance(option.allowed, range):
        takes = "a whole number in %d..%d" % (option.allowed.start, option.allowed.stop - 1)
    elif isinstance(option.allowed, tuple):
        takes = "one of the whole numbers %s" % ", ".join(map(str, option.allowed))
    else:
        takes = "a cell name (%r)" % option.default
    raise TypeError("option %s=%r: %s takes %s, not a %s"
                    % (key, value, key, takes, type(value).__name__))


def options_dict(options: OptionsLike, kw: Mapping[str, Any]) -> Dict[str, Any]:
    """The options of _options_text() as one dict, a text's values as texts
    and the others as given, for the callers that read some of them
    (herd.env: the seed, the board's size). The library checks them all."""
    _options_text(options, kw)  # the same refusals
    kw = dict(kw)
    options = kw.pop("options", options)
    pairs: List[Tuple[str, Any]] = []
    if isinstance(options, str):
        for word in options.split():
            key, eq, value = word.partition("=")
            if not eq or not key:
                raise ParseError(C.E_PARSE, "option %r is not KEY=VALUE" % word)
            pairs.append((key, value))
    elif options is not None:
        pairs += list(options.items())
    out: Dict[str, Any] = {}
    for key, value in pairs + list(kw.items()):
        if value is None:
            continue  # the default, as _options_text() leaves it out
        if key in out:
            raise ParseError(C.E_PARSE, "option '%s' is given twice" % key)
        out[key] = value
    return out


def side_index(sides: Tuple[Side, Side], side: SideLike, game: str) -> int:
    """The index in `sides` (the game `game`'s, in order) of `side`: 0, 1, one
    of them or its name; ArgumentError for anything else. Every call that
    takes a side reads it here."""
    if isinstance(side, str):
        for i, s in enumerate(sides):
            if s.value == side:
                return i
    elif not isinstance(side, bool):
        try:
            index = operator.index(side)
        except TypeError:
            index = None
        if index in (0, 1):
            return index  # type: ignore[return-value]
    raise ArgumentError(C.E_ARG, "%r is no side of %s: 0, 1, %s or %s"
                        % (side, game, sides[0], sides[1]))


def status_of(lib: Library, sides: Tuple[Side, Side], st: Any) -> Status:
    """The Status of a herd_status of a game whose sides are `sides`."""
    side = sides[st.side] if st.side in (0, 1) and st.result in (C.ONGOING, C.WIN) else None
    return Status(_RESULTS[st.result], side, Reason(lib.c.herd_reason_name(st.reason).decode()))


def game_class(name: str) -> Type["Game"]:
    """The class of the game `name` (Game itself for a game without its own)."""
    return _CLASSES.get(name, Game)


def _deprecated(old: str, new: str) -> None:
    """Warns that the caller called a 0.x name (DeprecationWarning)."""
    warnings.warn("%s is deprecated: use %s" % (old, new), DeprecationWarning, stacklevel=3)


class _Description:
    """Game.description: the library's description of the game (one of
    herd.games()), read on the class of a game (Horses.description) or on a
    game."""

    def __get__(self, game: Optional["Game"], owner: Any = None) -> GameDescription:
        if game is not None:
            with game._using():
                return describe(game.name, game._lib)
        if owner.game is None:
            raise AttributeError("%s is not one game: ask Game(name).description or "
                                 "herd.describe(name)" % owner.__name__)
        return describe(owner.game)


class Game:
    """A game: a libherd handle (herd_game) and the generic API of herd.h.

    ``Game(name, options=None, **kw)`` creates the game `name` ("horses",
    "hex", ...) with the options of the herd program's `new` command, as
    keywords (``Game("horses", w=10, h=8, seed=3)``) and/or as one text
    ("w=10 h=8") or a mapping ({"w": 10, "h": 8}), given second (first to a
    game's own class: ``Horses("w=10")``) or as ``options=``; herd.games()
    lists the games and their options, and the library checks them (its
    message is the exception's). The result is an instance of the game's
    own class (Horses, Hex, ...) when it has one.

    Moves are Move values (``str(move)`` is the protocol's text, ``int(move)``
    the library's integer); every method that takes a move also takes its
    text or integer. ``str(game)`` draws the board as text and
    ``game._repr_svg_()`` as SVG (Jupyter shows it).

    close() frees the handle (so does leaving a `with` block, or garbage
    collection); every later call raises GameClosedError, a ValueError.
    """

    game: ClassVar[Optional[str]] = None  # the game name a subclass is for
    #: The library's description of the game: its options (keys, allowed
    #: values, defaults), levels and bounds (herd.describe(name)).
    description = _Description()
    # herd.svg(selected=CELL) rings a piece: games with pieces that move set
    # it, and their at(cell) checks the cell.
    _SVG_SELECTS: ClassVar[bool] = False

    _h: Optional[int]
    _lib: Library

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.game is not None:
            _CLASSES[cls.game] = cls

    def __new__(cls, name: Optional[str] = None, options: OptionsLike = None, /, **kw: Any):
        if cls.game is None and name in _CLASSES and issubclass(_CLASSES[name], cls):
            cls = _CLASSES[name]  # type: ignore[index]  # Game("hare"), Hunt("hare")
        elif cls is not Game and cls.game is None:
            raise TypeError("%s is a family of games, not a game: name one of %s"
                            % (cls.__name__, ", ".join(sorted(
                                n for n, c in _CLASSES.items() if issubclass(c, cls)))))
        return super().__new__(cls)

    def __init__(self, name: Optional[str] = None, options: OptionsLike = None, /,
                 **kw: Any) -> None:
        self._h = None
        self._lock = threading.RLock()
        # Re-entrant: interrupt() may run in a signal handler of the thread
        # that holds it in close().
        self._handle_lock = threading.RLock()
        if (self.game is not None and options is None
                and (isinstance(name, Mapping) or (isinstance(name, str) and "=" in name))):
            name, options = None, name  # Horses("w=10"), Horses({"w": 10}): no name has '='
        if name is None:
            name = self.game
        if name is None:
            raise TypeError("Game() needs the game's name")
        if self.game is not None and name != self.game:
            raise ArgumentError(C.E_ARG, "%s is the game %s, not %s"
                                % (type(self).__name__, self.game, name))
        lib = library()
        text = _options_text(options, kw, name)
        handle = C.game_p()
        err = C.herd_error()
        rc = lib.c.herd_new(encode(name, "the game's name"), encode(text, "the options"), None,
                            None, byref(handle), byref(err))
        if rc != C.OK:
            raise creation_error(lib, rc, err.message.decode(errors="replace"), name)
        assert handle.value is not None
        self._adopt(lib, handle.value)

    def _adopt(self, lib: Library, handle: int) -> None:
        self._lib = lib
        self._h = handle
        with _live_lock:
            _live[0] += 1
        self._counted = [True]
        self._finalizer = weakref.finalize(self, _free, lib.c.herd_free, handle, self._counted)

    @classmethod
    def _wrap(cls, lib: Library, handle: int) -> "Game":
        name = lib.c.herd_game_name(handle).decode()
        self = object.__new__(_CLASSES.get(name, Game))
        self._lock = threading.RLock()
        self._handle_lock = threading.RLock()
        self._adopt(lib, handle)
        return self

    @classmethod
    def from_position(cls: Type[G], text: str) -> G:
        """A game of the kind the position text names (its first word), created
        with the default options and then set to `text`."""
        encode(text, "the position")
        name = text.split(" ", 1)[0]
        if cls.game is not None and name != cls.game:
            raise ParseError(C.E_PARSE, "%s reads %s positions, not %r"
                             % (cls.__name__, cls.game, name))
        g = Game(name)
        try:
            g.set_position(text)
        except BaseException:
            g.close()
            raise
        return g  # type: ignore[return-value]

    # ----------------------------------------------------------- lifetime

    def close(self) -> None:
        """Ends the game's use, after any call in flight in another thread
        has returned: every later call raises GameClosedError, and the
        handle is freed (herd_free). A game with a history frees its tables
        at once and keeps the rest, which moves and last_move still read,
        until they are read or the object is collected: naming every action
        at close would cost more than playing them. Closing again is
        harmless."""
        with self._lock, self._handle_lock:
            h = self._h
            if h is None:
                return
            self._h = None
            _uncount(self._counted)
            if self._lib.c.herd_history_length(h):
                # moves stays readable: the handle is kept, without its
                # tables, until moves is read or this object is collected
                # (naming the history here would cost more than the game).
                drop = self._lib.__dict__.get("_drop_tables")
                if drop is None:
                    drop = self._lib._drop_tables = (
                        self._lib.c.herd_set_memory_limit
                        if "herd_set_memory_limit" not in self._lib.missing else False)
                if drop:
                    drop(h, 0)
                self._closed_history = h
            else:
                self._finalizer()

    @property
    def closed(self) -> bool:
        """True once close() has freed the game."""
        return self._h is None

    def __enter__(self: G) -> G:
        with self._using():
            return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @contextmanager
    def _using(self) -> Iterator[int]:
        """Holds the game's lock and gives the handle; GameClosedError when
        the game is closed."""
        with self._lock:
            h = self._h
            if h is None:
                raise GameClosedError()
            yield h

    def clone(self: G) -> G:
        """An independent copy, history and generator included (herd_clone)."""
        out = C.game_p()
        with self._using() as h:
            self._const(self._lib.c.herd_clone(h, None, None, byref(out)))
            assert out.value is not None
            copy = Game._wrap(self._lib, out.value)
            if "_record_base" in self.__dict__:
                copy._record_base = self._record_base
        return copy  # type: ignore[return-value]

    def __copy__(self: G) -> G:
        """clone()."""
        return self.clone()

    def __deepcopy__(self: G, memo: Any) -> G:
        """clone()."""
        return self.clone()

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickles the game as its save and its memory limit (save(): the
        undo history and the moves list are not kept), so that a worker that
        receives it (multiprocessing, Dask) keeps to the caller's limit."""
        if "herd_memory_limit" in self._lib.missing:
            return _from_save, (self.save(),)
        return _from_save, (self.save(), self.memory_limit)

    def __eq__(self, other: object) -> bool:
        """Same position, side to act, status and generator state
        (herd_same_position; histories are not compared)."""
        if not isinstance(other, Game):
            return NotImplemented
        if other is self:
            with self._using():
                return True
        first, second = sorted((self, other), key=id)  # one order: no deadlock
        with first._using() as a, second._using() as b:
            return bool(self._lib.c.herd_same_position(a, b))

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is no key

    def __repr__(self) -> str:
        with self._lock:
            if self._h is None:
                return "<herd.%s closed>" % type(self).__name__
            return "<herd.%s %s>" % (type(self).__name__, self.position)

    def __str__(self) -> str:
        """The board drawn as text (herd_show)."""
        return self.show()

    def _repr_svg_(self) -> str:
        """The board as SVG, with the last move marked (Jupyter calls this)."""
        from ._svg import svg
        return svg(self, lastmove=self.last_move)

    # ------------------------------------------------------------ errors

    def _check(self, h: int, rc: int) -> int:
        """After a call that takes the handle non-const: its message."""
        if rc < 0:
            message = self._lib.c.herd_last_error(h).decode(errors="replace")
            raise error_for(rc, self._own_words(message), self._lib.strerror(rc))
        return rc

    # The C calls that the library's messages name, by the methods that
    # make them here (a game's class adds its own).
    _METHOD_OF: ClassVar[Dict[str, str]] = {}

    def _own_words(self, message: str) -> str:
        """A library message with the C calls it names given as this
        package's methods ("Fox.set_solve_limit()")."""
        for call, method in self._METHOD_OF.items():
            message = message.replace(call, method)
        return message

    def _const(self, rc: int, message: Optional[str] = None) -> int:
        """After a call that takes the handle const: it leaves no message."""
        if rc < 0:
            raise error_for(rc, message, self._lib.strerror(rc))
        return rc

    def _get_int(self, fn: Any, *args: Any, message: Optional[str] = None) -> int:
        """Calls a typed getter (g, *args, int *out) and returns the int."""
        out = c_int()
        with self._using() as h:
            self._const(fn(h, *args, byref(out)), message)
        return out.value

    def _text(self, fn: Any, *args: Any) -> str:
        """Calls a text writer (g, *args, buf, cap, len): asks the length
        first with cap 0, then writes into a buffer of that size."""
        n = c_size_t()
        with self._using() as h:
            rc = fn(h, *args, None, 0, byref(n))
            if rc == C.OK:
                return ""
            if rc != C.E_BUFFER:
                self._const(rc)
            buf = create_string_buffer(n.value + 1)
            self._const(fn(h, *args, buf, n.value + 1, byref(n)))
        return buf.value.decode()

    def side(self, side: SideLike) -> Side:
        """The Side of this game that `side` names: 0, 1, a Side or a name."""
        return self.sides[side_index(self.sides, side, self.name)]

    def _side(self, side: SideLike) -> int:
        return side_index(self.sides, side, self.name)

    # --------------------------------------------------------- the game

    @property
    def name(self) -> str:
        """The game's name, as Game() takes it: "horses", "hex", ..."""
        with self._using() as h:
            return self._lib.c.herd_game_name(h).decode()

    @property
    def sides(self) -> Tuple[Side, Side]:
        """Side 0 (acts first) and side 1."""
        with self._using() as h:
            a, b = (self._lib.c.herd_side_name(h, s).decode() for s in (0, 1))
        return Side(a), Side(b)

    @property
    def position(self) -> str:
        """The position text of protocol.md (herd_position_to_text)."""
        return self._text(self._lib.c.herd_position_to_text)

    def options_text(self) -> str:
        """The options the game was made with, as Game(name, options) takes
        them: every option of its description, e.g. "w=10 h=8 n=6 seed=7"
        (herd_game_options_text)."""
        return self._text(self._lib.c.herd_game_options_text)

    def set_position(self, text: str) -> None:
        """Reads a position text of this game; clears the history, keeps the
        generator going (herd_position_from_text)."""
        data = encode(text, "the position")
        with self._using() as h:
            self._check(h, self._lib.c.herd_position_from_text(h, data))
            self.__dict__.pop("_record_base", None)  # another game now

    def save(self) -> str:
        """The saved game, one line that load() turns back into exactly this
        game, generator and computer-player memory included (herd_save)."""
        return self._text(self._lib.c.herd_save)

    def load(self, text: str) -> None:
        """Replaces this game with a save of the same game; clears the history
        (herd_load). Game.from_save() opens a save of any game."""
        data = encode(text, "the save")
        with self._using() as h:
            rc = self._lib.c.herd_load(h, data)
            if rc == C.E_PARSE:
                message = self._lib.c.herd_last_error(h).decode(errors="replace")
                raise ParseError(rc, _save_fault(text, message))
            self._check(h, rc)
            self.__dict__.pop("_record_base", None)

    @classmethod
    def from_save(cls: Type[G], text: str) -> G:
        """A game of the kind the save names (its first word), loaded from it."""
        encode(text, "the save")
        name = text.split(" ", 1)[0]
        if cls.game is not None and name != cls.game:
            raise ParseError(C.E_PARSE, "%s loads %s saves, not %r"
                             % (cls.__name__, cls.game, name))
        g = Game(name)
        try:
            g.load(text)
        except BaseException:
            g.close()
            raise
        return g  # type: ignore[return-value]

    def show(self) -> str:
        """The board drawn over several lines (herd_show)."""
        return self._text(self._lib.c.herd_show)

    @property
    def result_text(self) -> str:
        """How the game ended, in words, as players read it ("Red has no
        move left: Green wins"); "" while it goes on (herd_result_text)."""
        return self._text(self._lib.c.herd_result_text)

    @property
    def status(self) -> Status:
        """Status(result, side, reason) (herd_get_status)."""
        st = C.herd_status()
        with self._using() as h:
            self._const(self._lib.c.herd_get_status(h, byref(st)))
        return status_of(self._lib, self.sides, st)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (won or drawn): the result of
        herd_get_status alone, without naming the side and reason as status
        does."""
        st = getattr(_buffers, "status", None)
        if st is None:
            st = _buffers.status = C.herd_status()
            _buffers.status_ref = byref(st)
        with self._lock:
            h = self._h
            if h is None:
                raise GameClosedError()
            rc = self._lib.c.herd_get_status(h, _buffers.status_ref)
            if rc:
                self._const(rc)
            return st.result != C.ONGOING

    @property
    def side_to_move(self) -> Optional[Side]:
        """The side to act, None once the game is over."""
        st = self.status
        return st.side if st.result is Result.ONGOING else None

    @property
    def max_level(self) -> int:
        """The highest level genmove() takes (herd_max_level)."""
        with self._using() as h:
            return self._lib.c.herd_max_level(h)

    @property
    def levels(self) -> Dict[int, str]:
        """The computer player's levels, {1: "random", ...} (herd_level_name)."""
        fn = self._lib.c.herd_level_name
        out: Dict[int, str] = {}
        name, description = C.c_char_p(), C.c_char_p()
        with self._using() as h:
            for level in range(1, self._lib.c.herd_max_level(h) + 1):
                self._const(fn(h, level, byref(name), byref(description)))
                out[level] = (name.value or b"").decode()
        return out

    @property
    def history_length(self) -> int:
        """The number of actions undo() can take back now."""
        with self._using() as h:
            return self._lib.c.herd_history_length(h)

    @property
    def moves(self) -> List[Move]:
        """The actions of the undo history, oldest first: those played since
        the game was created, loaded or its position set, chance outcomes
        included, as many as undo() can take back (herd_history_move). A
        closed game keeps those it had."""
        with self._lock:
            h = self._h
            return self._history(h) if h is not None else list(self._closed_moves())

    @property
    def last_move(self) -> Optional[Move]:
        """The last action of the undo history, None when it holds none."""
        with self._lock:
            h = self._h
            if h is None:
                closed = self._closed_moves()
                return closed[-1] if closed else None
            n = self._lib.c.herd_history_length(h)
            return self.history_move(n - 1) if n else None

    def history_move(self, i: int) -> Move:
        """Action `i` of the undo history: 0 the oldest, history_length - 1
        the last played (herd_history_move). ArgumentError naming the range
        for an `i` outside it."""
        with self._using() as h:
            return self._history_at(h, self._history_index(h, i))

    def history_side(self, i: int) -> Tuple[Side, bool]:
        """Who took action `i` of the undo history: the side that was to act
        before it, and True for a chance event's outcome (herd_history_side).
        ArgumentError as history_move()."""
        side, chance = c_int(), c_int()
        with self._using() as h:
            i = self._history_index(h, i)
            self._const(self._lib.c.herd_history_side(h, i, byref(side), byref(chance)))
        return self.sides[side.value], bool(chance.value)

    def _history_index(self, h: int, i: Any) -> int:
        """`i` checked against the history's range 0..history_length-1."""
        i = as_int(i, "the history index")
        n = self._lib.c.herd_history_length(h)
        if not 0 <= i < n:
            raise ArgumentError(C.E_ARG, "history index %d is out of range 0..%d" % (i, n - 1)
                                if n else "history index %d: the history is empty" % i)
        return i

    def _closed_moves(self) -> List[Move]:
        """The history of a closed game: named from the handle that close()
        kept the first time it is asked for, the handle then freed."""
        kept = self.__dict__.get("_closed_history")
        if kept is None:
            return []
        if not isinstance(kept, list):
            kept = self._closed_history = self._history(kept)
            self._finalizer()
        return kept

    def _history_at(self, h: int, i: int) -> Move:
        m = C.herd_move()
        self._const(self._lib.c.herd_history_move(h, i, byref(m)))
        return self._to_move_lenient(h, m.value)

    def _history(self, h: int) -> List[Move]:
        return [self._history_at(h, i) for i in range(self._lib.c.herd_history_length(h))]

    # ------------------------------------------------------------ moves

    def _to_move(self, h: int, value: int, what: Optional[str] = None) -> Move:
        """The Move of an integer; ArgumentError "V is not a move of GAME"
        (`what` for V: an action names its number) for one no move has: the
        one wording for a value that stands for no move."""
        text = self._named(h, value)
        if text is None:
            raise ArgumentError(C.E_ARG, "%s is not a move of %s" % (what or value, self.name))
        return Move(value, text)

    def _named(self, h: int, value: int) -> Optional[str]:
        """The text of a value in this game (herd_move_to_text), None for
        one that no move of the game has (the call is const and leaves no
        message: its E_ARG says so)."""
        n = c_size_t()
        buf = create_string_buffer(C.MAX_MOVE_TEXT)
        rc = self._lib.c.herd_move_to_text(h, value, buf, C.MAX_MOVE_TEXT, byref(n))
        if rc == C.E_ARG:
            return None
        self._const(rc)
        return buf.value.decode()

    def _move_text_of(self, h: int, value: int) -> str:
        """The text of a value in this game: protocol.md's, or "#" and the
        integer for a value that no text names."""
        text = self._named(h, value)
        return "#%d" % value if text is None else text

    def _value(self, h: int, move: MoveLike) -> int:
        """The integer of a Move, a text or an int (0..2^64-1). A Move must be
        one of this game's: its text the text of its value here, so that a
        Move made by hand or by another game is never read as some other
        move."""
        if isinstance(move, Move):
            if not 0 <= move.value <= C.UINT64_MAX:
                raise ArgumentError(C.E_ARG, "%r is no move: a move is a 64-bit unsigned value"
                                    % (move,))
            text = self._move_text_of(h, move.value)
            if text != move.text:
                raise ArgumentError(C.E_ARG, "%r is not a move of %s: its value is %r here"
                                    % (move, self.name, text))
            return move.value
        if isinstance(move, str):
            m = C.herd_move()
            self._check(h, self._lib.c.herd_move_from_text(h, encode(move, "a move"), byref(m)))
            return m.value
        if isinstance(move, bool) or not isinstance(move, int):
            raise TypeError("a move is a Move, a text or an int, not %s"
                            % type(move).__name__)
        if not 0 <= move <= C.UINT64_MAX:
            raise ArgumentError(C.E_ARG, "%d is no move: a move is a 64-bit unsigned value"
                                % move)
        return self._to_move(h, move).value  # one that stands for no move says so

    def parse_move(self, move: MoveLike) -> Move:
        """The Move that an action text (or an integer, or a Move) names;
        checks the syntax and the cells, not legality (herd_move_from_text)."""
        with self._using() as h:
            return self._to_move(h, self._value(h, move))

    def move_text(self, move: MoveLike) -> str:
        """The action text of a move (herd_move_to_text)."""
        return self.parse_move(move).text

    def _legal_values(self, h: int) -> List[int]:
        cap = self._lib.c.herd_max_moves(h)
        buf = (C.herd_move * cap)()
        n = c_size_t()
        self._const(self._lib.c.herd_legal_moves(h, buf, cap, byref(n)))
        return buf[:n.value]

    def legal(self) -> List[Move]:
        """The legal actions, in the library's generation order; at a chance
        event, its outcomes, each once whatever its weight (hex's 1,1 is as
        likely as 1,2 in a random choice of them, where the dice give it half
        as often: roll() draws by the weights, chance_outcomes() gives them);
        none once the game is over."""
        with self._using() as h:
            return [self._to_move(h, m) for m in self._legal_values(h)]

    def legal_texts(self) -> List[str]:
        """The texts of the legal actions, sorted in byte order (the herd
        program's `legal`)."""
        return sorted((m.text for m in self.legal()), key=str.encode)

    def is_legal(self, move: MoveLike) -> bool:
        """True when the move is legal now; False also for a text that names
        no move. ArgumentError for an integer that stands for no move of the
        game ("12345 is not a move of horses"), as play() says it."""
        with self._using() as h:
            try:
                value = self._value(h, move)
            except (ParseError, ArgumentError):
                if isinstance(move, str):
                    return False
                raise
            return bool(self._lib.c.herd_is_legal(h, value))

    def play(self, move: MoveLike) -> Move:
        """Plays a move (a Move, its text or its integer) after checking it
        (herd_apply); returns it. IllegalMoveError where the rules forbid it,
        StateError once the game is over; ArgumentError for an integer that
        stands for no move of the game, as every method that takes a move
        says it ("12345 is not a move of horses")."""
        with self._using() as h:
            m = self._to_move_checked(h, move)
            self._check(h, self._lib.c.herd_apply(h, m.value))
        return m

    def _to_move_checked(self, h: int, move: MoveLike) -> Move:
        if isinstance(move, Move):
            self._value(h, move)
            return move
        return self._to_move_lenient(h, self._value(h, move))

    def _to_move_lenient(self, h: int, value: int) -> Move:
        """A Move also for a value that has no text (an action of no game, a
        jump to a cell off the board that no name can name): its text is then
        "#" and the integer. herd_apply() refuses such a value with its message."""
        return Move(value, self._move_text_of(h, value))

    def push(self, move: MoveLike) -> Move:
        """play(), by python-chess's name."""
        return self.play(move)

    def undo(self) -> Optional[Move]:
        """Takes back the last action (a move, a roll or a computer's move)
        and returns it; or the players' ending (resign(), ...), which comes
        first and alone, and returns None. StateError when there is nothing
        to undo."""
        with self._using() as h:
            n = self._lib.c.herd_history_length(h)
            last = self._history_at(h, n - 1) if n and not self._ended_by_players(h) else None
            self._check(h, self._lib.c.herd_undo(h))
            return last

    def _ended_by_players(self, h: int) -> bool:
        """True when the game stands ended by herd_end()."""
        st = C.herd_status()
        self._lib.c.herd_get_status(h, byref(st))
        return st.result != C.ONGOING and self._lib.c.herd_reason_name(st.reason) in _PLAYERS


    def undo_turn(self, side: SideLike) -> None:
        """Undo in a game against the computer: takes back the computer's reply
        and `side`'s whole latest turn, so that `side` is to act again
        (herd_undo_turn). StateError when the history holds no such turn."""
        s = self._side(side)
        with self._using() as h:
            self._check(h, self._lib.c.herd_undo_turn(h, s))

    def perft(self, depth: int) -> int:
        """The number of action sequences of length `depth` (0..64) from here."""
        depth = check_int(depth, "perft depth", 0, MAX_PERFT_DEPTH)
        nodes = c_uint64()
        with self._using() as h:
            self._check(h, self._lib.c.herd_perft(h, depth, byref(nodes)))
        return nodes.value

    def interrupt(self) -> None:
        """Asks the long call running on this game in another thread (perft(),
        or genmove(), play_genmove() and hint() at a level that searches) to
        stop: it then raises WorkInterruptedError at its next node or
        playout, with the game unchanged (herd_interrupt). Returns at once,
        without waiting for the call. A request made while no long call runs
        stops the next one at its start, whichever it is: hint() at a level
        that searches uses it up as genmove() does, so a request meant for a
        genmove() must not be made before a hint(). A call that does not
        search (hint() or genmove() at a level that does not, play(), ...)
        leaves it pending. GameClosedError once the game is closed."""
        with self._handle_lock:
            h = self._h
            if h is None:
                raise GameClosedError()
            self._lib.c.herd_interrupt(h)

    def solve(self) -> Solution:
        """The exact value of the position (herd_solve): Solution(winner,
        plies), the side that wins with perfect play and the actions to the
        end when the winner hurries and the loser delays; an ended game gives
        its winner and 0. The first call builds the game's table. Only the
        positions the library solves (hare, and fox positions within
        Fox.set_solve_limit() without sideways steps) answer:
        UnsupportedError for the others."""
        winner, plies = c_int(), c_uint()
        with self._using() as h:
            self._check(h, self._lib.c.herd_solve(h, byref(winner), byref(plies)))
        return Solution(self.sides[winner.value], plies.value)

    # --------------------------------------------------------- computers

    def _level(self, level: LevelLike) -> int:
        """A level (a number or a name) for a C int: one beyond its range is
        refused here, as the library refuses the others it does not have."""
        level = level_of(level, self.levels, self.name)
        try:
            return check_int(level, "level", C.INT_MIN, C.INT_MAX, OptionRangeError)
        except OptionRangeError:
            raise OptionRangeError(C.E_RANGE, "level %d is out of range 0..%d"
                                   % (level, self.max_level)) from None

    def genmove(self, level: LevelLike = 0) -> Move:
        """The action the computer player chooses at `level` (0: the default;
        a number or a name of `levels`, "expert"; every method that takes a
        level takes either); not played, but the game's generator moves on
        (herd_genmove)."""
        m = C.herd_move()
        level = self._level(level)
        with self._using() as h:
            self._check(h, self._lib.c.herd_genmove(h, level, byref(m)))
            return self._to_move(h, m.value)

    def play_genmove(self, level: LevelLike = 0) -> Move:
        """Lets the computer player choose and plays the choice; returns it.
        undo() takes back the move and the generator's draws."""
        m = C.herd_move()
        level = self._level(level)
        with self._using() as h:
            self._check(h, self._lib.c.herd_play_genmove(h, level, byref(m)))
            move = self._to_move(h, m.value)
        return move

    def hint(self, level: LevelLike = 0) -> Move:
        """The action the computer player would choose now at `level`, changing
        nothing: neither the position, nor the generator, nor the history
        (herd_hint). Level 0 is the game's default level, which for horses and
        hare is the random player: for advice ask hint(self.max_level). At a
        level that searches, interrupt() stops it as it stops genmove()."""
        level = self._level(level)
        m = C.herd_move()
        with self._using() as h:
            rc = self._lib.c.herd_hint(h, level, byref(m))
            if rc:
                self._const(rc, self._hint_refusal(h, rc, level))
            return self._to_move(h, m.value)

    def _hint_refusal(self, h: int, rc: int, level: int) -> Optional[str]:
        """The message of a refused herd_hint(), which is const and leaves
        none: the one genmove() leaves on a clone, which refuses for the same
        reasons before any work (what needs how much memory, the level's
        range, a game over), as JavaScript's hint() says it."""
        if rc == C.E_INTERRUPTED:
            return None
        copy = C.game_p()
        if self._lib.c.herd_clone(h, None, None, byref(copy)) != C.OK:
            return None
        try:
            m = C.herd_move()
            if self._lib.c.herd_genmove(copy.value, level, byref(m)) == C.OK:
                return None
            return self._own_words(self._lib.c.herd_last_error(copy.value)
                                   .decode(errors="replace"))
        finally:
            self._lib.c.herd_free(copy.value)

    # ------------------------------------------------- endings, records

    def _end(self, reason: str, side: int) -> None:
        """herd_end() with the herd_reason the library names `reason`."""
        fn = self._ai("herd_end")
        codes = self._lib.__dict__.get("_reason_codes")
        if codes is None:
            codes = self._lib._reason_codes = {}
            name = self._lib.c.herd_reason_name
            while name(len(codes)) is not None:
                codes[name(len(codes)).decode()] = len(codes)
        with self._using() as h:
            self._check(h, fn(h, codes[reason], side))

    def resign(self, side: SideLike) -> None:
        """`side` resigns: the other side wins, Reason.RESIGNED (herd_end).
        Either side may, at any moment of a game that goes on; undo() takes
        it back first, as a step of its own. StateError once the game is
        over."""
        self._end("resigned", self._side(side))

    def time_out(self, side: SideLike) -> None:
        """`side`'s time ran out: the other side wins, Reason.TIME
        (herd_end); as resign()."""
        self._end("time", self._side(side))

    def agree_draw(self) -> None:
        """Both players agree a draw: Result.DRAW, Reason.AGREED (herd_end);
        as resign()."""
        self._end("agreed", -1)

    def abandon(self) -> None:
        """Ends the game without a result: Result.OVER, Reason.ABANDONED
        (herd_end); as resign()."""
        self._end("abandoned", -1)

    def record(self, **tags: Any) -> "Record":
        """The record of the game's history (docs/records.md): from the
        first position the history holds to now, every action, how it ended
        (herd_record_from_game). Keywords are tags: a side's name gives its
        player (``g.record(green="Ann", red="herd level 3")``, the tag
        Green, Red, ...), the others as records.md spells them (Event,
        Site, Date as "YYYY.MM.DD" or a datetime.date, TimeControl "S+I",
        or a tag of your own: a capital letter, then letters and digits,
        such as Round); None leaves one out. Any other keyword (``hound=``,
        ``event=``) raises ArgumentError listing the tags, before anything
        is made. A game that
        Record.game() gave keeps that record's tags, comments and clocks of
        the plies it still shares with it."""
        from ._record import Record, tag_key, tag_value
        sides = tuple(s.value for s in self.sides)
        # Every keyword checked before the record is made: a refusal makes nothing.
        tags = {tag_key(key, sides): tag_value(key, value) for key, value in tags.items()}
        fn = self._ai("herd_record_from_game")
        base = self.__dict__.get("_record_base")
        out = C.record_p()
        with self._using() as h:
            if base is not None:
                with base._using() as bh:
                    rc = fn(h, bh, None, None, byref(out))
            else:
                rc = fn(h, None, None, None, byref(out))
            self._const(rc)
        r = Record._wrap(self._lib, out.value)
        for key, value in tags.items():
            r._set_tag(key, value)
        return r

    # ------------------------------------------------------------ memory

    @property
    def memory_limit(self) -> Optional[int]:
        """The most bytes that this game's tables and the work area of one
        call (a search, a table that solve() or a `perfect` level builds,
        perft()) may hold at once; None, the default, for no limit
        (herd_set_memory_limit). A call that needs more (memory_needed())
        raises OutOfMemoryError, saying what needs how much, and changes
        nothing. Setting a limit below the tables the game keeps frees them.
        clone() copies it."""
        with self._using() as h:
            limit = self._ai("herd_memory_limit")(h)
        return None if limit == C.SIZE_MAX else limit

    @memory_limit.setter
    def memory_limit(self, limit: Optional[int]) -> None:
        bytes_ = C.SIZE_MAX if limit is None else check_int(limit, "memory limit", 0, C.SIZE_MAX)
        with self._using() as h:
            self._check(h, self._ai("herd_set_memory_limit")(h, bytes_))

    def memory_needed(self, level: LevelLike = 0) -> int:
        """The bytes that genmove(level) would hold at its peak here, the
        tables the game keeps included (herd_memory_needed): what
        memory_limit is compared with; 0 for a level that allocates nothing.
        herd.MEMORY_SOLVE as the level asks for solve()'s need
        (UnsupportedError for a game that solve() does not answer).
        StateError, OptionRangeError as genmove()."""
        level = self._level(level)
        n = c_size_t()
        with self._using() as h:
            rc = self._ai("herd_memory_needed")(h, level, byref(n))
            if rc == C.E_RANGE:
                self._const(rc, "level %d is out of range 0..%d" % (level, self.max_level))
            self._const(rc)
        return n.value

    # ------------------------------------------------------------ chance

    @property
    def is_chance(self) -> bool:
        """True when a chance event (the hex dice) waits."""
        with self._using() as h:
            return bool(self._lib.c.herd_is_chance(h))

    def chance_outcomes(self) -> List[Tuple[Move, float]]:
        """The pending chance event's outcomes as (Move, probability) pairs in
        the library's order; the probabilities sum to one. StateError when no
        chance event waits."""
        with self._using() as h:
            cap = self._lib.c.herd_max_moves(h)
            outcomes = (C.herd_move * cap)()
            probs = (c_double * cap)()
            n = c_size_t()
            rc = self._lib.c.herd_chance_outcomes(h, outcomes, probs, cap, byref(n))
            self._const(rc, "no chance event waits" if rc == C.E_STATE else None)
            return [(self._to_move(h, outcomes[i]), probs[i]) for i in range(n.value)]

    def roll(self) -> Move:
        """Draws the chance event's outcome with the game's generator, plays it
        and returns it (herd_roll). StateError when no chance event waits."""
        m = C.herd_move()
        with self._using() as h:
            self._check(h, self._lib.c.herd_roll(h, byref(m)))
            move = self._to_move(h, m.value)
        return move

    # ------------------------------------------------- for game-AI programs
    #
    # A fixed action space of numbers 0..num_actions-1, masks, observations
    # and batched playouts (herd.h's group "Actions, observations and
    # playouts"), without the texts: the fast paths that herd.spiel and
    # herd.env are built on.

    def _ai(self, name: str) -> Any:
        """The C function `name` of that group: UnsupportedError when the
        loaded library is older than it."""
        lib = self._lib
        if name in lib.missing:
            lib.function(name)  # raises UnsupportedError, naming it
        return getattr(lib.c, name)

    def _handle(self) -> int:
        """The handle, for a call made under self._lock."""
        h = self._h
        if h is None:
            raise GameClosedError()
        return h

    def _fast(self) -> Tuple[Any, Any]:
        """herd_legal_actions and herd_apply_action, looked up once per
        library (the loop of a playout calls them at every action)."""
        fast = self._lib.__dict__.get("_fast_paths")
        if fast is None:
            fast = self._lib._fast_paths = (self._ai("herd_legal_actions"),
                                            self._ai("herd_apply_action"))
        return fast

    def _action_number(self, action: Any, what: str) -> int:
        """`action` as an int (TypeError for another type); ArgumentError
        naming the game's range 0..num_actions-1 for one beyond size_t."""
        number = as_int(action, what)
        if not 0 <= number <= _SIZE_MAX:
            raise ArgumentError(C.E_ARG, not_an_action(number, self.name, self.num_actions))
        return number

    @property
    def num_actions(self) -> int:
        """The size N of the game's action space: actions are the numbers
        0..N-1, fixed by the options (herd_num_actions)."""
        fn = self._ai("herd_num_actions")
        with self._using() as h:
            return fn(h)

    def legal_actions(self) -> List[int]:
        """The numbers of the legal actions in ascending order; at a chance
        event, of its outcomes; none once the game is over
        (herd_legal_actions)."""
        fn = (self._lib.__dict__.get("_fast_paths") or self._fast())[0]
        buf, address, count, count_ref = getattr(_buffers, "actions", None) or _actions_buffer()
        with self._lock:
            h = self._h
            if h is None:
                raise GameClosedError()
            rc = fn(h, address, C.MAX_MOVES, count_ref)
            if rc:
                self._const(rc)
            return buf[:count.value].tolist()

    def legal_mask(self, numpy: bool = False) -> Any:
        """The legal actions as num_actions bytes, 1 for a legal action and 0
        for the others (herd_legal_mask); a numpy array of uint8 with
        numpy=True."""
        fn = self._ai("herd_legal_mask")
        with self._lock:
            h = self._handle()
            n = self._ai("herd_num_actions")(h)
            buf = create_string_buffer(n)
            self._const(fn(h, buf, n, None))
            mask = buf.raw
        if numpy:
            np = require_numpy("legal_mask(numpy=True)")
            return np.frombuffer(mask, dtype=np.uint8).copy()
        return mask

    def apply_action(self, action: int) -> None:
        """Plays the action numbered `action` after checking it, as play()
        does (herd_apply_action): IllegalMoveError where the rules forbid it,
        ArgumentError for a number outside 0..num_actions-1. moves, last_move
        and undo() give it as a Move, named when read."""
        fn = (self._lib.__dict__.get("_fast_paths") or self._fast())[1]
        if type(action) is not int or action < 0 or action > _SIZE_MAX:
            action = self._action_number(action, "action")
        with self._lock:
            h = self._h
            if h is None:
                raise GameClosedError()
            rc = fn(h, action)
            if rc:
                self._action_refused(h, action, rc)

    def _action_refused(self, h: int, action: int, rc: int) -> None:
        """Raises for an action that herd_apply_action refused with `rc`: one
        out of range says so (ArgumentError); one in range that stands for
        no move of the game (a jump off the board) is illegal, said as
        parse_move() says it of such a move; else the library's error."""
        if rc == C.E_RANGE:
            raise ArgumentError(C.E_ARG, not_an_action(action, self.name,
                                                       self._ai("herd_num_actions")(h)))
        m = C.herd_move()
        if rc == C.E_ILLEGAL and self._ai("herd_action_to_move")(h, action, byref(m)) == C.OK:
            try:
                self._to_move(h, m.value, "action %d" % action)
            except ArgumentError as e:
                raise IllegalMoveError(C.E_ILLEGAL, e.message) from None
        self._check(h, rc)

    def move_to_action(self, move: MoveLike) -> int:
        """The action of a move (a Move, its text or its integer): its number
        in the action space; it need not be legal now (herd_move_to_action)."""
        fn = self._ai("herd_move_to_action")
        out = c_size_t()
        with self._using() as h:
            value = self._value(h, move)
            rc = fn(h, value, byref(out))
            if rc == C.E_ARG:
                shown = move.text if isinstance(move, Move) else move
                raise ArgumentError(C.E_ARG, not_an_action(shown, self.name,
                                                           self._ai("herd_num_actions")(h)))
            self._const(rc)
        return out.value

    def action_to_move(self, action: int) -> Move:
        """The Move that an action number stands for (herd_action_to_move).
        Some numbers stand for moves that are never legal, such as a jump off
        the board; their text is then "#" and the integer when no cell name
        can name them."""
        fn = self._ai("herd_action_to_move")
        action = self._action_number(action, "action")
        m = C.herd_move()
        with self._using() as h:
            rc = fn(h, action, byref(m))
            if rc == C.E_RANGE:
                raise ArgumentError(C.E_ARG, not_an_action(action, self.name,
                                                           self._ai("herd_num_actions")(h)))
            self._const(rc)
            return self._to_move_lenient(h, m.value)

    def action_index(self, move: MoveLike) -> int:
        """move_to_action() under its 0.x name.

        .. deprecated:: 1.0
           Use move_to_action(); the name stays until version 2.0."""
        _deprecated("Game.action_index()", "Game.move_to_action()")
        return self.move_to_action(move)

    def action_move(self, action: int) -> Move:
        """action_to_move() under its 0.x name.

        .. deprecated:: 1.0
           Use action_to_move(); the name stays until version 2.0."""
        _deprecated("Game.action_move()", "Game.action_to_move()")
        return self.action_to_move(action)

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """(planes, rows, columns) of observation() (herd_observation_shape)."""
        fn = self._ai("herd_observation_shape")
        shape = (c_size_t * 3)()
        with self._using() as h:
            self._const(fn(h, shape))
        return shape[0], shape[1], shape[2]

    def observation(self, side: SideLike, numpy: bool = False) -> Any:
        """The position from `side`'s point of view as planes x rows x columns
        floats (observation_shape), plane by plane and row by row: a flat
        array('f'), or with numpy=True a float32 numpy array of that shape
        (ImportError when numpy is not importable). Each game's page draws
        its planes (herd_observation)."""
        fn = self._ai("herd_observation")
        s = self._side(side)
        planes, rows, cols = self.observation_shape
        buf = array("f", bytes(4 * planes * rows * cols))
        with self._lock:
            h = self._handle()
            self._const(fn(h, s, buf.buffer_info()[0], len(buf), None))
        if numpy:
            np = require_numpy("observation(numpy=True)")
            return np.frombuffer(buf, dtype="float32").reshape(planes, rows, cols)
        return buf

    def playouts(self, n: int, level: LevelLike = 0, seed: int = 0,
                 max_length: int = 0) -> "Playouts":
        """Plays `n` games from here to their end, both sides at `level`, and
        counts their results, changing nothing (herd_playouts): level 0 is the
        game's default level, 1.. the levels that need no memory (the games'
        own players), and herd.PLAYOUT_RANDOM uniformly random actions; chance
        outcomes are drawn by their probabilities. The same position, level
        and seed give the same games; pass other seeds for other games. A game
        longer than `max_length` actions (0: no limit) stops and counts as
        unfinished. interrupt() stops it."""
        fn = self._ai("herd_playouts")
        n = check_int(n, "the number of games", 0, C.UINT64_MAX)
        level = check_int(level_of(level, self.levels, self.name), "level", C.PLAYOUT_RANDOM,
                          C.INT_MAX, OptionRangeError)
        seed = check_int(seed, "seed", 0, C.UINT64_MAX)
        max_length = check_int(max_length, "max_length", 0, C.UINT32_MAX)
        res = C.herd_playout_result()
        with self._using() as h:
            rc = fn(h, n, level, seed, max_length, byref(res))
            if rc:
                self._const(rc, self._playout_refusal(h, rc, level))
        return Playouts(res.games, (res.wins[0], res.wins[1]), res.draws, res.unfinished,
                        res.actions, res.mean_length, self.sides)

    def _playout_refusal(self, h: int, rc: int, level: int) -> Optional[str]:
        """The message for a refused herd_playouts() (a const call: none)."""
        if rc == C.E_RANGE:
            return "level %d is out of range 0..%d, or herd.PLAYOUT_RANDOM" % (
                level, self._lib.c.herd_max_level(h))
        if rc == C.E_UNSUPPORTED:
            name = C.c_char_p()
            self._lib.c.herd_level_name(h, level, byref(name), None)
            return ("level %d (%s) searches or plays from a table: playouts take the levels "
                    "that need no memory, or herd.PLAYOUT_RANDOM"
                    % (level, (name.value or b"?").decode()))
        return None

    # ------------------------------------------------------------ drawing

    def _draw_svg(self, drawing: Any, options: Dict[str, Any]) -> None:
        """Draws the board into an _svg.Drawing. Games with a picture of their
        own override it; this one writes show()'s text in a monospace font."""
        drawing.text_board(self.show())


class Playouts(NamedTuple):
    """What Game.playouts() counts (herd_playout_result): the games played,
    the wins of side 0 and side 1, the draws, the games stopped at the length
    limit, the actions of all games together and their mean length, and the
    game's sides (Game.sides; None in a Playouts made by hand)."""

    games: int
    wins: Tuple[int, int]
    draws: int
    unfinished: int
    actions: int
    mean_length: float
    sides: Optional[Tuple[Side, Side]] = None

    def score(self, side: SideLike) -> float:
        """The share of the points of `side` (as Game.side() takes it: a Side
        of the game, its name, or 0 or 1, its index in Game.sides): a win 1, a
        draw or an unfinished game 1/2; 0.5 when no game was played."""
        if self.sides is not None:
            index = side_index(self.sides, side, "the game played")
        else:
            try:
                index = operator.index(side)
            except TypeError:
                index = None
            if index not in (0, 1):
                raise ArgumentError(C.E_ARG, "Playouts.score(): side %r is not 0 or 1, the index "
                                    "of a side in Game.sides" % (side,))
        if not self.games:
            return 0.5
        return (self.wins[index] + (self.draws + self.unfinished) / 2) / self.games


# legal_actions()'s buffer (size_t values, as an array: its slices become
# lists faster than a ctypes array's) and count, one per thread: a game's
# lock keeps one call at a time on it, and games in distinct threads use
# their own.
_SIZE_T_CODE = "Q" if sizeof(c_size_t) == 8 else "I"
_SIZE_MAX = (1 << (8 * sizeof(c_size_t))) - 1
_buffers = threading.local()


def _actions_buffer() -> Any:
    """This thread's (buffer, its address, count, byref(count)), made once."""
    array_ = array(_SIZE_T_CODE, bytes(sizeof(c_size_t) * C.MAX_MOVES))
    count = c_size_t()
    # the memoryview keeps the array alive
    _buffers.actions = (memoryview(array_), array_.buffer_info()[0], count, byref(count))
    return _buffers.actions


def _from_save(text: str, memory_limit: Optional[int] = None) -> Game:
    """Game.from_save() with the memory limit, for unpickling: the limit
    set before the save is loaded, so that nothing is built beyond it."""
    encode(text, "the save")
    g = Game(text.split(" ", 1)[0])
    try:
        if memory_limit is not None:
            g.memory_limit = memory_limit
        g.load(text)
    except BaseException:
        g.close()
        raise
    return g


# How long a game may go on, for the game-AI interfaces (herd.env, herd.spiel),
# which cut a game at max_moves actions of the players (chance outcomes not
# counted). Games whose rules bound no length get a default cut: horses and
# fox with sideways=1 can go on for ever, and hex's removals give back cells,
# so no bound follows from its rules (random games of size 13 take about 4
# actions per cell, chance included). The others end within a bound of their
# rules, so that they need no cut:
#   flock: 100 moves in all (the move limit);
#   hare:  the hounds rise at most 10 rows in all (4 + 3 + 3) and make at
#          most 9 moves in a row that do not rise (the 10th ends the game):
#          at most 110 hound moves, each followed by at most one hare move;
#   fox:   each goose move lowers the geese's sum of rows (at most 71, with
#          17 geese), each fox turn is a step or a chain of jumps (one goose
#          each, at most 17) and a stop: 71 + (71 + 1) + 2 * 17 actions.
DEFAULT_MAX_MOVES = 1000
_RULES_BOUND = {"flock": 100, "hare": 220, "fox": 177}


def rules_length_bound(name: str, options: Dict[str, Any]) -> Optional[int]:
    """The most actions of the players that a game of `name` with `options`
    (their values as given: ints or texts) can have by its rules (see
    above); None where they set no bound."""
    if name == "fox" and str(options.get("sideways", 0)) != "0":
        return None
    return _RULES_BOUND.get(name)


def default_max_moves(name: str, options: Dict[str, Any]) -> Optional[int]:
    """The default cut of such a game: None where rules_length_bound()
    bounds it, 20 actions per cell for hex, else DEFAULT_MAX_MOVES."""
    if rules_length_bound(name, options) is not None:
        return None
    if name == "hex":
        size = int(options.get("size", 5))
        return 20 * (3 * size * (size - 1) + 1)
    return DEFAULT_MAX_MOVES
