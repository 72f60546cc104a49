"""Easy and Normal for the line-of-play games (RULES.md section 1, seed 004)."""

from __future__ import annotations

import random
from typing import Any

from bones.bots import Bot, Estimate, RandomBot, register_analyser, register_bot, register_outside_player
from bones.bots.line.review import HOOKS as REVIEW
from bones.bots.review import register_review
from bones.game import Observation, Rules
from bones.line.moves import LineMove
from bones.line.observation import LineObservation
from bones.line.rules import LineRules


class NormalLineBot:
    """Takes the best score it can see first (scoring games), then lays a double, then its heaviest tile.

    Seed 004's Normal "gets rid of its heaviest tile first"; a double comes before it (**decision**,
    issue 15): a double only goes on its own number, so it is the tile most likely to be left over.
    Heaviest first alone was no stronger than Easy with four players each for itself (bench/ladder.py,
    1,000 duplicate deals: in draw a share of the points of 0.506 against a fair 0.5, p = 0.3; block
    0.536); doubles first makes them 0.544 (p = 0.0001) and 0.538, and Normal keeps its edge over Easy
    in every other game and player count. Breaking ties among the heaviest by the tiles kept that follow
    the new ends added little (0.553) and was left out: that is Hard's play.
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


def _dominoes_package(rules: Rules, name: str, settings: dict[str, Any]) -> Bot:
    """The PyPI ``dominoes`` package's players (``dominoes:NAME``), imported when asked for."""
    try:
        from bones.bots.line.dominoes_package import DominoesPackageBot
    except ImportError:  # pragma: no cover - the arena extra is missing
        raise ValueError("the dominoes players need the arena extra: pip install 'bones[arena]'") from None
    try:
        return DominoesPackageBot(rules, name, **settings)
    except TypeError:
        raise ValueError("the dominoes players take the settings samples and from_move") from None


def _openspiel(rules: Rules, name: str, settings: dict[str, Any]) -> Bot:
    """OpenSpiel's bots for 2-player block (``openspiel:NAME``), imported when asked for."""
    from bones.bots.line.openspiel_block import OpenSpielBot, have_openspiel

    if not have_openspiel():
        raise ValueError("the OpenSpiel players need the openspiel extra: pip install 'bones[openspiel]'")
    try:
        return OpenSpielBot(rules, name, **settings)
    except TypeError:
        raise ValueError("the OpenSpiel players take the settings sims, rollouts and uct") from None


register_bot("line", "easy", _easy)
register_bot("line", "normal", _normal)
register_bot("line", "hard", _hard)
register_bot("line", "crazy", _crazy)
register_analyser("line", _analyse)
register_review("line", REVIEW)
register_outside_player("dominoes", _dominoes_package)
register_outside_player("openspiel", _openspiel)
