#!/usr/bin/env python3
"""Checks the reference's list of example programs against the folders.

    python3 tests/docs/check_examples.py SOURCE_DIR

docs/examples.dox has the page `example_programs`, a list whose items each
name an example (`examples/NAME`, `examples/FOLDER/`, `programs/NAME`,
`programs/FOLDER/` or `bindings/python/examples/NAME`) and say in a sentence
what it shows, and the `@example` entries that put the code of the programs
of examples/ and programs/ on the Examples page. The check:

1. every file and folder of examples/ and programs/ (CMakeLists.txt aside)
   and every file of bindings/python/examples/ is named by an item;
2. every path an item names exists;
3. every item has a sentence (six words or more, ending with a period);
4. every C or Python file that an item names has an `@example` entry, every
   `@example` entry names a file of the example folders (Doxygen's
   EXAMPLE_PATH) and is linked by an item, and a link `@ref FILE "LABEL"`
   says the file's path (`examples/FILE`, `programs/FILE`,
   `bindings/python/examples/FILE`).

Then it checks itself: the same check on the page with an item left out, and
with an item for a file that does not exist, must find each fault. Ends with
the line `N passed, N failed`; exit status 0 only when nothing failed.
"""
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_man_page import Report  # noqa: E402
from usage import usage  # noqa: E402

PAGE = os.path.join("docs", "examples.dox")
FOLDERS = ("examples", "programs", "bindings/python/examples")  # as the page writes them
SKIPPED = {"CMakeLists.txt", "__pycache__"}
# A path as the page writes it, in backticks or in a link's label.
NAME = re.compile(r'[`"]((?:bindings/python/examples|examples|programs)/[\w./-]*)[`"]')
REF = re.compile(r'@ref\s+(\S+)(?:\s+"([^"]*)")?')
EXAMPLE = re.compile(r"^@example\s+(\S+)", re.M)


def page_items(text):
    """The items of the page example_programs, each as one line of text."""
    start = text.find("@page example_programs")
    if start < 0:
        return []
    end = text.find("*/", start)
    items, in_item = [], False
    for line in text[start:end].splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
            in_item = True
        elif in_item and line.startswith("  ") and line.strip():
            items[-1] += " " + line.strip()  # the item goes on
        else:
            in_item = False  # a blank line or a heading ends it
    return items


def home(root, example):
    """The folder that holds an @example's file (EXAMPLE_PATH's order), or
    None."""
    for folder in FOLDERS:
        if os.path.isfile(os.path.join(root, *folder.split("/"), *example.split("/"))):
            return folder
    return None


def example_of(name):
    """What an @example entry calls the file a page path names."""
    for folder in FOLDERS:
        if name.startswith(folder + "/"):
            return name[len(folder) + 1:]
    return name


def tree(root):
    """What the page must name: the entries of the example folders."""
    names = []
    for folder in FOLDERS:
        path = os.path.join(root, *folder.split("/"))
        for entry in sorted(os.listdir(path)):
            if entry in SKIPPED or entry.startswith("."):
                continue
            is_dir = os.path.isdir(os.path.join(path, entry))
            names.append("%s/%s%s" % (folder, entry, "/" if is_dir else ""))
    return names


def check(root, text):
    """The faults of the page text against the folders under root."""
    faults = []
    items = page_items(text)
    examples = EXAMPLE.findall(text)
    if not items:
        return ["%s: no page example_programs with a list" % PAGE]
    named, linked = set(), set()
    for item in items:
        names = NAME.findall(item)
        if not names:
            faults.append("an item names no example: %s" % item[:60])
        for name in names:
            named.add(name.rstrip("/") + ("/" if name.endswith("/") else ""))
            path = os.path.join(root, *name.rstrip("/").split("/"))
            if not (os.path.isdir(path) if name.endswith("/") else os.path.isfile(path)):
                faults.append("%s is on the page but does not exist" % name)
            elif name.endswith((".c", ".py")) and example_of(name) not in examples:
                faults.append("%s has no @example entry" % name)
        for target, label in REF.findall(item):
            if "." in target:  # a file: an example's page
                linked.add(target)
                path = "%s/%s" % (home(root, target), target)
                if label != path:
                    faults.append('@ref %s is labelled "%s", not "%s"' % (target, label, path))
        sentence = REF.sub("", item)
        sentence = re.sub(r"`[^`]*`|\([^)]*\)", "", sentence).strip(" :")
        if len(sentence.split()) < 6 or not sentence.endswith("."):
            faults.append("no sentence on what %s shows" % (names[0] if names else "it"))
    for name in tree(root):
        if name not in named:
            faults.append("%s is not on the page" % name)
    for example in examples:
        if home(root, example) is None:
            faults.append("@example %s: no such file in %s" % (example, " or ".join(FOLDERS)))
        elif example not in linked:
            faults.append("@example %s is not linked from the page" % example)
    return faults


def main(argv):
    if len(argv) != 2:
        return usage("check_examples.py SOURCE_DIR")
    root = argv[1]
    with open(os.path.join(root, PAGE), encoding="utf-8") as f:
        text = f.read()
    first = page_items(text)[0] if page_items(text) else ""
    left_out = text.replace("- " + first.split(" ", 1)[0], "Not an item: ", 1)
    missing = "examples/no_such_example.c"
    added = text.replace("@section example_tools",
                         "- `%s`: a program that is on the page and not in the folder.\n\n"
                         "@section example_tools" % missing, 1)
    first_name = (NAME.findall(first) or ["?"])[0]
    cases = [
        ("the page against examples/, programs/ and bindings/python/examples/",
         check(root, text), None),
        ("the page without its first item", check(root, left_out),
         "%s is not on the page" % first_name),
        ("the page with an item for a missing file", check(root, added),
         "%s is on the page but does not exist" % missing),
    ]
    report = Report()
    for name, faults, expected in cases:
        ok = not faults if expected is None else expected in faults
        why = faults if expected is None else ["did not find: " + expected]
        report(ok, name, "; ".join(why))
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
