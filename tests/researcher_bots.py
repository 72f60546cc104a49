"""Bots as a researcher writes them, outside bones' registry: named ``tests.researcher_bots:NAME``."""

from __future__ import annotations

import random

from bones.game import Move, Observation, Rules


class FirstLegalBot:
    """Always the first legal move: a class taking the rules."""

    level = "first-legal"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return observation.legal_moves[0]


class LastLegal:
    """The last legal move, and no level of its own: a class that takes nothing."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return observation.legal_moves[-1]


def last_legal() -> LastLegal:
    """A factory function taking no argument."""
    return LastLegal()


NOT_A_BOT = 42


def not_a_player(rules: Rules) -> str:
    """Gives something that cannot choose a move."""
    return rules.game_id
