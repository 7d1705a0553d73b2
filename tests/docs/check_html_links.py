#!/usr/bin/env python3
"""Checks that every link of the built reference to a file leads to one.

    python3 tests/docs/check_html_links.py HTML_DIR

HTML_DIR is the built reference (build/.../docs/html, or the installed
share/doc/herd/html). Every href of its pages that is a relative path (no
scheme, not only an anchor) must name a file that exists, taken from the
page's folder: a page of the reference, an image, or a source the pages link
beside it (../examples/FILE, ../programs/FILE). A link to a header
(../include/herd/herd.h) exists on a forge but in neither the build tree nor
an install, so the pages link a header's own page (herd_8h.html) instead.

Then it checks itself: a page with a link to a header that is not there, and
one with the same link to a header that is, must give one fault and none.
Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""
import os
import re
import sys
import tempfile
import urllib.parse

HREF = re.compile(r'\bhref="([^"]*)"')
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def broken_links(html_dir):
    """(page, href) for every relative link of the pages whose file is missing."""
    faults = []
    for page in sorted(os.listdir(html_dir)):
        if not page.endswith(".html"):
            continue
        with open(os.path.join(html_dir, page), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for href in HREF.findall(text):
            if SCHEME.match(href) or href.startswith("#"):
                continue
            path = urllib.parse.unquote(href.split("#", 1)[0].split("?", 1)[0])
            if path and not os.path.exists(os.path.join(html_dir, path)):
                faults.append((page, href))
    return faults


def self_check():
    """The check on a page with a missing header and one with a present one."""
    with tempfile.TemporaryDirectory() as root:
        html = os.path.join(root, "html")
        os.makedirs(os.path.join(root, "include", "herd"))
        os.makedirs(html)
        link = '<a href="../include/herd/%s">x</a> <a href="#top">top</a> ' \
               '<a href="https://example.org/a.h">web</a>'
        with open(os.path.join(html, "page.html"), "w", encoding="utf-8") as f:
            f.write(link % "herd.h")
        missing = broken_links(html)
        with open(os.path.join(root, "include", "herd", "herd.h"), "w", encoding="utf-8") as f:
            f.write("")
        present = broken_links(html)
    return missing == [("page.html", "../include/herd/herd.h")] and present == []


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: check_html_links.py HTML_DIR", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    passed = failed = 0
    faults = broken_links(argv[1])
    pages = len([p for p in os.listdir(argv[1]) if p.endswith(".html")])
    if pages and not faults:
        passed += 1
        print("ok   every relative link of the %d pages of %s leads to a file" % (pages, argv[1]))
    else:
        failed += 1
        print("FAIL links to files that are not there (%d pages):" % pages)
        for page, href in faults:
            print("  %s: %s" % (page, href))
    if self_check():
        passed += 1
        print("ok   the check finds a link to a missing header, and only that")
    else:
        failed += 1
        print("FAIL the check itself: a link to a missing header was not found, or a good one was")
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
