"""A deliberately simple, independent reference for Flock (`flock`).

Written from docs/flock.md and docs/protocol.md only, without
looking at the C library: the protocol test compares the `herd` program with
it. Clarity beats speed here.

Cells are (row, col) from 0: row 0 is `a` (top), col 0 is `1`. Black ('b')
starts on the bottom row and moves first; White ('w') starts on row `a`.

What a position text must keep (read from the rules; the runner's docstring
lists what is left open):
- w, h in 5..12; h rows of w cells of `.`, `b`, `w`;
- ply in 0..100 and turn = black on even plies, white on odd ones;
- captured=B,W: B stones taken by black, W by white, so that the board holds
  exactly start-W black and start-B white stones; at most one side has
  reached 3 (the game ends at the third capture); nothing captured at ply 0;
- last=M,M (black's, white's): `-` before that side's first move and a move
  after it (at ply 0 both `-`, at ply 1 black's a move and white's `-`); a move
  is a straight slide of 1..3 cells on the board; the stone that the side
  that moved last put there still stands there; the other side's stone is
  there or was captured (the cell is empty).
"""

import re

BLACK, WHITE = "black", "white"
SIDES = (BLACK, WHITE)
STONE = {BLACK: "b", WHITE: "w"}
EMPTY = "."

MIN_SIZE, MAX_SIZE = 5, 12
MOVE_LIMIT = 100
WIN_CAPTURES = 3
MAX_RANGE = 3
ORTHO = ((-1, 0), (1, 0), (0, -1), (0, 1))


class RefError(ValueError):
    """A text that the rules or the protocol refuse."""


def other(side):
    return WHITE if side == BLACK else BLACK


def cell_name(cell):
    return "%s%d" % (chr(ord("a") + cell[0]), cell[1] + 1)


_CELL_RE = re.compile(r"^([a-z])([1-9][0-9]*)$")


def parse_cell(text):
    m = _CELL_RE.match(text)
    if not m:
        raise RefError("bad cell %r" % text)
    return (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)


def move_text(frm, to):
    return "%s-%s" % (cell_name(frm), cell_name(to))


def parse_move(text):
    parts = text.split("-")
    if len(parts) != 2:
        raise RefError("bad move %r" % text)
    return parse_cell(parts[0]), parse_cell(parts[1])


def start_count(w):
    """Stones each side has at the start: a full row but the middle on odd widths."""
    return w if w % 2 == 0 else w - 1


def start_board(w, h):
    board = {}
    for r in range(h):
        for c in range(w):
            board[(r, c)] = EMPTY
    for c in range(w):
        if w % 2 == 1 and c == w // 2:
            continue
        board[(0, c)] = STONE[WHITE]
        board[(h - 1, c)] = STONE[BLACK]
    return board


class Position:
    """w, h, turn, ply, captured {side: n}, last {side: (from, to) or None},
    board {cell: '.', 'b' or 'w'}. Treat as immutable: apply() returns a new one."""

    def __init__(self, w, h, turn, ply, captured, last, board):
        self.w = w
        self.h = h
        self.turn = turn
        self.ply = ply
        self.captured = dict(captured)
        self.last = dict(last)
        self.board = dict(board)
        self._legal = None
        self._status = None
        self._sizes = None

    def text(self):
        def last(side):
            m = self.last[side]
            return "-" if m is None else move_text(*m)
        rows = ["".join(self.board[(r, c)] for c in range(self.w)) for r in range(self.h)]
        return "flock w=%d h=%d turn=%s ply=%d captured=%d,%d last=%s,%s board=%s" % (
            self.w, self.h, self.turn, self.ply, self.captured[BLACK], self.captured[WHITE],
            last(BLACK), last(WHITE), "/".join(rows))

    def __eq__(self, other_):
        return isinstance(other_, Position) and self.text() == other_.text()

    def __repr__(self):
        return "Position(%r)" % self.text()

    def on_board(self, cell):
        return 0 <= cell[0] < self.h and 0 <= cell[1] < self.w

    def count(self, side):
        return sum(1 for v in self.board.values() if v == STONE[side])

    # ---- rules ---------------------------------------------------------

    def flock_size(self, cell):
        """The number of stones of cell's colour joined to it orthogonally (flood fill)."""
        board = self.board  # holds the cells of the board only: get() is None off it
        colour = board[cell]
        seen = {cell}
        todo = [cell]
        while todo:
            r, c = todo.pop()
            for dr, dc in ORTHO:
                nb = (r + dr, c + dc)
                if nb not in seen and board.get(nb) == colour:
                    seen.add(nb)
                    todo.append(nb)
        return len(seen)

    def range_of(self, cell):
        if self._sizes is None:
            self._sizes = {}
        if cell not in self._sizes:
            self._sizes[cell] = self.flock_size(cell)
        return min(self._sizes[cell], MAX_RANGE)

    def moves_for(self, side):
        """Every (from, to) of `side`, turn and end ignored, the straight-back ban applied."""
        out = []
        banned = None
        if self.last[side] is not None:
            frm, to = self.last[side]
            banned = (to, frm)
        board = self.board  # get() is None off the board
        for cell, v in board.items():
            if v != STONE[side]:
                continue
            k = self.range_of(cell)
            for dr, dc in ORTHO:
                for step in range(1, k + 1):
                    to = (cell[0] + dr * step, cell[1] + dc * step)
                    if board.get(to) != EMPTY:
                        break
                    if (cell, to) != banned:
                        out.append((cell, to))
        return out

    def captures_by(self, frm, to, side):
        """The enemy stones that the stone moved from frm to `to` sandwiches."""
        own, enemy = STONE[side], STONE[other(side)]
        board = dict(self.board)
        board[frm] = EMPTY
        board[to] = own
        out = []
        for dr, dc in ORTHO:
            nb = (to[0] + dr, to[1] + dc)
            beyond = (to[0] + 2 * dr, to[1] + 2 * dc)
            if self.on_board(beyond) and board[nb] == enemy and board[beyond] == own:
                out.append(nb)
        return out

    def status(self):
        if self._status is None:
            self._status = self._find_status()
        return self._status

    def _find_status(self):
        for side in SIDES:
            if self.captured[side] >= WIN_CAPTURES:
                return ("win", side, "captured")
        if self.ply >= MOVE_LIMIT:
            b, w = self.count(BLACK), self.count(WHITE)
            if b == w:
                return ("draw", "move-limit")
            return ("win", BLACK if b > w else WHITE, "move-limit")
        if not self.moves_for(self.turn):
            return ("win", other(self.turn), "no-moves")
        return ("ongoing", self.turn)

    def status_text(self):
        st = self.status()
        if st[0] == "ongoing":
            return "ongoing " + st[1]
        if st[0] == "draw":
            return "draw " + st[1]
        return "win %s %s" % (st[1], st[2])

    def ended(self):
        return self.status()[0] != "ongoing"

    def legal_texts(self):
        if self._legal is None:
            if self.ended():
                self._legal = []
            else:
                self._legal = sorted(move_text(f, t) for f, t in self.moves_for(self.turn))
        return self._legal

    def apply(self, text):
        if text not in self.legal_texts():
            raise RefError("illegal move %r in %s" % (text, self.text()))
        frm, to = parse_move(text)
        side = self.turn
        caught = self.captures_by(frm, to, side)
        board = dict(self.board)
        board[frm] = EMPTY
        board[to] = STONE[side]
        for c in caught:
            board[c] = EMPTY
        captured = dict(self.captured)
        captured[side] += len(caught)
        last = dict(self.last)
        last[side] = (frm, to)
        return Position(self.w, self.h, other(side), self.ply + 1, captured, last, board)

    def captures_of(self, text):
        frm, to = parse_move(text)
        return len(self.captures_by(frm, to, self.turn))

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_texts()
        if depth == 1:
            return len(moves)
        return sum(self.apply(m).perft(depth - 1) for m in moves)

    # ---- invariants ----------------------------------------------------

    def problems(self):
        out = []
        if not (MIN_SIZE <= self.w <= MAX_SIZE and MIN_SIZE <= self.h <= MAX_SIZE):
            return ["size %dx%d out of 5..12" % (self.w, self.h)]
        if not (0 <= self.ply <= MOVE_LIMIT):
            out.append("ply=%d beyond 0..100" % self.ply)
        if self.turn != (BLACK if self.ply % 2 == 0 else WHITE):
            out.append("turn=%s does not fit ply=%d" % (self.turn, self.ply))
        n0 = start_count(self.w)
        for side in SIDES:
            if self.count(side) != n0 - self.captured[other(side)]:
                out.append("%d %s stones but %d captured by %s" % (
                    self.count(side), side, self.captured[other(side)], other(side)))
        if self.captured[BLACK] >= WIN_CAPTURES and self.captured[WHITE] >= WIN_CAPTURES:
            out.append("both sides have captured 3")
        if self.ply == 0 and (self.captured[BLACK] or self.captured[WHITE]):
            out.append("captures at ply 0")
        moved = {BLACK: (self.ply + 1) // 2, WHITE: self.ply // 2}
        for side in SIDES:
            m = self.last[side]
            if (m is None) != (moved[side] == 0):
                out.append("last move of %s does not fit ply=%d" % (side, self.ply))
                continue
            if self.captured[side] > 3 * moved[side]:
                out.append("%s captured more than its moves allow" % side)
            if m is None:
                continue
            frm, to = m
            d = (to[0] - frm[0], to[1] - frm[1])
            if not (self.on_board(frm) and self.on_board(to)) or (d[0] and d[1]) \
                    or not (1 <= abs(d[0]) + abs(d[1]) <= MAX_RANGE):
                out.append("last move %s is not a slide" % move_text(frm, to))
                continue
            there = self.board[to]
            mover_last = other(self.turn)
            if side == mover_last and self.ply > 0 and there != STONE[side]:
                out.append("the stone %s just moved to %s is not there" % (side, cell_name(to)))
            if there == STONE[other(side)]:
                out.append("an enemy stone on %s where %s last moved" % (cell_name(to), side))
        return out


_NUM = r"(0|[1-9][0-9]*)"
_MOVE = r"(-|[a-z][1-9][0-9]*-[a-z][1-9][0-9]*)"
_POS_RE = re.compile(r"^flock w=" + _NUM + r" h=" + _NUM + r" turn=(black|white) ply=" + _NUM
                     + r" captured=" + _NUM + "," + _NUM + r" last=" + _MOVE + "," + _MOVE
                     + r" board=([.bw/]+)$")


def parse_position(text, check=True):
    m = _POS_RE.match(text)
    if not m:
        raise RefError("malformed position text %r" % text)
    w, h = int(m.group(1)), int(m.group(2))
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise RefError("size out of range")
    rows = m.group(9).split("/")
    if len(rows) != h or any(len(r) != w for r in rows):
        raise RefError("board shape")
    board = {(r, c): rows[r][c] for r in range(h) for c in range(w)}
    last = {}
    for side, g in ((BLACK, m.group(7)), (WHITE, m.group(8))):
        last[side] = None if g == "-" else parse_move(g)
    pos = Position(w, h, m.group(3), int(m.group(4)),
                   {BLACK: int(m.group(5)), WHITE: int(m.group(6))}, last, board)
    if check:
        probs = pos.problems()
        if probs:
            raise RefError("; ".join(probs))
    return pos


def start_position(w=7, h=7):
    return Position(w, h, BLACK, 0, {BLACK: 0, WHITE: 0}, {BLACK: None, WHITE: None},
                    start_board(w, h))


def random_position(rng, w=None, h=None):
    """A random position that keeps the invariants listed above (reached in
    play or not; the game may be over)."""
    while True:
        W = w or rng.randint(MIN_SIZE, MAX_SIZE)
        H = h or rng.randint(MIN_SIZE, MAX_SIZE)
        n0 = start_count(W)
        r = rng.random()
        ply = rng.randint(2, 99) if r < 0.8 else rng.choice((1, 98, 99, 100, 100))
        cap = {BLACK: rng.choice((0, 0, 1, 2, 2, 3)), WHITE: rng.choice((0, 0, 1, 2, 2))}
        if rng.random() < 0.5:
            cap = {BLACK: cap[WHITE], WHITE: cap[BLACK]}
        # a side with 3 captures made the last move (the game ended with it)
        for side in SIDES:
            if cap[side] >= WIN_CAPTURES and (ply % 2 == 1) != (side == BLACK):
                ply = ply + 1 if ply < MOVE_LIMIT else ply - 1
        moved = {BLACK: (ply + 1) // 2, WHITE: ply // 2}
        for side in SIDES:
            cap[side] = min(cap[side], 3 * moved[side])
        cells = [(rr, cc) for rr in range(H) for cc in range(W)]
        rng.shuffle(cells)
        if rng.random() < 0.6:
            # stones in clumps now and then: black lower, white higher
            cells.sort(key=lambda x: x[0] + rng.random() * H * 0.8)
        nb, nw = n0 - cap[WHITE], n0 - cap[BLACK]
        board = {c: EMPTY for c in cells}
        whites = cells[:nw]
        blacks = cells[len(cells) - nb:]
        for c in whites:
            board[c] = STONE[WHITE]
        for c in blacks:
            board[c] = STONE[BLACK]
        turn = BLACK if ply % 2 == 0 else WHITE
        pos = Position(W, H, turn, ply, cap, {BLACK: None, WHITE: None}, board)
        # last moves: a slide that ends on one of the side's stones and starts on an empty cell
        ok = True
        for side in SIDES:
            if moved[side] == 0:
                continue
            opts = []
            for c in (blacks if side == BLACK else whites):
                for dr, dc in ORTHO:
                    for k in range(1, MAX_RANGE + 1):
                        f = (c[0] - dr * k, c[1] - dc * k)
                        if pos.on_board(f) and board[f] == EMPTY:
                            opts.append((f, c))
            if not opts:
                ok = False
                break
            pos.last[side] = rng.choice(opts)
        if ok and not pos.problems():
            return pos
