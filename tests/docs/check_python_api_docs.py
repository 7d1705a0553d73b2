#!/usr/bin/env python3
"""Checks that the reference's pages of the Python package cover it.

    python3 tests/docs/check_python_api_docs.py SOURCE_DIR [HTML_DIR]

Writes the pages with tools/python_api_docs.py into a temporary directory,
then checks, from the package itself:
1. there is a page per public module (herd and each submodule without a
   leading underscore), listed on the index page python.md;
2. every name of a module's __all__, every class and function the module
   defines itself and every upper-case constant has its section
   (anchor python_MODULE_NAME) on the module's page;
3. every public member that an exported class defines itself (method,
   property, value of an enum) has its subsection
   (python_MODULE_CLASS_MEMBER), and a docstring that is there is shown;
4. with HTML_DIR (the built reference), each module's page is there and
   has the anchor of every name.
So a name added to the package and left out of the pages fails here.
Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""
import enum
import importlib
import inspect
import os
import pkgutil
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
from check_man_page import Report  # noqa: E402


def label(*parts):
    return "python_" + "_".join(p.replace(".", "_") for p in parts)


def expected(module):
    """{anchor: docstring or None} of what the module's page must have."""
    want = {}
    names = set(getattr(module, "__all__", ()))
    for name, obj in vars(module).items():
        if name.startswith("_") or inspect.ismodule(obj):
            continue
        if inspect.isclass(obj) or inspect.isroutine(obj):
            if getattr(obj, "__module__", None) == module.__name__:
                names.add(name)
        elif name.isupper():
            names.add(name)
    for name in sorted(names):
        obj = getattr(module, name)
        want[label(module.__name__, name)] = (inspect.getdoc(obj) if inspect.isclass(obj) or
                                              inspect.isroutine(obj) else None)
        if not inspect.isclass(obj):
            continue
        for member, raw in vars(obj).items():
            if member.startswith("_"):
                continue
            if isinstance(raw, (classmethod, staticmethod)):
                raw = raw.__func__
            text = None
            if not (issubclass(obj, enum.Enum) and isinstance(raw, obj)):
                text = inspect.getdoc(raw) if (inspect.isroutine(raw) or
                                               hasattr(raw, "__get__")) else None
            want[label(module.__name__, name, member)] = text
    return want


def anchors(page):
    return set(re.findall(r"\{#(python_\w+)\}", page)) | set(
        re.findall(r"@anchor (python_\w+)", page))


def main(argv):
    if len(argv) not in (2, 3):
        print("usage: check_python_api_docs.py SOURCE_DIR [HTML_DIR]", file=sys.stderr)
        return 2
    source = argv[1]
    html = argv[2] if len(argv) == 3 else None
    sys.path.insert(0, os.path.join(source, "bindings", "python"))
    import herd
    modules = [herd] + [importlib.import_module("herd." + m.name)
                        for m in pkgutil.iter_modules(herd.__path__) if not m.name.startswith("_")]
    report = Report()
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run([sys.executable, os.path.join(source, "tools", "python_api_docs.py"),
                              out], capture_output=True, text=True)
        report(run.returncode == 0, "tools/python_api_docs.py writes the pages", run.stderr)
        pages = {}
        for name in os.listdir(out):
            with open(os.path.join(out, name), encoding="utf-8") as f:
                pages[name] = f.read()
    index = pages.get("python.md", "")
    report(index.startswith("# The Python package {#python}"), "python.md is the index page",
           index[:80])
    for module in modules:
        page_name = label(module.__name__) + ".md"
        page = pages.get(page_name)
        report(page is not None, "%s has its page %s" % (module.__name__, page_name),
               "pages: %s" % sorted(pages))
        if page is None:
            continue
        report("@subpage %s " % label("module", module.__name__) in index,
               "python.md lists %s" % module.__name__)
        # Its summary there is the docstring's whole first paragraph, not a
        # line cut off where the source wraps it.
        summary = " ".join(inspect.getdoc(module).split("\n\n")[0].split()).replace("\\", "\\\\")
        if summary.startswith(module.__name__ + ": "):
            summary = summary[len(module.__name__) + 2:]
        report(summary in index, "python.md gives %s's first paragraph" % module.__name__,
               summary[:80])
        have = anchors(page)
        want = expected(module)
        missing = sorted(set(want) - have)
        report(not missing, "%s: every public name and member has its section (%d)"
               % (module.__name__, len(want)), "missing: %s" % ", ".join(missing))
        undocumented = sorted(a for a, text in want.items() if text and text not in page)
        report(not undocumented, "%s: every docstring is on the page" % module.__name__,
               "not shown: %s" % ", ".join(undocumented))
        if html:
            path = os.path.join(html, label("module", module.__name__) + ".html")
            report(os.path.exists(path), "the reference has %s" % path)
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    built = f.read()
                absent = sorted(a for a in want if 'id="%s"' % a not in built and
                                'name="%s"' % a not in built)
                report(not absent, "%s: the built page has every anchor" % module.__name__,
                       "absent: %s" % ", ".join(absent))
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
