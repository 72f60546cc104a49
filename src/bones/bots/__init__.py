"""Computer players: one ``Bot`` interface for every game and level.

``bot_for(rules, level)`` gives the bot of that level for that game's family.
Families register their bots with ``register_bot``; a family without its own
Easy falls back to uniform random legal moves.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Protocol

from bones.game import Move, Observation, Rules, game_info

LEVELS = ("easy", "normal", "hard", "crazy")


class Bot(Protocol):
    level: str

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """A legal move for ``observation.seat``, which is to move."""
        ...


class RandomBot:
    """Easy for any game: any legal move."""

    level = "easy"

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return rng.choice(observation.legal_moves)


BotFactory = Callable[[Rules], Bot]
_BOTS: dict[tuple[str, str], BotFactory] = {}

# Modules that register bots when imported.
BOT_MODULES = [
    "bones.bots.line",
    "bones.bots.tetradominoes",
    "bones.donimoes.finder_bots",
    "bones.bots.runners",
    "bones.bots.bingo",
    "bones.puzzles.bots",
]


def register_bot(family: str, level: str, factory: BotFactory) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    _BOTS[(family, level)] = factory


def _load() -> None:
    for module in BOT_MODULES:
        importlib.import_module(module)


def levels_for(rules: Rules) -> list[str]:
    """The levels this game has bots for, weakest first."""
    _load()
    family = game_info(rules.game_id).family
    have = [level for level in LEVELS if (family, level) in _BOTS]
    return have or ["easy"]


def bot_for(rules: Rules, level: str) -> Bot:
    """The bot of ``level`` for ``rules``; unknown levels are refused with the valid ones."""
    _load()
    level = level.lower()
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    family = game_info(rules.game_id).family
    factory = _BOTS.get((family, level))
    if factory is None:
        if level == "easy":
            return RandomBot()
        raise ValueError(f"no {level} player for {rules.game_id} yet; available: {', '.join(levels_for(rules))}")
    return factory(rules)


def at_least(rules: Rules, level: str, minimum: str) -> str:
    """``level``, raised to ``minimum`` (or the strongest level below it that exists)."""
    have = levels_for(rules)
    wanted = max(LEVELS.index(level), LEVELS.index(minimum))
    best = [lv for lv in have if LEVELS.index(lv) <= wanted]
    return best[-1] if best else have[0]


class Estimate:
    """What the analysis thinks of one legal move."""

    __slots__ = ("expected_points", "move", "samples", "win_chance")

    def __init__(self, move: Move, expected_points: float, win_chance: float, samples: int) -> None:
        self.move = move
        self.expected_points = expected_points  # points for the mover's side minus the others', to the end of the hand
        self.win_chance = win_chance  # chance that the mover's side wins the hand
        self.samples = samples

    def to_dict(self) -> dict[str, object]:
        return {
            "move": str(self.move),
            "expected_points": round(self.expected_points, 2),
            "win_chance": round(self.win_chance, 3),
            "samples": self.samples,
        }


class Hint:
    """The move to suggest, and every move's estimate when the game has an analysis."""

    __slots__ = ("best", "estimates", "level")

    def __init__(self, best: Move, level: str, estimates: list[Estimate] | None = None) -> None:
        self.best = best
        self.level = level
        self.estimates = estimates

    def to_dict(self) -> dict[str, object]:
        return {
            "best": str(self.best),
            "level": self.level,
            "estimates": None if self.estimates is None else [e.to_dict() for e in self.estimates],
        }


Analyser = Callable[[Rules, Observation, random.Random], list[Estimate]]
_ANALYSERS: dict[str, Analyser] = {}


def register_analyser(family: str, analyser: Analyser) -> None:
    _ANALYSERS[family] = analyser


def hint(rules: Rules, observation: Observation, rng: random.Random) -> Hint:
    """The best move for the seat to move: every move's estimate where the family has an
    analysis (best first), else the choice of the strongest bot the game has."""
    _load()
    family = game_info(rules.game_id).family
    analyser = _ANALYSERS.get(family)
    if analyser is not None:
        estimates = analyser(rules, observation, rng)
        return Hint(estimates[0].move, "analysis", estimates)
    level = levels_for(rules)[-1]
    return Hint(bot_for(rules, level).choose(observation, rng), level)
