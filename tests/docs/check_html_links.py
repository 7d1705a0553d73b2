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

Then it reads each page's visible text (outside code, code blocks, scripts)
as a reader sees it, for markup Doxygen left raw: `@ref` or `\ref`, a path
of a build (`/docs/NAME.md"`), a closing `"` soon after a link (the rest of the
link's text, broken across a line), a stray backtick, or `‘`/`’` (a code span that
Doxygen took for quoted text). tests/docs/check_doc_markup.py finds their
causes in the sources.

Then it checks itself: a page with a link to a header that is not there, and
one with the same link to a header that is, must give one fault and none;
pages with each raw markup and one without must give a fault each and none.
Ends with `N passed, N failed`; exit status 0 only when nothing failed.
"""
import html.parser
import os
import re
import sys
import tempfile
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from usage import usage  # noqa: E402

HREF = re.compile(r'\bhref="([^"]*)"')
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def html_pages(html_dir):
    """(name, text) of each page of the reference, in name order."""
    for page in sorted(os.listdir(html_dir)):
        if page.endswith(".html"):
            with open(os.path.join(html_dir, page), encoding="utf-8", errors="replace") as f:
                yield page, f.read()


def broken_links(html_dir):
    """(page, href) for every relative link of the pages whose file is missing."""
    faults = []
    for page, text in html_pages(html_dir):
        for href in HREF.findall(text):
            if SCHEME.match(href) or href.startswith("#"):
                continue
            path = urllib.parse.unquote(href.split("#", 1)[0].split("?", 1)[0])
            if path and not os.path.exists(os.path.join(html_dir, path)):
                faults.append((page, href))
    return faults


# What a reader must never see: raw link markup, a build's path, the rest
# of a link's quoted text (a closing quote the first after a link), a stray
# backtick, Doxygen's quotes for `text'.
RAW = re.compile(r"[@\\]ref\b|/docs/[\w.-]+\.md\"|\x00[^\x00\"\n]{0,60}\"(?!\w)|`|[\u2018\u2019]")


class VisibleText(html.parser.HTMLParser):
    """A page's text outside code, scripts and styles; \\0 marks each link's end."""
    HIDDEN = {"code", "pre", "tt", "script", "style", "kbd"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text, self.hidden, self.fragment = [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN:
            self.hidden += 1
        if tag == "div":
            code = "fragment" in (dict(attrs).get("class") or "").split()
            self.fragment.append(code)
            self.hidden += code

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        if tag == "div" and self.fragment:
            self.hidden -= self.fragment.pop()
        if tag == "a" and not self.hidden:
            self.text.append("\x00")

    def handle_data(self, data):
        if not self.hidden:
            self.text.append(data)


def raw_markup(html_dir):
    """(page, excerpt) for every piece of markup a page shows as text."""
    faults = []
    for page, markup in html_pages(html_dir):
        parser = VisibleText()
        parser.feed(markup)
        text = "".join(parser.text)
        for m in RAW.finditer(text):
            excerpt = text[max(0, m.start() - 40):m.end() + 40]
            faults.append((page, " ".join(excerpt.replace("\x00", "").split())))
    return faults


def self_check():
    """The check on a page with a missing header and one with a present one."""
    with tempfile.TemporaryDirectory() as root:
        html_dir = os.path.join(root, "html")
        os.makedirs(os.path.join(root, "include", "herd"))
        os.makedirs(html_dir)
        link = '<a href="../include/herd/%s">x</a> <a href="#top">top</a> ' \
               '<a href="https://example.org/a.h">web</a>'
        with open(os.path.join(html_dir, "page.html"), "w", encoding="utf-8") as f:
            f.write(link % "herd.h")
        missing = broken_links(html_dir)
        with open(os.path.join(root, "include", "herd", "herd.h"), "w", encoding="utf-8") as f:
            f.write("")
        present = broken_links(html_dir)
        ok = missing == [("page.html", "../include/herd/herd.h")] and present == []
        os.remove(os.path.join(html_dir, "page.html"))
        bad = ['<p>Herd of<a href="a.html">Horses</a>", @ref /w/docs/hex.md "Herd"</p>',
               '<p>the <a class="el" href="a.html">defined on each</a> game\'s page")</p>',
               '<p>(\u2018\'hex\u2019 is not a save<code>), then</code>position=` here</p>',
               '<p>see \\ref x</p>']
        good = '<p><a href="a.html">Horses</a>, "quoted", <code>`b` \u2018x\u2019</code></p>' \
               '<div class="fragment"><div class="line">@ref `x`</div></div><p>it\'s</p>'
        for n, page in enumerate(bad + [good]):
            with open(os.path.join(html_dir, "p%d.html" % n), "w", encoding="utf-8") as f:
                f.write(page)
        found = {page for page, _ in raw_markup(html_dir)}
        ok = ok and found == {"p%d.html" % n for n in range(len(bad))}
    return ok


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        return usage("check_html_links.py HTML_DIR")
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
    raw = raw_markup(argv[1])
    if pages and not raw:
        passed += 1
        print("ok   no page shows raw markup (@ref, a build's path, a link's quote, a backtick, "
              "\u2018\u2019)")
    else:
        failed += 1
        print("FAIL pages show raw markup (%d places; the first 3 of each page):" % len(raw))
        for page in sorted({page for page, _ in raw}):
            for excerpt in [e for p, e in raw if p == page][:3]:
                print("  %s: %s" % (page, excerpt))
    if self_check():
        passed += 1
        print("ok   the check finds a link to a missing header and raw markup, and only those")
    else:
        failed += 1
        print("FAIL the check itself: a link to a missing header, or raw markup, was not found, "
              "or a good page was refused")
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
