"""The memory limit of a game (Game.memory_limit, Game.memory_needed(),
herd_set_memory_limit() and herd_memory_needed() of herd.h): the need of a
call is what the library answers, a limit below it raises OutOfMemoryError
with the library's message and changes nothing, the need itself is enough,
and the limit is each game's own."""
import os
import pickle
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game  # noqa: E402

FOX_4 = "fox turn=fox chain=0 sideways=0 fox=d4 geese=e3,e4,e5,f4"


def setUpModule():
    herd.library()


def perfect(game):
    return [level for level, name in game.levels.items() if name == "perfect"][0]


class TestMemory(unittest.TestCase):
    def test_no_limit_by_default(self):
        g = Game("horses")
        self.assertIsNone(g.memory_limit)
        self.assertEqual(g.memory_needed(0), 0)  # the default level needs nothing
        self.assertGreater(g.memory_needed(2), 0)

    def test_a_limit_below_the_need_refuses_and_changes_nothing(self):
        g = Game("fox")
        g.set_position(FOX_4)
        need = g.memory_needed(perfect(g))
        g.memory_limit = need - 1
        self.assertEqual(g.memory_limit, need - 1)
        before = g.save()
        with self.assertRaises(herd.OutOfMemoryError) as caught:
            g.genmove(perfect(g))
        self.assertIn("the fox table for 4 geese needs", str(caught.exception))
        self.assertIn("over the memory limit of", str(caught.exception))
        with self.assertRaises(herd.OutOfMemoryError) as caught:
            g.hint(perfect(g))
        self.assertIn("the fox table for 4 geese needs", str(caught.exception))
        self.assertIn("over the memory limit of", str(caught.exception))
        with self.assertRaises(herd.OutOfMemoryError):
            g.hint(perfect(g))
        self.assertEqual(g.save(), before)
        g.memory_limit = need
        g.genmove(perfect(g))
        g.memory_limit = None
        self.assertIsNone(g.memory_limit)

    def test_the_need_of_solve(self):
        g = Game("fox")
        g.set_position(FOX_4)
        need = g.memory_needed(herd.MEMORY_SOLVE)
        self.assertGreater(need, 100000)
        g.memory_limit = need - 1
        with self.assertRaises(herd.OutOfMemoryError):
            g.solve()
        g.memory_limit = need
        g.solve()
        with self.assertRaises(herd.UnsupportedError):
            Game("horses").memory_needed(herd.MEMORY_SOLVE)

    def test_the_limit_is_each_games_own_and_clones_copy_it(self):
        a, b = Game("horses"), Game("horses")
        a.memory_limit = 100
        self.assertIsNone(b.memory_limit)
        with self.assertRaises(herd.OutOfMemoryError):
            a.genmove(2)
        b.genmove(2)
        self.assertEqual(a.clone().memory_limit, 100)

    def test_a_pickled_game_keeps_its_limit(self):
        # multiprocessing and Dask send games pickled: a worker must not build
        # the tables that the caller's limit forbids.
        for limit in (100, None, 0):
            a = Game("horses", seed=3)
            a.memory_limit = limit
            b = pickle.loads(pickle.dumps(a))
            self.assertEqual(b.memory_limit, limit)
            self.assertTrue(a == b)
            if limit is not None:
                with self.assertRaises(herd.OutOfMemoryError):
                    b.genmove(2)

    def test_bad_values(self):
        g = Game("horses")
        with self.assertRaises(herd.ArgumentError):
            g.memory_limit = -1
        with self.assertRaises(TypeError):
            g.memory_limit = "100"
        with self.assertRaises(herd.OptionRangeError):
            g.memory_needed(g.max_level + 1)
        self.assertIsNone(g.memory_limit)


if __name__ == "__main__":
    unittest.main()
