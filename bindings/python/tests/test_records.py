"""Game records (herd.Record, herd.read_records(), Game.record()) and the
players' endings (Game.resign(), time_out(), agree_draw(), abandon()):
every game written, read and written again gives the same bytes, in both
forms and through files; the endings stand in the status, the record and
the game handed back; refused records say records.md's "record N, line L,
column C: what"; reading a file is lazy. Skipped with a library without
records (before 1.1)."""
import datetime
import io
import os
import pickle
import random
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd  # noqa: E402
from herd import Game, Reason, Record, Result  # noqa: E402
from test_herd import readme_section  # noqa: E402

GAMES = [("horses", {"w": 8, "h": 8, "n": 4}), ("horses", {}), ("hex", {"size": 3}),
         ("hex", {"size": 5}), ("hare", {}), ("fox", {}), ("fox", {"sideways": 1}),
         ("flock", {"w": 5, "h": 5}), ("flock", {})]


def setUpModule():
    if not herd.library().has("herd_record_from_game"):
        raise unittest.SkipTest("this libherd has no records (1.1)")


def play(game, rng, cap=300):
    """Random actions to the end or `cap` actions; returns the game."""
    for _ in range(cap):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply_action(rng.choice(legal))
    return game


def played(name, options, seed, cap=300):
    return play(Game(name, seed=seed, **options), random.Random(seed), cap)


class TestRoundTrip(unittest.TestCase):
    def test_every_game_writes_reads_and_writes_the_same_bytes(self):
        texts = []
        for name, options in GAMES:
            for seed in range(4):
                with self.subTest(game=name, options=options, seed=seed):
                    g = played(name, options, seed, cap=40 + 80 * seed)
                    r = g.record(Event="round trip", Date=datetime.date(2026, 12, 7),
                                 **{str(g.sides[0]): "Ann", str(g.sides[1]): "herd level 2"})
                    text = r.text()
                    self.assertTrue(text.endswith("\n"))
                    self.assertTrue(all(len(line) <= 80 or line.startswith("[")
                                        for line in text.splitlines()))
                    back = Record(text)
                    self.assertEqual(back.text(), text)
                    self.assertEqual(str(back), text)
                    one = r.text(one_line=True)
                    self.assertNotIn("\n", one)
                    self.assertEqual(Record(one).text(), text)
                    self.assertEqual(Record(one).text(one_line=True), one)
                    self.assertEqual(back.plies, g.history_length)
                    self.assertEqual(back.moves, g.moves)
                    self.assertEqual(back.status, g.status)
                    self.assertEqual(back.tags["Game"], name)
                    self.assertEqual(back.tags["Date"], "2026.12.07")
                    self.assertEqual(back.tags[str(g.sides[0]).capitalize()], "Ann")
                    with back.game() as end:
                        self.assertTrue(end == g)
                        self.assertEqual(end.moves, g.moves)
                    texts.append(text)
        # the same through a file of all of them, and a reader over it
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "games.hgr")
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(texts))
            self.assertEqual([r.text() for r in herd.read_records(path)], texts)
            with open(path, "rb") as f:
                self.assertEqual([r.text() for r in herd.read_records(f)], texts)
            with open(path, encoding="utf-8") as f:
                self.assertEqual([r.text() for r in herd.read_records(f)], texts)
        self.assertEqual([r.text() for r in herd.read_records(io.StringIO("\n".join(texts)))],
                         texts)

    def test_comments_clocks_and_unknown_tags_come_back(self):
        g = played("hare", {}, 3, cap=12)
        r = g.record(TimeControl="300+5", Mood="calm")
        r.set_comment(0, "before the first")
        r.set_comment(2, "a comment")
        r.set_clock(2, 297.9)  # whole seconds are written
        r.set_clock(3, 3723)
        text = r.text()
        one = r.text(one_line=True)  # the movetext may break a comment's line
        self.assertIn("{[%clk 0:04:57] a comment}", one)
        self.assertIn("{[%clk 1:02:03]}", one)
        back = Record(text)
        self.assertEqual(back.text(), text)
        self.assertEqual(back.comments, {0: "before the first", 2: "a comment"})
        self.assertEqual(back.clocks, {2: 297.0, 3: 3723.0})
        self.assertEqual(back.clock(1), None)
        self.assertEqual(back.tags["Mood"], "calm")
        self.assertEqual(list(back.tags)[-1], "Mood")  # unknown tags after the known
        r.set_comment(2, None)
        r.set_clock(2, None)
        self.assertEqual((r.comment(2), r.clock(2)), (None, None))

    def test_a_game_handed_back_records_the_same_text(self):
        g = played("flock", {"w": 5, "h": 5}, 2, cap=30)
        r = g.record(black="Ann", white="Bob", Event="club")
        r.set_comment(3, "a good one")
        back = Record(r.text())
        with back.game() as end:
            self.assertEqual(end.record().text(), r.text())
        with back.game(5) as at5:
            self.assertEqual(at5.history_length, 5)
            self.assertEqual(at5.moves, back.moves[:5])
            mid = at5.record()
            self.assertEqual(mid.tags["Black"], "Ann")
            self.assertEqual(mid.comment(3), "a good one")
            self.assertEqual(mid.plies, 5)
        with back.game(0) as start:
            self.assertEqual(start.history_length, 0)

    def test_tags_are_a_mapping_in_order(self):
        g = played("fox", {}, 1, cap=10)
        r = g.record(Event="e", geese="G", fox="F", Site="s", Zeta="z", Alpha="a")
        keys = list(r.tags)
        self.assertEqual(keys[:2], ["Game", "Start"])
        self.assertLess(keys.index("Event"), keys.index("Site"))
        self.assertLess(keys.index("Fox"), keys.index("Geese"))  # the game's side order
        self.assertEqual(keys[-2:], ["Zeta", "Alpha"])
        self.assertIn("Result", r.tags)
        self.assertEqual(r.tags.get("Nothing"), None)
        r.tags["Event"] = "other"
        del r.tags["Site"]
        self.assertEqual(r.tags["Event"], "other")
        self.assertNotIn("Site", r.tags)
        with self.assertRaises(KeyError):
            del r.tags["Site"]
        self.assertEqual(dict(r.tags)["Event"], "other")
        self.assertEqual(r.result, "*")
        self.assertIsNone(r.termination)
        self.assertEqual(r.name, "fox")

    def test_a_keyword_that_is_no_tag_is_refused_with_the_tags(self):
        g = played("hare", {}, 2, cap=6)
        before = g.record().text()
        tags = ("the tags are Event, Site, Date, Hounds, Hare, TimeControl, Library "
                "(a side's also as hounds or hare), or one of your own: a capital letter, "
                "then letters and digits (Round=3)")
        for keyword, near in (("hound", " (did you mean hounds?)"),
                              ("round", " (did you mean Round?)"),  # not hounds
                              ("event", " (did you mean Event?)"),
                              ("Timecontrol", " (did you mean TimeControl?)"),
                              ("time_control", " (did you mean TimeControl?)"),
                              ("x1", " (did you mean X1?)"), ("_x", "")):
            with self.subTest(keyword=keyword):
                with self.assertRaises(herd.ArgumentError) as cm:
                    g.record(Event="e", **{keyword: "Ann"})
                self.assertEqual(str(cm.exception), "record(%s=...): %r is not a tag%s; %s"
                                 % (keyword, keyword, near, tags))
        self.assertEqual(g.record().text(), before)
        # The standard tags, a side in either spelling, and tags of one's own.
        r = g.record(hounds="A", Hare="B", Event="e", TimeControl="60+1", Round=2, Mood7="x")
        self.assertEqual([(k, r.tags[k]) for k in ("Hounds", "Hare", "Round", "Mood7")],
                         [("Hounds", "A"), ("Hare", "B"), ("Round", "2"), ("Mood7", "x")])
        with self.assertRaisesRegex(herd.ArgumentError, "^tag Result is the game's own"):
            g.record(Result="1-0")
        # The mapping takes any key the contract allows (letters and digits).
        r.tags["mood"] = "calm"
        self.assertEqual(r.tags["mood"], "calm")

    def test_records_pickle_and_compare_as_their_text(self):
        r = played("hex", {"size": 3}, 5).record(red="R")
        copy = pickle.loads(pickle.dumps(r))
        self.assertEqual(copy, r)
        self.assertEqual(copy.text(), r.text())
        self.assertIn("hex", repr(r))


class TestEndings(unittest.TestCase):
    def test_each_ending_stands_in_the_status_the_record_and_the_game(self):
        cases = [
            (lambda g: g.resign("hare"), Result.WIN, "hounds", Reason.RESIGNED, "1-0"),
            (lambda g: g.resign(0), Result.WIN, "hare", Reason.RESIGNED, "0-1"),
            (lambda g: g.time_out("hounds"), Result.WIN, "hare", Reason.TIME, "0-1"),
            (lambda g: g.agree_draw(), Result.DRAW, None, Reason.AGREED, "1/2-1/2"),
            (lambda g: g.abandon(), Result.OVER, None, Reason.ABANDONED, "*"),
        ]
        for end, result, side, reason, tag in cases:
            with self.subTest(reason=reason, side=side):
                g = played("hare", {}, 7, cap=6)
                before, n = g.save(), g.history_length
                end(g)
                st = g.status
                self.assertEqual((st.result, st.side, st.reason), (result, side, reason))
                self.assertTrue(g.is_over)
                self.assertEqual(g.legal_actions(), [])
                self.assertEqual(g.history_length, n)  # the ending is no move
                with self.assertRaises(herd.StateError):
                    g.play(g.parse_move("a2-b1"))
                with self.assertRaises(herd.StateError):
                    g.abandon()  # already over
                r = g.record()
                self.assertEqual((r.result, r.termination), (tag, str(reason)))
                self.assertEqual(Record(r.text()).status, st)
                with Record(r.text()).game() as back:
                    self.assertEqual(back.status, st)
                copy = pickle.loads(pickle.dumps(g))  # saves carry it
                self.assertEqual(copy.status, st)
                self.assertIsNone(g.undo())  # the ending, taken back alone
                self.assertEqual(g.history_length, n)
                self.assertEqual(g.save(), before)
        self.assertEqual(str(Game("hare").status), "ongoing hounds")

    def test_bad_endings_are_refused_and_change_nothing(self):
        g = Game("hex", size=3)
        with self.assertRaises(herd.ArgumentError):
            g.resign("green")  # no side of hex
        with self.assertRaises(herd.ArgumentError):
            g.time_out(2)
        g.resign("red")  # before the dice: any moment
        self.assertEqual(str(g.status), "win blue resigned")
        with self.assertRaises(herd.StateError):
            g.resign("blue")
        g.close()
        with self.assertRaises(herd.GameClosedError):
            g.abandon()


def bad_record():
    """A hare record whose third action is not legal: its text and the line
    and column of that action."""
    g = played("hare", {}, 2, cap=4)
    text = g.record().text()
    fourth = str(g.moves[3])
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if not line.startswith("[") and line)
    lines[row] = lines[row].replace(" " + fourth, " a0-z9", 1)
    return "\n".join(lines), row + 1


class TestErrors(unittest.TestCase):
    def test_a_refused_record_says_where_and_what(self):
        text, line = bad_record()
        with self.assertRaises(herd.HerdError) as caught:
            Record(text)
        e = caught.exception
        self.assertIn(e.code, (herd.E_PARSE, herd.E_ILLEGAL))
        self.assertRegex(str(e), r"^record 1, line %d, column [0-9]+: " % line)
        self.assertEqual((e.record, e.line), (1, line))
        self.assertGreater(e.column, 1)
        for bad, code in (("", herd.E_PARSE), ("[Game \"horses\"]\n\n*\n", herd.E_PARSE),
                          ("[Game \"chess\"]\n[Start \"x\"]\n[Result \"*\"]\n\n*\n",
                           herd.E_UNKNOWN)):
            with self.subTest(text=bad), self.assertRaises(herd.HerdError) as caught:
                Record(bad)
            self.assertEqual(caught.exception.code, code)
        with self.assertRaises(herd.ParseError):
            Record("[Event \"\ud800\"]")
        with self.assertRaises(TypeError):
            Record(b"[Game \"hare\"]")

    def test_a_file_with_a_refused_record_reads_on_past_it(self):
        good = [played("hare", {}, s, cap=20).record().text() for s in (4, 5)]
        text, _ = bad_record()
        data = "\n".join([good[0], text, good[1]])
        reader = herd.read_records(io.StringIO(data))
        self.assertEqual(next(reader).text(), good[0])
        with self.assertRaisesRegex(herd.HerdError, r"^record 2, line [0-9]+, column"):
            next(reader)
        self.assertEqual(next(reader).text(), good[1])  # passed over, not stopped
        with self.assertRaises(StopIteration):
            next(reader)
        skipped = [r.text() for r in herd.read_records(io.StringIO(data), errors="skip")]
        self.assertEqual(skipped, good)
        with self.assertRaises(herd.ArgumentError):
            herd.read_records(io.StringIO(data), errors="ignore")

    def test_bad_tags_comments_and_plies_are_refused(self):
        r = played("horses", {}, 1, cap=8).record()
        text = r.text()
        for key, value, error in (("Game", "hex", herd.ArgumentError),
                                  ("Result", "1-0", herd.ArgumentError),
                                  ("Date", "yesterday", herd.ParseError),
                                  ("TimeControl", "5 minutes", herd.ParseError),
                                  ("Bad Key", "x", herd.ParseError),
                                  ("Event", "a\nb", herd.ParseError)):
            with self.subTest(key=key), self.assertRaises(error):
                r.tags[key] = value
        with self.assertRaises(TypeError):
            r.tags["Event"] = ["a"]
        with self.assertRaises(herd.ParseError):
            r.set_comment(1, "a } inside")
        with self.assertRaises(herd.ArgumentError):
            r.set_comment(9, "past the end")
        with self.assertRaises(herd.ArgumentError):
            r.set_clock(0, 10)  # a clock follows an action
        with self.assertRaises(herd.ArgumentError):
            r.game(9)
        with self.assertRaises(herd.ArgumentError):
            r.set_clock(1, -5)
        self.assertEqual(r.text(), text)  # nothing changed

    def test_a_record_over_max_bytes_stops_the_reading(self):
        long = played("horses", {}, 9, cap=400).record().text()
        short = played("hare", {}, 1, cap=5).record().text()
        reader = herd.read_records(io.StringIO(short + "\n" + long + "\n" + short),
                                   max_bytes=len(long) // 2)
        self.assertEqual(next(reader).text(), short)
        with self.assertRaises(herd.OutOfMemoryError) as caught:
            next(reader)
        self.assertIn("record 2", str(caught.exception))
        # README says which exception the limit raises.
        rows = [row for row in readme_section("Errors").splitlines() if "max_bytes" in row]
        self.assertEqual(len(rows), 1)
        self.assertTrue(rows[0].startswith("| `herd.%s` |" % type(caught.exception).__name__))
        self.assertIn("`max_bytes` (0: 1 MiB) stops the reading, with or without "
                      "`errors=\"skip\"`: it raises\n`%s`" % type(caught.exception).__name__,
                      readme_section("Records"))
        with self.assertRaises(StopIteration):
            next(reader)  # stopped there


class TestLazyReading(unittest.TestCase):
    def test_many_records_are_read_one_at_a_time(self):
        texts = [played("flock", {"w": 5, "h": 5}, s, cap=60).record(Round=s).text()
                 for s in range(50)]
        broken, _ = bad_record()
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "many.hgr")
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(texts * 40 + [broken]))
            seen = 0
            with herd.read_records(path) as reader:
                for r in reader:
                    # the broken record at the end is not read until reached
                    self.assertEqual(r.tags["Round"], str(seen % 50))
                    seen += 1
                    if seen == len(texts) * 40:
                        break
            self.assertEqual(seen, 2000)
            with self.assertRaises(StopIteration):
                next(reader)  # closed
            with self.assertRaisesRegex(herd.HerdError, "^record 2001, "):
                for r in herd.read_records(path):
                    pass
            self.assertEqual(list(herd.read_records(open(os.devnull, "rb"))), [])

    def test_bad_sources_are_refused(self):
        with self.assertRaises(TypeError):
            herd.read_records(b"[Game \"hare\"]")
        with self.assertRaises(TypeError):
            herd.read_records(42)
        with self.assertRaises(FileNotFoundError):
            herd.read_records("/nonexistent/records.hgr")


class TestMatchRecords(unittest.TestCase):
    def test_the_records_are_herd_match_rs(self):
        """herd.match(records=True) writes the records herd-match -r writes."""
        from test_match import herd_match_program
        program = herd_match_program()
        if program is None:
            self.skipTest("no programs/herd-match beside %s (set HERD_MATCH)"
                          % herd.library().path)
        m = herd.match("hex", 2, 1, games=4, workers=1, records=True, options="size=3")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "c.hgr")
            env = dict((k, v) for k, v in os.environ.items() if k != "LD_PRELOAD")
            import subprocess
            subprocess.run([program, "hex", "2", "1", "-n", "4", "-o", "size=3", "-r", path],
                           capture_output=True, timeout=120, check=True, env=env)
            self.assertEqual([r.text() for r in herd.read_records(path)],
                             [r.text() for r in m.records()])

    def test_a_match_keeps_each_games_record(self):
        m = herd.match("hare", 2, 1, games=4, workers=1, records=True)
        records = m.records()
        self.assertEqual(len(records), 4)
        for game, r in zip(m.games, records):
            self.assertEqual(r.tags["Round"], str(game.index + 1))
            self.assertEqual(r.plies, game.actions)
            self.assertEqual(r.tags[game.a_side.capitalize()], "herd level 2 (club)")
            self.assertEqual(r.termination, game.reason)
        plain = herd.match("hare", 2, 1, games=4, workers=1)
        self.assertEqual(plain.results(), m.results())
        with self.assertRaises(herd.ArgumentError):
            plain.records()
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "match.hgr")
            m.write_records(path)
            self.assertEqual([r.text() for r in herd.read_records(path)],
                             [r.text() for r in records])


if __name__ == "__main__":
    unittest.main()
