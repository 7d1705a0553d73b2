"""herd-server's tests: start a server on a free port, speak HTTP and
WebSocket to it. Python's standard library only; the WebSocket client frames
by hand (RFC 6455, client side: masked frames) so that the tests can also
send what a browser never would (oversized, fragmented, binary frames)."""
import base64
import http.client
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile

TIMEOUT = 30  # seconds any single wait may take before the test fails
# The rate limit off, for tests that play as fast as they can (server_attacks
# tests the limit).
FAST = ["--rate", "100000", "--burst", "100000"]


# The servers of the test that runs: main() ends them after it (tidy()).
STARTED = []


class Server:
    """herd-server on a free loopback port with its own database, in a
    folder of its own (the database, the log) that tidy() removes after a
    test that passed and keeps after one that failed."""

    def __init__(self, exe, db=None, args=()):
        self.exe = exe
        self.dir = tempfile.mkdtemp(prefix="herd-server-test-")
        self.clean = False
        STARTED.append(self)
        self.db = db or os.path.join(self.dir, "games.sqlite")
        self.args = list(args)
        self.proc = None
        self.log = os.path.join(self.dir, "stderr.log")
        self.start()

    def start(self):
        self.clean = False
        self.err = open(self.log, "ab")
        self.proc = subprocess.Popen([self.exe, "--port", "0", "--db", self.db,
                                      "--web", self.dir] + self.args,
                                     stdout=subprocess.PIPE, stderr=self.err)
        line = self.proc.stdout.readline().decode()
        if "http://" not in line:
            raise AssertionError("herd-server did not start: %r\n%s" % (line, self.stderr()))
        self.port = int(line.split("http://")[1].split("/")[0].rsplit(":", 1)[1])

    def stderr(self):
        with open(self.log, "rb") as f:
            return f.read().decode(errors="replace")

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.err.close()

    def stop(self):
        """SIGTERM; the server must end cleanly (and, under ASan, leak nothing)."""
        self.proc.send_signal(signal.SIGTERM)
        out, _ = self.proc.communicate(timeout=TIMEOUT)
        self.err.close()
        if self.proc.returncode != 0:
            raise AssertionError("herd-server ended with %d\n%s" % (self.proc.returncode,
                                                                     self.stderr()))
        self.clean = True

    def http(self, method, path, body=None, raw=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                            else None)
        conn.request(method, path, body=data,
                     headers={"Content-Type": "application/json"} if data else {})
        resp = conn.getresponse()
        text = resp.read().decode()
        conn.close()
        try:
            return resp.status, json.loads(text)
        except ValueError:
            return resp.status, text

    def create(self, **fields):
        status, out = self.http("POST", "/api/games", fields)
        assert status == 201, (status, out)
        return out

    def join(self, gid, code):
        status, out = self.http("POST", "/api/games/%s/join" % gid, {"code": code})
        assert status == 200, (status, out)
        return out

    def ws(self):
        return WebSocket(self.port)


class Closed(Exception):
    pass


class WebSocket:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n" % (port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise Closed("no handshake")
            head += chunk
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buf = b""

    def frame(self, opcode, payload, fin=True):
        head = bytes([(0x80 if fin else 0) | opcode])
        n = len(payload)
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        try:
            self.sock.sendall(head + mask + body)
        except (BrokenPipeError, ConnectionResetError):
            raise Closed("closed while sending")

    def send(self, obj):
        self.frame(1, json.dumps(obj).encode())

    def send_text(self, text):
        self.frame(1, text.encode() if isinstance(text, str) else text)

    def _read(self, n):
        while len(self.buf) < n:
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                raise Closed("closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next text message as JSON; Closed at a close frame or the end."""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 8:
                raise Closed("close frame")
            if op == 1:
                return json.loads(payload.decode())

    def expect(self, kind, code=None):
        """Reads messages until one of this type (and error code); returns it."""
        while True:
            msg = self.recv()
            if msg["type"] == kind and (code is None or msg.get("code") == code):
                return msg
            if msg["type"] == "error" and kind != "error":
                raise AssertionError("unexpected error %r" % msg)

    def until(self, pred):
        """Reads states until one satisfies pred; returns it."""
        while True:
            st = self.expect("state")
            if pred(st):
                return st

    def closed(self, answer=True):
        """True once the server has closed the connection: its close frame
        (answered, as a browser does, unless `answer` is false), then the
        end of the stream; False when it stays open."""
        try:
            while True:
                self.recv()
        except Closed:
            if answer:
                try:
                    self.frame(8, b"")
                except Closed:
                    pass
        except socket.timeout:
            return False
        try:
            while self.sock.recv(65536):
                pass
        except socket.timeout:
            return False
        except OSError:
            pass
        return True

    def hello(self, gid, token=None):
        msg = {"type": "hello", "game": gid}
        if token:
            msg["token"] = token
        self.send(msg)
        return self.expect("state")

    def close(self):
        self.sock.close()


def play(ws, state, move=None):
    """Plays a legal move (the first, or the one given) and returns the new state."""
    m = move or state["legal"][0]
    ws.send({"type": "move", "ply": state["ply"], "move": m})
    return ws.expect("state")


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def tidy(passed):
    """Ends the servers of the test that ran (those it left running are
    killed) and forgets them. A server's folder is removed when the test
    passed and the server stopped cleanly; otherwise it is kept, for its
    database and log, and its path printed."""
    kept = []
    while STARTED:
        srv = STARTED.pop(0)
        if srv.proc is not None and srv.proc.poll() is None:
            srv.proc.kill()
            srv.proc.wait()
        if srv.proc is not None and srv.proc.stdout is not None:
            srv.proc.stdout.close()
        if getattr(srv, "err", None) is not None:
            srv.err.close()
        if passed and srv.clean:
            shutil.rmtree(srv.dir, ignore_errors=True)
        else:
            kept.append(srv.dir)
            print("kept %s (its database and stderr.log)" % srv.dir)
    return kept


def main(tests, args=1):
    """Runs each test with the program paths of the command line (`args`
    of them), then tidy(); exits 0 when every test passed."""
    if len(sys.argv) != 1 + args:
        sys.exit("usage: %s HERD_SERVER%s" % (sys.argv[0], " PROGRAM" * (args - 1)))
    failed = 0
    for t in tests:
        passed = False
        try:
            t(*sys.argv[1:])
            passed = True
            print("ok   %s" % t.__name__)
        except Exception as e:  # noqa: BLE001 (every failure is reported)
            failed += 1
            import traceback
            traceback.print_exc()
            print("FAIL %s: %s" % (t.__name__, e))
        finally:
            tidy(passed)
    print("%d of %d passed" % (len(tests) - failed, len(tests)))
    sys.exit(1 if failed else 0)
