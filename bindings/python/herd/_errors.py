"""The exceptions of the package herd: one class per kind of fault.

Every refusal of the library is a HerdError carrying the library's code and
message; its class says the kind (the code), so that callers catch what they
can handle: ``except herd.IllegalMoveError``. The kinds that are a wrong value
from the caller are also ValueErrors.
"""
from __future__ import annotations

import difflib
import os
import sys
from typing import Any, Callable, Dict, Iterable, Optional, Type

from . import _capi as C

__all__ = [
    "HerdError", "ArgumentError", "OutOfMemoryError", "OptionRangeError", "ParseError",
    "IllegalMoveError", "StateError", "UnknownNameError", "PositionError", "UnsupportedError",
    "GameClosedError", "LibraryError", "error_for",
]

# herd_strerror()'s texts, for errors raised before any library is loaded
# (test_values checks them against the library's).
_STRERROR = {
    C.OK: "success",
    C.E_ARG: "invalid argument: a NULL pointer, or a value the call does not take",
    C.E_NOMEM: "out of memory: the allocator gave none, or the memory given is too small",
    C.E_RANGE: "value out of range", C.E_PARSE: "malformed text", C.E_ILLEGAL: "illegal move",
    C.E_BUFFER: "buffer too small: the length needed is reported",
    C.E_STATE: "not possible in this state: the game is over, a chance event waits, or there "
               "is nothing to undo",
    C.E_UNKNOWN: "unknown name", C.E_POSITION: "position breaks the rules",
    C.E_UNSUPPORTED: "not supported by this game",
    C.E_INTERRUPTED: "interrupted",
}

# Set by the loader: herd_strerror() of the loaded library.
strerror_hook: Optional[Callable[[int], str]] = None


def strerror(code: int) -> str:
    """herd_strerror(code) of the loaded library, or the binding's copy."""
    if strerror_hook is not None:
        return strerror_hook(code)
    return _STRERROR.get(code, "unknown error")


class HerdError(Exception):
    """A call refused by libherd (or by this binding before it reached the library).

    code:    the negative herd_code (herd.E_ILLEGAL, herd.E_RANGE, ...);
    name:    herd_strerror(code), e.g. "illegal move";
    message: what was wrong, from herd_last_error() or herd_error.message,
             e.g. "b5 is occupied"; str(error) is this message.

    ``HerdError(code, message)`` gives the subclass of the code's kind.
    """

    code: int = C.E_ARG

    def __new__(cls, code: int = C.E_ARG, message: Optional[str] = None,
                name: Optional[str] = None):
        if cls is HerdError:
            cls = _BY_CODE.get(code, HerdError)
        return super().__new__(cls)

    def __init__(self, code: int = C.E_ARG, message: Optional[str] = None,
                 name: Optional[str] = None) -> None:
        self.code = code
        self.name = name if name is not None else strerror(code)
        self.message = message or self.name
        super().__init__(self.message)

    def __repr__(self) -> str:
        return "%s(%d, %r)" % (type(self).__name__, self.code, self.message)

    def __reduce__(self):
        return (HerdError, (self.code, self.message, self.name))


class ArgumentError(HerdError, ValueError):
    """HERD_E_ARG: an argument out of its domain (no such side, horse, cell,
    row; a Python int outside the C type's range)."""


class OutOfMemoryError(HerdError):
    """HERD_E_NOMEM: the allocator failed. (Not a MemoryError: that class
    cannot be combined with another exception class.)"""


class OptionRangeError(HerdError, ValueError):
    """HERD_E_RANGE: an option or level out of its range ("w=7 is out of range 8..30")."""


class ParseError(HerdError, ValueError):
    """HERD_E_PARSE: malformed text (a position, a move, options)."""


class IllegalMoveError(HerdError, ValueError):
    """HERD_E_ILLEGAL: a well-formed move that the rules forbid here
    ("b3 is occupied", "the herd would split")."""


class StateError(HerdError):
    """HERD_E_STATE: not possible now: the game is over, nothing to undo, no
    chance event waits, or one waits."""


class UnknownNameError(HerdError, ValueError):
    """HERD_E_UNKNOWN: an unknown game name or option key."""


class PositionError(HerdError, ValueError):
    """HERD_E_POSITION: a well-formed position that breaks the rules (two
    horses on a cell, a herd that is not together)."""


class UnsupportedError(HerdError):
    """HERD_E_UNSUPPORTED: the game, or the loaded library, does not offer this."""


class WorkInterruptedError(HerdError):
    """HERD_E_INTERRUPTED: a long call (perft, a search) was stopped by
    herd_interrupt() or a progress handler."""


class GameClosedError(HerdError, ValueError):
    """A call on a game after close(): a ValueError, as for a closed file."""

    def __init__(self, message: str = "the game is closed") -> None:
        super().__init__(C.E_ARG, message)

    def __new__(cls, message: str = "the game is closed"):
        return Exception.__new__(cls)

    def __reduce__(self):
        return (GameClosedError, (self.message,))


class LibraryError(HerdError, ImportError):  # type: ignore[misc]  # .name: herd_strerror's
    """libherd could not be loaded: not found, not a library, a missing symbol,
    or a version other than the one this binding was written for."""

    def __init__(self, message: str) -> None:
        super().__init__(C.E_UNSUPPORTED, message, name="library not usable")

    def __new__(cls, message: str = ""):
        return Exception.__new__(cls)

    def __reduce__(self):
        return (LibraryError, (self.message,))


_BY_CODE: Dict[int, Type[HerdError]] = {
    C.E_ARG: ArgumentError,
    C.E_NOMEM: OutOfMemoryError,
    C.E_RANGE: OptionRangeError,
    C.E_PARSE: ParseError,
    C.E_ILLEGAL: IllegalMoveError,
    C.E_STATE: StateError,
    C.E_UNKNOWN: UnknownNameError,
    C.E_POSITION: PositionError,
    C.E_UNSUPPORTED: UnsupportedError,
    C.E_INTERRUPTED: WorkInterruptedError,
}


def error_for(code: int, message: Optional[str] = None, name: Optional[str] = None) -> HerdError:
    """The exception of the code's kind with that message."""
    return HerdError(code, message, name)


def did_you_mean(word: str, names: Iterable[str], cutoff: float = 0.6) -> str:
    """" (did you mean NAME?)" for the name nearest a mistyped word (the
    same word in another case, else a spelling at least `cutoff` close, as
    difflib measures it), "" for none: the one place that suggests a name."""
    names = list(names)
    near = [n for n in names if n.lower() == word.lower()] or \
        difflib.get_close_matches(word, names, 1, cutoff)
    return " (did you mean %s?)" % near[0] if near else ""


def encode(text: Any, what: str) -> bytes:
    """`text` as the UTF-8 bytes that the library takes: the one place that
    encodes a text argument. TypeError for a non-str; ParseError (as the
    library's E_PARSE, and JavaScript's) for a NUL, which would cut it short,
    and for a lone surrogate, which has no UTF-8."""
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (what, type(text).__name__))
    if "\0" in text:
        raise ParseError(C.E_PARSE, "%s contains a NUL character" % what)
    try:
        return text.encode()
    except UnicodeEncodeError as e:
        raise ParseError(C.E_PARSE, "%s is not valid text: %r at %d is a lone surrogate"
                         % (what, text[e.start], e.start)) from None


def _debians_python() -> bool:
    """True for Debian's own interpreter (/usr/bin/python3, not a venv of
    it), whose packages apt installs; False for pyenv, conda, a venv, ..."""
    return (sys.prefix == "/usr" and sys.base_prefix == sys.prefix
            and os.path.isfile("/etc/debian_version")
            and os.path.isdir("/usr/lib/python3/dist-packages"))


def require_numpy(what: str) -> Any:
    """numpy, or ImportError saying that `what` needs it and how this
    interpreter gets it (the one message of every call that needs numpy)."""
    try:
        import numpy
    except ImportError:
        raise ImportError("%s needs numpy, which is not importable here; install it with: %s"
                          % (what, install_hint("numpy", "python3-numpy"))) from None
    return numpy


def install_hint(package: str, debian_package: Optional[str]) -> str:
    """How the running interpreter gets `package`: apt for Debian's own
    python3 (or, where Debian has no package of it, a virtual environment
    over it: Debian's python3 takes no pip installs), else that interpreter's
    own pip (sys.executable -m pip), which installs where it looks."""
    if not _debians_python():
        return "%s -m pip install %s" % (sys.executable, package)
    if debian_package:
        return "apt install %s (%s is Debian's python3)" % (debian_package, sys.executable)
    return ("a virtual environment over Debian's %s: %s -m venv --system-site-packages ENV, "
            "then ENV/bin/python -m pip install %s" % (sys.executable, sys.executable, package))
