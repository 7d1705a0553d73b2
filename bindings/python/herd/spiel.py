"""herd.spiel: libherd's games shaped like OpenSpiel's pyspiel, without it.

    from herd import spiel
    game = spiel.load_game("hex", size=5)    # or load_game("hex(size=5)")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(random.choices(actions, probs)[0])
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())                   # [1.0, -1.0]

An algorithm written for pyspiel's Game and State runs on these: the same
method names, arguments and conventions. Actions are the game's fixed action
space 0..num_distinct_actions()-1 (herd_action_index()); a chance event (hex's
dice) is a chance node (current_player() == PlayerId.CHANCE, -1) whose
outcomes are actions 0..20 of that space, with their probabilities; an ended
game is terminal (PlayerId.TERMINAL, -4) and returns +1 to the winner, -1 to
the loser, 0 to both on a draw. In hex a turn is several actions of one side
(the removals, the placements): current_player() stays that side until the
turn passes. The games have perfect information: the information state is
the observation. Beyond pyspiel, State.playouts() plays batched random or
computer games from the state (herd_playouts()), for the leaves of a search.
"""
from __future__ import annotations

import enum
import re
from ctypes import byref
from typing import Any, Dict, List, Optional, Tuple

from . import _capi as C
from ._errors import ArgumentError, ParseError, StateError
from ._game import Game as _HerdGame
from ._game import Playouts, check_int

__all__ = ["load_game", "registered_names", "deserialize_state", "Game", "State", "GameType",
           "PlayerId"]


class PlayerId(enum.IntEnum):
    """OpenSpiel's special player ids (spiel.h's kChancePlayerId, ...)."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class GameType:
    """The static properties of a game, as pyspiel.GameType has them."""

    class Dynamics(enum.Enum):
        SEQUENTIAL = "sequential"
        SIMULTANEOUS = "simultaneous"
        MEAN_FIELD = "mean_field"

    class ChanceMode(enum.Enum):
        DETERMINISTIC = "deterministic"
        EXPLICIT_STOCHASTIC = "explicit_stochastic"
        SAMPLED_STOCHASTIC = "sampled_stochastic"

    class Information(enum.Enum):
        ONE_SHOT = "one_shot"
        PERFECT_INFORMATION = "perfect_information"
        IMPERFECT_INFORMATION = "imperfect_information"

    class Utility(enum.Enum):
        ZERO_SUM = "zero_sum"
        CONSTANT_SUM = "constant_sum"
        GENERAL_SUM = "general_sum"
        IDENTICAL = "identical"

    class RewardModel(enum.Enum):
        REWARDS = "rewards"
        TERMINAL = "terminal"

    def __init__(self, short_name: str, long_name: str, chance: bool,
                 parameter_specification: Dict[str, Any]) -> None:
        self.short_name = short_name
        self.long_name = long_name
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.chance_mode = (GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                            else GameType.ChanceMode.DETERMINISTIC)
        self.information = GameType.Information.PERFECT_INFORMATION
        self.utility = GameType.Utility.ZERO_SUM
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = self.min_num_players = 2
        self.provides_information_state_string = True
        self.provides_information_state_tensor = True
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.parameter_specification = dict(parameter_specification)

    def __repr__(self) -> str:
        return "<GameType %r>" % self.short_name


_TITLES = {"horses": "Herd of Horses", "hex": "Herd on a hexhex board",
           "hare": "Hare and Hounds", "fox": "Fox and Geese", "flock": "Flock"}


def registered_names() -> List[str]:
    """The short names of the games load_game() takes."""
    return list(_TITLES)


_GAME_STRING = re.compile(r"([a-z_]+)(?:\((.*)\))?\Z")


def _parse_game_string(text: str) -> Tuple[str, Dict[str, str]]:
    """"fox(sideways=1,geese=15)" as ("fox", {"sideways": "1", "geese": "15"})."""
    m = _GAME_STRING.match(text)
    if not m:
        raise ParseError(C.E_PARSE, "%r is not a game string such as fox(sideways=1)" % text)
    params: Dict[str, str] = {}
    for part in filter(None, (m.group(2) or "").split(",")):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ParseError(C.E_PARSE, "%r in %r is not KEY=VALUE" % (part, text))
        params[key.strip()] = value.strip()
    return m.group(1), params


def load_game(name: str, params: Optional[Dict[str, Any]] = None, **options: Any) -> "Game":
    """The game `name` with its options, as pyspiel.load_game(): the options
    as keywords (load_game("fox", sideways=1)), as a dict
    (load_game("fox", {"sideways": 1})) or in the name (load_game("fox(sideways=1)")).
    Every game takes `seed` (its computer player's and dice generator's)."""
    short, in_name = _parse_game_string(name)
    merged: Dict[str, Any] = dict(in_name)
    merged.update(params or {})
    merged.update(options)
    return Game(short, merged)


class Game:
    """A game with its options: what pyspiel.Game answers, and
    new_initial_state()."""

    def __init__(self, name: str, params: Dict[str, Any]) -> None:
        self._name = name
        self._params = dict(params)
        proto = _HerdGame(name, **self._params)  # checks the name and options
        try:
            self._num_actions = proto.num_actions
            self._shape = list(proto.observation_shape)
            self._chance_outcomes = len(proto.chance_outcomes()) if proto.is_chance else 0
            self._type = GameType(name, _TITLES.get(name, name), proto.is_chance, self._params)
        finally:
            proto.close()

    def __str__(self) -> str:
        if not self._params:
            return self._name
        return "%s(%s)" % (self._name, ",".join("%s=%s" % kv for kv in self._params.items()))

    def __repr__(self) -> str:
        return "<herd.spiel.Game %s>" % self

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))

    def get_type(self) -> GameType:
        return self._type

    def get_parameters(self) -> Dict[str, Any]:
        return dict(self._params)

    def num_distinct_actions(self) -> int:
        """The size of the action space (herd_num_actions())."""
        return self._num_actions

    def max_chance_outcomes(self) -> int:
        """The outcomes of a chance event (hex's 21 rolls); 0 without chance."""
        return self._chance_outcomes

    def num_players(self) -> int:
        return 2

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def utility_sum(self) -> float:
        return 0.0

    def observation_tensor_shape(self) -> List[int]:
        """[planes, rows, columns] (herd_observation_shape())."""
        return list(self._shape)

    def observation_tensor_size(self) -> int:
        planes, rows, cols = self._shape
        return planes * rows * cols

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def new_initial_state(self) -> "State":
        """A new game from the start position of these options."""
        return State(self, _HerdGame(self._name, **self._params))

    def make_herd_game(self) -> _HerdGame:
        """A herd.Game of these options (the binding's full API)."""
        return _HerdGame(self._name, **self._params)


class State:
    """A position of a game: what pyspiel.State answers. It owns a herd.Game
    (herd_game), which it plays on."""

    def __init__(self, game: Game, herd_game: _HerdGame,
                 history: Optional[List[int]] = None) -> None:
        self._game = game
        self._g = herd_game
        self._history: List[int] = list(history or [])
        self._undoable = 0  # actions of the history that herd_undo() can take back
        self._status = C.herd_status()
        self._player: Optional[int] = None

    @property
    def herd_game(self) -> _HerdGame:
        """The herd.Game this state plays on."""
        return self._g

    def get_game(self) -> Game:
        return self._game

    def num_distinct_actions(self) -> int:
        return self._game.num_distinct_actions()

    def num_players(self) -> int:
        return 2

    # ------------------------------------------------------------ whose turn

    def current_player(self) -> int:
        """0 or 1 for the side to act, PlayerId.CHANCE (-1) at a chance event,
        PlayerId.TERMINAL (-4) once the game is over."""
        player = self._player
        if player is None:
            g = self._g
            with g._lock:
                h = g._handle()
                g._lib.c.herd_get_status(h, byref(self._status))
                if self._status.result != C.ONGOING:
                    player = PlayerId.TERMINAL
                elif g._lib.c.herd_is_chance(h):
                    player = PlayerId.CHANCE
                else:
                    player = self._status.side
            self._player = player = int(player)
        return player

    def is_terminal(self) -> bool:
        return self.current_player() == PlayerId.TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == PlayerId.CHANCE

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def is_simultaneous_node(self) -> bool:
        return False

    def is_mean_field_node(self) -> bool:
        return False

    def is_initial_state(self) -> bool:
        return not self._history

    # --------------------------------------------------------------- actions

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions of the player to act (or of `player`, none when
        it is not to act), ascending; at a chance node its outcomes; none
        once terminal."""
        if player is not None and player != self.current_player():
            return []
        return self._g.legal_actions()

    def legal_actions_mask(self, player: Optional[int] = None) -> List[int]:
        """1 for each legal action, 0 for the others: num_distinct_actions()
        entries, max_chance_outcomes() at a chance node."""
        size = (self._game.max_chance_outcomes() if self.is_chance_node()
                else self._game.num_distinct_actions())
        mask = [0] * size
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """The (action, probability) pairs of the chance event; the
        probabilities sum to one. StateError at a node that is no chance
        node."""
        g = self._g
        pairs = [(g.action_index(move), p) for move, p in g.chance_outcomes()]
        pairs.sort()
        return pairs

    def apply_action(self, action: int) -> None:
        """Plays an action (at a chance node: an outcome), checked: an illegal
        one raises IllegalMoveError and changes nothing."""
        self._g.apply_action(action)
        self._history.append(action)
        self._undoable += 1
        self._player = None

    apply_action_with_legality_check = apply_action

    def child(self, action: int) -> "State":
        state = self.clone()
        state.apply_action(action)
        return state

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which must be `action`, played by
        `player`, on this state (not before it was cloned)."""
        if not self._history or self._history[-1] != action:
            raise ArgumentError(C.E_ARG, "action %d is not the last action of this state"
                                % action)
        if self._undoable == 0:
            raise StateError(C.E_STATE, "action %d was played before this state was cloned"
                             % action)
        self._g.undo()
        self._history.pop()
        self._undoable -= 1
        self._player = None
        if player != self.current_player():
            self._g.apply_action(action)
            self._history.append(action)
            self._undoable += 1
            raise ArgumentError(C.E_ARG, "action %d was not played by player %d"
                                % (action, player))

    def history(self) -> List[int]:
        """The actions played since the initial state, chance outcomes included."""
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    # ----------------------------------------------------------- the result

    def returns(self) -> List[float]:
        """[+1, -1] or [-1, +1] once won, [0, 0] on a draw and while the game
        goes on."""
        if self.current_player() != PlayerId.TERMINAL or self._status.result == C.DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._status.side == 0 else [-1.0, 1.0]

    def rewards(self) -> List[float]:
        """The rewards of the last action: the returns at the end, else 0."""
        return self.returns()

    def player_return(self, player: int) -> float:
        return self.returns()[player]

    def player_reward(self, player: int) -> float:
        return self.rewards()[player]

    # ---------------------------------------------------------- observations

    def _player_arg(self, player: Optional[int]) -> int:
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ArgumentError(C.E_ARG, "no player acts here: give the player")
        check_int(player, "player", 0, 1)
        return player

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation from `player`'s point of view (the player to act by
        default), flat: observation_tensor_shape() planes x rows x columns."""
        return self._g.observation(self._player_arg(player)).tolist()

    def observation_string(self, player: Optional[int] = None) -> str:
        self._player_arg(player)
        return self._g.show()

    information_state_tensor = observation_tensor
    information_state_string = observation_string

    # ---------------------------------------------------------------- texts

    def action_to_string(self, *args: int) -> str:
        """action_to_string(player, action) or action_to_string(action): the
        action's text (protocol.md's: `a1-c2`, `dice:2,5`, `+e5`)."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(player, action) or action_to_string(action)")
        return self._g.action_move(args[-1]).text

    def string_to_action(self, *args: Any) -> int:
        """string_to_action(player, text) or string_to_action(text): the
        number of an action text."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(player, text) or string_to_action(text)")
        return self._g.action_index(args[-1])

    def __str__(self) -> str:
        """The board (herd_show())."""
        return self._g.show()

    def __repr__(self) -> str:
        return "<herd.spiel.State %s>" % self._g.position

    def serialize(self) -> str:
        """The saved game (herd_save()), which deserialize_state() reads."""
        return self._g.save()

    # ------------------------------------------------------------- copying

    def clone(self) -> "State":
        """An independent copy: the position, the generator and the history
        of actions (herd.Game.from_save(), so that a clone costs the same at
        any depth of the game)."""
        copy = State(self._game, _HerdGame.from_save(self._g.save()), self._history)
        copy._player = self._player
        copy._status.result, copy._status.side = self._status.result, self._status.side
        return copy

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "State":
        return self.clone()

    # --------------------------------------------------- beyond pyspiel

    def playouts(self, n: int, level: int = C.PLAYOUT_RANDOM, seed: int = 0,
                 max_length: int = 0) -> Playouts:
        """herd.Game.playouts() from this state: `n` games to their end, both
        sides at `level` (herd.PLAYOUT_RANDOM by default: uniformly random
        actions), changing nothing."""
        return self._g.playouts(n, level, seed, max_length)


def deserialize_state(game: Game, text: str) -> State:
    """The state that State.serialize() wrote (its history of actions is not
    kept)."""
    return State(game, _HerdGame.from_save(text))

