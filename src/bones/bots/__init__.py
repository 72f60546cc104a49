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
