"""Crazy's look-ahead for Tetradominoes on known deals: what it expects the others to do before its next turn."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bots.tetradominoes.evaluation import Board
from bones.bots.tetradominoes.search import CrazyBot
from bones.tetradominoes.state import TetraState


def look_ahead(state: TetraState, move_text: str) -> float:
    """Crazy's look-ahead of one domino move on the true deal."""
    observation = state.observation(state.to_move)
    (move,) = [m for m in observation.legal_moves if str(m) == move_text]
    crazy = CrazyBot()
    (candidate,) = crazy.weigh_dominoes(observation, [move.kernel], random.Random(0))
    templates = crazy.threats(observation, Board(observation.table), candidate)
    return crazy.play_forward(state.kernel, observation, candidate, templates, random.Random(0))


def test_the_opponents_trade_after_our_tetromino_is_foreseen() -> None:
    # Seat 3 (dark) lays 2:4 and a tetromino. Then seat 2 (light) may hand seat 0, its partner and the
    # next to play, a domino: it holds 3:1, which opens a light tetromino, and seat 0 holds none. The
    # look-ahead used to let nobody trade, so seat 2 laid it itself two turns later (-0.7); seat 0 lays
    # it at once (-1.0), as it does in play.
    state = bones.rules("tetradominoes", players=4).new_game(
        seed=0,
        setup={
            "board": ["5:3@-1,-3v", "3:4@0,-2>", "4:6@0,0>"],
            "hands": [["0:0", "1:0", "2:1", "4:0"], ["2:0", "5:1", "5:4", "6:0"], ["3:1", "4:4", "6:2", "6:6"]]
            + [["3:2", "3:3", "4:2", "5:0"]],
            "boneyard": ["2:2", "6:5", "6:1", "4:1", "5:2", "5:5", "3:0", "6:3", "1:1"],
            "to_move": 3,
        },
    )
    assert isinstance(state, TetraState)
    assert look_ahead(state, "2:4@-2,0v") == pytest.approx(1.0 - CrazyBot.FOLLOW[0])
