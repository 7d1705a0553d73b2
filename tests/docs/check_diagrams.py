#!/usr/bin/env python3
"""Checks the reference's board diagrams (tools/game_diagrams.py).

    python3 tests/docs/check_diagrams.py SOURCE_DIR LIBRARY OUT_DIR

Draws the diagrams with the library built (as the docs target does) into
OUT_DIR and checks that for every game of the registry:

1. NAME_start.svg and NAME_play.svg are well-formed SVG documents, and the
   typical position is another board than the start, with a move marked;
2. drawing them again gives the same bytes (the games are seeded);
3. the game's rules page (docs/NAME.md) and group page (include/herd/NAME.h)
   show both (`\\image html` there, `@image html` in the header).

Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}svg"


def main(argv):
    if len(argv) != 4:
        print("usage: check_diagrams.py SOURCE_DIR LIBRARY OUT_DIR", file=sys.stderr)
        return 2
    root, library, out = argv[1], os.path.abspath(argv[2]), argv[3]
    sys.path.insert(0, os.path.join(root, "bindings", "python"))
    # A library built with AddressSanitizer needs its runtime preloaded (the
    # drawing tool inherits it), as the package's own tests do.
    from run_tests import rerun_with_sanitizer_runtime
    rerun_with_sanitizer_runtime(library, argv, script=os.path.abspath(__file__))
    tool = os.path.join(root, "tools", "game_diagrams.py")
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        passed += bool(ok)
        failed += not ok
        print(("ok:   " if ok else "FAIL: ") + what)

    drawn = []
    for run in ("first", "second"):
        folder = os.path.join(out, run)
        subprocess.run([sys.executable, tool, library, folder], check=True)
        drawn.append({n: open(os.path.join(folder, n), "rb").read()
                      for n in sorted(os.listdir(folder))})
    check(drawn[0] == drawn[1], "a second run draws the same bytes")
    import herd
    herd.load(os.path.abspath(library))
    for desc in herd.games():
        name = desc.name
        pictures = {}
        for kind in ("start", "play"):
            file = "%s_%s.svg" % (name, kind)
            text = drawn[0].get(file)
            try:
                ok = text is not None and ET.fromstring(text).tag == SVG
            except ET.ParseError:
                ok = False
            check(ok, "%s is an SVG document" % file)
            pictures[kind] = text or b""
        from herd._svg import COLORS
        mark = COLORS["lastmove"].encode()
        check(pictures["start"] != pictures["play"] and mark in pictures["play"]
              and mark not in pictures["start"],
              "%s: the typical position is another board than the start, its last move "
              "marked" % name)
        for page, command in ((os.path.join("docs", name + ".md"), "\\image html"),
                              (os.path.join("include", "herd", name + ".h"), "@image html")):
            with open(os.path.join(root, page), encoding="utf-8") as f:
                text = f.read()
            for kind in ("start", "play"):
                check("%s %s_%s.svg " % (command, name, kind) in text,
                      "%s shows %s_%s.svg" % (page, name, kind))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
