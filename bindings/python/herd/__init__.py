"""herd: Python bindings for libherd, the game-rules library, through ctypes.

A thin layer over the C API of include/herd/herd.h, horses.h and hex.h:

    import herd
    herd.load("/path/to/libherd.so")        # or HERD_LIBRARY, or the system's libherd
    with herd.Game("horses", w=10, h=8, seed=3) as g:
        print(g.legal_texts())
        g.play("a1-c2")                      # a text, or an int move from g.legal()
        while g.status.result == "ongoing":
            g.play_genmove()
        print(g.status)                      # Status(result='win', side='red', reason='corner')

Moves are the library's integers (``herd_move``): ``legal()`` lists them in the library's
order, ``legal_texts()`` gives the sorted texts of the ``herd`` program's ``legal``, and every
method that takes a move also takes its text. Every failing call raises HerdError with the
library's code and message; the game is then unchanged, as the C API promises.

``Game(name, ...)`` gives an instance of the game's class when there is one: ``Horses`` and
``Hex`` add what herd/horses.h and herd/hex.h add.
"""
import ctypes
import ctypes.util
import os
import re
from collections import namedtuple
from ctypes import byref, c_double, c_int, c_size_t, c_uint64, create_string_buffer

from . import _capi as C

__all__ = [
    "HerdError", "LibraryError", "Library", "load", "library", "version",
    "Game", "Horses", "Hex", "Status", "cell_name", "MAX_PERFT_DEPTH",
]

# The version of the C API this binding was written for: a library of another
# major.minor version is refused (while the major version is 0 a minor version
# may change the ABI, as the SONAME libherd.so.MAJOR.MINOR says).
BINDING_VERSION = (C.VERSION_MAJOR, C.VERSION_MINOR)

# herd_perft() takes depths 0..64.
MAX_PERFT_DEPTH = 64

# Error codes, as herd.h names them (HERD_OK, HERD_E_ARG, ...).
OK = C.OK
E_ARG = C.E_ARG
E_NOMEM = C.E_NOMEM
E_RANGE = C.E_RANGE
E_PARSE = C.E_PARSE
E_ILLEGAL = C.E_ILLEGAL
E_BUFFER = C.E_BUFFER
E_STATE = C.E_STATE
E_UNKNOWN = C.E_UNKNOWN
E_POSITION = C.E_POSITION
E_UNSUPPORTED = C.E_UNSUPPORTED


class HerdError(Exception):
    """A call refused by libherd (or by this binding before it reached the library).

    code:    the negative herd_code (E_ILLEGAL, E_RANGE, ...);
    name:    herd_strerror(code), e.g. "illegal move";
    message: what was wrong, from herd_last_error() or herd_error.message,
             e.g. "b5 is occupied"; str(error) is this message.
    """

    def __init__(self, code, message, name=None):
        self.code = code
        self.name = name if name is not None else _strerror(code)
        self.message = message or self.name
        super().__init__(self.message)

    def __repr__(self):
        return "HerdError(%d, %r, name=%r)" % (self.code, self.message, self.name)


class LibraryError(HerdError, ImportError):
    """libherd could not be loaded: not found, not a library, a missing symbol,
    or a version other than the one this binding was written for."""

    def __init__(self, message):
        super().__init__(E_UNSUPPORTED, message, name="library not usable")


# --------------------------------------------------------------- the library

class Library:
    """A loaded libherd: the ctypes handle with every prototype declared."""

    def __init__(self, path):
        try:
            cdll = ctypes.CDLL(path)
        except OSError as e:
            raise LibraryError("cannot load libherd from %r: %s" % (path, e)) from None
        try:
            C.declare(cdll)
        except AttributeError as e:
            raise LibraryError("%r is not a usable libherd: %s" % (path, e)) from None
        number = cdll.herd_version()
        major, minor = number // 10000, number // 100 % 100
        self.version = cdll.herd_version_string().decode()
        if (major, minor) != BINDING_VERSION:
            raise LibraryError(
                "libherd %s at %r, but this binding is written for %d.%d" %
                (self.version, path, BINDING_VERSION[0], BINDING_VERSION[1]))
        self.path = path
        self.c = cdll

    def strerror(self, code):
        return self.c.herd_strerror(code).decode()

    def __repr__(self):
        return "<herd.Library %s at %r>" % (self.version, self.path)


_default = None


def load(path=None):
    """Loads libherd and makes it the library of the games created from now on.

    The library is ``path`` when given, else the file named by the environment
    variable HERD_LIBRARY, else what ctypes.util.find_library("herd") finds.
    Raises LibraryError (a HerdError and an ImportError) when it cannot be
    loaded or its major.minor version is not the binding's. Returns the Library.
    """
    global _default
    if path is None:
        path = os.environ.get("HERD_LIBRARY") or ctypes.util.find_library("herd")
    if not path:
        raise LibraryError("libherd not found: pass its path to herd.load() "
                           "or set HERD_LIBRARY")
    lib = Library(os.fspath(path))
    _default = lib
    return lib


def library():
    """The library new games use, loaded with load() on first use."""
    return _default if _default is not None else load()


def version():
    """The loaded library's version text, "MAJOR.MINOR.PATCH"."""
    return library().version


_STRERROR = {
    OK: "success", E_ARG: "invalid argument", E_NOMEM: "out of memory",
    E_RANGE: "value out of range", E_PARSE: "malformed text", E_ILLEGAL: "illegal move",
    E_BUFFER: "buffer too small", E_STATE: "not possible in this state",
    E_UNKNOWN: "unknown name", E_POSITION: "position breaks the rules",
    E_UNSUPPORTED: "not supported by this game",
}


def _strerror(code):
    # The library's text when one is loaded; this copy only serves errors
    # raised before any library could be loaded.
    if _default is not None:
        return _default.strerror(code)
    return _STRERROR.get(code, "unknown error")


# -------------------------------------------------------------------- helpers

Status = namedtuple("Status", "result side reason")
Status.__doc__ = """How a game stands (herd_get_status).

result: "ongoing", "win" or "draw";
side:   ongoing: the name of the side to act; win: the winner's; draw: None;
reason: "" while ongoing, else the protocol's reason ("corner", "no-moves", "full", ...).
"""

_RESULTS = {C.ONGOING: "ongoing", C.WIN: "win", C.DRAW: "draw"}

_CELL = re.compile(r"([a-z])([1-9][0-9]{0,2})\Z")


def cell_name(row, col):
    """The text of a cell from its 0-based row and column: (0, 0) is "a1"."""
    if not 0 <= row < 26 or col < 0:
        raise HerdError(E_ARG, "no cell has row %d and column %d" % (row, col))
    return "%s%d" % (chr(ord("a") + row), col + 1)


def _cell(cell):
    """(row, col) from a cell text ("e5") or a (row, col) pair; the library
    checks that it is on the board."""
    if isinstance(cell, str):
        m = _CELL.match(cell)
        if not m:
            raise HerdError(E_PARSE, "%r is not a cell name" % (cell,))
        return ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
    row, col = cell
    return _int(row, "row"), _int(col, "column")


def _int(value, what):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__))
    return value


def _encode(text, what):
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (what, type(text).__name__))
    if "\0" in text:
        raise HerdError(E_PARSE, "%s contains a NUL character" % what)
    return text.encode()


def _options_text(options, kw):
    parts = [options] if options else []
    for key, value in kw.items():
        value = str(value)
        if not value or any(c.isspace() or c in "=\0" for c in value):
            raise HerdError(E_PARSE, "option %s=%r: a value is one word without '='"
                            % (key, value))
        parts.append("%s=%s" % (key, value))
    return " ".join(parts)


# ------------------------------------------------------------------- the game

class Game:
    """A game: a libherd handle (herd_game) and the generic API of herd.h.

    Game(name, options=None, **kw) creates the game `name` ("horses", "hex") with
    the options of the herd program's `new` command, given as keywords
    (Game("horses", w=10, h=8, seed=3)) and/or as one text ("w=10 h=8"). The
    result is an instance of the game's own class (Horses, Hex) when it has one.

    close() frees the handle (so does leaving a `with` block, or garbage
    collection); every call on a closed game raises HerdError.
    """

    game = None  # the game name a subclass is for

    def __new__(cls, name=None, options=None, /, **kw):
        if cls is Game and name in _CLASSES:
            cls = _CLASSES[name]
        return super().__new__(cls)

    def __init__(self, name=None, options=None, /, **kw):
        self._h = None
        if name is None:
            name = self.game
        if name is None:
            raise TypeError("Game() needs the game's name")
        if self.game is not None and name != self.game:
            raise HerdError(E_ARG, "%s is the game %s, not %s"
                            % (type(self).__name__, self.game, name))
        lib = library()
        text = _options_text(options, kw)
        handle = C.game_p()
        err = C.herd_error()
        rc = lib.c.herd_new(byref(handle), _encode(name, "the game's name"),
                            _encode(text, "the options"), None, None, byref(err))
        if rc != OK:
            raise HerdError(rc, err.message.decode(errors="replace"), lib.strerror(rc))
        self._lib = lib
        self._h = handle.value

    @classmethod
    def _wrap(cls, lib, handle):
        name = lib.c.herd_game_name(handle).decode()
        cls = _CLASSES.get(name, Game)
        self = object.__new__(cls)
        self._lib = lib
        self._h = handle
        return self

    @classmethod
    def from_position(cls, text):
        """A game of the kind the position text names (its first word), created
        with the default options and then set to `text`."""
        _encode(text, "the position")
        name = text.split(" ", 1)[0]
        if cls.game is not None and name != cls.game:
            raise HerdError(E_PARSE, "%s reads %s positions, not %r"
                            % (cls.__name__, cls.game, name))
        g = Game(name)
        try:
            g.set_position(text)
        except BaseException:
            g.close()
            raise
        return g

    # ----------------------------------------------------------- lifetime

    def close(self):
        """Frees the game (herd_free). Closing again is harmless."""
        h, self._h = self._h, None
        if h is not None:
            self._lib.c.herd_free(h)

    @property
    def closed(self):
        return self._h is None

    def __enter__(self):
        self._handle  # a closed game cannot be entered
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def clone(self):
        """An independent copy, history and generator included (herd_clone)."""
        out = C.game_p()
        self._const(self._lib.c.herd_clone(self._handle, byref(out), None, None))
        return Game._wrap(self._lib, out.value)

    def __copy__(self):
        return self.clone()

    def __eq__(self, other):
        """Same position, side to act, status and generator state
        (herd_same_position; histories are not compared)."""
        if not isinstance(other, Game):
            return NotImplemented
        return bool(self._lib.c.herd_same_position(self._handle, other._handle))

    __hash__ = None  # a game changes: it is no dictionary key

    def __repr__(self):
        if self._h is None:
            return "<herd.%s closed>" % type(self).__name__
        return "<herd.%s %s>" % (type(self).__name__, self.position)

    # ------------------------------------------------------------ errors

    @property
    def _handle(self):
        if self._h is None:
            raise HerdError(E_ARG, "the game is closed")
        return self._h

    def _check(self, rc):
        """After a call that takes the handle non-const: its message."""
        if rc < 0:
            message = self._lib.c.herd_last_error(self._h).decode(errors="replace")
            raise HerdError(rc, message, self._lib.strerror(rc))
        return rc

    def _const(self, rc, message=None):
        """After a call that takes the handle const: it leaves no message."""
        if rc < 0:
            raise HerdError(rc, message, self._lib.strerror(rc))
        return rc

    def _get_int(self, fn, *args, message=None):
        """Calls a typed getter (g, *args, int *out) and returns the int."""
        out = c_int()
        self._const(fn(self._handle, *args, byref(out)), message)
        return out.value

    def _text(self, fn, *args):
        """Calls a text writer (g, *args, buf, cap, len): asks the length
        first with cap 0, then writes into a buffer of that size."""
        h = self._handle
        n = c_size_t()
        rc = fn(h, *args, None, 0, byref(n))
        if rc == OK:
            return ""
        if rc != E_BUFFER:
            self._const(rc)
        buf = create_string_buffer(n.value + 1)
        self._const(fn(h, *args, buf, n.value + 1, byref(n)))
        return buf.value.decode()

    def _side(self, side):
        """A side number from 0, 1 or a side's name."""
        names = self.sides
        if isinstance(side, str):
            if side in names:
                return names.index(side)
        elif isinstance(side, int) and not isinstance(side, bool) and side in (0, 1):
            return side
        raise HerdError(E_ARG, "%r is no side of %s: 0, 1, %s or %s"
                        % (side, self.name, names[0], names[1]))

    # --------------------------------------------------------- the game

    @property
    def name(self):
        """The game's name, as Game() takes it: "horses", "hex"."""
        return self._lib.c.herd_game_name(self._handle).decode()

    @property
    def sides(self):
        """The names of side 0 (acts first) and side 1."""
        h = self._handle
        return tuple(self._lib.c.herd_side_name(h, s).decode() for s in (0, 1))

    @property
    def position(self):
        """The position text of protocol.md (herd_position_to_text)."""
        return self._text(self._lib.c.herd_position_to_text)

    def set_position(self, text):
        """Reads a position text of this game; clears the history, keeps the
        generator going (herd_position_from_text)."""
        self._check(self._lib.c.herd_position_from_text(self._handle,
                                                        _encode(text, "the position")))

    def save(self):
        """The saved game, one line that load() turns back into exactly this
        game, generator and computer-player memory included (herd_save)."""
        return self._text(self._lib.c.herd_save)

    def load(self, text):
        """Replaces this game with a save of the same game; clears the history
        (herd_load). Game.from_save() opens a save of any game."""
        self._check(self._lib.c.herd_load(self._handle, _encode(text, "the save")))

    @classmethod
    def from_save(cls, text):
        """A game of the kind the save names (its first word), loaded from it."""
        _encode(text, "the save")
        name = text.split(" ", 1)[0]
        if cls.game is not None and name != cls.game:
            raise HerdError(E_PARSE, "%s loads %s saves, not %r" % (cls.__name__, cls.game, name))
        g = Game(name)
        try:
            g.load(text)
        except BaseException:
            g.close()
            raise
        return g

    def show(self):
        """The board drawn over several lines (herd_show)."""
        return self._text(self._lib.c.herd_show)

    @property
    def status(self):
        """Status(result, side, reason) (herd_get_status)."""
        h = self._handle
        st = C.herd_status()
        self._const(self._lib.c.herd_get_status(h, byref(st)))
        side = self._lib.c.herd_side_name(h, st.side) if st.result != C.DRAW else None
        reason = self._lib.c.herd_reason_name(st.reason)
        return Status(_RESULTS.get(st.result, str(st.result)), side and side.decode(),
                      reason.decode() if reason is not None else str(st.reason))

    @property
    def side_to_move(self):
        """The name of the side to act, None once the game is over."""
        st = self.status
        return st.side if st.result == "ongoing" else None

    @property
    def max_level(self):
        """The highest level genmove() takes (herd_max_level)."""
        return self._lib.c.herd_max_level(self._handle)

    @property
    def history_length(self):
        """The number of actions undo() can take back now."""
        return self._lib.c.herd_history_length(self._handle)

    # ------------------------------------------------------------ moves

    def parse_move(self, text):
        """The move (an int) that an action text names; checks the syntax and the
        cells, not legality (herd_move_from_text)."""
        m = C.herd_move()
        self._check(self._lib.c.herd_move_from_text(self._handle, _encode(text, "a move"),
                                                    byref(m)))
        return m.value

    def move_text(self, move):
        """The action text of a move (herd_move_to_text)."""
        return self._text(self._lib.c.herd_move_to_text, self._move(move))

    def _move(self, move):
        if isinstance(move, str):
            return self.parse_move(move)
        _int(move, "a move")
        if not 0 <= move < 1 << 64:
            raise HerdError(E_ARG, "%d is no move: a move is a 64-bit unsigned value" % move)
        return move

    def legal(self):
        """The legal actions (ints), in the library's generation order; at a
        chance event, its outcomes; none once the game is over."""
        h = self._handle
        cap = self._lib.c.herd_max_moves(h)
        buf = (C.herd_move * cap)()
        n = c_size_t()
        self._const(self._lib.c.herd_legal_moves(h, buf, cap, byref(n)))
        return buf[:n.value]

    def legal_texts(self):
        """The texts of the legal actions, sorted in byte order (the herd
        program's `legal`)."""
        return sorted((self.move_text(m) for m in self.legal()), key=str.encode)

    def is_legal(self, move):
        """True when the move (an int or a text) is legal now."""
        return bool(self._lib.c.herd_is_legal(self._handle, self._move(move)))

    def play(self, move):
        """Plays a move, an int or a text, after checking it (herd_apply)."""
        m = self._move(move)
        self._check(self._lib.c.herd_apply(self._handle, m))

    def undo(self):
        """Takes back the last action (a move, a roll or a computer's move)."""
        self._check(self._lib.c.herd_undo(self._handle))

    def perft(self, depth):
        """The number of action sequences of length `depth` (0..64) from here."""
        _int(depth, "depth")
        if not 0 <= depth <= MAX_PERFT_DEPTH:
            raise HerdError(E_ARG, "perft depth %d is not in 0..%d" % (depth, MAX_PERFT_DEPTH))
        nodes = c_uint64()
        self._check(self._lib.c.herd_perft(self._handle, depth, byref(nodes)))
        return nodes.value

    # --------------------------------------------------------- computers

    def genmove(self, level=0):
        """The text of the action the computer player chooses; not played, but
        the game's generator moves on (herd_genmove)."""
        m = C.herd_move()
        self._check(self._lib.c.herd_genmove(self._handle, _int(level, "level"), byref(m)))
        return self.move_text(m.value)

    def play_genmove(self, level=0):
        """Lets the computer player choose and plays the choice; returns its
        text. undo() takes back the move and the generator's draws."""
        m = C.herd_move()
        self._check(self._lib.c.herd_play_genmove(self._handle, _int(level, "level"),
                                                  byref(m)))
        return self.move_text(m.value)

    # ------------------------------------------------------------ chance

    @property
    def is_chance(self):
        """True when a chance event (the hex dice) waits."""
        return bool(self._lib.c.herd_is_chance(self._handle))

    def chance_outcomes(self):
        """The pending chance event's outcomes as (text, probability) pairs in
        the library's order; the probabilities sum to one."""
        h = self._handle
        cap = self._lib.c.herd_max_moves(h)
        outcomes = (C.herd_move * cap)()
        probs = (c_double * cap)()
        n = c_size_t()
        rc = self._lib.c.herd_chance_outcomes(h, outcomes, probs, cap, byref(n))
        self._const(rc, "no chance event waits" if rc == E_STATE else None)
        return [(self.move_text(outcomes[i]), probs[i]) for i in range(n.value)]

    def roll(self):
        """Draws the chance event's outcome with the game's generator, plays it
        and returns its text (herd_roll)."""
        m = C.herd_move()
        self._check(self._lib.c.herd_roll(self._handle, byref(m)))
        return self.move_text(m.value)


# ---------------------------------------------------------- Herd of Horses

class Horses(Game):
    """Herd of Horses (herd/horses.h). Horses(w=10, h=8, n=6, seed=3), or
    Game("horses", ...). Sides are 0 or "green", 1 or "red"; cells are texts
    ("a1") or (row, col) pairs from 0."""

    game = "horses"

    @property
    def options(self):
        """{"w", "h", "n", "seed"}: the seed is 0 once a position was read."""
        opt = C.herd_horses_options()
        self._const(self._lib.c.herd_horses_options_of(self._handle, byref(opt)))
        return {"w": opt.width, "h": opt.height, "n": opt.horses, "seed": opt.seed}

    def move(self, frm, to):
        """The move (an int) that jumps the horse on `frm` to `to`
        (herd_horses_move); play() checks it."""
        a, b = C.herd_cell(*_cell(frm)), C.herd_cell(*_cell(to))
        return self._lib.c.herd_horses_move(a, b)

    def horse(self, side, number):
        """The cell text of horse `number` (1..n) of `side`."""
        cell = C.herd_cell()
        s = self._side(side)
        rc = self._lib.c.herd_horses_horse(self._handle, s, _int(number, "number"), byref(cell))
        self._const(rc, "%s has no horse %d" % (self.sides[s], number))
        return cell_name(cell.row, cell.col)

    def at(self, cell):
        """(side name, horse number) of the horse on `cell`, None when empty."""
        side, number = c_int(), c_int()
        rc = self._lib.c.herd_horses_at(self._handle, C.herd_cell(*_cell(cell)), byref(side),
                                        byref(number))
        self._const(rc, "%s is not on the board" % (cell,) if rc == E_ARG else None)
        return None if side.value < 0 else (self.sides[side.value], number.value)

    def together(self, side):
        """True when `side`'s herd is together (its knight-move graph connected)."""
        return bool(self._get_int(self._lib.c.herd_horses_together, self._side(side)))

    def lines(self, side):
        """The connection lines (a, b) between `side`'s horses, a < b, sorted."""
        buf = (C.herd_horses_line * C.HORSES_MAX_LINES)()
        n = c_size_t()
        self._const(self._lib.c.herd_horses_lines(self._handle, self._side(side), buf,
                                                  C.HORSES_MAX_LINES, byref(n)))
        return [(buf[i].a, buf[i].b) for i in range(n.value)]

    def progress(self, side):
        """(distance, parts) of `side`'s progress bar: the knight moves its closest
        horse needs to its target corner on an empty board, and the bar's parts."""
        distance, parts = c_int(), c_int()
        self._const(self._lib.c.herd_horses_progress(self._handle, self._side(side),
                                                     byref(distance), byref(parts)))
        return distance.value, parts.value

    def log_line(self, number, move):
        """The moves-log line of `move` (an int or a text) played as action
        `number` (from 1), e.g. "3. Green moved horse 0: a3 -> b5". Call it right
        after playing the move."""
        _int(number, "number")
        if not 0 <= number < 1 << 32:
            raise HerdError(E_ARG, "log line number %d is out of range" % number)
        return self._text(self._lib.c.herd_horses_log_line, number, self._move(move))


# -------------------------------------------------------- Herd on a hexhex board

_PHASES = {0: "roll", 1: "remove", 2: "place"}


class Hex(Game):
    """Herd on a hexhex board (herd/hex.h). Hex(size=5, seed=0), or
    Game("hex", ...). Sides are 0 or "red", 1 or "blue"; cells are texts ("e5")
    or (row, position in row) pairs from 0."""

    game = "hex"

    @property
    def size(self):
        """The board side N (2..13)."""
        return self._get_int(self._lib.c.herd_hex_size)

    @property
    def cell_count(self):
        """The number of cells, 3N*N - 3N + 1."""
        return self._get_int(self._lib.c.herd_hex_cell_count)

    def row_length(self, row):
        """The number of cells of row `row` (from 0)."""
        return self._get_int(self._lib.c.herd_hex_row_length, _int(row, "row"),
                             message="row %d is not on the board" % row)

    @property
    def phase(self):
        """"roll", "remove" or "place" (an ended game stays in "roll")."""
        return _PHASES[self._get_int(self._lib.c.herd_hex_phase)]

    @property
    def dice(self):
        """(lower, higher) die of the turn, None while rolling."""
        lo, hi = c_int(), c_int()
        self._const(self._lib.c.herd_hex_dice(self._handle, byref(lo), byref(hi)))
        return None if lo.value == 0 else (lo.value, hi.value)

    @property
    def left(self):
        """Removals left (phase remove), placements left (phase place), 0 while rolling."""
        return self._get_int(self._lib.c.herd_hex_left)

    @property
    def turns(self):
        """The number of turns completed."""
        t = c_uint64()
        self._const(self._lib.c.herd_hex_turns(self._handle, byref(t)))
        return t.value

    def at(self, cell):
        """The name of the side holding `cell`, None when it is empty."""
        side = c_int()
        row, col = _cell(cell)
        rc = self._lib.c.herd_hex_at(self._handle, row, col, byref(side))
        self._const(rc, "%s is not on the board" % (cell,))
        return None if side.value < 0 else self.sides[side.value]

    def stones(self, side):
        """The number of stones `side` has on the board."""
        return self._get_int(self._lib.c.herd_hex_stones, self._side(side))


_CLASSES = {"horses": Horses, "hex": Hex}
