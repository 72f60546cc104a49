"""Crazy's look-ahead for Tetradominoes on known deals: what it expects the others to do before its next turn."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bots import bot_for
from bones.bots.tetradominoes.evaluation import Board, all_templates
from bones.bots.tetradominoes.search import CrazyBot, quiet_domino
from bones.tetradominoes.kernel import DOMINO
from bones.tetradominoes.pieces import cell
from bones.tetradominoes.state import TetraState


def look_ahead(state: TetraState, move_text: str, quiet: bool = True) -> float:
    """Crazy's look-ahead of one domino move on the true deal (``quiet``: with its quiet dominoes)."""
    observation = state.observation(state.to_move)
    (move,) = [m for m in observation.legal_moves if str(m) == move_text]
    crazy = CrazyBot()
    if not quiet:
        crazy.QUIET = dict.fromkeys(CrazyBot.QUIET, False)
    (candidate,) = crazy.weigh_dominoes(observation, [move.kernel], random.Random(0))
    templates = crazy.threats(observation, Board(observation.table), candidate)
    return crazy.play_forward(state.kernel, observation, candidate, templates, random.Random(0))


def test_the_opponents_trade_after_our_tetromino_is_foreseen() -> None:
    # Seat 3 (dark) lays 2:4 and a tetromino. Then seat 2 (light) may hand seat 0, its partner and the
    # next to play, a domino: it holds 3:1, which opens a light tetromino, and seat 0 holds none. The
    # look-ahead used to let nobody trade, so seat 2 laid it itself two turns later (-0.7); seat 0 lays
    # it at once (-1.0), as it does in play. (Seats 1 and 2's quiet dominoes after it are left out here.)
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
    assert look_ahead(state, "2:4@-2,0v", quiet=False) == pytest.approx(1.0 - CrazyBot.FOLLOW[0])


def test_a_quiet_domino_leaves_the_templates_a_fresh_count_finds() -> None:
    # The look-ahead lets a player who cannot lay a tetromino lay a domino anyway, and updates the
    # templates around it rather than counting them again: the update must find what a count finds
    # (the templates it covers go, the ones it opens come, and a template whose one empty cell had
    # the new domino's cells as its only room for the other half goes too).
    rules = bones.rules("tetradominoes", players=3)
    hard = bot_for(rules, "hard")
    checked = 0
    for seed in range(3):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            kernel = state.kernel
            if kernel.phase == DOMINO and kernel.can_place(kernel.to_move):
                after = kernel.copy()
                updated = quiet_domino(
                    after, kernel.to_move, list(all_templates(kernel).values()), [], random.Random(checked)
                )
                assert len(after.num) == len(kernel.num) + 2
                fresh = all_templates(after)
                assert {(t.cells, t.tiles, t.colours) for t in updated} == {
                    (t.cells, t.tiles, t.colours) for t in fresh.values()
                }
                checked += 1
            state = state.play(hard.choose(state.observation(state.to_move), rng))
    assert checked >= 60


def test_a_quiet_opponent_covers_our_live_template() -> None:
    # Seat 1 cannot lay a tetromino. We (seat 0) hold 3:4, which opens the I of the three 3s in a row
    # and the empty cell at their left end. Seat 1's 3:6 fits on that cell (its 3 next to the first 3)
    # and in a dozen places elsewhere: it covers the cell, whatever the chance draws.
    state = bones.rules("tetradominoes", players=3).new_game(
        seed=0,
        setup={
            "board": ["3:3@0,0>", "3:5@0,2>"],
            "hands": [["3:4"], ["3:6"], ["1:1"]],
            "boneyard": [],
            "to_move": 1,
        },
    )
    row = (cell(0, -1), cell(0, 0), cell(0, 1), cell(0, 2))
    (template,) = [t for t in all_templates(state.kernel).values() if t.cells == row]
    assert len(state.kernel.placements(1)) > 6
    for draw in range(8):
        kernel = state.kernel.copy()
        after = quiet_domino(kernel, 1, list(all_templates(kernel).values()), [template], random.Random(draw))
        assert cell(0, -1) in kernel.num
        assert row not in {t.cells for t in after}


def test_a_quiet_domino_that_opens_a_tetromino_for_the_next_player_is_foreseen() -> None:
    # Three players, no two equal numbers side by side, so no template but 1:2's (on the table) is
    # open. We (seat 0) lay 1:5 by the 1. Seat 1 holds only 2:3, which lays no tetromino; wherever it
    # goes, its 2 lies by the 2 on the table, and two 2s side by side let seat 2 lay 2:6 and a
    # tetromino on them. The look-ahead used to let a player who lays no tetromino do nothing (0.0).
    state = bones.rules("tetradominoes", players=3).new_game(
        seed=0,
        setup={
            "board": ["1:2@0,0>"],
            "hands": [["1:5", "4:4"], ["2:3"], ["2:6"]],
            "boneyard": [],
            "to_move": 0,
        },
    )
    assert isinstance(state, TetraState)
    assert look_ahead(state, "5:1@0,-2>") == pytest.approx(-CrazyBot.FOLLOW[1])


def test_with_four_players_an_opponents_quiet_domino_that_opens_a_tetromino_for_our_partner_is_foreseen() -> None:
    # As with three: only 1:2's template is open. We (seat 0) lay 1:5 by the 1; seat 1 holds only 2:3,
    # which lays no tetromino, and its 2 goes by the 2 on the table wherever it lies; two 2s side by
    # side let our partner (seat 2) lay 2:6 and a tetromino on them. Seat 3's 4:4 fits nowhere. The
    # look-ahead used to let seat 1 do nothing (0.0).
    state = bones.rules("tetradominoes", players=4).new_game(
        seed=0,
        setup={
            "board": ["1:2@0,0>"],
            "hands": [["1:5", "0:0"], ["2:3"], ["2:6"], ["4:4"]],
            "boneyard": [],
            "to_move": 0,
        },
    )
    assert isinstance(state, TetraState)
    assert look_ahead(state, "5:1@0,-2>") == pytest.approx(CrazyBot.FOLLOW[1])
    assert look_ahead(state, "5:1@0,-2>", quiet=False) == 0.0
