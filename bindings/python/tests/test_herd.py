"""Tests of the Python package herd against a built libherd.

Run with `python3 bindings/python/run_tests.py PATH_TO_LIBHERD_SO`, or with
HERD_LIBRARY set: `HERD_LIBRARY=... python3 -m unittest discover bindings/python/tests`
from a directory where the package herd is importable.
"""
import os
import random
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, HerdError, Hex, Horses  # noqa: E402

# A Herd of Horses position, Green to move: a1-b3 lands on a horse, b3-c5
# leaves a1 alone; the legal moves are a1-c2, f3-h4 and f5-h4.
HORSES_START = "horses w=8 h=8 turn=green green=a1,b3,d4,f5,d2,f3 red=h8,f7,g5,h3,e4,h6"
HORSES_START_LEGAL = ["a1-c2", "f3-h4", "f5-h4"]
# Green has just reached h8, the bottom-right corner: Green has won.
HORSES_GREEN_WON = "horses w=8 h=8 turn=red green=h8,f7,d6,b5 red=a2,c3,e4,g5"
# A full side-2 hex board, four red stones to three blue: Red has won.
HEX_RED_WON = "hex size=2 turns=5 turn=blue phase=roll dice=- left=0 board=rr/rrb/bb"

KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def setUpModule():
    herd.library()  # loads HERD_LIBRARY (run_tests.py sets it) once, or fails here


def cell_rc(text):
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def knight_distance(w, h, start, goal):
    """Knight moves from `start` to `goal` (row, col) on an empty w x h board."""
    seen = {start: 0}
    todo = [start]
    for cell in todo:
        if cell == goal:
            return seen[cell]
        for dr, dc in KNIGHT:
            nxt = (cell[0] + dr, cell[1] + dc)
            if 0 <= nxt[0] < h and 0 <= nxt[1] < w and nxt not in seen:
                seen[nxt] = seen[cell] + 1
                todo.append(nxt)
    raise AssertionError("unreachable")


class ErrorChecks(unittest.TestCase):
    def assertRefused(self, game, call, code, fragment):
        """`call` raises HerdError with `code` and a message holding
        `fragment`, and leaves `game` exactly as it was."""
        before_text = game.position
        before = game.clone()
        before_history = game.history_length
        with self.assertRaises(HerdError) as cm:
            call()
        e = cm.exception
        self.assertEqual(e.code, code, e)
        self.assertIn(fragment, str(e))
        self.assertEqual(e.message, str(e))
        self.assertEqual(e.name, herd.library().strerror(code))
        self.assertEqual(game.position, before_text)
        self.assertTrue(game == before, "the refused call changed the game")
        self.assertEqual(game.history_length, before_history)
        before.close()
        return e


class TestLoading(unittest.TestCase):
    def test_library_version_is_the_bindings_major_minor(self):
        v = herd.version()
        self.assertRegex(v, r"^\d+\.\d+\.\d+$")
        self.assertEqual(tuple(int(x) for x in v.split(".")[:2]), herd.BINDING_VERSION)

    def test_missing_library_raises_an_import_error_and_keeps_the_loaded_one(self):
        loaded = herd.library()
        with self.assertRaises(herd.LibraryError) as cm:
            herd.load(os.path.join(os.sep, "nonexistent", "libherd.so"))
        self.assertIsInstance(cm.exception, ImportError)
        self.assertIsInstance(cm.exception, HerdError)
        self.assertIn("nonexistent", str(cm.exception))
        self.assertIs(herd.library(), loaded)

    def _load_as_if_written_for(self, version):
        saved = herd.BINDING_VERSION
        herd.BINDING_VERSION = version
        try:
            return herd.Library(herd.library().path)
        finally:
            herd.BINDING_VERSION = saved

    def test_a_library_older_than_the_binding_is_refused(self):
        major, minor = herd.BINDING_VERSION
        with self.assertRaises(herd.LibraryError) as cm:
            self._load_as_if_written_for((major, minor + 1))
        self.assertIn("written for %d.%d" % (major, minor + 1), str(cm.exception))

    def test_another_major_version_is_refused(self):
        for other in (herd.BINDING_VERSION[0] - 1, herd.BINDING_VERSION[0] + 1):
            with self.subTest(major=other), self.assertRaises(herd.LibraryError):
                self._load_as_if_written_for((other, 0))

    def test_a_later_minor_version_of_the_library_serves_the_binding(self):
        major, minor = herd.BINDING_VERSION
        # A binding written for an older minor version: the library only added since.
        self.assertEqual(self._load_as_if_written_for((major, minor - 1)).version, herd.version())

    def test_load_without_path_reads_HERD_LIBRARY(self):
        loaded = herd.library()
        saved = os.environ.get("HERD_LIBRARY")
        os.environ["HERD_LIBRARY"] = loaded.path
        try:
            lib = herd.load()
            self.assertEqual(lib.path, loaded.path)
            self.assertIs(herd.library(), lib)
        finally:
            if saved is None:
                del os.environ["HERD_LIBRARY"]
            else:
                os.environ["HERD_LIBRARY"] = saved


def readme_section(heading):
    """The text of the package's README.md under `## heading`, up to the
    next section."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "README.md"),
              encoding="utf-8") as f:
        text = f.read()
    return text.split("\n## %s\n" % heading, 1)[1].split("\n## ", 1)[0]


def promised(block):
    """What a README block says it prints: the X of every `# -> X`."""
    return re.findall(r"# -> (.*)", block)


class TestFirstExample(unittest.TestCase):
    """The package's first example (README.md and the module's docstring):
    its loop to the end of a game has a limit (the rules set none: random
    horses can take over 10,000 moves) and rolls hex's dice, and it runs."""

    def test_the_first_five_minutes_run_and_print_what_they_say(self):
        # README.md's first section, every block: the shell one in a copy of
        # the source tree's layout (build/libherd.so, bindings/python) with
        # cmake left out, then the Python ones one after another.
        import contextlib
        import io
        import tempfile
        blocks = re.findall(r"```(\w+)\n(.*?)```", readme_section("First five minutes"), re.S)
        self.assertEqual([kind for kind, _ in blocks], ["sh", "python", "python"])
        shell = blocks[0][1]
        self.assertRegex(shell, r"--target herd\n")
        here = os.path.dirname(os.path.abspath(__file__))
        with tempfile.TemporaryDirectory() as top:
            os.makedirs(os.path.join(top, "build"))
            os.makedirs(os.path.join(top, "bindings"))
            os.symlink(herd.library().path, os.path.join(top, "build", "libherd.so"))
            os.symlink(os.path.dirname(here), os.path.join(top, "bindings", "python"))
            env = {k: v for k, v in os.environ.items() if k not in ("HERD_LIBRARY", "PYTHONPATH")}
            env["PY"] = sys.executable
            run = subprocess.run(["bash", "-ec", 'cmake() { :; }; python3() { "$PY" "$@"; }\n'
                                  + shell], cwd=top, env=env, capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout.split("\n")[:-1], promised(shell))
        self.assertEqual(promised(shell), [herd.version()])
        namespace = {"__name__": "readme"}
        for _, block in blocks[1:]:
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, "README.md", "exec"), namespace)
            for text in promised(block):
                self.assertIn(text, out.getvalue(), block)
        self.assertEqual(len(promised(blocks[1][1]) + promised(blocks[2][1])), 6)

    def test_the_first_example_bounds_its_loop_and_runs(self):
        import contextlib
        import io
        import textwrap
        here = os.path.dirname(os.path.abspath(__file__))
        def first_block(path):
            with open(path, encoding="utf-8") as f:
                return re.findall(r"```python\n(.*?)```", f.read(), re.S)[0]
        readme = re.findall(r"```python\n(.*?)```", readme_section("At a glance"), re.S)[0]
        project = first_block(os.path.join(here, os.pardir, os.pardir, os.pardir, "README.md"))
        doc = textwrap.dedent(herd.__doc__.split("\n\n")[1])
        for where, block, ending in (("README.md", readme, "win red corner"),
                                     ("herd.__doc__", doc, "win red corner"),
                                     ("the project's README.md", project, "win green corner")):
            loop = re.search(r"while not g\.is_over and g\.history_length < \d+:.*\n(.*)", block)
            self.assertIsNotNone(loop, where)
            self.assertIn("g.roll() if g.is_chance else g.play_genmove(", loop[1], where)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, where, "exec"), {"__name__": "example"})
            self.assertIn(ending, out.getvalue(), where)


class TestCreation(ErrorChecks):
    def test_options_as_keywords_reach_the_library(self):
        with Game("horses", w=10, h=9, n=5, seed=3) as g:
            self.assertIsInstance(g, Horses)
            self.assertEqual(g.name, "horses")
            self.assertTrue(g.position.startswith("horses w=10 h=9 turn=green green="))
            self.assertEqual(g.options, {"w": 10, "h": 9, "n": 5, "seed": 3})
            self.assertEqual(len(g.position.split("green=")[1].split()[0].split(",")), 5)

    def test_options_as_text_and_keywords_together(self):
        with Game("horses", "w=12", seed=4) as g:
            self.assertEqual(g.options, {"w": 12, "h": 8, "n": 6, "seed": 4})

    def test_options_as_a_text_or_a_mapping_by_position_or_keyword(self):
        want = {"w": 10, "h": 8, "n": 6, "seed": 3}
        for make in (lambda: Game("horses", "w=10", seed=3),
                     lambda: Game("horses", {"w": 10}, seed=3),
                     lambda: Game("horses", {"w": 10, "seed": 3}),
                     lambda: Game("horses", options="w=10 seed=3"),
                     lambda: Game("horses", options={"w": 10}, seed=3),
                     lambda: Horses("horses", {"w": "10", "seed": 3}),
                     lambda: Horses({"w": 10, "seed": 3}),
                     lambda: Horses("w=10 seed=3"),
                     lambda: Horses(options="w=10", seed=3)):
            with make() as g:
                self.assertIsInstance(g, Horses)
                self.assertEqual(g.options, want)
        self.assertNotIn("options", [o.key for d in herd.games() for o in d.options])
        with self.assertRaisesRegex(TypeError, "given twice"):
            Game("horses", "w=10", options="h=9")
        with self.assertRaisesRegex(TypeError, "a text .* or a mapping"):
            Game("horses", 10)
        with self.assertRaisesRegex(TypeError, "an option's name"):
            Game("horses", {1: 10})
        with self.assertRaises(herd.ParseError):
            Game("horses", {"w h": 10})
        with self.assertRaises(herd.ParseError):
            Game("horses", {"w": "10 h=9"})

    def test_same_options_give_the_same_game(self):
        with Game("horses", seed=11) as a, Horses(seed=11) as b, Horses(seed=12) as c:
            self.assertEqual(a.position, b.position)
            self.assertTrue(a == b)
            self.assertIsInstance(b, Horses)
            self.assertEqual(c.options["seed"], 12)

    def test_out_of_range_option_names_option_and_range(self):
        with self.assertRaises(HerdError) as cm:
            Game("horses", w=7)
        self.assertEqual(cm.exception.code, herd.E_RANGE)
        self.assertEqual(str(cm.exception), "w=7 is out of range 8..30")
        self.assertEqual(cm.exception.name, "value out of range")
        with self.assertRaises(HerdError) as cm:
            Game("hex", size=14)
        self.assertEqual(str(cm.exception), "size=14 is out of range 2..13")

    def test_unknown_game_and_unknown_option_are_refused(self):
        with self.assertRaises(HerdError) as cm:
            Game("chess")
        self.assertEqual(cm.exception.code, herd.E_UNKNOWN)
        self.assertIn("chess", str(cm.exception))
        with self.assertRaises(HerdError) as cm:
            Game("horses", colour=3)
        self.assertEqual(cm.exception.code, herd.E_UNKNOWN)
        self.assertIn("colour", str(cm.exception))

    def test_option_value_cannot_smuggle_another_option(self):
        with self.assertRaises(HerdError) as cm:
            Game("horses", w="10 h=9")
        self.assertEqual(cm.exception.code, herd.E_PARSE)

    def test_game_class_must_match_game_name(self):
        with self.assertRaises(HerdError):
            Horses("hex")
        with self.assertRaises(HerdError):
            Horses.from_position(HEX_RED_WON)
        with Hex(size=3) as g:
            self.assertEqual(g.name, "hex")
            self.assertEqual(g.size, 3)

    def test_from_position_picks_the_game_from_the_text(self):
        with Game.from_position(HORSES_START) as g:
            self.assertIsInstance(g, Horses)
            self.assertEqual(g.position, HORSES_START)
        with Game.from_position(HEX_RED_WON) as g:
            self.assertIsInstance(g, Hex)
            self.assertEqual(g.position, HEX_RED_WON)

    def test_from_position_refuses_unknown_game_and_broken_position(self):
        with self.assertRaises(HerdError) as cm:
            Game.from_position("chess w=8")
        self.assertEqual(cm.exception.code, herd.E_UNKNOWN)
        with self.assertRaises(HerdError) as cm:
            Game.from_position(HORSES_START.replace("e4", "a1"))
        self.assertEqual(cm.exception.code, herd.E_POSITION)
        self.assertEqual(str(cm.exception), "a1 holds two horses")


class TestPlay(ErrorChecks):
    def test_legal_play_undo_round_trip(self):
        with Game.from_position(HORSES_START) as g:
            self.assertEqual(g.legal_texts(), HORSES_START_LEGAL)
            self.assertEqual(sorted(g.move_text(m) for m in g.legal()), HORSES_START_LEGAL)
            before = g.clone()
            for m in g.legal():
                self.assertTrue(g.is_legal(m))
                g.play(m)
                self.assertEqual(g.history_length, 1)
                self.assertEqual(g.side_to_move, "red")
                self.assertNotEqual(g.position, HORSES_START)
                g.undo()
                self.assertEqual(g.position, HORSES_START)
                self.assertTrue(g == before)
            g.play("a1-c2")
            self.assertEqual(g.horse("green", 1), "c2")
            self.assertIsNone(g.at("a1"))
            g.undo()
            self.assertEqual(g.at("a1"), ("green", 1))
            before.close()

    def test_moves_as_ints_and_texts_agree(self):
        with Game.from_position(HORSES_START) as g:
            for m in g.legal():
                self.assertEqual(g.parse_move(g.move_text(m)), m)
            self.assertEqual(g.move("a1", "c2"), g.parse_move("a1-c2"))
            self.assertEqual(g.move((0, 0), (2, 1)), g.parse_move("a1-c2"))

    def test_move_onto_a_horse_is_refused_with_the_library_message(self):
        with Game.from_position(HORSES_START) as g:
            self.assertFalse(g.is_legal("a1-b3"))
            e = self.assertRefused(g, lambda: g.play("a1-b3"), herd.E_ILLEGAL, "is occupied")
            self.assertEqual(str(e), "b3 is occupied")
            self.assertEqual(e.name, "illegal move")
            self.assertRefused(g, lambda: g.play(g.move("a1", "b3")), herd.E_ILLEGAL,
                               "b3 is occupied")

    def test_move_that_splits_the_herd_is_refused(self):
        with Game.from_position(HORSES_START) as g:
            e = self.assertRefused(g, lambda: g.play("b3-c5"), herd.E_ILLEGAL,
                                   "the herd would split")
            self.assertEqual(str(e), "the herd would split")

    def test_malformed_and_impossible_moves_are_refused(self):
        with Game.from_position(HORSES_START) as g:
            self.assertRefused(g, lambda: g.play("a1c2"), herd.E_PARSE, "")
            self.assertRefused(g, lambda: g.play("a1-a2"), herd.E_ILLEGAL, "")
            self.assertRefused(g, lambda: g.play(-1), herd.E_ARG, "64-bit")
            self.assertRefused(g, lambda: g.play(1 << 64), herd.E_ARG, "64-bit")
            self.assertRefused(g, lambda: g.play("a1-c2\0junk"), herd.E_PARSE, "NUL")
            with self.assertRaises(TypeError):
                g.play(1.5)

    def test_undo_with_no_history_is_refused(self):
        with Game.from_position(HORSES_START) as g:
            self.assertRefused(g, g.undo, herd.E_STATE, "nothing to undo")

    def test_hex_occupied_cell_and_unrolled_dice_are_refused(self):
        with Hex(size=3) as g:
            self.assertRefused(g, lambda: g.play("+c3"), herd.E_ILLEGAL, "roll the dice first")
            g.play("dice:2,3")  # Red's first turn places the lower die: 2 stones
            self.assertEqual((g.phase, g.dice, g.left), ("place", (2, 3), 2))
            g.play("+c3")
            self.assertEqual(g.at("c3"), "red")
            self.assertEqual(g.at((2, 2)), "red")
            self.assertEqual(g.stones("red"), 1)
            e = self.assertRefused(g, lambda: g.play("+c3"), herd.E_ILLEGAL, "is occupied")
            self.assertEqual(str(e), "c3 is occupied")
            self.assertRefused(g, lambda: g.play("+z9"), herd.E_PARSE, "")


class TestPositions(ErrorChecks):
    def test_position_text_round_trip(self):
        with Horses(w=11, h=9, n=7, seed=5) as g, Horses() as other:
            for _ in range(6):
                g.play_genmove()
            text = g.position
            other.set_position(text)
            self.assertEqual(other.position, text)
            self.assertEqual(other.options["w"], 11)
            self.assertEqual(other.history_length, 0)
            self.assertEqual(Game.from_position(text).position, text)
        with Hex(size=4, seed=2) as g:
            g.roll()
            g.play_genmove()
            text = g.position
            with Game.from_position(text) as copy:
                self.assertEqual(copy.position, text)
                self.assertEqual(copy.phase, g.phase)

    def test_bad_position_leaves_the_game_unchanged(self):
        with Game.from_position(HORSES_START) as g:
            g.play("a1-c2")
            self.assertRefused(g, lambda: g.set_position("horses w=8"), herd.E_PARSE, "expected")
            self.assertRefused(g, lambda: g.set_position(HORSES_START.replace("e4", "a1")),
                               herd.E_POSITION, "a1 holds two horses")
            self.assertRefused(g, lambda: g.set_position(HEX_RED_WON), herd.E_PARSE, "")
            self.assertEqual(g.history_length, 1)

    def test_show_draws_the_board(self):
        with Game.from_position(HORSES_START) as g:
            board = g.show()
            self.assertGreater(board.count("\n"), 7)
            self.assertIn("G1", board)
            self.assertIn("R6", board)


class TestSavedGames(ErrorChecks):
    def step(self, g, pick):
        """One action chosen by `pick`, the same in every game it is given."""
        if g.is_chance:
            return g.roll()
        if pick % 3 == 0:
            move = g.legal_texts()[pick // 3 % len(g.legal())]
            g.play(move)
            return move
        return g.play_genmove()

    def test_load_then_play_on_gives_the_game_that_never_saved(self):
        rng = random.Random(5)
        for name, options in (("horses", {"seed": 9}), ("hex", {"size": 4, "seed": 2})):
            with Game(name, **options) as g:
                for _ in range(5):
                    self.step(g, rng.randrange(1000))
                text = g.save()
                self.assertTrue(text.startswith(name + " save=1 "), text)
                with Game(name) as other, Game.from_save(text) as opened:
                    other.load(text)
                    self.assertEqual(other.history_length, 0)
                    for copy in (other, opened):
                        self.assertTrue(copy == g)
                        self.assertEqual(copy.save(), text)
                    while g.status.result == "ongoing":
                        pick = rng.randrange(1000)
                        m = self.step(g, pick)
                        self.assertEqual(self.step(other, pick), m)
                        self.assertEqual(self.step(opened, pick), m)
                    self.assertEqual(other.save(), g.save())
                    self.assertEqual(opened.save(), g.save())

    def test_bad_save_leaves_the_game_unchanged(self):
        with Horses(seed=4) as g:
            g.play_genmove()
            text = g.save()
            self.assertRefused(g, lambda: g.load(text.replace("save=1", "save=2")),
                               herd.E_PARSE, "save version 2")
            # The message names what in the text is wrong, not just the field
            # the library expected there.
            self.assertRefused(g, lambda: g.load("horses save=1 garbage"), herd.E_PARSE,
                               "the save has no ply= field ('garbage' stands in its place): "
                               "ply must be a whole number")
            self.assertRefused(g, lambda: g.load(text.replace(" ply=1 ", " ply=x ")),
                               herd.E_PARSE, "'ply=x' in the save: ply must be")
            with self.assertRaisesRegex(herd.ParseError, r"^the save has no ply= field "
                                        r"\('garbage'"):
                Game.from_save("horses save=1 garbage")
            zero = ",".join(["0" * 16] * 4)
            self.assertRefused(g, lambda: g.load(re.sub(r"rng=\S+", "rng=" + zero, text)),
                               herd.E_POSITION, "all zeros")
            with Hex() as h:
                self.assertRefused(g, lambda: g.load(h.save()), herd.E_PARSE,
                                   "'hex' is not a save of horses")
                self.assertRaises(HerdError, Horses.from_save, h.save())
            self.assertRaises(HerdError, Game.from_save, "chess save=1")


class TestPerft(ErrorChecks):
    def perft_by_hand(self, g, depth):
        if depth == 0:
            return 1
        total = 0
        for m in g.legal():
            g.play(m)
            total += g.perft(depth - 1)
            g.undo()
        return total

    def test_horses_perft_is_the_sum_over_moves(self):
        with Horses(seed=7) as g:
            self.assertEqual(g.perft(0), 1)
            self.assertEqual(g.perft(1), len(g.legal()))
            for depth in (2, 3):
                self.assertEqual(g.perft(depth), self.perft_by_hand(g, depth), depth)
            self.assertEqual(g.history_length, 0)

    def test_hex_perft_counts_chance_outcomes_as_actions(self):
        with Hex(size=3) as g:
            self.assertEqual(g.perft(1), 21)
            self.assertEqual(g.perft(3), self.perft_by_hand(g, 3))

    def test_perft_depth_out_of_range_is_refused(self):
        with Horses() as g:
            self.assertRefused(g, lambda: g.perft(65), herd.E_ARG, "0..64")
            self.assertRefused(g, lambda: g.perft(-1), herd.E_ARG, "0..64")

    def test_ended_game_has_no_moves_to_count(self):
        with Game.from_position(HORSES_GREEN_WON) as g:
            self.assertEqual(g.perft(2), 0)
            self.assertEqual(g.perft(0), 1)


class TestComputer(ErrorChecks):
    def test_play_genmove_is_determined_by_the_seed(self):
        def game(seed):
            with Horses(w=9, seed=seed) as g:
                return [g.play_genmove() for _ in range(30)], g.position
        self.assertEqual(game(21), game(21))
        with Horses(w=9, seed=21) as a, Horses(w=9, seed=21) as b:
            a.set_position(HORSES_START)
            b.set_position(HORSES_START)
            self.assertEqual([a.play_genmove() for _ in range(20)],
                             [b.play_genmove() for _ in range(20)])

    def test_genmove_chooses_a_legal_move_without_playing_it(self):
        with Horses(seed=4) as g:
            text = g.position
            m = g.genmove()
            self.assertIn(m, g.legal())
            self.assertEqual(g.position, text)
            self.assertEqual(g.history_length, 0)

    def test_undo_after_play_genmove_rewinds_the_generator(self):
        with Horses(seed=8) as g:
            before = g.clone()
            first = g.play_genmove()
            self.assertEqual(g.history_length, 1)
            g.undo()
            self.assertTrue(g == before)
            self.assertEqual(g.play_genmove(), first)
            before.close()

    def test_level_out_of_range_is_refused(self):
        with Horses() as g:
            self.assertEqual(g.max_level, 5)
            self.assertRefused(g, lambda: g.genmove(level=6), herd.E_RANGE, "")
            self.assertRefused(g, lambda: g.play_genmove(level=6), herd.E_RANGE, "")

    def test_hex_computer_does_not_roll(self):
        with Hex() as g:
            self.assertRefused(g, g.genmove, herd.E_STATE, "")


class TestChance(ErrorChecks):
    def test_hex_outcomes_are_the_21_rolls_and_sum_to_one(self):
        with Hex(size=3) as g:
            self.assertTrue(g.is_chance)
            outcomes = g.chance_outcomes()
            self.assertEqual(len(outcomes), 21)
            self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0, places=12)
            probs = {str(m): p for m, p in outcomes}
            self.assertAlmostEqual(probs["dice:3,3"], 1 / 36)
            self.assertAlmostEqual(probs["dice:2,5"], 2 / 36)
            self.assertEqual(sorted(probs, key=str.encode), g.legal_texts())

    def test_roll_is_determined_by_the_seed(self):
        def rolls(seed):
            out = []
            with Hex(size=4, seed=seed) as g:
                for _ in range(12):
                    out.append(g.roll())
                    while not g.is_chance and g.status.result == "ongoing":
                        out.append(g.play_genmove())
            return out
        first = rolls(17)
        self.assertEqual(first, rolls(17))
        self.assertTrue(all(re.fullmatch(r"dice:[1-6],[1-6]", str(t)) for t in first
                            if str(t).startswith("dice")))

    def test_undo_after_roll_rolls_the_same_again(self):
        with Hex(seed=3) as g:
            before = g.clone()
            first = g.roll()
            self.assertFalse(g.is_chance)
            lo, hi = g.dice
            self.assertEqual(str(first), "dice:%d,%d" % (lo, hi))
            self.assertEqual(g.phase, "place")
            g.undo()
            self.assertTrue(g == before)
            self.assertEqual(g.roll(), first)
            before.close()

    def test_no_chance_event_outside_the_roll(self):
        with Hex() as g:
            g.play("dice:1,4")
            self.assertRefused(g, g.roll, herd.E_STATE, "")
            self.assertRefused(g, g.chance_outcomes, herd.E_STATE, "no chance event")
        with Horses() as g:
            self.assertFalse(g.is_chance)
            self.assertRefused(g, g.roll, herd.E_STATE, "")


class TestStatus(ErrorChecks):
    def test_new_game_is_ongoing_with_the_first_side_to_move(self):
        with Horses() as g:
            self.assertEqual(g.status, herd.Status("ongoing", "green", ""))
            self.assertEqual(g.side_to_move, "green")
            self.assertEqual(g.sides, ("green", "red"))
        with Hex() as g:
            self.assertEqual(g.status, ("ongoing", "red", ""))
            self.assertEqual(g.sides, ("red", "blue"))

    def test_green_on_the_corner_has_won(self):
        with Game.from_position(HORSES_GREEN_WON) as g:
            st = g.status
            self.assertEqual(st, herd.Status("win", "green", "corner"))
            self.assertEqual((st.result, st.side, st.reason), ("win", "green", "corner"))
            self.assertIsNone(g.side_to_move)
            self.assertEqual(g.legal(), [])
            self.assertEqual(g.legal_texts(), [])
            self.assertRefused(g, lambda: g.play("a2-b4"), herd.E_STATE, "the game is over")
            self.assertRefused(g, g.play_genmove, herd.E_STATE, "the game is over")

    def test_full_hex_board_is_won_by_the_side_with_more_stones(self):
        with Game.from_position(HEX_RED_WON) as g:
            self.assertEqual(g.status, ("win", "red", "full"))
            self.assertFalse(g.is_chance)
            self.assertEqual((g.stones("red"), g.stones("blue")), (4, 3))
            self.assertEqual(g.cell_count, 7)
            self.assertRefused(g, g.roll, herd.E_STATE, "")


class TestCloneAndLifetime(ErrorChecks):
    def test_clone_is_equal_and_independent(self):
        with Game.from_position(HORSES_START) as g:
            g.play("a1-c2")
            c = g.clone()
            self.assertIsInstance(c, Horses)
            self.assertTrue(c == g)
            self.assertEqual(c.history_length, 1)
            c.play("e4-d6")
            self.assertFalse(c == g)
            self.assertEqual(g.side_to_move, "red")
            c.undo()
            c.undo()
            self.assertEqual(c.position, HORSES_START)
            self.assertEqual(g.horse("green", 1), "c2")
            g.close()
            self.assertEqual(c.legal_texts(), HORSES_START_LEGAL)
            c.close()

    def test_equality_needs_the_same_generator_state(self):
        with Horses(seed=2) as a, Horses(seed=2) as b:
            self.assertTrue(a == b)
            b.genmove()  # draws from b's generator only
            self.assertEqual(a.position, b.position)
            self.assertFalse(a == b)
            self.assertFalse(a == Hex())
            self.assertNotEqual(a, "horses")

    def test_closing_twice_is_harmless_and_use_after_close_raises(self):
        g = Horses()
        g.close()
        g.close()
        self.assertTrue(g.closed)
        self.assertIn("closed", repr(g))
        with self.assertRaises(HerdError) as cm:
            g.legal()
        self.assertEqual(str(cm.exception), "the game is closed")
        with self.assertRaises(HerdError):
            g.position
        with Horses() as h:
            pass
        self.assertTrue(h.closed)
        h.close()

    def test_dropping_games_frees_them(self):
        for _ in range(200):
            g = Hex(size=13)
            g.clone()
        del g


class TestHorsesExtras(ErrorChecks):
    def test_horses_cells_and_lines_follow_the_position(self):
        with Game.from_position(HORSES_START) as g:
            fields = dict(f.split("=") for f in HORSES_START.split()[1:])
            for side in ("green", "red"):
                cells = fields[side].split(",")
                self.assertEqual([g.horse(side, i + 1) for i in range(6)], cells)
                for i, c in enumerate(cells):
                    self.assertEqual(g.at(c), (side, i + 1))
                expected = []
                for i in range(6):
                    for j in range(i + 1, 6):
                        (r1, c1), (r2, c2) = cell_rc(cells[i]), cell_rc(cells[j])
                        if (r2 - r1, c2 - c1) in KNIGHT:
                            expected.append((i + 1, j + 1))
                self.assertEqual(g.lines(side), expected)
                self.assertTrue(g.together(side))
            self.assertEqual(g.lines(0), g.lines("green"))
            self.assertRefused(g, lambda: g.horse("green", 7), herd.E_ARG, "no horse 7")
            self.assertRefused(g, lambda: g.at("i1"), herd.E_ARG, "not on the board")
            self.assertRefused(g, lambda: g.together("blue"), herd.E_ARG, "no side")

    def test_progress_counts_knight_moves_to_the_corner(self):
        with Game.from_position(HORSES_START) as g:
            # a1 to h8 takes six knight moves on an empty 8x8 board.
            self.assertEqual(g.progress("green")[1], 6)
            self.assertEqual(g.progress("red")[1], 6)
            # The closest horse's knight distance to the target corner.
            for side, target in (("green", (7, 7)), ("red", (0, 0))):
                best = min(knight_distance(8, 8, cell_rc(g.horse(side, i)), target)
                           for i in range(1, 7))
                self.assertEqual(g.progress(side)[0], best, side)
        with Game.from_position(HORSES_GREEN_WON) as g:
            self.assertEqual(g.progress("green"), (0, 6))
            self.assertEqual(g.progress("red")[0],
                             min(knight_distance(8, 8, cell_rc(c), (0, 0))
                                 for c in ("a2", "c3", "e4", "g5")))
        with Horses(w=30, h=20) as g:
            self.assertEqual(g.progress("red")[1], knight_distance(30, 20, (0, 0), (19, 29)))

    def test_log_line_names_the_horse_and_its_jump(self):
        with Game.from_position(HORSES_START) as g:
            g.play("f5-h4")
            self.assertEqual(g.log_line(1, "f5-h4"), "1. Green moved horse 4: f5 -> h4")
            g.play("e4-d6")
            self.assertEqual(g.log_line(2, g.parse_move("e4-d6")),
                             "2. Red moved horse 5: e4 -> d6")

    def test_history_line_is_each_entrys_log_line(self):
        with Game.from_position(HORSES_START) as g:
            g.play("f5-h4")
            g.play("e4-d6")
            self.assertEqual([g.history_line(i) for i in range(g.history_length)],
                             ["1. Green moved horse 4: f5 -> h4", "2. Red moved horse 5: e4 -> d6"])
            g.undo()
            self.assertEqual(g.history_line(0), "1. Green moved horse 4: f5 -> h4")
            with self.assertRaises(herd.HerdError) as cm:
                g.history_line(1)
            self.assertEqual(cm.exception.code, herd.E_RANGE)

    def test_options_after_reading_a_position_keep_the_seed(self):
        with Horses(w=9, seed=5) as g:
            g.set_position(HORSES_START)
            self.assertEqual(g.options, {"w": 8, "h": 8, "n": 6, "seed": 5})


class TestHexExtras(ErrorChecks):
    def test_hex_board_geometry(self):
        with Hex(size=5) as g:
            self.assertEqual(g.size, 5)
            self.assertEqual(g.cell_count, 61)
            self.assertEqual([g.row_length(r) for r in range(9)], [5, 6, 7, 8, 9, 8, 7, 6, 5])
            self.assertRefused(g, lambda: g.row_length(9), herd.E_ARG, "row 9")
            self.assertRefused(g, lambda: g.at("a6"), herd.E_ARG, "not on the board")

    def test_hex_turn_state_follows_the_actions(self):
        with Hex(size=3, seed=1) as g:
            self.assertEqual((g.phase, g.dice, g.left, g.turns), ("roll", None, 0, 0))
            g.play("dice:1,6")
            self.assertEqual((g.phase, g.dice, g.left), ("place", (1, 6), 1))
            g.play("+a1")
            self.assertEqual((g.phase, g.dice, g.left, g.turns), ("roll", None, 0, 1))
            self.assertEqual(g.side_to_move, "blue")
            self.assertEqual(g.stones("red"), 1)
            g.play("dice:2,3")  # Blue removes min(2, 1 red stone) = 1
            self.assertEqual((g.phase, g.left), ("remove", 1))
            self.assertIn("-a1", g.legal_texts())


class TestRandomGames(ErrorChecks):
    def check(self, g):
        text = g.position
        with Game.from_position(text) as copy:
            self.assertEqual(copy.position, text)
        c = g.clone()
        self.assertTrue(c == g)
        legal = g.legal()
        texts = g.legal_texts()
        self.assertEqual(len(set(legal)), len(legal))
        self.assertEqual(texts, sorted(texts))
        self.assertEqual(texts, sorted(g.move_text(m) for m in legal))
        self.assertEqual(g.status.result == "ongoing", bool(legal))
        self.assertEqual(g.perft(1), len(legal))
        history = g.history_length
        for m in legal:
            self.assertEqual(g.parse_move(g.move_text(m)), m)
            g.play(m)
            g.undo()
        self.assertTrue(c == g, "play/undo changed the game")
        self.assertEqual(g.position, text)
        self.assertEqual(g.history_length, history)
        c.close()
        if isinstance(g, Horses):
            self.assertTrue(g.together("green") and g.together("red"))
        else:
            board = text.split("board=")[1]
            self.assertEqual(g.stones("red"), board.count("r"))
            self.assertEqual(g.stones("blue"), board.count("b"))
            self.assertEqual(g.is_chance, g.phase == "roll" and bool(legal))

    def play_out(self, g, rng, max_plies, trim=None):
        """Plays random actions until the game ends or `max_plies` were
        played, checking every position. Every `trim` plies the history is
        cleared by reading the position back, so that long games do not make
        each clone copy a long history. (The game is then equal only in its
        text: a horses position read from text forgets each side's previous
        move, which the computer player's "straight back" rule keeps.)"""
        plies = 0
        while g.status.result == "ongoing" and plies < max_plies:
            self.check(g)
            history = g.history_length
            if g.is_chance and rng.random() < 0.5:
                g.roll()
            else:
                g.play(rng.choice(g.legal()))
            self.assertEqual(g.history_length, history + 1)
            plies += 1
            if trim and plies % trim == 0:
                text = g.position
                g.set_position(text)
                self.assertEqual(g.history_length, 0)
                self.assertEqual(g.position, text)
        self.check(g)
        return plies

    def test_random_horses_games_keep_the_invariants(self):
        rng = random.Random(2024)
        ended = 0
        for options in ({"w": 9, "h": 8, "n": 5, "seed": 6}, {"seed": 2}, {"n": 4, "seed": 9}):
            with Horses(**options) as g:
                self.play_out(g, rng, 3000, trim=200)
                st = g.status
                if st.result != "ongoing":
                    ended += 1
                    self.assertEqual(st.result, "win")
                    self.assertIn(st.reason, ("corner", "no-moves"))
        self.assertGreater(ended, 0, "no random game reached its end")

    def test_undo_takes_a_random_game_back_to_its_start(self):
        rng = random.Random(99)
        with Horses(w=10, seed=3) as g, Horses(w=10, seed=3) as fresh:
            plies = self.play_out(g, rng, 300)
            self.assertEqual(g.history_length, plies)
            for _ in range(plies):
                g.undo()
            self.assertTrue(g == fresh)
            self.assertEqual(g.position, fresh.position)

    def test_random_hex_game_keeps_the_invariants_to_the_end(self):
        rng = random.Random(7)
        with Hex(size=4, seed=5) as g:
            self.play_out(g, rng, 5000)
            self.assertEqual(g.status.result, "win")
            self.assertEqual(g.status.reason, "full")
            winner = g.status.side
            loser = "blue" if winner == "red" else "red"
            self.assertGreater(g.stones(winner), g.stones(loser))


if __name__ == "__main__":
    unittest.main()
