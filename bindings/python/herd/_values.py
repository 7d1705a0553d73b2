"""The values of the package herd: moves, sides, results, reasons, statuses.

Sides, results and reasons are enums whose members are also the protocol's
words (they subclass str): ``str(Side.GREEN) == "green"`` and
``Side.GREEN == "green"``. A Move keeps the library's integer and its text.
"""
from __future__ import annotations

import enum
from typing import NamedTuple, Optional

__all__ = ["Move", "Side", "Result", "Reason", "Status", "Phase", "Solution"]


class _Word(str, enum.Enum):
    """An enum whose value is a protocol word; str() gives the word."""

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __repr__(self) -> str:
        return "%s.%s" % (type(self).__name__, self.name)


class Side(_Word):
    """The sides of every game, by protocol.md's names."""

    GREEN = "green"
    RED = "red"
    BLUE = "blue"
    HOUNDS = "hounds"
    HARE = "hare"
    FOX = "fox"
    GEESE = "geese"
    BLACK = "black"
    WHITE = "white"


class Result(_Word):
    """How a game stands: herd_result."""

    ONGOING = "ongoing"
    WIN = "win"
    DRAW = "draw"
    OVER = "over"  #: ended by its players without a result (abandoned)


class Reason(_Word):
    """Why a game ended: herd_reason, by protocol.md's status reasons;
    NONE ("") while it goes on."""

    NONE = ""
    CORNER = "corner"
    NO_MOVES = "no-moves"
    FULL = "full"
    ESCAPED = "escaped"
    STALLING = "stalling"
    TRAPPED = "trapped"
    CAPTURED = "captured"
    MOVE_LIMIT = "move-limit"
    # How the players ended it (Game.resign(), agree_draw(), time_out(),
    # abandon()):
    RESIGNED = "resigned"
    TIME = "time"
    AGREED = "agreed"
    ABANDONED = "abandoned"


class Phase(_Word):
    """The phase of a hex turn."""

    ROLL = "roll"
    REMOVE = "remove"
    PLACE = "place"


class Status(NamedTuple):
    """How a game stands (herd_get_status).

    result: Result.ONGOING, WIN, DRAW or OVER (abandoned by its players);
    side:   ongoing: the side to act; win: the winner; draw, over: None;
    reason: Reason.NONE while ongoing, else why the game ended (the rules'
            reasons, or the players' RESIGNED, TIME, AGREED, ABANDONED).

    str() gives the protocol's `status` answer: "ongoing green",
    "win red corner", "draw move-limit", "win hare resigned",
    "over abandoned".
    """

    result: Result
    side: Optional[Side]
    reason: Reason

    def __str__(self) -> str:
        words = [self.result.value]
        if self.side is not None:
            words.append(self.side.value)
        if self.result is not Result.ONGOING:
            words.append(self.reason.value)
        return " ".join(words)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (won, drawn or abandoned)."""
        return self.result is not Result.ONGOING


class Solution(NamedTuple):
    """A position's exact value (herd_solve): the side that wins with perfect
    play, and the number of actions to the end when the winner hurries and
    the loser delays. str() gives the protocol's `solve` answer without its
    "= " prefix, as Status does: "hounds 23".
    """

    winner: Side
    plies: int

    def __str__(self) -> str:
        return "%s %d" % (self.winner.value, self.plies)


class Move:
    """A move, or any other action (a roll's outcome, a removal, a placement):
    the library's integer (``int(move)``) and protocol.md's text (``str(move)``).

    Immutable; equal moves have the same integer and text, and hash alike, so
    moves are set members and dictionary keys. Games make them (``legal()``,
    ``parse_move()``); ``play()`` takes a move, its integer or its text.
    ``repr()`` is the call that makes it again: ``Move(16908288, 'a1-c2')``.

    A game takes a Move only when its text is the text of its value in that
    game: ``Move(5, 'a1-c2')``, or a Move of another game whose value means
    another move here, raises ArgumentError rather than play some other move.
    """

    __slots__ = ("_value", "_text")
    _value: int
    _text: str

    def __init__(self, value: int, text: str) -> None:
        object.__setattr__(self, "_value", int(value))
        object.__setattr__(self, "_text", str(text))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Move cannot change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Move cannot change")

    @property
    def value(self) -> int:
        """The library's integer (herd_move)."""
        return self._value

    @property
    def text(self) -> str:
        """protocol.md's text, e.g. "a1-c2", "dice:2,5", "+e5"."""
        return self._text

    def __int__(self) -> int:
        return self._value

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return "Move(%d, %r)" % (self._value, self._text)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._value == other._value and self._text == other._text
        return NotImplemented

    def __hash__(self) -> int:
        return hash((Move, self._value, self._text))

    def __reduce__(self):
        return (Move, (self._value, self._text))
