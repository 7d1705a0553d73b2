"""Every game the library has, through the generic API: random games to
their end, hints without side effects, levels, game classes."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, Result  # noqa: E402


def setUpModule():
    herd.library()


def available_games():
    """The games of the loaded library, in its order."""
    return [d.name for d in herd.games()]


class TestEveryGame(unittest.TestCase):
    def test_every_game_is_there_with_its_class(self):
        names = available_games()
        classes = {"horses": herd.Horses, "hex": herd.Hex, "hare": herd.Hare,
                   "fox": herd.Fox, "flock": herd.Flock}
        self.assertLessEqual(set(classes), set(names))
        for name, cls in classes.items():
            self.assertIs(herd.game_class(name), cls)
            self.assertEqual(cls.game, name)
            self.assertEqual(cls.description.name, name)
        self.assertIs(herd.game_class("no-such-game"), Game)
        for name in names:
            with Game(name) as g:
                self.assertIsInstance(g, herd.game_class(name))
                self.assertEqual(g.name, name)

    def test_a_random_game_of_every_game_is_played_to_its_end(self):
        rng = random.Random(11)
        for name in available_games():
            with self.subTest(game=name), Game(name, seed=7) as g:
                plies = 0
                while not g.is_over:
                    self.assertLess(plies, 20000, "no end in sight")
                    legal = g.legal()
                    self.assertTrue(legal)
                    if g.is_chance and rng.random() < 0.5:
                        m = g.roll()
                        self.assertIn(m, legal)
                    else:
                        m = g.play(rng.choice(legal))
                    self.assertEqual(g.last_move, m)
                    plies += 1
                    if plies % 300 == 0:  # keep the history short for long games
                        g.set_position(g.position)
                st = g.status
                self.assertIn(st.result, (Result.WIN, Result.DRAW))
                self.assertEqual(g.legal(), [])
                self.assertIsNone(g.side_to_move)
                self.assertNotEqual(st.reason, herd.Reason.NONE)
                with self.assertRaises(herd.StateError):
                    g.play_genmove()

    def test_the_seed_chooses_the_level_one_game_of_every_game(self):
        def game(g):
            """Level 1 on both sides (and the dice), 30 actions or to the end."""
            with g:
                while not g.is_over and len(g.moves) < 30:
                    g.roll() if g.is_chance else g.play_genmove(1)
                return tuple(str(m) for m in g.moves)
        for name in available_games():
            with self.subTest(game=name):
                games = [game(Game(name, seed=seed)) for seed in range(5)]
                self.assertEqual(len(set(games)), 5, games)
                self.assertEqual(game(Game(name, seed=3)), games[3])
                self.assertEqual(game(Game(name, "seed=4")), games[4])
                self.assertEqual(game(Game(name)), games[0])

    def test_hint_changes_nothing_and_is_what_genmove_would_answer(self):
        for name in available_games():
            with self.subTest(game=name), Game(name) as g:
                if g.is_chance:
                    g.roll()
                before = g.clone()
                history = g.history_length
                hints = {g.hint() for _ in range(3)}
                self.assertEqual(len(hints), 1, "hint() moved the generator")
                self.assertTrue(g == before, "hint() changed the game")
                self.assertEqual(g.history_length, history)
                hint = hints.pop()
                self.assertIn(hint, g.legal())
                self.assertEqual(g.genmove(), hint)
                self.assertFalse(g == before, "genmove() draws from the generator")
                for level in range(1, g.max_level + 1):
                    self.assertIn(g.hint(level), g.legal())
                before.close()

    def test_hint_refuses_what_genmove_refuses(self):
        with herd.Hex() as g:  # the dice are no choice of the computer
            with self.assertRaises(herd.StateError):
                g.hint()
        with Game.from_position("horses w=8 h=8 turn=red green=h8,f7,d6,b5 red=a2,c3,e4,g5") \
                as g:
            with self.assertRaises(herd.StateError):
                g.hint()
        with herd.Horses() as g:
            with self.assertRaises(herd.OptionRangeError):
                g.hint(g.max_level + 1)

    def test_undo_turn_takes_back_the_reply_and_the_players_turn(self):
        with herd.Hex(size=3, seed=4) as g:
            g.roll()
            while g.side_to_move == g.sides[0]:
                g.play(g.legal()[0]) if not g.is_chance else g.roll()
            g.roll()
            g.play_genmove()
            g.undo_turn(0)
            self.assertEqual(g.history_length, 0)
            self.assertEqual(g.side_to_move, g.sides[0])
            self.assertEqual(g.moves, [])
            with self.assertRaises(herd.StateError):
                g.undo_turn(0)

    def test_result_text_says_the_ending_in_the_librarys_words(self):
        with herd.Hare() as g:
            self.assertEqual(g.result_text, "")
            g.resign(0)
            self.assertEqual(g.result_text, "The hounds resigned: the hare wins")
        with herd.Game("horses", w=8, h=8) as g:
            g.set_position("horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4")
            self.assertEqual(g.result_text, "Red has no move left: Green wins")

    def test_levels_have_names(self):
        with herd.Horses() as g:
            levels = g.levels
            self.assertEqual(levels[1], "random")
            self.assertEqual(sorted(levels), list(range(1, g.max_level + 1)))
            self.assertTrue(all(name and " " not in name for name in levels.values()))


if __name__ == "__main__":
    unittest.main()
