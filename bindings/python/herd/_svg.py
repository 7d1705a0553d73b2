"""Boards as SVG: herd.svg(game, ...) and Game._repr_svg_() (Jupyter).

The picture is plain SVG 1.1: shapes, and text in the generic font families
that every SVG renderer knows (sans-serif, monospace); no scripts, no
embedded or named fonts, no external references. Each game's class draws its
own board into a Drawing (Game._draw_svg) with the shared parts here: the
Grid of squares or points with its coordinates and caption, pieces with a
label, the selection ring and its lettered targets; a game without its own
picture gets its show() text.
"""
from __future__ import annotations

import math
import os
from typing import Any, Dict, List, Optional, Tuple, Union
from xml.sax.saxutils import escape, quoteattr

from . import _capi as C
from ._errors import ArgumentError

__all__ = ["Drawing", "Grid", "svg", "COLORS"]

SVG_NS = "http://www.w3.org/2000/svg"

# Colours by side name, and of the board's parts.
COLORS: Dict[str, str] = {
    "green": "#2e8b3e", "red": "#c8322b", "blue": "#2f5fbf",
    "black": "#222222", "white": "#f4f4f4",
    "hare": "#9a6b3f", "hounds": "#4a4a4a", "fox": "#d2691e", "geese": "#f4f4f4",
    "light": "#f0e6cc", "dark": "#c9b48a", "line": "#555555", "text": "#333333",
    "selected": "#ffd400", "lastmove": "#ffe066", "empty": "#e8e2d0", "chain": "#c8322b",
}


def _num(v: float) -> str:
    """A coordinate: at most two decimals, no trailing zeros."""
    text = "%.2f" % v
    return text.rstrip("0").rstrip(".") if "." in text else text


class Drawing:
    """SVG elements in user units; the game's drawer calls view() once with
    its extent, then adds shapes. Values are escaped: the result is always
    well-formed XML."""

    def __init__(self) -> None:
        self.width = 100.0
        self.height = 100.0
        self._items: List[str] = []

    def view(self, width: float, height: float) -> None:
        self.width, self.height = float(width), float(height)

    def element(self, tag: str, attrs: Dict[str, Any], text: Optional[str] = None) -> None:
        parts = ["<" + tag]
        for key, value in attrs.items():
            if value is None:
                continue
            if isinstance(value, float):
                value = _num(value)
            # class_ -> class, fill_opacity -> fill-opacity, xml__space -> xml:space
            name = key.rstrip("_").replace("__", ":").replace("_", "-")
            parts.append(" %s=%s" % (name, quoteattr(str(value))))
        if text is None:
            parts.append("/>")
        else:
            parts.append(">%s</%s>" % (escape(text), tag))
        self._items.append("".join(parts))

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self.element("rect", dict(x=float(x), y=float(y), width=float(w), height=float(h),
                                  **attrs))

    def circle(self, cx: float, cy: float, r: float, **attrs: Any) -> None:
        self.element("circle", dict(cx=float(cx), cy=float(cy), r=float(r), **attrs))

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self.element("line", dict(x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2),
                                  **attrs))

    def polygon(self, points: List[Tuple[float, float]], **attrs: Any) -> None:
        self.element("polygon", dict(points=" ".join("%s,%s" % (_num(x), _num(y))
                                                     for x, y in points), **attrs))

    def text(self, x: float, y: float, text: str, size: float, **attrs: Any) -> None:
        attrs.setdefault("font_family", "sans-serif")
        attrs.setdefault("text_anchor", "middle")
        attrs.setdefault("dominant_baseline", "central")
        attrs.setdefault("fill", COLORS["text"])
        self.element("text", dict(x=float(x), y=float(y), font_size=float(size), **attrs), text)

    def piece(self, x: float, y: float, radius: float, fill: str, label: Optional[str] = None,
              label_fill: str = "#ffffff", **attrs: Any) -> None:
        """A piece: a disc outlined in black, with `label` (a horse's digit, a
        stone's range) written on it in bold."""
        attrs.setdefault("stroke", "#000000")
        attrs.setdefault("stroke_width", 1.5)
        self.circle(x, y, radius, fill=fill, **attrs)
        if label is not None:
            self.text(x, y, label, radius * 1.15, fill=label_fill, font_weight="bold")

    def selection(self, at: Tuple[float, float], targets: List[Tuple[float, float]],
                  size: float) -> None:
        """The selected piece at `at` ringed in yellow, and the points it can
        move to as dotted circles lettered a, b, c, ... in the order given
        (`size`: the board's cell size)."""
        self.circle(at[0], at[1], size * 0.44, fill="none", stroke=COLORS["selected"],
                    stroke_width=4.0, class_="selected")
        for k, (x, y) in enumerate(targets):
            self.circle(x, y, size * 0.3, fill="none", stroke="#000000", stroke_width=2.0,
                        stroke_dasharray="2,3", class_="target-dot")
            self.text(x, y, chr(ord("a") + k), size * 0.3)

    def chain(self, at: Tuple[float, float], targets: List[Tuple[float, float]],
              size: float) -> None:
        """A piece in the middle of its turn (the fox in a jump chain) at `at`:
        ringed in red, outside a selection's ring, and the points where it
        can go on as dashed red circles, larger than a selection's targets."""
        red = COLORS["chain"]
        self.circle(at[0], at[1], size * 0.49, fill="none", stroke=red, stroke_width=3.0,
                    class_="chain")
        for x, y in targets:
            self.circle(x, y, size * 0.38, fill="none", stroke=red, stroke_width=2.0,
                        stroke_dasharray="6,3", class_="chain-target")

    def text_board(self, board: str) -> None:
        """A board drawn as text (a game without its own picture)."""
        lines = board.split("\n")
        size = 14.0
        columns = max([len(s) for s in lines] + [1])
        self.view(columns * size * 0.6 + 20, len(lines) * size * 1.2 + 20)
        self.rect(0, 0, self.width, self.height, fill="#ffffff")
        for i, line in enumerate(lines):
            self.text(10, 10 + (i + 0.5) * size * 1.2, line, size, font_family="monospace",
                      text_anchor="start", xml__space="preserve")

    def tostring(self, size: Optional[float] = None) -> str:
        width = float(size) if size else self.width
        height = width * self.height / self.width
        head = ('<svg xmlns="%s" version="1.1" width="%s" height="%s" viewBox="0 0 %s %s">'
                % (SVG_NS, _num(width), _num(height), _num(self.width), _num(self.height)))
        return "\n".join([head] + self._items + ["</svg>"]) + "\n"


Cell = Tuple[int, int]


class Grid:
    """The layout of a board of `rows` x `cols` squares of side `size`: a
    square grid, or the points of a hunt board at the squares' centres. It
    leaves a margin for the row letters (left) and column numbers (top) when
    `coordinates`, and a line below the board for a caption when `caption`."""

    CAPTION = 24.0

    def __init__(self, rows: int, cols: int, size: float, coordinates: bool,
                 caption: bool = False) -> None:
        self.rows, self.cols, self.size = rows, cols, float(size)
        self.coordinates = coordinates
        self.margin = 20.0 if coordinates else 4.0
        self.width = cols * self.size + 2 * self.margin
        self.height = rows * self.size + 2 * self.margin + (self.CAPTION if caption else 0.0)

    def corner(self, rc: Cell) -> Tuple[float, float]:
        """The top-left corner of the square of (row, col)."""
        return self.margin + rc[1] * self.size, self.margin + rc[0] * self.size

    def centre(self, rc: Cell) -> Tuple[float, float]:
        """The centre of the square of (row, col): where its point or piece is."""
        x, y = self.corner(rc)
        return x + self.size / 2, y + self.size / 2

    def contains(self, rc: Cell) -> bool:
        return 0 <= rc[0] < self.rows and 0 <= rc[1] < self.cols

    def begin(self, d: "Drawing") -> None:
        """Sets the drawing's extent, paints the background and, when asked,
        writes the row letters and column numbers."""
        d.view(self.width, self.height)
        d.rect(0, 0, self.width, self.height, fill="#ffffff")
        if self.coordinates:
            for r in range(self.rows):
                d.text(self.margin / 2, self.centre((r, 0))[1], chr(ord("a") + r), 12)
            for c in range(self.cols):
                d.text(self.centre((0, c))[0], self.margin / 2, str(c + 1), 12)

    def square(self, d: "Drawing", rc: Cell, inset: float = 0.0, **attrs: Any) -> None:
        """The square of (row, col), `inset` from its edges."""
        x, y = self.corner(rc)
        d.rect(x + inset, y + inset, self.size - 2 * inset, self.size - 2 * inset, **attrs)

    def caption(self, d: "Drawing", text: str) -> None:
        """A line of text under the board (the status, the counts), in a size
        that fits the board's width (a sans-serif glyph is about 0.6 em wide)."""
        size = min(12.0, (self.width - 8) / (0.6 * max(len(text), 1)))
        d.text(self.width / 2, self.height - self.CAPTION / 2, text, size, class_="caption")


def svg(game: Any, size: Optional[float] = None, coordinates: bool = True,
        lastmove: Any = None, selected: Any = None,
        path: Union[str, "os.PathLike[str]", None] = None) -> str:
    """The board of `game` as an SVG document (a str).

    size:        the picture's width in pixels (default: the board's natural size);
    coordinates: draw the row letters and column numbers;
    lastmove:    a move (Move, text or int) to mark, e.g. game.last_move;
    selected:    a piece's cell (games with pieces: horses, hare, fox, flock) to
                 ring, with the points it can move to drawn as dotted circles
                 lettered a, b, c, ...; an empty cell is ringed with no points;
                 ArgumentError for a cell off the board or a game without pieces;
    path:        also write the document to this file.

    ArgumentError (a ValueError) for a size that is not a finite number > 0.
    """
    options: Dict[str, Any] = {"coordinates": bool(coordinates), "lastmove": None,
                               "selected": selected}
    if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float))
                             or not 0 < size < math.inf):
        raise ArgumentError(C.E_ARG, "size %r is out of range: a width in pixels, a finite "
                            "number > 0" % (size,))
    if selected is not None:
        if not game._SVG_SELECTS:
            raise ArgumentError(C.E_ARG, "selected: %s has no pieces to select" % game.name)
        game.at(selected)  # ArgumentError for a cell off the board
    if lastmove is not None:
        options["lastmove"] = game.parse_move(lastmove)
    d = Drawing()
    with game._using():  # one position throughout, whatever other threads play
        game._draw_svg(d, options)
    text = d.tostring(size)
    if path is not None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return text
