"""Flock (herd/flock.h): the class Flock and its picture."""
from __future__ import annotations

from ctypes import byref, c_int, c_size_t
from typing import Any, ClassVar, Dict, List, Optional, Tuple

from . import _capi as C
from ._game import CellLike, Game, MoveLike, SideLike, cell_name, cell_struct, parse_cell
from ._svg import COLORS, Drawing, Grid
from ._values import Move, Side

__all__ = ["Flock"]

Cell = Tuple[int, int]

_OFF_BOARD = "%s is not on the board"
_NO_STONE = "%s holds no stone (an empty cell, or off the board)"


class Flock(Game):
    """Flock (herd/flock.h): ``Flock(w=7, h=7, seed=0)`` or
    ``Game("flock", ...)``. Sides are Side.BLACK (0, moves first, from the
    bottom row) and Side.WHITE (1, from row a); cells are texts ("a1" is the
    top-left cell) or (row, col) pairs from 0. A stone's range is the size of
    its flock (its orthogonally joined stones), at most MAX_RANGE."""

    game = "flock"
    _SVG_SELECTS = True

    #: The farthest a stone slides; the captures in all that win; the moves
    #: in all (both sides) after which the stones decide.
    MAX_RANGE: ClassVar[int] = C.FLOCK_MAX_RANGE
    CAPTURES_TO_WIN: ClassVar[int] = C.FLOCK_CAPTURES_TO_WIN
    MOVE_LIMIT: ClassVar[int] = C.FLOCK_MOVE_LIMIT

    @property
    def options(self) -> Dict[str, int]:
        """{"w", "h", "seed"}: a position read keeps the seed."""
        opt = C.herd_flock_options()
        with self._using() as h:
            self._const(self._lib.c.herd_flock_options_of(h, byref(opt)))
        return {"w": opt.width, "h": opt.height, "seed": opt.seed}

    @property
    def width(self) -> int:
        """The board's columns (option w)."""
        return self.options["w"]

    @property
    def height(self) -> int:
        """The board's rows (option h)."""
        return self.options["h"]

    # ------------------------------------------------------------ moves

    def move(self, frm: CellLike, to: CellLike) -> Move:
        """The move that slides the stone on `frm` to `to` (herd_flock_move);
        play() checks it. A coordinate must be in -128..127, what the move can
        hold (ArgumentError otherwise: it would stand for another cell)."""
        lo, hi = C.MOVE_COORD_MIN, C.MOVE_COORD_MAX
        value = self._lib.c.herd_flock_move(cell_struct(frm, lo, hi), cell_struct(to, lo, hi))
        with self._using() as h:
            return self._to_move_lenient(h, value)

    def move_coords(self, move: MoveLike) -> Tuple[Cell, Cell]:
        """The cells (from, to) of a move, as (row, col) pairs
        (herd_flock_move_cells)."""
        m = self.parse_move(move)
        a, b = C.herd_cell(), C.herd_cell()
        self._const(self._lib.c.herd_flock_move_cells(m.value, byref(a), byref(b)),
                    "%s is no move of flock" % (m,))
        return (a.row, a.col), (b.row, b.col)

    def move_cells(self, move: MoveLike) -> Tuple[str, str]:
        """The cells (from, to) of a move, as texts."""
        a, b = self.move_coords(move)
        return cell_name(*a), cell_name(*b)

    def moves_from(self, cell: CellLike) -> List[Move]:
        """The legal moves of the stone on `cell`, in the library's order: none
        when it is not the side to move's, or the game is over."""
        start = cell_struct(cell)
        targets = self._cell_list(self._lib.c.herd_flock_targets, cell, _OFF_BOARD)
        with self._using() as h:
            return [self._to_move(h, self._lib.c.herd_flock_move(start, c)) for c in targets]

    def last_move_of(self, side: SideLike) -> Optional[Move]:
        """The move `side` made on its previous turn, None before its first
        move or when the position text gave "-" (herd_flock_last_move; the
        property last_move is the last action played through this object)."""
        s = self._side(side)
        m = C.herd_move()
        with self._using() as h:
            self._const(self._lib.c.herd_flock_last_move(h, s, byref(m)))
            return self._to_move(h, m.value) if m.value else None

    @property
    def straight_back(self) -> Optional[Tuple[str, str]]:
        """(stone, cell): the move the straight-back rule forbids the side to
        move now, the stone it moved on its previous turn back to the cell that
        stone left; None when there is none (herd_flock_straight_back)."""
        banned = c_int()
        stone, cell = C.herd_cell(), C.herd_cell()
        with self._using() as h:
            self._const(self._lib.c.herd_flock_straight_back(h, byref(banned), byref(stone),
                                                             byref(cell)))
        if not banned.value:
            return None
        return cell_name(stone.row, stone.col), cell_name(cell.row, cell.col)

    # ---------------------------------------------------------- the board

    def at(self, cell: CellLike) -> Optional[Side]:
        """The side holding `cell`, None when it is empty; ArgumentError off
        the board."""
        side = c_int()
        c = cell_struct(cell)
        with self._using() as h:
            rc = self._lib.c.herd_flock_at(h, c, byref(side))
            self._const(rc, _OFF_BOARD % (cell,))
        return None if side.value < 0 else self.sides[side.value]

    def stones(self, side: SideLike) -> int:
        """The number of stones `side` has on the board."""
        return self._get_int(self._lib.c.herd_flock_stones, self._side(side))

    def captured(self, side: SideLike) -> int:
        """The enemy stones `side` has captured in all (CAPTURES_TO_WIN win;
        one move can take the count past it)."""
        return self._get_int(self._lib.c.herd_flock_captured, self._side(side))

    @property
    def ply(self) -> int:
        """The moves played in all, both sides (the position text's `ply`)."""
        return self._get_int(self._lib.c.herd_flock_ply)

    @property
    def moves_left(self) -> int:
        """The moves left before the move limit decides: MOVE_LIMIT - ply."""
        return self._get_int(self._lib.c.herd_flock_moves_left)

    def range(self, cell: CellLike) -> int:
        """The range of the stone on `cell`: the size of its flock, at most
        MAX_RANGE. ArgumentError for an empty cell."""
        c = cell_struct(cell)
        return self._get_int(self._lib.c.herd_flock_range, c, message=_NO_STONE % (cell,))

    def _cell_list(self, fn: Any, cell: CellLike, message: str) -> List[Any]:
        """Calls a cell-list query (g, cell, buf, cap, count): the count first
        with cap 0, then the cells into a buffer of that size. `message`
        explains an ArgumentError about the cell."""
        c = cell_struct(cell)
        n = c_size_t()
        message = message % (cell,)
        with self._using() as h:
            rc = fn(h, c, None, 0, byref(n))
            if rc == C.OK:
                return []
            if rc != C.E_BUFFER:
                self._const(rc, message)
            buf = (C.herd_cell * n.value)()
            self._const(fn(h, c, buf, n.value, byref(n)), message)
        return list(buf)

    def flock_coords(self, cell: CellLike) -> List[Cell]:
        """The flock of the stone on `cell`: every stone of its colour joined to
        it orthogonally, itself included, in row-major order, as (row, col)."""
        return [(c.row, c.col)
                for c in self._cell_list(self._lib.c.herd_flock_members, cell, _NO_STONE)]

    def flock(self, cell: CellLike) -> List[str]:
        """The flock of the stone on `cell`, as cell texts in row-major order.
        ArgumentError for an empty cell."""
        return [cell_name(*rc) for rc in self.flock_coords(cell)]

    def destination_coords(self, cell: CellLike) -> List[Cell]:
        """The cells the stone on `cell` can slide to now, in the order of
        legal(), as (row, col); none for an empty cell, a stone not of the
        side to move, or once the game is over (herd_flock_targets)."""
        return [(c.row, c.col)
                for c in self._cell_list(self._lib.c.herd_flock_targets, cell, _OFF_BOARD)]

    def destinations(self, cell: CellLike) -> List[str]:
        """The cells the stone on `cell` can slide to now, as texts."""
        return [cell_name(*rc) for rc in self.destination_coords(cell)]

    # ------------------------------------------------------------ picture

    def _repr_svg_(self) -> str:
        """The board as SVG, with the last move marked: the one played through
        this object, else the one the position records."""
        from ._svg import svg
        last = self.last_move
        ply = self.ply
        if last is None and ply > 0:
            last = self.last_move_of((ply - 1) % 2)  # the side that moved last
        return svg(self, lastmove=last)

    def _draw_svg(self, d: Drawing, options: Dict[str, Any]) -> None:
        opt = self.options
        w, h = opt["w"], opt["h"]
        grid = Grid(h, w, 40.0, options["coordinates"], caption=True)
        grid.begin(d)
        for r in range(h):
            for c in range(w):
                grid.square(d, (r, c), fill=COLORS["light"], stroke=COLORS["line"],
                            stroke_width=1.0, class_="cell", id=cell_name(r, c))
        last = options["lastmove"]
        if last is not None:
            for rc in self.move_coords(last):
                if grid.contains(rc):
                    grid.square(d, rc, fill=COLORS["lastmove"], fill_opacity="0.6",
                                class_="lastmove")
        ban = self.straight_back
        if ban is not None:  # the cell the stone that moved last may not go back to
            grid.square(d, parse_cell(ban[1]), inset=4.0, fill="none",
                        stroke=COLORS["red"], stroke_width=2.0, stroke_dasharray="4,3",
                        class_="banned")
        for r in range(h):
            for c in range(w):
                side = self.at((r, c))
                if side is None:
                    continue
                x, y = grid.centre((r, c))
                label_fill = "#ffffff" if side is Side.BLACK else "#000000"
                d.piece(x, y, grid.size * 0.36, COLORS[side.value], str(self.range((r, c))),
                        label_fill=label_fill, class_="stone " + side.value)
        selected = options["selected"]
        if selected is not None:
            d.selection(grid.centre(parse_cell(selected)),
                        [grid.centre(rc) for rc in self.destination_coords(selected)], grid.size)
        black, white = self.sides
        grid.caption(d, "%s; captured %s %d, %s %d; %d moves left"
                     % (self.status, black, self.captured(black), white, self.captured(white),
                        self.moves_left))
