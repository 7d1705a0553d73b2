"""examples/horses_window.py under a virtual display (Xvfb): the setup, the
board, the keys of the game's description, the log and the progress bars,
each checked against the library. Skipped, with the reason, where tkinter or
Xvfb is missing (Debian: python3-tk, xvfb; tools/deps.sh installs both)."""
import os
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, os.pardir))
sys.path.insert(0, os.path.join(HERE, os.pardir, "examples"))
import herd  # noqa: E402
from herd import Horses, Side  # noqa: E402

try:
    import tkinter as tk
except ImportError:  # pragma: no cover - depends on the machine
    tk = None

SEED = 5
# Green to move can reach h8, its target corner, with g6-h8 or f7-h8.
GREEN_WINS_NEXT = ("horses w=8 h=8 turn=green green=d5,g6,e3,c4,f7,e5 "
                   "red=b3,c6,f3,d4,h4,e6")

xvfb = None
root = None
window = None


class TestWithoutDisplay(unittest.TestCase):
    """Without a display the example says what it needs, not a traceback."""

    def test_no_display_says_so_and_exits_1(self):
        if tk is None:
            self.skipTest("tkinter is missing (Debian: python3-tk)")
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        run = subprocess.run([sys.executable, os.path.join(HERE, os.pardir, "examples",
                                                           "horses_window.py")],
                             env=env, capture_output=True, text=True, timeout=120)
        self.assertEqual(run.returncode, 1, run.stderr)
        self.assertEqual(run.stdout, "")
        self.assertTrue(run.stderr.startswith("horses_window.py needs a display (set DISPLAY "
                                              "or run under xvfb-run): "), run.stderr)
        self.assertNotIn("Traceback", run.stderr)


def setUpModule():
    global xvfb, root, window
    herd.library()
    if tk is None:
        raise unittest.SkipTest("tkinter is missing (Debian: python3-tk)")
    if shutil.which("Xvfb") is None:
        raise unittest.SkipTest("Xvfb is missing (Debian: xvfb)")
    read, write = os.pipe()
    # The X server gets no sanitizer runtime that a sanitized libherd needs here.
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24",
                             "-nolisten", "tcp"], pass_fds=(write,), env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        xvfb.kill()
        xvfb.wait()
        raise unittest.SkipTest("Xvfb did not start")
    import horses_window
    window = horses_window
    root = tk.Tk(screenName=":" + number)


def tearDownModule():
    if root is not None:
        root.destroy()
    if xvfb is not None:
        xvfb.terminate()
        xvfb.wait(timeout=10)


class WindowTest(unittest.TestCase):
    def setUp(self):
        for child in root.winfo_children():
            child.destroy()
        self.app = window.HorsesWindow(root, seed=SEED, computer_delay=0)
        self.addCleanup(self.app.show_setup)
        root.update()

    def start(self, players, w=9, h=8, n=6):
        self.app.players.set(players)
        for key, value in (("w", w), ("h", h), ("n", n)):
            self.app.option_vars[key].set(value)
        self.app.start_button.invoke()
        root.update()
        self.assertTrue(self.app.game_frame.winfo_ismapped())
        return self.app.game

    def key(self, ch):
        """Presses a key as a player would (the board has the focus)."""
        self.app.board.focus_force()
        root.update()
        self.app.board.event_generate("<KeyPress>", keysym=ch)
        root.update()
        root.update()

    def tagged(self, tag):
        return self.app.board.find_withtag(tag)

    def texts(self, tag):
        return [self.app.board.itemcget(i, "text") for i in self.tagged(tag)]

    def log_rows(self):
        return [tuple(self.app.log.item(i, "values")) for i in self.app.log.get_children()]


class TestSetup(WindowTest):
    def test_setup_offers_the_options_the_library_describes(self):
        from tkinter import ttk
        options = [o for o in Horses.description.options if o.key != "seed"]
        self.assertTrue(options)
        self.assertEqual(sorted(self.app.option_vars), sorted(o.key for o in options))
        children = self.app.setup.winfo_children()
        spins = dict((str(w.cget("textvariable")), w) for w in children
                     if isinstance(w, ttk.Spinbox))
        labels = [str(w.cget("text")) for w in children if isinstance(w, ttk.Label)]
        for o in options:
            var = self.app.option_vars[o.key]
            self.assertEqual(var.get(), o.default, o.key)
            spin = spins[str(var)]
            self.assertEqual((float(spin.cget("from")), float(spin.cget("to"))),
                             (o.allowed.start, o.allowed.stop - 1), o.key)
            self.assertIn(o.description[:1].upper() + o.description[1:] + ":", labels)
        self.assertTrue(self.app.setup.winfo_ismapped())
        self.assertFalse(self.app.game_frame.winfo_ismapped())

    def test_a_value_out_of_range_is_named_by_the_library(self):
        self.app.option_vars["w"].set(31)
        self.app.start_button.invoke()
        root.update()
        self.assertEqual(self.app.setup_message.cget("text"), "w=31 is out of range 8..30")
        self.assertIsNone(self.app.game)
        self.assertTrue(self.app.setup.winfo_ismapped())


class TestBoard(WindowTest):
    def test_board_shows_what_the_library_says(self):
        g = self.start(2, w=9, h=8, n=10)
        self.assertEqual(self.texts("row-label"), list("abcdefgh"))
        self.assertEqual(self.texts("column-label"), [str(i) for i in range(1, 10)])
        self.assertEqual(len(self.tagged("cell")), 72)
        for side in g.sides:
            corner = self.tagged("corner-" + side.value)
            self.assertEqual(len(corner), 1)
            x1, y1, _, _ = self.app.board.coords(corner[0])
            r, c = g.target_coords(side)
            self.assertEqual((int((y1 - window.MARGIN) // window.CELL),
                              int((x1 - window.MARGIN) // window.CELL)), (r, c))
            self.assertEqual(self.app.board.itemcget(corner[0], "outline"),
                             window.COLOURS[side.value])
            self.assertEqual(len(self.tagged("line-" + side.value)), len(g.lines(side)))
            for i in range(1, 11):
                oval = self.tagged("horse-%s-%d" % (side.value, i))
                self.assertEqual(len(oval), 2)  # the circle and its digit
                digit = [t for t in oval if self.app.board.type(t) == "text"][0]
                self.assertEqual(self.app.board.itemcget(digit, "text"), str(i % 10))
        faded = {t for t in self.tagged("faded") if self.app.board.type(t) == "oval"}
        self.assertEqual(len(faded), 10 - len(g.movable()))
        for t in faded:
            self.assertNotEqual(self.app.board.itemcget(t, "dash"), "")
        self.assertEqual(self.app.turn_label.cget("text"), "Green to move")
        self.assertEqual(self.app.cancel_button.cget("text"), "Cancel")

    def test_progress_bars_have_the_librarys_parts_and_distance(self):
        g = self.start(2)
        bars = self.app.bars
        for side in g.sides:
            distance, parts = g.progress(side)
            items = bars.find_withtag("bar-" + side.value)
            self.assertEqual(len(items), parts)
            filled = [i for i in items if "filled" in bars.gettags(i)]
            self.assertEqual(len(filled), distance)


class TestKeys(WindowTest):
    def test_digits_select_and_letters_jump_two_players(self):
        g = self.start(2)
        movable = g.movable()
        still = [i for i in range(1, 7) if i not in movable]
        if still:
            self.key(str(still[0]))
            self.assertIsNone(self.app.selected, "a faded horse was selected")
        number = movable[0]
        self.key(str(number))
        self.assertEqual(self.app.selected, number)
        self.assertEqual(len(self.tagged("selected")), 1)
        cell = g.horse_coords("green", number)
        expected = sorted(g.moves_from(cell), key=lambda m: g.move_coords(m)[1])
        self.assertEqual(self.app.targets, expected)
        self.assertEqual(len([t for t in self.tagged("target")
                              if self.app.board.type(t) == "oval"]), len(expected))
        self.assertEqual(self.texts("target-letter"),
                         [chr(ord("a") + k) for k in range(len(expected))])
        self.key(str(number))  # again: unselected
        self.assertIsNone(self.app.selected)
        self.assertEqual(self.tagged("target"), ())
        self.key(str(number))
        self.key("a")
        self.assertEqual(g.last_move, expected[0])
        line = window.log_text(g.log_line(1, expected[0]))
        self.assertRegex(line,
                         r"^1\. Green moved horse [⓪①②③④⑤⑥⑦⑧⑨]: [a-z]\d+ → [a-z]\d+\.$")
        self.assertEqual(self.log_rows(), [(line, "")])
        self.assertEqual(self.app.turn_label.cget("text"), "Red to move")
        # Red's turn in a game of two: the keys move Red's horses.
        red = g.movable()[0]
        self.key(str(red % 10))
        self.assertEqual(self.app.selected, red)
        self.key("a")
        rows = self.log_rows()
        self.assertEqual(len(rows), 1)  # a round a row: Red's answer on the right
        self.assertEqual(rows[0][0], line)
        self.assertEqual(rows[0][1], window.log_text(g.log_line(2, g.last_move)))
        self.assertTrue(rows[0][1].startswith("2. Red moved horse "))
        green = g.movable()[0]  # the next round opens a new row on top
        self.key(str(green % 10))
        self.key("a")
        rows = self.log_rows()
        self.assertEqual(len(rows), 2)
        self.assertTrue(rows[0][0].startswith("3. Green moved horse "))
        self.assertEqual(rows[0][1], "")

    def test_one_player_the_computer_answers_as_the_library_does(self):
        g = self.start(1)
        twin = Horses(w=9, h=8, n=6, seed=SEED)
        number = g.movable()[-1]
        self.key(str(number))
        first = self.app.targets[0]
        self.key("a")
        self.assertEqual(g.history_length, 2, "the computer did not answer")
        twin.play(first)
        answer = twin.play_genmove()
        self.assertEqual(g.last_move, answer)
        self.assertEqual(g.position, twin.position)
        rows = self.log_rows()
        self.assertEqual(rows, [(window.log_text(twin.log_line(1, first)),
                                 window.log_text(twin.log_line(2, answer)))])
        self.assertEqual(self.app.turn_label.cget("text"), "Green (you) to move")
        twin.close()

    def test_a_win_ends_the_game_and_cancel_becomes_new_game(self):
        g = self.start(2, w=8, h=8, n=6)
        g.set_position(GREEN_WINS_NEXT)
        self.app.redraw()
        self.key("2")  # horse 2 stands on g6
        landing = [g.move_coords(m)[1] for m in self.app.targets]
        self.key(chr(ord("a") + landing.index((7, 7))))
        self.assertEqual(str(g.status), "win green corner")
        self.assertTrue(self.app.turn_label.cget("text").startswith("Green won"))
        self.assertEqual(self.app.cancel_button.cget("text"), "New game")
        self.key("1")
        self.assertIsNone(self.app.selected, "a horse was selected after the end")
        self.app.cancel_button.invoke()
        root.update()
        self.assertTrue(self.app.setup.winfo_ismapped())
        self.assertTrue(g.closed)

    def test_clicks_select_unselect_and_jump(self):
        g = self.start(2)

        def click(rc):
            x, y = self.app.cell_xy(rc)
            self.app.board.event_generate("<Button-1>", x=int(x), y=int(y))
            root.update()

        number = g.movable()[0]
        click(g.horse_coords("green", number))
        self.assertEqual(self.app.selected, number)
        click(g.horse_coords("green", number))
        self.assertIsNone(self.app.selected)
        click(g.horse_coords("green", number))
        target = self.app.targets[-1]
        click(g.move_coords(target)[1])
        self.assertEqual(g.last_move, target)
        self.assertIs(g.side_to_move, Side.RED)

    def test_cancel_returns_to_the_setup(self):
        g = self.start(1)
        self.app.cancel_button.invoke()
        root.update()
        self.assertTrue(self.app.setup.winfo_ismapped())
        self.assertFalse(self.app.game_frame.winfo_ismapped())
        self.assertTrue(g.closed)
        self.assertIsNone(self.app.game)


class TestLogText(unittest.TestCase):
    def test_log_lines_get_circled_digits_and_arrows(self):
        if window is None:
            self.skipTest("the window module was not loaded")
        self.assertEqual(window.log_text("3. Green moved horse 0: a3 -> b5"),
                         "3. Green moved horse ⓪: a3 → b5.")
        self.assertEqual(window.log_text("12. Red moved horse 7: h8 -> f7"),
                         "12. Red moved horse ⑦: h8 → f7.")


if __name__ == "__main__":
    unittest.main()
