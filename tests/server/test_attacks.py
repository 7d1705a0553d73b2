"""Bad input and attackers: each gets a clear error and changes nothing,
and the server keeps serving every other game. Forged and borrowed tokens,
a watcher that moves, moves out of turn or for a ply already played,
replayed messages, malformed and oversized JSON, oversized, binary and
fragmented frames, a flood, a connection that sends nothing, bad HTTP
requests; tokens never reach the log."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Closed, Server, check, main, play  # noqa: E402


def friends(srv, game="horses"):
    a = srv.create(game=game, opponent="friend")
    b = srv.join(a["id"], a["join_code"])
    wa, wb = srv.ws(), srv.ws()
    st = wa.hello(a["id"], a["token"])
    wb.hello(a["id"], b["token"])
    return a, b, wa, wb, st


def error(ws, msg, code):
    if isinstance(msg, dict):
        ws.send(msg)
    else:
        ws.send_text(msg)
    e = ws.expect("error")
    check(e["code"] == code, "%r: expected %s, got %r" % (msg, code, e))
    return e


def unchanged(srv, gid, st):
    status, now = srv.http("GET", "/api/games/" + gid)
    check(status == 200 and now["moves"] == st["moves"] and now["status"] == st["status"],
          "the game is unchanged: %r" % now)


def test_messages(exe):
    srv = Server(exe)
    a, b, wa, wb, st = friends(srv)
    other = srv.create(game="hare", opponent="friend")
    st = play(wa, st)
    wb.expect("state")
    gid = a["id"]
    # Tokens: forged, another game's, a watcher's connection.
    evil = srv.ws()
    error(evil, {"type": "hello", "game": gid, "token": "0" * 32}, "bad-token")
    error(evil, {"type": "hello", "game": gid, "token": other["token"]}, "bad-token")
    error(evil, {"type": "hello", "game": gid, "token": a["token"][:-1]}, "bad-token")
    error(evil, {"type": "hello", "game": gid, "token": 12}, "bad-token")
    error(evil, {"type": "move", "ply": 1, "move": st["legal"][0]}, "no-hello")
    error(evil, {"type": "hello", "game": "f" * 16}, "no-game")
    evil.hello(gid)
    error(evil, {"type": "move", "ply": 1, "move": st["legal"][0]}, "watcher")
    error(evil, {"type": "resign"}, "watcher")
    # Out of turn, a ply already played, a replayed message, bad moves.
    error(wa, {"type": "move", "ply": 1, "move": st["legal"][0]}, "not-your-turn")
    error(wb, {"type": "move", "ply": 0, "move": st["legal"][0]}, "stale-ply")
    error(wb, {"type": "move", "ply": 7, "move": st["legal"][0]}, "stale-ply")
    error(wb, {"type": "move", "ply": 1, "move": "not a move"}, "bad-move")
    error(wb, {"type": "move", "ply": 1, "move": "a1-a1"}, "illegal-move")
    error(wb, {"type": "move", "ply": "1", "move": st["legal"][0]}, "bad-message")
    error(wb, {"type": "time"}, "bad-message")
    error(wb, {"type": "draw-accept"}, "no-offer")
    error(wb, {"type": "rematch"}, "not-over")
    move = json.dumps({"type": "move", "ply": 1, "move": st["legal"][0]})
    wb.send_text(move)
    st = wb.expect("state")
    wa.expect("state")
    error(wb, move, "stale-ply")  # the same message again
    # Malformed JSON keeps the connection; the next message is served.
    error(wb, "{not json", "bad-json")
    error(wb, '{"type": "move", "type": "resign"}', "bad-json")
    error(wb, "[1, 2]", "bad-message")
    error(wb, '"hello"', "bad-json")
    wb.send({"type": "ping"})
    check(wb.expect("pong")["type"] == "pong", "served after bad JSON")
    unchanged(srv, gid, st)
    # Oversized JSON and frames, binary and fragmented frames: closed.
    for frame in (lambda w: w.send_text(json.dumps({"type": "ping", "pad": "x" * 5000})),
                  lambda w: w.send_text("x" * (1 << 20)),
                  lambda w: w.frame(2, b'{"type": "ping"}'),
                  lambda w: w.frame(1, b'{"type": ', fin=False)):
        w = srv.ws()
        w.hello(gid, a["token"])
        frame(w)
        e = w.expect("error")
        check(e["code"] in ("too-large", "bad-frame"), e)
        check(w.closed(), "closed after %r" % e)
    # A flood: past the burst, the connection is closed.
    w = srv.ws()
    w.hello(gid, b["token"])
    try:
        for _ in range(60):
            w.send({"type": "ping"})
    except Closed:  # closed before the last were sent
        pass
    check(w.expect("error", "rate-limit")["code"] == "rate-limit", "rate limit")
    check(w.closed(), "closed after the flood")
    unchanged(srv, gid, st)
    # The other games go on.
    st = play(wa, st)
    check(st["ply"] == 3, "the game goes on")
    srv.stop()
    log = srv.stderr()
    for t in (a["token"], b["token"], other["token"]):
        check(t not in log, "a token in the log")


def test_http(exe):
    srv = Server(exe)
    bad = [({"game": "chess"}, 400, "bad-options"),
           ({"game": "horses", "options": "seed=7"}, 400, "bad-options"),
           ({"game": "horses", "options": "w=99"}, 400, "bad-options"),
           ({"game": "horses", "time_control": "5 minutes"}, 400, "bad-time-control"),
           ({"game": "horses", "opponent": "computer", "level": 42}, 400, "bad-level"),
           ({"game": "horses", "opponent": "nobody"}, 400, "bad-request"),
           ({"game": "horses", "seat": 2}, 400, "bad-request"),
           ({"game": 5}, 400, "bad-request")]
    for body, status, code in bad:
        got, out = srv.http("POST", "/api/games", body)
        check(got == status and out["error"] == code, "%r: %r %r" % (body, got, out))
    for raw, status, code in ((b"{", 400, "bad-json"), (b"[]", 400, "bad-json"),
                              (b"{" + b" " * 8000 + b"}", 413, "too-large")):
        got, out = srv.http("POST", "/api/games", raw=raw)
        check(got == status and out["error"] == code, "%r: %r %r" % (raw[:20], got, out))
    a = srv.create(game="fox", opponent="friend")
    got, out = srv.http("POST", "/api/games/%s/join" % a["id"], {"code": "0" * 32})
    check(got == 403 and out["error"] == "bad-code", out)
    got, out = srv.http("POST", "/api/games/%s/join" % a["id"], {"code": a["token"]})
    check(got == 403, "a seat's token is no invitation")
    got, out = srv.http("GET", "/api/games/0123456789abcdef")
    check(got == 404, out)
    got, out = srv.http("GET", "/games/%s.hgr" % a["id"])
    check(got == 409 and out["error"] == "not-over", out)
    got, out = srv.http("GET", "/api/games")
    check(got == 405, out)
    status, state = srv.http("GET", "/api/games/" + a["id"])
    check(a["token"] not in json.dumps(state) and a["join_code"] not in json.dumps(state),
          "no secret in a game's public state")
    got, out = srv.http("GET", "/")
    check(got == 503 and "tools/web.sh" in out, "the page not built is said: %r" % out)
    srv.stop()


def test_idle(exe):
    srv = Server(exe, args=["--idle", "1"])
    a = srv.create(game="hare", opponent="friend")
    w = srv.ws()
    st = w.hello(a["id"], a["token"])
    e = w.expect("error")  # then it sends nothing
    check(e["code"] == "idle", e)
    check(w.closed(), "an idle connection is closed")
    mute = srv.ws()  # sends nothing, not even the answer to the close frame
    check(mute.closed(answer=False), "a connection that answers nothing is dropped")
    w = srv.ws()
    check(w.hello(a["id"], a["token"])["moves"] == st["moves"], "the seat is there again")
    srv.stop()


if __name__ == "__main__":
    main([test_messages, test_http, test_idle])
