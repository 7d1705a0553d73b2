"""herd.env: libherd's games as PettingZoo AEC environments.

    from herd.env import HerdEnv
    env = HerdEnv("fox", sideways=1, max_moves=500)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)
        env.step(action)

With PettingZoo and Gymnasium importable, HerdEnv is a pettingzoo.AECEnv and
its spaces are gymnasium's (PettingZoo's api_test, seed_test and render_test
pass); without them it is a stand-in of the same shape, and Discrete, Box and
a plain dict stand in for gymnasium.spaces.Discrete, Box and Dict, and the
first HerdEnv of the process says so in a warning (UserWarning) with the way
to install them.

The agents are the game's sides by name ("fox", "geese"); agent_selection is
the side to act, which acts again when its turn goes on (hex's removals and
placements, a fox's jump chain). Actions are the game's fixed action space
0..N-1 (herd_num_actions()). observe(agent) gives {"observation": the
position from the agent's point of view (planes x rows x columns floats),
"action_mask": N values, 1 for the legal actions of the agent to act, all 0
for the other}. Chance events (hex's dice) are rolled inside with the
game's own generator, seeded by reset(seed=...). The winner's reward is +1,
the loser's -1, a draw's 0, given when the game ends. max_moves truncates a
game after that many actions of the agents; by default games whose rules
bound no length are cut (horses and fox with sideways=1 after 1,000
actions, hex after 20 per cell) and the others are not. As in PettingZoo,
once an agent is terminated or truncated it still comes up in agent_iter(),
and step(None) removes it; the loop ends when no agent is left, and then
last() and step() raise StateError until reset().

With numpy importable (and numpy=None, the default, or numpy=True), the
observation is a float32 array of shape (planes, rows, columns) and the mask
an int8 array (the dtype gymnasium's Discrete.sample(mask) requires; herd.Game's
legal_mask() gives uint8); without it (or with numpy=False), a flat
array('f') and bytes.

render_mode: None, "ansi" (render() returns the board as text), "human"
(render() prints it and returns None; step() renders too) or, with numpy,
"rgb_array" (render() returns the observation of the first agent drawn as an
RGB uint8 array: 16 pixels a cell, one colour a plane).
"""
from __future__ import annotations

import random
import warnings
from typing import Any, Dict, Iterator, List, Optional, Tuple

from . import _capi as C
from ._errors import ArgumentError, StateError, install_hint, require_numpy
from ._game import Game, check_int, default_max_moves, options_dict

__all__ = ["HerdEnv", "Discrete", "Box", "PEERS"]

# PEERS: True when PettingZoo and gymnasium were importable, and HerdEnv is an AECEnv.
try:
    from gymnasium import spaces as _spaces
    from pettingzoo import AECEnv as _Base
    PEERS = True
except ImportError:
    _spaces = None
    _Base = object
    PEERS = False

# Whether the stand-in was announced (once a process: _warn_without_peers()).
_announced = False


def _warn_without_peers() -> None:
    """Says once that HerdEnv is the stand-in, not a pettingzoo.AECEnv."""
    global _announced
    if PEERS or _announced:
        return
    _announced = True
    warnings.warn("PettingZoo and Gymnasium are not importable here: herd.env.HerdEnv is a "
                  "stand-in of the same shape, not a pettingzoo.AECEnv, and its spaces are "
                  "not gymnasium's; install them with: "
                  + install_hint("pettingzoo gymnasium", None),
                  UserWarning, stacklevel=3)


class _Discrete:
    """The actions 0..n-1, as gymnasium.spaces.Discrete."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        self.n = n
        self.start = 0
        self.shape: Tuple[int, ...] = ()
        self.dtype = "int64"
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Seeds sample()'s generator."""
        self._rng.seed(seed)

    def sample(self, mask: Any = None) -> int:
        """An action drawn uniformly; with a mask, among those it marks 1."""
        if mask is None:
            return self._rng.randrange(self.n)
        allowed = [i for i in range(self.n) if mask[i]]
        if not allowed:
            raise ValueError("the mask allows no action")
        return self._rng.choice(allowed)

    def contains(self, x: Any) -> bool:
        """True for an int in 0..n-1."""
        return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < self.n

    __contains__ = contains

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Discrete) and other.n == self.n


class _Box:
    """Values between low and high in a shape, as gymnasium.spaces.Box."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: str) -> None:
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def seed(self, seed: Optional[int] = None) -> None:
        """Does nothing: the stand-in draws no samples."""

    def __repr__(self) -> str:
        return "Box(%g, %g, %r, %s)" % (self.low, self.high, self.shape, self.dtype)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Box) and (other.low, other.high, other.shape, other.dtype) == (
            self.low, self.high, self.shape, self.dtype)


Discrete: Any = _spaces.Discrete if _spaces is not None else _Discrete
Box: Any = _spaces.Box if _spaces is not None else _Box

# The colours of rgb_array's planes (one a plane, in turn) and of the empty cells.
_PALETTE = ((40, 40, 40), (230, 230, 230), (200, 40, 40), (40, 90, 200), (240, 180, 30),
            (40, 160, 70), (150, 60, 170), (90, 200, 200))
_CELLS = ((205, 170, 125), (180, 140, 95))
_CELL_PIXELS = 16


class HerdEnv(_Base):  # type: ignore[misc,valid-type]
    """A game of libherd as a PettingZoo AEC environment (see the module)."""

    def __init__(self, name: str, max_moves: Optional[int] = None,
                 render_mode: Optional[str] = None, numpy: Optional[bool] = None,
                 **options: Any) -> None:
        """The game `name` with its `options` (as herd.Game takes them, as
        keywords or as options=, a text or a mapping; `seed` is the first
        episode's seed); max_moves: the cut (None: the
        game's default, see the module); render_mode: None, "ansi", "human"
        or "rgb_array"; numpy: numpy arrays (None: when importable)."""
        _warn_without_peers()
        super().__init__()
        if numpy is None:
            try:
                require_numpy("numpy=True")
                numpy = True
            except ImportError:
                numpy = False
        self._np = require_numpy("numpy=True") if numpy else None
        modes = ["human", "ansi", "rgb_array"]
        if render_mode is not None and render_mode not in modes:
            raise ArgumentError(C.E_ARG, "render_mode %r is not None or one of %s"
                                % (render_mode, ", ".join(map(repr, modes))))
        if render_mode == "rgb_array" and self._np is None:
            require_numpy('render_mode "rgb_array"')  # where numpy is missing: how to get it
            raise ArgumentError(C.E_ARG, 'render_mode "rgb_array" needs numpy=True')
        self._name = name
        self._options = options_dict(None, options)  # options= (a text or a mapping) too
        self._seed = self._options.pop("seed", 0)
        if isinstance(self._seed, str) and self._seed.isdigit():  # from an options text
            self._seed = int(self._seed)
        self._game = Game(name, seed=self._seed, **self._options)
        self.max_moves = (default_max_moves(name, self._options) if max_moves is None
                          else check_int(max_moves, "max_moves", 1))
        self.render_mode = render_mode
        self.possible_agents: List[str] = [str(s) for s in self._game.sides]
        self._shape = self._game.observation_shape
        self._n = self._game.num_actions
        self.metadata = {"name": "herd_%s_v0" % name, "render_modes":
                         modes if self._np is not None else modes[:2],  # rgb_array: numpy
                         "is_parallelizable": False}
        self._action_spaces = {a: Discrete(self._n) for a in self.possible_agents}
        self._observation_spaces = {a: self._observation_space() for a in self.possible_agents}
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection: Optional[str] = None
        self._moves = 0
        self._reset_before = False

    def _observation_space(self) -> Any:
        if _spaces is None:
            return {"observation": _Box(0.0, 1.0, self._shape, "float32"),
                    "action_mask": _Box(0, 1, (self._n,), "int8")}
        np = require_numpy("the gymnasium spaces")
        return _spaces.Dict({"observation": _spaces.Box(0.0, 1.0, self._shape, np.float32),
                             "action_mask": _spaces.Box(0, 1, (self._n,), np.int8)})

    # ---------------------------------------------------------------- spaces

    def observation_space(self, agent: str) -> Any:
        """{"observation": Box of the planes, "action_mask": Box of N int8}
        (a gymnasium Dict with gymnasium; a dict of stand-ins without)."""
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Any:
        """Discrete(N): the game's action space."""
        return self._action_spaces[self._agent(agent)]

    @property
    def num_agents(self) -> int:
        """The agents left in the episode."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """2: the game's sides."""
        return len(self.possible_agents)

    @property
    def game(self) -> Game:
        """The herd.Game being played (the binding's full API)."""
        return self._game

    @property
    def unwrapped(self) -> "HerdEnv":
        """The env itself (it wraps nothing)."""
        return self

    def __str__(self) -> str:
        """The env's name, herd_NAME_v0."""
        return self.metadata["name"]

    def _agent(self, agent: str) -> str:
        if agent not in self.possible_agents:
            raise ArgumentError(C.E_ARG, "%r is no agent of %s: %s" % (
                agent, self._name, ", ".join(self.possible_agents)))
        return agent

    # ----------------------------------------------------------- the episode

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a game: with `seed` as its generator's seed (its dice and
        computer players) and the action spaces' seed, else the next seed
        after the last episode's (the options' seed, or 0, for the first)."""
        if seed is not None:
            seed = check_int(seed, "seed", 0, C.UINT64_MAX)
            self._seed = seed
        elif self._reset_before:
            self._seed = (self._seed + 1) % (C.UINT64_MAX + 1)
        self._reset_before = True
        self._game.close()
        self._game = Game(self._name, seed=self._seed, **self._options)
        for space in self._action_spaces.values():
            space.seed(self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._moves = 0
        self._roll()
        self.agent_selection = self._side_to_act()

    def _roll(self) -> None:
        """Rolls the dice while a chance event waits, with the game's generator."""
        while self._game.is_chance:
            self._game.roll()

    def _side_to_act(self) -> str:
        side = self._game.side_to_move
        return str(side) if side is not None else self.possible_agents[0]

    def _selected(self) -> str:
        """agent_selection; ArgumentError before reset(), StateError once
        every agent is gone."""
        if self.agent_selection is None:
            raise ArgumentError(C.E_ARG, "call reset() first")
        if not self.agents:
            raise StateError(C.E_STATE, "the episode is over: every agent is done; call "
                             "reset() for another")
        return self.agent_selection

    def observe(self, agent: str) -> Dict[str, Any]:
        """{"observation": the position from `agent`'s point of view,
        "action_mask": its legal actions, all 0 when it is not to act}."""
        side = self.possible_agents.index(self._agent(agent))
        g = self._game
        to_act = self.agents and agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent))
        np = self._np
        if np is not None:
            obs = g.observation(side, numpy=True)
            mask = (g.legal_mask(numpy=True).view(np.int8) if to_act
                    else np.zeros(self._n, dtype=np.int8))
        else:
            obs = g.observation(side)
            mask = g.legal_mask() if to_act else bytes(self._n)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        """(observation, reward since the agent last acted, termination,
        truncation, info) of agent_selection; StateError when no agent is left."""
        agent = self._selected()
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Optional[int]) -> None:
        """Plays `action` for agent_selection; None for an agent that is
        terminated or truncated, which removes it. An illegal action raises
        IllegalMoveError and changes nothing; StateError when no agent is left."""
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ArgumentError(C.E_ARG, "%s is to act: None is only for an agent that is "
                                "done" % agent)
        self._game.apply_action(action)
        self._moves += 1
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._roll()
        status = self._game.status
        if status.is_over:
            for a in self.agents:
                self.terminations[a] = True
                if status.side is not None:
                    self.rewards[a] = 1.0 if a == str(status.side) else -1.0
            self.agent_selection = self._after(agent)
        else:
            if self.max_moves is not None and self._moves >= self.max_moves:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self._side_to_act()
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        if self.render_mode == "human":
            self.render()

    def _after(self, agent: str) -> str:
        """The agent after `agent` in turn order, among those left."""
        i = self.agents.index(agent)
        return self.agents[(i + 1) % len(self.agents)]

    def _was_dead_step(self, action: Optional[int]) -> None:
        if action is not None:
            raise ArgumentError(C.E_ARG, "%s is done: the only action is None"
                                % self.agent_selection)
        agent = self.agent_selection
        nxt = self._after(agent) if len(self.agents) > 1 else None
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            del table[agent]
        self.agent_selection = nxt if nxt is not None else agent
        for a in self.agents:
            self.rewards[a] = 0.0

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """agent_selection, as long as agents are left (at most max_iter times);
        step() once at each."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection  # type: ignore[misc]

    # ---------------------------------------------------------------- the rest

    def state(self) -> Any:
        """A global view: the observation from the first agent's point of view."""
        return self.observe(self.possible_agents[0])["observation"]

    def render(self) -> Any:
        """By render_mode: "ansi" (and None) the board as text (herd_show()),
        "human" prints it and returns None, "rgb_array" the first agent's
        observation drawn as a rows*16 x columns*16 x 3 uint8 array."""
        if self.render_mode == "rgb_array":
            return self._rgb()
        text = self._game.show()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _rgb(self) -> Any:
        np = self._np
        obs = self._game.observation(0, numpy=True)
        planes, rows, cols = obs.shape
        # The empty board: cells in two shades, as a chequer.
        shade = (np.add.outer(np.arange(rows), np.arange(cols)) % 2).astype(np.intp)
        image = np.array(_CELLS, dtype=np.float32)[shade]
        # Each plane's colour over the cells it marks (its value the weight),
        # inside a margin; the first planes (the pieces) on top of the later
        # (such as all-ones planes of the side to move).
        inner = np.zeros((rows, cols, 3), dtype=np.float32) + image
        for p in reversed(range(planes)):
            weight = obs[p][:, :, None]
            inner = inner * (1 - weight) + np.array(_PALETTE[p % len(_PALETTE)],
                                                    dtype=np.float32) * weight
        px = _CELL_PIXELS
        big = np.repeat(np.repeat(image, px, axis=0), px, axis=1)
        dots = np.repeat(np.repeat(inner, px, axis=0), px, axis=1)
        edge = np.zeros(px, dtype=bool)
        edge[3:px - 3] = True
        keep = np.tile(edge, rows)[:, None] & np.tile(edge, cols)[None, :]
        big[keep] = dots[keep]
        return big.round().astype(np.uint8)

    def close(self) -> None:
        """Frees the game (reset() makes another)."""
        self._game.close()
