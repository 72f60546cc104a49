"""Easy and Normal for the line-of-play games (RULES.md section 1, seed 004)."""

from __future__ import annotations

import random

from bones.bots import Bot, Estimate, RandomBot, register_analyser, register_bot
from bones.game import Observation, Rules
from bones.line.moves import LineMove
from bones.line.rules import LineRules
from bones.line.state import LineObservation


class NormalLineBot:
    """In scoring games takes the best score it can see first; then lays a double before any other
    tile, then its heaviest.

    Doubles first: a double goes only on its own number, so one kept back is the tile most
    likely to be stranded (with 6:1 and 1:1 on an end showing 1, laying 6:1 first leaves 1:1
    with nowhere to go). Shedding the heaviest tile first alone kept the low doubles to the
    end; in three-player draw that made Normal barely better than a random player.
    """

    level = "normal"

    def choose(self, observation: LineObservation, rng: random.Random) -> LineMove:
        moves = observation.legal_moves
        if len(moves) == 1 or not moves[0].is_play:
            return moves[0]

        def value(move: LineMove) -> tuple[int, int, int, float]:
            tile = move.tile
            assert tile is not None
            return (observation.points_for(move), int(tile.is_double), tile.pips, rng.random())

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
