#!/usr/bin/env python3
"""Checks that the reference links the text formats where it names them.

    python3 tests/docs/check_text_links.py SOURCE_DIR

Every doc comment of include/herd/*.h, and every paragraph of the pages of
docs/ that Doxygen reads, that names a position text, an action (move)
text or a save text must link to where the format is defined: the
protocol's table of the games (@ref protocol_games, which links each
game's page), a game's page, or the save format (@ref save_format); in
Markdown a link to protocol.md, save.md or a game's page does too. The
pages that define the formats (docs/protocol.md, docs/save.md and each
game's page, named by the registry's games) are not checked, nor code.
Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from check_man_page import Report  # noqa: E402

MENTION = re.compile(r"\b(position|action|move|save)(?:'s)? texts?\b", re.I)
# The games' pages, by their file and their Doxygen label.
GAMES = {"horses": "horses", "hex": "hex", "hare": "hare_rules", "fox": "fox_rules",
         "flock": "flock_rules"}


def links(text):
    """Whether a piece of doc text links a definition of the texts."""
    labels = ["protocol_games", "protocol", "save_format", "save"] + list(GAMES.values())
    if re.search(r"@ref (%s)\b" % "|".join(labels), text):
        return True
    pages = ["protocol", "save"] + list(GAMES)
    return re.search(r"\]\((%s)\.md\b" % "|".join(pages), text) is not None


def comments(source):
    """(line, text) of each doc comment (/** ... */, and ///< runs)."""
    for m in re.finditer(r"/\*\*(.*?)\*/", source, re.S):
        yield source.count("\n", 0, m.start()) + 1, m.group(1)


def paragraphs(page):
    """(line, text) of each paragraph outside code blocks."""
    lines = page.split("\n")
    fence = None
    start, chunk = 0, []
    for n, line in enumerate(lines + [""], 1):
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            continue
        if not stripped or line.startswith("    ") and not chunk:
            if chunk:
                yield start, "\n".join(chunk)
            chunk = []
            continue
        if not chunk:
            start = n
        chunk.append(line)


def main(argv):
    if len(argv) != 2:
        print("usage: check_text_links.py SOURCE_DIR", file=sys.stderr)
        return 2
    source = argv[1]
    report = Report()
    checked = 0
    places = []
    for path in sorted(glob.glob(os.path.join(source, "include", "herd", "*.h"))):
        with open(path, encoding="utf-8") as f:
            places += [(path, line, text) for line, text in comments(f.read())]
    defining = {"protocol.md", "save.md"} | {g + ".md" for g in GAMES}
    for path in sorted(glob.glob(os.path.join(source, "docs", "*.md"))):
        if os.path.basename(path) in defining:
            continue
        with open(path, encoding="utf-8") as f:
            places += [(path, line, text) for line, text in paragraphs(f.read())]
    for path, line, text in places:
        if not MENTION.search(text):
            continue
        checked += 1
        name = "%s:%d" % (os.path.relpath(path, source), line)
        report(links(text), "%s links the format it names" % name,
               "names %r without a link to its definition" % MENTION.search(text).group(0))
    report(checked > 0, "some mentions were found and checked (%d)" % checked)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
