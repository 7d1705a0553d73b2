"""The games the `herd` program offers and their `new` options, read from
its `games` command (docs/protocol.md: one line per game, its name and then
each option as `KEY=LO..HI:DEFAULT`, `KEY=A|B|C:DEFAULT` or
`KEY=point:DEFAULT`), for the protocol tests that run over every game: a
game added to the library is played by all of them at once. Standard
library only.
"""

import subprocess

import hang_limits

TIMEOUT = hang_limits.seconds(10.0)


class Option:
    """One `new` option: kind "range" (lo..hi), "choice" (choices) or
    "point" (a cell name; only the default is known), and its default."""

    def __init__(self, text):
        self.key, _, spec = text.partition("=")
        values, _, self.default = spec.rpartition(":")
        if not self.key or not values or not self.default:
            raise ValueError("not an option: %r" % text)
        if values == "point":
            self.kind, self.choices = "point", None
        elif "|" in values or values.isdigit():
            self.kind, self.choices = "choice", [int(v) for v in values.split("|")]
        else:
            lo, sep, hi = values.partition("..")
            if not sep:
                raise ValueError("not an option: %r" % text)
            self.kind, self.lo, self.hi = "range", int(lo), int(hi)

    def value(self, pick, rng=None):
        """The value for `pick`: "default", "smallest", "largest" or "random"."""
        if self.kind == "point" or pick == "default":
            return self.default
        if self.kind == "choice":
            if pick == "random":
                return str(rng.choice(self.choices))
            return str(self.choices[0] if pick == "smallest" else self.choices[-1])
        if pick == "random":
            return str(rng.randint(self.lo, self.hi))
        return str(self.lo if pick == "smallest" else self.hi)


class Game:
    def __init__(self, line):
        words = line.split(" ")
        self.name = words[0]
        self.options = [Option(w) for w in words[1:]]

    def options_line(self, pick, seed=None, rng=None):
        """`KEY=VALUE ...` with every option for `pick` (see Option.value),
        and the seed given (else the pick's) last."""
        out = []
        for o in self.options:
            v = str(seed) if o.key == "seed" and seed is not None else o.value(pick, rng)
            out.append("%s=%s" % (o.key, v))
        return " ".join(out)

    def cases(self, rng, seeds=(1, 5, 2 ** 64 - 1)):
        """Option lines for the tests of every game: the defaults, the
        smallest, the largest (each once, told apart without their seeds) and
        one at random."""
        out, seen = [], set()
        for pick, seed in zip(("default", "smallest", "largest"), seeds):
            line = self.options_line(pick, seed)
            bare = self.options_line(pick, 0)
            if bare not in seen:
                seen.add(bare)
                out.append(line)
        out.append(self.options_line("random", rng.getrandbits(64), rng))
        return out


def read_games(path):
    """The games of the program at `path`, in its order."""
    r = subprocess.run([path], input=b"games\n", stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=TIMEOUT)
    lines = r.stdout.decode().split("\n")
    if r.returncode != 0 or not lines or not lines[0].startswith("= "):
        raise ValueError("`games` did not answer: exit %d, %r" % (r.returncode, r.stdout[:200]))
    body = [lines[0][2:]]
    for line in lines[1:]:
        if line == "":
            break
        body.append(line)
    return [Game(line) for line in body]


def rows_for(chk, T, games, table, what):
    """A test's table keyed by game name must have a row for every game of
    the program (so that a new game cannot be passed over) and no row for
    a game it does not have; each missing or stray row is a failure."""
    names = [g.name for g in games]
    for name in names:
        chk.ok(name in table, T, "%s has no row for %s, a game of the program" % (what, name))
    for name in table:
        chk.ok(name in names, T, "%s has a row for %s, which the program does not have"
               % (what, name))
