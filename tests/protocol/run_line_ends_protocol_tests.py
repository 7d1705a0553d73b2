#!/usr/bin/env python3
"""The herd program's lines end in "\\n" on every system (the test
protocol_line_ends): its answers, its --help text and its refusals hold no
"\\r" (a Windows program in text mode would write "\\r\\n"), and commands
sent with "\\r\\n" line ends are answered exactly as with "\\n".

    run_line_ends_protocol_tests.py HERD
"""
import subprocess
import sys

import hang_limits

COMMANDS = ["games", "new horses w=8 h=8 n=4 seed=1", "position", "show", "perft 2",
            "genmove", "status", "save", "no-such-command", "play z9", "help", "quit"]


def run(herd, args=(), stdin=b""):
    return subprocess.run([herd, *args], input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=hang_limits.seconds(120), check=False)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    herd = argv[1]
    failures = []
    unix = run(herd, stdin="".join(c + "\n" for c in COMMANDS).encode())
    dos = run(herd, stdin="".join(c + "\r\n" for c in COMMANDS).encode())
    usage = run(herd, ["--help"])
    for name, r in (("answers", unix), ("answers to \\r\\n lines", dos), ("--help", usage)):
        if r.returncode != 0:
            failures.append(f"{name}: exit status {r.returncode}")
        if b"\r" in r.stdout:
            at = r.stdout.index(b"\r")
            failures.append(f"{name}: a \\r in standard output at byte {at}")
        if b"\r" in r.stderr:
            failures.append(f"{name}: a \\r in standard error")
    if unix.stdout.count(b"\n\n") < len(COMMANDS) - 1:
        failures.append("answers: fewer answers than commands:\n" + unix.stdout.decode())
    if dos.stdout != unix.stdout:
        failures.append("commands with \\r\\n line ends are answered otherwise than with \\n")
    for f in failures:
        print("FAIL " + f)
    print(f"{len(COMMANDS)} commands, --help: "
          f"{'no' if not failures else len(failures)} problem(s) with line ends")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
