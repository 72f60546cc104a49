"""How the line games answer the review (``bones.bots.review``).

The fair verdict is Crazy's analysis (``estimate_moves``) at a fixed number of sampled deals and
solved positions, no clock; with every tile shown, the exact solver on the true hands and boneyard
order (2-player lines without a spinner), one solver per hand so that its table serves every
decision of the hand.
"""

from __future__ import annotations

import random
from typing import Any

from bones.bots import Estimate, work
from bones.bots.review import NotSolved, ReviewHooks, Scale
from bones.game import Move, Observation, Rules, State
from bones.line import entered
from bones.line.moves import from_kernel
from bones.line.rules import LineRules
from bones.line.state import LineObservation, LineState

#: Sampled deals per second of depth (the analysis plays every distinct move out in each).
SAMPLES_PER_SECOND = 4000
#: Positions the exact solvers may search per second of depth, within a sample (fair) or a decision (shown).
NODES_PER_SECOND = 300_000
#: The least work a decision gets, whatever the depth: a handful of deals and a small solve.
LEAST_SAMPLES = 24
LEAST_NODES = 20_000

#: A hand moves some 10-40 points: two points is a small slip, ten a hand thrown away.
SCALE = Scale("expected points", inaccuracy=2.0, mistake=5.0, blunder=10.0)


def fair(rules: Rules, observation: Observation, rng: random.Random, depth: float, chosen: Move) -> list[Estimate]:
    from bones.bots.line.crazy import estimate_moves

    assert isinstance(rules, LineRules) and isinstance(observation, LineObservation)
    return estimate_moves(
        rules,
        observation,
        rng,
        seconds=None,
        samples=work(depth, SAMPLES_PER_SECOND, LEAST_SAMPLES),
        exact_work=work(depth, NODES_PER_SECOND, LEAST_NODES),
    )


def shown(rules: Rules, state: State, depth: float, memo: dict[str, Any]) -> list[Estimate]:
    from bones.bots.line import exact

    assert isinstance(rules, LineRules) and isinstance(state, LineState)
    if not exact.supported(rules):
        raise NotSolved("the exact solver plays 2-player lines without a spinner only")
    if rules.draws and entered.entered(state.initial):
        # Only the tiles drawn were named: what else the boneyard held, in what order, nobody knows.
        raise NotSolved("a game entered by hand does not know the order of the boneyard")
    kernel = state.kernel
    key = f"line-solver:{state.hand_no}"
    solver = memo.get(key)
    # The boneyard is drawn from its end, so a later position of the hand keeps a prefix of it.
    if solver is None or tuple(kernel.boneyard) != solver.game.boneyard[: len(kernel.boneyard)]:
        solver = exact.Solver(rules, kernel)
        memo[key] = solver
    solver.node_limit = solver.nodes + work(depth, NODES_PER_SECOND, LEAST_NODES)
    try:
        values = [(move, solver.value_after(kernel, move.kernel_move)) for move in state.legal_moves]
    except exact.NodeLimit:
        raise NotSolved("too big to solve exactly at this depth") from None
    values.sort(key=lambda mv: -mv[1])
    return [
        Estimate(from_kernel(move.kernel_move), float(value), "expected points", float(value > 0), 1, "win the hand")
        for move, value in values
    ]


HOOKS = ReviewHooks((SCALE,), fair=fair, shown=shown)
