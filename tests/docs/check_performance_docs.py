#!/usr/bin/env python3
"""Checks the state sizes of docs/performance.md against the library.

    python3 tests/docs/check_performance_docs.py SOURCE_DIR PATH/TO/libherd.so

docs/performance.md has, for every game of the registry, a row
`| GAME | state | N bytes (a copy in caller memory: M) |`: N must be what
herd_state_size() answers for a game of it, and M what herd_copy_size(g, 0)
answers (what herd-bench prints). Both are the same for every option value
of a game, which this also checks over each option's smallest and largest
value. Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""
import ctypes
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, "bindings", "python"))
sys.path.insert(0, HERE)
from check_man_page import Report  # noqa: E402

ROW = re.compile(r"^\|\s*(\w+)\s*\|\s*state\s*\|\s*([\d,]+) bytes \(a copy in caller memory: "
                 r"([\d,]+)\)\s*\|\s*$", re.M)


def sizes(lib, name, options):
    """herd_state_size() and herd_copy_size(g, 0) of a new game."""
    g = ctypes.c_void_p()
    rc = lib.herd_new(name.encode(), options.encode(), None, None, ctypes.byref(g), None)
    if rc != 0:
        raise RuntimeError("herd_new(%r, %r) answered %d" % (name, options, rc))
    try:
        return lib.herd_state_size(g), lib.herd_copy_size(g, 0)
    finally:
        lib.herd_free(g)


def option_extremes(game):
    """Option texts that set each ranged or choice option to its ends."""
    for option in game.options:
        if option.key == "seed" or str(option.kind) == "point":
            continue
        values = list(option.allowed)
        for value in (values[0], values[-1]):
            yield "%s=%d" % (option.key, value)


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    source, path = argv[1], os.path.abspath(argv[2])
    # A library built with AddressSanitizer needs its runtime preloaded, as
    # the package's own tests do.
    from run_tests import rerun_with_sanitizer_runtime
    rerun_with_sanitizer_runtime(path, argv, script=os.path.abspath(__file__))
    import herd
    herd.load(path)
    lib = ctypes.CDLL(path)
    lib.herd_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p,
                             ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
    lib.herd_state_size.argtypes = [ctypes.c_void_p]
    lib.herd_state_size.restype = ctypes.c_size_t
    lib.herd_copy_size.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    lib.herd_copy_size.restype = ctypes.c_size_t
    lib.herd_free.argtypes = [ctypes.c_void_p]

    with open(os.path.join(source, "docs", "performance.md"), encoding="utf-8") as f:
        text = f.read()
    rows = {}
    for m in ROW.finditer(text):
        rows.setdefault(m.group(1), []).append(
            (int(m.group(2).replace(",", "")), int(m.group(3).replace(",", ""))))

    report = Report()
    for game in herd.games():
        want = sizes(lib, game.name, "")
        for options in option_extremes(game):
            got = sizes(lib, game.name, options)
            report(got == want, "%s: the sizes with `%s` are those of the defaults"
                   % (game.name, options), "%s against %s" % (got, want))
        documented = rows.pop(game.name, [])
        report(len(documented) == 1, "docs/performance.md has one state row for %s" % game.name,
               "found %d" % len(documented))
        for state, copy in documented:
            report((state, copy) == want,
                   "docs/performance.md: %s's state and copy in caller memory are the "
                   "library's" % game.name,
                   "the page says %d and %d bytes, herd_state_size() and herd_copy_size(g, 0) "
                   "%d and %d" % ((state, copy) + want))
    for name in rows:
        report(False, "docs/performance.md: the state rows are of games", "%s is no game" % name)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
