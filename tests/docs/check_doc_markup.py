#!/usr/bin/env python3
"""Checks the markup of the reference's sources for what Doxygen 1.9.4 mangles.

    python3 tests/docs/check_doc_markup.py SOURCE_DIR

Reads what Doxygen reads (docs/*.md, docs/*.dox, include/herd/*.h), outside
code blocks, and finds:

- a link whose text breaks across a line: `@ref NAME "text` or `\\ref` with
  the quote closed on a later line, or Markdown's `[text` closed by `](` on
  the next line. Doxygen then shows the raw markup, and later links of the
  paragraph with absolute paths (write the link's text on one line);
- a code span in single backticks holding a `'` that is not followed by a
  letter, digit or `_` (`'hex' is ...`, `'range'`): Doxygen takes `` `text' ``
  for quoted text, shows it as `‘text’` and a stray backtick later. Such a
  span is written in double backticks (``'hex' is ...``), which Doxygen and
  Markdown both render as code;
- a code span inside a phrase in double quotes (`"Top level: `ON`"`), which
  Doxygen shows as it stands, backticks and all.

Then it checks itself on a page holding each fault and its repair. Ends with
`N passed, N failed`; exit status 0 only when nothing failed.
"""
import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from check_man_page import Report  # noqa: E402
from usage import usage  # noqa: E402

REF_OPEN = re.compile(r'[@\\]ref\s+\S+\s+"[^"]*$')
# A code span of exactly one backtick on each side, which may wrap a line.
SPAN = re.compile(r"(?<!`)`(?!`)([^`]+?)`(?!`)")
ANY_SPAN = re.compile(r"(``[^`]+?``|`[^`]+?`)")
BAD_QUOTE = re.compile(r"'(?![A-Za-z0-9_])")


def unfenced(text):
    """The text with fenced code blocks blanked, line numbers kept."""
    out, fence = [], None
    for line in text.split("\n"):
        stripped = line.strip()
        if fence:
            fence = None if stripped.startswith(fence) else fence
            out.append("")
        elif stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            out.append("")
        else:
            out.append(line)
    return "\n".join(out)


def faults(text):
    """(line, what) for each link split across lines and each mangled span."""
    found = []
    text = unfenced(text)
    lines = text.split("\n")
    for n, line in enumerate(lines):
        bare = re.sub(r"`[^`]*`", "", line)
        if REF_OPEN.search(bare):
            found.append((n + 1, "link text breaks across the line: " + line.strip()))
        start = bare.rfind("[")
        if start >= 0 and "]" not in bare[start:] and n + 1 < len(lines) \
                and re.match(r"[^\[]*\]\(", lines[n + 1]):
            found.append((n + 1, "link text breaks across the line: " + line.strip()))
    for m in SPAN.finditer(text):
        if "\n\n" not in m.group(1) and BAD_QUOTE.search(m.group(1)):
            found.append((text.count("\n", 0, m.start()) + 1,
                          "code span with a quote Doxygen pairs (write it in ``...``): `%s`"
                          % m.group(1)))
    # A code span inside a double-quoted phrase: Doxygen leaves the phrase as
    # it is, backticks and all. Quotes inside code spans do not count.
    for para in re.finditer(r"(?:[^\n]+\n?)+", text):
        outside = ANY_SPAN.split(para.group(0))
        opened = 0
        for k, piece in enumerate(outside):
            if k % 2 and opened % 2:
                found.append((text.count("\n", 0, para.start()) + 1,
                              "code span inside a quoted phrase: `%s`" % piece))
            elif not k % 2:
                opened += len(re.findall(r'(?<![\w\\])"|"(?!\w)', piece))
    return sorted(found)


def self_check():
    """The check finds each fault and passes each repair."""
    bad = ('See [the Fox and\nGeese](fox.md), (@ref protocol_games "defined on\n'
           "each page\"), `'hex' is not a save`, `'range'`, `? option 'KEY': x`.\n"
           '\n"Top level: `ON`" means,\n')
    good = ('See [the Fox and Geese](fox.md),\n(@ref protocol_games "defined on each page"),'
            " ``'hex' is not a save``, ``'range'``, `it's`, `don't`, `\"w=10 h=8\"` \"x\".\n"
            "```\n`'fenced'`\n```\n")
    return len(faults(bad)) == 6 and faults(good) == []


def main(argv):
    if len(argv) != 2:
        return usage("check_doc_markup.py SOURCE_DIR")
    source = argv[1]
    report = Report()
    paths = sorted(glob.glob(os.path.join(source, "docs", "*.md")) +
                   glob.glob(os.path.join(source, "docs", "*.dox")) +
                   glob.glob(os.path.join(source, "include", "herd", "*.h")))
    for path in paths:
        with open(path, encoding="utf-8") as f:
            found = faults(f.read())
        name = os.path.relpath(path, source)
        report(not found, "%s: no split link, no code span Doxygen mangles" % name,
               "".join("\n  %s:%d: %s" % (name, line, what) for line, what in found))
    report(len(paths) > 10, "the reference's sources were found (%d)" % len(paths))
    report(self_check(), "the check finds split links and mangled spans, and passes their repair")
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
