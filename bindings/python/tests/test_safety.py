"""Integers out of their C type's range, games shared between threads, and
games freed by the garbage collector. HeldCall, which holds a long call in
flight for a test that must act while it runs, is shared with
test_interrupt."""
import ctypes
import gc
import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, Hex, Horses  # noqa: E402
from test_herd import HORSES_START, ErrorChecks  # noqa: E402

INT_MAX = 2**31 - 1
# How long a test waits for what must come at once: only a broken call makes
# it wait this long, and then it fails.
DEADLINE = 20.0

PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


class HeldCall:
    """The next long call on `game` held in flight, so that a test acts while
    it certainly runs, on no timing: a progress handler (herd_set_progress,
    which the package does not wrap; every node) sets `running` at its first
    call and waits there until release(); the call then goes on. remove()
    takes the handler away."""

    def __init__(self, game):
        self.running, self._go = threading.Event(), threading.Event()
        self.calls = 0
        self._game = game
        self._set = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, PROGRESS, ctypes.c_void_p,
                                     ctypes.c_uint)(("herd_set_progress", herd.library().c))
        self._handler = PROGRESS(self._progress)  # kept alive while installed
        with game._using() as h:
            assert self._set(h, self._handler, None, 1) == herd.OK

    def _progress(self, _ud):
        self.calls += 1
        if self.calls == 1:
            self.running.set()
            if not self._go.wait(DEADLINE):
                return 1  # never released: stop the call (the test then fails)
        return 0

    def release(self):
        self._go.set()

    def remove(self):
        with self._game._using() as h:
            assert self._set(h, PROGRESS(), None, 0) == herd.OK


class WatchedLock:
    """A game's lock that sets `wanted` when a thread asks for it, before it
    waits for it."""

    def __init__(self, lock):
        self._lock, self.wanted = lock, threading.Event()

    def __enter__(self):
        self.wanted.set()
        return self._lock.__enter__()

    def __exit__(self, *exc):
        return self._lock.__exit__(*exc)


def setUpModule():
    herd.library()


class TestIntegerRanges(ErrorChecks):
    """A Python int that the C type cannot hold is refused, never cut down to
    its low bits (where it would stand for another, valid, value)."""

    def test_horses_move_refuses_coordinates_a_move_cannot_hold(self):
        with Horses(seed=0) as g:
            good = g.move("a1", "c2")
            for frm, to in (("a1", (2, 257)), ((256, 0), "c2"), ((0, 0), (2, 1 - 256)),
                            ((0, 2**32), (2, 1)), ((0, 0), (2**32 + 2, 1))):
                with self.assertRaises(herd.ArgumentError, msg=(frm, to)) as cm:
                    g.move(frm, to)
                self.assertIn("out of range -128..127", str(cm.exception))
            # The edges of the range are moves (off the board: play refuses them).
            far = g.move((127, -128), (-128, 127))
            self.assertNotEqual(far, good)
            self.assertRefused(g, lambda: g.play(far), herd.E_ILLEGAL, "")
            self.assertEqual(g.move((0, 0), (2, 1)), good)

    def test_levels_beyond_a_c_int_are_refused_not_wrapped(self):
        with Horses(seed=0) as g:
            for level in (2**32 + 1, 2**32, 2**31, -2**31 - 1, 2**64 + 1):
                for call in (g.genmove, g.play_genmove, g.hint):
                    e = self.assertRefused(g, lambda: call(level), herd.E_RANGE, str(level))
                    self.assertIsInstance(e, herd.OptionRangeError)
                    self.assertEqual(str(e), "level %d is out of range 0..%d" % (level, g.max_level))
            self.assertRefused(g, lambda: g.play_genmove(-1), herd.E_RANGE, "")
            with self.assertRaises(TypeError):
                g.genmove(1.0)
            with self.assertRaises(TypeError):
                g.genmove(True)

    def test_move_integers_outside_64_bits_are_refused(self):
        with Game.from_position(HORSES_START) as g:
            m = int(g.parse_move("a1-c2"))
            for bad in (m + 2**64, m - 2**64, -1, 2**64):
                self.assertRefused(g, lambda: g.play(bad), herd.E_ARG, "64-bit")
                with self.assertRaises(herd.ArgumentError):
                    g.is_legal(bad)
                with self.assertRaises(herd.ArgumentError):
                    g.move_text(bad)

    def test_counts_and_numbers_beyond_their_c_type_are_refused(self):
        with Game.from_position(HORSES_START) as g:
            self.assertRefused(g, lambda: g.horse("green", 2**32 + 1), herd.E_ARG,
                               "out of range")
            self.assertRefused(g, lambda: g.at((2**32, 0)), herd.E_ARG, "out of range")
            self.assertRefused(g, lambda: g.at((0, -2**32)), herd.E_ARG, "out of range")
            self.assertRefused(g, lambda: g.log_line(2**32 + 1, "a1-c2"), herd.E_ARG,
                               "out of range")
            self.assertRefused(g, lambda: g.log_line(-1, "a1-c2"), herd.E_ARG, "out of range")
            self.assertRefused(g, lambda: g.perft(2**32 + 1), herd.E_ARG, "0..64")
            self.assertRefused(g, lambda: g.lines(2**32), herd.E_ARG, "no side")
            self.assertEqual(g.horse("green", 1), "a1")
        with Hex(size=3) as g:
            self.assertRefused(g, lambda: g.row_length(2**32), herd.E_ARG, "out of range")
            self.assertRefused(g, lambda: g.at((0, 2**32)), herd.E_ARG, "out of range")
            self.assertRefused(g, lambda: g.at((2**32 + 2, 0)), herd.E_ARG, "out of range")
            self.assertRefused(g, lambda: g.stones(2**32), herd.E_ARG, "no side")
        with self.assertRaises(herd.ArgumentError):
            herd.cell_name(2**32, 0)


class TestText(unittest.TestCase):
    """Every text argument is refused alike when it cannot be UTF-8 (a lone
    surrogate, which str allows): ParseError, as for a NUL, never the
    builtin UnicodeEncodeError; nothing changes."""

    def test_a_lone_surrogate_is_refused_with_the_packages_error(self):
        bad = "a1\ud800"
        g = Horses(seed=1)
        before = g.save()
        calls = {
            "Game(name)": lambda: Game("horses\udc00"),
            "Game(options)": lambda: Game("horses", "w=\ud800"),
            "Game(keyword)": lambda: Game("horses", w="8\ud800"),
            "play": lambda: g.play(bad),
            "is_legal": lambda: g.parse_move(bad),
            "set_position": lambda: g.set_position(bad),
            "load": lambda: g.load(bad),
            "from_save": lambda: Game.from_save(bad),
            "from_position": lambda: Game.from_position(bad),
            "move_to_action": lambda: g.move_to_action(bad),
            "describe": lambda: herd.describe("\ud800"),
            "match": lambda: herd.match("horses", 2, 1, games=2, options="w=\ud800"),
        }
        try:
            import numpy  # noqa: F401
            calls["Batch"] = lambda: herd.Batch("horses", 2, w="\ud800")
        except ImportError:
            pass
        for what, call in calls.items():
            with self.subTest(call=what):
                with self.assertRaises(herd.HerdError) as caught:
                    call()
                self.assertEqual(caught.exception.code, herd.E_PARSE)
                self.assertIn("not valid text", str(caught.exception))
        self.assertEqual(g.save(), before)
        self.assertFalse(g.is_legal(bad))  # a text that names no move


class TestThreads(unittest.TestCase):
    """ctypes releases the GIL in every C call: a game shared by threads must
    not be freed under a call in flight."""

    def test_close_waits_for_the_call_in_flight_and_later_calls_raise(self):
        g, depth = Hex(size=13), 2
        expected = g.clone().perft(depth)
        held, results = HeldCall(g), []
        worker = threading.Thread(target=lambda: results.append(g.perft(depth)))
        worker.start()
        self.assertTrue(held.running.wait(DEADLINE), "perft did not start")
        # The worker is in herd_perft, holding the game: close() from another
        # thread must wait for it. Freeing the game under the call would give
        # a wrong count, a crash, or an AddressSanitizer report in the
        # sanitizer build.
        g._lock = watched = WatchedLock(g._lock)
        closer = threading.Thread(target=g.close)
        closer.start()
        self.assertTrue(watched.wanted.wait(DEADLINE), "close() did not ask for the game")
        self.assertFalse(g.closed, "close() did not wait for the call in flight")
        held.release()
        worker.join(DEADLINE)
        closer.join(DEADLINE)
        self.assertFalse(worker.is_alive() or closer.is_alive(), "deadlock")
        self.assertEqual(results, [expected], "the call in flight was disturbed")
        self.assertTrue(g.closed)
        with self.assertRaises(ValueError):
            g.perft(1)

    def test_many_threads_using_and_closing_one_game_never_crash(self):
        for _ in range(5):
            g = Horses(w=30, h=20, n=10, seed=4)
            errors, done = [], threading.Event()
            users = 3
            # Closed once every user has made each call once and goes on.
            started = threading.Barrier(users + 1, timeout=DEADLINE)

            def user():
                first = True
                try:
                    while not done.is_set():
                        g.perft(3)
                        g.legal()
                        g.hint()
                        str(g)
                        if first:
                            first = False
                            started.wait()
                except herd.GameClosedError:
                    return
                except BaseException as e:  # pragma: no cover - reported below
                    errors.append(e)
                    started.abort()

            threads = [threading.Thread(target=user) for _ in range(users)]
            for t in threads:
                t.start()
            started.wait()
            g.close()
            done.set()
            for t in threads:
                t.join()
            self.assertEqual(errors, [])

    def test_comparing_two_games_from_two_threads_does_not_deadlock(self):
        a, b = Horses(seed=1), Horses(seed=1)
        outcomes = []

        def compare(x, y):
            for _ in range(2000):
                outcomes.append(x == y)

        threads = [threading.Thread(target=compare, args=(a, b)),
                   threading.Thread(target=compare, args=(b, a))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
            self.assertFalse(t.is_alive(), "deadlock")
        self.assertTrue(all(outcomes))
        self.assertEqual(len(outcomes), 4000)


def resident_kib():
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError):
        return None


class TestGarbageCollection(unittest.TestCase):
    def test_thousands_of_dropped_games_are_freed(self):
        gc.collect()
        base = herd.live_handles()
        for i in range(3000):
            g = Hex(size=13) if i % 2 else Horses(w=30, h=20, n=10)
            g.play(g.legal()[0]) if not g.is_chance else g.roll()
            c = g.clone()
            self.assertGreaterEqual(herd.live_handles(), base + 2)
            del g, c
        gc.collect()
        self.assertEqual(herd.live_handles(), base)

    def test_games_in_reference_cycles_are_freed_by_the_collector(self):
        gc.collect()
        base = herd.live_handles()
        for _ in range(2000):
            g = Horses()
            g.cycle = g  # only the cycle collector can free it
        del g
        gc.collect()
        self.assertEqual(herd.live_handles(), base)

    @unittest.skipIf("asan" in os.environ.get("LD_PRELOAD", ""),
                     "AddressSanitizer keeps freed memory in quarantine: resident memory grows")
    def test_memory_does_not_grow_with_games_created_and_dropped(self):
        def churn(n):
            for _ in range(n):
                g = Hex(size=13)
                g.clone()
        churn(2000)
        gc.collect()
        before = resident_kib()
        if before is None:
            self.skipTest("no /proc/self/statm to read the resident memory from")
        churn(10000)
        gc.collect()
        grown = resident_kib() - before
        # 10000 leaked size-13 games would hold several megabytes.
        self.assertLess(grown, 2048, "resident memory grew by %d KiB" % grown)


if __name__ == "__main__":
    unittest.main()
