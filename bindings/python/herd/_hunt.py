"""What the two hunt boards share (herd/hare.h, herd/fox.h): points on a grid
joined by lines, pieces standing on points. Hunt is the base of
Hare and Fox, and draws their pictures."""
from __future__ import annotations

from ctypes import byref, c_int
from typing import Any, ClassVar, Dict, List, Optional, Tuple

from . import _capi as C
from ._errors import ArgumentError
from ._game import CellLike, Game, MoveLike, cell_name, cell_struct, parse_cell
from ._svg import COLORS, Drawing, Grid
from ._values import Move, Side

__all__ = ["Hunt"]

Cell = Tuple[int, int]


class Hunt(Game):
    """The base of the hunt games (Hare, Fox): the board's points and
    lines, who stands where, each move's path and a piece's targets, and the
    picture. Not a game of its own: Game("hare") and Game("fox") give its
    subclasses."""

    #: The number of points and of lines of the board.
    POINTS: ClassVar[int]
    LINES: ClassVar[int]
    # The C functions herd_GAME_point, herd_GAME_line and herd_GAME_at.
    _POINT_FN: ClassVar[str]
    _LINE_FN: ClassVar[str]
    _AT_FN: ClassVar[str]
    _SVG_SELECTS = True

    # ------------------------------------------------------------ board

    @property
    def point_coords(self) -> List[Cell]:
        """The board's points as (row, col) pairs, in the byte order of their
        names (herd_GAME_point)."""
        fn = getattr(self._lib.c, self._POINT_FN)
        cell = C.herd_cell()
        out = []
        for i in range(self.POINTS):
            self._const(fn(i, byref(cell)))
            out.append((cell.row, cell.col))
        return out

    @property
    def points(self) -> List[str]:
        """The board's points as cell texts, in byte order: ["a2", "b1", ...]."""
        return [cell_name(*rc) for rc in self.point_coords]

    @property
    def board_line_coords(self) -> List[Tuple[Cell, Cell]]:
        """The board's lines, each as its two points (row, col), the upper (or
        left) one first (herd_GAME_line)."""
        fn = getattr(self._lib.c, self._LINE_FN)
        a, b = C.herd_cell(), C.herd_cell()
        out = []
        for i in range(self.LINES):
            self._const(fn(i, byref(a), byref(b)))
            out.append(((a.row, a.col), (b.row, b.col)))
        return out

    @property
    def board_lines(self) -> List[Tuple[str, str]]:
        """The board's lines as pairs of cell texts: [("a2", "b1"), ...]."""
        return [(cell_name(*a), cell_name(*b)) for a, b in self.board_line_coords]

    def at(self, cell: CellLike) -> Optional[Side]:
        """The side standing on the point `cell`, None when it is empty;
        ArgumentError when the cell is no point of the board."""
        side = c_int()
        self._point(cell, side)
        return None if side.value < 0 else self.sides[side.value]

    def _point(self, cell: CellLike, side: Any = None) -> Any:
        """The herd_cell of `cell`, a point of the board (its side into
        `side`, a c_int): ArgumentError naming the points for any other cell,
        as herd_GAME_at() refuses it. The one check of at() and of the move
        builders, whose C calls take any cell of the 7x7 grid."""
        c = cell_struct(cell)
        with self._using() as h:
            rc = getattr(self._lib.c, self._AT_FN)(h, c, byref(side if side is not None
                                                                 else c_int()))
            if rc == C.E_ARG:
                raise ArgumentError(C.E_ARG, "%s is not a point of the board; the points of "
                                    "%s are %s" % (cell, self.name, " ".join(self.points)))
            self._const(rc)
        return c

    @property
    def pieces(self) -> Dict[str, Side]:
        """Every occupied point and the side standing on it, in byte order."""
        fn = getattr(self._lib.c, self._AT_FN)
        side = c_int()
        out = {}
        points = self.point_coords
        with self._using() as h:
            sides = self.sides
            for rc in points:
                self._const(fn(h, C.herd_cell(*rc), byref(side)))
                if side.value >= 0:
                    out[cell_name(*rc)] = sides[side.value]
        return out

    # ------------------------------------------------------------ moves

    def move_path_coords(self, move: MoveLike) -> List[Cell]:
        """The points a move visits, (row, col) pairs from its start: the two
        of a step or a jump; none for an action that moves no piece (the
        fox's stop)."""
        raise NotImplementedError

    def move_path(self, move: MoveLike) -> List[str]:
        """The points a move visits, as cell texts from its start."""
        return [cell_name(*rc) for rc in self.move_path_coords(move)]

    def moves_from(self, cell: CellLike) -> List[Move]:
        """The legal moves of the piece on `cell`, in the library's order: none
        when it is not the side to move's or cannot move."""
        start = parse_cell(cell)
        return [m for m in self.legal() if self.move_path_coords(m)[:1] == [start]]

    def destination_coords(self, cell: CellLike) -> List[Cell]:
        """The points where the legal moves of the piece on `cell` end, each
        once, in the order of its moves."""
        out: List[Cell] = []
        for m in self.moves_from(cell):
            end = self.move_path_coords(m)[-1]
            if end not in out:
                out.append(end)
        return out

    def destinations(self, cell: CellLike) -> List[str]:
        """The points where the legal moves of the piece on `cell` end, as texts."""
        return [cell_name(*rc) for rc in self.destination_coords(cell)]

    # ------------------------------------------------------------ picture

    def _caption(self) -> str:
        """The line under the picture: the status and the game's own figure."""
        return str(self.status)

    def _draw_marks(self, d: Drawing, grid: Grid) -> None:
        """Marks of a state of the game's own, over the pieces (none here)."""

    def _draw_svg(self, d: Drawing, options: Dict[str, Any]) -> None:
        points = self.point_coords
        grid = Grid(max(r for r, _ in points) + 1, max(c for _, c in points) + 1, 56.0,
                    options["coordinates"], caption=True)
        size = grid.size
        grid.begin(d)
        for a, b in self.board_line_coords:
            (xa, ya), (xb, yb) = grid.centre(a), grid.centre(b)
            d.line(xa, ya, xb, yb, stroke=COLORS["line"], stroke_width=2.0, class_="line")
        last = options["lastmove"]
        if last is not None:
            path = [rc for rc in self.move_path_coords(last) if grid.contains(rc)]
            for a, b in zip(path, path[1:]):
                (xa, ya), (xb, yb) = grid.centre(a), grid.centre(b)
                d.line(xa, ya, xb, yb, stroke=COLORS["lastmove"], stroke_width=6.0,
                       stroke_linecap="round", class_="lastmove-path")
            for rc in path:
                x, y = grid.centre(rc)
                d.circle(x, y, size * 0.4, fill=COLORS["lastmove"], fill_opacity="0.7",
                         class_="lastmove")
        for rc in points:
            x, y = grid.centre(rc)
            d.circle(x, y, 4.0, fill=COLORS["line"], class_="point", id=cell_name(*rc))
        for name, side in self.pieces.items():
            x, y = grid.centre(parse_cell(name))
            d.piece(x, y, size * 0.3, COLORS[side.value], class_="piece " + side.value)
        self._draw_marks(d, grid)
        selected = options["selected"]
        if selected is not None:
            d.selection(grid.centre(parse_cell(selected)),
                        [grid.centre(rc) for rc in self.destination_coords(selected)], size)
        grid.caption(d, self._caption())
