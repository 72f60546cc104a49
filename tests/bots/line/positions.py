"""Positions for the line bots' tests: a game a few random moves in, seen by the seat to move."""

from __future__ import annotations

import random

import bones
from bones.line.observation import LineObservation
from bones.line.state import LineState


def a_few_moves_in(game: str, seed: int, moves: int = 4, **options: object) -> tuple[bones.Rules, LineObservation]:
    """The rules and what the seat to move sees after ``moves`` random moves of the deal ``seed``."""
    rules = bones.rules(game, **options)
    state = rules.new_game(seed=seed)
    assert isinstance(state, LineState)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves))
    seat = state.to_move
    assert seat is not None
    return rules, state.observation(seat)
