"""How the line games answer the review (``bones.bots.review``).

The fair verdict is Crazy's analysis (``estimate_moves``) at a fixed number of sampled deals and
solved positions, no clock; with every tile shown, the exact solver on the true hands and boneyard
order (2-player lines without a spinner), one solver per hand so that its table serves every
decision of the hand.

Every line game is a match to a target, so both verdicts are counted in the chance to win the match
(``in_match``): each move's expected points of the hand and chance to win it, read through the game's
match-equity table (``bots/line/match.py``, ``bones.bots.match_equity``) at the match score, the moves
then ordered by that chance.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bones.bots import Estimate, work
from bones.bots.line.match import match_equity
from bones.bots.review import NotSolved, ReviewHooks, Scale
from bones.game import Move, Observation, Rules, State
from bones.line import entered
from bones.line.moves import LineMove, from_kernel
from bones.line.observation import LineObservation
from bones.line.rules import LineRules
from bones.line.state import LineState

#: Sampled deals per second of depth (the analysis plays every distinct move out in each).
SAMPLES_PER_SECOND = 4000
#: Positions the exact solvers may search per second of depth, within a sample (fair) or a decision (shown).
NODES_PER_SECOND = 300_000
#: The least work a decision gets, whatever the depth: a handful of deals and a small solve.
LEAST_SAMPLES = 24
LEAST_NODES = 20_000
#: A decision whose verdict those deals leave unsettled gets up to this many times more: the move played and
#: its nearest rival are sampled until they are SETTLE standard errors apart or within TIE points of each
#: other (Crazy's ``settled``), so that a close call is not marked by the luck of a few deals.
#: Measured (one-hand Kozel matches, seeds 11-30, the player taking the hint's worst move): of 60 moves the
#: hint (4000 deals) put 0.03 or more below its best, 11 were marked best by 60 deals alone (one 0.14
#: below), 5 with this (none over 0.07 below); a 2-player Draw match's review, 3.75 CPU s before, at most
#: 8.9 now (bench/review.py; the goal is 10).
MORE_SAMPLES = 8
SETTLE = 2.5
TIE = 0.5

#: The unit of both verdicts, and what its chance is the chance of.
UNIT = "chance to win the match"
CHANCE_OF = "win the match"
#: Thresholds in the chance to win the match, as backgammon's reviews count them (GNU Backgammon's
#: doubtful / bad / very bad at 0.04 / 0.08 / 0.16 of equity, half that in the chance): at the start of a
#: 2-player Draw match to 100, 2 points of the hand are about 0.01 and 14 about 0.08; near the target a
#: point counts for more, and a hand thrown away for the whole match.
SCALE = Scale(UNIT, inaccuracy=0.02, mistake=0.04, blunder=0.08)


def in_match(rules: LineRules, scores: Sequence[int], side: int, estimates: Sequence[Estimate]) -> list[Estimate]:
    """``estimates`` (expected points of the hand and chance to win it, for ``side``) as the chance to
    win the match from ``scores``, best first (ties keep the analysis' order)."""
    equity = match_equity(rules)
    converted = []
    for estimate in estimates:
        if estimate.value is None:
            raise ValueError(f"the analysis gave {estimate.move} no points")
        win = estimate.win_chance if estimate.win_chance is not None else float(estimate.value > 0)
        chance = equity.after_hand(scores, side, estimate.value, win)
        converted.append(Estimate(estimate.move, chance, UNIT, chance, estimate.samples, CHANCE_OF))
    converted.sort(key=lambda e: -(e.value or 0.0))
    return converted


def fair(rules: Rules, observation: Observation, rng: random.Random, depth: float, chosen: Move) -> list[Estimate]:
    from bones.bots.line.crazy import estimate_moves

    assert isinstance(rules, LineRules) and isinstance(observation, LineObservation)
    assert isinstance(chosen, LineMove)
    samples = work(depth, SAMPLES_PER_SECOND, LEAST_SAMPLES)
    estimates = estimate_moves(
        rules,
        observation,
        rng,
        seconds=None,
        samples=samples * MORE_SAMPLES,
        exact_work=work(depth, NODES_PER_SECOND, LEAST_NODES),
        settle=SETTLE,
        judged=chosen,
        tie=TIE,
        settle_after=samples,
    )
    return in_match(rules, observation.scores, rules.sides[observation.seat], estimates)


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
    points = [
        Estimate(from_kernel(move.kernel_move), float(value), "expected points", float(value > 0), 1, "win the hand")
        for move, value in values
    ]
    return in_match(rules, state.scores, rules.sides[state.to_move or 0], points)


HOOKS = ReviewHooks((SCALE,), fair=fair, shown=shown)
