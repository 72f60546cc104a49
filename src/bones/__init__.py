"""bones: domino games, computer players and puzzles."""

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
    "games",
    "pip_set",
    "rules",
]
