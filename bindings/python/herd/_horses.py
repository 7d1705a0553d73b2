"""Herd of Horses (herd/horses.h): the class Horses and its picture."""
from __future__ import annotations

from ctypes import byref, c_int, c_size_t
from typing import Any, Dict, List, Optional, Tuple

from . import _capi as C
from ._game import (CellLike, Game, MoveLike, SideLike, cell_name, cell_struct, check_int,
                    parse_cell)
from ._svg import COLORS, Drawing, Grid
from ._values import Move, Result, Side

__all__ = ["Horses"]

Cell = Tuple[int, int]


class Horses(Game):
    """Herd of Horses (herd/horses.h): ``Horses(w=10, h=8, n=6, seed=3)`` or
    ``Game("horses", ...)``. Sides are Side.GREEN (0, moves first) and Side.RED
    (1); cells are texts ("a1") or (row, col) pairs from 0."""

    game = "horses"
    _SVG_SELECTS = True


    @property
    def options(self) -> Dict[str, int]:
        """{"w", "h", "n", "seed"}: a position read keeps the seed."""
        opt = C.herd_horses_options()
        with self._using() as h:
            self._const(self._lib.c.herd_horses_options_of(h, byref(opt)))
        return {"w": opt.width, "h": opt.height, "n": opt.horses, "seed": opt.seed}

    @property
    def width(self) -> int:
        """The board's columns (option w)."""
        return self.options["w"]

    @property
    def height(self) -> int:
        """The board's rows (option h)."""
        return self.options["h"]

    @property
    def horses_per_side(self) -> int:
        """The horses of each side (option n)."""
        return self.options["n"]

    def move(self, frm: CellLike, to: CellLike) -> Move:
        """The move that jumps the horse on `frm` to `to` (herd_horses_move);
        play() checks it. A coordinate must be in -128..127, what the move can
        hold (ArgumentError otherwise: it would stand for another cell)."""
        lo, hi = C.MOVE_COORD_MIN, C.MOVE_COORD_MAX
        a, b = cell_struct(frm, lo, hi), cell_struct(to, lo, hi)
        value = self._lib.c.herd_horses_move(a, b)
        with self._using() as h:
            return self._to_move_lenient(h, value)

    def move_cells(self, move: MoveLike) -> Tuple[str, str]:
        """The cells (from, to) of a move, as texts."""
        a, b = self.move_coords(move)
        return cell_name(*a), cell_name(*b)

    def move_coords(self, move: MoveLike) -> Tuple[Cell, Cell]:
        """The cells (from, to) of a move, as (row, col) pairs."""
        m = self.parse_move(move)
        a, b = C.herd_cell(), C.herd_cell()
        self._const(self._lib.c.herd_horses_move_cells(m.value, byref(a), byref(b)),
                    "%s is no move of horses" % (m,))
        return (a.row, a.col), (b.row, b.col)

    def horse(self, side: SideLike, number: int) -> str:
        """The cell text of horse `number` (1..n) of `side`."""
        return cell_name(*self.horse_coords(side, number))

    def horse_coords(self, side: SideLike, number: int) -> Cell:
        """The (row, col) of horse `number` (1..n) of `side`."""
        cell = C.herd_cell()
        s = self._side(side)
        number = check_int(number, "horse number")
        with self._using() as h:
            rc = self._lib.c.herd_horses_horse(h, s, number, byref(cell))
            self._const(rc, "%s has no horse %d" % (self.sides[s], number))
        return cell.row, cell.col

    def at(self, cell: CellLike) -> Optional[Tuple[Side, int]]:
        """(side, horse number) of the horse on `cell`, None when it is empty."""
        side, number = c_int(), c_int()
        c = cell_struct(cell)
        with self._using() as h:
            rc = self._lib.c.herd_horses_at(h, c, byref(side), byref(number))
            self._const(rc, "%s is not on the board" % (cell,))
        return None if side.value < 0 else (self.sides[side.value], number.value)

    def together(self, side: SideLike) -> bool:
        """True when `side`'s herd is together (its knight-move graph connected)."""
        return bool(self._get_int(self._lib.c.herd_horses_together, self._side(side)))

    def lines(self, side: SideLike) -> List[Tuple[int, int]]:
        """The connection lines (a, b) between `side`'s horses, a < b, sorted."""
        buf = (C.herd_horses_line * C.HORSES_MAX_LINES)()
        n = c_size_t()
        s = self._side(side)
        with self._using() as h:
            self._const(self._lib.c.herd_horses_lines(h, s, buf, C.HORSES_MAX_LINES,
                                                      byref(n)))
        return [(buf[i].a, buf[i].b) for i in range(n.value)]

    def progress(self, side: SideLike) -> Tuple[int, int]:
        """(distance, parts) of `side`'s progress bar: the knight moves its closest
        horse needs to its target corner on an empty board, and the bar's parts."""
        distance, parts = c_int(), c_int()
        s = self._side(side)
        with self._using() as h:
            self._const(self._lib.c.herd_horses_progress(h, s, byref(distance), byref(parts)))
        return distance.value, parts.value

    def log_line(self, number: int, move: MoveLike) -> str:
        """The moves-log line of `move` played as action `number` (from 1),
        e.g. "3. Green moved horse 0: a3 -> b5". Call it right after playing it."""
        number = check_int(number, "log line number", 0, C.UINT_MAX)
        with self._using() as h:
            value = self._value(h, move)
        return self._text(self._lib.c.herd_horses_log_line, number, value)

    def history_line(self, i: int) -> str:
        """The moves-log line of history entry `i` (from 0, as history_move()
        numbers them), numbered i + 1: the line log_line() gave when that move
        was played, so that a log drawn from the history needs no numbers of
        its own and nothing to trim after undo() (herd_horses_history_line;
        RangeError for i past the history)."""
        i = check_int(i, "history entry", 0, C.SIZE_MAX)
        return self._text(self._lib.function("herd_horses_history_line"), i)

    def target(self, side: SideLike) -> str:
        """The cell `side` must reach to win: Green the bottom-right cell, Red a1."""
        return cell_name(*self.target_coords(side))

    def target_coords(self, side: SideLike) -> Cell:
        """The corner `side` makes for, as (row, col): the bottom-right one
        for side 0, a1 for side 1."""
        opt = self.options
        return (opt["h"] - 1, opt["w"] - 1) if self._side(side) == 0 else (0, 0)

    def moves_from(self, cell: CellLike) -> List[Move]:
        """The legal moves of the horse on `cell` (none when it is not the side
        to move's, or it cannot move), in the library's order."""
        start = parse_cell(cell)
        return [m for m in self.legal() if self.move_coords(m)[0] == start]

    def movable(self) -> List[int]:
        """The numbers of the side to move's horses that have a legal move."""
        st = self.status
        if st.result is not Result.ONGOING or st.side is None:
            return []
        froms = {self.move_coords(m)[0] for m in self.legal()}
        n = self.options["n"]
        return [i for i in range(1, n + 1) if self.horse_coords(st.side, i) in froms]

    # ------------------------------------------------------------ picture

    def _draw_svg(self, d: Drawing, options: Dict[str, Any]) -> None:
        opt = self.options
        w, h, n = opt["w"], opt["h"], opt["n"]
        grid = Grid(h, w, 40.0, options["coordinates"])
        cs = grid.size
        grid.begin(d)
        for r in range(h):
            for c in range(w):
                shade = COLORS["light"] if (r + c) % 2 == 0 else COLORS["dark"]
                grid.square(d, (r, c), fill=shade, class_="cell", id=cell_name(r, c))
        last = options["lastmove"]
        if last is not None:
            for rc in self.move_coords(last):
                if grid.contains(rc):
                    grid.square(d, rc, fill=COLORS["lastmove"], fill_opacity="0.6",
                                class_="lastmove")
        sides = self.sides
        for side in sides:  # target corners, outlined in the colour of who aims there
            grid.square(d, self.target_coords(side), inset=2.0, fill="none",
                        stroke=COLORS[side.value], stroke_width=3.0, class_="target")
        cells = {side: [self.horse_coords(side, i) for i in range(1, n + 1)] for side in sides}
        for side in sides:
            for a, b in self.lines(side):
                (xa, ya), (xb, yb) = (grid.centre(cells[side][a - 1]),
                                      grid.centre(cells[side][b - 1]))
                d.line(xa, ya, xb, yb, stroke=COLORS[side.value], stroke_width=1.5,
                       class_="connection")
        st = self.status
        movable = set(self.movable()) if st.result is Result.ONGOING else set()
        for side in sides:
            for i, rc in enumerate(cells[side], 1):
                x, y = grid.centre(rc)
                faded = side == st.side and st.result is Result.ONGOING and i not in movable
                d.piece(x, y, cs * 0.36, COLORS[side.value], str(i % 10),
                        fill_opacity="0.35" if faded else None,
                        stroke_dasharray="3,2" if faded else None,
                        class_="horse faded" if faded else "horse")
        selected = options["selected"]
        if selected is not None:
            sel = parse_cell(selected)
            targets = sorted(self.move_coords(m)[1] for m in self.moves_from(sel))
            d.selection(grid.centre(sel), [grid.centre(rc) for rc in targets], cs)
