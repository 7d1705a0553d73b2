"""Integers out of their C type's range, games shared between threads, and
games freed by the garbage collector."""
import gc
import os
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, Hex, Horses  # noqa: E402
from test_herd import HORSES_START, ErrorChecks  # noqa: E402

INT_MAX = 2**31 - 1


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


class TestThreads(unittest.TestCase):
    """ctypes releases the GIL in every C call: a game shared by threads must
    not be freed under a call in flight."""

    def long_game(self):
        # About a tenth of a second of perft in a release build.
        return Hex(size=13), 3

    def test_close_waits_for_the_call_in_flight_and_later_calls_raise(self):
        g, depth = self.long_game()
        expected = g.clone().perft(depth)
        started, results = threading.Event(), []

        def worker():
            started.set()
            results.append(g.perft(depth))

        t = threading.Thread(target=worker)
        t.start()
        started.wait()
        # Wait until the worker holds the game (it is in herd_perft then).
        while g._lock.acquire(blocking=False):
            g._lock.release()
            self.assertFalse(results, "the call ended before close() could be tried")
            time.sleep(0.0005)
        # close() waits for the call to leave the library: freeing the game
        # under it would give a wrong count, a crash, or an AddressSanitizer
        # report in the sanitizer build. (When the worker thread records that
        # its call returned is up to the scheduler, so no timing is compared.)
        g.close()
        t.join()
        self.assertEqual(results, [expected], "the call in flight was disturbed")
        self.assertTrue(g.closed)
        with self.assertRaises(ValueError):
            g.perft(1)

    def test_many_threads_using_and_closing_one_game_never_crash(self):
        for _ in range(5):
            g = Horses(w=30, h=20, n=10, seed=4)
            errors, done = [], threading.Event()

            def user():
                try:
                    while not done.is_set():
                        g.perft(3)
                        g.legal()
                        g.hint()
                        str(g)
                except herd.GameClosedError:
                    return
                except BaseException as e:  # pragma: no cover - reported below
                    errors.append(e)

            threads = [threading.Thread(target=user) for _ in range(3)]
            for t in threads:
                t.start()
            time.sleep(0.03)
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
