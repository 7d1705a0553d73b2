"""Fox and Geese (herd/fox.h): the class Fox."""
from __future__ import annotations

from ctypes import byref
from typing import ClassVar, List, Sequence, Tuple

from . import _capi as C
from ._errors import ArgumentError
from ._game import CellLike, MoveLike, cell_name, cell_struct, parse_cell
from ._hunt import Hunt
from ._values import Move, Side

__all__ = ["Fox"]

Cell = Tuple[int, int]


class Fox(Hunt):
    """Fox and Geese (herd/fox.h): ``Fox(geese=15, sideways=1)`` or
    ``Game("fox", ...)``. Sides are Side.FOX (0, moves first) and Side.GEESE
    (1); the 33 points of the cross are cell texts ("a3", "c1".."e7", "g5")
    or (row, col) pairs from 0. An action is a step ("d4-d5") or a jump chain
    that captures a goose per hop ("d4-d6-f4")."""

    game = "fox"

    POINTS: ClassVar[int] = C.FOX_POINTS
    LINES: ClassVar[int] = C.FOX_LINES
    #: The most geese (option geese=17), and the hops of a chain at most.
    MAX_GEESE: ClassVar[int] = C.FOX_MAX_GEESE
    MAX_HOPS: ClassVar[int] = C.FOX_MAX_HOPS
    #: Fewer geese than this left: the fox has won.
    GEESE_TO_WIN: ClassVar[int] = C.FOX_GEESE_TO_WIN
    _POINT_FN = "herd_fox_point"
    _LINE_FN = "herd_fox_line"
    _AT_FN = "herd_fox_at"

    @property
    def fox_coords(self) -> Cell:
        """The fox's point as (row, col) (herd_fox_fox)."""
        cell = C.herd_cell()
        with self._using() as h:
            self._const(self._lib.c.herd_fox_fox(h, byref(cell)))
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

    def _made(self, value: int, what: str) -> Move:
        if value == 0:
            raise ArgumentError(C.E_ARG, "%s is no action of fox" % what)
        with self._using() as h:
            return self._to_move_lenient(h, value)

    def step(self, frm: CellLike, to: CellLike) -> Move:
        """The step of the piece on `frm` (the fox or a goose) to `to`
        (herd_fox_step); play() checks it. ArgumentError for a cell outside
        the grid a1..g7."""
        value = self._lib.c.herd_fox_step(cell_struct(frm), cell_struct(to))
        return self._made(value, "a step from %s to %s" % (frm, to))

    def jumps(self, frm: CellLike, landings: Sequence[CellLike]) -> Move:
        """The fox's jump chain from `frm` through the `landings` (1..MAX_HOPS
        points, each two points from the one before in a straight line)
        (herd_fox_jumps); play() checks it. ArgumentError when the chain is
        not so."""
        if isinstance(landings, str):
            raise TypeError("the landings are a sequence of cells, e.g. ['d6'], not the text %r"
                            % (landings,))
        hops = list(landings)
        what = "a jump chain from %s through %s" % (frm, ", ".join(str(c) for c in hops))
        if not 1 <= len(hops) <= self.MAX_HOPS:
            raise ArgumentError(C.E_ARG, "%s: a chain has 1..%d hops, not %d"
                                % (what, self.MAX_HOPS, len(hops)))
        cells = (C.herd_cell * len(hops))(*(cell_struct(c) for c in hops))
        value = self._lib.c.herd_fox_jumps(cell_struct(frm), cells, len(hops))
        return self._made(value, what)

    def move_path_coords(self, move: MoveLike) -> List[Cell]:
        """The points an action visits, (row, col) pairs from its start: the
        two of a step, or the start and every landing of a jump chain (read
        from the action's text, "d4-d6-f4")."""
        return [parse_cell(name) for name in self.parse_move(move).text.split("-")]

    def _caption(self) -> str:
        return "%s; %d geese left" % (self.status, self.geese_left)
