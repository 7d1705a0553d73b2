"""herd.spiel: libherd's games for OpenSpiel, as pyspiel games or without it.

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

With pyspiel importable, spiel.register() registers every game with
pyspiel.register_game as herd_NAME, so that pyspiel.load_game("herd_flock")
and OpenSpiel's algorithms (MCTSBot, evaluate_bots, random_sim_test,
get_all_states, serialize_game_and_state, pickling) take them: their Game
and State are subclasses of pyspiel's. Without pyspiel, load_game() gives
stand-ins of the same shape: an algorithm written for pyspiel's Game and
State runs on these (the same method names, arguments and conventions).

Actions are the game's fixed action space 0..num_distinct_actions()-1
(herd_move_to_action()); a chance event (hex's dice) is a chance node
(current_player() == PlayerId.CHANCE, -1) whose outcomes are actions 0..20
of that space, with their probabilities; an ended game is terminal
(PlayerId.TERMINAL, -4) and returns +1 to the winner, -1 to the loser, 0 to
both on a draw (the rewards are the returns: terminal rewards). In hex a
turn is several actions of one side (the removals, the placements):
current_player() stays that side until the turn passes. The games have
perfect information: the information state is the observation.

The parameters are the game's options (herd.describe(NAME).options, seed
included) and max_moves: the most actions of the players (chance outcomes
not counted) before the game is cut, terminal with returns 0 for both (a
draw). max_moves=0, the default, cuts the games whose rules bound no length:
horses and fox with sideways=1 after 1,000 actions, hex after 20 per cell;
the others end by their rules within max_game_length(). So
max_game_length() bounds every game. str(game) is as pyspiel prints it: the
short name and every parameter, sorted by name (herd_flock(h=7,max_moves=0,
seed=0,w=7)).

Beyond pyspiel, State.playouts() plays batched random or computer games from
the state (herd_playouts()), for the leaves of a search, and
State.herd_game gives the herd.Game it plays on.
"""
from __future__ import annotations

import enum
import re
import threading
from ctypes import byref
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from . import _capi as C
from ._errors import (ArgumentError, OptionRangeError, ParseError, StateError, UnsupportedError,
                      install_hint, require_numpy)
from ._game import Game as _HerdGame
from ._game import (LevelLike, Playouts, as_int, check_int, default_max_moves, not_an_action,
                    options_dict, rules_length_bound)
from ._registry import describe, games

__all__ = ["load_game", "registered_names", "deserialize_state", "register", "Game", "State",
           "GameType", "PlayerId", "PlayerAction", "TensorLayout", "Observer"]

PREFIX = "herd_"  # of the short names: herd_flock


class PlayerId(enum.IntEnum):
    """OpenSpiel's special player ids (spiel.h's kChancePlayerId, ...)."""

    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class TensorLayout(enum.Enum):
    """The order of an observation tensor's dimensions, as pyspiel.TensorLayout."""

    HWC = "hwc"
    CHW = "chw"


class PlayerAction(NamedTuple):
    """An entry of State.full_history(): who played which action."""

    player: int
    action: int


class GameType:
    """The static properties of a game, as pyspiel.GameType has them."""

    class Dynamics(enum.Enum):
        """How the players act: in turn, here."""
        SEQUENTIAL = "sequential"
        SIMULTANEOUS = "simultaneous"
        MEAN_FIELD = "mean_field"

    class ChanceMode(enum.Enum):
        """Whether a game has chance nodes, with their probabilities."""
        DETERMINISTIC = "deterministic"
        EXPLICIT_STOCHASTIC = "explicit_stochastic"
        SAMPLED_STOCHASTIC = "sampled_stochastic"

    class Information(enum.Enum):
        """What the players see: everything, here."""
        ONE_SHOT = "one_shot"
        PERFECT_INFORMATION = "perfect_information"
        IMPERFECT_INFORMATION = "imperfect_information"

    class Utility(enum.Enum):
        """How the returns of the players relate: they sum to zero, here."""
        ZERO_SUM = "zero_sum"
        CONSTANT_SUM = "constant_sum"
        GENERAL_SUM = "general_sum"
        IDENTICAL = "identical"

    class RewardModel(enum.Enum):
        """When rewards come: at the end, here."""
        REWARDS = "rewards"
        TERMINAL = "terminal"

    def __init__(self, short_name: str, long_name: str, chance: bool,
                 parameter_specification: Dict[str, Any]) -> None:
        """The type of the game `short_name` (herd_NAME); `chance`: True for
        a game with chance nodes; its parameters with their defaults."""
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
        """<GameType 'herd_NAME'>."""
        return "<GameType %r>" % self.short_name


def registered_names() -> List[str]:
    """The names of the games load_game() takes (the registry's; herd_NAME
    is taken too)."""
    return [d.name for d in games()]


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
    name = m.group(1)
    return (name[len(PREFIX):] if name.startswith(PREFIX) else name), params


def _specification(name: str) -> Dict[str, Any]:
    """The parameters of the game `name` with their defaults: its options
    and max_moves."""
    spec: Dict[str, Any] = dict(describe(name).defaults)
    spec["max_moves"] = 0
    return spec


def _full_params(name: str, given: Dict[str, Any]) -> Dict[str, Any]:
    """Every parameter of `name`: `given` over the defaults, a text (from a
    game string) read as the default's type; OptionRangeError for a
    max_moves below 0."""
    params = _specification(name)
    for key, value in given.items():
        if isinstance(value, str) and isinstance(params.get(key), int):
            try:
                value = int(value)
            except ValueError:
                raise ParseError(C.E_PARSE, "%s=%s is not a number" % (key, value)) from None
        params[key] = value
    params["max_moves"] = check_int(params["max_moves"], "max_moves", 0, C.INT_MAX,
                                    OptionRangeError)
    return params


def _game_string(name: str, params: Dict[str, Any]) -> str:
    """As pyspiel's GameParametersToString: name(k=v,...), sorted by key."""
    return "%s%s(%s)" % (PREFIX, name, ",".join(
        "%s=%s" % (k, params[k]) for k in sorted(params)))


class _Facts:
    """What a game of some parameters answers, found once from a herd.Game
    of them (which checks the name and the options)."""

    def __init__(self, name: str, params: Dict[str, Any]) -> None:
        self.name = name
        self.params = params
        self.options = {k: v for k, v in params.items() if k != "max_moves"}
        self.cut = params["max_moves"] or default_max_moves(name, self.options)
        bound = rules_length_bound(name, self.options)
        self.max_game_length = min(b for b in (self.cut, bound) if b is not None)
        with _HerdGame(name, **self.options) as proto:
            self.num_actions = proto.num_actions
            self.shape = list(proto.observation_shape)
            self.chance_outcomes = len(proto.chance_outcomes()) if proto.is_chance else 0
        self.has_chance = describe(name).has_chance
        self.title = describe(name).title

    def new_herd_game(self) -> _HerdGame:
        return _HerdGame(self.name, **self.options)


_status_buffers = threading.local()


def _status() -> Any:
    st = getattr(_status_buffers, "status", None)
    if st is None:
        st = _status_buffers.status = C.herd_status()
    return st


class _Rules:
    """The rules part of a state, shared by State and the pyspiel State:
    the hooks pyspiel's State calls (current_player, _legal_actions,
    _apply_action, ...), on a herd.Game (self._g). Its attributes are plain
    values and the herd.Game, so that pyspiel can copy and pickle them."""

    _g: _HerdGame
    _cut: Optional[int]
    _moves: int
    _player: Optional[int]
    _winner: Optional[int]

    def _start(self, herd_game: _HerdGame, cut: Optional[int], moves: int = 0) -> None:
        self._g = herd_game
        self._cut = cut
        self._moves = moves  # actions of the players, for the cut
        self._player = None  # current_player(), once known
        self._winner = None  # the side that won, once terminal

    @property
    def herd_game(self) -> _HerdGame:
        """The herd.Game this state plays on."""
        return self._g

    def current_player(self) -> int:
        """0 or 1 for the side to act, PlayerId.CHANCE (-1) at a chance event,
        PlayerId.TERMINAL (-4) once the game is over or cut at max_moves."""
        player = self._player
        if player is None:
            g = self._g
            st = _status()
            with g._lock:
                h = g._handle()
                g._lib.c.herd_get_status(h, byref(st))
                if st.result != C.ONGOING:
                    player = PlayerId.TERMINAL
                    self._winner = st.side if st.result == C.WIN else None
                elif self._cut is not None and self._moves >= self._cut:
                    player = PlayerId.TERMINAL
                elif g._lib.c.herd_is_chance(h):
                    player = PlayerId.CHANCE
                else:
                    player = st.side
            self._player = player = int(player)
        return player

    def is_terminal(self) -> bool:
        """True once the game is over or cut at max_moves."""
        return self.current_player() == PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> List[int]:
        """The legal actions of the player to act, ascending (herd_legal_actions)."""
        return self._g.legal_actions()

    def _apply_action(self, action: int) -> None:
        """Plays an action (at a chance node: an outcome), checked: an illegal
        one raises IllegalMoveError and changes nothing; StateError once
        terminal."""
        player = self.current_player()
        if player == PlayerId.TERMINAL:
            raise StateError(C.E_STATE, "the game is over%s: no action is left" % (
                "" if self._g.is_over else " (cut at max_moves=%d)" % self._cut))
        self._g.apply_action(action)
        if player >= 0:
            self._moves += 1
        self._player = None

    def _action_to_string(self, player: int, action: int) -> str:
        """The action's text (protocol.md's: `a1-c2`, `dice:2,5`, `+e5`)."""
        return self._g.action_to_move(action).text

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """The (action, probability) pairs of the chance event, ascending;
        the probabilities sum to one. StateError at a node that is no
        chance node."""
        g = self._g
        return sorted((g.move_to_action(move), p) for move, p in g.chance_outcomes())

    def returns(self) -> List[float]:
        """[+1, -1] or [-1, +1] once won, [0, 0] on a draw, when cut and while
        the game goes on."""
        if self.current_player() != PlayerId.TERMINAL or self._winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self._winner == 0 else [-1.0, 1.0]

    def rewards(self) -> List[float]:
        """The rewards of the last action: the returns (only the last
        action of a game has any)."""
        return self.returns()

    def __str__(self) -> str:
        """The board (herd_show())."""
        return self._g.show()

    def playouts(self, n: int, level: LevelLike = C.PLAYOUT_RANDOM, seed: int = 0,
                 max_length: int = 0) -> Playouts:
        """herd.Game.playouts() from this state: `n` games to their end, both
        sides at `level` (herd.PLAYOUT_RANDOM by default: uniformly random
        actions), changing nothing."""
        return self._g.playouts(n, level, seed, max_length)


class Observer:
    """An observation of a state for a player, as OpenSpiel's observers
    (make_observer()): set_from(state, player) fills `tensor` (flat float32,
    planes x rows x columns) and `dict` ({"observation": the same numbers
    in that shape}); string_from(state, player) gives the board. Needs
    numpy."""

    def __init__(self, shape: List[int]) -> None:
        """An observer of observations of `shape` [planes, rows, columns]."""
        np = require_numpy("make_observer()'s observer")
        self.tensor = np.zeros(shape[0] * shape[1] * shape[2], np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: Any, player: int) -> None:
        """Fills tensor with `state` from `player`'s point of view."""
        self.dict["observation"][...] = state.herd_game.observation(
            check_int(player, "player", 0, 1), numpy=True)

    def string_from(self, state: Any, player: int) -> str:
        """The board (perfect information: the same for both players)."""
        check_int(player, "player", 0, 1)
        return str(state)


def load_game(name: str, params: Optional[Dict[str, Any]] = None, **options: Any) -> "Game":
    """The game `name` (or herd_NAME) with its parameters, as
    pyspiel.load_game(): as keywords (load_game("fox", sideways=1)), as a
    dict (load_game("fox", {"sideways": 1})) or in the name
    (load_game("fox(sideways=1)")), or as herd.Game takes them, options=
    a text or a mapping (load_game("fox", options="sideways=1")). Every game
    takes `seed` (its computer player's and dice generator's) and max_moves
    (see the module)."""
    short, in_name = _parse_game_string(name)
    merged: Dict[str, Any] = dict(in_name)
    merged.update(params or {})
    if "options" in options:  # herd.Game's keyword, read here: no game has such a parameter
        merged.update(options_dict(None, {"options": options.pop("options")}))
    merged.update(options)
    return Game(short, merged)


class Game:
    """A game with its parameters: what pyspiel.Game answers, and
    new_initial_state(), without pyspiel."""

    def __init__(self, name: str, params: Dict[str, Any]) -> None:
        """The game `name` with `params` over its defaults (load_game() is
        the usual way)."""
        self._facts = _Facts(name, _full_params(name, params))
        self._type = GameType(PREFIX + name, self._facts.title, self._facts.has_chance,
                              _specification(name))

    def __str__(self) -> str:
        """As pyspiel prints a game: herd_NAME(k=v,...), every parameter,
        sorted."""
        return _game_string(self._facts.name, self._facts.params)

    def __repr__(self) -> str:
        """<herd.spiel.Game str(game)>."""
        return "<herd.spiel.Game %s>" % self

    def __eq__(self, other: object) -> bool:
        """The same game and parameters."""
        return isinstance(other, Game) and str(self) == str(other)

    def __hash__(self) -> int:
        """str(game)'s hash."""
        return hash(str(self))

    def get_type(self) -> GameType:
        """The game's GameType."""
        return self._type

    def get_parameters(self) -> Dict[str, Any]:
        """Every parameter with its value (the defaults filled in)."""
        return dict(self._facts.params)

    def num_distinct_actions(self) -> int:
        """The size of the action space (herd_num_actions())."""
        return self._facts.num_actions

    def max_chance_outcomes(self) -> int:
        """The outcomes of a chance event (hex's 21 rolls); 0 without chance."""
        return self._facts.chance_outcomes

    def max_game_length(self) -> int:
        """The most actions of the players in a game (chance outcomes not
        counted): max_moves or the default cut, or the rules' bound."""
        return self._facts.max_game_length

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes in a game: max_game_length() with chance
        (each roll is followed by an action of a player), else 0."""
        return self._facts.max_game_length if self._facts.has_chance else 0

    def num_players(self) -> int:
        """2."""
        return 2

    def min_utility(self) -> float:
        """-1: a loss."""
        return -1.0

    def max_utility(self) -> float:
        """+1: a win."""
        return 1.0

    def utility_sum(self) -> float:
        """0: zero-sum."""
        return 0.0

    def observation_tensor_shape(self) -> List[int]:
        """[planes, rows, columns] (herd_observation_shape())."""
        return list(self._facts.shape)

    def observation_tensor_size(self) -> int:
        """planes * rows * columns."""
        planes, rows, cols = self._facts.shape
        return planes * rows * cols

    def observation_tensor_layout(self) -> TensorLayout:
        """TensorLayout.CHW: planes, then rows, then columns."""
        return TensorLayout.CHW

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size
    information_state_tensor_layout = observation_tensor_layout

    def make_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An Observer of this game's states (perfect information: every
        observation type sees the whole board)."""
        return Observer(self._facts.shape)

    def new_initial_state(self) -> "State":
        """A new game from the start position of these parameters."""
        return State(self, self._facts.new_herd_game())

    def new_initial_states(self) -> List["State"]:
        """[new_initial_state()]: the game has one start."""
        return [self.new_initial_state()]

    def deserialize_state(self, text: str) -> "State":
        """The state that State.serialize() wrote (deserialize_state())."""
        return deserialize_state(self, text)

    def make_herd_game(self) -> _HerdGame:
        """A herd.Game of these options (the binding's full API)."""
        return self._facts.new_herd_game()


class State(_Rules):
    """A position of a game: what pyspiel.State answers, without pyspiel. It
    owns a herd.Game (herd_game), which it plays on."""

    def __init__(self, game: Game, herd_game: _HerdGame,
                 history: Optional[List[PlayerAction]] = None) -> None:
        """The state of `game` on `herd_game`, reached by `history` (from
        the initial state)."""
        self._game = game
        self._history: List[PlayerAction] = list(history or [])
        self._start(herd_game, game._facts.cut, sum(1 for p, _ in self._history if p >= 0))

    def get_game(self) -> Game:
        """The game of this state."""
        return self._game

    def num_distinct_actions(self) -> int:
        """The size of the action space."""
        return self._game.num_distinct_actions()

    def num_players(self) -> int:
        """2."""
        return 2

    # ------------------------------------------------------------ whose turn

    def is_chance_node(self) -> bool:
        """True at a chance event (hex's dice)."""
        return self.current_player() == PlayerId.CHANCE

    def is_player_node(self) -> bool:
        """True when a player (0 or 1) is to act."""
        return self.current_player() >= 0

    def is_simultaneous_node(self) -> bool:
        """False: the players act in turn."""
        return False

    def is_mean_field_node(self) -> bool:
        """False."""
        return False

    def is_initial_state(self) -> bool:
        """True before any action."""
        return not self._history

    # --------------------------------------------------------------- actions

    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The legal actions of the player to act (or of `player`, none when
        it is not to act), ascending; at a chance node its outcomes; none
        once terminal."""
        current = self.current_player()
        if (player is not None and player != current) or current == PlayerId.TERMINAL:
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

    def apply_action(self, action: int) -> None:
        """Plays an action (at a chance node: an outcome), checked: an illegal
        one raises IllegalMoveError and changes nothing; StateError once
        terminal."""
        player = self.current_player()
        self._apply_action(action)
        self._history.append(PlayerAction(player, as_int(action, "action")))

    apply_action_with_legality_check = apply_action

    def child(self, action: int) -> "State":
        """A clone with `action` played."""
        state = self.clone()
        state.apply_action(action)
        return state

    def undo_action(self, player: int, action: int) -> None:
        """Takes back the last action, which must be `action`, played by
        `player` (PlayerId.CHANCE for a chance outcome); ArgumentError
        otherwise, changing nothing."""
        if not self._history or self._history[-1] != (player, action):
            raise ArgumentError(C.E_ARG, "action %d of player %d is not the last action of "
                                "this state" % (action, player))
        try:
            self._g.undo()
        except StateError:  # a state loaded from its save: played again from the start
            g = self._game.make_herd_game()
            for _, a in self._history[:-1]:
                g.apply_action(a)
            self._g.close()
            self._g = g
        self._history.pop()
        if player >= 0:
            self._moves -= 1
        self._player = None

    def history(self) -> List[int]:
        """The actions played since the initial state, chance outcomes included."""
        return [a for _, a in self._history]

    def full_history(self) -> List[PlayerAction]:
        """history() with the player of each action (PlayerId.CHANCE, -1,
        for a chance outcome)."""
        return list(self._history)

    def move_number(self) -> int:
        """The number of actions played, chance outcomes included."""
        return len(self._history)

    def player_return(self, player: int) -> float:
        """returns()[player]."""
        return self.returns()[player]

    def player_reward(self, player: int) -> float:
        """rewards()[player]."""
        return self.rewards()[player]

    # ---------------------------------------------------------- observations

    def _player_arg(self, player: Optional[int]) -> int:
        if player is None:
            player = self.current_player()
            if player < 0:
                raise ArgumentError(C.E_ARG, "no player acts here: give the player")
        return check_int(player, "player", 0, 1)

    def observation_tensor(self, player: Optional[int] = None) -> List[float]:
        """The observation from `player`'s point of view (the player to act by
        default), flat: observation_tensor_shape() planes x rows x columns."""
        return self._g.observation(self._player_arg(player)).tolist()

    def observation_string(self, player: Optional[int] = None) -> str:
        """The board (perfect information: the same for both players)."""
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
        return self._action_to_string(self.current_player(), args[-1])

    def string_to_action(self, *args: Any) -> int:
        """string_to_action(player, text) or string_to_action(text): the
        number of an action text."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(player, text) or string_to_action(text)")
        return self._g.move_to_action(args[-1])

    def to_string(self) -> str:
        """str(state): the board."""
        return str(self)

    def history_str(self) -> str:
        """history() as text: the action numbers separated by spaces."""
        return " ".join(str(a) for _, a in self._history)

    def __repr__(self) -> str:
        """<herd.spiel.State POSITION>."""
        return "<herd.spiel.State %s>" % self._g.position

    def serialize(self) -> str:
        """The saved game (herd_save()) and, on a second line, the history
        (player:action,...), which deserialize_state() reads."""
        return "%s\nhistory=%s" % (self._g.save(), ",".join(
            "%d:%d" % pa for pa in self._history))

    # ------------------------------------------------------------- copying

    def clone(self) -> "State":
        """An independent copy: the position, the generator, the undo
        history and the history of actions (herd.Game.clone())."""
        copy = State(self._game, self._g.clone(), self._history)
        copy._player, copy._winner = self._player, self._winner
        return copy

    __copy__ = clone

    def __deepcopy__(self, memo: Any) -> "State":
        """clone()."""
        return self.clone()


def deserialize_state(game: Game, text: str) -> State:
    """The state that State.serialize() wrote (a bare save text, without
    the history line, gives a state without history)."""
    save, _, rest = text.partition("\n")
    history: List[PlayerAction] = []
    if rest:
        if not rest.startswith("history="):
            raise ParseError(C.E_PARSE, "the second line of a state is not history=...")
        try:
            for item in filter(None, rest[len("history="):].split(",")):
                p, a = item.split(":")
                history.append(PlayerAction(int(p), int(a)))
        except ValueError:
            raise ParseError(C.E_PARSE, "%r is not history=PLAYER:ACTION,..." % rest) from None
    facts = game._facts
    name = save.split(" ", 1)[0]
    if name != facts.name:
        raise ParseError(C.E_PARSE, "a state of %s, not of %s" % (name, game))
    for player, action in history:
        if player not in (PlayerId.CHANCE, 0, 1):
            raise ParseError(C.E_PARSE, "history: player %d is neither 0, 1 nor chance (-1)"
                             % player)
        if not 0 <= action < facts.num_actions:
            raise ParseError(C.E_PARSE, "history: " + not_an_action(action, facts.name,
                                                                      facts.num_actions))
    g = facts.new_herd_game()
    try:
        want = g.options_text()
        g.load(save)
        if g.options_text() != want:
            raise ParseError(C.E_PARSE, "a state of %s %s, not of %s (%s)"
                             % (name, g.options_text(), game, want))
    except BaseException:
        g.close()
        raise
    return State(game, g, history)


# ------------------------------------------------------------ with pyspiel

# register()'s refusal without pyspiel: how this interpreter gets it (the
# wheel "open_spiel", for the platforms OpenSpiel builds them for), else its
# sources; load_game() needs neither.
_PYSPIEL_MISSING = (
    "herd.spiel.register() needs pyspiel (OpenSpiel's Python module), which is not importable "
    "here; install it with: %s, or build it from OpenSpiel's sources "
    "(https://github.com/google-deepmind/open_spiel, docs/install.md) and put the folder of "
    "pyspiel*.so and OpenSpiel's root on PYTHONPATH. herd.spiel.load_game() works without it")

_registered: Dict[str, Any] = {}
_register_lock = threading.Lock()


def register() -> List[str]:
    """Registers every game with pyspiel.register_game as herd_NAME (once;
    again does nothing) and returns their short names; ImportError when
    pyspiel is not importable. Then pyspiel.load_game("herd_flock(w=9)")
    gives a pyspiel.Game whose states are pyspiel.State subclasses:
    OpenSpiel's C++ and Python algorithms take them, they clone, pickle and
    serialize (serialize_game_and_state). undo_action() is not offered
    (pyspiel gives Python games no way to take an action off the history):
    clone a state before the action instead. A process that unpickles such
    a state calls register() first, as for OpenSpiel's own Python games."""
    if _pyspiel is None:
        raise ImportError(_PYSPIEL_MISSING % install_hint("open_spiel", None))
    with _register_lock:
        if not _registered:
            for d in games():
                # A class a game as pyspiel's maker of its games, a name of
                # this module (for pickle): a class lives as long as the
                # process (pyspiel's registry keeps its makers until after
                # the interpreter has gone; a function would be freed then,
                # without the GIL).
                maker = type("SpielGame_" + d.name, (SpielGame,), {
                    "herd_name": d.name, "__doc__": "SpielGame of %s." % d.name})
                maker.__qualname__ = maker.__name__
                globals()[maker.__name__] = maker
                _pyspiel.register_game(_spiel_game_type(d.name), maker)
                _registered[d.name] = PREFIX + d.name
    return list(_registered.values())


try:  # pyspiel's subclasses are module-level names, for pickle
    import pyspiel as _pyspiel
except ImportError:
    _pyspiel = None


def _spiel_game_type(name: str) -> Any:
    """The pyspiel.GameType of `name`."""
    T = _pyspiel.GameType
    d = describe(name)
    return T(short_name=PREFIX + name, long_name=d.title, dynamics=T.Dynamics.SEQUENTIAL,
             chance_mode=(T.ChanceMode.EXPLICIT_STOCHASTIC if d.has_chance
                          else T.ChanceMode.DETERMINISTIC),
             information=T.Information.PERFECT_INFORMATION, utility=T.Utility.ZERO_SUM,
             reward_model=T.RewardModel.TERMINAL, max_num_players=2, min_num_players=2,
             provides_information_state_string=True, provides_information_state_tensor=True,
             provides_observation_string=True, provides_observation_tensor=True,
             parameter_specification=_specification(name))


if _pyspiel is not None:
    class SpielGame(_pyspiel.Game):
        """A game of libherd as a pyspiel.Game (register()); a subclass of
        each game (SpielGame_NAME) is what pyspiel makes it with."""

        herd_name = ""

        def __init__(self, params: Dict[str, Any]) -> None:
            """The game with `params` (pyspiel passes every one)."""
            name = self.herd_name
            facts = _Facts(name, _full_params(name, dict(params)))
            info = _pyspiel.GameInfo(
                num_distinct_actions=facts.num_actions,
                max_chance_outcomes=facts.chance_outcomes, num_players=2, min_utility=-1.0,
                max_utility=1.0, utility_sum=0.0, max_game_length=facts.max_game_length)
            super().__init__(_spiel_game_type(name), info, facts.params)
            self._facts = facts

        def new_initial_state(self, *args: Any) -> "SpielState":
            """A new game from the start position of these parameters."""
            if args:
                raise UnsupportedError(C.E_UNSUPPORTED, "the games of herd start from "
                                       "their parameters alone")
            return SpielState(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            """An Observer of this game's states (every type sees the board)."""
            return Observer(self._facts.shape)

        def max_chance_nodes_in_history(self) -> int:
            """max_game_length() with chance, else 0."""
            return self._facts.max_game_length if self._facts.has_chance else 0

        def make_herd_game(self) -> _HerdGame:
            """A herd.Game of these options (the binding's full API)."""
            return self._facts.new_herd_game()

    class SpielState(_Rules, _pyspiel.State):
        """A state of a game of libherd as a pyspiel.State (register())."""

        def __init__(self, game: SpielGame) -> None:
            """The initial state of `game`."""
            _pyspiel.State.__init__(self, game)
            self._start(game._facts.new_herd_game(), game._facts.cut)

        def undo_action(self, player: int, action: int) -> None:
            """Not offered: see register()."""
            raise UnsupportedError(C.E_UNSUPPORTED, "a pyspiel state of herd cannot undo "
                                   "(pyspiel gives Python games no way to take an action "
                                   "off the history): clone the state before the action")

