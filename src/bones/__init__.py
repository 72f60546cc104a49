"""bones: domino games, computer players and puzzles."""

from typing import Any

from bones.game import (
    GameInfo,
    GameOptionError,
    IllegalMoveError,
    Move,
    Observation,
    Outcome,
    Rules,
    State,
    games,
    rules,
)
from bones.tiles import Tile, pip_set

__version__ = "0.1.0"


def env(game_id: str, render_mode: str | None = None, **options: object) -> Any:
    """A PettingZoo AEC environment of ``game_id`` (needs the ``env`` extra; see bones.environments)."""
    from bones.environments import env as make

    return make(game_id, render_mode, **options)


def single_agent_env(game_id: str, render_mode: str | None = None, **options: object) -> Any:
    """A Gymnasium environment of a one-player game, the puzzles (needs the ``env`` extra)."""
    from bones.environments import single_agent_env as make

    return make(game_id, render_mode, **options)


__all__ = [
    "GameInfo",
    "GameOptionError",
    "IllegalMoveError",
    "Move",
    "Observation",
    "Outcome",
    "Rules",
    "State",
    "Tile",
    "env",
    "games",
    "pip_set",
    "rules",
    "single_agent_env",
]
