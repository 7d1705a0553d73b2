"""The library's description of its games (herd.h's registry): herd.games().

Every game's name, title, sides, options (with their kinds, allowed values
and defaults), computer levels and bounds are read from the loaded libherd
(herd_game_desc_at), never restated here: a game or an option added to the
library appears in herd.games() as it is. The library also checks the
options: Game(name, **options) passes them as text to herd_new, whose
message comes through as the exception.
"""
from __future__ import annotations

import enum
import threading
import weakref
from ctypes import byref, c_char_p
from dataclasses import dataclass
from typing import Any, NamedTuple, Optional, Tuple, Union

from . import _capi as C
from ._errors import HerdError, UnknownNameError, did_you_mean, encode, error_for
from ._library import Library, library
from ._values import Side

__all__ = ["OptionKind", "Option", "Level", "GameDescription", "games", "describe"]


class OptionKind(str, enum.Enum):
    """How an option takes its value (herd_option_kind)."""

    RANGE = "range"    # a whole number in min..max
    CHOICE = "choice"  # one of the whole numbers of choices
    POINT = "point"    # a point of the board, by its cell name ("c2")

    def __str__(self) -> str:
        return self.value


_KINDS = {C.OPTION_RANGE: OptionKind.RANGE, C.OPTION_CHOICE: OptionKind.CHOICE,
          C.OPTION_POINT: OptionKind.POINT}


@dataclass(frozen=True)
class Option:
    """One option of a game: a keyword of Game(name, ...) and a `KEY=VALUE`
    of the herd program's `new` (herd_option_desc).

    key:         "w", "geese", "start", "seed", ...
    kind:        OptionKind.RANGE, CHOICE or POINT
    default:     the value the game takes when the option is not given: an
                 int, or for a point its cell name ("a2")
    allowed:     the values the library takes: a range (range(8, 31) for
                 8..30), a tuple of the choices ((13, 15, 17)), or the text
                 "point" for a point of the board (which points, the game
                 says when it refuses one)
    description: one line, lower case, without a final period

    str() gives the option as the herd program's `games` writes it:
    "w=8..30:8", "geese=13|15|17:13", "start=point:a2".
    """

    key: str
    kind: OptionKind
    default: Union[int, str]
    allowed: Union[range, Tuple[int, ...], str]
    description: str

    def __str__(self) -> str:
        if self.kind is OptionKind.POINT:
            values = "point"
        elif self.kind is OptionKind.CHOICE:
            values = "|".join(str(v) for v in self.allowed)
        else:
            assert isinstance(self.allowed, range)
            values = "%d..%d" % (self.allowed.start, self.allowed.stop - 1)
        return "%s=%s:%s" % (self.key, values, self.default)


class Level(NamedTuple):
    """A computer level of a game (herd_game_desc_level): its number for
    genmove() and hint(), its name (no spaces) and a one-line description."""

    number: int
    name: str
    description: str


@dataclass(frozen=True)
class GameDescription:
    """What a game is, as the library describes it (herd_game_desc).

    name:          its name for Game(): "horses", ...
    title:         its title for people: "Herd of Horses"
    sides:         side 0 (acts first) and side 1
    options:       its options, in the order of the herd program's `games`
    levels:        its computer levels, from 1 up
    default_level: the level that level 0 means (one that needs no memory)
    max_moves:     its most legal actions at once
    has_chance:    True when it has chance events (dice)
    solvable:      True when Game.solve() solves it

    str() gives the game's line of the herd program's `games`.
    """

    name: str
    title: str
    sides: Tuple[Side, Side]
    options: Tuple[Option, ...]
    levels: Tuple[Level, ...]
    default_level: int
    max_moves: int
    has_chance: bool
    solvable: bool

    def option(self, key: str) -> Option:
        """The option `key`; KeyError when the game has none of that name."""
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError("%s has no option %r (its options: %s)"
                       % (self.name, key, ", ".join(o.key for o in self.options)))

    @property
    def defaults(self) -> dict:
        """{key: default} of every option."""
        return dict((o.key, o.default) for o in self.options)

    def __str__(self) -> str:
        return " ".join([self.name] + [str(o) for o in self.options])


def _text(value: Optional[bytes]) -> str:
    return (value or b"").decode()


def _option(d: Any) -> Option:
    kind = _KINDS[d.kind]
    allowed: Union[range, Tuple[int, ...], str]
    default: Union[int, str] = d.default_value
    if kind is OptionKind.POINT:
        allowed, default = "point", _text(d.default_point)
    elif kind is OptionKind.CHOICE:
        allowed = tuple(d.choices[i] for i in range(d.choice_count))
    else:
        allowed = range(d.min, d.max + 1)
    return Option(_text(d.key), kind, default, allowed, _text(d.description))


def _describe(lib: Library, p: Any) -> GameDescription:
    d = p.contents
    levels = []
    name, description = c_char_p(), c_char_p()
    for number in range(1, d.level_count + 1):
        rc = lib.c.herd_game_desc_level(p, number, byref(name), byref(description))
        if rc != C.OK:
            raise UnknownNameError(rc, "level %d of %s is not described" % (number, _text(d.name)))
        levels.append(Level(number, _text(name.value), _text(description.value)))
    return GameDescription(
        name=_text(d.name), title=_text(d.title),
        sides=(Side(_text(d.side_names[0])), Side(_text(d.side_names[1]))),
        options=tuple(_option(d.options[i]) for i in range(d.option_count)),
        levels=tuple(levels), default_level=d.default_level, max_moves=d.max_moves,
        has_chance=bool(d.has_chance), solvable=bool(d.solvable))


# The descriptions of each loaded library, read once: they are static in it.
_cache: "weakref.WeakKeyDictionary[Library, Tuple[GameDescription, ...]]" = \
    weakref.WeakKeyDictionary()
_cache_lock = threading.Lock()


def games(lib: Optional[Library] = None) -> Tuple[GameDescription, ...]:
    """One description per game of the library (herd.load()'s, by default),
    in the library's order: the order of the herd program's `games`."""
    lib = lib or library()
    with _cache_lock:
        found = _cache.get(lib)
        if found is None:
            found = _cache[lib] = tuple(_describe(lib, lib.c.herd_game_desc_at(i))
                                        for i in range(lib.c.herd_game_count()))
    return found


def describe(name: str, lib: Optional[Library] = None) -> GameDescription:
    """The description of the game `name`; UnknownNameError when the library
    has no such game."""
    encode(name, "the game's name")
    for d in games(lib):
        if d.name == name:
            return d
    raise unknown_game(name, lib)


def unknown_game(name: str, lib: Optional[Library] = None) -> UnknownNameError:
    """The error of a name that is no game of the library: it lists the
    games there are (the library's own message, which the protocol keeps
    byte for byte, names only the one asked for)."""
    names = [d.name for d in games(lib)]
    return UnknownNameError(C.E_UNKNOWN, "unknown game %r%s; the games are %s"
                            % (name, did_you_mean(name, names), ", ".join(names)))


def creation_error(lib: Library, rc: int, message: str, name: str) -> HerdError:
    """The exception of a refused herd_new() or herd_batch_new() for the
    game `name`: an unknown game's lists the games, others are the library's."""
    if rc == C.E_UNKNOWN and all(d.name != name for d in games(lib)):
        return unknown_game(name, lib)
    return error_for(rc, message, lib.strerror(rc))
