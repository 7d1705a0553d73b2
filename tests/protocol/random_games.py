"""Random games through the `herd` program, checked against a reference at
every step: the one driver of the random games of every protocol runner.
Standard library only; nothing here knows a game.

A game is played by a runner `g` that talks to the program and keeps the
reference's position (run_protocol_tests.GameRunner, run_hex_protocol_tests.
HexRunner, plain_game_checks.Runner): it has `pos` (with ended() and
status_text()), `history`, `lost`, `chk`, and check_state(), undo_check(),
illegal_check(), set_check(), perft_check(depth), and hint_check() and
save_check() where the runner has them. What differs between the games is a
small part of each runner's, an object with:

- begin(g, rng, gi, plies): starts game number gi (`new` or `set` through
  g) and returns (policy, cap): how its actions are chosen, and its ply cap;
  None when the start already failed.
- act(g, rng, policy): plays one action (g.play, g.genmove, ...).
- ended(g, rng): what is checked once the game has ended (g.check_ended()
  and the game's own checks).
- seen(g): notes on the position (what the run covered); may do nothing.
- checks: the checks between actions, each with its odds (checks()).

After every action the driver compares `status`, `legal` and `position`
with the reference (g.check_state()), and stops a game whose position is
lost; once the game has ended it runs part.ended() and, one time in two,
takes the last action back and compares again.
"""

STOPPED = "games stopped: the program's game differs from the reference's"


def illegal(g, rng):
    g.illegal_check()


def undo(g, rng):
    g.undo_check()


def set_again(g, rng):
    g.set_check()


def hint(g, rng):
    g.hint_check()


def save(g, rng):
    g.save_check()


def perft(depth, affordable=None):
    """`perft DEPTH` against the reference where affordable(pos, depth)
    (the reference counts slowly on a large position); a check that does
    not apply returns False, and the next check is tried instead."""
    def check(g, rng):
        if affordable is not None and not affordable(g.pos, depth):
            return False
        g.perft_check(depth)
        return True
    return check


def checks(affordable=None, hints=True, saves=True, extra=(), often=1.0):
    """The checks between two actions at their set odds: an illegal action,
    undo, `set` of the position, perft 1, 2 and 3, `hint` and `save` (where
    the runner has them), each `often` times as often (for a game whose
    games are short), then the game's own `extra` [(odds, check)]. One draw
    per ply picks at most one."""
    out = [(0.04, illegal), (0.04, undo), (0.02, set_again), (0.03, perft(1)),
           (0.02, perft(2, affordable)), (0.01, perft(3, affordable))]
    if hints:
        out.append((0.04, hint))
    if saves:
        out.append((0.02, save))
    return [(odds * often, check) for odds, check in out] + list(extra)


class Part:
    """The defaults of a game's part: every check, nothing noted, the end
    checked by the runner alone."""

    checks = checks()

    def seen(self, g):
        pass

    def ended(self, g, rng):
        g.check_ended()


def play(g, part, rng, gi, plies):
    """Plays game number gi through runner g, its game-specific part
    `part`, checking every step; returns when the game has ended, reached
    its cap or was lost."""
    chk = g.chk
    plan = part.begin(g, rng, gi, plies)
    if plan is None:
        return
    policy, cap = plan
    for ply in range(cap + 1):
        g.check_state()
        if g.lost:
            chk.note(STOPPED)
            return
        part.seen(g)
        if g.pos.ended():
            chk.note("games ended: " + g.pos.status_text())
            part.ended(g, rng)
            # undo out of the end and back in
            if g.history and rng.random() < 0.5:
                g.undo_check()
                g.check_state()
            return
        if ply == cap:
            chk.note("games stopped at the ply cap")
            return
        x, limit = rng.random(), 0.0
        for odds, check in part.checks:
            limit += odds
            if x < limit and check(g, rng) is not False:
                break
        if g.lost:
            chk.note(STOPPED)
            return
        part.act(g, rng, policy)
