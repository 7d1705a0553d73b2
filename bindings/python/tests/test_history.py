"""The undo history's actions as the library keeps them (herd_history_move,
herd_history_side): moves, last_move, history_move(), history_side() and
undo() against a log kept by the test, over every game."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game  # noqa: E402


def setUpModule():
    herd.library()


def play_one(g, rng, log):
    """One action, by one of the ways of playing, logged as (move, side, chance)."""
    side, chance = g.side_to_move, g.is_chance
    way = rng.randrange(4)
    if way == 0:
        m = g.roll() if chance else g.play_genmove(1)
    elif way == 1:
        a = rng.choice(g.legal_actions())
        g.apply_action(a)
        m = g.action_to_move(a)
    else:
        m = g.play(rng.choice(g.legal()))
    log.append((m, side, chance))


class TestHistory(unittest.TestCase):
    def expect(self, g, log):
        self.assertEqual(g.history_length, len(log))
        self.assertEqual(g.moves, [m for m, _, _ in log])
        self.assertEqual([str(m) for m in g.moves], [str(m) for m, _, _ in log])
        self.assertEqual(g.last_move, log[-1][0] if log else None)
        for i, (m, side, chance) in enumerate(log):
            self.assertEqual(g.history_move(i), m)
            self.assertEqual(g.history_side(i), (side, chance))

    def test_every_game_against_a_kept_log(self):
        for d in herd.games():
            with self.subTest(game=d.name), Game(d.name, seed=5) as g:
                rng = random.Random(d.name)
                log = []
                for _ in range(80):
                    if rng.random() < 0.1 and log:
                        self.assertEqual(g.undo(), log.pop()[0])
                    elif rng.random() < 0.05 and log:
                        side = log[-1][1]
                        g.undo_turn(side)
                        while log and log[-1][1] != side:
                            log.pop()
                        while log and log[-1][1] == side:
                            log.pop()
                    elif not g.is_over:
                        play_one(g, rng, log)
                    self.expect(g, log)
                with g.clone() as copy:
                    self.expect(copy, log)
                g.load(g.save())
                log = []
                self.expect(g, log)
                if not g.is_over:
                    play_one(g, rng, log)
                    self.expect(g, log)
                g.close()
                self.assertEqual(g.moves, [m for m, _, _ in log])
                self.assertEqual(g.last_move, log[-1][0] if log else None)

    def test_an_index_out_of_range_names_the_range(self):
        with Game("hex", seed=1) as g:
            with self.assertRaises(herd.ArgumentError) as e:
                g.history_move(0)
            self.assertIn("history index 0: the history is empty", str(e.exception))
            g.roll()
            g.play_genmove()
            for i in (2, -1):
                with self.assertRaises(herd.ArgumentError) as e:
                    g.history_side(i)
                self.assertIn("history index %d is out of range 0..1" % i, str(e.exception))
            with self.assertRaises(TypeError):
                g.history_move("0")
            self.assertEqual(g.history_side(0)[1], True)
            self.assertEqual(g.history_side(1)[1], False)


if __name__ == "__main__":
    unittest.main()
