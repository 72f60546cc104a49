"""Easy and Normal for the line-of-play games (RULES.md section 1, seed 004)."""

from __future__ import annotations

import random

from bones.bots import Bot, Estimate, RandomBot, register_analyser, register_bot
from bones.game import Observation, Rules
from bones.line.moves import LineMove
from bones.line.rules import LineRules
from bones.line.state import LineObservation


class NormalLineBot:
    """Sheds its heaviest tile first; in scoring games takes the best score it can see first.

    Measured and not kept (issue 15, duplicate deals): laying a double first, or never covering the
    last end that shows a double it holds, doubles Normal's edge over Easy in three-player draw
    (+1.7 to +3.8 points a deal over its fair share, 1,500 deals), but then Hard gains nothing over
    it in classic (2 and 3 players, 800 deals) and half as much in 2-player block: the ladder loses a step.
    """

    level = "normal"

    def choose(self, observation: LineObservation, rng: random.Random) -> LineMove:
        moves = observation.legal_moves
        if len(moves) == 1 or not moves[0].is_play:
            return moves[0]

        def value(move: LineMove) -> tuple[int, int, int, float]:
            tile = move.tile
            assert tile is not None
            return (observation.points_for(move), tile.pips, int(tile.is_double), rng.random())

        return max(moves, key=value)


def _easy(_rules: Rules) -> RandomBot:
    return RandomBot()


def _normal(_rules: Rules) -> Bot:
    return NormalLineBot()


def _hard(rules: Rules) -> Bot:
    from bones.bots.line.hard import HardLineBot

    assert isinstance(rules, LineRules)  # the registry gives line rules to line bots only
    return HardLineBot(rules)


def _crazy(rules: Rules) -> Bot:
    from bones.bots.line.crazy import CrazyLineBot

    assert isinstance(rules, LineRules)
    return CrazyLineBot(rules)


def _analyse(rules: Rules, observation: Observation, rng: random.Random, seconds: float) -> list[Estimate]:
    from bones.bots.line.crazy import estimate_moves

    assert isinstance(rules, LineRules) and isinstance(observation, LineObservation)
    return estimate_moves(rules, observation, rng, seconds=seconds)


register_bot("line", "easy", _easy)
register_bot("line", "normal", _normal)
register_bot("line", "hard", _hard)
register_bot("line", "crazy", _crazy)
register_analyser("line", _analyse)
