"""Finding and loading libherd.

The library is, in this order: the path given to load(); the file named by the
environment variable HERD_LIBRARY; the library that `cmake --install` installed
together with this package (named by the generated module herd._config); what
ctypes.util.find_library("herd") finds on the system.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
from typing import Any, Callable, List, Optional, Tuple, Union

from . import _capi as C
from . import _errors
from ._errors import LibraryError, UnsupportedError

__all__ = ["Library", "load", "library", "version", "BINDING_VERSION", "candidates"]

# The version of the C API this binding was written for: a library of another
# major version, or of an older minor version (which may lack a function the
# binding calls), is refused; a later minor version only adds.
BINDING_VERSION: Tuple[int, int] = (C.VERSION_MAJOR, C.VERSION_MINOR)

PathLike = Union[str, "os.PathLike[str]"]


class Library:
    """A loaded libherd: the ctypes handle with every prototype declared."""

    path: str
    version: str
    missing: frozenset   # the OPTIONAL functions this library lacks
    optional: frozenset  # those it has, declared

    def __init__(self, path: PathLike) -> None:
        path = os.fspath(path)
        try:
            cdll = ctypes.CDLL(path)
        except OSError as e:
            raise LibraryError("cannot load libherd from %r: %s" % (path, e)) from None
        try:
            missing = C.declare(cdll)
        except AttributeError as e:
            raise LibraryError("%r is not a usable libherd: %s" % (path, e)) from None
        number = cdll.herd_version()
        major, minor = number // 10000, number // 100 % 100
        self.version = cdll.herd_version_string().decode()
        # Read through the package so that tests can pretend another version.
        from . import BINDING_VERSION as wanted
        # As semantic versions: a later minor version of the library only adds.
        if major != wanted[0] or minor < wanted[1]:
            raise LibraryError(
                "libherd %s at %r, but this binding is written for %d.%d (it needs %d.%d or a "
                "later %d.x)" % (self.version, path, wanted[0], wanted[1], wanted[0], wanted[1],
                                  wanted[0]))
        self.path = path
        self.c: Any = cdll
        self.missing = frozenset(missing)
        self.optional = frozenset(name for name in C.OPTIONAL if name not in missing)

    def has(self, name: str) -> bool:
        """True when the library exports the C function `name` and the binding
        knows its prototype."""
        return name in C.PROTOTYPES or name in self.optional

    def function(self, name: str) -> Callable[..., Any]:
        """The C function `name`; UnsupportedError when this library lacks it
        (an optional function that an older libherd does not have)."""
        if not self.has(name):
            raise UnsupportedError(
                C.E_UNSUPPORTED, "%s is not in the libherd at %r (version %s): this needs a "
                "libherd that has it" % (name, self.path, self.version))
        return getattr(self.c, name)

    def strerror(self, code: int) -> str:
        """The text of an error code (herd_strerror)."""
        return self.c.herd_strerror(code).decode()

    def __repr__(self) -> str:
        return "<herd.Library %s at %r>" % (self.version, self.path)


_default: Optional[Library] = None
_loading = threading.Lock()


def installed_library() -> Optional[str]:
    """The library that was installed with this package, when `cmake --install`
    installed it (herd/_config.py); None in a source tree."""
    try:
        from . import _config  # type: ignore[attr-defined]
    except ImportError:
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    relative = getattr(_config, "LIBRARY_RELATIVE", None)
    if relative:
        path = os.path.normpath(os.path.join(here, relative))
        if os.path.exists(path):
            return path
    absolute = getattr(_config, "LIBRARY", None)
    return absolute or None


def found_library() -> Optional[str]:
    """What ctypes.util.find_library() finds of libherd: "herd" (libherd.so,
    herd.dll), and on Windows also "libherd" (libherd.dll, MinGW's name)."""
    names = ("herd", "libherd") if sys.platform == "win32" else ("herd",)
    for name in names:
        found = ctypes.util.find_library(name)
        if found:
            return found
    return None


def candidates() -> List[Tuple[str, Optional[str]]]:
    """The routes load() tries without a path, in order, with what each names."""
    return [
        ("HERD_LIBRARY", os.environ.get("HERD_LIBRARY") or None),
        ("installed with the package", installed_library()),
        ("find_library", found_library()),
    ]


def load(path: Optional[PathLike] = None) -> Library:
    """Loads libherd and makes it the library of the games created from now on.

    The library is ``path`` when given, else the file named by the environment
    variable HERD_LIBRARY, else the library installed together with this
    package, else what ctypes.util.find_library("herd") finds. Raises
    LibraryError (a HerdError and an ImportError) when it cannot be loaded or
    its major.minor version is not the binding's. Returns the Library.
    """
    global _default
    if path is None:
        for _route, found in candidates():
            if found:
                path = found
                break
    if not path:
        raise LibraryError("libherd not found: pass its path to herd.load(), set "
                           "HERD_LIBRARY, or install libherd with this package")
    lib = Library(path)
    with _loading:
        _default = lib
        _errors.strerror_hook = lib.strerror
    return lib


def library() -> Library:
    """The library new games use, loaded with load() on first use."""
    lib = _default
    if lib is not None:
        return lib
    with _loading:
        lib = _default
    return lib if lib is not None else load()


def version() -> str:
    """The loaded library's version text, "MAJOR.MINOR.PATCH"."""
    return library().version
