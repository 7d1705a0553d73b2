#!/usr/bin/env python3
"""herd-play in a pseudo-terminal: a scripted session per game.

usage: run_play_tests.py HERD_PLAY GAME

GAME is horses, hex, hare, fox, flock, plain (hex in the plain view,
which every game without a view of its own uses), or cli (--help and
--version, without a terminal). The program runs in a
detached tmux session of 80x24; the script types keys and reads the screen
(tmux capture-pane), from the setup screen to the end of a game against the
computer, and checks what the screen shows at the key moments. Exits 77
(skipped) when tmux is missing or the library has no such game.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

SKIP = 77


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

    def wait(self, pattern, timeout=5.0, what=None):
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

    def wait_gone(self, text, timeout=5.0, what=None):
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
    """Starts herd-play; skips when the library does not have the game."""
    s = Screen(program, args)
    screen = s.wait(r"Enter starts the game", what="setup screen")
    if "is not in this libherd" in screen:
        s.close()
        print("skipped: this libherd has no game '%s'" % game)
        sys.exit(SKIP)
    check(re.search(r"Game\s+< %s >" % game, screen), "the setup names the game", screen)
    passed("setup screen shows %s" % game)
    return s


def finish_by_hints(s, limit=400):
    """Plays the person's moves with Hint then Enter until the game ends;
    the computer answers each. Returns the final screen."""
    for _ in range(limit):
        screen = s.wait(r"\(you\)|wins:|^Draw:", what="turn or end")
        if re.search(r"wins:|^Draw:", screen, re.M):
            return screen
        s.keys("?")
        s.wait(r"Hint: \S+ \(Enter plays it\)", what="hint")
        before = s.text()
        s.keys("Enter")
        end = time.time() + 5
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
        s.wait(r"2\. Red moved", what="replayed")
        passed("Undo takes back the computer's reply and the person's move")

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
        screen = s.wait(r"^Green wins: a horse reached its target corner\.", what="winner line")
        check("Esc new game" in screen, "Cancel became New game", screen)
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
        check(re.search(r"Board width\s+< 8 >", s.text()), "the value stays", s.text())
        s.type("31")
        s.wait(r"Refused: w=31 is out of range", what="typed out of range")
        s.keys("Down")
        screen = s.wait(r"Board width\s+< 8 >", what="typed value reverted")
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
        check(re.search(r"^(Red|Blue) wins: the board is full", screen, re.M), "winner line",
              screen)
        check(re.search(r"Stones: Red \d+, Blue \d+, empty 0", screen), "full board", screen)
        passed("hex game ends: " + screen.split("\n")[0].strip())
    finally:
        s.close()


# ---------------------------------------------------- the generic view

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
        check(re.search(r"wins: |^Draw: ", screen, re.M), "an end line", screen)
        passed("%s game ends: %s" % (game, screen.split("\n")[0].strip()))
    finally:
        s.close()


def test_cli(program):
    """--help names every game, --version the library; no terminal needed."""
    out = subprocess.run([program, "--help"], capture_output=True, text=True)
    check(out.returncode == 0, "--help exits 0", out.stderr)
    for game in ("horses", "hex", "hare", "fox", "flock"):
        check(re.search(r"^  %s " % game, out.stdout, re.M), "--help names " + game, out.stdout)
    out = subprocess.run([program, "--version"], capture_output=True, text=True)
    check(re.match(r"herd-play \S+ \(libherd \d+\.\d+\.\d+\)$", out.stdout.strip()),
          "--version", out.stdout)
    out = subprocess.run([program, "chess"], capture_output=True, text=True)
    check(out.returncode == 2 and "unknown game 'chess'" in out.stderr, "unknown game refused",
          out.stderr)
    out = subprocess.run([program, "horses"], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL)
    check(out.returncode == 1 and "needs a terminal" in out.stderr, "no terminal: said",
          out.stderr)
    passed("--help names the five games; --version; an unknown game; no terminal")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    program, game = sys.argv[1], sys.argv[2]
    if game == "cli":
        try:
            test_cli(program)
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
            test_generic(program, "hare", ["--level=1"], "e2-e2")
        elif game == "fox":
            test_generic(program, "fox", ["--level=1"], "d4-d4")
        elif game == "flock":
            test_generic(program, "flock", ["w=5", "h=5", "--level=1"], "a1-a1")
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
