"""The harness itself: a server's folder is removed after a test that passed
and kept (its path printed) after one that failed; a server a failed test
left running is ended. Runs a stand-in server (this file with --serve: it
prints its address and ends on SIGTERM), in a temporary folder of its own,
so that the check counts only its own folders."""
import contextlib
import io
import os
import shutil
import signal
import stat
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402
from harness import Server, check  # noqa: E402


def serve():
    """The stand-in: herd-server's first line, then nothing until SIGTERM,
    which ends it with 0 (1 with --fail: an unclean end)."""
    code = 1 if "--fail" in sys.argv else 0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(code))
    print("herd-server: http://127.0.0.1:1/", flush=True)
    while True:
        signal.pause()


def folders(root):
    return sorted(n for n in os.listdir(root) if n.startswith("herd-server-test-"))


def run(root, exe, test, passed_expected):
    """Runs `test` as harness.main() does; returns its output and the
    folders left in root."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        sys.argv = [sys.argv[0], exe]
        try:
            harness.main([test])
        except SystemExit as e:
            check((e.code == 0) == passed_expected, "main's exit status %r" % e.code)
    return out.getvalue(), folders(root)


def test_folders(exe, root):
    def passes(exe):
        srv = Server(exe)
        srv.stop()
        check(srv.stderr() == "", "the log is readable after stop()")

    def fails_midway(exe):
        Server(exe)  # left running
        raise AssertionError("midway")

    def fails_after_stop(exe):
        Server(exe).stop()
        raise AssertionError("after the stop")

    def ends_unclean(exe):
        Server(exe, args=["--fail"]).stop()

    def restarts(exe):
        srv = Server(exe)
        srv.kill9()
        srv.start()
        srv.stop()

    for test, passes_expected in ((passes, True), (restarts, True)):
        out, left = run(root, exe, test, passes_expected)
        check(left == [], "%s: no folder left: %r\n%s" % (test.__name__, left, out))
    for test in (fails_midway, fails_after_stop, ends_unclean):
        out, left = run(root, exe, test, False)
        check(len(left) == 1, "%s: its folder is kept: %r" % (test.__name__, left))
        path = os.path.join(root, left[0])
        check("kept %s (its database and stderr.log)\n" % path in out,
              "%s: the kept folder's path is printed:\n%s" % (test.__name__, out))
        shutil.rmtree(path)
    check(harness.STARTED == [], "main() forgets the servers it ended")


def main():
    if sys.argv[1:2] == ["--serve"]:
        serve()
    root = tempfile.mkdtemp(prefix="herd-harness-test-")
    tempfile.tempdir = root  # the servers' folders go in it
    try:
        exe = os.path.join(root, "herd-server")
        with open(exe, "w") as f:
            f.write("#!/bin/sh\nexec '%s' '%s' --serve \"$@\"\n"
                    % (sys.executable, os.path.abspath(__file__)))
        os.chmod(exe, stat.S_IRWXU)
        test_folders(exe, root)
    finally:
        tempfile.tempdir = None
        shutil.rmtree(root, ignore_errors=True)
    print("ok   test_folders")


if __name__ == "__main__":
    main()
