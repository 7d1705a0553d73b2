"""Fox and Geese (herd/fox.h): the class Fox."""
from __future__ import annotations

from ctypes import byref
from typing import Any, ClassVar, List, Optional, Tuple

from . import _capi as C
from ._errors import ArgumentError, OptionRangeError
from ._game import CellLike, MoveLike, as_int, cell_name, check_int, parse_cell
from ._hunt import Hunt
from ._library import library
from ._svg import Drawing, Grid
from ._values import Move, Side

__all__ = ["Fox"]

Cell = Tuple[int, int]

# protocol.md's text of the action that ends a chain (Fox.STOP's, which the
# class gives without a game to ask).
STOP_TEXT = "stop"
HOP_BY_HOP = "a chain is played hop by hop: jump(FROM, TO) for each hop, then stop()"


class _Stop:
    """Fox.STOP: the action stop as a Move (herd_fox_stop), made when read
    (it needs the library)."""

    def __get__(self, game: Optional["Fox"], owner: Any = None) -> Move:
        lib = library() if game is None else game._lib
        return Move(lib.c.herd_fox_stop(), STOP_TEXT)


class Fox(Hunt):
    """Fox and Geese (herd/fox.h): ``Fox(geese=15, sideways=1, seed=3)`` or
    ``Game("fox", ...)``. Sides are Side.FOX (0, moves first) and Side.GEESE
    (1); the 33 points of the cross are cell texts ("a3", "c1".."e7", "g5")
    or (row, col) pairs from 0. An action is a step ("d4-d5"), one jump that
    captures a goose ("d4-d6"), or stop. A jump chain is played hop by hop:
    after a jump from which the fox can jump again, with at least
    GEESE_TO_WIN geese left, the fox keeps the turn (in_chain) and may only
    jump on or stop; otherwise the turn passes to the geese."""

    game = "fox"

    POINTS: ClassVar[int] = C.FOX_POINTS
    LINES: ClassVar[int] = C.FOX_LINES
    #: The most geese (option geese=17).
    MAX_GEESE: ClassVar[int] = C.FOX_MAX_GEESE
    #: The solve limit of a new game (set_solve_limit()).
    SOLVE_DEFAULT: ClassVar[int] = C.FOX_SOLVE_DEFAULT
    #: The largest solve limit (and level limit).
    SOLVE_MAX: ClassVar[int] = C.FOX_SOLVE_MAX
    #: The perfect level's limit in a new game (set_level_limit()).
    LEVEL_LIMIT_DEFAULT: ClassVar[int] = C.FOX_LEVEL_LIMIT_DEFAULT
    #: Fewer geese than this left: the fox has won.
    GEESE_TO_WIN: ClassVar[int] = C.FOX_GEESE_TO_WIN
    #: The action stop, as a Move: ``game.play(Fox.STOP)``.
    STOP = _Stop()
    _POINT_FN = "herd_fox_point"
    _LINE_FN = "herd_fox_line"
    _AT_FN = "herd_fox_at"
    _METHOD_OF = {"herd_fox_set_solve_limit()": "Fox.set_solve_limit()",
                  "herd_fox_set_level_limit()": "Fox.set_level_limit()"}

    @property
    def fox_coords(self) -> Cell:
        """The fox's point as (row, col) (herd_fox_locate)."""
        cell = C.herd_cell()
        with self._using() as h:
            self._const(self._lib.c.herd_fox_locate(h, byref(cell)))
        return cell.row, cell.col

    @property
    def fox(self) -> str:
        """The fox's point: "d4" at the start."""
        return cell_name(*self.fox_coords)

    @property
    def geese(self) -> List[str]:
        """The geese's points, in byte order."""
        return [cell for cell, side in self.pieces.items() if side is Side.GEESE]

    @property
    def geese_left(self) -> int:
        """The number of geese on the board (herd_fox_geese_left); fewer than
        GEESE_TO_WIN and the fox has won."""
        return self._get_int(self._lib.c.herd_fox_geese_left)

    @property
    def sideways(self) -> bool:
        """Whether the geese may also step left and right (herd_fox_sideways)."""
        return bool(self._get_int(self._lib.c.herd_fox_sideways))

    @property
    def in_chain(self) -> bool:
        """Whether the fox is in a jump chain (herd_fox_in_chain): then it is
        to move, and its only actions are its further jumps and stop."""
        return bool(self._get_int(self._lib.c.herd_fox_in_chain))

    def set_solve_limit(self, geese: int) -> None:
        """Sets the most geese of the positions solve() reads from the
        solution table, which bounds its memory: 4 to SOLVE_MAX,
        SOLVE_DEFAULT at first (herd_fox_set_solve_limit). OptionRangeError
        beyond them."""
        self._set_limit("solve", geese, self._lib.c.herd_fox_set_solve_limit)

    def set_level_limit(self, geese: int) -> None:
        """Sets the most geese of the positions for which the perfect level
        builds the solution table (beyond it, it searches; a table solve()
        built it reads anyway): 4 to SOLVE_MAX, LEVEL_LIMIT_DEFAULT at first,
        which keeps each of its moves within 5 s (herd_fox_set_level_limit).
        OptionRangeError beyond them."""
        self._set_limit("level", geese, self._lib.c.herd_fox_set_level_limit)

    @property
    def level_limit(self) -> int:
        """The perfect level's limit (herd_fox_level_limit)."""
        return self._get_int(self._lib.c.herd_fox_level_limit)

    def _set_limit(self, which: str, geese: int, setter: Any) -> None:
        if not C.INT_MIN <= as_int(geese, "geese") <= C.INT_MAX:
            # Beyond C's int, out of the limit's range too: refused in the
            # library's words, as 3 and 11 are.
            raise OptionRangeError(C.E_RANGE, "a %s limit of %d geese is out of range %d..%d"
                                   % (which, geese, self.GEESE_TO_WIN, self.SOLVE_MAX))
        geese = check_int(geese, "geese")
        with self._using() as h:
            self._check(h, setter(h, geese))

    def _made(self, value: int, what: str) -> Move:
        if value == 0:
            raise ArgumentError(C.E_ARG, "%s is no action of fox" % what)
        with self._using() as h:
            return self._to_move_lenient(h, value)

    def step(self, frm: CellLike, to: CellLike) -> Move:
        """The step of the piece on `frm` (the fox or a goose) to `to`
        (herd_fox_step); play() checks it. ArgumentError for a cell that is
        no point of the cross (POINTS of them: a3, c1..e7, g5)."""
        value = self._lib.c.herd_fox_step(self._point(frm), self._point(to))
        return self._made(value, "a step from %s to %s" % (frm, to))

    def jump(self, frm: CellLike, to: CellLike) -> Move:
        """The fox's jump from `frm` to `to`, two points away in a straight
        line: one hop of a chain (herd_fox_jump); play() checks it.
        ArgumentError when `to` is not so, or for a cell that is no point of
        the cross; TypeError for several landings (a
        chain is played hop by hop: a jump, then the next one or stop())."""
        if isinstance(to, (list, tuple)) and not all(isinstance(v, int) for v in to):
            raise TypeError("jump() takes one landing point, not %r: %s" % (to, HOP_BY_HOP))
        value = self._lib.c.herd_fox_jump(self._point(frm), self._point(to))
        return self._made(value, "a jump from %s to %s" % (frm, to))

    def stop(self) -> Move:
        """The action stop, which ends the fox's jump chain and its turn
        (herd_fox_stop); the same Move as STOP."""
        return self._made(self._lib.c.herd_fox_stop(), "stop")

    def move_path_coords(self, move: MoveLike) -> List[Cell]:
        """The points an action visits, (row, col) pairs from its start: the
        two of a step or a jump (read from the action's text, "d4-d6"), none
        for stop."""
        m = self.parse_move(move)
        if m.value == self._lib.c.herd_fox_stop():
            return []
        return [parse_cell(name) for name in m.text.split("-")]

    def _caption(self) -> str:
        if self.in_chain:
            return "fox in a chain on %s: jump on or stop; %d geese left" % (
                self.fox, self.geese_left)
        return "%s; %d geese left" % (self.status, self.geese_left)

    def _draw_marks(self, d: Drawing, grid: Grid) -> None:
        """In a chain: the fox ringed and its further jumps marked."""
        if self.in_chain:
            fox = self.fox_coords
            d.chain(grid.centre(fox), [grid.centre(rc) for rc in self.destination_coords(fox)],
                    grid.size)
