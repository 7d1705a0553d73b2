"""herd.spiel against pyspiel's conventions: the ids of the chance and
terminal players, returns that sum to zero, chance probabilities that sum to
one, independent clones, action texts both ways, and hex's turns of several
actions of one side."""
import os
import random
import sys
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _peers  # noqa: E402  (before herd.spiel: it puts HERD_PEERS on the path)
import herd  # noqa: E402
from herd import spiel  # noqa: E402

NO_PYSPIEL = _peers.missing("pyspiel", "numpy")

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
        full = {"sideways": 1, "geese": 15, "seed": 0, "max_moves": 0}
        for game in (a, b, c):  # every parameter, a game string's read as numbers
            self.assertEqual(game.get_parameters(), full)
        for game in (a, b, c):
            self.assertEqual(game.new_initial_state().herd_game.position,
                             "fox turn=fox chain=0 sideways=1 fox=d4 geese=d1,d7,e1,e2,"
                             "e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5")
        # as pyspiel prints a game: every parameter, sorted
        self.assertEqual(str(c), "herd_fox(geese=15,max_moves=0,seed=0,sideways=1)")
        self.assertEqual(str(spiel.load_game("flock")), "herd_flock(h=7,max_moves=0,seed=0,w=7)")
        self.assertEqual(spiel.load_game("herd_flock(w=9)"), spiel.load_game("flock", w=9))
        self.assertEqual(repr(a), "<herd.spiel.Game %s>" % a)
        self.assertEqual(spiel.registered_names(), ["horses", "hex", "hare", "fox", "flock"])
        with self.assertRaises(herd.UnknownNameError):
            spiel.load_game("chess")
        with self.assertRaises(herd.ParseError):
            spiel.load_game("fox(sideways)")
        with self.assertRaises(herd.OptionRangeError):
            spiel.load_game("horses", w=3)
        # herd.Game's options= (a text or a mapping) means the same parameters
        # (was read as a parameter of its own: "option 'w' is given twice").
        for options in ("w=10 seed=3", {"w": 10, "seed": 3}):
            self.assertEqual(spiel.load_game("horses", options=options),
                             spiel.load_game("horses", w=10, seed=3))

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
        self.assertEqual(t.short_name, "herd_hex")
        self.assertEqual(t.parameter_specification, {"size": 5, "seed": 0, "max_moves": 0})
        self.assertIs(game.observation_tensor_layout(), spiel.TensorLayout.CHW)
        self.assertIs(t.chance_mode, spiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC)
        self.assertIs(t.information, spiel.GameType.Information.PERFECT_INFORMATION)
        self.assertIs(t.utility, spiel.GameType.Utility.ZERO_SUM)
        self.assertIs(spiel.load_game("hare").get_type().chance_mode,
                      spiel.GameType.ChanceMode.DETERMINISTIC)
        self.assertEqual(spiel.load_game("hare").max_chance_outcomes(), 0)

    def test_whole_games_keep_the_invariants(self):
        self.assertEqual([name.split("(")[0] for name in GAMES], spiel.registered_names())
        for name in GAMES:
            with self.subTest(game=name):
                game = spiel.load_game(name)
                n = game.num_distinct_actions()
                rng = random.Random(7)
                ended = 0
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
                    ended += 1
                    self.assertEqual(state.current_player(), spiel.PlayerId.TERMINAL)
                    self.assertEqual(state.legal_actions(), [])
                    returns = state.returns()
                    self.assertEqual(sum(returns), 0.0)
                    moves = sum(1 for p, _ in state.full_history() if p >= 0)
                    self.assertLessEqual(moves, game.max_game_length())
                    if not state.herd_game.is_over:  # cut at max_moves: a draw
                        self.assertEqual(moves, game.max_game_length())
                        self.assertEqual(returns, [0.0, 0.0])
                        with self.assertRaises(herd.StateError):
                            state.apply_action(state.herd_game.legal_actions()[0])
                    elif state.herd_game.status.result is herd.Result.DRAW:
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
                self.assertGreater(ended, 0)

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
        copy = state.clone()  # keeps the undo history
        copy.undo_action(0, a)
        self.assertEqual((str(copy), copy.history()), (before, []))
        loaded = game.deserialize_state(state.serialize())  # keeps the history, not the undo
        self.assertEqual(loaded.full_history(), [(0, a)])
        loaded.undo_action(0, a)  # played again from the start
        self.assertEqual((str(loaded), loaded.history()), (before, []))
        with self.assertRaises(herd.IllegalMoveError):
            state.apply_action(a)  # not legal for white
        self.assertEqual(state.history(), [a])

    def test_a_state_of_another_game_or_other_options_is_refused(self):
        fox = spiel.load_game("fox")
        horses = spiel.load_game("horses")
        sideways = spiel.load_game("fox", sideways=1)
        state = horses.new_initial_state()
        for _ in range(6):
            state.apply_action(state.legal_actions()[-1])
        with self.assertRaisesRegex(herd.ParseError, "horses.* not .*fox"):
            spiel.deserialize_state(fox, state.serialize())
        other = sideways.new_initial_state()
        other.apply_action(other.legal_actions()[0])
        with self.assertRaisesRegex(herd.ParseError, "sideways=1"):
            fox.deserialize_state(other.serialize())
        # the save of this game with another's history: actions out of range
        mine = fox.new_initial_state()
        text = mine.serialize() + "0:%d" % fox.num_distinct_actions()
        n = fox.num_distinct_actions()
        with self.assertRaisesRegex(herd.ParseError,
                                    r"history: %d is not an action of fox \(0 \.\. %d\)"
                                    % (n, n - 1)):
            spiel.deserialize_state(fox, text)
        with self.assertRaisesRegex(herd.ParseError, "player 2"):
            spiel.deserialize_state(fox, mine.serialize() + "2:1")
        self.assertEqual(str(spiel.deserialize_state(sideways, other.serialize())), str(other))

    def test_numpy_integers_and_other_spellings(self):
        class Index:  # an integer of another type, as numpy's int64 is
            def __init__(self, value):
                self.value = value

            def __index__(self):
                return self.value

        game = spiel.load_game("flock")
        state = game.new_initial_state()
        a = state.legal_actions()[2]
        state.apply_action(Index(a))
        self.assertEqual(state.history(), [a])
        self.assertEqual(state.action_to_string(0, Index(a)), state.action_to_string(a))
        self.assertEqual(len(state.observation_tensor(Index(1))), game.observation_tensor_size())
        for bad in (float(a), True, str(a)):
            with self.assertRaises(TypeError):
                state.apply_action(bad)
        self.assertEqual(state.history(), [a])
        self.assertEqual(state.to_string(), str(state))
        b = state.legal_actions()[0]
        state.apply_action(b)
        self.assertEqual(state.history_str(), "%d %d" % (a, b))
        self.assertEqual(str(game.deserialize_state(state.serialize())), str(state))

    def test_what_openspiel_algorithms_ask_without_pyspiel(self):
        for name in spiel.registered_names():
            with self.subTest(game=name):
                game = spiel.load_game(name)
                self.assertGreater(game.max_game_length(), 0)
                [state] = game.new_initial_states()
                self.assertTrue(state.is_initial_state())
                self.assertEqual(game.max_chance_nodes_in_history(),
                                 game.max_game_length() if name == "hex" else 0)
        self.assertEqual(spiel.load_game("horses").max_game_length(), 1000)
        self.assertEqual(spiel.load_game("horses", max_moves=9).max_game_length(), 9)
        self.assertEqual(spiel.load_game("flock").max_game_length(), 100)
        self.assertEqual(spiel.load_game("flock", max_moves=30).max_game_length(), 30)
        self.assertEqual(spiel.load_game("fox(sideways=1)").max_game_length(), 1000)
        with self.assertRaises(herd.OptionRangeError):
            spiel.load_game("horses", max_moves=-1)
        game = spiel.load_game("hex", size=3)
        state = game.new_initial_state()
        state.apply_action(state.string_to_action("dice:2,4"))
        state.apply_action(state.legal_actions()[0])
        self.assertEqual(state.full_history(), [(spiel.PlayerId.CHANCE, state.history()[0]),
                                                (0, state.history()[1])])
        try:
            observer = game.make_observer()
        except ImportError:  # numpy
            return
        observer.set_from(state, 1)
        self.assertEqual(observer.tensor.tolist(), state.observation_tensor(1))
        self.assertEqual(list(observer.dict["observation"].shape),
                         game.observation_tensor_shape())
        self.assertEqual(observer.string_from(state, 0), str(state))

    def test_a_horses_game_is_cut_at_max_moves(self):
        game = spiel.load_game("horses", n=4, max_moves=40)
        state = game.new_initial_state()
        rng = random.Random(5)
        while not state.is_terminal():
            random_step(state, rng)
        self.assertLessEqual(state.move_number(), 40)
        if not state.herd_game.is_over:
            self.assertEqual((state.move_number(), state.returns()), (40, [0.0, 0.0]))
            self.assertEqual(state.legal_actions(), [])

    def test_register_needs_pyspiel(self):
        if NO_PYSPIEL:
            with self.assertRaisesRegex(ImportError, "needs pyspiel"):
                spiel.register()
        else:
            self.assertEqual(spiel.register(), ["herd_" + n for n in spiel.registered_names()])

    def test_without_pyspiel_register_says_how_to_get_it(self):
        # As without pyspiel, wherever the test runs.
        with mock.patch.object(spiel, "_pyspiel", None), mock.patch.object(spiel, "_registered", {}):
            with self.assertRaises(ImportError) as cm:
                spiel.register()
        self.assertEqual(str(cm.exception), (
            "herd.spiel.register() needs pyspiel (OpenSpiel's Python module), which is not "
            "importable here; install it with: %s, or build it from OpenSpiel's sources "
            "(https://github.com/google-deepmind/open_spiel, docs/install.md) and put the folder "
            "of pyspiel*.so and OpenSpiel's root on PYTHONPATH. herd.spiel.load_game() works "
            "without it") % herd._errors.install_hint("open_spiel", None))
        self.assertIn("open_spiel", herd._errors.install_hint("open_spiel", None))

    def test_playouts_from_a_state(self):
        state = spiel.load_game("hare").new_initial_state()
        res = state.playouts(50, seed=2)
        self.assertEqual(res.games, 50)
        self.assertEqual(state.playouts(50, seed=2), res)
        self.assertTrue(state.is_initial_state())


def openspiel_algorithms():
    """OpenSpiel's mcts, evaluate_bots and get_all_states modules. Their
    package open_spiel.python.games imports a chat game that needs
    ml_collections: where it does not import, an empty package stands in."""
    import types
    import open_spiel.python
    try:
        import open_spiel.python.games  # noqa: F401
    except ImportError:
        sys.modules["open_spiel.python.games"] = types.ModuleType("open_spiel.python.games")
    from open_spiel.python.algorithms import evaluate_bots, get_all_states, mcts
    return mcts, evaluate_bots, get_all_states


def full_history(state):
    """full_history() as pairs (pyspiel's PlayerAction has no ==)."""
    return [(pa.player, pa.action) for pa in state.full_history()]


# Each game with a few of its options, for OpenSpiel's checks.
PEER_GAMES = ["herd_horses", "herd_horses(w=9,h=8,n=4,max_moves=300)", "herd_hex(size=2)",
              "herd_hex(size=3)", "herd_hare", "herd_hare(start=c2)", "herd_fox",
              "herd_fox(sideways=1,geese=15)", "herd_flock", "herd_flock(w=5,h=6)"]

# Shorter games for the bots' searches: a cut where the rules set none.
MCTS_GAMES = ["herd_horses(max_moves=40)", "herd_hex(size=2)", "herd_hare", "herd_fox",
              "herd_fox(sideways=1,max_moves=60)", "herd_flock(w=5,h=5)"]


class TestReadme(unittest.TestCase):
    def test_the_readmes_spiel_and_env_example_runs_as_written(self):
        """README.md's block for game-AI programs, run alone (its own imports)."""
        import contextlib
        import io
        import re
        import warnings
        readme = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                              os.pardir, "README.md")
        with open(readme, encoding="utf-8") as f:
            blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
        block = [b for b in blocks if "spiel.load_game" in b]
        self.assertEqual(len(block), 1)
        out = io.StringIO()
        with contextlib.redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # herd.env's note when PettingZoo is missing
            exec(compile(block[0], "README.md", "exec"), {"__name__": "readme"})
        self.assertRegex(out.getvalue(), r"^\[-?\d")  # state.returns()


@unittest.skipIf(NO_PYSPIEL, NO_PYSPIEL)
class TestPyspiel(unittest.TestCase):
    """OpenSpiel's own checks on the games registered with pyspiel."""

    @classmethod
    def setUpClass(cls):
        spiel.register()

    def test_load_game_and_the_types(self):
        import pyspiel
        for name in PEER_GAMES:
            with self.subTest(game=name):
                game = pyspiel.load_game(name)
                self.assertIsInstance(game, pyspiel.Game)
                state = game.new_initial_state()
                self.assertIsInstance(state, pyspiel.State)
                ours = spiel.load_game(name)  # the stand-in answers the same
                self.assertEqual(str(game), str(ours))
                for ask in ("num_distinct_actions", "max_chance_outcomes", "max_game_length",
                            "observation_tensor_shape", "get_parameters"):
                    self.assertEqual(getattr(game, ask)(), getattr(ours, ask)(), ask)
                t = game.get_type()
                self.assertEqual(t.reward_model, pyspiel.GameType.RewardModel.TERMINAL)
                self.assertEqual(t.chance_mode, pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
                                 if name.startswith("herd_hex")
                                 else pyspiel.GameType.ChanceMode.DETERMINISTIC)
                self.assertEqual(game.observation_tensor_layout(), pyspiel.TensorLayout.CHW)
                self.assertEqual(len(game.new_initial_states()), 1)
                observer = game.make_py_observer()
                observer.set_from(state, 1)
                self.assertEqual(observer.tensor.tolist(), state.observation_tensor(1))

    def test_random_sim_test(self):
        import pyspiel
        for name in PEER_GAMES:
            with self.subTest(game=name):
                pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True,
                                        verbose=False)

    def test_pickle_clone_and_serialize_game_and_state(self):
        import pickle
        import pyspiel
        rng = random.Random(8)
        for name in PEER_GAMES:
            with self.subTest(game=name):
                game = pyspiel.load_game(name)
                state = game.new_initial_state()
                for _ in range(6):
                    random_step(state, rng)
                for copy in (pickle.loads(pickle.dumps(state)), state.clone(),
                             pyspiel.deserialize_game_and_state(
                                 pyspiel.serialize_game_and_state(game, state))[1]):
                    self.assertEqual((str(copy), copy.history(), full_history(copy)),
                                     (str(state), state.history(), full_history(state)))
                    self.assertEqual(copy.observation_tensor(0), state.observation_tensor(0))
                    random_step(copy, rng)  # independent
                    self.assertNotEqual(copy.history(), state.history())
                self.assertEqual(str(pickle.loads(pickle.dumps(game))), str(game))
                with self.assertRaises(herd.UnsupportedError):
                    state.undo_action(*full_history(state)[-1])

    def test_mcts_bots_play_through_evaluate_bots(self):
        import numpy as np
        import pyspiel
        mcts, evaluate_bots, _ = openspiel_algorithms()
        for name in MCTS_GAMES:
            with self.subTest(game=name):
                game = pyspiel.load_game(name)
                bots = [mcts.MCTSBot(game, 2, 8, mcts.RandomRolloutEvaluator(
                    1, np.random.RandomState(k)), random_state=np.random.RandomState(k))
                    for k in range(2)]
                returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                                      np.random.RandomState(3))
                self.assertEqual(sum(returns), 0.0)
                self.assertIn(sorted(returns), ([-1.0, 1.0], [0.0, 0.0]))
                # and pyspiel's own C++ MCTS and evaluate_bots
                cbots = [pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, k), 2, 8,
                                         1000, False, k, False) for k in range(2)]
                self.assertEqual(sum(pyspiel.evaluate_bots(game.new_initial_state(), cbots,
                                                           4)), 0.0)

    def test_get_all_states_of_hare(self):
        import pyspiel
        _, _, get_all_states = openspiel_algorithms()
        game = pyspiel.load_game("herd_hare")
        states = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True,
                                               include_chance_states=False, to_string=str)
        self.assertEqual(len(states), 23185)
        self.assertTrue(all(s.is_terminal() or s.current_player() in (0, 1)
                            for s in states.values()))

    def test_hex_chance_nodes_sample_by_their_probabilities(self):
        import pyspiel
        game = pyspiel.load_game("herd_hex(size=3)")
        state = game.new_initial_state()
        outcomes = state.chance_outcomes()
        self.assertEqual(len(outcomes), 21)
        self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
        self.assertEqual(sorted(p for _, p in outcomes)[:6], [1 / 36] * 6)  # the doubles
        self.assertEqual(state.legal_actions(), [a for a, _ in outcomes])


if __name__ == "__main__":
    unittest.main()
