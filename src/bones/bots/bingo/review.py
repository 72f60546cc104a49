"""How Bingo answers the review: the fair verdict is the hint's analysis (fixed work already); with
every tile shown, the exact solve of the true hand once it is small enough (no stock left to draw
and few tiles in each hand), which is the same solver Crazy runs on its sampled deals."""

from __future__ import annotations

from typing import Any

from bones.bingo.kernel import OVER
from bones.bingo.moves import BingoMove
from bones.bingo.state import BingoState
from bones.bots import Estimate
from bones.bots.bingo.search import solvable, solve
from bones.bots.review import NotSolved, ReviewHooks, Scale
from bones.game import Rules, State

#: Tiles per hand the exact solve takes on (Crazy's own limit when it knows the hands).
SOLVE_LIMIT = 7

#: The value is sets the mover comes out ahead by in the hand (points break ties): a tenth of a
#: set is a slip, half a set a hand given away.
SCALE = Scale("sets ahead", inaccuracy=0.1, mistake=0.25, blunder=0.5)


def shown(rules: Rules, state: State, depth: float, memo: dict[str, Any]) -> list[Estimate]:
    assert isinstance(state, BingoState)
    world = state.kernel
    seat = world.to_move
    target = state.rules.target
    need = (target - state.sets[seat], target - state.sets[1 - seat])
    estimates = []
    for code in world.legal():
        child = world.copy()
        child.apply(code)
        if child.phase != OVER and not solvable(child, SOLVE_LIMIT):
            raise NotSolved("the stock is still to be drawn or the hands are too big to solve exactly")
        value = solve(child, seat, need)
        estimates.append(
            Estimate(BingoMove(code), value, "sets ahead", float(value > 0), 1, "come out ahead in the hand")
        )
    estimates.sort(key=lambda e: -(e.value or 0.0))
    return estimates


HOOKS = ReviewHooks((SCALE,), shown=shown)
