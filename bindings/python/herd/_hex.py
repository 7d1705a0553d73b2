"""Herd on a hexhex board (herd/hex.h): the class Hex and its picture."""
from __future__ import annotations

import math
import re
from ctypes import byref, c_int, c_uint64
from typing import Any, Dict, Optional, Tuple

from . import _capi as C
from ._game import CellLike, Game, SideLike, cell_name, parse_cell
from ._svg import COLORS, Drawing
from ._values import Phase, Side

__all__ = ["Hex"]

_PHASES = {0: Phase.ROLL, 1: Phase.REMOVE, 2: Phase.PLACE}
_CELL_ACTION = re.compile(r"[-+]([a-z][0-9]+)\Z")


class Hex(Game):
    """Herd on a hexhex board (herd/hex.h): ``Hex(size=5, seed=0)`` or
    ``Game("hex", ...)``. Sides are Side.RED (0, acts first) and Side.BLUE (1);
    cells are texts ("e5") or (row, position in the row) pairs from 0."""

    game = "hex"

    @property
    def size(self) -> int:
        """The board side N (2..13)."""
        return self._get_int(self._lib.c.herd_hex_size)

    @property
    def cell_count(self) -> int:
        """The number of cells, 3N*N - 3N + 1."""
        return self._get_int(self._lib.c.herd_hex_cell_count)

    @property
    def row_count(self) -> int:
        """The number of rows, 2N - 1."""
        return 2 * self.size - 1

    def row_length(self, row: int) -> int:
        """The number of cells of row `row` (from 0)."""
        row = parse_cell((row, 0))[0]
        return self._get_int(self._lib.c.herd_hex_row_length, row,
                             message="row %d is not on the board" % row)

    @property
    def phase(self) -> Phase:
        """Phase.ROLL, REMOVE or PLACE (an ended game stays in ROLL)."""
        return _PHASES[self._get_int(self._lib.c.herd_hex_phase)]

    @property
    def dice(self) -> Optional[Tuple[int, int]]:
        """(lower, higher) die of the turn, None while rolling."""
        lo, hi = c_int(), c_int()
        with self._using() as h:
            self._const(self._lib.c.herd_hex_dice(h, byref(lo), byref(hi)))
        return None if lo.value == 0 else (lo.value, hi.value)

    @property
    def left(self) -> int:
        """Removals left (phase remove), placements left (phase place), 0 while rolling."""
        return self._get_int(self._lib.c.herd_hex_left)

    @property
    def turns(self) -> int:
        """The number of turns completed."""
        t = c_uint64()
        with self._using() as h:
            self._const(self._lib.c.herd_hex_turns(h, byref(t)))
        return t.value

    def at(self, cell: CellLike) -> Optional[Side]:
        """The side holding `cell`, None when it is empty."""
        side = c_int()
        row, col = parse_cell(cell)
        with self._using() as h:
            rc = self._lib.c.herd_hex_at(h, C.herd_cell(row, col), byref(side))
            self._const(rc, "%s is not on the board" % (cell,))
        return None if side.value < 0 else self.sides[side.value]

    def stones(self, side: SideLike) -> int:
        """The number of stones `side` has on the board."""
        return self._get_int(self._lib.c.herd_hex_stones, self._side(side))

    # ------------------------------------------------------------ picture

    def _draw_svg(self, d: Drawing, options: Dict[str, Any]) -> None:
        n = self.size
        rows = 2 * n - 1
        lengths = [self.row_length(r) for r in range(rows)]
        radius = 20.0
        cw = math.sqrt(3) * radius  # a pointy-top hexagon's width
        margin = 24.0 if options["coordinates"] else 4.0
        width = max(lengths) * cw + 2 * margin
        height = (1.5 * (rows - 1) + 2) * radius + 2 * margin + 24
        d.view(width, height)
        d.rect(0, 0, width, height, fill="#ffffff")
        last = options["lastmove"]
        last_cell = None
        if last is not None:
            m = _CELL_ACTION.match(last.text)
            if m:
                last_cell = m.group(1)
        for r, length in enumerate(lengths):
            y = margin + radius + r * 1.5 * radius
            x_first = margin + (max(lengths) - length) * cw / 2 + cw / 2
            if options["coordinates"]:
                d.text(x_first - cw / 2 - margin / 2 + 4, y, chr(ord("a") + r), 12)
            for c in range(length):
                x = x_first + c * cw
                corners = [(x + radius * math.cos(math.radians(60 * k - 30)),
                            y + radius * math.sin(math.radians(60 * k - 30))) for k in range(6)]
                name = cell_name(r, c)
                d.polygon(corners, fill=COLORS["empty"], stroke=COLORS["line"],
                          stroke_width=1.0, class_="cell", id=name)
                if name == last_cell:
                    d.polygon(corners, fill=COLORS["lastmove"], fill_opacity="0.7",
                              stroke="none", class_="lastmove")
                side = self.at((r, c))
                if side is not None:
                    d.circle(x, y, radius * 0.7, fill=COLORS[side.value], stroke="#000000",
                             stroke_width=1.0, class_="stone")
                elif options["coordinates"]:
                    d.text(x, y, name, 8, fill="#999999")
        st = self.status
        dice = self.dice
        words = [str(st)]
        if dice is not None:
            words.append("dice %d,%d, %s %d left" % (dice[0], dice[1], self.phase, self.left))
        d.text(width / 2, height - 14, "; ".join(words), 12)
