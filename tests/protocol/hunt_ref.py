"""What the references of the two hunt games share (hare_ref.py, fox_ref.py).

Written from docs/hare.md, docs/fox.md and docs/protocol.md only,
without looking at the C library. Both boards name a point by its row letter
(`a` at the top: "up" is toward row a) and its column number, and join
neighbouring points by lines; a piece steps along one line, and the pieces
of the side that never goes down (hounds, geese) step to a neighbour on a
higher row, or on the same row where sideways moves are allowed.
"""


class RefError(ValueError):
    """A text that the rules or the protocol refuse."""


def row(p):
    return ord(p[0]) - ord("a")


def col(p):
    return int(p[1:]) - 1


def name(r, c):
    return "%s%d" % (chr(ord("a") + r), c + 1)


class Board:
    """The points (names) and the lines, each joining two neighbouring points."""

    def __init__(self, points, lines):
        self.points = tuple(points)
        self.lines = tuple(lines)
        self.neighbours = {p: tuple(sorted([b for a, b in lines if a == p] +
                                           [a for a, b in lines if b == p]))
                           for p in self.points}
        self._lines = set(lines) | {(b, a) for a, b in lines}
        self._up = {(p, sw): tuple(q for q in self.neighbours[p]
                                   if row(q) < row(p) or (sw and row(q) == row(p)))
                    for p in self.points for sw in (False, True)}

    def joined(self, a, b):
        return (a, b) in self._lines

    def up(self, p, sideways):
        """The neighbours of p a piece that never goes down may step to."""
        return self._up[p, bool(sideways)]

    def beyond(self, a, b):
        """The point after b on the straight line from a through b, or None."""
        c = name(2 * row(b) - row(a), 2 * col(b) - col(a))
        return c if c in self.neighbours and self.joined(b, c) else None


class Position:
    """What the positions of both games share. A subclass gives key() (the
    position as a tuple), text(), status() (('ongoing', side) or ('win',
    side, reason)) and moves() (the action texts while the game is on);
    positions are immutable."""

    def __eq__(self, other):
        return type(other) is type(self) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return "Position(%r)" % self.text()

    def status_text(self):
        st = self.status()
        if st[0] == "ongoing":
            return "ongoing " + st[1]
        return "win %s %s" % (st[1], st[2])

    def ended(self):
        return self.status()[0] != "ongoing"

    def legal_texts(self):
        """Every legal action, in byte order; none once the game has ended."""
        if getattr(self, "_legal", None) is None:
            self._legal = [] if self.ended() else sorted(self.moves())
        return self._legal

    def perft(self, depth):
        if depth == 0:
            return 1
        moves = self.legal_texts()
        if depth == 1:
            return len(moves)
        return sum(self.apply(m).perft(depth - 1) for m in moves)


def point_list(text, what, sorted_only):
    """A comma-separated list of point names (no empty item); with
    sorted_only, one out of byte order is refused (the canonical text)."""
    items = text.split(",") if text else []
    if any(p == "" for p in items):
        raise RefError("an empty %s point" % what)
    if sorted_only and items != sorted(items):
        raise RefError("%s not in byte order" % what)
    return items
