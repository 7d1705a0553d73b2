"""herd.spiel against pyspiel's conventions: the ids of the chance and
terminal players, returns that sum to zero, chance probabilities that sum to
one, independent clones, action texts both ways, and hex's turns of several
actions of one side."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import spiel  # noqa: E402

GAMES = ["horses", "hex(size=3)", "hare", "fox(geese=15)", "flock(w=6,h=5)"]


def setUpModule():
    herd.library()


def random_step(state, rng):
    """One action as an algorithm written for pyspiel takes it."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


class TestSpiel(unittest.TestCase):
    def test_the_player_ids_are_openspiels(self):
        self.assertEqual(spiel.PlayerId.CHANCE, -1)
        self.assertEqual(spiel.PlayerId.SIMULTANEOUS, -2)
        self.assertEqual(spiel.PlayerId.INVALID, -3)
        self.assertEqual(spiel.PlayerId.TERMINAL, -4)

    def test_load_game_takes_keywords_a_dict_or_a_game_string(self):
        a = spiel.load_game("fox", sideways=1, geese=15)
        b = spiel.load_game("fox", {"sideways": 1, "geese": 15})
        c = spiel.load_game("fox(sideways=1,geese=15)")
        self.assertEqual(a.get_parameters(), {"sideways": 1, "geese": 15})
        self.assertEqual(c.get_parameters(), {"sideways": "1", "geese": "15"})
        for game in (a, b, c):
            self.assertEqual(game.new_initial_state().herd_game.position,
                             "fox turn=fox chain=0 sideways=1 fox=d4 geese=d1,d7,e1,e2,"
                             "e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5")
        self.assertEqual(str(c), "fox(sideways=1,geese=15)")
        self.assertEqual(spiel.registered_names(), ["horses", "hex", "hare", "fox", "flock"])
        with self.assertRaises(herd.UnknownNameError):
            spiel.load_game("chess")
        with self.assertRaises(herd.ParseError):
            spiel.load_game("fox(sideways)")
        with self.assertRaises(herd.OptionRangeError):
            spiel.load_game("horses", w=3)

    def test_the_game_answers_as_pyspiel(self):
        game = spiel.load_game("hex")
        self.assertEqual(game.num_distinct_actions(), 21 + 2 * 61)
        self.assertEqual(game.max_chance_outcomes(), 21)
        self.assertEqual(game.num_players(), 2)
        self.assertEqual(game.observation_tensor_shape(), [11, 9, 9])
        self.assertEqual(game.observation_tensor_size(), 11 * 81)
        self.assertEqual((game.min_utility(), game.max_utility(), game.utility_sum()),
                         (-1.0, 1.0, 0.0))
        t = game.get_type()
        self.assertEqual(t.short_name, "hex")
        self.assertIs(t.chance_mode, spiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
        self.assertIs(t.information, spiel.GameType.Information.PERFECT_INFORMATION)
        self.assertIs(t.utility, spiel.GameType.Utility.ZERO_SUM)
        self.assertIs(spiel.load_game("hare").get_type().chance_mode,
                      spiel.GameType.ChanceMode.DETERMINISTIC)
        self.assertEqual(spiel.load_game("hare").max_chance_outcomes(), 0)

    def test_whole_games_keep_the_invariants(self):
        for name in GAMES:
            with self.subTest(game=name):
                game = spiel.load_game(name)
                n = game.num_distinct_actions()
                rng = random.Random(7)
                for _ in range(3):
                    state = game.new_initial_state()
                    self.assertTrue(state.is_initial_state())
                    for _ in range(3000):
                        if state.is_terminal():
                            break
                        player = state.current_player()
                        self.assertEqual(state.returns(), [0.0, 0.0])
                        self.assertEqual(state.rewards(), [0.0, 0.0])
                        if state.is_chance_node():
                            self.assertEqual(player, spiel.PlayerId.CHANCE)
                            outcomes = state.chance_outcomes()
                            self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
                            self.assertEqual([a for a, _ in outcomes], state.legal_actions())
                            mask = state.legal_actions_mask()
                            self.assertEqual(len(mask), game.max_chance_outcomes())
                        else:
                            self.assertIn(player, (0, 1))
                            self.assertFalse(state.is_chance_node())
                            self.assertTrue(state.is_player_node())
                            side = state.herd_game.side_to_move
                            self.assertEqual(state.herd_game.sides.index(side), player)
                            legal = state.legal_actions()
                            mask = state.legal_actions_mask()
                            self.assertEqual(len(mask), n)
                            self.assertEqual([i for i, x in enumerate(mask) if x], legal)
                            self.assertEqual(state.legal_actions(1 - player), [])
                            self.assertEqual(len(state.observation_tensor()),
                                             game.observation_tensor_size())
                            for a in legal[:5]:
                                text = state.action_to_string(player, a)
                                self.assertEqual(state.action_to_string(a), text)
                                self.assertEqual(state.string_to_action(player, text), a)
                                self.assertEqual(state.string_to_action(text), a)
                        random_step(state, rng)
                    if not state.is_terminal():
                        continue  # a game that went on for ever (none of these does)
                    self.assertEqual(state.current_player(), spiel.PlayerId.TERMINAL)
                    self.assertEqual(state.legal_actions(), [])
                    returns = state.returns()
                    self.assertEqual(sum(returns), 0.0)
                    if state.herd_game.status.result is herd.Result.DRAW:
                        self.assertEqual(returns, [0.0, 0.0])
                    else:
                        winner = state.herd_game.sides.index(state.herd_game.status.side)
                        self.assertEqual(returns[winner], 1.0)
                        self.assertEqual(state.player_return(1 - winner), -1.0)
                    self.assertEqual(state.rewards(), returns)
                    self.assertEqual(len(state.history()), state.move_number())
                    self.assertEqual(len(state.observation_tensor(0)),
                                     game.observation_tensor_size())
                    with self.assertRaises(herd.ArgumentError):
                        state.observation_tensor()  # no player acts: name one

    def test_a_clone_is_independent(self):
        game = spiel.load_game("hex", size=3)
        rng = random.Random(3)
        state = game.new_initial_state()
        for _ in range(12):
            random_step(state, rng)
        before = (str(state), state.history(), state.observation_tensor(0))
        copy = state.clone()
        self.assertEqual((str(copy), copy.history(), copy.observation_tensor(0)), before)
        self.assertEqual(copy.current_player(), state.current_player())
        for _ in range(10):
            random_step(copy, rng)
        self.assertEqual((str(state), state.history(), state.observation_tensor(0)), before)
        child = state.child(state.legal_actions()[0])
        self.assertEqual(child.history(), before[1] + [state.legal_actions()[0]])
        self.assertEqual(state.history(), before[1])
        kept = child.history()
        random_step(state, rng)
        self.assertEqual(child.history(), kept)
        self.assertEqual(copy.history()[:12], before[1])

    def test_hex_turns_stay_with_their_side(self):
        game = spiel.load_game("hex")
        state = game.new_initial_state()
        self.assertEqual(state.current_player(), spiel.PlayerId.CHANCE)
        state.apply_action(state.string_to_action("dice:3,5"))
        self.assertEqual(state.current_player(), 0)  # red's first turn: places the lower die
        for k in range(3):
            self.assertEqual(state.current_player(), 0)
            state.apply_action(state.legal_actions()[k])
        self.assertEqual(state.current_player(), spiel.PlayerId.CHANCE)
        state.apply_action(state.string_to_action("dice:1,2"))
        players = []
        while not state.is_chance_node():
            players.append(state.current_player())
            state.apply_action(state.legal_actions()[0])
        self.assertEqual(players, [1, 1, 1])  # blue: one removal, two placements

    def test_undo_and_serialize(self):
        game = spiel.load_game("flock")
        state = game.new_initial_state()
        a = state.legal_actions()[3]
        before = str(state)
        state.apply_action(a)
        with self.assertRaises(herd.ArgumentError):
            state.undo_action(1, a)  # black played it
        state.undo_action(0, a)
        self.assertEqual(str(state), before)
        self.assertEqual(state.history(), [])
        state.apply_action(a)
        copy = spiel.deserialize_state(game, state.serialize())
        self.assertEqual(str(copy), str(state))
        with self.assertRaises(herd.StateError):
            state.clone().undo_action(0, a)  # played before the clone
        with self.assertRaises(herd.IllegalMoveError):
            state.apply_action(a)  # not legal for white
        self.assertEqual(state.history(), [a])

    def test_playouts_from_a_state(self):
        state = spiel.load_game("hare").new_initial_state()
        res = state.playouts(50, seed=2)
        self.assertEqual(res.games, 50)
        self.assertEqual(state.playouts(50, seed=2), res)
        self.assertTrue(state.is_initial_state())


if __name__ == "__main__":
    unittest.main()
