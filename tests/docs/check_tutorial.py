#!/usr/bin/env python3
"""Checks the code of docs/tutorial.md against the tutorial's programs.

    python3 tests/docs/check_tutorial.py SOURCE_DIR

docs/tutorial.md shows its code inline, so that it reads as a file too. Each
fenced block follows a label line that says its language and names its
program: **C** ([examples/tutorial/NAME.c](...)) for a ```c block, **Python**
([examples/tutorial/tutorial.py](...)) for a ```python block. The programs
mark their pieces with `[name]` comment lines (`/* [name] */`, `# [name]`),
the build compiles them and the tests tutorial_* run them. The check:

1. every block has a label whose language is the block's;
2. every block is, but for its indentation, a piece of the program its label
   names (the lines between the two marks of one name);
3. every piece of the tutorial's programs is on the page, once.

Then it checks itself: a page with a line of a block changed, a block
labelled with the other language, and a piece left out must each be found
at fault. Ends with `N passed, N failed`; exit status 0 only when nothing
failed.
"""
import os
import re
import sys
import textwrap

PAGE = os.path.join("docs", "tutorial.md")
LABEL = re.compile(r"^\*\*(C|Python)\*\* \(\[(examples/tutorial/[\w.]+)\]\([^)]*\)\):$")
FENCE = re.compile(r"^```(\w*)$")
MARK = re.compile(r"^\s*(?:/\*|#) \[(\w+)\](?: \*/)?$")
LANGUAGE = {"c": "C", "python": "Python"}


def pieces(text):
    """{name: the lines between the marks [name], dedented}."""
    found, open_at, lines = {}, {}, text.split("\n")
    for i, line in enumerate(lines):
        m = MARK.match(line)
        if not m:
            continue
        name = m.group(1)
        if name in open_at:
            found[name] = textwrap.dedent("\n".join(lines[open_at.pop(name) + 1:i])).strip("\n")
        else:
            open_at[name] = i
    return found


def blocks(text):
    """[(line number, label language, label file, block language, code)]."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m and m.group(1):
            start = i
            i += 1
            while i < len(lines) and lines[i] != "```":
                i += 1
            label = next((LABEL.match(lines[k]) for k in range(start - 1, -1, -1)
                          if lines[k].strip()), None)
            out.append((start + 1, label.group(1) if label else None,
                        label.group(2) if label else None, m.group(1),
                        textwrap.dedent("\n".join(lines[start + 1:i])).strip("\n")))
        i += 1
    return out


def faults(page, programs):
    """The page's faults against {path: text} of the programs."""
    found = []
    shown = set()
    for line, language, path, fence, code in blocks(page):
        where = "%s:%d" % (PAGE, line)
        if language is None:
            found.append("%s: a block without a label **C** or **Python** naming its program"
                         % where)
            continue
        if LANGUAGE.get(fence) != language:
            found.append("%s: a ```%s block labelled %s" % (where, fence, language))
        if path not in programs:
            found.append("%s: the label names %s, not a program of the tutorial" % (where, path))
            continue
        match = [n for n, piece in pieces(programs[path]).items() if piece == code]
        if not match:
            found.append("%s: this block is no piece of %s (a piece is the lines between two "
                         "[name] marks)" % (where, path))
        for n in match:
            if (path, n) in shown:
                found.append("%s: %s [%s] is shown twice" % (where, path, n))
            shown.add((path, n))
    for path, text in sorted(programs.items()):
        for n in sorted(pieces(text)):
            if (path, n) not in shown:
                found.append("%s: %s [%s] is not on the page" % (PAGE, path, n))
    return found


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().split("\n")[2], file=sys.stderr)
        return 2
    root = argv[1]
    with open(os.path.join(root, PAGE), encoding="utf-8") as f:
        page = f.read()
    folder = os.path.join(root, "examples", "tutorial")
    programs = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith((".c", ".py")):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                programs["examples/tutorial/" + name] = f.read()
    passed = failed = 0

    def check(ok, what, details=()):
        nonlocal passed, failed
        if ok:
            passed += 1
            print("ok:", what)
        else:
            failed += 1
            print("FAILED:", what)
            for d in details:
                print("  " + d)

    found = faults(page, programs)
    check(not found and blocks(page), "docs/tutorial.md: %d blocks, each a piece of its program, "
          "every piece shown" % len(blocks(page)), found)
    # The check finds what it is for.
    first = blocks(page)[0][4].split("\n")[0]
    check(faults(page.replace(first, first + " /* changed */", 1), programs),
          "a changed line of a block is found")
    check(faults(page.replace("**C** (", "**Python** (", 1), programs),
          "a block labelled with the other language is found")
    a_piece = sorted(pieces(programs["examples/tutorial/moves.c"]))[0]
    check(faults(page, dict(programs, **{"examples/tutorial/moves.c":
                                         programs["examples/tutorial/moves.c"] +
                                         "\n/* [extra] */\nint x;\n/* [extra] */\n"})),
          "a piece that the page leaves out is found (beside [%s])" % a_piece)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
