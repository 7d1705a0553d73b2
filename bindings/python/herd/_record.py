"""Game records (docs/records.md): herd.Record, herd.read_records().

A Record is the library's herd_record: its tags, every action from the
first position (chance outcomes included), a comment and a clock after any
action, and how the game ended. The parsing and the replay of every action
are the library's (herd_record_parse, herd_record_reader): reading a file
makes one Python object per record, and its actions become Move objects
only when asked for (moves).
"""
from __future__ import annotations

import datetime
import io
import mmap
import os
import re
import threading
from ctypes import (addressof, byref, c_char, c_char_p, c_int64, c_size_t, c_void_p, cast,
                    create_string_buffer)
from typing import Any, Dict, Iterator, List, MutableMapping, Optional, Tuple, Union

from . import _capi as C
from ._errors import ArgumentError, GameClosedError, did_you_mean, encode, error_for
from ._library import Library, library
from ._values import Move, Side, Status

__all__ = ["Record", "RecordReader", "read_records", "RecordTags", "tag_value"]

PathOrFile = Union[str, "os.PathLike[str]", Any]


def _need(lib: Library, name: str) -> Any:
    """The C function `name` of the records API: UnsupportedError naming it
    when the loaded library (before 1.1) lacks it."""
    return lib.function(name)


def _read_error(err: Any, lib: Library) -> Exception:
    """The package's exception for a herd_record_error: records.md's message
    ("record N, line L, column C: what"), with record, line and column as
    attributes (None where not known)."""
    e = error_for(err.code, err.message.decode(errors="replace"), lib.strerror(err.code))
    e.record = err.record or None  # type: ignore[attr-defined]
    e.line = err.line or None  # type: ignore[attr-defined]
    e.column = err.column or None  # type: ignore[attr-defined]
    return e


def tag_value(key: str, value: Any) -> Optional[str]:
    """A tag's value as text: None removes, a date is YYYY.MM.DD, a number
    its digits, a str itself."""
    if value is None:
        return None
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "%04d.%02d.%02d" % (value.year, value.month, value.day)
    if isinstance(value, bool):
        raise TypeError("tag %s: a value is a str, a number or a date, not a bool" % key)
    if isinstance(value, (int, float)):
        return str(value)
    if not isinstance(value, str):
        raise TypeError("tag %s: a value is a str, a number or a date, not %s"
                        % (key, type(value).__name__))
    return value


# records.md's tags in its order, the sides' (their names, first letter
# upper case) standing between Date and TimeControl; the first four and
# Result, Termination are the game's own, which a caller cannot set.
_TAGS_BEFORE_SIDES = ("Game", "Start", "Options", "Seed", "Event", "Site", "Date")
_TAGS_AFTER_SIDES = ("TimeControl", "Result", "Termination", "Library")
_GAMES_OWN = ("Game", "Start", "Options", "Seed", "Result", "Termination")
# A tag of the caller's own, as Game.record() takes it: as the standard
# tags are written (a capital letter, then letters and digits; the library
# takes up to 64), so that a misspelt lower-case keyword is caught.
_OWN_TAG = re.compile(r"[A-Z][A-Za-z0-9]{0,63}\Z")


def tag_key(keyword: str, sides: Tuple[str, ...]) -> str:
    """The tag that a keyword of Game.record() names: a side's name in
    lower case ("green") gives its tag ("Green"); a standard tag is itself;
    any other must be a tag of the caller's own, a capital letter then
    letters and digits ("Round"). ArgumentError for anything else ("hound",
    "event", "Timecontrol"), listing the tags and the nearest one."""
    sides_tags = tuple(s.capitalize() for s in sides)
    if keyword in sides:
        return keyword.capitalize()
    standard = _TAGS_BEFORE_SIDES + sides_tags + _TAGS_AFTER_SIDES
    if keyword in standard:
        return keyword
    if _OWN_TAG.match(keyword) and keyword.lower() not in (t.lower() for t in standard):
        return keyword
    settable = [t for t in standard if t not in _GAMES_OWN]
    names = [t for t in settable if t not in sides_tags] + list(sides)
    # A tag in another case, or one letter or so off ("hound"), first; then
    # the keyword as a tag of one's own ("round": Round); then any near one.
    own = keyword[:1].upper() + keyword[1:]
    near = did_you_mean(keyword, names, 0.8) or (
        did_you_mean(own, [own]) if _OWN_TAG.match(own) else did_you_mean(keyword, names))
    raise ArgumentError(C.E_ARG, "record(%s=...): %r is not a tag%s; the tags are %s (a side's "
                        "also as %s), or one of your own: a capital letter, then letters and "
                        "digits (Round=3)"
                        % (keyword, keyword, near,
                           ", ".join(settable), " or ".join(sides)))


class RecordTags(MutableMapping):
    """A record's tags as a mapping in the record's order (records.md's:
    Game, Start, Options, Seed, Event, Site, Date, the sides' names,
    TimeControl, Result, Termination, Library, then the others as added).
    Setting a tag adds or replaces it in its place, deleting removes it;
    the game's own tags (Game, Start, Options, Seed, Result, Termination)
    are refused: they come from the game."""

    __slots__ = ("_record",)

    def __init__(self, record: "Record") -> None:
        self._record = record

    def __getitem__(self, key: str) -> str:
        r = self._record
        with r._using() as h:
            value = r._lib.c.herd_record_tag(h, encode(key, "a tag's key"))
        if value is None:
            raise KeyError(key)
        return value.decode()

    def __setitem__(self, key: str, value: Any) -> None:
        self._record._set_tag(key, tag_value(key, value))

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self._record._set_tag(key, None)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        r = self._record
        with r._using() as h:
            return r._lib.c.herd_record_tag(h, encode(key, "a tag's key")) is not None

    def _items(self) -> List[Tuple[str, str]]:
        r = self._record
        key, value = c_char_p(), c_char_p()
        out = []
        with r._using() as h:
            at = r._lib.c.herd_record_tag_at
            for i in range(r._lib.c.herd_record_tag_count(h)):
                at(h, i, byref(key), byref(value))
                out.append(((key.value or b"").decode(), (value.value or b"").decode()))
        return out

    def __iter__(self) -> Iterator[str]:
        return iter([k for k, _ in self._items()])

    def __len__(self) -> int:
        r = self._record
        with r._using() as h:
            return r._lib.c.herd_record_tag_count(h)

    def items(self) -> Any:  # in one pass
        return self._items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RecordTags):
            return self._items() == other._items()
        if isinstance(other, dict):
            return dict(self._items()) == other
        return NotImplemented

    def __repr__(self) -> str:
        return "{%s}" % ", ".join("%r: %r" % kv for kv in self._items())


class Record:
    """A game record (docs/records.md): tags, every action from the first
    position, comments and clocks, and how the game ended.

    ``Record(text)`` reads one record (either form of records.md),
    replaying every action with the rules; read_records() reads a file of
    them one after another, and Game.record() makes one from a game's
    history. ``str(record)`` and ``record.text()`` give the text back, byte
    for byte as it was read when the library wrote it; ``record.game(ply)``
    hands back the game at any ply.

    tags is a mapping in the record's order; plies the number of actions
    (chance outcomes included); moves the actions as Move values (made when
    read); comment(ply) and clock(ply) what stands after action `ply`;
    result, termination and status how the game ended.
    """

    _h: Optional[int]

    def __init__(self, text: str) -> None:
        lib = library()
        parse = _need(lib, "herd_record_parse")
        data = encode(text, "the record")
        out = C.record_p()
        err = C.herd_record_error()
        rc = parse(data, len(data), None, None, byref(out), byref(err))
        if rc != C.OK:
            raise _read_error(err, lib)
        self._adopt(lib, out.value)

    def _adopt(self, lib: Library, handle: int) -> None:
        self._lib = lib
        self._h = handle
        self._lock = threading.RLock()
        self._sides: Optional[Tuple[Side, Side]] = None

    @classmethod
    def _wrap(cls, lib: Library, handle: int) -> "Record":
        self = object.__new__(cls)
        self._adopt(lib, handle)
        return self

    def __del__(self) -> None:
        h = getattr(self, "_h", None)
        if h is not None:
            self._h = None
            try:
                self._lib.c.herd_record_free(h)
            except Exception:  # noqa: BLE001 - at interpreter exit ctypes may be gone
                pass

    def _using(self) -> Any:
        return _Using(self)

    # ------------------------------------------------------------ the text

    def text(self, one_line: bool = False) -> str:
        """records.md's text: tag lines, an empty line and the movetext in
        lines of at most 80 characters, each ending with a newline; with
        one_line=True the one-line form (joined by single spaces, no
        newline), as the protocol's `record` and `replay` take it."""
        n = c_size_t()
        with self._using() as h:
            write = self._lib.c.herd_record_write
            rc = write(h, 1 if one_line else 0, None, 0, byref(n))
            if rc not in (C.OK, C.E_BUFFER):
                raise error_for(rc, None, self._lib.strerror(rc))
            buf = create_string_buffer(n.value + 1)
            rc = write(h, 1 if one_line else 0, buf, n.value + 1, byref(n))
            if rc != C.OK:
                raise error_for(rc, None, self._lib.strerror(rc))
        return buf.raw[:n.value].decode()

    def __str__(self) -> str:
        """The record's text (text())."""
        return self.text()

    def __repr__(self) -> str:
        if self._h is None:
            return "<herd.Record closed>"
        return "<herd.Record %s, %d plies, %s>" % (self.tags.get("Game"), self.plies,
                                                   self.result)

    def __eq__(self, other: object) -> bool:
        """Records are equal when their texts are."""
        if not isinstance(other, Record):
            return NotImplemented
        return self.text() == other.text()

    __hash__ = None  # type: ignore[assignment]  # a record changes: it is no key

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickles the record as its text."""
        return Record, (self.text(),)

    def __copy__(self) -> "Record":
        return Record(self.text())

    def __deepcopy__(self, memo: Any) -> "Record":
        return Record(self.text())

    # ------------------------------------------------------------ the tags

    @property
    def tags(self) -> RecordTags:
        """The tags, a mapping in the record's order; settable (but for the
        game's own: Game, Start, Options, Seed, Result, Termination)."""
        return RecordTags(self)

    def _set_tag(self, key: str, value: Optional[str]) -> None:
        k = encode(key, "a tag's key")
        v = None if value is None else encode(value, "tag %s" % key)
        with self._using() as h:
            rc = self._lib.c.herd_record_set_tag(h, k, v)
            if rc != C.OK:
                raise error_for(rc, self._tag_refusal(rc, key, value), self._lib.strerror(rc))

    @staticmethod
    def _tag_refusal(rc: int, key: str, value: Optional[str]) -> str:
        """The message of a refused tag (herd_record_set_tag leaves none)."""
        if rc == C.E_ARG:
            return "tag %s is the game's own: it comes from the game" % key
        if rc == C.E_PARSE:
            if key == "Date":
                return "tag Date %r is not YYYY.MM.DD (? for unknown digits)" % value
            if key == "TimeControl":
                return "tag TimeControl %r is not S+I (seconds, increment) or -" % value
            return ("tag %s=%r: a key is 1 to 64 letters and digits, a value at most 4096 "
                    "bytes without control characters" % (key, value))
        return "tag %s" % key

    @property
    def result(self) -> str:
        """The Result tag: "1-0" (side 0 won), "0-1", "1/2-1/2" or "*"."""
        return self.tags.get("Result", "*")

    @property
    def termination(self) -> Optional[str]:
        """The Termination tag (the status reason: "corner", "resigned",
        ...), None while the game goes on."""
        return self.tags.get("Termination")

    @property
    def name(self) -> str:
        """The game's name (the Game tag)."""
        return self.tags["Game"]

    @property
    def sides(self) -> Tuple[Side, Side]:
        """The game's sides, side 0 first."""
        if self._sides is None:
            from ._registry import describe
            self._sides = describe(self.name, self._lib).sides
        return self._sides

    @property
    def status(self) -> Status:
        """The status at the record's end, the players' ending included."""
        from ._game import status_of
        st = C.herd_status()
        with self._using() as h:
            rc = self._lib.c.herd_record_status(h, byref(st))
            if rc != C.OK:
                raise error_for(rc, None, self._lib.strerror(rc))
        return status_of(self._lib, self.sides, st)

    # ------------------------------------------------------------ the actions

    @property
    def plies(self) -> int:
        """The number of actions, chance outcomes included."""
        with self._using() as h:
            return self._lib.c.herd_record_plies(h)

    def __len__(self) -> int:
        """plies."""
        return self.plies

    def _ply(self, h: int, ply: Any, lo: int) -> int:
        from ._game import as_int
        ply = as_int(ply, "ply")
        n = self._lib.c.herd_record_plies(h)
        if not lo <= ply <= n:
            raise ArgumentError(C.E_ARG, "ply %d is out of range %d..%d" % (ply, lo, n))
        return ply

    @property
    def moves(self) -> List[Move]:
        """Every action as a Move, from the first (made on each read)."""
        with self._using() as h:
            n = self._lib.c.herd_record_plies(h)
            values = []
            m = C.herd_move()
            ref = byref(m)
            fn = self._lib.c.herd_record_move
            for ply in range(1, n + 1):
                fn(h, ply, ref)
                values.append(m.value)
        if not values:
            return []
        # the texts: a game of the record names them
        with self.game(0) as g, g._using() as gh:
            return [g._to_move_lenient(gh, v) for v in values]

    def comment(self, ply: int) -> Optional[str]:
        """The comment after action `ply` (0: before the first), without its
        clock; None where there is none."""
        with self._using() as h:
            text = self._lib.c.herd_record_comment(h, self._ply(h, ply, 0))
        return None if text is None else text.decode()

    def set_comment(self, ply: int, text: Optional[str]) -> None:
        """Sets the comment after action `ply` (0: before the first); None
        removes it. A '}' or a control character is refused (ParseError)."""
        data = None if text is None else encode(text, "the comment")
        with self._using() as h:
            rc = self._lib.c.herd_record_set_comment(h, self._ply(h, ply, 0), data)
            if rc != C.OK:
                raise error_for(rc, "a comment is at most 4096 bytes of text without '}' or "
                                "control characters, not %r" % text if rc == C.E_PARSE
                                else None, self._lib.strerror(rc))

    @property
    def comments(self) -> Dict[int, str]:
        """The comments by ply (0: before the first action), those present."""
        with self._using() as h:
            fn = self._lib.c.herd_record_comment
            out = {}
            for ply in range(self._lib.c.herd_record_plies(h) + 1):
                text = fn(h, ply)
                if text is not None:
                    out[ply] = text.decode()
        return out

    def clock(self, ply: int) -> Optional[float]:
        """The mover's time left after action `ply`, in seconds (records
        keep whole seconds); None where the record has none."""
        ms = c_int64()
        with self._using() as h:
            rc = self._lib.c.herd_record_clock(h, self._ply(h, ply, 1), byref(ms))
        if rc == C.E_STATE:
            return None
        if rc != C.OK:
            raise error_for(rc, None, self._lib.strerror(rc))
        return ms.value / 1000

    def set_clock(self, ply: int, seconds: Optional[float]) -> None:
        """Sets the mover's time left after action `ply` (seconds, written as
        [%clk H:MM:SS] in whole seconds); None removes it."""
        if seconds is None:
            ms = -1
        else:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
                raise TypeError("a clock is a number of seconds, not %s"
                                % type(seconds).__name__)
            if not 0 <= seconds < 1e12:
                raise ArgumentError(C.E_ARG, "a clock of %r seconds is out of range" % seconds)
            ms = int(seconds * 1000)
        with self._using() as h:
            rc = self._lib.c.herd_record_set_clock(h, self._ply(h, ply, 1), ms)
            if rc != C.OK:
                raise error_for(rc, None, self._lib.strerror(rc))

    @property
    def clocks(self) -> Dict[int, float]:
        """The clocks by ply, in seconds, those present."""
        ms = c_int64()
        out = {}
        with self._using() as h:
            fn = self._lib.c.herd_record_clock
            for ply in range(1, self._lib.c.herd_record_plies(h) + 1):
                if fn(h, ply, byref(ms)) == C.OK:
                    out[ply] = ms.value / 1000
        return out

    # ------------------------------------------------------------ replay

    def game(self, ply: Optional[int] = None) -> Any:
        """A herd.Game at `ply` (0: the start; None, the default, or plies:
        the end, the players' ending included), its history holding the
        actions up to there, so that undo() goes back through them. The
        generator is the Seed's. Game.record() of it keeps this record's
        tags, comments and clocks of the plies they share."""
        from ._game import Game
        out = C.game_p()
        with self._using() as h:
            # HERD_RECORD_END is SIZE_MAX
            at = C.SIZE_MAX if ply is None else self._ply(h, ply, 0)
            rc = self._lib.c.herd_record_game(h, at, None, None, byref(out))
            if rc != C.OK:
                raise error_for(rc, None, self._lib.strerror(rc))
        g = Game._wrap(self._lib, out.value)
        g._record_base = self
        return g


class _Using:
    """Holds a record's lock and gives its handle (GameClosedError once
    freed: a record is freed only when collected, so only at exit)."""

    __slots__ = ("_r",)

    def __init__(self, r: Record) -> None:
        self._r = r

    def __enter__(self) -> int:
        self._r._lock.acquire()
        h = self._r._h
        if h is None:
            self._r._lock.release()
            raise GameClosedError()
        return h

    def __exit__(self, *exc: Any) -> None:
        self._r._lock.release()


class RecordReader:
    """Reads records one after another (read_records()): an iterator of
    Record, lazy, in bounded memory. A record that is refused raises the
    package's error (records.md's message "record N, line L, column C:
    what", with record, line and column attributes); with errors="skip" it
    is passed over instead. A record longer than max_bytes
    (OutOfMemoryError, the library's E_NOMEM), or a read error, ends the
    reading with its error either way."""

    def __init__(self, source: PathOrFile, max_bytes: int = 0, errors: str = "raise") -> None:
        from ._game import check_int
        lib = library()
        new = _need(lib, "herd_record_reader_from_buffer")
        if errors not in ("raise", "skip"):
            raise ArgumentError(C.E_ARG, "errors is 'raise' or 'skip', not %r" % (errors,))
        max_bytes = check_int(max_bytes, "max_bytes", 0, C.SIZE_MAX)
        self._lib = lib
        self._skip = errors == "skip"
        self._rd: Optional[int] = None
        self._lock = threading.Lock()
        self._keep: List[Any] = []  # what the buffer lives in: closed by close()
        address, size = self._open(source)
        rd = C.record_reader_p()
        rc = new(address, size, max_bytes, None, None, byref(rd))
        if rc != C.OK:
            self._release()
            raise error_for(rc, None, lib.strerror(rc))
        self._rd = rd.value
        self._out = C.record_p()
        self._err = C.herd_record_error()

    def _open(self, source: Any) -> Tuple[Optional[int], int]:
        """The address and size of the text: a file mapped into memory
        (mmap: the system reads it as the reader goes), else the bytes read."""
        if isinstance(source, (str, os.PathLike)):
            f = open(source, "rb")
            self._keep.append(f)
            return self._map(f, 0)
        if isinstance(source, (bytes, bytearray, memoryview)):
            raise TypeError("read_records() takes a path or a file; Record(text) reads one "
                            "record, read_records(io.BytesIO(data)) a text of several")
        if not callable(getattr(source, "read", None)):
            raise TypeError("read_records() takes a path or a file, not %s"
                            % type(source).__name__)
        if isinstance(source, io.BufferedReader) or isinstance(source, io.FileIO):
            try:
                return self._map(source, source.tell())
            except (OSError, ValueError, io.UnsupportedOperation):
                pass
        data = source.read()
        if isinstance(data, str):
            # a lone surrogate becomes a byte that is no UTF-8, which the
            # reader refuses where it stands
            data = data.encode(errors="surrogateescape")
        if not isinstance(data, bytes):
            raise TypeError("the file gave %s, not bytes or str" % type(data).__name__)
        self._keep.append(data)
        return (cast(c_char_p(data), c_void_p).value if data else None), len(data)

    def _map(self, f: Any, offset: int) -> Tuple[Optional[int], int]:
        size = os.fstat(f.fileno()).st_size
        if size <= offset:
            return None, 0
        # ACCESS_COPY: private and writable, so ctypes can take its address;
        # nothing writes to it.
        m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
        self._keep.append(m)
        view = (c_char * size).from_buffer(m)
        self._keep.append(view)
        return addressof(view) + offset, size - offset

    def _release(self) -> None:
        """Closes the map and the file this reader opened (not a file it
        was given)."""
        keep, self._keep = self._keep, []
        closing = [k for k in keep if isinstance(k, (mmap.mmap, io.IOBase))]
        del keep  # the ctypes view pins the map's buffer: dropped first
        for thing in reversed(closing):
            try:
                thing.close()
            except (BufferError, OSError):
                pass

    def __iter__(self) -> "RecordReader":
        return self

    def __next__(self) -> Record:
        with self._lock:
            rd = self._rd
            if rd is None:
                raise StopIteration
            lib = self._lib
            while True:
                rc = lib.c.herd_record_read(rd, byref(self._out), byref(self._err))
                if rc == C.OK:
                    return Record._wrap(lib, self._out.value)
                if rc == C.E_STATE:
                    self._close()
                    raise StopIteration
                fatal = rc in (C.E_NOMEM, C.E_ARG) or self._err.code == 0
                if self._skip and not fatal:
                    continue
                error = _read_error(self._err, lib)
                if fatal:
                    self._close()
                raise error

    def _close(self) -> None:
        rd, self._rd = self._rd, None
        if rd is not None:
            self._lib.c.herd_record_reader_free(rd)
        self._release()

    def close(self) -> None:
        """Stops reading and frees the reader (and the file it opened)."""
        with self._lock:
            self._close()

    def __enter__(self) -> "RecordReader":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self._close()
        except Exception:  # noqa: BLE001 - at interpreter exit
            pass


def read_records(source: PathOrFile, max_bytes: int = 0, errors: str = "raise") -> RecordReader:
    """The records of a file, one after another, as Record values: a lazy
    iterator (a RecordReader, also a context manager that closes the file
    it opened). `source` is a path or an open file (binary or text). The
    library parses and replays every action; a record longer than
    `max_bytes` (0: 1 MiB) stops the reading with OutOfMemoryError (the
    library's E_NOMEM: "the record is longer than N bytes"), errors="skip"
    or not. A refused record raises the
    package's error with records.md's message ("record 3, line 14, column
    9: ..."); errors="skip" passes over such records instead."""
    return RecordReader(source, max_bytes, errors)
