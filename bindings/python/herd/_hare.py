"""Hare and Hounds (herd/hare.h): the class Hare."""
from __future__ import annotations

from ctypes import byref
from typing import ClassVar, List, Tuple

from . import _capi as C
from ._game import CellLike, MoveLike, cell_name
from ._hunt import Hunt
from ._values import Move

__all__ = ["Hare"]

Cell = Tuple[int, int]


class Hare(Hunt):
    """Hare and Hounds (herd/hare.h): ``Hare(start="c2", seed=3)`` or
    ``Game("hare", ...)``. Sides are Side.HOUNDS (0, move first) and
    Side.HARE (1); the eleven points are cell texts ("a2", "b1".."d3", "e2")
    or (row, col) pairs from 0. solve() gives the exact value of any position
    (the start is a hounds win in 23 moves)."""

    game = "hare"

    POINTS: ClassVar[int] = C.HARE_POINTS
    LINES: ClassVar[int] = C.HARE_LINES
    #: The hounds' moves in a row without going up a row that end the game.
    STALL_LIMIT: ClassVar[int] = C.HARE_STALL_LIMIT
    _POINT_FN = "herd_hare_point"
    _LINE_FN = "herd_hare_line"
    _AT_FN = "herd_hare_at"

    @property
    def hare_coords(self) -> Cell:
        """The hare's point as (row, col) (herd_hare_locate)."""
        cell = C.herd_cell()
        with self._using() as h:
            self._const(self._lib.c.herd_hare_locate(h, byref(cell)))
        return cell.row, cell.col

    @property
    def hare(self) -> str:
        """The hare's point: "a2" at the start."""
        return cell_name(*self.hare_coords)

    @property
    def hounds_coords(self) -> List[Cell]:
        """The hounds' points as (row, col), in the byte order of their names
        (herd_hare_hounds)."""
        cells = (C.herd_cell * C.HARE_HOUNDS_COUNT)()
        with self._using() as h:
            self._const(self._lib.c.herd_hare_hounds(h, cells))
        return [(c.row, c.col) for c in cells]

    @property
    def hounds(self) -> List[str]:
        """The hounds' points in byte order: ["d1", "d3", "e2"] at the start."""
        return [cell_name(*rc) for rc in self.hounds_coords]

    @property
    def stall(self) -> int:
        """The stall count: the hounds' moves in a row that did not go up a
        row, 0..STALL_LIMIT (which ends the game: the hare wins)."""
        return self._get_int(self._lib.c.herd_hare_stall)

    def move(self, frm: CellLike, to: CellLike) -> Move:
        """The move of the piece on `frm` (either side's) to `to`
        (herd_hare_move); play() checks it. ArgumentError for a cell that is
        no point of the board (POINTS of them: a2, b1..d3, e2), which no move
        can name."""
        value = self._lib.c.herd_hare_move(self._point(frm), self._point(to))
        with self._using() as h:
            return self._to_move_lenient(h, value)

    def move_coords(self, move: MoveLike) -> Tuple[Cell, Cell]:
        """The points (from, to) of a move, as (row, col) pairs
        (herd_hare_move_cells)."""
        m = self.parse_move(move)
        a, b = C.herd_cell(), C.herd_cell()
        self._const(self._lib.c.herd_hare_move_cells(m.value, byref(a), byref(b)),
                    "%s is no move of hare" % (m,))
        return (a.row, a.col), (b.row, b.col)

    def move_cells(self, move: MoveLike) -> Tuple[str, str]:
        """The points (from, to) of a move, as texts."""
        a, b = self.move_coords(move)
        return cell_name(*a), cell_name(*b)

    def move_path_coords(self, move: MoveLike) -> List[Cell]:
        return list(self.move_coords(move))

    def _caption(self) -> str:
        return "%s; stall %d/%d" % (self.status, self.stall, self.STALL_LIMIT)
