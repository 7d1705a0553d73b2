"""herd-load against herd-server: a few games for two seconds end with the
summary line and nothing lost (no figure is checked: the figures are
docs/performance.md's, measured by hand)."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Server, check, main  # noqa: E402


def test_load(server_exe, load_exe):
    srv = Server(server_exe)
    out = subprocess.run([load_exe, "--url", "ws://127.0.0.1:%d" % srv.port, "--games", "3",
                          "--seconds", "2", "--pid", str(srv.proc.pid)],
                         capture_output=True, text=True, timeout=120)
    print(out.stdout, out.stderr)
    m = re.fullmatch(r"games 3, actions (\d+), p50 [\d.]+ ms, p99 [\d.]+ ms, lost 0, "
                     r"server peak RSS [\d.]+ MB\n", out.stdout)
    check(out.returncode == 0 and m and int(m.group(1)) > 0, "the summary line")
    bad = subprocess.run([load_exe, "--url", "ws://192.0.2.1:80", "--games", "1", "--seconds", "1"],
                         capture_output=True, text=True, timeout=60)
    check(bad.returncode == 2 and "loopback only" in bad.stderr, "loopback only")
    srv.stop()


if __name__ == "__main__":
    main([test_load], args=2)
