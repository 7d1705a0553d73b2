"""herd.Batch: every game of a batch steps as a herd.Game loaded from its
save and played with the same action and roll(); masks, observations and
players are the one-game calls'; ended games start anew with their rewards;
the seed decides everything; refusals change nothing. Skipped without
numpy, but for the message that Batch gives then."""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402

try:
    import numpy as np
except ImportError:
    np = None

GAMES = [("horses", {"w": 8, "h": 8, "n": 4}), ("hex", {"size": 3}), ("hare", {}),
         ("fox", {}), ("flock", {"w": 5, "h": 5})]


def setUpModule():
    herd.library()


class TestWithoutNumpy(unittest.TestCase):
    def test_batch_says_it_needs_numpy(self):
        saved = sys.modules.get("numpy")
        sys.modules["numpy"] = None  # import numpy then raises ImportError
        try:
            with self.assertRaisesRegex(ImportError, "herd.Batch needs numpy") as cm:
                herd.Batch("hare", 2)
            # The way this interpreter gets it: apt for Debian's own, else its pip.
            if herd._errors._debians_python():
                self.assertIn("apt install python3-numpy", str(cm.exception))
            else:
                self.assertIn(sys.executable + " -m pip install numpy", str(cm.exception))
        finally:
            if saved is None:
                del sys.modules["numpy"]
            else:
                sys.modules["numpy"] = saved


    def test_every_call_that_needs_numpy_says_so_and_how(self):
        saved = sys.modules.get("numpy")
        sys.modules["numpy"] = None
        try:
            import herd.env
            import herd.spiel
            for what, call in (
                    ('render_mode "rgb_array"',
                     lambda: herd.env.HerdEnv("fox", render_mode="rgb_array")),
                    (r"herd.ladder\(\) \(its ratings\)", lambda: herd.ladder("hare", 1)),
                    (r"herd.fit_ratings\(\)", lambda: herd.fit_ratings([[0]], [[0]])),
                    (r"legal_mask\(numpy=True\)", lambda: herd.Game("hare").legal_mask(True)),
                    (r"make_observer\(\)'s observer",
                     lambda: herd.spiel.load_game("hare").make_observer())):
                with self.subTest(what=what):
                    with self.assertRaisesRegex(ImportError, what + " needs numpy, which is "
                                                "not importable here; install it with: "):
                        call()
        finally:
            if saved is None:
                del sys.modules["numpy"]
            else:
                sys.modules["numpy"] = saved

    def test_the_hint_is_the_interpreters_own_way(self):
        from unittest import mock
        from herd import _errors
        with mock.patch.object(_errors, "_debians_python", return_value=False):
            self.assertEqual(_errors.install_hint("numpy", "python3-numpy"),
                             sys.executable + " -m pip install numpy")
        with mock.patch.object(_errors, "_debians_python", return_value=True):
            self.assertTrue(_errors.install_hint("numpy", "python3-numpy").startswith(
                "apt install python3-numpy"))


@unittest.skipUnless(np is not None, "numpy is not importable")
class TestBatch(unittest.TestCase):
    def check_reads(self, b):
        masks, obs, players = b.masks(), b.observations(), b.players()
        self.assertEqual(masks.shape, (b.n, b.num_actions))
        self.assertEqual(masks.dtype, np.uint8)
        self.assertEqual(obs.shape, (b.n,) + b.observation_shape)
        self.assertEqual(obs.dtype, np.float32)
        self.assertEqual(players.shape, (b.n,))
        for i in range(b.n):
            with b.game(i) as g:
                self.assertFalse(g.is_over)
                self.assertFalse(g.is_chance)
                side = g.sides.index(g.side_to_move)
                self.assertEqual(players[i], side)
                np.testing.assert_array_equal(masks[i], g.legal_mask(numpy=True))
                np.testing.assert_array_equal(obs[i], g.observation(side, numpy=True))

    def test_every_game_steps_as_its_twins(self):
        for name, options in GAMES:
            with self.subTest(game=name), herd.Batch(name, 3, 5, 60, **options) as b:
                self.assertEqual(len(b), 3)
                restarted = 0
                for step in range(150):
                    if step % 10 == 0:
                        self.check_reads(b)
                    twins = [b.game(i) for i in range(b.n)]
                    actions = b.random_actions()
                    self.assertEqual(actions.dtype, np.intp)
                    rewards, done = b.step(actions)
                    self.assertEqual(rewards.shape, (b.n, 2))
                    self.assertEqual(rewards.dtype, np.float32)
                    self.assertEqual(done.dtype, np.uint8)
                    for i, g in enumerate(twins):
                        g.apply_action(int(actions[i]))
                        while g.is_chance:
                            g.roll()
                        st = g.status
                        if done[i] == herd.batch.BATCH_GOING:
                            self.assertEqual(g.save(), b.game(i).save())
                            self.assertEqual(list(rewards[i]), [0.0, 0.0])
                        elif done[i] == herd.batch.BATCH_ENDED:
                            restarted += 1
                            self.assertTrue(st.is_over)
                            want = [0.0, 0.0]
                            if st.side is not None:
                                w = g.sides.index(st.side)
                                want = [1.0 if s == w else -1.0 for s in (0, 1)]
                            self.assertEqual(list(rewards[i]), want)
                        else:
                            self.assertEqual(done[i], herd.batch.BATCH_TRUNCATED)
                            restarted += 1
                            self.assertFalse(st.is_over)
                            self.assertEqual(list(rewards[i]), [0.0, 0.0])
                        g.close()
                self.assertGreater(restarted, 0)

    def test_the_seed_decides_everything(self):
        a, b, c = (herd.Batch("flock", 4, seed) for seed in (3, 3, 4))
        self.assertNotEqual(a.game(0).save(), a.game(1).save())
        self.assertNotEqual(a.game(0).save(), c.game(0).save())
        for _ in range(120):
            xa, xb = a.random_actions(), b.random_actions()
            np.testing.assert_array_equal(xa, xb)
            ra, da = a.step(xa)
            rb, db = b.step(list(xb))  # any sequence of ints
            np.testing.assert_array_equal(ra, rb)
            np.testing.assert_array_equal(da, db)
        self.assertEqual([a.game(i).save() for i in range(4)],
                         [b.game(i).save() for i in range(4)])
        for x in (a, b, c):
            x.close()

    def test_actions_chosen_under_the_masks(self):
        rng = np.random.default_rng(1)
        with herd.Batch("hex", 16, 2, size=3) as b:
            for _ in range(100):
                masks = b.masks()
                scores = rng.random(masks.shape) * masks
                b.step(scores.argmax(axis=1))

    def test_refusals_change_nothing(self):
        with herd.Batch("fox", 4, 1, sideways=1) as b:
            saves = [b.game(i).save() for i in range(4)]
            good = b.random_actions()
            masks = b.masks()
            bad = good.copy()
            bad[3] = int(np.argmin(masks[3]))  # an illegal action of the last game
            # Said in the caller's terms: the game, the action, its legal ones.
            legal = ", ".join(map(str, np.flatnonzero(masks[3])))
            with self.assertRaisesRegex(herd.IllegalMoveError, "^action %d is not legal in game "
                                        "3; its legal actions are %s$" % (bad[3], legal)):
                b.step(bad)
            bad[3] = b.num_actions
            n = b.num_actions
            with self.assertRaisesRegex(herd.ArgumentError, r"^game 3: %d is not an action of %s "
                                        r"\(0 \.\. %d\)$" % (n, b.name, n - 1)):
                b.step(bad)
            bad[3] = -1
            with self.assertRaisesRegex(herd.ArgumentError, "^game 3: -1 is not an action of"):
                b.step(bad)
            with self.assertRaisesRegex(herd.ArgumentError, "3 given for a batch of 4"):
                b.step(good[:3])
            with self.assertRaises(herd.ArgumentError):
                b.step(good.reshape(2, 2))
            with self.assertRaises(TypeError):
                b.step(good.astype(float))
            self.assertEqual([b.game(i).save() for i in range(4)], saves)
            b.step(good)
        self.assertIn("closed", repr(b))
        with self.assertRaises(herd.GameClosedError):
            b.masks()
        b.close()  # again: harmless

    def test_an_illegal_action_is_said_without_the_dice(self):
        # A hex game's caller sees decision nodes only: the dice stay unsaid,
        # and a long list of legal actions is cut.
        with herd.Batch("hex", 2, 1, size=5) as b:
            legal = np.flatnonzero(b.masks()[0])
            self.assertGreater(len(legal), 20)
            with self.assertRaises(herd.IllegalMoveError) as cm:
                b.step([0, 0])
            self.assertEqual(str(cm.exception), "action 0 is not legal in game 0; its legal "
                             "actions are %s, ... (%d in all)"
                             % (", ".join(map(str, legal[:20])), len(legal)))

    def test_actions_of_any_byte_order_and_size_are_converted(self):
        # The same actions as big-endian, little-endian and narrower
        # integers step as the native array: values, never bytes reread.
        for dtype in (">i8", "<i8", ">u8", "<u8", ">i4", "<i2", "u1", ">i2"):
            with self.subTest(dtype=dtype), herd.Batch("hare", 3, 4) as a, \
                    herd.Batch("hare", 3, 4) as b:
                for _ in range(12):
                    actions = a.random_actions()
                    np.testing.assert_array_equal(b.step(actions.astype(dtype))[1],
                                                  a.step(actions)[1])
                self.assertEqual([b.game(i).save() for i in range(3)],
                                 [a.game(i).save() for i in range(3)])
        with herd.Batch("hare", 2, 4) as b:
            bad = b.random_actions().astype(">i8")
            bad[1] = -1
            with self.assertRaisesRegex(herd.ArgumentError, "game 1: -1 is not an action of hare"):
                b.step(bad)

    def test_out_arrays_are_filled_as_new_ones(self):
        # Two batches of one seed, one into new arrays and one into two sets
        # of out= arrays used in turn: the same figures, in the arrays given.
        n = 5
        with herd.Batch("hex", n, 7, size=3) as a, herd.Batch("hex", n, 7, size=3) as b:
            sets = [(np.empty((n, b.num_actions), np.uint8),
                     np.empty((n,) + b.observation_shape, np.float32),
                     np.empty(n, np.intc), np.empty(n, np.intp if k else np.uintp),
                     np.empty((n, 2), np.float32), np.empty(n, np.uint8)) for k in (0, 1)]
            for step in range(60):
                m, o, p, x, r, d = sets[step % 2]
                self.assertIs(b.masks(out=m), m)
                self.assertIs(b.observations(out=o), o)
                self.assertIs(b.players(out=p), p)
                self.assertIs(b.random_actions(out=x), x)
                np.testing.assert_array_equal(m, a.masks())
                np.testing.assert_array_equal(o, a.observations())
                np.testing.assert_array_equal(p, a.players())
                np.testing.assert_array_equal(x, a.random_actions())
                got = b.step(x, out=(r, d))
                self.assertIs(got[0], r)
                self.assertIs(got[1], d)
                want = a.step(x)
                np.testing.assert_array_equal(r, want[0])
                np.testing.assert_array_equal(d, want[1])

    def test_bad_out_arrays_are_refused(self):
        with herd.Batch("hare", 3, 1) as b:
            saves = [b.game(i).save() for i in range(3)]
            actions = b.random_actions()
            m = np.empty((3, b.num_actions), np.uint8)
            for bad in (np.empty((3, b.num_actions), np.int8), np.empty((2, b.num_actions),
                                                                        np.uint8),
                        np.empty((b.num_actions, 3), np.uint8).T, m.tolist()):
                with self.assertRaisesRegex(herd.ArgumentError, "masks: out must be"):
                    b.masks(out=bad)
            m.flags.writeable = False
            with self.assertRaisesRegex(herd.ArgumentError, "masks: out must be"):
                b.masks(out=m)
            with self.assertRaisesRegex(herd.ArgumentError, "actions: out must be"):
                b.random_actions(out=np.empty(3, np.int32))
            r, d = np.empty((3, 2), np.float32), np.empty(3, np.uint8)
            with self.assertRaisesRegex(herd.ArgumentError, "rewards: out must be"):
                b.step(actions, out=(np.empty((3, 2), np.float64), d))
            with self.assertRaisesRegex(herd.ArgumentError, "done: out must be"):
                b.step(actions, out=(r, np.empty(4, np.uint8)))
            with self.assertRaisesRegex(herd.ArgumentError, "out must be a tuple"):
                b.step(actions, out=[r, d])
            self.assertEqual([b.game(i).save() for i in range(3)], saves)
            b.step(actions, out=(r, d))
            self.assertNotEqual([b.game(i).save() for i in range(3)], saves)

    def test_creation_refusals(self):
        with self.assertRaisesRegex(herd.UnknownNameError, "chess"):
            herd.Batch("chess", 2)
        with self.assertRaises(herd.OptionRangeError):
            herd.Batch("hex", 2, size=99)
        with self.assertRaises(herd.ArgumentError):
            herd.Batch("hex", 0)
        with self.assertRaises(herd.ArgumentError):
            herd.Batch("hex", 2, -1)
        with self.assertRaises(herd.ArgumentError):
            herd.Batch("hex", 2, max_length=-1)
        # horses' option n is an option: the batch's n is given by position.
        with herd.Batch("horses", 2, n=4) as b:
            self.assertIn("n=4", b.game(0).options_text())
        # options= as a text or a mapping, as herd.Game takes them.
        for options in ("w=9", {"w": 9}):
            with herd.Batch("horses", 2, 5, options=options, n=4) as b:
                self.assertIn("w=9", b.game(0).options_text())
                self.assertIn("n=4", b.game(0).options_text())

    def test_too_many_games_say_the_bytes_and_the_limit(self):
        from unittest import mock
        import herd.batch as hb
        # A limit of the test's, so that the figures do not hang on the machine.
        limit = (4000000, "a limit of the test")
        with mock.patch.object(hb, "_memory", return_value=limit):
            with self.assertRaises(herd.OutOfMemoryError) as cm:
                herd.Batch("hex", 10 ** 6, size=3)
            m = re.fullmatch(r"out of memory for the batch: 1000000 games of hex size=3 need "
                             r"(\d+) bytes \((\d+) bytes a game\), over a limit of the test of "
                             r"4000000 bytes: about (\d+) games fit", str(cm.exception))
            self.assertTrue(m, str(cm.exception))
            need, each, fit = (int(g) for g in m.groups())
            self.assertAlmostEqual(need / 10 ** 6, each, delta=1)
            self.assertEqual(cm.exception.code, herd.E_NOMEM)
            # As many as it says fit are made; a few more are refused.
            with herd.Batch("hex", fit, size=3) as b:
                self.assertEqual(len(b), fit)
            with self.assertRaises(herd.OutOfMemoryError):
                herd.Batch("hex", fit + 10, size=3)
        # More than a size_t holds: the library's words, with the figures.
        size_max = hb._SIZE_MAX
        with self.assertRaises(herd.OutOfMemoryError) as cm:
            herd.Batch("hex", size_max // 2)
        self.assertRegex(str(cm.exception), r"^the batch is too large: %d games of hex need "
                         r"more bytes than a size_t holds \(%d; \d+ bytes a game\): about \d+ "
                         r"games fit in it$" % (size_max // 2, size_max))
        # Within the limit, refused by the allocator (malloc of more than the
        # address space; a sanitizer's malloc would end the process instead).
        if not os.environ.get("HERD_RUN_TESTS_PRELOADED") and size_max > 2 ** 32:
            with mock.patch.object(hb, "_memory", return_value=None):
                with self.assertRaises(herd.OutOfMemoryError) as cm:
                    herd.Batch("hex", 2 ** 50)
            self.assertRegex(str(cm.exception), r"^out of memory for the batch: the allocator "
                             r"refused the \d+ bytes that %d games of hex need$" % 2 ** 50)

    def test_length_limit(self):
        with herd.Batch("fox", 2, 0, 7, sideways=1) as b:
            for step in range(1, 15):
                _, done = b.step(b.random_actions())
                for d in done:
                    self.assertIn(d, (herd.batch.BATCH_TRUNCATED if step % 7 == 0 else
                                      herd.batch.BATCH_GOING, herd.batch.BATCH_ENDED))


if __name__ == "__main__":
    unittest.main()
