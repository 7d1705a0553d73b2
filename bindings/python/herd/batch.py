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

Every method that returns arrays takes `out=`, arrays of its results'
shape and dtype (C-contiguous and writeable) to fill instead of new ones,
for loops that step many times: masks(out=m), random_actions(out=a),
step(a, out=(rewards, done)).

More games than the machine's memory (or RLIMIT_AS) are refused before
anything is allocated, with OutOfMemoryError saying the bytes they need and
how many games fit.

numpy is needed for Batch (ImportError without it); the rest of the package
works without it.
"""
from __future__ import annotations

import os
import threading
from ctypes import CFUNCTYPE, byref, c_size_t, c_void_p, create_string_buffer, sizeof
from typing import Any, Optional, Tuple

from . import _capi as C
from ._errors import (ArgumentError, GameClosedError, IllegalMoveError, OutOfMemoryError,
                      error_for, require_numpy)
from ._game import Game, _options_text, check_int, encode, not_an_action
from ._library import library
from ._registry import creation_error

__all__ = ["Batch", "BATCH_GOING", "BATCH_ENDED", "BATCH_TRUNCATED"]

BATCH_GOING = C.BATCH_GOING
BATCH_ENDED = C.BATCH_ENDED
BATCH_TRUNCATED = C.BATCH_TRUNCATED
# The most legal actions an illegal action's message lists.
_SHOWN = 20

_SIZE_MAX = (1 << (8 * sizeof(c_size_t))) - 1

# herd_alloc_fn, for the allocator that only notes what a batch asks for.
_ALLOC = CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_size_t, c_size_t)


def _memory() -> Optional[Tuple[int, str]]:
    """The most bytes a batch may take here, and what sets it: the
    machine's memory, or the process's address-space limit when lower;
    None when the system says neither. herd_batch_new() writes every game
    at once, so a batch larger than the memory would not fail: the system
    would swap, or end the process."""
    limits = []
    try:
        limits.append((os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"),
                       "this machine's memory"))
    except (AttributeError, ValueError, OSError):
        pass
    try:
        import resource
        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:
            limits.append((soft, "this process's address-space limit (RLIMIT_AS)"))
    except (ImportError, AttributeError, ValueError, OSError):
        pass
    return min(limits) if limits else None


def _asked(new: Any, game: bytes, options: bytes, n: int) -> Tuple[int, Any, int]:
    """herd_batch_new() with an allocator that refuses: its code, its
    herd_error and the bytes it asked for in its one allocation (0 when it
    asked for none: n games do not fit in a size_t, or it refused first)."""
    asked = [0]

    def refuse(ud: Any, ptr: Any, old: int, size: int) -> None:
        asked[0] = size
        return None

    alloc = _ALLOC(refuse)
    err = C.herd_error()
    rc = new(game, options, n, 0, 0, alloc, None, byref(C.batch_p()), byref(err))
    return rc, err, asked[0]


def _too_large(new: Any, game: bytes, options: bytes, what: str, n: int, need: int,
               limit: Optional[Tuple[int, str]]) -> Optional[str]:
    """Why n games do not fit (need: their bytes, 0 for more than a size_t
    holds), with how many would; None when they fit within the limit."""
    if need and (limit is None or need <= limit[0]):
        return None
    # A game's bytes from 1 and 1 + 1024 games: the rounding of each part
    # of the allocation to its alignment shrinks to nothing.
    one, more = (_asked(new, game, options, k)[2] for k in (1, 1 + 1024))
    each = (more - one) / 1024
    if not need:
        return ("the batch is too large: %d games of %s need more bytes than a size_t holds "
                "(%d; %.0f bytes a game): about %d games fit in it"
                % (n, what, _SIZE_MAX, each, (_SIZE_MAX - one) // each))
    assert limit is not None
    return ("out of memory for the batch: %d games of %s need %d bytes (%.0f bytes a game), "
            "over %s of %d bytes: about %d games fit"
            % (n, what, need, each, limit[1], limit[0], max(limit[0] - one, 0) // each))


class Batch:
    """n games of the game `name` with the given options, stepped together
    by one C call per step (herd_batch_new()). `seed` seeds the batch's
    generator, from which every game's seed and the random actions are
    drawn; `max_length` (0: no limit) stops a game after that many actions
    as BATCH_TRUNCATED, for games that can go on for ever (fox with
    sideways=1). The options are those of herd.Game but `seed`: keywords
    and/or a text or a mapping as options= (the third place is seed's);
    name and n are given by position, so that horses' option n is an
    option: Batch("horses", 1024, n=6)."""

    def __init__(self, name: str, n: int, /, seed: int = 0, max_length: int = 0,
                 **kw: Any) -> None:
        self._h: Optional[int] = None
        self._lock = threading.Lock()
        np = self._np = require_numpy("herd.Batch")
        lib = self._lib = library()
        n = check_int(n, "the number of games", 1, _SIZE_MAX)
        seed = check_int(seed, "seed", 0, C.UINT64_MAX)
        max_length = check_int(max_length, "max_length", 0, C.UINT32_MAX)
        new = lib.function("herd_batch_new")
        self._free = lib.function("herd_batch_free")
        text = _options_text(None, kw, name)
        game_b, options_b = encode(name, "the game's name"), encode(text, "the options")
        # First what the batch would ask for, against the memory there is:
        # the library's refusal says neither.
        rc, err, need = _asked(new, game_b, options_b, n)
        if rc == C.E_NOMEM:
            what = name + (" " + text if text else "")
            limit = _memory()
            why = _too_large(new, game_b, options_b, what, n, need, limit)
            if why is not None:
                raise OutOfMemoryError(C.E_NOMEM, why)
            handle = C.batch_p()
            rc = new(game_b, options_b, n, seed, max_length, None, None, byref(handle),
                     byref(err))
            if rc == C.E_NOMEM:  # the library's message says the bytes refused
                raise OutOfMemoryError(C.E_NOMEM, err.message.decode(errors="replace"))
        if rc != C.OK:
            raise creation_error(lib, rc, err.message.decode(errors="replace"), name)
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
        self._signed_action_type = np.dtype(np.intp)
        # Each array's shape and dtype, made once: an out= array's dtype is
        # then the same object (numpy keeps one of each), found with `is`
        # where comparing with a type such as np.uint8 makes a dtype of it
        # at every call.
        self._mask_shape = (n, self.num_actions)
        self._game_shape = (n,)
        self._reward_shape = (n, 2)
        self._byte_type = np.dtype(np.uint8)
        self._float_type = np.dtype(np.float32)
        self._int_type = np.dtype(np.intc)
        # The address of the last array seen in each role, with the array
        # (held, so that the address stays its own): an out= array given
        # again skips numpy's .ctypes, a microsecond and a half a call.
        self._addresses: dict = {}

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

    # ------------------------------------------------------------ arrays

    def _address(self, role: str, a: Any) -> int:
        """The address of array a's data, from the last one of the role when
        a is that array."""
        seen = self._addresses.get(role)
        if seen is not None and seen[0] is a:
            return seen[1]
        address = a.ctypes.data
        self._addresses[role] = (a, address)
        return address

    def _out(self, role: str, out: Any, shape: Tuple[int, ...], dtype: Any,
             also: Any = None) -> Tuple[Any, int]:
        """A new array of the shape and dtype, or `out` checked to be one (or
        of dtype `also`, the same bytes read another way), with its address."""
        np = self._np
        if out is None:
            out = np.empty(shape, dtype=dtype)
            return out, out.ctypes.data
        if type(out) is np.ndarray and out.shape == shape:
            dt, flags = out.dtype, out.flags
            if ((dt is dtype or dt is also or dt == dtype or (also is not None and dt == also))
                    and flags.c_contiguous and flags.writeable):
                return out, self._address(role, out)
        given = "%s %s" % (getattr(out, "shape", ""), getattr(out, "dtype", type(out).__name__))
        raise ArgumentError(C.E_ARG, "%s: out must be a writeable C-contiguous numpy array "
                            "of shape %s and dtype %s, not %s"
                            % (role, shape, np.dtype(dtype).name, given))

    # ------------------------------------------------------------ reading

    def masks(self, out: Any = None) -> Any:
        """The legal actions of every game: a uint8 array (n, num_actions), 1
        for a legal action (herd_batch_masks); into `out` when given."""
        out, address = self._out("masks", out, self._mask_shape, self._byte_type)
        with self._lock:
            h = self._handle()
            self._check(h, self._masks(h, address, out.size, None))
        return out

    def observations(self, out: Any = None) -> Any:
        """Every game's observation from its side to act: a float32 array (n,
        planes, rows, columns), each as Game.observation() gives it
        (herd_batch_observations); into `out` when given."""
        out, address = self._out("observations", out, (self.n,) + self.observation_shape,
                                 self._float_type)
        with self._lock:
            h = self._handle()
            self._check(h, self._observations(h, address, out.size, None))
        return out

    def players(self, out: Any = None) -> Any:
        """The side to act of every game, 0 or 1: an int32 array (n,)
        (herd_batch_sides); into `out` when given."""
        out, address = self._out("players", out, self._game_shape, self._int_type)
        with self._lock:
            h = self._handle()
            self._check(h, self._sides(h, address, self.n))
        return out

    def random_actions(self, out: Any = None) -> Any:
        """A uniformly random legal action of every game, drawn in C from the
        batch's generator: an intp (int64) array (n,) (herd_batch_random_actions);
        into `out` (intp or uintp) when given."""
        out, address = self._out("actions", out, self._game_shape, self._signed_action_type,
                                 self._action_type)
        with self._lock:
            h = self._handle()
            self._check(h, self._random(h, address, self.n))
        return out

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

    def step(self, actions: Any, out: Any = None) -> Tuple[Any, Any]:
        """Plays actions[i] in game i, for every game, then the chance events
        that follow; a game that ends (or reaches max_length) starts anew
        (herd_batch_step). `actions` is n action numbers (a sequence or an
        integer array). Returns (rewards, done): float32 (n, 2), the reward
        of each side, and uint8 (n,), BATCH_GOING, BATCH_ENDED or
        BATCH_TRUNCATED; into the two arrays of `out` when given. On an
        action out of range (ArgumentError) or illegal (IllegalMoveError) in
        any game, no game moves."""
        np = self._np
        a = actions
        dt = getattr(a, "dtype", None)
        if (type(a) is np.ndarray and (dt is self._signed_action_type or dt is self._action_type)
                and a.ndim == 1 and a.flags.c_contiguous):
            # random_actions()' arrays, read in place: a negative intp reads
            # as a number out of range, which the C call refuses (below).
            address = self._address("actions", a)
        else:
            a = self._actions_array(a)
            address = a.ctypes.data
        if out is not None and (type(out) is not tuple or len(out) != 2):
            raise ArgumentError(C.E_ARG, "step: out must be a tuple (rewards, done), not %r"
                                % (type(out).__name__,))
        rewards, done = (None, None) if out is None else out
        rewards, rewards_at = self._out("rewards", rewards, self._reward_shape, self._float_type)
        done, done_at = self._out("done", done, self._game_shape, self._byte_type)
        with self._lock:
            h = self._handle()
            rc = self._step(h, address, len(a), rewards_at, done_at)
            if rc == C.E_RANGE:
                self._refuse_out_of_range(a)
            if rc == C.E_ILLEGAL:
                self._refuse_illegal(h, a)
            self._check(h, rc)
        return rewards, done

    def _refuse_illegal(self, h: int, a: Any) -> None:
        """IllegalMoveError naming the first game whose action its mask
        forbids and that game's legal actions: the caller's terms, where the
        library's message tells of the game's inner state (its dice). Called
        under the batch's lock, with its handle `h`."""
        np = self._np
        mask = np.empty(self._mask_shape, self._byte_type)
        if self._masks(h, mask.ctypes.data, mask.size, None) != C.OK:
            return
        bad = mask[np.arange(self.n), a] == 0
        if bad.any():
            i = int(np.argmax(bad))
            legal = np.flatnonzero(mask[i]).tolist()
            shown = ", ".join(map(str, legal[:_SHOWN]))
            if len(legal) > _SHOWN:
                shown += ", ... (%d in all)" % len(legal)
            raise IllegalMoveError(C.E_ILLEGAL, "action %d is not legal in game %d; its legal "
                                   "actions are %s" % (int(a[i]), i, shown or "none"))

    def _actions_array(self, actions: Any) -> Any:
        """The actions as a contiguous uintp array, checked: one dimension,
        integers, none negative."""
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
                self._refuse_out_of_range(a)
            # The native signed integers of size_t's size (random_actions()'
            # intp) are read in place: none is negative. Any other (another
            # size, another byte order) is converted by value.
            same = (kind == "i" and a.dtype.itemsize == self._action_type.itemsize
                    and a.dtype.isnative)
            a = a.view(self._action_type) if same else a.astype(self._action_type)
        return np.ascontiguousarray(a)

    def _refuse_out_of_range(self, a: Any) -> None:
        """ArgumentError naming the first game whose action is out of range
        (negative or num_actions and above), as Game.apply_action() says it."""
        np = self._np
        n = self.num_actions
        bad = a >= n
        if a.dtype.kind == "i":
            bad |= a < 0
        if a.size and bad.any():
            i = int(np.argmax(bad))
            raise ArgumentError(C.E_ARG, "game %d: %s"
                                % (i, not_an_action(int(a[i]), self.name, n)))
