"""bones: domino games, computer players and puzzles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bones.game import GameOptionError, IllegalMoveError, Move, Observation, Outcome, Rules, State
from bones.registry import GameInfo, games, rules
from bones.tiles import Tile, pip_set

if TYPE_CHECKING:  # the environments need the env extra: imported when first asked for
    from bones.environments import BonesEnv, Episode, Opponent, SingleAgentEnv

__version__ = "0.1.0"


def env(game_id: str, render_mode: str | None = None, relative: bool = False, **options: Any) -> BonesEnv:
    """A PettingZoo AEC environment of ``game_id`` (needs the ``env`` extra; see bones.environments)."""
    from bones.environments import env as make

    return make(game_id, render_mode, relative, **options)


def single_agent_env(
    game_id: str,
    opponents: Opponent | Sequence[Opponent] | Mapping[int, Opponent] | None = None,
    *,
    seat: int = 0,
    episode: Episode = "match",
    relative: bool = False,
    render_mode: str | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """A Gymnasium environment of one seat against bones' bots (needs the ``env`` extra; see
    bones.environments)."""
    from bones.environments import single_agent_env as make

    return make(game_id, opponents, seat=seat, episode=episode, relative=relative, render_mode=render_mode, **options)


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
