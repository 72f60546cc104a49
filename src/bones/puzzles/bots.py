"""Computer players for the puzzles: Easy plays any legal move, Normal takes the puzzle's advice.

For the solitaires the advice is the next move of a shortest solution; in the
cooperative Mountains and Valleys it is a greedy choice from what the seat can
see: the placement that leaves the cheapest map, and the domino to pass that
fits the map best.
"""

from __future__ import annotations

import random

from bones.bots import Bot, RandomBot, register_bot
from bones.game import Move, Observation, Rules


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


register_bot("puzzle", "easy", _easy)
register_bot("puzzle", "normal", _normal)
