#!/usr/bin/env python3
"""Checks the docs that list the games, their options and levels against
the library's registry, read through the Python package (herd.games()).

    python3 tests/docs/check_registry_docs.py SOURCE_DIR PATH/TO/libherd.so

1. docs/protocol.md: the command table has `games`; the table of the games
   and their options is the registry's, row by row in its order (option,
   values, default, description); it links every game's page.
2. docs/man/herd.1: GAMES has a subsection per game (name, title, sides)
   with each option (KEY=VALUES, description, default) and the levels by
   name with the default marked; SEE ALSO names every game's page.
3. docs/GAME.md, for every game: its line `Defaults of `new GAME`: ...`
   gives every option's default, in order.
4. docs/levels.md: the table of levels has a row per game, each level by
   number and name, the default in bold; How they fare has a section
   `### TITLE (`GAME`)` per game.
5. Every `levels` answer quoted in docs/*.md (`1:random 2:novice ...`) is
   a game's answer: on a game's page its own, elsewhere the one of the
   game named right after it (`... for `hex``), or at least some game's.
So a game added to the registry, or an option or level changed, fails
here until the docs follow. Ends with `N passed, N failed`; exit status 0
only when nothing failed.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, os.pardir, os.pardir, "bindings", "python"))
sys.path.insert(0, HERE)
from check_man_page import Report, roff_text  # noqa: E402


def values_text(option):
    """An option's values as the docs' tables write them."""
    kind = str(option.kind)
    if kind == "point":
        return "a point of the board"
    if kind == "choice":
        values = [str(v) for v in option.allowed]
        return ", ".join(values[:-1]) + " or " + values[-1]
    return "%d..%d" % (option.allowed.start, option.allowed.stop - 1)


def man_tag(option):
    """The .TP tag of an option in herd(1), as the page shows it."""
    kind = str(option.kind)
    if kind == "point":
        return "%s=POINT" % option.key
    if kind == "choice":
        return "%s=%s" % (option.key, "|".join(str(v) for v in option.allowed))
    return "%s=%d..%d" % (option.key, option.allowed.start, option.allowed.stop - 1)


def levels_text(game, default_mark):
    """"1 random (the default), 2 novice, ..." with the default marked."""
    return ", ".join("%d %s%s" % (l.number, l.name, default_mark if l.number ==
                                  game.default_level else "") for l in game.levels)


def levels_answer(game):
    """The herd program's `levels` answer for the game."""
    return " ".join("%d:%s" % (l.number, l.name) for l in game.levels)


def read(root, *path):
    with open(os.path.join(root, *path), encoding="utf-8") as f:
        return f.read()


def section(text, start, end):
    """The text between a line `start` and the next line that begins with `end`."""
    parts = text.split("\n" + start + "\n", 1)
    return parts[1].split("\n" + end, 1)[0] if len(parts) == 2 else ""


def check_protocol(root, games, report):
    text = read(root, "docs", "protocol.md")
    commands = section(text, "## Commands", "## ")
    report(re.search(r"^\| `games` \| ", commands, re.M) is not None,
           "protocol.md: `games` in the command table", "no row for `games`")
    table = section(text, "## The games and their options {#protocol_games}", "## ")
    rows = [[c.strip() for c in line.strip("|").split("|")]
            for line in table.splitlines() if line.startswith("| `")]
    expected = [["`%s`" % g.name, "`%s`" % o.key, values_text(o), str(o.default),
                 o.description] for g in games for o in g.options]
    report(rows == expected, "protocol.md: the table of the games and their options",
           diff(rows, expected))
    missing = [g.name for g in games
               if not re.search(r"\[%s\]\(%s\.md\)" % (re.escape(g.title).replace(r"\ ", r"\s+"),
                                                      g.name), text)]
    report(not missing, "protocol.md: a link to every game's page",
           "no [TITLE](GAME.md) for %s" % missing)


def check_man_page(root, games, report):
    page = read(root, "docs", "man", "herd.1")
    body = section(page, ".SH GAMES", ".SH ")
    got = []
    for part in body.split("\n.SS ")[1:]:
        head, _, rest = part.partition("\n")
        items = []
        for item in rest.split(".TP\n")[1:]:
            lines = item.split("\n.PP\n")[0].strip().split("\n")
            items.append((roff_text(lines[0]), " ".join(roff_text(l) for l in lines[1:])))
        levels = re.search(r"^Levels: (.*)\.$", rest, re.M)
        got.append((head.strip('"'), items, levels.group(1) if levels else None))
    expected = [("%s: %s, %s against %s" % (g.name, g.title, g.sides[0], g.sides[1]),
                 [(man_tag(o), "%s; default %s." % (o.description, o.default))
                  for o in g.options],
                 levels_text(g, " (the default)")) for g in games]
    report(got == expected, "herd(1): GAMES, each game's options and levels", diff(got, expected))
    see_also = roff_text(" ".join(page.split("\n.SH SEE ALSO\n", 1)[-1].split("\n")))
    missing = [g.name for g in games if "docs/%s.md" % g.name not in see_also]
    report(not missing, "herd(1): SEE ALSO names every game's page", "missing %s" % missing)


def check_game_pages(root, games, report):
    for g in games:
        path = os.path.join(root, "docs", g.name + ".md")
        if not os.path.exists(path):
            report(False, "docs/%s.md" % g.name, "the game has no page")
            continue
        text = read(root, "docs", g.name + ".md")
        got = re.findall(r"^Defaults of `new %s`: `([^`]*)`\.$" % re.escape(g.name), text, re.M)
        expected = " ".join("%s=%s" % (o.key, o.default) for o in g.options)
        report(got == [expected], "docs/%s.md: the defaults of `new %s`" % (g.name, g.name),
               "expected one line 'Defaults of `new %s`: `%s`.', found %s"
               % (g.name, expected, got))


def check_levels(root, games, report):
    text = read(root, "docs", "levels.md")
    rows = re.findall(r"^\| `(\S+)` \| (.*) \|$", section(text, "## How the levels choose",
                                                          "## "), re.M)
    got = []
    for name, cell in rows:
        plain = re.sub(r"\([^)]*\)", "", cell)  # what each level does, in parentheses
        levels = []
        for m in re.finditer(r"(\*\*)?(\d+) ([a-z][a-z0-9-]*)(\*\*)?", plain):
            levels.append("%s %s%s" % (m.group(2), m.group(3), " (the default)"
                                       if m.group(1) and m.group(4) else ""))
        got.append((name, ", ".join(levels)))
    expected = [(g.name, levels_text(g, " (the default)")) for g in games]
    report(got == expected, "levels.md: the table of levels, the default in bold",
           diff(got, expected))
    fare = re.findall(r"^### (.*) \(`(\S+)`\)$", section(text, "## How they fare", "## "), re.M)
    expected = [(g.title, g.name) for g in games]
    report(fare == expected, "levels.md: a section of How they fare per game",
           diff(fare, expected))


def check_levels_answers(root, games, report):
    answers = dict((g.name, levels_answer(g)) for g in games)
    wrong, seen = [], 0
    docs = os.path.join(root, "docs")
    for file in sorted(os.listdir(docs)):
        if not file.endswith(".md"):
            continue
        text = read(root, "docs", file)
        page = file[:-3]
        for m in re.finditer(r"`(1:[a-z][a-z0-9-]*(?: \d+:[a-z][a-z0-9-]*)*)`", text):
            seen += 1
            named = re.match(r"\s+for\s+`(\S+)`", text[m.end():])
            game = page if page in answers else named.group(1) if named else None
            if game is not None and answers.get(game) != m.group(1):
                wrong.append("%s: %r is not %s's %r" % (file, m.group(1), game, answers.get(game)))
            elif game is None and m.group(1) not in answers.values():
                wrong.append("%s: %r is no game's levels" % (file, m.group(1)))
    report(seen > 0 and not wrong, "the `levels` answers quoted in docs/*.md (%d)" % seen,
           "; ".join(wrong) or "none found")


def diff(got, expected):
    """The first difference of two lists, for the report."""
    for i, (a, b) in enumerate(zip(got, expected)):
        if a != b:
            return "item %d: the docs have %r, the registry %r" % (i + 1, a, b)
    return "the docs have %d items, the registry %d: %r" % (
        len(got), len(expected), (got[len(expected):] or expected[len(got):])[:3])


def main(argv):
    if len(argv) != 3:
        print("usage: check_registry_docs.py SOURCE_DIR PATH/TO/libherd.so", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    root, library = argv[1], os.path.abspath(argv[2])
    sys.path.insert(0, os.path.join(root, "bindings", "python"))
    # A library built with AddressSanitizer needs its runtime preloaded, as
    # the package's own tests do.
    from run_tests import rerun_with_sanitizer_runtime
    rerun_with_sanitizer_runtime(library, argv, script=os.path.abspath(__file__))
    import herd
    games = herd.games(herd.load(library))
    report = Report()
    for check in (check_protocol, check_man_page, check_game_pages, check_levels,
                  check_levels_answers):
        check(root, games, report)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
