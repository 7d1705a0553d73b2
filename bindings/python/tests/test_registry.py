"""herd.games(): the library's description of its games, checked against
the games themselves (handles of every game), against the library's own
text of it (herd_game_desc_to_text) and against the herd program's `games`,
`levels` and `new` answers, another view of the same registry. Options are
checked by the library: a refused one raises with the library's message."""
import os
import random
import subprocess
import sys
import unittest
from ctypes import byref, c_char_p, c_size_t, create_string_buffer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, OptionKind  # noqa: E402
from herd import _capi as C  # noqa: E402
from herd import spiel  # noqa: E402


def setUpModule():
    herd.library()


def herd_program():
    """The herd program built or installed with the loaded library: HERD_PROGRAM,
    else programs/herd beside the library in a build tree, else bin/herd beside
    its lib/ directory; None when there is none."""
    given = os.environ.get("HERD_PROGRAM")
    if given:
        return given
    here = os.path.dirname(herd.library().path)
    for path in (os.path.join(here, "programs", "herd"),
                 os.path.join(here, os.pardir, "bin", "herd"),
                 os.path.join(here, os.pardir, os.pardir, "bin", "herd")):
        if os.access(path, os.X_OK):
            return os.path.normpath(path)
    return None


def run_program(args, **kw):
    """Runs the herd program, without the sanitizer runtime that run_tests.py
    may have preloaded for a sanitized library: a sanitized program has its
    own, and refuses a second."""
    env = dict((k, v) for k, v in os.environ.items() if k != "LD_PRELOAD")
    return subprocess.run(args, capture_output=True, text=True, timeout=60, check=True,
                          env=env, **kw)


def ask(program, *commands):
    """The answers of the herd program to the commands, one text each (the
    payload after '= ' or the whole '? ...' line)."""
    run = run_program([program], input="".join(c + "\n" for c in commands))
    answers = run.stdout.split("\n\n")
    assert answers[-1] == "", run.stdout
    return [a[2:] if a.startswith("= ") else "" if a == "=" else a for a in answers[:-1]]


def choices_text(values):
    """"13, 15 or 17", as the library's messages list choices."""
    values = [str(v) for v in values]
    return ", ".join(values[:-1]) + " or " + values[-1] if len(values) > 1 else values[0]


def other_point(desc, option):
    """A point other than the default that the game takes for `option`."""
    for row in "abcdefg":
        for col in range(1, 8):
            cell = "%s%d" % (row, col)
            if cell == option.default:
                continue
            try:
                Game(desc.name, **{option.key: cell}).close()
            except herd.HerdError:
                continue
            return cell
    raise AssertionError("%s takes no point for %s but its default" % (desc.name, option.key))


class TestDescriptions(unittest.TestCase):
    def test_one_description_per_game_in_the_librarys_order(self):
        lib = herd.library()
        games = herd.games()
        self.assertEqual(len(games), lib.c.herd_game_count())
        self.assertGreaterEqual(len(games), 5)
        names = [d.name for d in games]
        self.assertEqual(len(set(names)), len(names))
        self.assertEqual(names[:5], ["horses", "hex", "hare", "fox", "flock"])
        self.assertIs(herd.games(), games, "read once")
        for d in games:
            self.assertIs(herd.describe(d.name), d)
            self.assertTrue(d.title and d.title[0].isupper(), d.title)
        with self.assertRaises(herd.UnknownNameError) as cm:
            herd.describe("chess")
        self.assertIn("horses", str(cm.exception))

    def test_each_description_agrees_with_its_game(self):
        lib = herd.library()
        rng = random.Random(5)
        for d in herd.games():
            with self.subTest(game=d.name), Game(d.name) as g:
                self.assertIs(g.description, d)
                self.assertEqual(g.name, d.name)
                self.assertEqual(g.sides, d.sides)
                self.assertEqual(g.max_level, len(d.levels))
                self.assertEqual(g.levels, dict((l.number, l.name) for l in d.levels))
                self.assertEqual([l.number for l in d.levels], list(range(1, len(d.levels) + 1)))
                self.assertTrue(all(l.description for l in d.levels))
                self.assertIn(d.default_level, range(1, len(d.levels) + 1))
                name, description = c_char_p(), c_char_p()
                with g._using() as h:
                    self.assertEqual(lib.c.herd_max_moves(h), d.max_moves)
                    self.assertEqual(lib.c.herd_level_name(h, 0, byref(name),
                                                           byref(description)), C.OK)
                default = d.levels[d.default_level - 1]
                self.assertEqual((name.value.decode(), description.value.decode()),
                                 (default.name, default.description))
                if d.solvable:
                    self.assertIn(g.solve().winner, d.sides)
                else:
                    with self.assertRaises(herd.UnsupportedError):
                        g.solve()
                chance = most = 0
                while not g.is_over and len(g.moves) < 200:
                    chance |= g.is_chance
                    legal = g.legal()
                    most = max(most, len(legal))
                    g.play(rng.choice(legal))
                self.assertEqual(bool(chance), d.has_chance)
                self.assertLessEqual(most, d.max_moves)

    def test_the_text_is_the_librarys(self):
        lib = herd.library()
        n, buf = c_size_t(), create_string_buffer(1024)
        for i, d in enumerate(herd.games()):
            p = lib.c.herd_game_desc_at(i)
            self.assertEqual(lib.c.herd_game_desc_to_text(p, buf, len(buf), byref(n)), C.OK)
            self.assertEqual(str(d), buf.value.decode())
        self.assertFalse(lib.c.herd_game_desc_at(len(herd.games())))

    def test_descriptions_are_values(self):
        d = herd.describe("fox")
        with self.assertRaises(AttributeError):
            d.name = "wolf"
        with self.assertRaises(AttributeError):
            d.options[0].default = 15
        self.assertEqual(d.option("geese").allowed, (13, 15, 17))
        with self.assertRaises(KeyError):
            d.option("wolves")
        self.assertIs(herd.Fox.description, d)
        with self.assertRaises(AttributeError):
            Game.description


class TestOptions(unittest.TestCase):
    """Every option of every game as the library takes and refuses it."""

    def test_every_game_has_a_seed_last(self):
        for d in herd.games():
            self.assertEqual(d.options[-1].key, "seed")
            self.assertEqual(d.options[-1].allowed, range(0, C.UINT64_MAX + 1))

    def test_the_defaults_are_what_a_game_without_options_takes(self):
        for d in herd.games():
            with self.subTest(game=d.name), Game(d.name) as plain, \
                    Game(d.name, **d.defaults) as given:
                self.assertEqual(plain.save(), given.save())
                self.assertEqual(set(d.defaults), set(o.key for o in d.options))

    def test_each_allowed_value_is_taken_and_changes_the_game(self):
        for d in herd.games():
            for o in d.options:
                with self.subTest(game=d.name, option=o.key):
                    if o.kind is OptionKind.RANGE:
                        values = [o.allowed.start, o.allowed.stop - 1]
                    elif o.kind is OptionKind.CHOICE:
                        values = list(o.allowed)
                    else:
                        self.assertEqual(o.allowed, "point")
                        values = [o.default, other_point(d, o)]
                    self.assertIn(o.default, values if o.kind is not OptionKind.RANGE
                                  else o.allowed)
                    saves = set()
                    for v in values:
                        with Game(d.name, **{o.key: v}) as g:
                            saves.add(g.save())
                    self.assertEqual(len(saves), len(values), "the value changes nothing")

    def test_values_out_of_bounds_raise_the_librarys_message(self):
        for d in herd.games():
            for o in d.options:
                with self.subTest(game=d.name, option=o.key):
                    if o.kind is OptionKind.RANGE:
                        lo, hi = o.allowed.start, o.allowed.stop - 1
                        bad = [hi + 1] + ([lo - 1] if lo > 0 else [])
                        expected = ["%s=%d is out of range %d..%d" % (o.key, v, lo, hi)
                                    for v in bad]
                    elif o.kind is OptionKind.CHOICE:
                        bad = [v for v in range(o.allowed[0], o.allowed[-1] + 2)
                               if v not in o.allowed]
                        expected = ["%s=%d is not %s" % (o.key, v, choices_text(o.allowed))
                                    for v in bad]
                    else:
                        bad, expected = [], []
                    self.assertTrue(bad or o.kind is OptionKind.POINT)
                    for v, message in zip(bad, expected):
                        with self.assertRaises(herd.OptionRangeError) as cm:
                            Game(d.name, **{o.key: v})
                        self.assertEqual(str(cm.exception), message)
                    with self.assertRaises(herd.ParseError) as cm:
                        Game(d.name, **{o.key: "zz"})
                    self.assertTrue(str(cm.exception).startswith("%s=zz is not " % o.key),
                                    str(cm.exception))

    def test_a_bool_or_a_float_is_no_number(self):
        # True would be read as 1, 10.0 as the text "10.0": each is refused,
        # saying what the option takes, wherever options are taken; a bool
        # stays a flag's value (an option of 0..1).
        cases = (("horses", "w", True, "w takes a whole number in 8..30, not a bool"),
                 ("flock", "h", False, "h takes a whole number in 5..12, not a bool"),
                 ("horses", "w", 10.0, "w takes a whole number in 8..30, not a float"),
                 ("fox", "geese", True, "geese takes one of the whole numbers 13, 15, 17, "
                  "not a bool"),
                 ("hare", "start", 1.0, "start takes a cell name ('a2'), not a float"))
        for name, key, value, said in cases:
            makers = [lambda: Game(name, {key: value}), lambda: Game(name, **{key: value}),
                      lambda: herd.match(name, 1, 1, games=1, options={key: value}),
                      lambda: spiel.load_game(name, {key: value})]
            try:
                import numpy  # noqa: F401  (herd.Batch needs it)
                makers.append(lambda: herd.Batch(name, 2, **{key: value}))
            except ImportError:
                pass
            for make in makers:
                with self.assertRaises(TypeError) as cm:
                    make()
                self.assertEqual(str(cm.exception), "option %s=%r: %s" % (key, value, said))
        with Game("fox", sideways=True) as a, Game("fox", {"sideways": False}) as b:
            self.assertEqual((a.options_text(), b.options_text()),
                             ("geese=13 sideways=1 seed=0", "geese=13 sideways=0 seed=0"))

    def test_none_is_the_option_s_default(self):
        # None leaves the option out, wherever options are taken: a caller
        # passes its own optional arguments on as they are.
        default = Game("horses").options_text()
        with Game("horses", w=None) as a, Game("horses", {"w": None, "h": 9}) as b, \
                Game("horses", "w=12", w=None) as c:
            self.assertEqual([g.options_text() for g in (a, b, c)],
                             [default, default.replace("h=8", "h=9"),
                              default.replace("w=8", "w=12")])
        self.assertEqual(str(spiel.load_game("horses", {"w": None}).new_initial_state()),
                         str(spiel.load_game("horses").new_initial_state()))
        self.assertEqual(len(herd.match("horses", 1, 1, games=1, options={"w": None}).games), 1)
        try:
            import numpy  # noqa: F401  (herd.Batch needs it)
        except ImportError:
            return
        with herd.Batch("horses", 2, w=None) as b:
            self.assertEqual(b.game(0).options["w"], 8)

    def test_an_unknown_option_is_the_librarys_refusal(self):
        for d in herd.games():
            with self.assertRaises(herd.UnknownNameError) as cm:
                Game(d.name, wolves=3)
            self.assertEqual(str(cm.exception), "unknown option 'wolves': %s takes %s"
                             % (d.name, ", ".join(o.key for o in d.options)))

    def test_an_unknown_game_lists_the_games(self):
        # herd_new()'s own message names only the game asked for (the
        # protocol keeps it byte for byte); every Python way in lists them.
        listed = "unknown game 'chess'; the games are " + ", ".join(
            d.name for d in herd.games())
        self.assertTrue(listed.endswith("horses, hex, hare, fox, flock"), listed)
        makers = [lambda: Game("chess"), lambda: herd.describe("chess"),
                  lambda: Game("chess", w=9)]
        try:
            import numpy  # noqa: F401  (herd.Batch needs it)
            makers.append(lambda: herd.Batch("chess", 2))
        except ImportError:
            pass
        for make in makers:
            with self.assertRaises(herd.UnknownNameError) as cm:
                make()
            self.assertEqual(str(cm.exception), listed)
            self.assertEqual(cm.exception.code, herd.E_UNKNOWN)
        # A near miss is named, as record()'s tags are (one helper).
        games = ", ".join(d.name for d in herd.games())
        for typed, meant in (("horse", "horses"), ("HEX", "hex"), ("flok", "flock")):
            for make in (lambda: Game(typed), lambda: herd.describe(typed)):
                with self.assertRaises(herd.UnknownNameError) as cm:
                    make()
                self.assertEqual(str(cm.exception), "unknown game %r (did you mean %s?); the "
                                 "games are %s" % (typed, meant, games))
        # An unknown option of a game that exists stays the library's refusal.
        with self.assertRaises(herd.UnknownNameError) as cm:
            Game("hex", wolves=1)
        self.assertTrue(str(cm.exception).startswith("unknown option 'wolves'"))

    def test_a_point_the_board_refuses_gives_the_librarys_message(self):
        with self.assertRaises(herd.OptionRangeError) as cm:
            herd.Hare(start="a1")
        self.assertEqual(str(cm.exception), "start=a1 is not a point of the board")


class TestAgainstTheHerdProgram(unittest.TestCase):
    """The herd program answers from the same registry: its `games`, `levels`
    and refusals of `new` are the package's descriptions and messages."""

    @classmethod
    def setUpClass(cls):
        cls.program = herd_program()
        if cls.program is None:
            raise unittest.SkipTest("no herd program beside %s (set HERD_PROGRAM)"
                                    % herd.library().path)

    def test_games_is_one_line_per_description(self):
        games = ask(self.program, "games")[0]
        self.assertEqual(games.split("\n"), [str(d) for d in herd.games()])

    def test_levels_are_the_descriptions_levels(self):
        commands = []
        for d in herd.games():
            commands += ["new " + d.name, "levels"]
        answers = ask(self.program, *commands)[1::2]
        for d, levels in zip(herd.games(), answers):
            self.assertEqual(levels, " ".join("%d:%s" % (l.number, l.name) for l in d.levels))

    def test_help_names_each_game_with_its_title_sides_and_default_level(self):
        run = run_program([self.program, "--help"])
        for d in herd.games():
            self.assertIn("  %s: %s (%s against %s)\n" % (d.name, d.title, d.sides[0],
                                                          d.sides[1]), run.stdout)
            default = d.levels[d.default_level - 1]
            self.assertIn("%d:%s (default)" % (default.number, default.name), run.stdout)
            for o in d.options:
                self.assertIn(": %s\n" % o.description, run.stdout)

    def test_a_refused_option_has_the_same_message_in_both(self):
        tried = []
        for d in herd.games():
            for o in d.options:
                if o.kind is OptionKind.RANGE:
                    values = [o.allowed.stop, "x"]
                elif o.kind is OptionKind.CHOICE:
                    values = [o.allowed[-1] + 1, "x"]
                else:
                    values = ["a1", "zz", "e9"]
                for v in values:
                    tried.append((d.name, o.key, v))
        answers = ask(self.program, *["new %s %s=%s" % t for t in tried])
        for (name, key, value), answer in zip(tried, answers):
            with self.subTest(game=name, option=key, value=value):
                try:
                    Game(name, **{key: value}).close()
                    message = None
                except herd.HerdError as e:
                    message = "? " + str(e)
                if message is None:  # a point the game takes
                    self.assertFalse(answer.startswith("?"), answer)
                else:
                    self.assertEqual(answer, message)
        self.assertTrue(any(a.startswith("?") for a in answers))


if __name__ == "__main__":
    unittest.main()
