"""A deliberately simple, independent reference for Herd of Horses (`horses`).

Written from docs/horses.md and docs/protocol.md only, without
looking at the C library: the protocol test compares the `herd` program with
it. Clarity beats speed here; nothing is cached or incremental.

Coordinates are (row, col), both from 0: row 0 is `a` (top), col 0 is `1`
(left). Side 0 is green (starts at a1, wins on the bottom-right cell), side 1
is red (starts at the bottom-right cell, wins on a1).
"""

import re

GREEN, RED = 0, 1
SIDE_NAMES = ("green", "red")

MIN_W, MAX_W = 8, 30
MIN_H, MAX_H = 8, 20
MIN_N, MAX_N = 4, 10

KNIGHT = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


class RefError(ValueError):
    """A text that the rules or the protocol refuse."""


def cell_name(cell):
    r, c = cell
    return "%s%d" % (chr(ord("a") + r), c + 1)


_CELL_RE = re.compile(r"^([a-z])([1-9][0-9]*)$")


def parse_cell(text):
    """A cell text to (row, col); says nothing about the board size."""
    m = _CELL_RE.match(text)
    if not m:
        raise RefError("bad cell %r" % text)
    return (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)


def is_knight_jump(a, b):
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr, dc) in ((1, 2), (2, 1))


def together(cells):
    """True when the knight-move graph over `cells` is connected (flood fill)."""
    cells = set(cells)
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc in KNIGHT:
            nb = (r + dr, c + dc)
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


class Position:
    """w, h, turn (0/1) and horses[side][i]: the cell of horse i+1 of side.
    Treat a Position as immutable once built: apply() returns a new one, and
    the legal moves are remembered per side."""

    def __init__(self, w, h, turn, green, red):
        self.w = w
        self.h = h
        self.turn = turn
        self.horses = [list(green), list(red)]
        self._moves = {}

    def copy(self):
        return Position(self.w, self.h, self.turn, self.horses[0], self.horses[1])

    def __eq__(self, other):
        return (isinstance(other, Position) and self.w == other.w and self.h == other.h
                and self.turn == other.turn and self.horses == other.horses)

    def __repr__(self):
        return "Position(%r)" % self.text()

    @property
    def n(self):
        return len(self.horses[0])

    def corner(self, side):
        """The cell that `side` must reach."""
        return (self.h - 1, self.w - 1) if side == GREEN else (0, 0)

    def on_board(self, cell):
        return 0 <= cell[0] < self.h and 0 <= cell[1] < self.w

    def occupant(self, cell):
        """(side, index) of the horse on `cell`, or None."""
        for side in (GREEN, RED):
            for i, c in enumerate(self.horses[side]):
                if c == cell:
                    return (side, i)
        return None

    # ---- texts ---------------------------------------------------------

    def text(self):
        return "horses w=%d h=%d turn=%s green=%s red=%s" % (
            self.w, self.h, SIDE_NAMES[self.turn],
            ",".join(cell_name(c) for c in self.horses[0]),
            ",".join(cell_name(c) for c in self.horses[1]))

    # ---- rules ---------------------------------------------------------

    def problems(self):
        """What breaks the invariants of a position (empty list when none)."""
        out = []
        if not (MIN_W <= self.w <= MAX_W):
            out.append("w=%d out of range" % self.w)
        if not (MIN_H <= self.h <= MAX_H):
            out.append("h=%d out of range" % self.h)
        if len(self.horses[0]) != len(self.horses[1]):
            out.append("sides have different horse counts")
        for side in (GREEN, RED):
            if not (MIN_N <= len(self.horses[side]) <= MAX_N):
                out.append("%s has %d horses" % (SIDE_NAMES[side], len(self.horses[side])))
        all_cells = self.horses[0] + self.horses[1]
        for c in all_cells:
            if not self.on_board(c):
                out.append("%s is off the board" % cell_name(c))
        if len(set(all_cells)) != len(all_cells):
            out.append("two horses on one cell")
        for side in (GREEN, RED):
            if not together(self.horses[side]):
                out.append("%s herd is not together" % SIDE_NAMES[side])
        return out

    def corner_winner(self):
        """GREEN/RED when a horse stands on its target corner, None otherwise.
        Both at once cannot arise in play; it is reported as 'both'."""
        g = self.corner(GREEN) in self.horses[GREEN]
        r = self.corner(RED) in self.horses[RED]
        if g and r:
            return "both"
        if g:
            return GREEN
        if r:
            return RED
        return None

    def moves_for(self, side):
        """Every legal (from, to) pair of `side`, ignoring whose turn it is
        and whether the game has ended."""
        if side in self._moves:
            return self._moves[side]
        occupied = set(self.horses[0]) | set(self.horses[1])
        out = []
        for i, frm in enumerate(self.horses[side]):
            for dr, dc in KNIGHT:
                to = (frm[0] + dr, frm[1] + dc)
                if not self.on_board(to) or to in occupied:
                    continue
                herd = list(self.horses[side])
                herd[i] = to
                if together(herd):
                    out.append((frm, to))
        self._moves[side] = out
        return out

    def status(self):
        """('ongoing', side) / ('win', side, reason); the protocol's text via status_text()."""
        cw = self.corner_winner()
        if cw == "both":
            return ("ambiguous",)
        if cw is not None:
            return ("win", cw, "corner")
        if not self.moves_for(self.turn):
            return ("win", 1 - self.turn, "no-moves")
        return ("ongoing", self.turn)

    def status_text(self):
        st = self.status()
        if st[0] == "ongoing":
            return "ongoing " + SIDE_NAMES[st[1]]
        if st[0] == "win":
            return "win %s %s" % (SIDE_NAMES[st[1]], st[2])
        return None  # ambiguous: both corners taken (never in play)

    def ended(self):
        return self.status()[0] != "ongoing"

    def legal_texts(self):
        """The legal move texts, sorted in byte order; none once the game has ended."""
        if self.ended():
            return []
        return sorted(move_text(m) for m in self.moves_for(self.turn))

    def apply(self, mtext):
        """The position after the move text `mtext`; RefError when not legal."""
        if mtext not in self.legal_texts():
            raise RefError("illegal move %r" % mtext)
        frm, to = parse_move(mtext)
        side = self.turn
        i = self.horses[side].index(frm)
        horses = [list(self.horses[0]), list(self.horses[1])]
        horses[side][i] = to
        return Position(self.w, self.h, 1 - side, horses[0], horses[1])

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_texts()
        if depth == 1:
            return len(moves)
        return sum(self.apply(m).perft(depth - 1) for m in moves)


def move_text(move):
    frm, to = move
    return "%s-%s" % (cell_name(frm), cell_name(to))


def parse_move(text):
    parts = text.split("-")
    if len(parts) != 2:
        raise RefError("bad move %r" % text)
    return parse_cell(parts[0]), parse_cell(parts[1])


_POS_RE = re.compile(
    r"^horses w=(0|[1-9][0-9]*) h=(0|[1-9][0-9]*) turn=(green|red) "
    r"green=([a-z0-9,]+) red=([a-z0-9,]+)$")


def parse_position(text, check=True):
    """A position text (protocol.md) to a Position; RefError when the text is
    malformed or, with `check`, when it breaks the rules' invariants."""
    m = _POS_RE.match(text)
    if not m:
        raise RefError("malformed position text %r" % text)
    w, h = int(m.group(1)), int(m.group(2))
    turn = SIDE_NAMES.index(m.group(3))
    green = [parse_cell(t) for t in m.group(4).split(",")]
    red = [parse_cell(t) for t in m.group(5).split(",")]
    pos = Position(w, h, turn, green, red)
    if check:
        probs = pos.problems()
        if probs:
            raise RefError("; ".join(probs))
    return pos


def start_problems(pos, w, h, n):
    """What a fresh `new horses w=W h=H n=N` position gets wrong (docs/horses.md)."""
    out = list(pos.problems())
    if (pos.w, pos.h, pos.n) != (w, h, n):
        out.append("size/count is %dx%d n=%d, asked %dx%d n=%d" % (pos.w, pos.h, pos.n, w, h, n))
        return out
    if pos.turn != GREEN:
        out.append("green does not move first")
    if pos.horses[GREEN][0] != (0, 0):
        out.append("green horse 1 is not on a1")
    if pos.horses[RED][0] != (h - 1, w - 1):
        out.append("red horse 1 is not on the bottom-right cell")
    for c in pos.horses[GREEN]:
        if not (c[0] < 6 and c[1] < 6):
            out.append("green horse on %s is outside the 6x6 box at a1" % cell_name(c))
    for c in pos.horses[RED]:
        if not (c[0] >= h - 6 and c[1] >= w - 6):
            out.append("red horse on %s is outside the 6x6 box at the bottom-right" % cell_name(c))
    for side in (GREEN, RED):
        if not pos.moves_for(side):
            out.append("%s has no legal move at the start" % SIDE_NAMES[side])
    if pos.corner_winner() is not None:
        out.append("a side already stands on its target corner")
    return out


def random_herd(rng, w, h, n, blocked, anchor=None):
    """n cells forming a together herd on a w x h board, avoiding `blocked`;
    grown from `anchor` (or a random cell) by random knight jumps. None on failure."""
    for _ in range(50):
        start = anchor or (rng.randrange(h), rng.randrange(w))
        if start in blocked:
            continue
        herd = [start]
        tries = 0
        while len(herd) < n and tries < 500:
            tries += 1
            base = rng.choice(herd)
            dr, dc = rng.choice(KNIGHT)
            c = (base[0] + dr, base[1] + dc)
            if 0 <= c[0] < h and 0 <= c[1] < w and c not in blocked and c not in herd:
                herd.append(c)
        if len(herd) == n:
            rng.shuffle(herd)
            return herd
    return None


def random_position(rng, w, h, n, turn=None):
    """A random position that keeps every invariant and where nobody stands
    on its target corner (the game may still be over by `no-moves`)."""
    while True:
        green = random_herd(rng, w, h, n, {(h - 1, w - 1)})
        if green is None:
            continue
        red = random_herd(rng, w, h, n, set(green) | {(0, 0)})
        if red is None:
            continue
        t = rng.randrange(2) if turn is None else turn
        pos = Position(w, h, t, green, red)
        assert not pos.problems(), pos.problems()
        return pos
