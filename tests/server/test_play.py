"""herd-server plays whole games: friends with a watcher, against the
computer (hex: the server rolls the dice), the endings by the players
(resign, draw offer, abort), the clock's flag, the rematch and the record."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import FAST, Server, check, main, play  # noqa: E402


def friends(srv, game="flock", options="", tc="-"):
    a = srv.create(game=game, options=options, time_control=tc, opponent="friend")
    b = srv.join(a["id"], a["join_code"])
    check(b["seat"] == 1 and b["token"] != a["token"], "the friend holds seat 1")
    wa, wb = srv.ws(), srv.ws()
    sa, sb = wa.hello(a["id"], a["token"]), wb.hello(a["id"], b["token"])
    check(sa["seat"] == 0 and sb["seat"] == 1, "hello gives each its seat")
    check("seed" not in sa["options"], "no seed in what a client sees")
    return a, b, wa, wb, sa


def test_friends_whole_game_watched(exe):
    srv = Server(exe, args=FAST)
    a, b, wa, wb, st = friends(srv)
    watch = srv.ws()
    ws = watch.hello(a["id"])
    check(ws["seat"] is None, "a link without token watches")
    seen = []
    while st["status"]["result"] == "ongoing":
        mover, other = (wa, wb) if st["to_act"] == 0 else (wb, wa)
        st = play(mover, st)
        check(other.expect("state")["ply"] == st["ply"], "the opponent hears of the move")
        w = watch.expect("state")
        check(w["ply"] == st["ply"] and w["seat"] is None, "the watcher sees every move")
        seen.append(w["moves"][-1])
    check(st["moves"] == seen, "the watcher saw the moves in order")
    check(st["status"]["reason"] == "move-limit" or st["status"]["result"] == "win",
          "flock ends: %r" % st["status"])
    check(st["record"] == "/games/%s.hgr" % a["id"], "the record's link")
    status, text = srv.http("GET", st["record"])
    check(status == 200 and '[Game "flock"]' in text, "the record: %r" % text[:200])
    for t in (a["token"], b["token"]):
        check(t not in text and t not in str(w), "no token in a record or a watcher's state")
    # The rematch: both ask, the seats swap, the tokens stay with the players.
    wa.send({"type": "rematch"})
    wb.until(lambda s: s["rematch"] == [True, False])
    wb.send({"type": "rematch"})
    st = wb.until(lambda s: s["next"] is not None)
    check(st["next"], "a rematch after both asked")
    na = srv.ws().hello(st["next"], a["token"])
    check(na["seat"] == 1 and na["ply"] == 0, "the seats swap in the rematch")
    srv.stop()


def test_endings(exe):
    srv = Server(exe, args=FAST)
    # Abort before the first move, not after.
    a, b, wa, wb, st = friends(srv, "horses")
    wb.send({"type": "abort"})
    st = wb.expect("state")
    check(st["status"]["result"] == "over" and st["status"]["reason"] == "abandoned", st)
    a, b, wa, wb, st = friends(srv, "horses")
    st = play(wa, st)
    wb.expect("state")
    wb.send({"type": "abort"})
    check(wb.expect("error")["code"] == "too-late", "abort after the first move")
    # A draw offered, declined, offered again and accepted.
    wa.send({"type": "draw-offer"})
    check(wb.until(lambda s: s["draw_offer"] == 0), "the offer is shown")
    wb.send({"type": "draw-decline"})
    wa.until(lambda s: s["draw_offer"] == -1)
    wb.send({"type": "draw-accept"})
    check(wb.expect("error")["code"] == "no-offer", "no offer to accept")
    wb.send({"type": "draw-offer"})
    wa.until(lambda s: s["draw_offer"] == 1)
    wa.send({"type": "draw-accept"})
    st = wa.until(lambda s: s["status"]["result"] != "ongoing")
    check(st["status"]["result"] == "draw" and st["status"]["reason"] == "agreed", st)
    # Resign.
    a, b, wa, wb, st = friends(srv, "hare")
    wa.send({"type": "resign"})
    st = wa.expect("state")
    check(st["status"] == {"result": "win", "side": 1, "reason": "resigned"}, st)
    wa.send({"type": "resign"})
    check(wa.expect("error")["code"] == "game-over", "resign twice")
    srv.stop()


def test_clock_flag(exe):
    srv = Server(exe, args=FAST)
    a, b, wa, wb, st = friends(srv, "horses", tc="1+0")
    check(st["clock"]["left"] == [1000, 1000] and st["clock"]["running"] == -1,
          "the clock waits for the first move: %r" % st["clock"])
    st = play(wa, st)
    check(st["clock"]["running"] == 1, "the first move starts the other's clock")
    while st["status"]["result"] == "ongoing":  # the server flags seat 1, not a client
        st = wa.expect("state")
    check(st["status"] == {"result": "win", "side": 0, "reason": "time"}, st)
    check(st["clock"]["left"][1] == 0 and st["clock"]["running"] == -1, st["clock"])
    srv.stop()


def test_computer_hex(exe):
    srv = Server(exe, args=FAST)
    a = srv.create(game="hex", options="size=3", opponent="computer", level=1, seat=0)
    check("invite" not in a, "no invitation against the computer")
    ws = srv.ws()
    st = ws.hello(a["id"], a["token"])
    check(st["seats"][1]["player"] == "computer", st["seats"])
    check(st["moves"] and st["moves"][0].startswith("dice:"), "the server rolled: %r" % st["moves"])
    while st["status"]["result"] == "ongoing":
        if st["to_act"] == 0 and "legal" in st:
            st = play(ws, st)
        else:
            st = ws.expect("state")
    check(st["status"]["result"] in ("win", "draw"), st["status"])
    status, text = srv.http("GET", "/games/%s.hgr" % a["id"])
    check(status == 200 and "herd level 1" in text, text[:300])
    srv.stop()


if __name__ == "__main__":
    main([test_friends_whole_game_watched, test_endings, test_clock_flag, test_computer_hex])
