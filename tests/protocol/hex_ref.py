"""A deliberately simple, independent reference for Mark Steere's Herd (`hex`).

Written from docs/hex.md and docs/protocol.md (plus the
project's choices in docs/hex.md where the rules leave room: which position
texts `set` accepts, the turn counter stopping at 2^64-1), without looking at
lib/games/hex/hex.c: the protocol test compares the `herd` program with it. Clarity
beats speed here; only the cells and neighbours of each size, the cell names
and the legal actions of a position are remembered, nothing is incremental.

Cells are (row, col), both from 0: row 0 is `a` (top), col 0 is `1` (the
left end of the row). Side 0 is red (acts first), side 1 is blue.

Neighbours come from the drawing of the board (docs/hex.md): row r of a board
of side N is indented by |r - (N-1)| half-cells, so a cell sits at screen
column x = 2*col + |r - (N-1)|. Two cells are neighbours when they are in one
row with x two apart, or in adjacent rows with x one apart.
"""

import re

RED, BLUE = 0, 1
SIDE_NAMES = ("red", "blue")
STONE = ("r", "b")
EMPTY = "."

MIN_N, MAX_N = 2, 13
MAX_TURNS = 2 ** 64 - 1

ROLL, REMOVE, PLACE = "roll", "remove", "place"

# the 21 unordered outcomes of two dice, with their weights out of 36
OUTCOMES = [(lo, hi) for lo in range(1, 7) for hi in range(lo, 7)]


def outcome_weight(lo, hi):
    return 1 if lo == hi else 2


class RefError(ValueError):
    """A text that the rules or the protocol refuse."""


# ---------------------------------------------------------------------------
# The board


def row_len(n, r):
    return 2 * n - 1 - abs(r - (n - 1))


_CELLS = {}


def cells_of(n):
    """Every cell of a side-n board, row by row, left to right (a shared list:
    do not change it)."""
    if n not in _CELLS:
        _CELLS[n] = [(r, c) for r in range(2 * n - 1) for c in range(row_len(n, r))]
    return _CELLS[n]


def on_board(n, cell):
    r, c = cell
    return 0 <= r < 2 * n - 1 and 0 <= c < row_len(n, r)


def screen_x(n, cell):
    r, c = cell
    return 2 * c + abs(r - (n - 1))


_NEIGHBOURS = {}


def neighbour_table(n):
    """cell -> its on-board neighbours, for every cell of a side-n board (made once)."""
    if n not in _NEIGHBOURS:
        _NEIGHBOURS[n] = {c: _find_neighbours(n, c) for c in cells_of(n)}
    return _NEIGHBOURS[n]


def neighbours(n, cell):
    """The on-board neighbours of `cell`."""
    return neighbour_table(n)[cell]


def _find_neighbours(n, cell):
    """Looks at every cell of the rows r-1, r, r+1 and keeps those one step
    away from `cell` on the drawing."""
    r, c = cell
    x = screen_x(n, cell)
    out = []
    for rr in (r - 1, r, r + 1):
        if not (0 <= rr < 2 * n - 1):
            continue
        for cc in range(row_len(n, rr)):
            if (rr, cc) == (r, c):
                continue
            dx = abs(screen_x(n, (rr, cc)) - x)
            if (rr == r and dx == 2) or (rr != r and dx == 1):
                out.append((rr, cc))
    return out


_NAMES = {}


def cell_name(cell):
    if cell not in _NAMES:
        r, c = cell
        _NAMES[cell] = "%s%d" % (chr(ord("a") + r), c + 1)
    return _NAMES[cell]


_CELL_RE = re.compile(r"^([a-z])([1-9][0-9]*)$")


def parse_cell(text):
    """A cell text to (row, col); says nothing about the board size."""
    m = _CELL_RE.match(text)
    if not m:
        raise RefError("bad cell %r" % text)
    return (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)


# ---------------------------------------------------------------------------
# Positions


class Position:
    """n (board side), turns (turns completed), turn (side to act), phase,
    dice ((L, H) or None), left, board (dict cell -> '.', 'r' or 'b').
    Treat a Position as immutable once its text or legal actions have been
    asked for (they are remembered): apply() returns a new one."""

    def __init__(self, n, turns, turn, phase, dice, left, board):
        self.n = n
        self.turns = turns
        self.turn = turn
        self.phase = phase
        self.dice = dice
        self.left = left
        self.board = dict(board)
        self._legal = None
        self._text = None

    @staticmethod
    def empty(n):
        return Position(n, 0, RED, ROLL, None, 0, {c: EMPTY for c in cells_of(n)})

    def copy(self):
        return Position(self.n, self.turns, self.turn, self.phase, self.dice, self.left,
                        self.board)

    def __eq__(self, other):
        return isinstance(other, Position) and self.text() == other.text()

    def __repr__(self):
        return "Position(%r)" % self.text()

    # ---- texts ---------------------------------------------------------

    def rows(self):
        return ["".join(self.board[(r, c)] for c in range(row_len(self.n, r)))
                for r in range(2 * self.n - 1)]

    def text(self):
        if self._text is None:
            self._text = self._make_text()
        return self._text

    def _make_text(self):
        dice = "-" if self.dice is None else "%d,%d" % self.dice
        return "hex size=%d turns=%d turn=%s phase=%s dice=%s left=%d board=%s" % (
            self.n, self.turns, SIDE_NAMES[self.turn], self.phase, dice, self.left,
            "/".join(self.rows()))

    # ---- counting ------------------------------------------------------

    def count(self, what):
        return sum(1 for v in self.board.values() if v == what)

    def stones(self, side):
        return self.count(STONE[side])

    def empties(self):
        return self.count(EMPTY)

    def full(self):
        return EMPTY not in self.board.values()

    # ---- rules ---------------------------------------------------------

    def prohibited(self, cell, side):
        """An empty cell all of whose neighbours hold stones of side's enemy."""
        enemy = STONE[1 - side]
        return all(self.board[nb] == enemy for nb in neighbours(self.n, cell))

    def placements(self, side):
        """The cells where `side` may place a stone now (phase ignored)."""
        # the same test as prohibited(), written out: this loop is the hot spot
        enemy, board, nbs, out = STONE[1 - side], self.board, neighbour_table(self.n), []
        for c in cells_of(self.n):
            if board[c] == EMPTY:
                for nb in nbs[c]:
                    if board[nb] != enemy:
                        out.append(c)
                        break
        return out

    def can_place(self, side):
        """Whether `side` has a legal placement (the first one found is enough)."""
        return any(self.board[c] == EMPTY and not self.prohibited(c, side)
                   for c in cells_of(self.n))

    def captures_by(self, cell, side):
        """The enemy stones that a stone of `side` placed on empty `cell` would
        capture: the neighbours holding enemy stones all of whose neighbours
        would then hold side's stones."""
        own, enemy = STONE[side], STONE[1 - side]
        out = []
        for nb in neighbours(self.n, cell):
            if self.board[nb] != enemy:
                continue
            if all(x == cell or self.board[x] == own for x in neighbours(self.n, nb)):
                out.append(nb)
        return out

    def status(self):
        """('ongoing', side) or ('win', side, 'full')."""
        if self.full():
            r, b = self.stones(RED), self.stones(BLUE)
            return ("win", RED if r > b else BLUE, "full")
        return ("ongoing", self.turn)

    def status_text(self):
        st = self.status()
        if st[0] == "ongoing":
            return "ongoing " + SIDE_NAMES[st[1]]
        return "win %s %s" % (SIDE_NAMES[st[1]], st[2])

    def ended(self):
        return self.status()[0] != "ongoing"

    def legal_texts(self):
        """The legal action texts, sorted in byte order; none once the game has ended."""
        if self._legal is None:
            self._legal = self._find_legal()
        return self._legal

    def _find_legal(self):
        if self.ended():
            return []
        side = self.turn
        if self.phase == ROLL:
            out = ["dice:%d,%d" % o for o in OUTCOMES]
        elif self.phase == REMOVE:
            out = ["-" + cell_name(c) for c in cells_of(self.n)
                   if self.board[c] == STONE[1 - side]]
        else:
            out = ["+" + cell_name(c) for c in self.placements(side)]
        return sorted(out)

    def _end_turn(self):
        self.turns = min(self.turns + 1, MAX_TURNS)
        self.turn = 1 - self.turn
        self.phase = ROLL
        self.dice = None
        self.left = 0

    def _begin_placing(self, count):
        self.phase = PLACE
        self.left = count
        if not self.can_place(self.turn):
            self._end_turn()

    def apply(self, action):
        """The position after the action text; RefError when it is not legal."""
        if action not in self.legal_texts():
            raise RefError("illegal action %r in %s" % (action, self.text()))
        p = self.copy()
        side = p.turn
        if action.startswith("dice:"):
            lo, hi = int(action[5]), int(action[7])
            p.dice = (lo, hi)
            if p.turns == 0:
                p._begin_placing(lo)  # the balancing rule
            elif p.stones(1 - side) > 0:
                p.phase = REMOVE
                p.left = min(lo, p.stones(1 - side))
            else:
                p._begin_placing(hi)
        elif action.startswith("-"):
            p.board[parse_cell(action[1:])] = EMPTY
            p.left -= 1
            if p.left == 0:
                p._begin_placing(p.dice[1])
        else:
            cell = parse_cell(action[1:])
            caught = p.captures_by(cell, side)
            p.board[cell] = STONE[side]
            for c in caught:
                p.board[c] = EMPTY
            p.left = p.left - 1 + len(caught)
            if p.left == 0 or not p.can_place(side):
                p._end_turn()
        return p

    def captures_of(self, action):
        """How many stones a `+CELL` action captures here (0 for other actions)."""
        if not action.startswith("+"):
            return 0
        return len(self.captures_by(parse_cell(action[1:]), self.turn))

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_texts()
        if depth == 1:
            return len(moves)
        return sum(self.apply(m).perft(depth - 1) for m in moves)

    # ---- invariants (docs/hex.md, "Which positions are accepted") ------

    def problems(self):
        """What breaks the invariants of a position, in docs/hex.md's order
        (empty list when none). The board must already have the right shape."""
        out = []
        n = self.n
        if self.turns < MAX_TURNS and self.turn != self.turns % 2:
            out.append("turn=%s does not fit turns=%d" % (SIDE_NAMES[self.turn], self.turns))
        if self.phase == ROLL and (self.dice is not None or self.left != 0):
            out.append("phase roll needs dice=- left=0")
        if self.phase != ROLL and self.dice is None:
            out.append("phase %s needs rolled dice" % self.phase)
        if out:
            return out
        side = self.turn
        if self.turns == 0:
            if self.phase == REMOVE:
                out.append("no removal on turn 0")
            if self.stones(BLUE) != 0:
                out.append("blue has stones on turn 0")
            if self.phase == ROLL and self.stones(RED) != 0:
                out.append("red has stones before its first roll")
            if self.phase == PLACE:
                lo = self.dice[0]
                if not (1 <= self.left <= lo) or self.stones(RED) != lo - self.left:
                    out.append("turn 0: red must have L-left stones, 1<=left<=L")
        if self.full() and self.phase != ROLL:
            out.append("a full board must be in phase roll")
        if self.phase == REMOVE:
            if not (1 <= self.left <= min(self.dice[0], self.stones(1 - side))):
                out.append("remove: left out of range")
        if self.phase == PLACE:
            if not (1 <= self.left <= self.dice[1] + self.empties() - 1):
                out.append("place: left out of range")
            elif not self.can_place(side):
                out.append("place: no legal placement")
        return out


_NUM = r"(0|[1-9][0-9]*)"
_POS_RE = re.compile(
    r"^hex size=" + _NUM + r" turns=" + _NUM + r" turn=(red|blue) phase=(roll|remove|place)"
    r" dice=(-|[1-6],[1-6]) left=" + _NUM + r" board=([.rb/]+)$")


def parse_position(text, check=True):
    """A position text (protocol.md) to a Position; RefError when the text is
    malformed or, with `check`, when it breaks docs/hex.md's invariants."""
    m = _POS_RE.match(text)
    if not m:
        raise RefError("malformed position text %r" % text)
    n, turns = int(m.group(1)), int(m.group(2))
    turn = SIDE_NAMES.index(m.group(3))
    phase = m.group(4)
    dice = None if m.group(5) == "-" else (int(m.group(5)[0]), int(m.group(5)[2]))
    left = int(m.group(6))
    rows = m.group(7).split("/")
    if not (MIN_N <= n <= MAX_N):
        raise RefError("size out of range")
    if turns > MAX_TURNS:
        raise RefError("turns out of range")
    if dice is not None and dice[0] > dice[1]:
        raise RefError("dice L > H")
    if len(rows) != 2 * n - 1 or any(len(rows[r]) != row_len(n, r) for r in range(len(rows))):
        raise RefError("board shape")
    board = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            board[(r, c)] = ch
    pos = Position(n, turns, turn, phase, dice, left, board)
    if check:
        probs = pos.problems()
        if probs:
            raise RefError("; ".join(probs))
    return pos


def random_position(rng, n, fill=None):
    """A random position that keeps every invariant: a random board (density
    `fill`, stones clustered now and then), then a phase, dice and count that
    fit it. Reached or not, `set` must accept it."""
    while True:
        f = rng.random() if fill is None else fill
        board = {}
        for c in cells_of(n):
            x = rng.random()
            if x < f:
                board[c] = STONE[0] if rng.random() < 0.5 else STONE[1]
            else:
                board[c] = EMPTY
        if rng.random() < 0.5:
            # clumps: copy a neighbour's colour now and then
            for c in cells_of(n):
                if board[c] != EMPTY and rng.random() < 0.5:
                    nb = rng.choice(neighbours(n, c))
                    if board[nb] != EMPTY:
                        board[c] = board[nb]
        turns = rng.choice((1, 2, 3, rng.randrange(4, 200), MAX_TURNS - 1, MAX_TURNS))
        turn = turns % 2 if turns < MAX_TURNS else rng.randrange(2)
        pos = Position(n, turns, turn, ROLL, None, 0, board)
        if pos.full():
            return pos
        phase = rng.choice((ROLL, REMOVE, PLACE, PLACE))
        if phase == ROLL:
            return pos
        dice = rng.choice(OUTCOMES)
        pos.dice = dice
        pos.phase = phase
        if phase == REMOVE:
            m = min(dice[0], pos.stones(1 - turn))
            if m == 0:
                continue
            pos.left = rng.randint(1, m)
        else:
            top = dice[1] + pos.empties() - 1
            pos.left = rng.randint(1, min(top, dice[1] + 2))
        if not pos.problems():
            return pos
