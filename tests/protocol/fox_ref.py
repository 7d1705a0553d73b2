"""A deliberately simple, independent reference for Fox and Geese (`fox`).

Written from /work/shared/rules.md section 4 and protocol.md only, without
looking at the C library: the protocol test compares the `herd` program with
it. Clarity beats speed here.

Points are their names; a point is (row, col) from 0 internally: row 0 is `a`
(top), col 0 is `1`. The 33 points are those of the 7x7 grid whose row is
c..e or whose column is 3..5; every two neighbouring points (diagonals
included) are joined by a line.

A jump chain, as read here: the fox jumps over an adjacent goose along a line
to the empty point just beyond it, and the goose is taken off at once; from
the landing point it may jump again, over another goose. The point the fox
left is empty during the chain (it may land there again). Each landing point
is written: `FROM-P1-P2-...`; every prefix of a chain is an action of its own.
"""

import re

FOX, GEESE = "fox", "geese"
SIDES = (FOX, GEESE)

GEESE_OPTIONS = (13, 15, 17)
MAX_GEESE = 17
MIN_GEESE_PLAYING = 4  # fewer than four geese: the fox has won
DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


class RefError(ValueError):
    """A text that the rules or the protocol refuse."""


def exists(rc):
    r, c = rc
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


POINTS = [(r, c) for r in range(7) for c in range(7) if exists((r, c))]
assert len(POINTS) == 33


def name(rc):
    return "%s%d" % (chr(ord("a") + rc[0]), rc[1] + 1)


NAMES = [name(p) for p in POINTS]
_BY_NAME = {name(p): p for p in POINTS}


def point(text):
    """A point name to (row, col); RefError when it names no point of the cross."""
    if text not in _BY_NAME:
        raise RefError("%r is not a point" % text)
    return _BY_NAME[text]


def add(p, d, k=1):
    return (p[0] + k * d[0], p[1] + k * d[1])


# per point: its neighbours; the (goose point, landing point) pairs of its
# jumps; the points a goose there may step to (up and diagonally up; sideways)
STEPS = {name(p): [name(add(p, d)) for d in DIRS if exists(add(p, d))] for p in POINTS}
JUMPS = {name(p): [(name(add(p, d)), name(add(p, d, 2))) for d in DIRS if exists(add(p, d, 2))]
         for p in POINTS}
GOOSE_UP = {name(p): [name(add(p, d)) for d in ((-1, -1), (-1, 0), (-1, 1)) if exists(add(p, d))]
            for p in POINTS}
GOOSE_SIDEWAYS = {name(p): [name(add(p, d)) for d in ((0, -1), (0, 1)) if exists(add(p, d))]
                  for p in POINTS}


def start_geese(n=13):
    g = ["e%d" % c for c in range(1, 8)] + ["f3", "f4", "f5", "g3", "g4", "g5"]
    if n >= 15:
        g += ["d1", "d7"]
    if n >= 17:
        g += ["c1", "c7"]
    return g


class Position:
    """turn, sideways (0/1), fox (a point name), geese (sorted tuple of names).
    Immutable: apply() returns a new one."""

    def __init__(self, turn, sideways, fox, geese):
        self.turn = turn
        self.sideways = sideways
        self.fox = fox
        self.geese = tuple(sorted(geese))
        self._legal = None
        self._status = None

    def key(self):
        return (self.turn, self.sideways, self.fox, self.geese)

    def __eq__(self, other):
        return isinstance(other, Position) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "Position(%r)" % self.text()

    def text(self):
        return "fox turn=%s sideways=%d fox=%s geese=%s" % (
            self.turn, self.sideways, self.fox, ",".join(self.geese))

    # ---- rules ---------------------------------------------------------

    def problems(self):
        out = []
        for p in (self.fox,) + self.geese:
            if p not in _BY_NAME:
                out.append("%s is not a point" % p)
        pieces = (self.fox,) + self.geese
        if len(set(pieces)) != len(pieces):
            out.append("two pieces on one point")
        if len(self.geese) > MAX_GEESE:
            out.append("%d geese (at most 17)" % len(self.geese))
        return out

    def fox_steps(self):
        geese = set(self.geese)
        return ["%s-%s" % (self.fox, q) for q in STEPS[self.fox] if q not in geese]

    def fox_chains(self):
        """Every jump chain (each prefix included), as action texts."""
        out = []

        def grow(path, at, geese):
            for over, land in JUMPS[at]:
                if over in geese and land not in geese:
                    # the fox's own start point is empty once it has left
                    p = path + [land]
                    out.append("-".join(p))
                    grow(p, land, geese - {over})

        grow([self.fox], self.fox, frozenset(self.geese))
        return out

    def goose_moves(self):
        occ = set(self.geese) | {self.fox}
        out = []
        for g in self.geese:
            for q in GOOSE_UP[g] + (GOOSE_SIDEWAYS[g] if self.sideways else []):
                if q not in occ:
                    out.append("%s-%s" % (g, q))
        return out

    def status(self):
        if self._status is None:
            self._status = self._find_status()
        return self._status

    def _find_status(self):
        if len(self.geese) < MIN_GEESE_PLAYING:
            return ("win", FOX, "captured")
        if self.turn == GEESE and not self.goose_moves():
            return ("win", FOX, "no-moves")
        if self.turn == FOX and not (self.fox_steps() or self.fox_chains()):
            return ("win", GEESE, "trapped")
        return ("ongoing", self.turn)

    def status_text(self):
        st = self.status()
        if st[0] == "ongoing":
            return "ongoing " + st[1]
        return "win %s %s" % (st[1], st[2])

    def ended(self):
        return self.status()[0] != "ongoing"

    def legal_texts(self):
        if self._legal is None:
            if self.ended():
                self._legal = []
            elif self.turn == FOX:
                self._legal = sorted(self.fox_steps() + self.fox_chains())
            else:
                self._legal = sorted(self.goose_moves())
        return self._legal

    def apply(self, text):
        if text not in self.legal_texts():
            raise RefError("illegal action %r in %s" % (text, self.text()))
        parts = text.split("-")
        if self.turn == GEESE:
            geese = [parts[1] if g == parts[0] else g for g in self.geese]
            return Position(FOX, self.sideways, self.fox, geese)
        geese = set(self.geese)
        for a, b in zip(parts, parts[1:]):
            pa, pb = point(a), point(b)
            if max(abs(pa[0] - pb[0]), abs(pa[1] - pb[1])) == 2:
                geese.discard(name(((pa[0] + pb[0]) // 2, (pa[1] + pb[1]) // 2)))
        return Position(GEESE, self.sideways, parts[-1], geese)

    def captures_of(self, text):
        """How many geese a legal fox action takes: one a hop, none for a step."""
        if self.turn != FOX:
            return 0
        parts = text.split("-")
        return 0 if parts[1] in STEPS[parts[0]] else len(parts) - 1

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_texts()
        if depth == 1:
            return len(moves)
        return sum(self.apply(m).perft(depth - 1) for m in moves)


def start_position(geese=13, sideways=0):
    return Position(FOX, sideways, "d4", start_geese(geese))


_POS_RE = re.compile(r"^fox turn=(fox|geese) sideways=([01]) fox=([a-z0-9]+) "
                     r"geese=([a-z0-9,]*)$")


def parse_position(text, check=True, sorted_only=True):
    """A position text to a Position; RefError when malformed or impossible.
    With sorted_only, geese out of byte order are refused (the canonical text)."""
    m = _POS_RE.match(text)
    if not m:
        raise RefError("malformed position text %r" % text)
    geese = m.group(4).split(",") if m.group(4) else []
    if any(g == "" for g in geese):
        raise RefError("empty goose point")
    if sorted_only and geese != sorted(geese):
        raise RefError("geese not sorted")
    pos = Position(m.group(1), int(m.group(2)), m.group(3), geese)
    if check:
        probs = pos.problems()
        if probs:
            raise RefError("; ".join(probs))
    return pos


def random_position(rng, ngeese=None, sideways=None):
    """A random position that keeps the invariants (1..17 geese; the game may be over)."""
    n = ngeese if ngeese is not None else rng.choice(
        (1, 2, 3, 4, 5, 6, 8, 10, 11, 12, 13, 13, 14, 15, 17))
    pts = list(NAMES)
    rng.shuffle(pts)
    # geese rather low on the board now and then, as in play
    if rng.random() < 0.5:
        pts.sort(key=lambda p: -ord(p[0]) + rng.random() * 6)
        fox = pts.pop(rng.randrange(len(pts) // 2, len(pts)))
    else:
        fox = pts.pop()
    # fewer than four geese: the fox has just captured, so the geese are to move
    turn = GEESE if n < MIN_GEESE_PLAYING else rng.choice(SIDES)
    return Position(turn, rng.randrange(2) if sideways is None else sideways, fox, pts[:n])
