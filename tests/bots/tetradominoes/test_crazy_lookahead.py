"""Crazy's look-ahead for Tetradominoes on known deals: what it expects the others to do before its next turn."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bots.tetradominoes.evaluation import Board
from bones.bots.tetradominoes.search import CrazyBot
from bones.tetradominoes.state import TetraState


def three_player_setup() -> TetraState:
    """Seat 1 to move; its 4:0 laid 4 on 2,1 and 0 on 3,1 leaves the 2 on 0,2 and that 4 as half of a
    tetromino whose other half only 4:2 (held by seat 1) fills, on 1,2 and 2,2. Neither other seat
    holds 4:2 or can lay a tetromino, but each holds a domino that could cover 1,2 or 2,2."""
    state = bones.rules("tetradominoes", players=3).new_game(
        seed=0,
        setup={
            "board": ["5:5@-1,-1>", "3:2@-1,2v", "5:2@0,0>", "5:4@1,0v"],
            "tetrominoes": [{"move": "L/light@-1,-1 -1,0 0,0 1,0", "seat": 2}],
            "hands": [["3:3", "6:1", "6:4", "6:5"], ["1:0", "3:0", "4:0", "4:2"], ["2:2", "4:3", "4:4", "6:3"]],
            "boneyard": ["0:0", "5:3", "4:1", "3:1", "2:1", "5:1", "2:0", "1:1", "6:0", "6:6", "5:0", "6:2"],
            "to_move": 1,
        },
    )
    assert isinstance(state, TetraState)
    return state


def look_ahead(state: TetraState, move_text: str) -> float:
    """Crazy's look-ahead of one domino move on the true deal."""
    observation = state.observation(state.to_move)
    (move,) = [m for m in observation.legal_moves if str(m) == move_text]
    crazy = CrazyBot()
    (candidate,) = crazy.weigh_dominoes(observation, [move.kernel], random.Random(0))
    templates = crazy.threats(observation, Board(observation.table), candidate)
    return crazy.play_forward(state.kernel, observation, candidate, templates, random.Random(0))


def test_a_setup_an_opponent_could_cover_still_counts() -> None:
    # Counting every cover an opponent could make as made scored this setup 0, as if it were no
    # setup at all; among Hard players such a tetromino was laid 75% of the time (83% when nobody
    # could cover it). Both others could cover it here, so it keeps 0.9 * 0.9 of its worth.
    value = look_ahead(three_player_setup(), "4:0@2,1v")
    assert value > 0
    assert value == CrazyBot.NEXT * (1 - CrazyBot.BLOCK[3]) ** 2


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
