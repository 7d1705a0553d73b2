#!/usr/bin/env python3
"""The programs' refusals and write errors (docs/building.md lists the programs).

Usage: check_errors.py HERD_MATCH HERD FOX_SOLVE HERD_DEMO

- Output that cannot be written (a full device, /dev/full where the system
  has one) ends every program with status 1 and a message naming what could
  not be written, whether it fails at once or after many bytes: herd-match's
  -w file, its -g lines and summary, the herd program's answers and --help,
  herd-demo's game and fox-solve's report.
- fox-solve --positions refuses a line longer than 1024 bytes or holding a
  NUL byte by its number, before any table is built (status 2).
- herd-match says what is wrong with its arguments (a seed in -o, -n 0,
  -m 0, an unknown option, a missing value) instead of printing the usage."""
import os
import subprocess
import sys
import tempfile


def run(argv, stdin="", stdout=None):
    return subprocess.run(argv, input=stdin, stdout=stdout if stdout else subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)


def main():
    herd_match, herd, fox_solve, herd_demo = sys.argv[1:5]
    failures = []

    def expect(what, p, status, message):
        if p.returncode != status or message not in p.stderr:
            failures.append(f"{what}: exit {p.returncode}, {p.stderr.strip()!r}; "
                            f"wanted exit {status} and {message!r}")

    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            # 12 games of horses write some 60 kB of positions: the first
            # writes fail long before the file is closed.
            expect("herd-match -w /dev/full",
                   run([herd_match, "horses", "1", "1", "-n", "12", "-w", "/dev/full"]),
                   1, "herd-match: cannot write /dev/full")
            expect("herd-match -r /dev/full",
                   run([herd_match, "horses", "1", "1", "-n", "12", "-r", "/dev/full"]),
                   1, "herd-match: cannot write /dev/full")
            expect("herd-match -g > /dev/full",
                   run([herd_match, "horses", "1", "1", "-n", "4", "-g"], stdout=full),
                   1, "herd-match: cannot write standard output")
            expect("herd-match's summary > /dev/full",
                   run([herd_match, "horses", "1", "1", "-n", "2"], stdout=full),
                   1, "herd-match: cannot write standard output")
            expect("herd-match --help > /dev/full", run([herd_match, "--help"], stdout=full),
                   1, "herd-match: cannot write standard output")
            expect("herd's answers > /dev/full",
                   run([herd], "new horses\nshow\nhelp\n" * 50, stdout=full),
                   1, "herd: cannot write standard output")
            expect("herd --help > /dev/full", run([herd, "--help"], stdout=full),
                   1, "herd: cannot write standard output")
            expect("herd-demo > /dev/full", run([herd_demo], stdout=full),
                   1, "herd-demo: cannot write standard output")
            # Refused before the build: the memory limit would refuse it next.
            expect("fox-solve > /dev/full", run([fox_solve, "--memory=0.000001"], stdout=full),
                   1, "fox-solve: cannot write standard output")
    else:
        print("no /dev/full here: the write errors are not checked")

    with tempfile.TemporaryDirectory() as d:
        good = "fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,a5,b3,b4,b5,c1,c2,c3,c4,c5,e1,e2\n"
        for name, text, message in [
                ("long", good + "x" * 1025 + "\n" + good, "line 2: longer than 1024 bytes"),
                ("nul", good + good[:10] + "\0" + good[10:], "line 2: holds a NUL byte")]:
            path = os.path.join(d, name)
            with open(path, "w") as f:
                f.write(text)
            # A memory limit that no table fits: a file that is read first
            # is refused with status 2, one that is not ends with status 1.
            expect(f"fox-solve --positions={name}",
                   run([fox_solve, "--memory=0.000001", f"--positions={path}"]), 2,
                   f"fox-solve: {path}, {message}")
        # A line of exactly 1024 bytes is read (and the memory limit ends the run).
        path = os.path.join(d, "at-limit")
        with open(path, "w") as f:
            f.write("x" * 1024 + "\n")
        expect("fox-solve --positions=at-limit",
               run([fox_solve, "--memory=0.000001", f"--positions={path}"]), 1, "needs")

    game = [herd_match, "horses", "1", "1"]
    for args, message in [
            (["-o", "seed=4"], "herd-match: -o takes no seed"),
            (["-o", "w=9 seed=4"], "herd-match: -o takes no seed"),
            (["-n", "0"], "herd-match: -n takes games from 1 to 1000000, not '0'"),
            (["-m", "0"], "herd-match: -m takes actions from 1 to 1000000, not '0'"),
            (["-j", "0"], "herd-match: -j takes threads from 1 to 256, not '0'"),
            (["-n", "x"], "herd-match: -n takes games from 1 to 1000000, not 'x'"),
            (["-x", "1"], "herd-match: unknown option '-x'"),
            (["-r", "6"], "herd-match: -r writes the records to a file, not '6': the random "
                          "plies are -R 6 (a file named 6: -r ./6)"),
            (["-n"], "herd-match: -n needs a value")]:
        p = run(game + args)
        expect(f"herd-match {' '.join(args)}", p, 2, message)
        if "usage:" in p.stderr:
            failures.append(f"herd-match {' '.join(args)}: prints the usage")
    for f in failures:
        print("FAIL", f)
    print("ok" if not failures else f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
