"""Two herd-server processes over one PostgreSQL database (--db
postgresql://...): players on different processes play one game to its end
while a watcher on each sees every move, a race of two processes for one ply
gives exactly one acceptance, and kill -9 of one process loses nothing.

The database is a throwaway one: initdb and pg_ctl (Debian's postgresql)
in a folder under the build folder, on a free loopback port, its socket
in that folder too. initdb refuses to run as root: as root it runs as
`nobody` (setpriv). Exits 77 (CTest's SKIP_RETURN_CODE) when PostgreSQL's
programs are not there or cannot run here."""
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import FAST, Server, check, main  # noqa: E402

SKIP = 77


def skip(why):
    print("SKIP: %s" % why)
    sys.exit(SKIP)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Postgres:
    """initdb, pg_ctl start; stop() stops it and removes its folder."""

    def __init__(self, where):
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not bins:
            skip("PostgreSQL's initdb is not installed (Debian: postgresql; tools/deps.sh)")
        self.bin = os.path.dirname(bins[-1])
        self.dir = os.path.join(where, "postgres")
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.user = []
        if os.geteuid() == 0:
            try:
                nobody = pwd.getpwnam("nobody")
            except KeyError:
                skip("running as root and there is no user `nobody` for initdb")
            os.chown(self.dir, nobody.pw_uid, nobody.pw_gid)
            self.user = ["setpriv", "--reuid=%d" % nobody.pw_uid, "--regid=%d" % nobody.pw_gid,
                         "--clear-groups", "--"]
        data = os.path.join(self.dir, "data")
        out = subprocess.run(self.user + [os.path.join(self.bin, "initdb"), "-D", data, "-U",
                                          "herd", "-A", "trust", "--no-sync"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            skip("initdb failed here (%s): %s" % (" ".join(self.user) or "this user",
                                                  out.stderr.strip()[-300:]))
        self.port = free_port()
        out = subprocess.run(self.user + [
            os.path.join(self.bin, "pg_ctl"), "-D", data, "-l", os.path.join(self.dir, "log"),
            "-w", "-o", "-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off"
            % (self.port, self.dir), "start"], capture_output=True, text=True)
        if out.returncode != 0:
            with open(os.path.join(self.dir, "log")) as f:
                raise AssertionError("PostgreSQL did not start: %s" % f.read()[-1000:])
        self.data = data
        self.url = "postgresql://herd@127.0.0.1:%d/postgres" % self.port

    def stop(self):
        subprocess.run(self.user + [os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m",
                                    "immediate", "stop"], capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


PG = None


def two(exe):
    # harness.main() ends them after each test, should it fail midway.
    return Server(exe, db=PG.url, args=FAST), Server(exe, db=PG.url, args=FAST)


def test_game_across_processes(exe):
    a, b = two(exe)
    g = a.create(game="flock", options="w=5 h=5", opponent="friend")
    j = b.join(g["id"], g["join_code"])  # B reads the game A made
    wa, wb = a.ws(), b.ws()
    st = wa.hello(g["id"], g["token"])
    check(wb.hello(g["id"], j["token"])["seat"] == 1, "seat 1 on the other process")
    watchers = [a.ws(), b.ws()]
    for w in watchers:
        w.hello(g["id"])
    seen = [[], []]
    while st["status"]["result"] == "ongoing":
        mover, other = (wa, wb) if st["to_act"] == 0 else (wb, wa)
        mover.send({"type": "move", "ply": st["ply"], "move": st["legal"][0]})
        mine = mover.until(lambda s, p=st["ply"]: s["ply"] > p)
        st = other.until(lambda s, p=st["ply"]: s["ply"] > p)
        check(st["ply"] == mine["ply"] and st["moves"] == mine["moves"],
              "the other process's player hears of the move")
        for i, w in enumerate(watchers):
            # (a state without a new move may come first: the join, heard late)
            s = w.until(lambda x, p=st["ply"]: x["ply"] >= p)
            check(s["ply"] == st["ply"], "watcher %d sees every move" % i)
            seen[i].append(s["moves"][-1])
    check(seen[0] == seen[1] == st["moves"], "both watchers saw the moves in order")
    for srv in (a, b):
        status, text = srv.http("GET", "/games/%s.hgr" % g["id"])
        check(status == 200 and '[Game "flock"]' in text, "the record from either process")
    a.stop()
    b.stop()


def drain(ws):
    """The messages up to the answer of a ping: all that the messages sent
    before it caused on this connection."""
    ws.send({"type": "ping"})
    msgs = []
    while True:
        m = ws.recv()
        if m["type"] == "pong":
            return msgs
        msgs.append(m)


def test_race_for_one_ply(exe):
    a, b = two(exe)
    g = a.create(game="flock", options="w=5 h=5", opponent="friend")
    j = b.join(g["id"], g["join_code"])
    # Seat 0 on both processes (a page and its reloaded copy): each sends
    # another move for the same ply, before either hears of the other's.
    wa, wb, wc = a.ws(), b.ws(), b.ws()
    st = wa.hello(g["id"], g["token"])
    wb.hello(g["id"], g["token"])
    wc.hello(g["id"], j["token"])
    for _ in range(3):
        moves = st["legal"][:2]
        check(len(moves) == 2, "two moves to choose from")
        wa.send({"type": "move", "ply": st["ply"], "move": moves[0]})
        wb.send({"type": "move", "ply": st["ply"], "move": moves[1]})
        errors = [[m for m in drain(w) if m["type"] == "error"] for w in (wa, wb)]
        check(sorted(len(e) for e in errors) == [0, 1], "exactly one refused: %r" % errors)
        loser = 0 if errors[0] else 1
        err = errors[loser][0]
        check(err["code"] == "stale-ply" and "already played" in err["message"],
              "the loser is told the ply was played: %r" % err)
        for srv in (a, b):
            _, s = srv.http("GET", "/api/games/%s" % g["id"])
            check(s["ply"] == st["ply"] + 1 and s["moves"][-1] == moves[1 - loser],
                  "one move for the ply, the winner's, on both processes")
        # Seat 1 answers; the race starts again once both processes know it.
        wc.send({"type": "move", "ply": s["ply"], "move": s["legal"][0]})
        for w in (wa, wb, wc):
            st = w.until(lambda x, p=s["ply"]: x["ply"] > p)
    a.stop()
    b.stop()


def test_kill9_loses_nothing(exe):
    a, b = two(exe)
    g = a.create(game="flock", options="w=5 h=5", opponent="friend")
    j = b.join(g["id"], g["join_code"])
    wa, wb = a.ws(), b.ws()
    st = wa.hello(g["id"], g["token"])
    wb.hello(g["id"], j["token"])
    heard = []
    for _ in range(4):
        mover, other = (wa, wb) if st["to_act"] == 0 else (wb, wa)
        mover.send({"type": "move", "ply": st["ply"], "move": st["legal"][0]})
        mover.until(lambda s, p=st["ply"]: s["ply"] > p)
        st = other.until(lambda s, p=st["ply"]: s["ply"] > p)
        heard = st["moves"]
    a.kill9()
    # Seat 0 comes back on B: every move it heard of is there.
    wa = b.ws()
    st = wa.hello(g["id"], g["token"])
    check(st["moves"] == heard, "nothing lost: %r != %r" % (st["moves"], heard))
    while st["status"]["result"] == "ongoing":
        mover, other = (wa, wb) if st["to_act"] == 0 else (wb, wa)
        mover.send({"type": "move", "ply": st["ply"], "move": st["legal"][0]})
        mover.until(lambda s, p=st["ply"]: s["ply"] > p)
        st = other.until(lambda s, p=st["ply"]: s["ply"] > p)
    check(st["status"]["result"] != "ongoing", "the game ends on the process left")
    # A restarted process has it all too.
    a.start()
    status, s = a.http("GET", "/api/games/%s" % g["id"])
    check(status == 200 and s["moves"] == st["moves"], "a restarted process has every move")
    a.stop()
    b.stop()


if __name__ == "__main__":
    usage = subprocess.run([sys.argv[1], "--help"], capture_output=True, text=True).stdout
    if "not in this build" in usage:
        skip("herd-server was built without libpq (Debian: libpq-dev)")
    if not shutil.which("setpriv") and os.geteuid() == 0:
        skip("running as root without setpriv to run initdb as another user")
    PG = Postgres(os.getcwd())
    try:
        main([test_game_across_processes, test_race_for_one_ply, test_kill9_loses_nothing])
    finally:
        PG.stop()
