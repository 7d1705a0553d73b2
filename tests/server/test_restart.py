"""Nothing lost: herd-server killed with SIGKILL mid-game and started again
on its database gives back every game with its moves, seats and clocks;
the time it was down is charged to nobody; every action a client heard of
was stored before."""
import os
import sqlite3
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import FAST, Closed, Server, check, main, play  # noqa: E402


def ms():
    return time.monotonic() * 1000


def friends(srv, game, tc="-", options=""):
    a = srv.create(game=game, options=options, time_control=tc, opponent="friend")
    b = srv.join(a["id"], a["join_code"])
    wa, wb = srv.ws(), srv.ws()
    st = wa.hello(a["id"], a["token"])
    wb.hello(a["id"], b["token"])
    return a, b, wa, wb, st


def test_kill_restart_keeps_games(exe):
    srv = Server(exe, args=FAST)
    games = []
    # A timed friends' game, a few moves in: its clock runs.
    a, b, wa, wb, st = friends(srv, "horses", tc="600+5")
    spent = 0
    for _ in range(5):
        mover, other = (wa, wb) if st["to_act"] == 0 else (wb, wa)
        t0 = ms()
        st = play(mover, st)
        spent = ms() - t0
        other.expect("state")
    games.append((a["id"], {0: a["token"], 1: b["token"]}, st, spent))
    # A hex game with its dice, and one that ended by resignation.
    a2, b2, wa2, wb2, st2 = friends(srv, "hex", tc="300+0", options="size=4")
    t0 = ms()
    st2 = play(wa2, st2)
    games.append((a2["id"], {0: a2["token"], 1: b2["token"]}, st2, ms() - t0))
    a3, b3, wa3, wb3, st3 = friends(srv, "fox")
    wb3.send({"type": "resign"})
    st3 = wb3.until(lambda s: s["status"]["result"] != "ongoing")
    games.append((a3["id"], {0: a3["token"], 1: b3["token"]}, st3, 0))
    # A game against the computer, and an invitation not yet taken.
    a4 = srv.create(game="flock", opponent="computer", level=1, seat=1)
    w4 = srv.ws()
    st4 = w4.until(lambda s: s["ply"] >= 1) if w4.hello(a4["id"], a4["token"])["ply"] == 0 \
        else w4.hello(a4["id"], a4["token"])
    games.append((a4["id"], {1: a4["token"]}, st4, 0))
    a5 = srv.create(game="hare", opponent="friend")

    srv.kill9()
    t_down = ms()
    db = sqlite3.connect(srv.db)
    stored = dict(db.execute("SELECT game, COUNT(*) FROM actions GROUP BY game").fetchall())
    db.close()
    check(len(stored) >= 4, "the actions are in the database: %r" % stored)
    t_up = ms()  # the server charges from when it listens again, after this
    srv.start()

    for gid, tokens, before, spent in games:
        for seat, token in tokens.items():
            w = srv.ws()
            after = w.hello(gid, token)
            t_seen = ms()
            check(after["seat"] == seat, "%s: the token keeps seat %d" % (gid, seat))
            for key in ("moves", "ply", "status", "start", "draw_offer", "seats"):
                check(after[key] == before[key], "%s: %s %r != %r" % (gid, key, after[key],
                                                                       before[key]))
            if before["clock"]:
                cb, ca = before["clock"], after["clock"]
                run = cb["running"]
                check(ca["running"] == run, "the running side")
                if run < 0:
                    check(ca["left"] == cb["left"], "a clock not started: %r %r" % (ca, cb))
                    continue
                check(ca["left"][1 - run] == cb["left"][1 - run], "the stopped clock: %r %r"
                      % (ca, cb))
                # Charged only the time the server has been up again, not
                # the time it was down (t_up - t_down, and before it). The
                # state seen before was sent after the action's commit, which
                # is at most `spent` after the action's time: the clock
                # stored.
                check(cb["left"][run] - (t_seen - t_up) - 1 <= ca["left"][run]
                      <= cb["left"][run] + spent + 1,
                      "the running clock: before %r, after %r, down %.0f ms"
                      % (cb, ca, t_up - t_down))
            w.close()
    # Play goes on: a move, and the invitation still works once.
    w1, w2 = srv.ws(), srv.ws()
    st = w1.hello(games[0][0], games[0][1][0])
    w2.hello(games[0][0], games[0][1][1])
    st = play(w1 if st["to_act"] == 0 else w2, st)
    check(st["ply"] == games[0][2]["ply"] + 1, "a move after the restart")
    srv.join(a5["id"], a5["join_code"])
    status, _ = srv.http("POST", "/api/games/%s/join" % a5["id"], {"code": a5["join_code"]})
    check(status == 403, "an invitation claims its seat once")
    srv.stop()


def test_kill_at_any_moment(exe):
    """Two clients play as fast as they can; the server is killed after a
    number of moves; every state a client heard of is in the restarted
    server's game."""
    srv = Server(exe, args=FAST)
    for kill_after in (1, 4, 9):
        a, b, wa, wb, st = friends(srv, "flock")
        heard = {"moves": [], "done": False}
        cond = threading.Condition()

        def player(heard=heard, st=st, wa=wa, wb=wb, cond=cond):
            try:
                while st["status"]["result"] == "ongoing":
                    st = play(wa if st["to_act"] == 0 else wb, st)
                    with cond:
                        heard["moves"] = st["moves"]
                        cond.notify()
            except (Closed, OSError, AssertionError):
                pass
            with cond:
                heard["done"] = True
                cond.notify()

        th = threading.Thread(target=player)
        th.start()
        with cond:
            cond.wait_for(lambda: len(heard["moves"]) >= kill_after or heard["done"])
        srv.kill9()  # the player goes on sending until its connection drops
        th.join()
        srv.start()
        after = srv.ws().hello(a["id"], a["token"])
        check(after["moves"][:len(heard["moves"])] == heard["moves"],
              "what a client heard is kept: heard %r, kept %r" % (heard["moves"],
                                                                 after["moves"]))
    srv.stop()


if __name__ == "__main__":
    main([test_kill_restart_keeps_games, test_kill_at_any_moment])
