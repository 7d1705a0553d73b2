"""herd.batch: many games of one kind stepped together in C, for self-play and training.

    import herd
    batch = herd.Batch("flock", 1024, seed=1, w=7)
    obs = batch.observations()            # (1024, planes, rows, columns) float32
    for _ in range(1000):
        masks = batch.masks()             # (1024, num_actions) uint8, 1 = legal
        actions = batch.random_actions()  # or the policy's choices under the masks
        rewards, done = batch.step(actions)
    batch.close()

A Batch holds n games of one game and options in one C allocation
(herd_batch_new(), include/herd/batch.h); each method is one C call for all
n games. Actions are the game's fixed action space 0..num_actions-1, as
Game.apply_action() takes them. The caller only ever sees decision nodes:
chance events (hex's dice) are drawn inside step() and at each game's start
from the game's own generator, and a game that ends, or reaches max_length
actions, is started anew within the same step with a seed drawn from the
batch's generator; the masks, observations and players are then the new
game's. The batch's seed decides everything: the games' seeds and the
random actions, so the same seed and calls give the same games.

step(actions) returns (rewards, done): rewards a float32 array of shape
(n, 2), the reward of side 0 and side 1 of each game in this step, as
herd.spiel's returns(): +1 to the winner and -1 to the loser of a game that
ended, 0 to both on a draw and otherwise; done a uint8 array of shape (n,):
BATCH_GOING (0), BATCH_ENDED (1, the game ended and a new one started) or
BATCH_TRUNCATED (2, it reached max_length, rewards 0, and a new one
started). An action out of range or illegal in one game raises
ArgumentError or IllegalMoveError naming the game, and no game moves.

numpy is needed for Batch (ImportError without it); the rest of the package
works without it.
"""
from __future__ import annotations

import threading
from ctypes import byref, c_size_t, create_string_buffer, sizeof
from typing import Any, Optional, Tuple

from . import _capi as C
from ._errors import ArgumentError, GameClosedError, error_for
from ._game import Game, _options_text, check_int, encode
from ._library import library

__all__ = ["Batch", "BATCH_GOING", "BATCH_ENDED", "BATCH_TRUNCATED"]

BATCH_GOING = C.BATCH_GOING
BATCH_ENDED = C.BATCH_ENDED
BATCH_TRUNCATED = C.BATCH_TRUNCATED

_SIZE_MAX = (1 << (8 * sizeof(c_size_t))) - 1


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("herd.Batch needs numpy, which is not importable here "
                          "(Debian: apt install python3-numpy)") from None
    return numpy


class Batch:
    """n games of the game `name` with the given options, stepped together
    by one C call per step (herd_batch_new()). `seed` seeds the batch's
    generator, from which every game's seed and the random actions are
    drawn; `max_length` (0: no limit) stops a game after that many actions
    as BATCH_TRUNCATED, for games that can go on for ever (fox with
    sideways=1). The options are those of herd.Game but `seed`; name and n
    are given by position, so that horses' option n is an option:
    Batch("horses", 1024, n=6)."""

    def __init__(self, name: str, n: int, /, seed: int = 0, max_length: int = 0,
                 **options: Any) -> None:
        self._h: Optional[int] = None
        self._lock = threading.Lock()
        np = self._np = _numpy()
        lib = self._lib = library()
        n = check_int(n, "the number of games", 1, _SIZE_MAX)
        seed = check_int(seed, "seed", 0, C.UINT64_MAX)
        max_length = check_int(max_length, "max_length", 0, C.UINT32_MAX)
        new = lib.function("herd_batch_new")
        self._free = lib.function("herd_batch_free")
        handle = C.batch_p()
        err = C.herd_error()
        rc = new(encode(name, "the game's name"),
                 encode(_options_text(None, options), "the options"), n, seed, max_length,
                 None, None, byref(handle), byref(err))
        if rc != C.OK:
            raise error_for(rc, err.message.decode(errors="replace"), lib.strerror(rc))
        self._h = handle.value
        f = lib.function
        self._game = f("herd_batch_game")
        self._error = f("herd_batch_last_error")
        self._masks = f("herd_batch_masks")
        self._observations = f("herd_batch_observations")
        self._sides = f("herd_batch_sides")
        self._random = f("herd_batch_random_actions")
        self._step = f("herd_batch_step")
        g0 = self._game(self._h, 0)
        self.name: str = name
        self.n: int = n
        self.num_actions: int = f("herd_num_actions")(g0)
        shape = (c_size_t * 3)()
        f("herd_observation_shape")(g0, shape)
        self.observation_shape: Tuple[int, int, int] = (shape[0], shape[1], shape[2])
        self._action_type = np.dtype(np.uintp)

    # ----------------------------------------------------------- lifetime

    def close(self) -> None:
        """Frees the batch (herd_batch_free), after any call in flight in
        another thread has returned. Closing again is harmless."""
        with self._lock:
            h, self._h = self._h, None
            if h is not None:
                self._free(h)

    def __del__(self) -> None:
        if getattr(self, "_h", None) is not None:
            self.close()

    def __enter__(self) -> "Batch":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __len__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        state = "" if self._h is not None else " closed"
        return "<herd.Batch %s x %d%s>" % (self.name, self.n, state)

    def _handle(self) -> int:
        h = self._h
        if h is None:
            raise GameClosedError("the batch is closed")
        return h

    def _check(self, h: int, rc: int) -> None:
        if rc < 0:
            message = self._error(h).decode(errors="replace")
            if rc == C.E_RANGE:  # an action number out of range, as Game.apply_action()
                rc = C.E_ARG
            raise error_for(rc, message, self._lib.strerror(rc))

    # ------------------------------------------------------------ reading

    def masks(self) -> Any:
        """The legal actions of every game: a uint8 array (n, num_actions), 1
        for a legal action (herd_batch_masks)."""
        out = self._np.empty((self.n, self.num_actions), dtype=self._np.uint8)
        with self._lock:
            h = self._handle()
            self._check(h, self._masks(h, out.ctypes.data, out.size, None))
        return out

    def observations(self) -> Any:
        """Every game's observation from its side to act: a float32 array (n,
        planes, rows, columns), each as Game.observation() gives it
        (herd_batch_observations)."""
        out = self._np.empty((self.n,) + self.observation_shape, dtype=self._np.float32)
        with self._lock:
            h = self._handle()
            self._check(h, self._observations(h, out.ctypes.data, out.size, None))
        return out

    def players(self) -> Any:
        """The side to act of every game, 0 or 1: an int32 array (n,)
        (herd_batch_sides)."""
        out = self._np.empty(self.n, dtype=self._np.intc)
        with self._lock:
            h = self._handle()
            self._check(h, self._sides(h, out.ctypes.data, self.n))
        return out

    def random_actions(self) -> Any:
        """A uniformly random legal action of every game, drawn in C from the
        batch's generator: an intp (int64) array (n,) (herd_batch_random_actions)."""
        out = self._np.empty(self.n, dtype=self._action_type)
        with self._lock:
            h = self._handle()
            self._check(h, self._random(h, out.ctypes.data, self.n))
        return out.view(self._np.intp)

    def game(self, i: int) -> Game:
        """A herd.Game that is a copy of game i as it stands (its save loaded
        into a new game), to read, show or search from; the batch does not
        change with it."""
        i = check_int(i, "the game", 0, self.n - 1)
        buf = create_string_buffer(C.MAX_SAVE_TEXT)
        length = c_size_t()
        with self._lock:
            g = self._game(self._handle(), i)
            rc = self._lib.c.herd_save(g, buf, len(buf), byref(length))
            if rc != C.OK:
                raise error_for(rc, None, self._lib.strerror(rc))
        return Game.from_save(buf.value.decode())

    # --------------------------------------------------------------- step

    def step(self, actions: Any) -> Tuple[Any, Any]:
        """Plays actions[i] in game i, for every game, then the chance events
        that follow; a game that ends (or reaches max_length) starts anew
        (herd_batch_step). `actions` is n action numbers (a sequence or an
        integer array). Returns (rewards, done): float32 (n, 2), the reward
        of each side, and uint8 (n,), BATCH_GOING, BATCH_ENDED or
        BATCH_TRUNCATED. On an action out of range (ArgumentError) or
        illegal (IllegalMoveError) in any game, no game moves."""
        np = self._np
        a = np.asarray(actions)
        if a.ndim != 1:
            raise ArgumentError(C.E_ARG, "actions: one action per game, shape (%d,), not %s"
                                % (self.n, a.shape))
        if a.dtype != self._action_type:
            kind = a.dtype.kind
            if kind not in "iu" and a.size:
                raise TypeError("actions must be integers, not %s" % a.dtype)
            if kind == "i" and a.size and a.min() < 0:
                i = int(np.argmax(a < 0))
                raise ArgumentError(C.E_ARG, "game %d: action %d is out of range 0..%d"
                                    % (i, int(a[i]), self.num_actions - 1))
            # The signed integers of the same size as size_t (random_actions()'
            # intp) are read in place: none is negative.
            same = kind == "i" and a.dtype.itemsize == self._action_type.itemsize
            a = a.view(self._action_type) if same else a.astype(self._action_type)
        a = np.ascontiguousarray(a)
        rewards = np.empty((self.n, 2), dtype=np.float32)
        done = np.empty(self.n, dtype=np.uint8)
        with self._lock:
            h = self._handle()
            self._check(h, self._step(h, a.ctypes.data, len(a), rewards.ctypes.data,
                                      done.ctypes.data))
        return rewards, done
