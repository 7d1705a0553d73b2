#!/usr/bin/env python3
"""Herd of Horses in a window (tkinter), as the game's description has it.

    python3 horses_window.py [--seed N]

Setup: one player (Green against the computer) or two, the board's width and
height and the horses a side, then Start. The board has its row letters and
column numbers, the horses are circles with their digits (horse 10 shows 0),
connected horses are joined by thin lines, the target corners are outlined in
the colour of the side that aims there. A selected horse gets a yellow ring and
its jumps are dotted circles lettered a, b, c, ... (top to bottom, left to
right); horses that cannot move are faded with a dashed outline. Between the
board and the moves log are the two progress bars; the log, newest first, has
Green's moves on the left and Red's on the right (a row a round) under a line that says whose
move it is, or who won. Keys: a digit selects (or unselects) your horse, a
letter plays the jump so marked. Cancel returns to the setup; once the game is
over it reads New game.

Every rule and every figure comes from libherd through the package herd.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tkinter as tk
from tkinter import ttk
from typing import Dict, List, Optional, Tuple

try:
    import herd
except ImportError:  # run from the source tree
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
    import herd

CELL = 36                     # pixels of a board cell
MARGIN = 24                   # room for the letters and numbers
COLOURS = {"green": "#2e8b3e", "red": "#c8322b"}
LIGHT, DARK = "#f0e6cc", "#c9b48a"
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨"   # the horse digits of the moves log


def log_text(line: str) -> str:
    """The library's log line ("3. Green moved horse 0: a3 -> b5") as the
    window shows it: "3. Green moved horse ⓪: a3 → b5."."""
    head, _, cells = line.partition(": ")
    words = head.split(" ")
    if words and words[-1].isdigit():
        words[-1] = CIRCLED[int(words[-1])]
    return "%s: %s." % (" ".join(words), cells.replace(" -> ", " → "))


class HorsesWindow:
    """The window: a setup screen, then the game screen."""

    def __init__(self, root: tk.Tk, seed: Optional[int] = None, computer_delay: int = 400):
        self.root = root
        self.seed = seed
        self.computer_delay = computer_delay
        self.game: Optional[herd.Horses] = None
        self.selected: Optional[int] = None      # the selected horse's number
        self.targets: List[herd.Move] = []       # its jumps, in letter order
        self.pending: Optional[str] = None       # the computer's scheduled move
        root.title("Herd of Horses")
        root.bind_all("<Key>", self.on_key)
        self.build_setup()
        self.build_game()
        self.show_setup()

    # -------------------------------------------------------------- setup

    def build_setup(self) -> None:
        f = self.setup = ttk.Frame(self.root, padding=16)
        ttk.Label(f, text="Herd of Horses", font=("TkDefaultFont", 16, "bold")).grid(
            row=0, column=0, columnspan=2, pady=(0, 12))
        ttk.Label(f, text="Players:").grid(row=1, column=0, sticky="nw")
        self.players = tk.IntVar(value=1)
        ttk.Radiobutton(f, text="One player (against computer)", variable=self.players,
                        value=1).grid(row=1, column=1, sticky="w")
        ttk.Radiobutton(f, text="Two players", variable=self.players, value=2).grid(
            row=2, column=1, sticky="w")
        # The board's options as the library describes them (the seed is the
        # command line's): their meaning, range and default.
        self.option_vars: Dict[str, tk.IntVar] = {}
        row = 3
        for option in herd.Horses.description.options:
            if option.key == "seed" or option.kind is not herd.OptionKind.RANGE:
                continue
            lo, hi = option.allowed.start, option.allowed.stop - 1
            var = self.option_vars[option.key] = tk.IntVar(value=option.default)
            label = option.description[:1].upper() + option.description[1:] + ":"
            ttk.Label(f, text=label).grid(row=row, column=0, sticky="w", pady=2)
            spin = ttk.Spinbox(f, from_=lo, to=hi, textvariable=var, width=5)
            spin.grid(row=row, column=1, sticky="w")
            ttk.Label(f, text="%d to %d" % (lo, hi)).grid(row=row, column=2, sticky="w")
            row += 1
        self.setup_message = ttk.Label(f, text="", foreground="#c8322b")
        self.setup_message.grid(row=row, column=0, columnspan=3, sticky="w")
        self.start_button = ttk.Button(f, text="Start", command=self.start)
        self.start_button.grid(row=row + 1, column=0, columnspan=2, pady=(12, 0))

    def show_setup(self) -> None:
        self.cancel_computer()
        self.game_frame.pack_forget()
        self.setup.pack(fill="both", expand=True)
        if self.game is not None:
            self.game.close()
            self.game = None

    def start(self) -> None:
        options = {}
        for key, var in self.option_vars.items():
            try:
                options[key] = var.get()
            except tk.TclError:
                options[key] = -1
        seed = self.seed if self.seed is not None else random.SystemRandom().getrandbits(64)
        try:
            game = herd.Horses(seed=seed, **options)
        except herd.HerdError as e:  # the library names the option and its range
            self.setup_message.configure(text=str(e))
            return
        self.setup_message.configure(text="")
        self.game = game
        self.selected, self.targets = None, []
        self.log.delete(*self.log.get_children())
        self.setup.pack_forget()
        self.game_frame.pack(fill="both", expand=True)
        self.cancel_button.configure(text="Cancel")
        self.redraw()

    # --------------------------------------------------------------- game

    def build_game(self) -> None:
        f = self.game_frame = ttk.Frame(self.root, padding=8)
        self.board = tk.Canvas(f, highlightthickness=0, background="#ffffff")
        self.board.grid(row=0, column=0, rowspan=2, sticky="nw")
        self.board.bind("<Button-1>", self.on_click)
        self.bars = tk.Canvas(f, width=60, highlightthickness=0, background="#ffffff")
        self.bars.grid(row=0, column=1, rowspan=2, sticky="ns", padx=8)
        right = ttk.Frame(f)
        right.grid(row=0, column=2, sticky="nsew")
        self.turn_label = ttk.Label(right, text="", font=("TkDefaultFont", 12, "bold"))
        self.turn_label.pack(anchor="w")
        self.log = ttk.Treeview(right, columns=("green", "red"), show="headings", height=16)
        self.log.heading("green", text="Green")
        self.log.heading("red", text="Red")
        self.log.column("green", width=280)
        self.log.column("red", width=280)
        self.log.pack(fill="both", expand=True)
        self.cancel_button = ttk.Button(right, text="Cancel", command=self.show_setup)
        self.cancel_button.pack(anchor="e", pady=(8, 0))

    def human_side(self) -> Optional[herd.Side]:
        """The side whose horses the keys and clicks move now, None when the
        computer is to move or the game is over."""
        g = self.game
        if g is None:
            return None
        side = g.side_to_move
        if side is None or (self.players.get() == 1 and side is herd.Side.RED):
            return None
        return side

    def cell_xy(self, rc: Tuple[int, int]) -> Tuple[float, float]:
        """The centre of a cell on the board canvas."""
        return MARGIN + (rc[1] + 0.5) * CELL, MARGIN + (rc[0] + 0.5) * CELL

    def redraw(self) -> None:
        g = self.game
        if g is None:
            return
        opt = g.options
        w, h, n = opt["w"], opt["h"], opt["n"]
        c = self.board
        c.delete("all")
        c.configure(width=2 * MARGIN + w * CELL, height=2 * MARGIN + h * CELL)
        for r in range(h):
            c.create_text(MARGIN / 2, MARGIN + (r + 0.5) * CELL, text=chr(ord("a") + r),
                          tags=("coord", "row-label"))
        for col in range(w):
            c.create_text(MARGIN + (col + 0.5) * CELL, MARGIN / 2, text=str(col + 1),
                          tags=("coord", "column-label"))
        for r in range(h):
            for col in range(w):
                left, top = MARGIN + col * CELL, MARGIN + r * CELL
                c.create_rectangle(left, top, left + CELL, top + CELL, outline="",
                                   fill=LIGHT if (r + col) % 2 == 0 else DARK, tags=("cell",))
        for side in g.sides:
            r, col = g.target_coords(side)
            left, top = MARGIN + col * CELL, MARGIN + r * CELL
            c.create_rectangle(left + 2, top + 2, left + CELL - 2, top + CELL - 2, width=3,
                               outline=COLOURS[side.value],
                               tags=("corner", "corner-" + side.value))
        cells = {side: [g.horse_coords(side, i) for i in range(1, n + 1)] for side in g.sides}
        for side in g.sides:
            for a, b in g.lines(side):
                xa, ya = self.cell_xy(cells[side][a - 1])
                xb, yb = self.cell_xy(cells[side][b - 1])
                c.create_line(xa, ya, xb, yb, fill=COLOURS[side.value], width=1,
                              tags=("line", "line-" + side.value))
        mover = g.side_to_move
        movable = set(g.movable())
        rad = CELL * 0.38
        for side in g.sides:
            for i, rc in enumerate(cells[side], 1):
                x, y = self.cell_xy(rc)
                faded = side is mover and i not in movable
                tags: Tuple[str, ...] = ("horse", "horse-%s-%d" % (side.value, i))
                if faded:
                    tags += ("faded",)
                c.create_oval(x - rad, y - rad, x + rad, y + rad,
                              fill=COLOURS[side.value], outline="#000000", width=1.5,
                              stipple="gray50" if faded else "",
                              dash=(3, 2) if faded else (), tags=tags)
                c.create_text(x, y, text=str(i % 10), fill="#ffffff",
                              font=("TkDefaultFont", 12, "bold"), tags=("digit",) + tags[1:])
        if self.selected is not None and mover is not None:
            x, y = self.cell_xy(g.horse_coords(mover, self.selected))
            ring = CELL * 0.46
            c.create_oval(x - ring, y - ring, x + ring, y + ring, outline="#ffd400", width=4,
                          tags=("selected",))
            for k, m in enumerate(self.targets):
                x, y = self.cell_xy(g.move_coords(m)[1])
                dot = CELL * 0.3
                c.create_oval(x - dot, y - dot, x + dot, y + dot, outline="#000000", width=2,
                              dash=(2, 3), tags=("target", "target-" + chr(ord("a") + k)))
                c.create_text(x, y, text=chr(ord("a") + k),
                              tags=("target-letter", "target-" + chr(ord("a") + k)))
        self.draw_bars()
        st = g.status
        if st.side is None:
            text = "Draw"
        elif st.result is herd.Result.ONGOING:
            text = "%s to move" % st.side.value.capitalize()
            if self.players.get() == 1:
                text = text.replace(" ", " (you) " if st.side is herd.Side.GREEN
                                    else " (computer) ", 1)
        elif st.result is herd.Result.WIN:
            text = "%s won (%s)" % (st.side.value.capitalize(),
                                    "corner reached" if st.reason is herd.Reason.CORNER
                                    else "no legal move left for the loser")
        self.turn_label.configure(text=text)
        self.cancel_button.configure(text="New game" if st.result is not herd.Result.ONGOING
                                     else "Cancel")

    def draw_bars(self) -> None:
        g = self.game
        assert g is not None
        c = self.bars
        c.delete("all")
        height = int(self.board.cget("height"))
        c.configure(height=height)
        for k, side in enumerate(g.sides):
            distance, parts = g.progress(side)
            x = 8 + k * 26
            top, bottom = MARGIN, height - MARGIN
            step = (bottom - top) / parts
            for p in range(parts):
                y = bottom - (p + 1) * step
                filled = p < distance
                c.create_rectangle(x, y, x + 18, y + step, outline="#555555",
                                   fill=COLOURS[side.value] if filled else "#ffffff",
                                   tags=("bar-" + side.value,
                                         "filled" if filled else "empty"))

    def select(self, number: Optional[int]) -> None:
        g = self.game
        side = self.human_side()
        if g is None or side is None:
            return
        if number is None or number == self.selected:
            self.selected, self.targets = None, []
        elif number in g.movable():
            self.selected = number
            game = g
            moves = game.moves_from(game.horse_coords(side, number))
            self.targets = sorted(moves, key=lambda m: game.move_coords(m)[1])
        else:
            return  # a faded horse cannot be selected
        self.redraw()

    def play(self, move: herd.Move) -> None:
        g = self.game
        assert g is not None
        side = g.side_to_move
        assert side is not None
        g.play(move)
        self.after_move(move, side)

    def after_move(self, move: herd.Move, side: herd.Side) -> None:
        g = self.game
        assert g is not None
        line = log_text(g.history_line(g.history_length - 1))  # the game numbers it
        # One row a round, the newest on top: Green's move opens a row on the
        # left, Red's answer fills its right.
        rows = self.log.get_children()
        if side is herd.Side.RED and rows and self.log.set(rows[0], "red") == "":
            self.log.set(rows[0], "red", line)
        else:
            self.log.insert("", 0, values=(line, "") if side is herd.Side.GREEN else ("", line))
        self.selected, self.targets = None, []
        self.redraw()
        if self.players.get() == 1 and g.side_to_move is herd.Side.RED:
            self.pending = self.root.after(self.computer_delay, self.computer_move)

    def computer_move(self) -> None:
        self.pending = None
        g = self.game
        if g is None or g.side_to_move is not herd.Side.RED:
            return
        move = g.play_genmove()
        self.after_move(move, herd.Side.RED)

    def cancel_computer(self) -> None:
        if self.pending is not None:
            self.root.after_cancel(self.pending)
            self.pending = None

    # -------------------------------------------------------------- input

    def on_key(self, event: tk.Event) -> None:
        if self.game is None or not self.game_frame.winfo_ismapped():
            return
        ch = event.char or event.keysym
        if len(ch) != 1:
            return
        if ch.isdigit():
            number = int(ch) or 10
            self.select(number)
        elif "a" <= ch <= "z" and self.selected is not None:
            k = ord(ch) - ord("a")
            if k < len(self.targets):
                self.play(self.targets[k])

    def on_click(self, event: tk.Event) -> None:
        g = self.game
        side = self.human_side()
        if g is None or side is None:
            return
        col, row = int((event.x - MARGIN) // CELL), int((event.y - MARGIN) // CELL)
        for m in self.targets:
            if g.move_coords(m)[1] == (row, col):
                self.play(m)
                return
        opt = g.options
        if not (0 <= row < opt["h"] and 0 <= col < opt["w"]):
            return
        who = g.at((row, col))
        if who is not None and who[0] is side:
            self.select(who[1])


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description="Herd of Horses in a window")
    parser.add_argument("--seed", type=int, help="the seed of every new game (default: random)")
    args = parser.parse_args(argv[1:])
    try:
        root = tk.Tk()
    except tk.TclError as e:  # no X display to open the window on
        print("horses_window.py needs a display (set DISPLAY or run under xvfb-run): %s" % e,
              file=sys.stderr)
        return 1
    HorsesWindow(root, seed=args.seed)
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
