#!/usr/bin/env python3
"""Checks the man page herd(1) against docs/protocol.md and the program.

    python3 tests/docs/check_man_page.py docs/man/herd.1 docs/protocol.md [PATH/TO/herd]

1. The commands the man page describes (its .TP items under COMMANDS) are
   the commands of the table in docs/protocol.md, with the same arguments.
2. With the herd program: the transcript under EXAMPLES is what the program
   answers to the example's input, byte for byte.
Ends with the line `N passed, N failed`; exit status 0 only when nothing
failed.
"""
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from usage import usage  # noqa: E402


def roff_text(line):
    """The text a line of the page shows: font changes dropped, escapes read."""
    line = re.sub(r"\\f[BIRP]", "", line)
    line = line.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")
    if line.startswith((".B ", ".I ", ".BI ", ".BR ", ".IR ", ".RB ")):
        macro, _, rest = line.partition(" ")
        # Arguments alternate fonts with no space between them.
        line = "".join(a.strip('"') for a in re.findall(r'"[^"]*"|\S+', rest))
    return line


def man_commands(page):
    """{command: usage} from the .TP items of the COMMANDS section."""
    section = page.split("\n.SH COMMANDS\n", 1)[1].split("\n.SH ", 1)[0]
    commands = {}
    for item in section.split(".TP\n")[1:]:
        usage = roff_text(item.splitlines()[0])
        commands[usage.split()[0]] = " ".join(usage.split())
    return commands


def protocol_commands(markdown):
    """{command: usage} from the command table of docs/protocol.md (its
    section Commands)."""
    commands = {}
    section = markdown.split("\n## Commands\n", 1)[-1].split("\n## ", 1)[0]
    for command in re.findall(r"^\| `([^`]+)` \|", section, re.M):
        commands[command.split()[0]] = " ".join(command.split())
    return commands


def example(page):
    """(input, expected output) of the EXAMPLES section's transcript."""
    block = page.split("\n.SH EXAMPLES\n", 1)[1].split("\n.EE\n", 1)[0]
    lines = [roff_text(l) for l in block.split("\n") if l != ".EX"]
    m = re.match(r"^\$ printf '([^']*)' \| herd$", lines[0])
    if not m:
        raise ValueError("the example does not start with: $ printf '...' | herd")
    return m.group(1).replace("\\n", "\n"), "\n".join(lines[1:]) + "\n"


class Report:
    """The checks' verdicts: `ok   WHAT` or `FAIL WHAT: DETAIL`, counted;
    summary() prints `N passed, N failed` and gives the exit status."""

    def __init__(self):
        self.passed = self.failed = 0

    def __call__(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            print("ok   %s" % what)
        else:
            self.failed += 1
            print("FAIL %s: %s" % (what, detail))

    def summary(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 0 if self.failed == 0 else 1


def main(argv):
    if len(argv) not in (3, 4):
        return usage("check_man_page.py HERD.1 PROTOCOL.md [PATH/TO/herd]")
    with open(argv[1], encoding="utf-8") as f:
        page = f.read()
    with open(argv[2], encoding="utf-8") as f:
        markdown = f.read()
    report = Report()
    man, protocol = man_commands(page), protocol_commands(markdown)
    report(bool(protocol) and man == protocol, "the commands of protocol.md",
           "only in the man page: %s; only in protocol.md: %s; usage differs: %s" % (
               sorted(set(man) - set(protocol)), sorted(set(protocol) - set(man)),
               sorted(c for c in set(man) & set(protocol) if man[c] != protocol[c])))
    if len(argv) == 4:
        given, expected = example(page)
        run = subprocess.run([argv[3]], input=given, capture_output=True, text=True, timeout=30)
        report(run.returncode == 0 and run.stdout == expected, "the example's transcript",
               "expected %r, got %r (exit status %d)" % (expected, run.stdout, run.returncode))
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
