"""A deliberately simple, independent reference for Fox and Geese (`fox`).

Written from docs/fox.md and docs/protocol.md only, without
looking at the C library: the protocol test compares the `herd` program with
it. Clarity beats speed here (but it plays thousands of games a run).

The 33 points are those of the 7x7 grid whose row is c..e or whose column is
3..5; every two neighbouring points (diagonals included) are joined by a
line (the board and its names: hunt_ref.py).

Play is hop by hop. The fox steps to a free neighbour, or jumps over a
neighbouring goose along a line to the free point just beyond it, the goose
taken off at once: one action `FROM-TO` per hop. After a jump from whose
landing point another jump exists, with at least four geese left, the fox
keeps the turn "in a chain" (`chain=1`): its actions are then those jumps
and `stop`. After any other jump, a step, `stop` or a goose move the turn
passes (`chain=0`). A goose steps up or diagonally up (sideways too with the
option). The end checks after every action, in this order: fewer than four
geese (`captured`), the geese to move without a move (`no-moves`), the fox
to move, not in a chain, without a move (`trapped`).
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hunt_ref as H  # noqa: E402

RefError = H.RefError
FOX, GEESE = "fox", "geese"
SIDES = (FOX, GEESE)
STOP = "stop"

GEESE_OPTIONS = (13, 15, 17)
MAX_GEESE = 17
MIN_GEESE = 4  # fewer: the fox has won


def on_cross(r, c):
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


POINTS = tuple(H.name(r, c) for r in range(7) for c in range(7) if on_cross(r, c))
assert len(POINTS) == 33
BOARD = H.Board(POINTS, [(a, b) for a in POINTS for b in POINTS
                         if a < b and max(abs(H.row(a) - H.row(b)),
                                          abs(H.col(a) - H.col(b))) == 1])
STEPS = BOARD.neighbours
# per point: (goose point, landing point) of each jump along a line
JUMPS = {p: tuple((q, BOARD.beyond(p, q)) for q in STEPS[p] if BOARD.beyond(p, q))
         for p in POINTS}


def start_geese(n=13):
    g = ["e%d" % c for c in range(1, 8)] + ["f3", "f4", "f5", "g3", "g4", "g5"]
    if n >= 15:
        g += ["d1", "d7"]
    if n >= 17:
        g += ["c1", "c7"]
    return g


class Position(H.Position):
    """turn, chain (0/1), sideways (0/1), fox (a point), geese (a sorted
    tuple of points). Immutable: apply() returns a new one."""

    def __init__(self, turn, sideways, fox, geese, chain=0):
        self.turn = turn
        self.chain = chain
        self.sideways = sideways
        self.fox = fox
        self.geese = tuple(sorted(geese))
        self._set = frozenset(self.geese)
        self._legal = None
        self._status = None
        self._text = None
        self._steps = self._jumps = self._goose_moves = None  # worked out when asked

    def key(self):
        return (self.turn, self.chain, self.sideways, self.fox, self.geese)

    def text(self):
        if self._text is None:
            self._text = "fox turn=%s chain=%d sideways=%d fox=%s geese=%s" % (
                self.turn, self.chain, self.sideways, self.fox, ",".join(self.geese))
        return self._text

    # ---- rules ---------------------------------------------------------

    def problems(self):
        out = []
        pieces = (self.fox,) + self.geese
        for p in pieces:
            if p not in STEPS:
                out.append("%s is not a point" % p)
        if len(set(pieces)) != len(pieces):
            out.append("two pieces on one point")
        if len(self.geese) > MAX_GEESE:
            out.append("%d geese (at most 17)" % len(self.geese))
        if out or not self.chain:
            return out
        if self.turn != FOX:
            out.append("chain=1 with the geese to move")
        elif len(self.geese) < MIN_GEESE:
            out.append("chain=1 with fewer than four geese")
        elif not self.fox_jumps():
            out.append("chain=1 but the fox has no jump")
        return out

    def fox_steps(self):
        if self._steps is None:
            self._steps = ["%s-%s" % (self.fox, q) for q in STEPS[self.fox] if q not in self._set]
        return self._steps

    def fox_jumps(self):
        if self._jumps is None:
            self._jumps = ["%s-%s" % (self.fox, land) for over, land in JUMPS[self.fox]
                           if over in self._set and land not in self._set]
        return self._jumps

    def goose_moves(self):
        if self._goose_moves is None:
            occ = self._set | {self.fox}
            self._goose_moves = ["%s-%s" % (g, q) for g in self.geese
                                 for q in BOARD.up(g, self.sideways) if q not in occ]
        return self._goose_moves

    def status(self):
        if self._status is None:
            if len(self.geese) < MIN_GEESE:
                self._status = ("win", FOX, "captured")
            elif self.turn == GEESE and not self.goose_moves():
                self._status = ("win", FOX, "no-moves")
            elif self.turn == FOX and not self.chain and not (self.fox_steps() or
                                                              self.fox_jumps()):
                self._status = ("win", GEESE, "trapped")
            else:
                self._status = ("ongoing", self.turn)
        return self._status

    def moves(self):
        if self.turn == GEESE:
            return self.goose_moves()
        if self.chain:
            return self.fox_jumps() + [STOP]
        return self.fox_steps() + self.fox_jumps()

    def is_jump(self, action):
        """Whether a legal action of the fox is a jump."""
        return self.turn == FOX and action != STOP and action[3:] not in STEPS[self.fox]

    def apply(self, action):
        if action not in self.legal_texts():
            raise RefError("illegal action %r in %s" % (action, self.text()))
        if action == STOP:
            return Position(GEESE, self.sideways, self.fox, self.geese)
        frm, to = action.split("-")
        if self.turn == GEESE:
            geese = [to if g == frm else g for g in self.geese]
            return Position(FOX, self.sideways, self.fox, geese)
        if not self.is_jump(action):
            return Position(GEESE, self.sideways, to, self.geese)
        over = H.name((H.row(frm) + H.row(to)) // 2, (H.col(frm) + H.col(to)) // 2)
        after = Position(FOX, self.sideways, to, self._set - {over}, chain=1)
        if len(after.geese) >= MIN_GEESE and after.fox_jumps():
            return after
        return Position(GEESE, self.sideways, to, after.geese)


def start_position(geese=13, sideways=0):
    return Position(FOX, sideways, "d4", start_geese(geese))


_POS_RE = re.compile(r"^fox turn=(fox|geese) chain=([01]) sideways=([01]) fox=([a-z0-9]+) "
                     r"geese=([a-z0-9,]*)$")


def parse_position(text, check=True, sorted_only=True):
    """A position text to a Position; RefError when malformed or impossible.
    With sorted_only, geese out of byte order are refused (the canonical text)."""
    m = _POS_RE.match(text)
    if not m:
        raise RefError("malformed position text %r" % text)
    geese = H.point_list(m.group(5), "geese", sorted_only)
    pos = Position(m.group(1), int(m.group(3)), m.group(4), geese, chain=int(m.group(2)))
    if check:
        probs = pos.problems()
        if probs:
            raise RefError("; ".join(probs))
    return pos


def in_a_chain(pos):
    """pos with the fox in a chain there, where the rules allow it; else None."""
    c = Position(FOX, pos.sideways, pos.fox, pos.geese, chain=1)
    return None if c.problems() else c


def random_position(rng, ngeese=None, sideways=None):
    """A random position that keeps the invariants (1..17 geese; the game may
    be over; the fox in a chain now and then where it can be)."""
    n = ngeese if ngeese is not None else rng.choice(
        (1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 13, 14, 15, 17))
    pts = list(POINTS)
    rng.shuffle(pts)
    # geese rather low on the board now and then, as in play
    if rng.random() < 0.5:
        pts.sort(key=lambda p: -H.row(p) + rng.random() * 6)
        fox = pts.pop(rng.randrange(len(pts) // 2, len(pts)))
    else:
        fox = pts.pop()
    # fewer than four geese: the fox has just captured, so the geese are to move
    turn = GEESE if n < MIN_GEESE else rng.choice(SIDES)
    pos = Position(turn, rng.randrange(2) if sideways is None else sideways, fox, pts[:n])
    return (in_a_chain(pos) or pos) if turn == FOX and rng.random() < 0.3 else pos


def off_class(fox):
    """The points the fox can jump over in a chain from fox: those not of its
    parity class (row and column both of fox's parity are its landings)."""
    return [p for p in POINTS if (H.row(p) - H.row(fox)) % 2 or (H.col(p) - H.col(fox)) % 2]


def chain_rich_position(rng):
    """Many geese on the points the fox jumps over and few on its landing
    points: long chains with many branches (the fox in a chain half the time
    it can be; the geese to move one time in five, so that their move opens
    the chains)."""
    while True:
        fox = rng.choice(POINTS)
        over = off_class(fox)
        land = [p for p in POINTS if p not in over and p != fox]
        geese = rng.sample(over, min(len(over), rng.randint(8, 16)))
        geese += rng.sample(land, rng.randint(0, min(2, MAX_GEESE - len(geese))))
        turn = GEESE if rng.random() < 0.2 else FOX
        pos = Position(turn, rng.randrange(2), fox, geese)
        if turn == FOX and rng.random() < 0.5:
            pos = in_a_chain(pos) or pos
        if not pos.ended() and (turn == GEESE or pos.fox_jumps()):
            return pos
