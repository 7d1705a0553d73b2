"""The fast paths for game-AI programs against the text paths: action
numbers, masks, observations and batched playouts (herd.h's group
"Actions, observations and playouts")."""
import os
import random
import sys
import unittest
from array import array

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game  # noqa: E402

GAMES = [("horses", {"seed": 1}), ("horses", {"w": 11, "h": 9, "n": 5, "seed": 2}),
         ("hex", {"seed": 3}), ("hex", {"size": 3, "seed": 4}), ("hare", {}),
         ("hare", {"start": "d2"}), ("fox", {}), ("fox", {"geese": 17, "sideways": 1}),
         ("flock", {"seed": 5}), ("flock", {"w": 9, "h": 6, "seed": 6})]


def setUpModule():
    herd.library()


def random_positions(name, options, plies=120, seed=1):
    """A game and the positions of a random game from it, as it goes."""
    rng = random.Random(seed)
    with Game(name, **options) as g:
        for _ in range(plies):
            yield g
            if g.is_over:
                return
            g.play(rng.choice(g.legal()))


def cell_planes(g):
    """Who stands on each cell as the observation's grid sees it: {(row,
    column): side index}."""
    sides = g.sides
    out = {}
    if g.name == "hex":
        n = g.size
        for r in range(g.row_count):
            for c in range(g.row_length(r)):
                side = g.at((r, c))
                if side is not None:
                    out[(r, max(0, n - 1 - r) + c)] = sides.index(side)
        return out
    if g.name in ("hare", "fox"):
        for (r, c) in g.point_coords:
            side = g.at((r, c))
            if side is not None:
                out[(r, c)] = sides.index(side)
        return out
    for r in range(g.height):
        for c in range(g.width):
            piece = g.at((r, c))
            if piece is not None:
                side = piece[0] if isinstance(piece, tuple) else piece
                out[(r, c)] = sides.index(side)
    return out


class TestActions(unittest.TestCase):
    def test_numbers_masks_and_moves_agree_with_the_texts(self):
        for name, options in GAMES:
            with self.subTest(game=name, options=options):
                for g in random_positions(name, options):
                    n = g.num_actions
                    legal = g.legal()
                    actions = g.legal_actions()
                    self.assertEqual(actions, sorted(actions))
                    self.assertEqual(actions, sorted(g.move_to_action(m) for m in legal))
                    self.assertEqual(len(set(actions)), len(actions))
                    self.assertTrue(all(0 <= a < n for a in actions))
                    mask = g.legal_mask()
                    self.assertIsInstance(mask, bytes)
                    self.assertEqual(len(mask), n)
                    self.assertEqual([i for i in range(n) if mask[i]], actions)
                    self.assertEqual(set(mask), {0, 1} if actions else {0})
                    for m in legal:
                        self.assertEqual(g.action_to_move(g.move_to_action(m)), m)
                        self.assertEqual(g.move_to_action(m.text), g.move_to_action(m))
                        self.assertEqual(g.move_to_action(int(m)), g.move_to_action(m))

    def test_every_number_names_an_action_that_names_it_back(self):
        for name, options in GAMES:
            with self.subTest(game=name, options=options), Game(name, **options) as g:
                moves = [g.action_to_move(i) for i in range(g.num_actions)]
                self.assertEqual([g.move_to_action(m) for m in moves], list(range(g.num_actions)))
                self.assertEqual(len({int(m) for m in moves}), g.num_actions)

    def test_the_0x_names_warn_and_answer_as_the_new_ones(self):
        g = Game("flock", seed=4)
        m = g.legal()[0]
        with self.assertWarns(DeprecationWarning) as w:
            a = g.action_index(m)
        self.assertIn("move_to_action", str(w.warning))
        self.assertEqual(a, g.move_to_action(m))
        with self.assertWarns(DeprecationWarning) as w:
            self.assertEqual(g.action_move(a), m)
        self.assertIn("action_to_move", str(w.warning))

    def test_playing_by_number_is_playing_the_move(self):
        for name, options in GAMES:
            with self.subTest(game=name, options=options):
                rng = random.Random(3)
                with Game(name, **options) as a, Game(name, **options) as b:
                    for _ in range(150):
                        actions = a.legal_actions()
                        if not actions:
                            break
                        i = rng.choice(actions)
                        a.apply_action(i)
                        b.play(b.action_to_move(i))
                        self.assertEqual(a, b)
                        self.assertEqual(a.position, b.position)
                    self.assertEqual(a.moves, b.moves)
                    self.assertEqual([str(m) for m in a.moves], [str(m) for m in b.moves])
                    if a.moves:
                        self.assertEqual(a.last_move, b.last_move)
                        self.assertEqual(a.undo(), b.undo())
                        self.assertEqual(a, b)

    def test_moves_played_by_number_are_named_after_a_clone_and_a_close(self):
        g = Game("hex", seed=2)
        for _ in range(8):
            g.apply_action(g.legal_actions()[0])
        copy = g.clone()
        texts = [m.text for m in copy.moves]
        self.assertEqual(texts[0], "dice:1,1")
        g2 = g.clone()
        g2.close()
        self.assertEqual([m.text for m in g2.moves], texts)
        g.close()
        self.assertEqual([m.text for m in g.moves], texts)
        self.assertEqual(g.last_move.text, texts[-1])
        copy.close()

    def test_is_over_and_pickling_follow_the_game(self):
        import pickle
        with Game("hare") as g:
            rng = random.Random(3)
            while True:
                self.assertEqual(g.is_over, g.status.result is not herd.Result.ONGOING)
                copy = pickle.loads(pickle.dumps(g))  # as its save
                self.assertEqual((copy.save(), type(copy)), (g.save(), type(g)))
                copy.close()
                if g.is_over:
                    break
                g.apply_action(rng.choice(g.legal_actions()))
        with self.assertRaises(herd.GameClosedError):
            g.is_over

    def test_refusals_change_nothing(self):
        with Game("horses", seed=1) as g:
            before = g.position
            n = g.num_actions
            with self.assertRaises(herd.ArgumentError) as e:
                g.apply_action(n)
            # One wording, with the range, for every number outside the space.
            self.assertEqual("%d is not an action of horses (0 .. %d)" % (n, n - 1),
                             str(e.exception))
            for bad in (-1, 2 ** 64):  # beyond size_t: the range is still the game's
                with self.assertRaises(herd.ArgumentError) as e:
                    g.apply_action(bad)
                self.assertEqual("%d is not an action of horses (0 .. %d)" % (bad, n - 1),
                                 str(e.exception))
                with self.assertRaises(herd.ArgumentError) as e:
                    g.action_to_move(bad)
                self.assertEqual("%d is not an action of horses (0 .. %d)" % (bad, n - 1),
                                 str(e.exception))
            with self.assertRaises(TypeError):
                g.apply_action("a1-c2")
            with self.assertRaises(TypeError):
                g.apply_action(True)
            # a1, up two and left: off the board, a number that stands for no
            # move of the game, said as parse_move() says it of an integer.
            with self.assertRaises(herd.IllegalMoveError) as e:
                g.apply_action(0)
            self.assertEqual("action 0 is not a move of horses", str(e.exception))
            with self.assertRaises(herd.ArgumentError) as e:
                g.parse_move(g.action_to_move(0).value)
            self.assertEqual("%d is not a move of horses" % g.action_to_move(0).value,
                             str(e.exception))
            with self.assertRaises(herd.ArgumentError):
                g.action_to_move(n)
            with self.assertRaises(herd.ArgumentError) as e:
                g.move_to_action(9223372036854776856)  # a value no move has
            self.assertEqual("9223372036854776856 is not a move of horses", str(e.exception))
            with self.assertRaises(herd.ArgumentError) as e:
                g.move_to_action(g.move("a1", "z9"))  # a move, but of no action
            self.assertEqual("a1-z9 is not an action of horses (0 .. %d)" % (n - 1),
                             str(e.exception))
            with self.assertRaises(herd.ParseError):
                g.move_to_action("zz")
            self.assertEqual(g.position, before)
            self.assertEqual(g.moves, [])
            g.close()
            for call in (lambda: g.legal_actions(), lambda: g.apply_action(1),
                         lambda: g.legal_mask(), lambda: g.observation(0),
                         lambda: g.playouts(1)):
                with self.assertRaises(herd.GameClosedError):
                    call()

    def test_an_ended_game_has_no_actions(self):
        rng = random.Random(5)
        with Game("hare") as g:
            while not g.is_over:
                g.apply_action(rng.choice(g.legal_actions()))
            self.assertEqual(g.legal_actions(), [])
            self.assertEqual(g.legal_mask(), bytes(g.num_actions))
            with self.assertRaises(herd.StateError):
                g.apply_action(0)

    def test_a_malformed_hex_action_says_what_one_looks_like(self):
        # The library's message, through every way in that takes a text.
        form = "a hex action is dice:L,H, -CELL or +CELL, e.g. dice:2,5 or +e5"
        from herd import spiel
        g = Game("hex", size=3)
        g.play("dice:2,5")
        state = spiel.load_game("hex", size=3).new_initial_state()
        before = g.save()
        for text in ("+zz", "zz", "-zz", "+"):
            for way in (g.play, g.parse_move, g.move_to_action, state.string_to_action):
                with self.subTest(text=text, way=way.__name__):
                    with self.assertRaises(herd.ParseError) as cm:
                        way(text)
                    self.assertEqual(str(cm.exception), form)
        self.assertEqual(g.save(), before)
        with self.assertRaisesRegex(herd.ParseError, "^a9 is not on the board of size 3$"):
            g.play("+a9")
        with self.assertRaisesRegex(herd.ParseError, r"^a roll is dice:L,H with 1 <= L <= H <= 6$"):
            g.parse_move("dice:9")
        text = g.record().text().replace("dice:2,5", "+zz")
        with self.assertRaises(herd.ParseError) as cm:
            herd.Record(text)
        self.assertTrue(str(cm.exception).endswith("'+zz' is no action of hex: " + form),
                        str(cm.exception))

    def test_hex_rolls_are_actions_0_to_20(self):
        with Game("hex") as g:
            self.assertTrue(g.is_chance)
            self.assertEqual(g.legal_actions(), list(range(21)))
            self.assertEqual([g.move_to_action(m) for m, _ in g.chance_outcomes()],
                             list(range(21)))


class TestObservations(unittest.TestCase):
    def test_the_shape_and_the_pieces_from_both_sides(self):
        for name, options in GAMES:
            with self.subTest(game=name, options=options):
                for g in random_positions(name, options, plies=60):
                    planes, rows, cols = g.observation_shape
                    cells = cell_planes(g)
                    to_act = g.side_to_move
                    for side in (0, 1):
                        obs = g.observation(side)
                        self.assertIsInstance(obs, array)
                        self.assertEqual(obs.typecode, "f")
                        self.assertEqual(len(obs), planes * rows * cols)
                        mine = {(r, c) for r in range(rows) for c in range(cols)
                                if obs[r * cols + c] == 1.0}
                        theirs = {(r, c) for r in range(rows) for c in range(cols)
                                  if obs[(rows + r) * cols + c] == 1.0}
                        self.assertEqual(mine, {k for k, v in cells.items() if v == side})
                        self.assertEqual(theirs, {k for k, v in cells.items() if v != side})
                        self.assertEqual(g.observation(g.sides[side]), obs)
                        acting = to_act is not None and g.sides.index(to_act) == side
                        self.assertIn(1.0 if acting else 0.0, obs)  # the to-act plane

    def test_numpy_when_asked(self):
        with Game("flock") as g:
            try:
                import numpy
            except ImportError:
                numpy = None
            if numpy is not None:
                a = g.observation(1, numpy=True)
                self.assertEqual(a.shape, g.observation_shape)
                self.assertEqual(str(a.dtype), "float32")
                self.assertEqual(a.ravel().tolist(), g.observation(1).tolist())
                m = g.legal_mask(numpy=True)
                self.assertEqual(m.tolist(), list(g.legal_mask()))
            saved = sys.modules.get("numpy")
            sys.modules["numpy"] = None  # numpy not importable
            try:
                with self.assertRaises(ImportError) as e:
                    g.observation(0, numpy=True)
                self.assertIn("numpy", str(e.exception))
                with self.assertRaises(ImportError):
                    g.legal_mask(numpy=True)
            finally:
                if saved is None:
                    del sys.modules["numpy"]
                else:
                    sys.modules["numpy"] = saved

    def test_no_side_is_refused(self):
        with Game("fox") as g:
            for side in (2, -1, "hare"):
                with self.assertRaises(herd.ArgumentError):
                    g.observation(side)


class TestPlayouts(unittest.TestCase):
    def test_they_change_nothing_and_repeat(self):
        for name, options in GAMES:
            with self.subTest(game=name, options=options), Game(name, **options) as g:
                for _ in range(3):
                    g.play_genmove() if not g.is_chance else g.roll()
                before, copy = g.position, g.clone()
                for level in (herd.PLAYOUT_RANDOM, 0, 1):
                    a = g.playouts(10, level, seed=4, max_length=3000)
                    self.assertIsInstance(a, herd.Playouts)
                    self.assertEqual(a.games, 10)
                    self.assertEqual(sum(a.wins) + a.draws + a.unfinished, 10)
                    self.assertAlmostEqual(a.mean_length, a.actions / 10)
                    self.assertEqual(g.playouts(10, level, seed=4, max_length=3000), a)
                    self.assertTrue(0 <= a.score(0) <= 1)
                    self.assertAlmostEqual(a.score(0) + a.score(1), 1.0)
                self.assertEqual(g.position, before)
                self.assertEqual(g, copy)
                copy.close()

    def test_their_counts(self):
        with Game("hare") as g:
            res = g.playouts(400, herd.PLAYOUT_RANDOM, seed=1)
            self.assertEqual(res.draws, 0)
            self.assertGreater(res.wins[1], res.wins[0])  # random hounds stall
            self.assertEqual(g.playouts(0).games, 0)
            self.assertEqual(g.playouts(0).score(0), 0.5)
            self.assertEqual(res.sides, g.sides)
            # A side as everywhere: a Side of the game, its name, 0 or 1.
            hounds, hare = res.score(0), res.score(1)
            self.assertNotEqual(hounds, hare)
            for side, want in ((herd.Side.HOUNDS, hounds), ("hounds", hounds),
                               (g.side_to_move, hounds), (herd.Side.HARE, hare), ("hare", hare),
                               (1, hare)):
                self.assertEqual(res.score(side), want, side)
            for side in (-1, 2, herd.Side.GREEN, "green", 0.0, True, None):
                with self.assertRaisesRegex(herd.ArgumentError, "is no side of the game played"):
                    res.score(side)
            # Made by hand, without the sides: only 0 and 1.
            bare = herd.Playouts(*res[:6])
            self.assertEqual(bare.score(1), hare)
            for side in (-1, 2, herd.Side.HARE, "hare", 0.0):
                with self.assertRaisesRegex(herd.ArgumentError, "is not 0 or 1, the index of a side"):
                    bare.score(side)
        with Game("horses") as g:
            res = g.playouts(5, herd.PLAYOUT_RANDOM, max_length=4)
            self.assertEqual((res.unfinished, res.actions), (5, 20))

    def test_levels_by_name(self):
        # Every method that takes a level takes its name, as Game.levels
        # gives it, for its number.
        with Game("hex", seed=3) as g:
            self.assertEqual(g.playouts(4, "greedy", seed=2), g.playouts(4, 1, seed=2))
        with Game("horses", seed=7) as a, Game("horses", seed=7) as b:
            self.assertEqual(a.levels[4], "expert")
            self.assertEqual(a.memory_needed("expert"), a.memory_needed(4))
            self.assertEqual(a.hint("club"), a.hint(3))
            self.assertEqual(a.genmove(level="expert"), b.genmove(4))
            self.assertEqual(a.play_genmove("novice"), b.play_genmove(2))
            self.assertEqual(a.save(), b.save())
            self.assertEqual(a.genmove("Expert"), b.genmove("EXPERT"))  # any case
            for bad, near in (("Expret", " (did you mean expert?)"), ("perfect", " (did you "
                              "mean expert?)"), ("zz", "")):
                for call in (a.genmove, a.play_genmove, a.hint, a.memory_needed,
                             lambda level: a.playouts(1, level)):
                    with self.assertRaises(herd.UnknownNameError) as e:
                        call(bad)
                    self.assertEqual(str(e.exception), "unknown level %r of horses%s; its "
                                     "levels are 1:random 2:novice 3:club 4:expert 5:master"
                                     % (bad, near))
            self.assertEqual(a.save(), b.save())

    def test_refusals(self):
        with Game("hex") as g:
            with self.assertRaises(herd.UnsupportedError) as e:
                g.playouts(1, 2)
            self.assertIn("level 2 (novice) searches", str(e.exception))
            top = g.max_level
            with self.assertRaises(herd.OptionRangeError) as e:
                g.playouts(1, top + 1)
            self.assertIn(f"level {top + 1} is out of range 0..{top}", str(e.exception))
            with self.assertRaises(herd.OptionRangeError):
                g.playouts(1, -2)
            with self.assertRaises(herd.ArgumentError):
                g.playouts(-1)
            with self.assertRaises(herd.ArgumentError):
                g.playouts(1, 1, seed=-1)
            with self.assertRaises(herd.ArgumentError):
                g.playouts(1, 1, max_length=2 ** 32)
            with self.assertRaises(TypeError):
                g.playouts(1.5)


if __name__ == "__main__":
    unittest.main()
