"""Game.interrupt() (herd_interrupt): another thread stops a long perft() or
search, which raises WorkInterruptedError and leaves the game unchanged."""
import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game  # noqa: E402
from test_herd import ErrorChecks  # noqa: E402
from test_safety import DEADLINE, HeldCall  # noqa: E402

# A perft this deep runs for hours: only the request stops it.
LONG_PERFT = 12


def setUpModule():
    herd.library()


class TestInterrupt(ErrorChecks):
    def stop_from_another_thread(self, game, call):
        """Runs `call` in a worker thread, held in flight at its first node
        (HeldCall) while this thread interrupts `game`; returns the exception
        the call raised."""
        outcome = {}

        def work():
            try:
                call()
            except BaseException as e:  # noqa: B902 - handed to the test
                outcome["error"] = e

        held = HeldCall(game)
        worker = threading.Thread(target=work, daemon=True)
        worker.start()
        self.assertTrue(held.running.wait(DEADLINE), "the call did not start")
        game.interrupt()  # must not wait for the call in flight
        held.release()
        worker.join(DEADLINE)
        self.assertFalse(worker.is_alive(), "interrupt() did not stop the call")
        held.remove()
        return outcome.get("error")

    def test_a_long_perft_is_stopped_and_changes_nothing(self):
        with Game("horses", seed=1) as g:
            g.play(g.legal()[0])
            before, position, history = g.clone(), g.position, g.history_length
            error = self.stop_from_another_thread(g, lambda: g.perft(LONG_PERFT))
            self.assertIsInstance(error, herd.WorkInterruptedError)
            self.assertEqual(error.code, herd.E_INTERRUPTED)
            self.assertEqual(str(error), "interrupted")
            self.assertEqual(g.position, position)
            self.assertEqual(g.history_length, history)
            self.assertTrue(g == before)
            before.close()

    def test_a_long_search_is_stopped_without_drawing_from_the_generator(self):
        # The strongest level on the largest board searches for seconds.
        with Game("flock", w=12, h=12, seed=2) as g:
            g.play(g.legal()[0])
            before = g.clone()
            error = self.stop_from_another_thread(g, lambda: g.play_genmove(g.max_level))
            self.assertIsInstance(error, herd.WorkInterruptedError)
            self.assertEqual(str(error), "interrupted")
            # herd_same_position() compares the generators too
            self.assertTrue(g == before, "the stopped search changed the game")
            self.assertEqual(g.history_length, 1)
            before.close()

    def test_a_request_made_while_nothing_runs_stops_the_next_call_only(self):
        with Game("horses") as g:
            g.interrupt()
            self.assertRefused(g, lambda: g.perft(2), herd.E_INTERRUPTED, "interrupted")
            total = 0  # the request is spent: the next calls run to their end
            for m in g.legal():
                g.play(m)
                total += g.perft(1)
                g.undo()
            self.assertEqual(g.perft(2), total)
            g.interrupt()
            copy = g.clone()  # a clone does not take a pending request with it
            self.assertEqual(copy.perft(1), len(g.legal()))
            copy.close()
            self.assertRefused(g, lambda: g.perft(1), herd.E_INTERRUPTED, "interrupted")

    def test_hint_is_stopped_as_genmove_is_and_uses_the_request_up(self):
        with Game("flock", seed=2) as g:
            top = g.max_level
            g.interrupt()
            self.assertRefused(g, lambda: g.hint(top), herd.E_INTERRUPTED, "interrupted")
            hint = g.hint(top)  # the request is spent: the next calls run
            self.assertEqual(g.genmove(top), hint)
            g.interrupt()
            g.hint(1)  # a level that does not search leaves the request pending
            self.assertRefused(g, lambda: g.genmove(top), herd.E_INTERRUPTED, "interrupted")
            self.assertIn("hint() at a level that searches", Game.interrupt.__doc__)

    def test_interrupting_while_another_thread_closes_never_crashes(self):
        for _ in range(20):
            g = Game("horses")
            refused = []
            stop, hammering = threading.Event(), threading.Event()

            def hammer():
                while not stop.is_set():
                    try:
                        g.interrupt()
                    except herd.GameClosedError:
                        refused.append(True)
                        return
                    hammering.set()

            thread = threading.Thread(target=hammer)
            thread.start()
            self.assertTrue(hammering.wait(DEADLINE))
            g.close()
            thread.join(DEADLINE)  # it ends by itself once it sees the game closed
            stop.set()
            thread.join()
            self.assertEqual(refused, [True])

    def test_a_closed_game_cannot_be_interrupted(self):
        g = Game("hare")
        g.close()
        with self.assertRaises(herd.GameClosedError):
            g.interrupt()


if __name__ == "__main__":
    unittest.main()
