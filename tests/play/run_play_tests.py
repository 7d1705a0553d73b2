#!/usr/bin/env python3
"""herd-play in a pseudo-terminal: a scripted session per game.

usage: run_play_tests.py HERD_PLAY GAME [HERD]

GAME is horses, hex, hare, fox, flock (each in its own view; hare also
in the plain view), plain (hex in the plain view of --plain), setup (the
setup screen of every game against the library's registry), or cli
(--help and --version, without a terminal). The program runs in a
detached tmux session of 80x24; the script types keys and reads the screen
(tmux capture-pane), from the setup screen to the end of a game against the
computer, and checks what the screen shows at the key moments. setup and
cli compare herd-play with the registry as the herd program HERD answers
it (`games`, `levels`, `--help`, the refusals of `new`), so they need it.
Exits 77 (skipped) when tmux is missing.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77
# The top line at a game's end: the library's sentence (herd_result_text()).
END_LINE = r"^.*: (.* wins?|a draw)\.|^The players agreed a draw\.|^The game was abandoned"


class Failure(Exception):
    pass


class Screen:
    """herd-play running in its own tmux server."""

    count = 0

    def __init__(self, program, args, cols=80, rows=24):
        Screen.count += 1
        self.socket = "herd-play-test-%d-%d" % (os.getpid(), Screen.count)
        self.tmux = ["tmux", "-L", self.socket, "-f", os.devnull]
        command = " ".join(shlex.quote(a) for a in [program] + args)
        env = "env LANG=C.UTF-8 LC_ALL=C.UTF-8 "
        subprocess.run(self.tmux + ["new-session", "-d", "-s", "play", "-x", str(cols),
                                    "-y", str(rows), env + command], check=True)

    def close(self):
        subprocess.run(self.tmux + ["kill-server"], stderr=subprocess.DEVNULL)

    def text(self):
        out = subprocess.run(self.tmux + ["capture-pane", "-p", "-t", "play"],
                             capture_output=True, text=True)
        return out.stdout

    def keys(self, *keys):
        for k in keys:
            subprocess.run(self.tmux + ["send-keys", "-t", "play", k], check=True)

    def type(self, text):
        subprocess.run(self.tmux + ["send-keys", "-t", "play", "-l", text], check=True)

    # A wait returns as soon as the screen shows what it waits for, so its
    # limit only bounds a failure: generous, for a machine that is busy.
    WAIT = 30.0

    def wait(self, pattern, timeout=WAIT, what=None):
        """Waits until the screen matches the regular expression; returns it."""
        end = time.time() + timeout
        while True:
            screen = self.text()
            if re.search(pattern, screen, re.M):
                return self.settled(screen)
            if time.time() > end:
                raise Failure("%s: the screen never showed /%s/; it shows:\n%s"
                              % (what or "wait", pattern, screen))
            time.sleep(0.03)

    def settled(self, screen, timeout=2.0):
        """The screen once the program has finished drawing it: the same in
        two captures a moment apart (a capture may catch a redraw midway)."""
        end = time.time() + timeout
        while time.time() < end:
            time.sleep(0.05)
            again = self.text()
            if again == screen:
                break
            screen = again
        return screen

    def wait_until(self, fault, timeout=WAIT, what=None):
        """Waits until fault(screen) is None, the screen as a test expects it
        whole: a busy machine may show a screen in the middle of its
        drawing, or one that still shows the answer to the keys before,
        for any time; a test that reads what it waits for is not misled by
        either. Returns the screen; past the limit, fails with the last
        fault."""
        end = time.time() + timeout
        while True:
            screen = self.text()
            why = fault(screen)
            if why is None:
                return screen
            if time.time() > end:
                raise Failure("%s: %s\n%s" % (what or "wait", why, screen))
            time.sleep(0.03)

    def wait_gone(self, text, timeout=WAIT, what=None):
        """Waits until the screen no longer shows the text."""
        end = time.time() + timeout
        while text in self.text():
            if time.time() > end:
                raise Failure("%s: the screen still shows %r:\n%s"
                              % (what or "wait", text, self.text()))
            time.sleep(0.03)

    def click(self, x, y):
        """A left-button press and release at a 0-based screen cell, as a
        terminal reports them (the X10 mouse sequences that tmux passes on)."""
        at = chr(33 + x) + chr(33 + y)
        self.type("\033[M" + chr(32) + at + "\033[M" + chr(32 + 3) + at)

    def resize(self, cols, rows):
        subprocess.run(self.tmux + ["resize-window", "-t", "play", "-x", str(cols),
                                    "-y", str(rows)], check=True)

    def line(self, n):
        lines = self.text().split("\n")
        return lines[n] if n < len(lines) else ""


def check(cond, message, screen=""):
    if not cond:
        raise Failure(message + ("\n" + screen if screen else ""))


def passed(what):
    print("ok   " + what)


def start(program, args, game):
    """Starts herd-play at its setup screen for the game."""
    s = Screen(program, args)
    s.wait_until(lambda screen: None if "Enter starts the game" in screen and
                 re.search(r"Game\s+< %s >" % game, screen, re.M) else
                 "the setup screen naming the game", what="setup screen")
    passed("setup screen shows %s" % game)
    return s


def finish_by_hints(s, limit=400):
    """Plays the person's moves with Hint then Enter until the game ends;
    the computer answers each. Returns the final screen."""
    for _ in range(limit):
        screen = s.wait(r"\(you\)|" + END_LINE, what="turn or end")
        if re.search(END_LINE, screen, re.M):
            return screen
        s.keys("?")
        s.wait(r"Hint: \S+ \(Enter plays it\)", what="hint")
        before = s.text()
        s.keys("Enter")
        end = time.time() + Screen.WAIT
        while s.text() == before and time.time() < end:
            time.sleep(0.03)
    raise Failure("no end after %d moves:\n%s" % (limit, s.text()))


# ----------------------------------------------------------- Herd of Horses

# Green's horse 3 on f7 may jump to h8 (horse 4 on g6 holds the herd
# together); horse 1 on c6 moves first, and after the computer's answer
# (seeded: the same on every run) the corner is still open.
HORSES_NEAR_END = "horses w=8 h=8 turn=green green=c6,e5,f7,g6 red=b5,a3,d4,d6"
BOARD_X = 3  # the first cell's column; a cell is 3 columns, its content in the middle


def horses_cell(screen, cell):
    """The character drawn in the middle of a board cell ('h8')."""
    row, col = cell[0], int(cell[1:])
    for line in screen.split("\n"):
        if line.startswith(row + " "):
            return line[BOARD_X + 3 * (col - 1) + 1]
    raise Failure("row %s is not on the screen:\n%s" % (row, screen))


def test_horses(program):
    s = start(program, ["horses", "--position=" + HORSES_NEAR_END], "horses")
    try:
        screen = s.text()
        check("Starts from the position given" in screen, "the setup shows the position", screen)
        s.keys("Enter")
        screen = s.wait(r"^Green to move \(you\)", what="game start")
        check(re.search(r"^ +1  2  3  4  5  6  7  8", screen, re.M), "column numbers", screen)
        check(re.search(r"^h .*\[.\]$", screen, re.M), "the target corner h8 outlined", screen)
        check("Progress" in screen and "Green [" in screen and "Red   [" in screen,
              "two progress bars", screen)
        passed("board with row letters, column numbers, target corner, progress bars")

        # Horse 2 on e5 holds the herd together: refused, and faded.
        check(horses_cell(screen, "e5") == "2", "horse 2 on e5", screen)
        s.keys("2")
        screen = s.wait(r"Refused: horse 2 cannot move now", what="refused horse")
        check(":2:" in screen, "a horse that cannot move is drawn faded :2:", screen)
        s.keys("7")
        s.wait(r"Refused: there is no horse 7", what="no horse 7")
        s.keys("b")
        s.wait(r"Refused: select a horse first", what="letter without selection")
        passed("refused keys: a faded horse, a missing horse, a letter without a horse")

        # A click on horse 1 (c6) selects it, a second click unselects it.
        s.click(BOARD_X + 3 * 5 + 1, 2 + 2)
        s.wait(r"\(1\)", what="horse 1 clicked")
        s.click(BOARD_X + 3 * 5 + 1, 2 + 2)
        s.wait_gone("(1)", what="horse 1 clicked again")
        passed("a mouse click selects a horse, a second one unselects it")

        # Horse 1 on c6: its targets are lettered in reading order.
        s.keys("1")
        screen = s.wait(r"\(1\)", what="horse 1 selected")
        letters = [(horses_cell(screen, c), c) for c in ("a5", "a7", "b4", "b8", "d4", "d8", "e7")
                   if horses_cell(screen, c).isalpha()]
        order = [l for l, _ in letters]
        check(order == [chr(ord("a") + i) for i in range(len(order))] and len(order) >= 1,
              "targets lettered a, b, ... in reading order: %s" % letters, screen)
        target = dict((c, l) for l, c in letters)
        check("d8" in target, "d8 is a target of horse 1", screen)
        s.keys("z")
        s.wait(r"Refused: horse 1 has no target z", what="refused letter")
        passed("selection letters %s; a letter beyond them refused" % "".join(order))

        s.keys(target["d8"])
        screen = s.wait(r"2\. Red moved horse .* \u2192 .*\.", what="the computer's reply")
        check(re.search(r"1\. Green moved horse \u2460: c6 \u2192 d8\.", screen),
              "the moves log in the seed's wording", screen)
        check(screen.find("2. Red moved") < screen.find("1. Green moved"), "newest first", screen)
        screen = s.wait(r"^Green to move \(you\)", what="green again")
        passed("moves log: '1. Green moved horse \u2460: c6 \u2192 d8.' under Red's reply")

        # Undo takes back Red's reply and Green's move; the same move again.
        s.keys("U")
        screen = s.wait(r"Taken back", what="undo")
        check("Green moved" not in screen and horses_cell(screen, "c6") == "1",
              "undo restores the start", screen)
        s.keys("1", target["d8"])
        screen = s.wait(r"2\. Red moved", what="replayed")
        check(log_numbers(screen) == [2, 1] and "1. Green moved horse \u2460: c6 \u2192 d8." in screen,
              "the log after undo: the history's lines 2 and 1, once each", screen)
        passed("Undo takes back the computer's reply and the person's move; the log follows")

        # The horse that can reach h8 wins.
        for digit in "1234":
            s.keys(digit)
            screen = s.wait(r"\(%s\)|Refused: horse %s" % (digit, digit), what="horse " + digit)
            letter = horses_cell(screen, "h8")
            if letter.isalpha() and letter.islower():
                s.keys(letter)
                break
            if "(" + digit + ")" in screen:
                s.keys(digit)  # unselect
                s.wait_gone("(%s)" % digit, what="unselected")
        screen = s.wait(r"^Green reached its target corner: Green wins\.", what="winner line")
        check("Esc new game" in screen and "U undo" in screen, "Cancel became New game", screen)
        won = log_numbers(screen)
        check(won[:2] == [won[0], won[0] - 1], "the log numbers the winning move", screen)
        # Undo after the end takes back the winning move, and it can be played again.
        s.keys("U")
        screen = s.wait(r"Taken back", what="undo after the end")
        check("Green wins" not in screen, "undo after the end reopens the game", screen)
        check(log_numbers(screen)[0] == won[0] - 1, "undo takes the winning move's line back",
              screen)
        s.keys(digit, letter)
        screen = s.wait(r"^Green reached its target corner: Green wins\.", what="winner line again")
        check(log_numbers(screen)[:2] == won[:2], "the winning move's line again", screen)
        passed("Undo after the end takes back the winning move")
        s.keys("Escape")
        s.wait(r"Enter starts the game", what="back to setup")
        passed("winner line, then Esc returns to the setup")
    finally:
        s.close()


def test_horses_setup(program):
    s = start(program, ["horses", "w=8"], "horses")
    try:
        s.keys("Down")  # Board width, 8
        s.keys("Left")
        s.wait(r"Refused: w=7 is out of range 8\.\.30", what="out of range")
        check(re.search(r"^  w\s+< 8 >", s.text(), re.M), "the value stays", s.text())
        s.type("31")
        s.wait(r"Refused: w=31 is out of range", what="typed out of range")
        s.keys("Down")
        screen = s.wait(r"^  w\s+< 8 >", what="typed value reverted")
        passed("setup refuses values out of range on the spot")
    finally:
        s.close()


def test_horses_sizes(program):
    s = start(program, ["horses", "w=30", "h=20", "n=10"], "horses")
    try:
        s.keys("Enter")
        screen = s.wait(r"The terminal is 80x24: this board needs at least \d+x24\.",
                        what="too small")
        need = int(re.search(r"at least (\d+)x24", screen).group(1))
        passed("80x24 is too small for 30x20: it says it needs %dx24" % need)
        s.resize(need, 24)
        screen = s.wait(r"^Green to move \(you\)", what="redrawn after resize")
        check(re.search(r"^t .*\[.\]", screen, re.M), "row t, the last of 20, with its corner",
              screen)
        check(" 29 30 " in s.line(1), "columns numbered up to 30", screen)
        tenth = [l for l in screen.split("\n")
                 if re.match(r"^[a-t] ", l) and re.search(r"[ :(\[]0[ :)\]]", l[2:])]
        check(len(tenth) == 2, "each herd's tenth horse shows the digit 0", screen)
        passed("after the resize to %dx24 the 30x20 board is drawn" % need)
    finally:
        s.close()


# ------------------------------------------------------------------- hex

def test_hex(program):
    # Seed 5 rolls 4 and 5 first: Red places 4 stones (the balancing rule).
    s = start(program, ["hex", "size=2", "seed=5"], "hex")
    try:
        s.keys("Down", "Left")
        s.wait(r"Refused: size=1 is out of range 2\.\.13", what="size refused")
        s.keys("Enter")
        screen = s.wait(r"\(you\)", what="game start")
        check(re.search(r"Dice: \d and \d", screen), "the dice", screen)
        check(re.search(r"Placements left: \d", screen), "placements left", screen)
        check("+" in screen.split("\n")[2] + screen.split("\n")[3], "legal cells marked +",
              screen)
        passed("hex board: dice, placements left, legal cells marked")
        s.type("c9")
        s.keys("Enter")
        s.wait(r"Refused: c9 is no cell of this board", what="refused cell")
        passed("a cell name that is no cell is refused")
        check("Placements left: 4" in s.text(), "Red's first turn places the lower die, 4",
              s.text())
        s.type("a1")
        s.keys("Enter")
        s.wait(r"Placements left: 3", what="a1 placed")
        s.type("a1")
        s.keys("Enter")
        screen = s.wait(r"^Refused: .*a1", what="a1 again")
        passed("placing on a1 twice: " + screen.split("\n")[-3].strip())
        s.keys("U")
        s.wait(r"Placements left: 4", what="undo the placement")
        passed("Undo takes back the placement")
        screen = finish_by_hints(s)
        check(re.search(r"^The board is full and (Red|Blue) has more stones: (Red|Blue) wins\.", screen, re.M), "winner line",
              screen)
        check(re.search(r"Stones: Red \d+, Blue \d+, empty 0", screen), "full board", screen)
        passed("hex game ends: " + screen.split("\n")[0].strip())
    finally:
        s.close()


# ------------------------------------------------- the hunt games, flock

HUNT_X, HUNT_Y, HUNT_DX, HUNT_DY = 3, 2, 4, 2  # play_hunt.c: where point a1 is, the spacing
FLOCK_X, FLOCK_Y, FLOCK_DX = 3, 2, 4  # play_flock.c at 80 columns: a cell is "B2  "


def grid_char(screen, cell, x0, y0, dx, dy, width=1):
    """The character(s) drawn on a board cell ('c2'), by its place on the screen."""
    row, col = ord(cell[0]) - ord("a"), int(cell[1:]) - 1
    lines = screen.split("\n")
    line = lines[y0 + dy * row] if y0 + dy * row < len(lines) else ""
    x = x0 + dx * col
    return line[x:x + width].ljust(width)


def hunt_char(screen, cell):
    return grid_char(screen, cell, HUNT_X, HUNT_Y, HUNT_DX, HUNT_DY)


def flock_text(screen, cell):
    return grid_char(screen, cell, FLOCK_X, FLOCK_Y, FLOCK_DX, 1, 2)


HARE_POINTS = ["a2", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3", "e2"]
FOX_POINTS = [r + str(c) for r in "abcdefg" for c in range(1, 8)
              if r in "cde" or c in (3, 4, 5)]


def marked(screen, points, char_of, mark="*"):
    """The points drawn as targets."""
    return sorted(p for p in points if char_of(screen, p) == mark)


def top_line(screen):
    """The top line without the game's title at its right."""
    return re.split(r"\s{2,}", screen.split("\n")[0].strip())[0]


def choose(s, cell):
    """Types a cell's name and presses Enter."""
    s.type(cell)
    s.keys("Enter")


def test_hare(program):
    s = start(program, ["hare", "--level=1", "seed=2"], "hare")
    try:
        check(re.search(r"^  seed\s+< 2 >", s.text(), re.M), "the setup shows the seed", s.text())
        s.keys("Enter")
        screen = s.wait(r"^Hounds to move \(you\)", what="game start")
        check([hunt_char(screen, p) for p in ("a2", "d1", "d3", "e2")] == ["@", "H", "H", "H"],
              "the hare on a2, the hounds on d1, d3, e2", screen)
        check(re.search(r"\u2572|\\", s.line(HUNT_Y + 3)), "the diagonal b1-c2 drawn", screen)
        check("Stall count: 0 of 10" in screen and "stalling in 10" in screen,
              "the stall count and the moves left before stalling", screen)
        passed("hare board: pieces, lines, stall count 0 of 10")

        choose(s, "c2")
        s.wait(r"^Refused: c2 holds no hound\.", what="an empty point chosen")
        choose(s, "d1")
        screen = s.settled(s.wait(r"^c .*\*", what="d1 chosen"))
        got = marked(screen, HARE_POINTS, hunt_char)
        check(got == ["c1", "c2", "d2"], "the hound on d1 may go to c1, c2, d2: %s" % got, screen)
        passed("the hound on d1 chosen: its targets c1, c2, d2 marked")
        choose(s, "b1")
        screen = s.wait(r"^Refused: d1-b1 is not a step along a line", what="refused move")
        check(marked(screen, HARE_POINTS, hunt_char) == ["c1", "c2", "d2"],
              "the choice stays after a refusal", screen)
        passed("d1-b1 refused with the library's message; the choice stays")

        choose(s, "d2")  # sideways: the stall count goes up
        screen = s.wait(r"^Hounds to move \(you\)", what="after the hare's reply")
        screen = s.wait(r"Stall count: 1 of 10", what="stall count 1")
        check("stalling in 9" in screen, "nine moves left before stalling", screen)
        check(re.search(r"1\. Hounds: d1-d2", screen), "the log names the move", screen)
        reply = re.search(r"2\. Hare: (\w+)-(\w+)", screen)
        check(reply and hunt_char(screen, reply.group(1)) == "o"
              and hunt_char(screen, reply.group(2)) == "@",
              "the last move shown: o where the hare left, @ where it went", screen)
        passed("a sideways move: stall count 1 of 10, the hare wins by stalling in 9; "
               "the hare's reply %s-%s shown" % reply.groups())

        # Hint, then Undo: the board is the one before the move.
        before = dict((p, hunt_char(screen, p)) for p in HARE_POINTS)
        s.keys("?")
        screen = s.wait(r"Hint: (\S+) \(Enter plays it\)", what="hint")
        hint = re.search(r"Hint: (\S+) \(Enter", screen).group(1)
        check(hunt_char(screen, hint.split("-")[1]) == "*" and "3. Hounds" not in screen,
              "the hint's target marked, nothing played", screen)
        s.keys("Enter")
        screen = s.wait(r"3\. Hounds: %s" % re.escape(hint), what="the hint played")
        screen = s.wait(r"4\. Hare: ", what="the computer's reply")
        s.keys("U")
        screen = s.wait(r"Taken back", what="undo")
        after = dict((p, hunt_char(screen, p)) for p in HARE_POINTS)
        check(after == before, "after Undo the board is the one before the move: %s, %s"
              % (before, after), screen)
        check("3. Hounds" not in screen and "2. Hare" in screen, "the log too", screen)
        passed("Hint %s played with Enter; Undo restores the board before it" % hint)

        screen = finish_by_hints(s)
        check(re.search(r"^(The hare got below every hound: the hare wins|The hounds went ten "
                        r"moves without going up: the hare wins|The hounds have no move "
                        r"left: the hare wins|The hare is trapped: the hounds win)\.", screen, re.M), "winner line with its reason", screen)
        passed("hare game ends: " + top_line(screen))
    finally:
        s.close()


# The fox on d4 can jump d5 to d6, then e5 to f4, then e4 back to d4 (the
# point it left is empty during the chain); or e4 to f4, e5 to d6, d5 to d4.
FOX_CHAIN = "fox turn=fox chain=0 sideways=0 fox=d4 geese=b3,d5,e4,e5,g3,g4,g5"
# The same after d4-d6: the fox on d6 in its chain, with the jump to f4.
FOX_IN_CHAIN = "fox turn=fox chain=1 sideways=0 fox=d6 geese=b3,e4,e5,g3,g4,g5"
# A chain where level 3 hints stop (the herd program's `hint 3` says so)
# rather than the jump c5-a5 into the top row.
FOX_STOP_HINT = ("fox turn=fox chain=1 sideways=0 fox=c5 "
                 "geese=b5,c3,c7,d1,d2,d4,d5,e1,e3,e5,e6,e7,g3,g5")
CHAIN_LINE = "Fox in a chain: jump on or stop"


def log_actions(screen, side):
    """The actions of one side in the moves log, oldest first."""
    got = re.findall(r"(\d+)\. %s: (\S+)" % side, screen)
    return [a for _, a in sorted(got, key=lambda e: int(e[0]))]


def test_fox(program):
    s = start(program, ["fox", "--level=1", "seed=3"], "fox")
    try:
        check(re.search(r"^  seed\s+< 3 >", s.text(), re.M), "the setup shows the seed", s.text())
        passed("the setup lists the seed option, seed=3 taken from the command line")
        s.keys("Enter")
        screen = s.wait(r"^Fox to move \(you\)", what="game start")
        check(hunt_char(screen, "d4") == "F" and hunt_char(screen, "g5") == "G", "fox and geese",
              screen)
        check("Geese left: 13" in screen and "The fox wins with 10 more captures" in screen,
              "geese left and the captures the fox needs", screen)
        check(s.line(23).startswith("arrows, Enter pick & move, S stop "),
              "the keys line names S", screen)
        passed("fox board: geese left 13, the fox needs 10 captures; the keys line names S stop")
        s.keys("U")
        screen = s.wait(r"^Nothing to undo\.", what="undo at the start")
        check(hunt_char(screen, "d4") == "F" and "Geese left: 13" in screen, "the board stays",
              screen)
        passed("Undo at the start: 'Nothing to undo.'")
        s.keys("S")
        screen = s.wait(r"^Refused: stop ends a jump chain, and the fox is in none",
                        what="stop out of a chain")
        check(hunt_char(screen, "d4") == "F" and "1. Fox" not in screen, "nothing played",
              screen)
        passed("S out of a chain: refused with the library's message")
        s.resize(60, 20)
        s.wait(r"The terminal is 60x20: this board needs at least \d+x24\.", what="too small")
        s.resize(80, 24)
        screen = s.wait(r"^Fox to move \(you\)", what="redrawn after resize")
        check(hunt_char(screen, "d4") == "F", "the board again", screen)
        passed("resized to 60x20 it says the board needs more; back at 80x24 it redraws")
        s.click(HUNT_X + HUNT_DX * 4, HUNT_Y + HUNT_DY * 4)  # e5: a goose, not the fox's
        s.wait(r"^Refused: e5 holds no fox\.", what="a goose clicked")
        passed("a click on a goose: refused, the fox is to move")
        choose(s, "d4")
        screen = s.settled(s.wait(r"^c .*\*", what="fox chosen"))
        got = marked(screen, FOX_POINTS, hunt_char)
        check(got == ["c3", "c4", "c5", "d3", "d5"], "the fox's steps marked: %s" % got, screen)
        passed("the fox chosen: its steps c3, c4, c5, d3, d5 marked")
        choose(s, "f4")
        s.wait(r"^Refused: f4 is occupied", what="refused jump")
        passed("d4-f4 refused with the library's message")
        screen = finish_by_hints(s)
        check(re.search(r"^.*: the (fox wins|geese win)\.", screen, re.M), "winner line", screen)
        passed("fox game from the start ends: " + top_line(screen))
    finally:
        s.close()

    s = start(program, ["fox", "--level=1", "--position=" + FOX_CHAIN], "fox")
    try:
        s.keys("Enter")
        screen = s.wait(r"^Fox to move \(you\)", what="game start")
        check("Geese left: 7" in screen and "4 more captures" in screen, "7 geese", screen)
        s.keys("?")
        screen = s.wait(r"Hint: (\S+) \(Enter plays it\)", what="hint")
        hint = re.search(r"Hint: (\S+) \(Enter", screen).group(1).split("-")
        check(hint in (["d4", "d6"], ["d4", "f4"]), "the hint is one hop: %s" % hint, screen)
        check(hunt_char(screen, hint[1]) == "*" and hunt_char(screen, "d4") == "F" and
              "1. Fox" not in screen and CHAIN_LINE not in screen,
              "the hop's landing marked, nothing played", screen)
        passed("the hint is one hop, %s, drawn as the fox and its landing" % "-".join(hint))
        s.keys("BSpace")  # unchooses the hinted fox
        choose(s, "d4")
        screen = s.settled(s.wait(r"^c .*\*", what="fox chosen"))
        got = marked(screen, FOX_POINTS, hunt_char)
        check(got == ["c3", "c4", "c5", "d3", "d6", "e3", "f4"],
              "the fox's steps and jumps marked: %s" % got, screen)
        choose(s, "d6")
        screen = s.wait(r"1\. Fox: d4-d6$", what="the first hop played at once")
        screen = s.wait(re.escape(CHAIN_LINE), what="the chain state")
        check(re.search(r"^Fox to move \(you\)", screen, re.M) and "2. Geese" not in screen,
              "the fox keeps the turn", screen)
        check("Hops: d4-d6, 1 taken" in screen and "Geese left: 6" in screen,
              "the hop and its capture", screen)
        check(hunt_char(screen, "d5") == "x" and hunt_char(screen, "d6") == "F",
              "the goose jumped marked x, the fox on d6", screen)
        check(marked(screen, FOX_POINTS, hunt_char) == ["f4"], "only the further jump f4",
              screen)
        passed("the hop d4-d6 played at once: in a chain, one goose taken, the jump to f4 marked")
        choose(s, "c6")
        s.wait(r"^Refused: the fox is in a jump chain: it may only jump on from d6 or stop",
               what="a step in the chain")
        passed("a step in the chain: refused with the library's message")
        s.keys("?")
        screen = s.wait(r"Hint: d6-f4 \(Enter plays it\)", what="the hint in the chain")
        s.keys("Enter")
        screen = s.wait(r"Hops: d4-d6 d6-f4, 2 taken", what="the second hop")
        check("2. Fox: d6-f4" in screen and "Geese left: 5" in screen and CHAIN_LINE in screen,
              "two hops, still in a chain", screen)
        check(marked(screen, FOX_POINTS, hunt_char) == ["d4"],
              "the next jump is to d4, where the fox started", screen)
        check(hunt_char(screen, "e5") == "x" and hunt_char(screen, "f4") == "F",
              "the second goose marked x, the fox on f4", screen)
        passed("the hinted hop d6-f4 played with Enter: two hops shown, next d4")
        s.keys("BSpace")
        screen = s.wait(r"^Took back d6-f4\.", what="a hop taken back")
        check("Hops: d4-d6, 1 taken" in screen and "2. Fox" not in screen and
              "Geese left: 6" in screen and hunt_char(screen, "d6") == "F" and
              marked(screen, FOX_POINTS, hunt_char) == ["f4"], "back on d6 in the chain", screen)
        check(grid_char(screen, "d6", HUNT_X - 1, HUNT_Y, HUNT_DX, HUNT_DY) == "[",
              "the cursor on the fox on d6", screen)
        passed("Backspace takes back the hop d6-f4: the fox on d6, in its chain")
        choose(s, "f4")
        s.wait(r"Hops: d4-d6 d6-f4, 2 taken", what="the second hop again")
        choose(s, "f4")  # Enter on the fox: stop
        screen = s.wait(r"3\. Fox: stop", what="stop")
        screen = s.wait(r"4\. Geese: ", what="the geese's reply")
        screen = s.wait(r"^Fox to move \(you\)", what="the fox's next turn")
        check(CHAIN_LINE not in screen and "Hops:" not in screen and "Geese left: 5" in screen,
              "the chain is over, two geese taken", screen)
        passed("Enter on the fox plays stop after two hops; the geese answer")
        s.keys("U")
        screen = s.wait(r"Taken back", what="undo the turn")
        check("Geese left: 7" in screen and hunt_char(screen, "d4") == "F" and
              all(hunt_char(screen, p) == "G" for p in ("d5", "e4", "e5")) and
              "1. Fox" not in screen and CHAIN_LINE not in screen,
              "U takes back the geese's reply, stop and both hops", screen)
        passed("U takes back the whole turn: both hops, stop and the geese's reply")
        choose(s, "d4")
        s.settled(s.wait(r"^c .*\*", what="fox chosen again"))
        choose(s, "d6")
        s.wait(re.escape(CHAIN_LINE), what="in a chain again")
        s.keys("S")
        screen = s.wait(r"2\. Fox: stop", what="S stops")
        screen = s.wait(r"3\. Geese: ", what="the geese's reply")
        check("Geese left: 6" in screen and CHAIN_LINE not in screen, "one hop, then stop",
              screen)
        passed("S stops the chain after one hop: d4-d6, stop")

        screen = finish_by_hints(s)
        check(re.search(r"^(Fewer than four geese are left: the fox wins|The geese have no move "
                        r"left: the fox wins|The fox is trapped: the geese win)\.", screen, re.M),
              "winner line with its reason", screen)
        passed("fox game ends: " + top_line(screen))
    finally:
        s.close()


def test_fox_computer(program):
    """The computer plays the fox: it keeps playing while in its chain."""
    s = start(program, ["fox", "--level=1", "--side=2", "--position=" + FOX_CHAIN], "fox")
    try:
        s.keys("Enter")
        screen = s.wait(r"^Geese to move \(you\)", what="the computer's whole turn")
        hops = log_actions(screen, "Fox")
        path = [h.split("-") for h in hops]
        check(len(hops) == 3 and path[0][0] == "d4" and path[-1][1] == "d4" and
              all(a[1] == b[0] for a, b in zip(path, path[1:])),
              "three hops in a row from d4 back to d4: %s" % hops, screen)
        check("Geese left: 4" in screen and hunt_char(screen, "d4") == "F" and
              CHAIN_LINE not in screen, "three geese taken, the chain over", screen)
        check(all(hunt_char(screen, p) == "x" for p in ("d5", "e4", "e5")),
              "the turn's captures marked x", screen)
        passed("the computer's fox plays its chain to the end: %s" % " ".join(hops))
    finally:
        s.close()


def test_fox_in_chain(program):
    """A position with the fox in a chain: the fox chosen, stop, undo."""
    s = start(program, ["fox", "--players=two", "--position=" + FOX_IN_CHAIN], "fox")
    try:
        s.keys("Enter")
        screen = s.settled(s.wait(re.escape(CHAIN_LINE), what="the chain state"))
        check(marked(screen, FOX_POINTS, hunt_char) == ["f4"] and "Hops:" not in screen,
              "the fox chosen with its jump f4, no hops yet", screen)
        check(grid_char(screen, "d6", HUNT_X - 1, HUNT_Y, HUNT_DX, HUNT_DY) == "[",
              "the cursor on the fox", screen)
        s.keys("BSpace")
        screen = s.wait(r"^Refused: the chain began before this game's moves; S stops it\.",
                        what="no hop to take back")
        check(hunt_char(screen, "d6") == "F" and CHAIN_LINE in screen, "nothing changed",
              screen)
        passed("a position in a chain: the fox chosen, Backspace has no hop to take back")
        s.keys("Enter")  # the cursor is on the fox
        screen = s.wait(r"1\. Fox: stop", what="stop")
        screen = s.wait(r"^Geese to move ", what="the geese's turn")
        check(CHAIN_LINE not in screen, "the chain over", screen)
        s.keys("U")
        screen = s.wait(r"Taken back", what="undo")
        check(CHAIN_LINE in screen and "1. Fox" not in screen, "back in the chain", screen)
        passed("Enter on the fox plays stop; with two players U takes it back into the chain")
    finally:
        s.close()

    s = start(program, ["fox", "--players=two", "--level=3", "--position=" + FOX_STOP_HINT],
              "fox")
    try:
        s.keys("Enter")
        screen = s.settled(s.wait(re.escape(CHAIN_LINE), what="the chain state"))
        check(marked(screen, FOX_POINTS, hunt_char) == ["a5"], "the jump a5", screen)
        s.keys("Down")  # the cursor leaves the fox for the goose on d5
        s.wait(r"^d .*\[G\]", what="the cursor moved")
        s.keys("?")
        screen = s.wait(r"Hint: stop \(Enter plays it\)", what="a hint to stop")
        check(grid_char(screen, "c5", HUNT_X - 1, HUNT_Y, HUNT_DX, HUNT_DY) == "[",
              "the cursor back on the fox", screen)
        s.keys("Enter")
        s.wait(r"1\. Fox: stop", what="the hint played")
        passed("a hint to stop puts the cursor on the fox; Enter plays stop")
    finally:
        s.close()


def test_fox_small(program):
    """At the smallest size the fox view asks for, nothing is cut."""
    s = start(program, ["fox", "sideways=1"], "fox")
    try:
        s.resize(60, 24)
        s.keys("Enter")
        screen = s.wait(r"The terminal is 60x24: this board needs at least \d+x24\.",
                        what="too small")
        need = int(re.search(r"at least (\d+)x24", screen).group(1))
        s.resize(need, 24)
        screen = s.wait(r"^Fox to move \(you\)", what="drawn at the minimum size")
        check("Geese step up, diagonally up, sideways" in screen, "the sideways line whole",
              screen)
        check(s.line(23).rstrip().endswith("Esc cancel  Q quit"), "the keys line whole", screen)
        s.resize(need - 1, 24)
        s.wait(r"this board needs at least %dx24\." % need, what="one column less")
        passed("at %dx24 the sideways line and the keys line are whole; at %d too small"
               % (need, need - 1))
    finally:
        s.close()


def test_hare_two(program):
    """Two people: the cursor starts on the side to move, Undo takes back
    the last move only."""
    s = start(program, ["hare", "--players=two",
                        "--position=hare turn=hare hare=a2 hounds=d1,d3,e2 stall=0"], "hare")
    try:
        s.keys("Enter")
        screen = s.wait(r"^Hare to move ", what="game start")
        check("(you)" not in screen and "(computer)" not in screen, "nobody named", screen)
        check(grid_char(screen, "a2", HUNT_X - 1, HUNT_Y, HUNT_DX, HUNT_DY) == "[",
              "the cursor starts on the hare a2, the side to move", screen)
        choose(s, "a2")
        s.settled(s.wait(r"^b .*\*", what="the hare chosen"))
        choose(s, "b2")
        screen = s.wait(r"^Hounds to move ", what="the hounds' turn")
        choose(s, "d1")
        s.settled(s.wait(r"^c .*\*", what="d1 chosen"))
        choose(s, "c1")
        screen = s.wait(r"2\. Hounds: d1-c1", what="the hounds' move")
        s.keys("U")
        screen = s.wait(r"Taken back", what="undo")
        check(re.search(r"^Hounds to move ", screen, re.M), "the hounds to move again", screen)
        check(hunt_char(screen, "b2") == "@" and hunt_char(screen, "d1") == "H"
              and hunt_char(screen, "c1") != "H", "the hound back on d1, the hare still on b2",
              screen)
        check("1. Hare: a2-b2" in screen and "2. Hounds" not in screen, "the log", screen)
        passed("two players: the cursor starts on the hare; a2-b2, d1-c1; Undo takes back "
               "d1-c1 only")
    finally:
        s.close()


def test_hare_stalling(program):
    """A stalling win: the countdown is left out once the game is over."""
    s = start(program, ["hare", "--players=two",
                        "--position=hare turn=hounds hare=a2 hounds=c1,c3,d2 stall=9"], "hare")
    try:
        s.keys("Enter")
        screen = s.wait(r"^Hounds to move ", what="game start")
        check("Stall count: 9 of 10" in screen and "stalling in 1" in screen, "one to go",
              screen)
        choose(s, "d2")
        s.settled(s.wait(r"^d .*\*", what="d2 chosen"))
        choose(s, "d1")
        screen = s.wait(r"^The hounds went ten moves without going up: the hare wins\.",
                        what="stalling win")
        check("Stall count: 10 of 10" in screen, "the stall count", screen)
        check("wins by stalling" not in screen and "unless one goes up" not in screen,
              "no countdown after the game", screen)
        passed("the hare wins by stalling: 'Stall count: 10 of 10', no countdown")
    finally:
        s.close()


def test_hare_record(program, herd):
    """--record=FILE: R appends the record so far, and the game's record is
    appended as it ends; each replays in the herd program to the screen's
    position and result."""
    stall9 = "hare turn=hounds hare=a2 hounds=c1,c3,d2 stall=9"
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "games.hgr")
        s = start(program, ["hare", "--players=two", "--record=" + path, "--position=" + stall9],
                  "hare")
        try:
            s.keys("Enter")
            screen = s.wait(r"^Hounds to move ", what="game start")
            check("R record  Esc cancel  Q quit" in s.line(23), "the keys line names R", screen)
            s.keys("R")
            s.wait(r"Record appended to .*\(0 actions\)", what="R: the record so far")
            choose(s, "d2")
            s.settled(s.wait(r"^d .*\*", what="d2 chosen"))
            choose(s, "d1")
            screen = s.wait(r"^.*: the hare wins\..*\n(.*\n)*Record appended to .*\(1 action\)",
                            what="the record at the end")
            check("U undo  R record  Esc new game  Q quit" in s.line(23),
                  "the keys line names R after the end", screen)
        finally:
            s.close()
        with open(path, encoding="utf-8") as f:
            text = f.read()
    records = text.rstrip("\n").split("\n\n")
    check(len(records) == 4 and text.endswith("\n") and "\n\n\n" not in text,
          "two records, each tags, an empty line and the movetext, one empty line between",
          text)
    for (tags, moves), status, result in [(records[0:2], "ongoing hounds", "*"),
                                          (records[2:4], "win hare stalling", "0-1")]:
        one_line = " ".join(tags.split("\n") + moves.split("\n"))
        check(tags.startswith('[Game "hare"]\n[Start "%s"]\n' % stall9)
              and '[Result "%s"]' % result in tags and '[Hounds "?"]' in tags
              and '[Event "herd-play"]' in tags, "the record's tags", text)
        answers = ask(herd, "replay " + one_line, "status")
        check(answers == ["=", "= " + status], "the record replays to %s" % status,
              "\n".join(answers))
    passed("--record: R appends the record so far (0 actions, *), the end appends the game "
           "(1 action, 0-1); both replay in the herd program")


# docs/records.md's record of Hare and Hounds: the hare trapped after 15 actions.
HARE_RECORD = """[Game "hare"]
[Start "hare turn=hounds hare=a2 hounds=d1,d3,e2 stall=0"]
[Options "start=a2"]
[Seed "5"]
[Result "1-0"]
[Termination "trapped"]

1. d1-c2 2. a2-b2 3. e2-d1 4. b2-b1 5. d1-c1 6. b1-b2 7. c1-b1 8. b2-b3 9. d3-c3
10. b3-a2 11. c2-b3 12. a2-b2 13. c3-c2 14. b2-a2 15. c2-b2 1-0
"""


def test_replay(program):
    """--replay=FILE: the record from its end, in the library's words;
    Left, Right, Home and End step through it; P plays on from there, with
    Undo as in any game."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "game.hgr")
        with open(path, "w", encoding="utf-8") as f:
            f.write(HARE_RECORD)
        s = Screen(program, ["--replay=" + path])
        try:
            screen = s.wait(r"^The hare is trapped: the hounds win\.", what="the replay at its end")
            check("Replay: action 15 of 15" in screen and "15. Hounds" in screen,
                  "the message and the log at the end", screen)
            check("P play on" in s.line(23), "the keys line of the replay", screen)
            s.keys("Left")
            screen = s.wait(r"Replay: action 14 of 15", what="Left: one back")
            check(re.search(r"^Hounds to move \(replay\)", screen, re.M)
                  and "15. Hounds" not in screen, "the hounds to move, action 15 gone", screen)
            s.keys("Home")
            screen = s.wait(r"Replay: action 0 of 15", what="Home: the start")
            check(hunt_char(screen, "a2") == "@" and "1. Hounds" not in screen,
                  "the start: the hare on a2, no action", screen)
            s.keys("End")
            s.wait(r"^The hare is trapped: the hounds win\.(.*\n)*.*Replay: action 15 of 15",
                   what="End: the end again")
            s.keys("Right")
            s.wait(r"Replay: action 15 of 15", what="Right at the end stays there")
            s.keys("Home", "Right", "Right", "Right")
            screen = s.wait(r"Replay: action 3 of 15", what="three forward")
            check("3. Hounds" in screen and "4. Hare" not in screen, "the log up to 3", screen)
            s.keys("U")
            s.wait(r"A replay: Left and Right step", what="U does nothing in a replay")
            s.keys("P")
            screen = s.wait(r"Played on from action 3\.", what="P: played on")
            check(re.search(r"^Hare to move\s", screen, re.M) and "U undo" in s.line(23),
                  "two players play on, the hare to move, Undo offered", screen)
            s.keys("U")
            screen = s.wait(r"Taken back\.", what="Undo after playing on")
            check("3. Hounds" not in screen and "2. Hare" in screen, "action 3 taken back", screen)
        finally:
            s.close()
    passed("--replay: the record's end in words, Left, Right, Home, End, P plays on, U undoes")


FLOCK_CELLS = [r + str(c) for r in "abcde" for c in range(1, 6)]


def test_flock(program):
    s = start(program, ["flock", "w=5", "h=5", "--level=1"], "flock")
    try:
        s.keys("Enter")
        screen = s.wait(r"^Black to move \(you\)", what="game start")
        check([flock_text(screen, c) for c in ("e1", "e2", "e3", "a5")] == ["B2", "B2", ". ", "W2"],
              "stones with their ranges (two in each flock)", screen)
        check("Captured: Black 0, White 0" in screen and "Moves left: 100" in screen,
              "captures and moves left", screen)
        passed("flock board: stones with ranges, captures 0, moves left 100")
        choose(s, "e257")  # column 257 does not wrap round to column 1
        screen = s.wait(r"^Refused: e257 is not on this board\.", what="a column too big")
        check("Chosen:" not in screen, "no stone chosen", screen)
        passed("e257 refused: no such column, not e1")
        choose(s, "e1")
        screen = s.settled(s.wait(r"Chosen: e1, range 2", what="e1 chosen"))
        got = sorted(c for c in FLOCK_CELLS if flock_text(screen, c)[0] == "*")
        check(got == ["c1", "d1"], "e1 slides to d1 or c1: %s" % got, screen)
        passed("the stone on e1 chosen (range 2): its targets c1, d1 marked")
        choose(s, "b1")
        s.wait(r"^Refused: the stone on e1 has range 2, not 3", what="refused slide")
        passed("e1-b1 refused with the library's message")
        choose(s, "c1")
        screen = s.wait(r"2\. White: ", what="the computer's reply")
        screen = s.wait(r"Moves left: 98", what="moves left")
        check(flock_text(screen, "c1") == "B1", "the stone on c1, alone: range 1", screen)
        passed("e1-c1 played: moves left 98, the stone's range now 1")
        screen = finish_by_hints(s)
        check(re.search(r"^((Black|White) captured a third stone: (Black|White) wins|The 100 "
                        r"moves are played and (Black|White) has more stones: (Black|White) wins|"
                        r"(Black|White) has no move left: (Black|White) wins|The 100 moves are "
                        r"played with as many stones each: a draw)\.",
                        screen, re.M), "winner line with its reason", screen)
        passed("flock game ends: " + top_line(screen))
    finally:
        s.close()


def test_flock_white(program):
    """A position with White to move: the cursor starts on a white stone."""
    position = ("flock w=5 h=5 turn=white ply=1 captured=0,0 last=e1-c1,- "
                "board=ww.ww/...../b..../...../.b.bb")
    s = start(program, ["flock", "--players=two", "--position=" + position], "flock")
    try:
        s.keys("Enter")
        screen = s.wait(r"^White to move ", what="game start")
        check(flock_text(screen, "a1") == "W2" and
              grid_char(screen, "a1", FLOCK_X - 1, FLOCK_Y, FLOCK_DX, 1) == "[",
              "the cursor on a1, White's first stone", screen)
        passed("White to move: the cursor starts on White's stone a1")
    finally:
        s.close()


# -------------------------------------------- the setup and the registry

def ask(herd, *commands):
    """The herd program's answers to the commands, one text each."""
    run = subprocess.run([herd], input="".join(c + "\n" for c in commands),
                         capture_output=True, text=True, timeout=60)
    answers = run.stdout.split("\n\n")
    check(run.returncode == 0 and answers[-1] == "", "the herd program answers", run.stdout)
    return answers[:-1]


_REGISTRY = []


def registry(herd):
    """The games as the herd program gives them: from `games` the keys,
    allowed values and defaults; from `levels` the level names; from
    --help the titles, sides, option descriptions and default levels. Each
    game a dict; each option with the note the setup shows of it:
    "8..30, default 8: the board's width, its columns"."""
    if _REGISTRY:
        return _REGISTRY
    lines = ask(herd, "games")[0][2:].split("\n")
    names = [line.split()[0] for line in lines]
    levels = ask(herd, *[c for n in names for c in ("new " + n, "levels")])[1::2]
    helptext = subprocess.run([herd, "--help"], capture_output=True, text=True).stdout
    for line, answer in zip(lines, levels):
        name, *options = line.split()
        head = re.search(r"^  %s: (.*) \((\S+) against (\S+)\)$" % re.escape(name), helptext,
                         re.M)
        check(head, "herd --help describes %s" % name, helptext)
        block = re.split(r"\n(?!    )", helptext[head.end():].lstrip("\n"))[0]
        game = {"name": name, "title": head.group(1), "sides": head.group(2, 3), "options": [],
                "levels": [w.split(":", 1)[1] for w in answer[2:].split()]}
        default = re.search(r"^    levels: .*?(\d+):\S+ \(default\)", block, re.M)
        check(default, "herd --help names %s's default level" % name, block)
        game["default"] = int(default.group(1))
        for word in options:
            key, rest = word.split("=", 1)
            allowed, dflt = rest.rsplit(":", 1)
            described = re.search(r"^    %s=\S+ \(default %s\): (.*)$" % (re.escape(key),
                                                                        re.escape(dflt)),
                                  block, re.M)
            check(described, "herd --help describes %s's option %s" % (name, key), block)
            if allowed == "point":
                people = "a point of the board"
            elif "|" in allowed:
                values = allowed.split("|")
                people = ", ".join(values[:-1]) + " or " + values[-1]
            else:
                people = allowed
            game["options"].append({
                "key": key, "allowed": allowed, "default": dflt,
                "description": described.group(1),
                "note": "%s, default %s: %s" % (people, dflt, described.group(1))})
        _REGISTRY.append(game)
    return _REGISTRY


def help_items(lines):
    """The items of a --help block, each with its wrapped lines joined."""
    items = []
    for line in lines:
        if line.startswith("      ") and items:
            items[-1] += " " + line.strip()
        elif line.startswith("    "):
            items.append(line[4:])
        else:
            break
    return items


def setup_fields(screen):
    """{label: (value, note)} of the setup screen, each note's wrapped lines
    joined: the fields are the lines with a label at column 2."""
    fields = {}
    label = None
    for line in screen.split("\n"):
        m = re.match(r"^  (\S.*?)\s+< (.*?) >(?:  (.*))?$", line)
        if m:
            label = m.group(1)
            fields[label] = [m.group(2), m.group(3) or ""]
        elif label and line.startswith("    ") and line.strip():
            fields[label][1] = (fields[label][1] + " " + line.strip()).strip()
        else:
            label = None
    return dict((k, tuple(v)) for k, v in fields.items())


def refusal(screen):
    """The setup's message line when it says why a value was refused."""
    m = re.search(r"^  (Refused: .*(?:\n  \S.*)*)", screen, re.M)
    return " ".join(l.strip() for l in m.group(1).split("\n")) if m else None


def wait_refusal(s, what, expected):
    """Waits for the refusal `expected` whole: the line of an earlier
    refusal, or of a value typed in part, may show until the program has
    read every key sent."""
    s.wait_until(lambda screen: None if refusal(screen) == expected else
                 "expected %r, the screen shows %r" % (expected, refusal(screen)), what=what)
    return expected


def setup_fault(screen, game):
    """What the setup screen of `game` shows that its registry entry does
    not say, or None: its title and sides, each option with its default
    and whole note in the registry's order, the side, the default level by
    name."""
    name = game["name"]
    fields = setup_fields(screen)
    if fields.get("Game") != (name, "%s: %s against %s" % (game["title"], *game["sides"])):
        return "%s: its title and sides: %s" % (name, fields.get("Game"))
    for o in game["options"]:
        if fields.get(o["key"]) != (o["default"], o["note"]):
            return ("%s: the option %s with its default and whole note %r: %s"
                    % (name, o["key"], o["note"], fields.get(o["key"])))
    keys = [k for k in fields if k not in ("Game", "Players", "You play", "Computer level")]
    if keys != [o["key"] for o in game["options"]]:
        return "%s: the options in the registry's order: %s" % (name, keys)
    if fields.get("You play", ("",))[0] != "%s (moves first)" % game["sides"][0].capitalize():
        return "%s: the side" % name
    default = game["default"]
    level = fields.get("Computer level")
    if not (level and level[0] == game["levels"][default - 1]
            and level[1].startswith("level %d of %d, the default: "
                                    % (default, len(game["levels"])))):
        return "%s: the default level %d by name: %s" % (name, default, level)
    return None


def test_setup_follows_the_registry(program, herd):
    """Every game of the registry on the setup screen, in its order: its
    title and sides, each option with its allowed values, default and
    description whole at 80 columns, the default level by name; each level
    by name in turn, refused past both ends."""
    games = registry(herd)
    s = start(program, [games[0]["name"]], games[0]["name"])
    try:
        for n, game in enumerate(games):
            name = game["name"]
            s.wait_until(lambda screen: setup_fault(screen, game), what="the setup of " + name)
            default = game["default"]
            # Each level by name, from the default up and then down to 1.
            s.keys("Up")  # from Game to the last field, the level
            top = len(game["levels"])
            at = default
            for number in list(range(default + 1, top + 1)) + list(range(top - 1, 0, -1)):
                s.keys("Right" if number > at else "Left")
                at = number
                s.wait(r"^  Computer level\s+< %s >  level %d of %d"
                       % (re.escape(game["levels"][number - 1]), number, top),
                       what="%s level %d" % (name, number))
            s.keys("Left")
            wait_refusal(s, "%s: below level 1 refused" % name,
                         "Refused: level 0 is out of range 1..%d" % top)
            for _ in range(top - 1):
                s.keys("Right")
            s.wait(r"^  Computer level\s+< %s >  level %d of %d" % (
                re.escape(game["levels"][-1]), top, top), what="%s's last level" % name)
            s.keys("Right")
            wait_refusal(s, "%s: past level %d refused" % (name, top),
                         "Refused: level %d is out of range 1..%d" % (top + 1, top))
            s.keys("Down", "Right")  # to Game, and the next game
        s.wait(r"^  Game\s+< %s >" % re.escape(games[0]["name"]),
               what="back to the first game")
        passed("the setup shows the %d games of the registry in its order, each option's "
               "values, default and description whole at 80 columns, and each level by name"
               % len(games))
    finally:
        s.close()


def test_setup_refusals_are_the_librarys(program, herd):
    """A value out of bounds, typed or stepped to, is refused on the spot
    with the library's message (the herd program's answer to the same
    `new`), and the value stays."""
    tried = 0
    for game in registry(herd):
        name = game["name"]
        s = start(program, [name], name)
        try:
            for k, o in enumerate(game["options"]):
                s.keys("Down")
                s.wait(r"^  %s\s+< %s >" % (re.escape(o["key"]), re.escape(o["default"])),
                       what="%s %s" % (name, o["key"]))
                if o["allowed"] == "point":
                    bad = ["zz", "a1"]
                elif "|" in o["allowed"]:
                    bad = [str(int(o["allowed"].split("|")[-1]) + 1), "x"]
                else:
                    bad = [str(int(o["allowed"].split("..")[1]) + 1), "x"]
                for value in bad:
                    expected = ask(herd, "new %s %s=%s" % (name, o["key"], value))[0]
                    check(expected.startswith("? "), "herd refuses %s=%s" % (o["key"], value))
                    s.type(value)
                    wait_refusal(s, "%s=%s: the library's message" % (o["key"], value),
                                 "Refused: " + expected[2:])
                    s.keys("Down")  # leaving the line is refused: the value stays
                    s.wait(r"^  %s\s+< %s >" % (re.escape(o["key"]), re.escape(o["default"])),
                           what="%s=%s not kept" % (o["key"], value))
                    tried += 1
        finally:
            s.close()
    passed("%d values out of bounds typed into the setup: each refused on the spot with the "
           "library's message, the value kept" % tried)

    # Stepping: a choice goes to the next choice; past the last one, and
    # below the first, the library's refusal of the value beyond.
    fox = [g for g in registry(herd) if g["name"] == "fox"][0]
    choices = fox["options"][0]["allowed"].split("|")
    s = start(program, ["fox"], "fox")
    try:
        s.keys("Down")
        for value in choices[1:]:
            s.keys("Right")
            s.wait(r"^  geese\s+< %s >" % value, what="geese=%s" % value)
        s.keys("Right")
        beyond = ask(herd, "new fox geese=%d" % (int(choices[-1]) + 1))[0][2:]
        wait_refusal(s, "past the last choice", "Refused: " + beyond)
        check(setup_fields(s.text())["geese"][0] == choices[-1], "the value stays", s.text())
        passed("geese steps through %s; past the last: 'Refused: %s'"
               % (", ".join(choices), beyond))
    finally:
        s.close()

    # A point steps to the next point in reading order that the game takes.
    s = start(program, ["hare"], "hare")
    try:
        s.keys("Down")
        taken = []
        for _ in range(3):
            before = setup_fields(s.text())["start"][0]
            s.keys("Right")
            s.wait(r"^  start\s+< (?!%s )\S+ >" % re.escape(before), what="the next point")
            taken.append(setup_fields(s.text())["start"][0])
        answers = ask(herd, *["new hare start=" + p for p in taken])
        check(all(a.startswith("= ") for a in answers),
              "each point stepped to is one the game takes: %s" % taken)
        check(taken == sorted(taken) and len(set(taken)) == 3, "in reading order: %s" % taken)
        passed("start steps through the points the game takes: %s" % ", ".join(taken))
    finally:
        s.close()


def test_setup_levels_by_name(program, herd):
    """--level=N shows the level by its name; Enter plays at it."""
    hare = [g for g in registry(herd) if g["name"] == "hare"][0]
    top = len(hare["levels"])
    s = start(program, ["hare", "--level=%d" % top], "hare")
    try:
        def fault(screen):
            level = setup_fields(screen).get("Computer level")
            if (level and level[0] == hare["levels"][-1] and
                    level[1].startswith("level %d of %d: " % (top, top)) and
                    "default" not in level[1]):
                return None
            return "--level=%d shows %s: %s" % (top, hare["levels"][-1], level)
        screen = s.wait_until(fault, what="the level by name")
        check("%d (1..%d)" % (top, top) not in screen, "no number for a name", screen)
        passed("--level=%d shows the level by name: %s" % (top, hare["levels"][-1]))
    finally:
        s.close()


# ---------------------------------------------------- the generic view

def log_numbers(screen):
    """The move numbers of the Herd of Horses moves log on the screen, newest first."""
    return [int(n) for n in re.findall(r"\b(\d+)\. (?:Green|Red) moved horse", screen)]


def test_generic(program, game, args, refused_text):
    s = start(program, [game] + args, game)
    try:
        s.keys("Enter")
        screen = s.wait(r"\(you\)", what="game start")
        check(re.search(r"Legal actions \(\d+\):", screen), "the legal actions listed", screen)
        s.type(refused_text)
        s.keys("Enter")
        screen = s.wait(r"^Refused: ", what="a refused action")
        passed("%s: typed '%s' refused with the library's message" % (game, refused_text))
        s.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
        screen = finish_by_hints(s)
        check(re.search(END_LINE, screen, re.M), "an end line", screen)
        passed("%s game ends: %s" % (game, screen.split("\n")[0].strip()))
    finally:
        s.close()


def test_cli(program, herd):
    """--help lists every game of the registry with its options and levels,
    --version names the library; no terminal needed."""
    out = subprocess.run([program, "--help"], capture_output=True, text=True)
    check(out.returncode == 0, "--help exits 0", out.stderr)
    lines = out.stdout.split("\n")
    wide = [l for l in lines if len(l) > 79]
    check(not wide, "--help keeps within 79 columns: %s" % wide, out.stdout)
    names = []
    for game in registry(herd):
        name = game["name"]
        names.append(name)
        head = "  %s  %s: %s against %s" % (name, game["title"], *game["sides"])
        check(head in lines, "--help names %s: %r" % (name, head), out.stdout)
        block = lines[lines.index(head) + 1:]
        width = max(len(k) for k in [o["key"] for o in game["options"]] + ["levels"])
        for o in game["options"]:
            text = "%-*s  %s" % (width, o["key"], o["note"])
            check(text in help_items(block), "--help lists %s's %s whole: %r"
                  % (name, o["key"], text), out.stdout)
        levels = ", ".join("%d %s%s" % (n + 1, level, " (default)" if n + 1 == game["default"]
                                        else "") for n, level in enumerate(game["levels"]))
        check("%-*s  %s" % (width, "levels", levels) in help_items(block),
              "--help lists %s's levels: %s" % (name, levels), out.stdout)
    check(re.findall(r"^  (\S+)  ", out.stdout.split("\nOptions:")[0], re.M) == names,
          "--help lists the games in the registry's order: %s" % names, out.stdout)
    out = subprocess.run([program, "--replay=/nonexistent/game.hgr"], capture_output=True,
                         text=True)
    check(out.returncode == 1 and out.stderr
          == "herd-play: /nonexistent/game.hgr: No such file or directory\n",
          "--replay of a missing file says so", out.stderr)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "bad.hgr")
        for text, message in [("", "no record in the file"),
                              (HARE_RECORD.replace("15. c2-b2", "15. c2-a1"),
                               "record 1, line 9, column ")]:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            out = subprocess.run([program, "--replay=" + path], capture_output=True, text=True)
            check(out.returncode == 1 and out.stderr.startswith("herd-play: %s: %s" % (path, message)),
                  "--replay of a file without a good record says why: %r" % message, out.stderr)
    passed("--replay refuses a missing file, an empty one and an illegal action, saying why")
    if os.path.exists("/dev/full"):
        with open("/dev/full", "w") as full:
            out = subprocess.run([program, "--help"], stdout=full, stderr=subprocess.PIPE,
                                 text=True)
        check(out.returncode == 1 and "herd-play: cannot write standard output" in out.stderr,
              "--help on a full device: status 1 and a message", out.stderr)
    out = subprocess.run([program, "--version"], capture_output=True, text=True)
    check(re.match(r"herd-play \S+ \(libherd \d+\.\d+\.\d+\)$", out.stdout.strip()),
          "--version", out.stdout)
    out = subprocess.run([program, "chess"], capture_output=True, text=True)
    check(out.returncode == 2 and "unknown game 'chess'" in out.stderr, "unknown game refused",
          out.stderr)
    out = subprocess.run([program, "fox", "wolves=3"], capture_output=True, text=True)
    expected = ask(herd, "new fox wolves=3")[0][2:]
    check(out.returncode == 2 and out.stderr == "herd-play: fox: %s\n" % expected,
          "an unknown option refused with the library's message %r" % expected, out.stderr)
    out = subprocess.run([program, "hare", "--level=4"], capture_output=True, text=True)
    check(out.returncode == 2 and "--level takes 1..3 for hare" in out.stderr,
          "a level the game lacks refused", out.stderr)
    out = subprocess.run([program, "horses"], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    check(out.returncode == 1 and "needs a terminal" in out.stderr, "no terminal: said",
          out.stderr)
    passed("--help lists the %d games of the registry with their options and levels; "
           "--version; an unknown game, option and level; no terminal; a full standard "
           "output" % len(names))


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    program, game = sys.argv[1], sys.argv[2]
    herd = sys.argv[3] if len(sys.argv) == 4 else None
    if game in ("cli", "setup") and not herd:
        print("%s needs the herd program: run_play_tests.py HERD_PLAY %s HERD" % (game, game))
        return 2
    if game == "cli":
        try:
            test_cli(program, herd)
        except Failure as e:
            print("FAIL " + str(e))
            return 1
        print("all cli checks passed")
        return 0
    if not shutil.which("tmux"):
        print("skipped: tmux is not installed (Debian: apt-get install tmux)")
        return SKIP
    try:
        if game == "horses":
            test_horses_setup(program)
            test_horses(program)
            test_horses_sizes(program)
        elif game == "hex":
            test_hex(program)
        elif game == "plain":
            test_generic(program, "hex", ["size=2", "--plain"], "+z9")
        elif game == "hare":
            test_hare(program)
            test_hare_two(program)
            test_hare_stalling(program)
            test_replay(program)
            if herd:
                test_hare_record(program, herd)
            test_generic(program, "hare", ["--level=1", "--plain"], "e2-e2")
        elif game == "fox":
            test_fox(program)
            test_fox_computer(program)
            test_fox_in_chain(program)
            test_fox_small(program)
        elif game == "flock":
            test_flock(program)
            test_flock_white(program)
        elif game == "setup":
            test_setup_follows_the_registry(program, herd)
            test_setup_refusals_are_the_librarys(program, herd)
            test_setup_levels_by_name(program, herd)
        else:
            print("unknown game " + game)
            return 2
    except Failure as e:
        print("FAIL " + str(e))
        return 1
    print("all %s checks passed" % game)
    return 0


if __name__ == "__main__":
    sys.exit(main())
