"""Computer players for the puzzles: Easy plays any legal move, Normal takes the puzzle's advice.

For the solitaires the advice is the next move of a shortest solution; in the
cooperative Mountains and Valleys it is a greedy choice from what the seat can
see: the placement that leaves the cheapest map, and the domino to pass that
fits the map best.
"""

from __future__ import annotations

import random
from typing import Any

from bones.bots import Bot, Estimate, RandomBot, register_analyser, register_bot
from bones.bots.review import NotSolved, ReviewHooks, Scale, register_review
from bones.game import Move, Observation, Rules, State


class NormalPuzzleBot:
    level = "normal"

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        advice = getattr(observation, "advice", None)
        if advice is not None:
            return advice()
        return rng.choice(observation.legal_moves)


def _easy(_rules: Rules) -> Bot:
    return RandomBot()


def _normal(_rules: Rules) -> Bot:
    return NormalPuzzleBot()


def analyse(rules: Rules, observation: Observation, rng: random.Random, seconds: float) -> list[Estimate]:
    """The puzzle's own appraisal of every legal move (exact solvers: the distance to the goal
    after the move; the hidden cooperative game: what the greedy player can tell)."""
    appraise = getattr(observation, "appraise", None)
    if appraise is None:
        raise ValueError("advice is given to the player to move")
    unit = getattr(observation, "unit", "")
    return [Estimate(move, value, unit) for move, value in appraise(seconds)]


register_bot("puzzle", "easy", _easy)
register_bot("puzzle", "normal", _normal)
register_analyser("puzzle", analyse)

#: The puzzles whose appraisal is their exact solver on a position with nothing hidden.
EXACT = ("bee", "fujisan")


def shown(rules: Rules, state: State, depth: float, memo: dict[str, Any]) -> list[Estimate]:
    """With every tile shown: the exact solver, which for Bee and Fujisan is the appraisal itself
    (nothing is hidden); Mountains and Valleys has no exact solver quick enough for a review."""
    if rules.game_id not in EXACT:
        raise NotSolved("Mountains and Valleys hides its dominoes, and its exact solver takes seconds a move")
    seat = state.to_move
    assert seat is not None
    return analyse(rules, state.observation(seat), random.Random(0), depth)


register_review(
    "puzzle",
    ReviewHooks(
        (
            # Each move wasted is one more move to the goal; a move that leaves it out of reach is a blunder.
            Scale(
                "moves", inaccuracy=1.0, mistake=2.0, blunder=3.0, goal=True, none_is_blunder=True, fewest_first=True
            ),
            Scale("penalty", inaccuracy=1.0, mistake=3.0, blunder=6.0, fewest_first=True),
        ),
        shown=shown,
    ),
)
