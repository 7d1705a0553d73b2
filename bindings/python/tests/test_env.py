"""herd.env against PettingZoo's AEC conventions: whole games of every game
through agent_iter(), last() and step(), masks of the agent to act, rewards
at the end, the dead steps that remove the agents, truncation, seeds, and
the dice rolled inside."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _peers  # noqa: E402  (before herd.env: it puts HERD_PEERS on the path)
import herd  # noqa: E402
import herd.env  # noqa: E402
from herd.env import Box, Discrete, HerdEnv  # noqa: E402

NO_PETTINGZOO = _peers.missing("pettingzoo", "gymnasium")
NO_NUMPY = _peers.missing("numpy")
# Each game with a few of its options, for the peers' checks.
PEER_GAMES = [("horses", {}), ("horses", {"w": 9, "h": 8, "n": 4}), ("hex", {"size": 2}),
              ("hex", {"size": 3}), ("hare", {}), ("hare", {"start": "c2"}), ("fox", {}),
              ("fox", {"sideways": 1, "geese": 15}), ("flock", {}), ("flock", {"w": 5, "h": 6})]

GAMES = [("horses", {}), ("hex", {"size": 3}), ("hare", {}), ("fox", {}), ("flock", {})]


def setUpModule():
    herd.library()


def legal_of(mask):
    return [i for i, x in enumerate(mask) if x]


class TestEnv(unittest.TestCase):
    def play(self, env, seed, rng, check):
        """One episode through agent_iter(); returns the rewards summed per
        agent and the steps."""
        env.reset(seed=seed)
        self.assertEqual(env.agents, env.possible_agents)
        totals = {a: 0.0 for a in env.possible_agents}
        steps = 0
        for agent in env.agent_iter():
            self.assertEqual(agent, env.agent_selection)
            observation, reward, termination, truncation, info = env.last()
            totals[agent] += reward
            self.assertEqual(info, {})
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            check(env, agent, observation)
            env.step(rng.choice(legal_of(mask)))
            steps += 1
        self.assertEqual(env.agents, [])
        return totals, steps

    def check_observation(self, env, agent, observation):
        g = env.game
        self.assertFalse(g.is_chance)  # the dice were rolled inside
        self.assertEqual(str(g.side_to_move), agent)
        mask = observation["action_mask"]
        self.assertEqual(legal_of(mask), g.legal_actions())
        other = [a for a in env.possible_agents if a != agent][0]
        self.assertEqual(legal_of(env.observe(other)["action_mask"]), [])
        obs = observation["observation"]
        side = env.possible_agents.index(agent)
        self.assertEqual(list(getattr(obs, "ravel", lambda: obs)()),
                         list(g.observation(side)))

    def test_whole_games_of_every_game(self):
        self.assertEqual([name for name, _ in GAMES], [d.name for d in herd.games()])
        for name, options in GAMES:
            with self.subTest(game=name):
                env = HerdEnv(name, max_moves=3000, **options)
                self.assertEqual(env.possible_agents, [str(s) for s in env.game.sides])
                n = env.game.num_actions
                for agent in env.possible_agents:
                    self.assertEqual(env.action_space(agent), Discrete(n))
                    self.assertEqual(env.observation_space(agent)["observation"],
                                     Box(0.0, 1.0, env.game.observation_shape, "float32"))
                    self.assertEqual(env.observation_space(agent)["action_mask"].shape, (n,))
                rng = random.Random(1)
                for seed in (1, 2):
                    totals, steps = self.play(env, seed, rng, self.check_observation)
                    self.assertGreater(steps, 0)
                    status = env.game.status
                    if status.is_over and status.side is not None:
                        self.assertEqual(totals[str(status.side)], 1.0)
                        self.assertEqual(sum(totals.values()), 0.0)
                    else:
                        self.assertEqual(totals, {a: 0.0 for a in env.possible_agents})
                env.close()

    def test_the_end_of_a_game(self):
        env = HerdEnv("hare")
        rng = random.Random(4)
        env.reset(seed=0)
        while not any(env.terminations.values()):
            self.assertEqual(env.rewards, {"hounds": 0.0, "hare": 0.0})
            env.step(env.action_space(env.agent_selection).sample(
                env.observe(env.agent_selection)["action_mask"]))
        winner = str(env.game.status.side)
        loser = [a for a in env.agents if a != winner][0]
        self.assertEqual(env.rewards, {winner: 1.0, loser: -1.0})
        self.assertEqual(env.terminations, {"hounds": True, "hare": True})
        self.assertEqual(env.truncations, {"hounds": False, "hare": False})
        first = env.agent_selection
        with self.assertRaises(herd.ArgumentError):
            env.step(0)  # a terminated agent's only action is None
        env.step(None)
        self.assertEqual(env.agents, [a for a in ("hounds", "hare") if a != first])
        self.assertNotIn(first, env.rewards)
        env.step(None)
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])

    def test_refusals_change_nothing(self):
        env = HerdEnv("flock")
        env.reset(seed=3)
        agent = env.agent_selection
        before = env.game.position
        with self.assertRaises(herd.IllegalMoveError):
            env.step(0)  # a1 up one: off the board
        with self.assertRaises(herd.ArgumentError):
            env.step(None)  # the agent is not done
        with self.assertRaises(herd.ArgumentError):
            env.observe("nobody")
        self.assertEqual((env.game.position, env.agent_selection), (before, agent))
        with self.assertRaises(herd.ArgumentError):
            HerdEnv("flock").step(1)  # before reset()
        with self.assertRaises(herd.ArgumentError):
            HerdEnv("flock", max_moves=0)

    def test_max_moves_truncates(self):
        env = HerdEnv("fox", sideways=1, max_moves=7)
        rng = random.Random(2)
        totals, steps = self.play(env, 5, rng, lambda *a: None)
        self.assertEqual(steps, 7)
        self.assertEqual(totals, {"fox": 0.0, "geese": 0.0})

    def test_hex_turns_and_seeds(self):
        def episode(seed):
            env = HerdEnv("hex", size=3, numpy=False)
            rng = random.Random(0)
            env.reset(seed=seed)
            turns = []
            for agent in env.agent_iter(max_iter=40):
                _, _, done, cut, _ = env.last()
                if done or cut:
                    env.step(None)
                    continue
                turns.append(agent)
                env.step(rng.choice(legal_of(env.observe(agent)["action_mask"])))
            rolls = [m.text for m in env.game.moves if m.text.startswith("dice:")]
            return turns, rolls
        turns, rolls = episode(9)
        self.assertEqual(episode(9), (turns, rolls))  # the same seed, the same dice
        self.assertNotEqual(episode(10)[1], rolls)
        # Red's first turn places the lower die, all by red.
        first = int(rolls[0].split(":")[1].split(",")[0])
        self.assertEqual(turns[:first], ["red"] * first)
        self.assertEqual(turns[first], "blue")

    def test_options_as_keywords_a_text_or_a_mapping_are_one(self):
        envs = [HerdEnv("hex", size=3, seed=4, numpy=False),
                HerdEnv("hex", options="size=3 seed=4", numpy=False),
                HerdEnv("hex", options={"size": 3}, seed=4, numpy=False)]
        for env in envs:
            env.reset()
            self.assertEqual(env.game.options_text(), "size=3 seed=4")
            self.assertEqual(env.max_moves, envs[0].max_moves)  # the cut of a size-3 board
            env.reset()
            self.assertEqual(env.game.options_text(), "size=3 seed=5")
        with self.assertRaisesRegex(herd.ParseError, "given twice"):
            HerdEnv("hex", options="size=3", size=4)
        with self.assertRaisesRegex(herd.ParseError, "not KEY=VALUE"):
            HerdEnv("hex", options="size3")

    def test_reset_without_a_seed_goes_on_to_the_next(self):
        def seeded(seed):
            other = HerdEnv("hex", numpy=False)
            other.reset(seed=seed)
            return other.game.save()
        env = HerdEnv("hex", seed=20, numpy=False)
        env.reset()
        self.assertEqual(env.game.save(), seeded(20))
        env.reset()
        self.assertEqual(env.game.save(), seeded(21))
        env.reset(seed=3)
        env.reset()
        self.assertEqual(env.game.save(), seeded(4))

    def test_without_numpy(self):
        env = HerdEnv("fox", numpy=False)
        env.reset()
        obs = env.observe("fox")
        self.assertEqual(obs["observation"].typecode, "f")
        self.assertIsInstance(obs["action_mask"], bytes)
        self.assertEqual(env.render(), env.game.show())


    def test_after_the_last_agent_is_done_the_package_error(self):
        env = HerdEnv("hare")
        env.reset(seed=1)
        rng = random.Random(1)
        for agent in env.agent_iter():
            _, _, done, cut, _ = env.last()
            env.step(None if done or cut else rng.choice(legal_of(
                env.observe(agent)["action_mask"])))
        self.assertEqual(env.agents, [])
        for call in (lambda: env.step(None), lambda: env.step(0), env.last):
            with self.assertRaisesRegex(herd.StateError, "every agent is done"):
                call()
        env.reset(seed=1)  # and reset() starts another
        self.assertEqual(env.agents, env.possible_agents)

    @unittest.skipIf(NO_NUMPY, NO_NUMPY)
    def test_the_mask_is_int8_as_gymnasium_samples_it(self):
        env = HerdEnv("flock")
        env.reset()
        for agent in env.possible_agents:
            self.assertEqual(str(env.observe(agent)["action_mask"].dtype), "int8")
        self.assertEqual(str(env.game.legal_mask(numpy=True).dtype), "uint8")

    def test_render_modes(self):
        env = HerdEnv("fox", render_mode="ansi")
        env.reset()
        self.assertEqual(env.render(), env.game.show())
        with self.assertRaises(herd.ArgumentError):
            HerdEnv("fox", render_mode="video")
        if NO_NUMPY:
            self.assertNotIn("rgb_array", env.metadata["render_modes"])
            return
        env = HerdEnv("fox", render_mode="rgb_array")
        env.reset()
        image = env.render()
        planes, rows, cols = env.game.observation_shape
        self.assertEqual((image.shape, str(image.dtype)), ((rows * 16, cols * 16, 3), "uint8"))
        # the fox's point (d4) is drawn in another colour than an empty one (d3)
        self.assertNotEqual(image[3 * 16 + 8, 3 * 16 + 8].tolist(),
                            image[3 * 16 + 8, 2 * 16 + 8].tolist())

    def test_horses_are_cut_after_1000_actions_by_default(self):
        self.assertEqual(HerdEnv("horses").max_moves, 1000)
        self.assertEqual(HerdEnv("fox", sideways=1).max_moves, 1000)
        self.assertIsNone(HerdEnv("fox").max_moves)  # its rules end it
        self.assertEqual(HerdEnv("horses", max_moves=5).max_moves, 5)
        env = HerdEnv("horses", w=8, h=8, n=4)
        totals, steps = self.play(env, 3, random.Random(0), lambda *a: None)
        self.assertLessEqual(steps, 1000)

    def test_the_spaces_are_gymnasiums_with_it(self):
        env = HerdEnv("hex", size=3)
        if NO_PETTINGZOO:
            self.assertIs(herd.env.PEERS, False)
            self.assertIs(Discrete, herd.env._Discrete)
            self.assertIsInstance(env.observation_space("red"), dict)
            return
        import gymnasium
        import pettingzoo
        self.assertIs(herd.env.PEERS, True)
        self.assertIsInstance(env, pettingzoo.AECEnv)
        space = env.observation_space("red")
        self.assertIsInstance(space, gymnasium.spaces.Dict)
        self.assertIsInstance(space["observation"], gymnasium.spaces.Box)
        self.assertIsInstance(space["action_mask"], gymnasium.spaces.Box)
        self.assertIsInstance(env.action_space("red"), gymnasium.spaces.Discrete)
        env.reset(seed=0)
        self.assertTrue(space.contains(env.observe("red")))


class TestWithoutPeers(unittest.TestCase):
    def test_the_stand_in_says_so_once(self):
        from unittest import mock
        import warnings
        with mock.patch.object(herd.env, "PEERS", False), \
                mock.patch.object(herd.env, "_announced", False), \
                warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            HerdEnv("hare")
            HerdEnv("fox")
        said = [w for w in caught if "PettingZoo" in str(w.message)]
        self.assertEqual(len(said), 1, [str(w.message) for w in caught])
        self.assertIs(said[0].category, UserWarning)
        self.assertIn("pip install pettingzoo gymnasium", str(said[0].message))
        self.assertEqual(os.path.basename(said[0].filename), "test_env.py")  # the caller's line

    def test_with_peers_nothing_is_said(self):
        from unittest import mock
        import warnings
        with mock.patch.object(herd.env, "PEERS", True), \
                mock.patch.object(herd.env, "_announced", False), \
                warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            herd.env._warn_without_peers()
        self.assertEqual(caught, [])


@unittest.skipIf(NO_PETTINGZOO, NO_PETTINGZOO)
class TestPettingZoo(unittest.TestCase):
    """PettingZoo's own checks: api_test, seed_test, render_test."""

    def check(self, test):
        import contextlib
        import io
        import warnings
        for name, options in PEER_GAMES:
            with self.subTest(game=name, options=options), warnings.catch_warnings(), \
                    contextlib.redirect_stdout(io.StringIO()):
                # PettingZoo's advice on names and on Dict spaces: its own
                # classic games get it too.
                warnings.simplefilter("ignore", UserWarning)
                test(name, options)

    def test_api_test(self):
        from pettingzoo.test import api_test
        self.check(lambda name, options: api_test(HerdEnv(name, **options), num_cycles=200))

    def test_seed_test(self):
        from pettingzoo.test import seed_test
        self.check(lambda name, options: seed_test(lambda: HerdEnv(name, **options),
                                                   num_cycles=200))

    def test_render_test(self):
        from pettingzoo.test import render_test
        self.check(lambda name, options: render_test(
            lambda render_mode=None: HerdEnv(name, render_mode=render_mode, **options)))


if __name__ == "__main__":
    unittest.main()
