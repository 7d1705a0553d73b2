#!/usr/bin/env python3
"""A short UCT (Monte Carlo tree search) on herd.spiel, for any game.

    python3 bindings/python/examples/mcts.py [--game NAME|all] [--games N]
        [--iterations N] [--rollouts N] [--opponent random|LEVEL] [--seed S]

It is written against the pyspiel-shaped interface only (clone, legal_actions,
apply_action, is_chance_node, chance_outcomes, current_player, returns), with
one addition of herd.spiel: a leaf is valued by State.playouts(), a batch of
games of the game's simplest computer player (level 1) played to their end in
C. It plays N games against the opponent (uniformly random actions, or a
level of the game's own computer player), taking each side in turn, and
prints its score, in all and by side, the games stopped at --max-actions
(which do not count), and the playouts per second of its searches. NAME may
carry options: "fox(sideways=1)".
"""
import argparse
import math
import os
import random
import sys
import time

try:  # the installed package first, with the library it found
    import herd
except ImportError:  # run from the source tree
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
    import herd
from herd import spiel  # noqa: E402


class Node:
    """A node of the tree: the player who chose the action that leads here
    (-1 for a chance outcome, None for the root), its visits and the sum of
    that player's scores, its children by action, and the actions not yet
    tried."""

    __slots__ = ("player", "visits", "total", "children", "untried")

    def __init__(self, player):
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.children = {}
        self.untried = None


def uct(root_state, iterations, rollouts, level, rng, c=1.4, max_length=0):
    """The most visited action after `iterations` descents from root_state,
    and the playouts played."""
    root = Node(None)
    playouts = 0
    for _ in range(iterations):
        state, node, path = root_state.clone(), root, [root]
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                action = rng.choices(actions, probs)[0]
                node = node.children.setdefault(action, Node(-1))
            else:
                if node.untried is None:
                    node.untried = state.legal_actions()
                    rng.shuffle(node.untried)
                if node.untried:  # expand one action, then value the new leaf
                    action = node.untried.pop()
                    child = node.children[action] = Node(state.current_player())
                    state.apply_action(action)
                    path.append(child)
                    break
                log_n = math.log(node.visits)
                action, node = max(node.children.items(), key=lambda kv: (
                    kv[1].total / kv[1].visits + c * math.sqrt(log_n / kv[1].visits)))
            state.apply_action(action)
            path.append(node)
        if state.is_terminal():
            scores = [(r + 1) / 2 for r in state.returns()]
        else:
            result = state.playouts(rollouts, level, seed=rng.getrandbits(64),
                                    max_length=max_length)
            playouts += rollouts
            scores = [result.score(0), result.score(1)]
        for n in path:
            n.visits += 1
            if n.player is not None and n.player >= 0:
                n.total += scores[n.player]
    best = max(root.children.items(), key=lambda kv: kv[1].visits)[0]
    return best, playouts


def opponent_action(state, opponent, rng):
    """The opponent's action: uniformly random, or its computer player's."""
    if opponent == "random":
        return rng.choice(state.legal_actions())
    g = state.herd_game
    return g.move_to_action(g.hint(int(opponent)))


def play(game, mcts_side, args, rng):
    """One game; returns the MCTS's score (1 win, 1/2 draw, 0 loss; None
    for a game stopped at --max-actions or cut at the game's max_moves), its playouts and the seconds of
    its searches."""
    state = game.new_initial_state()
    playouts, seconds, actions = 0, 0.0, 0
    while not state.is_terminal() and actions < args.max_actions:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choices(outcomes, probs)[0]
        elif state.current_player() == mcts_side:
            t0 = time.perf_counter()
            action, n = uct(state, args.iterations, args.rollouts, args.level, rng,
                            max_length=args.max_length)
            seconds += time.perf_counter() - t0
            playouts += n
        else:
            action = opponent_action(state, args.opponent, rng)
        state.apply_action(action)
        actions += 1
    if not state.herd_game.is_over:  # stopped here or cut at the game's max_moves
        return None, playouts, seconds
    return (state.returns()[mcts_side] + 1) / 2, playouts, seconds


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--library", help="libherd to load (else herd.load()'s search)")
    ap.add_argument("--game", default="all", help="a game name, or all")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--rollouts", type=int, default=4, help="playouts per leaf")
    ap.add_argument("--level", type=int, default=1, help="the playouts' level")
    ap.add_argument("--max-length", type=int, default=0, help="playout length limit")
    ap.add_argument("--max-actions", type=int, default=3000, help="a game's length limit")
    ap.add_argument("--opponent", default="random", help="random, or a level: 1, 2, ...")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv[1:])
    if args.library:
        herd.load(args.library)
    names = spiel.registered_names() if args.game == "all" else [args.game]
    for name in names:
        game = spiel.load_game(name)
        proto = game.make_herd_game()
        sides = [side.value for side in proto.sides]
        proto.close()
        rng = random.Random(args.seed)
        scores, ended, playouts, seconds = [0.0, 0.0], [0, 0], 0, 0.0
        for i in range(args.games):
            s, n, t = play(game, i % 2, args, rng)
            if s is not None:
                scores[i % 2] += s
                ended[i % 2] += 1
            playouts += n
            seconds += t
        unfinished = args.games - sum(ended)
        print("%-6s UCT (%d iterations, %d level-%d playouts a leaf) against %s: %.1f of %d"
              " (as %s %.1f of %d, as %s %.1f of %d)%s, %.0f playouts/s"
              % (name, args.iterations, args.rollouts, args.level, args.opponent,
                 sum(scores), sum(ended), sides[0], scores[0], ended[0], sides[1], scores[1],
                 ended[1], ", %d unfinished" % unfinished if unfinished else "",
                 playouts / seconds if seconds else 0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
