"""A deliberately simple, independent reference for Hare and Hounds (`hare`).

Written from docs/hare.md and docs/protocol.md only, without
looking at the C library: the protocol test compares the `herd` program with
it. Clarity beats speed here.

Points are their names (`a2`, `b1` ... `e2`); the row of a point is its letter
(a = 0 at the top). A position is the side to move, the hare's point, the
three hounds' points (sorted) and the stall count.

The solver is a memoized search over every position (hare point, hound set,
side to move, stall count). The game graph has no cycle: every hound move
either goes up a row (the sum of the hounds' rows falls) or sideways (the
stall count grows, and ten of them end the game), and the hare and the hounds
alternate, so the search ends.
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hunt_ref as H  # noqa: E402

HARE, HOUNDS = "hare", "hounds"
SIDES = (HARE, HOUNDS)

POINTS = ("a2", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3", "e2")

# the 22 lines of docs/hare.md, each joining two neighbouring points
LINES = (
    # the rows of the square
    ("b1", "b2"), ("b2", "b3"), ("c1", "c2"), ("c2", "c3"), ("d1", "d2"), ("d2", "d3"),
    # its columns
    ("b1", "c1"), ("c1", "d1"), ("b2", "c2"), ("c2", "d2"), ("b3", "c3"), ("c3", "d3"),
    # its two diagonals
    ("b1", "c2"), ("c2", "d3"), ("b3", "c2"), ("c2", "d1"),
    # the end points to the row next to them
    ("a2", "b1"), ("a2", "b2"), ("a2", "b3"), ("e2", "d1"), ("e2", "d2"), ("e2", "d3"),
)
assert len(LINES) == 22

BOARD = H.Board(POINTS, LINES)
NEIGHBOURS = BOARD.neighbours

START_HARE = "a2"
START_HOUNDS = ("d1", "d3", "e2")
STALL_LIMIT = 10


RefError = H.RefError
row = H.row


class Position(H.Position):
    """turn ('hare'/'hounds'), hare (a point), hounds (a sorted tuple of three
    points), stall (0..10). Immutable: apply() returns a new one."""

    def __init__(self, turn, hare, hounds, stall):
        self.turn = turn
        self.hare = hare
        self.hounds = tuple(sorted(hounds))
        self.stall = stall
        self._legal = None

    def key(self):
        return (self.turn, self.hare, self.hounds, self.stall)

    def text(self):
        return "hare turn=%s hare=%s hounds=%s stall=%d" % (
            self.turn, self.hare, ",".join(self.hounds), self.stall)

    # ---- rules ---------------------------------------------------------

    def problems(self):
        out = []
        pieces = (self.hare,) + self.hounds
        for p in pieces:
            if p not in POINTS:
                out.append("%s is not a point" % p)
        if len(self.hounds) != 3:
            out.append("%d hounds" % len(self.hounds))
        if len(set(pieces)) != len(pieces):
            out.append("two pieces on one point")
        if not (0 <= self.stall <= STALL_LIMIT):
            out.append("stall=%d out of 0..10" % self.stall)
        return out

    def occupied(self):
        return set(self.hounds) | {self.hare}

    def hare_moves(self):
        return [(self.hare, q) for q in NEIGHBOURS[self.hare] if q not in self.hounds]

    def hound_moves(self):
        """A hound steps up, diagonally up or sideways (never down) to an empty point."""
        occ = self.occupied()
        return [(h, q) for h in self.hounds for q in BOARD.up(h, sideways=True) if q not in occ]

    def status(self):
        """('ongoing', side) or ('win', side, reason), the reasons in the rules' order."""
        if all(row(self.hare) > row(h) for h in self.hounds):
            return ("win", HARE, "escaped")
        if self.stall >= STALL_LIMIT:
            return ("win", HARE, "stalling")
        if self.turn == HOUNDS and not self.hound_moves():
            return ("win", HARE, "no-moves")
        if self.turn == HARE and not self.hare_moves():
            return ("win", HOUNDS, "trapped")
        return ("ongoing", self.turn)

    def moves(self):
        return ["%s-%s" % m for m in (self.hare_moves() if self.turn == HARE
                                      else self.hound_moves())]

    def apply(self, text):
        if text not in self.legal_texts():
            raise RefError("illegal move %r in %s" % (text, self.text()))
        frm, to = text.split("-")
        if self.turn == HARE:
            return Position(HOUNDS, to, self.hounds, self.stall)
        hounds = [to if h == frm else h for h in self.hounds]
        stall = 0 if row(to) < row(frm) else self.stall + 1
        return Position(HARE, self.hare, hounds, stall)


def start_position(start=START_HARE):
    return Position(HOUNDS, start, START_HOUNDS, 0)


_POS_RE = re.compile(r"^hare turn=(hare|hounds) hare=([a-z0-9]+) hounds=([a-z0-9,]+) "
                     r"stall=(0|[1-9][0-9]*)$")


def parse_position(text, check=True, sorted_only=True):
    """A position text to a Position; RefError when malformed or impossible.
    With sorted_only, hounds that are not in byte order are refused too (the
    canonical text); the program may accept them (see the runner)."""
    m = _POS_RE.match(text)
    if not m:
        raise RefError("malformed position text %r" % text)
    hounds = H.point_list(m.group(3), "hounds", sorted_only)
    stall = int(m.group(4))
    pos = Position(m.group(1), m.group(2), hounds, stall)
    if check:
        probs = pos.problems()
        if probs:
            raise RefError("; ".join(probs))
    return pos


def random_position(rng):
    """A random position that keeps every invariant (the game may be over).
    Never stall=10 with the hounds to move (unreachable: the tenth stalling
    move ends the game with the hare to move)."""
    pts = list(POINTS)
    rng.shuffle(pts)
    turn = rng.choice(SIDES)
    r = rng.random()
    if r < 0.5:
        stall = 0
    elif r < 0.8:
        stall = rng.randint(1, 8)
    else:
        stall = rng.choice((9, 9, 10))
    if stall == 10 and turn == HOUNDS:
        stall = 9
    return Position(turn, pts[0], pts[1:4], stall)


def all_positions():
    """Every position that keeps the invariants (stall=10 only with the hare to move)."""
    out = []
    for hare in POINTS:
        rest = [p for p in POINTS if p != hare]
        for i in range(len(rest)):
            for j in range(i + 1, len(rest)):
                for k in range(j + 1, len(rest)):
                    for turn in SIDES:
                        for stall in range(STALL_LIMIT + 1):
                            if stall == STALL_LIMIT and turn == HOUNDS:
                                continue
                            out.append(Position(turn, hare, (rest[i], rest[j], rest[k]), stall))
    return out


class Solver:
    """Perfect play: solve(pos) -> (winner, plies), plies counted with the
    winner taking the quickest win and the loser the slowest loss."""

    def __init__(self):
        self.memo = {}

    def solve(self, pos):
        if sys.getrecursionlimit() < 10000:
            sys.setrecursionlimit(10000)
        return self._solve(pos)

    def _solve(self, pos):
        k = pos.key()
        got = self.memo.get(k)
        if got is not None:
            return got
        st = pos.status()
        if st[0] != "ongoing":
            res = (st[1], 0)
        else:
            me = pos.turn
            wins, losses = [], []
            for m in pos.legal_texts():
                w, n = self._solve(pos.apply(m))
                (wins if w == me else losses).append(n)
            if wins:
                res = (me, 1 + min(wins))
            else:
                res = (HARE if me == HOUNDS else HOUNDS, 1 + max(losses))
        self.memo[k] = res
        return res

    def solve_text(self, pos):
        w, n = self.solve(pos)
        return "%s %d" % (w, n)
