"""Tetradominoes: one scenario test for each rule of the full text and each decision of RULES.md section 3."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import bones
from bones.game import GameOptionError, IllegalMoveError
from bones.record import Record
from bones.tetradominoes.kernel import Kernel
from bones.tetradominoes.pieces import DRAWN, MIRROR, PIECES, SHAPE_OF, cell, shape_of_cells
from bones.tetradominoes.state import TetraState


def game(players: int = 2, seed: int = 0, **setup: Any) -> TetraState:
    options: dict[str, Any] = {"players": players}
    options.update(setup.pop("options", {}))
    state = bones.rules("tetradominoes", **options).new_game(seed=seed, setup=setup or None)
    assert isinstance(state, TetraState)
    return state


def texts(state: TetraState) -> list[str]:
    return [str(m) for m in state.legal_moves]


def tetromino_moves(state: TetraState) -> list[str]:
    return [t for t in texts(state) if "@" in t and ("light" in t or "dark" in t)]


# A small table used by many tests:
#       0  1  2
#   0   4| 4  .
#   1   4| 1  .
# seat 0 (light) holds 4:2, which fits right of the top 4s.
FOURS = {"board": ["4:4@0,0>", "4:1@1,0>"]}


# -- the pieces (RULES.md section 3) ----------------------------------------------


def test_the_seven_pieces_are_the_drawn_shapes_and_their_mirrors() -> None:
    assert PIECES == "LSIJZTO"
    assert len(SHAPE_OF) == 19  # every fixed orientation of the seven one-sided shapes
    for name, rows in DRAWN.items():
        cells = [cell(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
        assert shape_of_cells(cells) == name
        mirrored = [cell(r, -c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
        assert shape_of_cells(mirrored) == MIRROR[name]
    # A player bound to one colour has all seven shapes: the light sides are the drawn
    # shapes, and the dark sides are their mirrors, which are the same seven.
    assert sorted(MIRROR[p] for p in PIECES) == sorted(PIECES)


def test_the_dark_side_of_l_shows_a_j() -> None:
    rules = bones.rules("tetradominoes")
    assert str(rules.parse_move("L/dark@0,0 1,0 1,1 1,2")) == "L/dark@0,0 1,0 1,1 1,2"
    with pytest.raises(IllegalMoveError, match="dark side of L shows a J"):
        rules.parse_move("L/dark@0,0 0,1 0,2 1,0")
    # Without the piece, the cells and the side name it.
    assert str(rules.parse_move("dark@0,0 1,0 1,1 1,2")) == "L/dark@0,0 1,0 1,1 1,2"
    assert str(rules.parse_move("light@0,0 1,0 1,1 1,2")) == "J/light@0,0 1,0 1,1 1,2"


# -- setup ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_deal_four_hidden_dominoes_each(players: int) -> None:
    state = game(players, seed=5)
    assert [len(state.hand(s)) for s in range(players)] == [4] * players
    assert len(state.kernel.boneyard) == 28 - 4 * players
    obs = state.observation(0)
    assert obs.hidden_counts == (4,) * players
    if players > 1:
        assert not any(str(t) in json.dumps(obs.to_dict()["hidden"]) for t in state.hand(1))


def test_tokens_2_players_first_is_light_4_players_partners() -> None:
    assert game(2).kernel.spec.colours == (0, 1)
    assert game(4).kernel.spec.colours == (0, 1, 0, 1)
    assert game(3).kernel.spec.colours == (0, 0, 0)  # everyone lays light side up
    assert game(1).kernel.spec.colours == (-1,)  # solitaire: either side
    assert game(4).rules.sides == (0, 1, 0, 1)


# -- playing dominoes -------------------------------------------------------------


def test_first_domino_is_any_domino() -> None:
    state = game(hands=[["6:3", "2:2"], ["1:0"]], boneyard=[])
    assert texts(state) == ["2:2@0,0>", "3:6@0,0>", "6:3@0,0>"]
    after = state.play("6:3@0,0>")
    assert after.kernel.num == {cell(0, 0): 6, cell(0, 1): 3}
    with pytest.raises(IllegalMoveError, match="first domino is laid on cells 0,0 and 0,1"):
        state.play("6:3@4,4v")


def test_a_domino_needs_a_matching_uncovered_neighbour() -> None:
    state = game(hands=[["3:6"], ["0:0"]], board=["2:3@0,0>"], boneyard=[])
    legal = texts(state)
    assert "3:6@0,2>" in legal  # the 3 beside the 3
    assert "6:3@0,2>" not in legal  # the 6 beside the 3
    with pytest.raises(IllegalMoveError, match="neither half of 6:3 is next to a matching uncovered number"):
        state.play("6:3@0,2>")
    with pytest.raises(IllegalMoveError, match="already holds a domino"):
        state.play("3:6@0,1>")
    with pytest.raises(IllegalMoveError, match="you do not hold 1:1"):
        state.play("1:1@1,0>")


# A square of 4s on 0,0 0,1 1,0 1,1 (with 1 on 2,0 and 5 on 2,1 below it).
SQUARE = ["4:4@0,0>", "4:1@1,0v", "4:5@1,1v"]
LIGHT_O = "O/light@0,0 0,1 1,0 1,1"


def test_covered_numbers_do_not_match() -> None:
    state = game(hands=[["4:2", "1:6"], ["0:0"]], board=SQUARE, tetrominoes=[LIGHT_O], boneyard=[])
    legal = texts(state)
    assert not any(t.startswith(("4:2", "2:4")) for t in legal)  # every 4 is covered
    assert "1:6@3,0>" in legal  # the uncovered 1 still matches


def test_with_every_number_covered_a_domino_touches_a_covered_number() -> None:
    state = game(hands=[["6:5"], ["0:0"]], board=["4:4@0,0>", "4:2@1,0>"], tetrominoes=[LIGHT_O], boneyard=[])
    legal = texts(state)
    assert "6:5@-1,0>" in legal and "5:6@0,2v" in legal  # no match needed
    assert "6:5@-2,0>" not in legal  # but it must touch the covered cells


def test_stuck_reveal_two_and_draw_then_pass_showing_all() -> None:
    state = game(
        hands=[["0:0", "0:1", "0:2", "0:3"], ["1:1"]],
        board=["6:6@0,0>"],
        boneyard=["0:4", "6:5"],
    )
    assert state.legal_moves[0].kind == 3 and len(state.legal_moves) == 6  # every pair of hidden dominoes
    with pytest.raises(IllegalMoveError, match="reveal two hidden dominoes"):
        state.play("pass")
    state = state.play("reveal 0:1 0:0")
    assert state.revealed_tiles(0) == (bones.Tile.of(0, 0), bones.Tile.of(1, 0))
    assert set(map(str, state.hidden_tiles(0))) == {"2:0", "3:0", "4:0"}  # drew 0:4, still stuck
    assert state.to_move == 0
    obs1 = state.observation(1)
    assert obs1.revealed[0] == state.revealed_tiles(0) and obs1.hidden_counts[0] == 3
    assert "4:0" not in json.dumps(obs1.to_dict())
    state = state.play("reveal 2:0 3:0")
    # Drew 6:5 and can play it; revealed dominoes stay face up.
    assert any(t.startswith(("6:5", "5:6")) for t in texts(state))
    assert len(state.revealed_tiles(0)) == 4


def test_pass_when_the_pile_is_empty_or_fewer_than_two_hidden() -> None:
    state = game(hands=[["0:0", "0:1", "0:2"], ["1:1"]], board=["6:6@0,0>"], boneyard=[])
    assert texts(state) == ["pass"]
    with pytest.raises(IllegalMoveError, match="pile is empty"):
        state.play("reveal 0:0 1:0")
    after = state.play("pass")
    assert len(after.revealed_tiles(0)) == 3 and not after.hidden_tiles(0)
    one_hidden = game(hands=[["0:0"], ["1:1"]], revealed=[["0:1", "0:2"], []], board=["6:6@0,0>"], boneyard=["5:5"])
    assert texts(one_hidden) == ["pass"]


def test_refill_to_four_after_playing() -> None:
    state = game(hands=[["6:1", "0:0", "0:1", "0:2"], ["1:1"]], board=["6:5@0,0>"], boneyard=["3:3", "4:4"])
    after = state.play("1:6@0,-2>")
    assert after.to_move == 1 and len(after.hand(0)) == 4 and bones.Tile.of(3, 3) in after.hand(0)
    # Holding more than four after reveals: no refill.
    big = game(hands=[["6:1", "0:0", "0:1", "0:2", "0:3"], ["1:1"]], board=["6:5@0,0>"], boneyard=["3:3"])
    after = big.play("1:6@0,-2>")
    assert len(after.hand(0)) == 4 and len(after.kernel.boneyard) == 1


# -- playing tetrominoes ----------------------------------------------------------


def test_tetromino_rules() -> None:
    # 4:2 with its 4 on 0,2 (beside 4|4) and its 2 on 1,2 (beside the 1).
    state = game(hands=[["4:2"], ["1:1"]], boneyard=[], **FOURS).play("4:2@0,2v")
    assert state.phase == "tetromino" and state.to_move == 0
    # Each covers the domino just played, lies on 4s and 2s only, and is light side up.
    assert tetromino_moves(state) == ["L/light@0,0 0,1 0,2 1,0", "J/light@0,0 0,1 0,2 1,2"]
    assert "skip" in texts(state)
    with pytest.raises(IllegalMoveError, match="you lay tetrominoes light side up"):
        state.play("dark@0,0 0,1 0,2 1,0")
    after = state.play("L/light@0,0 0,1 0,2 1,0")
    assert after.kernel.counts == [1, 0] and "L" not in after.observation(1).pool


def test_no_tetromino_possible_passes_the_turn() -> None:
    state = game(hands=[["1:6"], ["0:0"]], boneyard=[], **FOURS).play("1:6@2,1v")
    assert state.phase == "domino" and state.to_move == 1


def test_tetromino_cannot_cover_other_numbers_or_hang_off() -> None:
    state = game(hands=[["4:2"], ["1:1"]], boneyard=[], **FOURS).play("4:2@0,2v")
    with pytest.raises(IllegalMoveError, match="cover a 1 at 1,1; it may cover only 2 or 4"):
        state.play("light@0,1 0,2 1,1 1,2")
    with pytest.raises(IllegalMoveError, match="hang off the dominoes at -1,0"):
        state.play("light@-1,0 0,0 0,1 0,2")
    square = game(hands=[["4:2"], ["1:1"]], boneyard=[], board=SQUARE).play("4:2@0,2>")
    with pytest.raises(IllegalMoveError, match="must cover a number of the domino just played"):
        square.play(LIGHT_O)


# The light O on the square of 4s, and 3s beside it: 3|3 on 0,2 0,3, a 3 on 1,2 and one on -1,3.
# The player to move holds 3:6 and lays it on 1,3 (3) and 2,3 (6).
BESIDE = {"board": SQUARE + ["3:3@0,2>", "3:0@1,2v", "1:3@-2,3v"], "tetrominoes": [LIGHT_O], "boneyard": []}


def test_same_colour_tetrominoes_may_not_share_an_edge() -> None:
    light = game(hands=[["3:6"], ["1:1"]], **BESIDE).play("3:6@1,3v")
    # Only the I down column 3 keeps clear of the light O's edges.
    assert tetromino_moves(light) == ["I/light@-1,3 0,3 1,3 2,3"]
    with pytest.raises(IllegalMoveError, match="would touch another light tetromino"):
        light.play("T/light@-1,3 0,2 0,3 1,3")
    dark = game(hands=[["1:1"], ["3:6"]], to_move=1, **BESIDE).play("3:6@1,3v")
    assert "T/dark@-1,3 0,2 0,3 1,3" in tetromino_moves(dark)  # dark beside light is fine


def test_same_colour_may_touch_at_a_corner() -> None:
    # A light I on 0,-1..0,2; a square of 3s from 1,3: it meets the I only at the corner 0,2 / 1,3.
    state = game(
        hands=[["3:6"], ["1:1"]],
        board=["1:4@0,-2>", "4:4@0,0>", "4:0@0,2>", "3:3@1,3>", "3:5@2,3v"],
        tetrominoes=["I/light@0,-1 0,0 0,1 0,2"],
        boneyard=[],
    ).play("3:6@2,4v")
    assert "O/light@1,3 1,4 2,3 2,4" in tetromino_moves(state)


def test_each_piece_is_laid_once_from_the_shared_pool() -> None:
    state = game(
        hands=[["1:1"], ["3:6"]],
        board=SQUARE + ["3:3@5,0>", "3:1@6,0v"],
        tetrominoes=[LIGHT_O],
        to_move=1,
        boneyard=[],
    ).play("3:6@6,1v")
    moves = tetromino_moves(state)
    assert "T/dark@5,1 6,0 6,1 7,1" in moves
    assert not any(m.startswith("O/") for m in moves)  # the dark player's square is the O piece too
    with pytest.raises(IllegalMoveError, match="O piece has already been laid"):
        state.play("O/dark@5,0 5,1 6,0 6,1")


def test_skip_is_optional_with_players_and_forced_in_the_solitaire() -> None:
    two = game(hands=[["4:2"], ["1:1"]], boneyard=[], **FOURS).play("4:2@0,2v")
    assert two.play("skip").to_move == 1
    solo = game(1, hands=[["4:2"]], boneyard=["5:5"], **FOURS).play("4:2@0,2v")
    assert "skip" not in texts(solo)
    with pytest.raises(IllegalMoveError, match="must be laid"):
        solo.play("skip")
    # Either side up in the solitaire.
    assert set(tetromino_moves(solo)) == {
        "L/light@0,0 0,1 0,2 1,0",
        "J/light@0,0 0,1 0,2 1,2",
        "J/dark@0,0 0,1 0,2 1,0",
        "L/dark@0,0 0,1 0,2 1,2",
    }


def test_one_tetromino_per_turn_then_the_turn_passes() -> None:
    state = game(hands=[["4:2", "0:0"], ["1:1"]], boneyard=["5:5"], **FOURS).play("4:2@0,2v")
    after = state.play("L/light@0,0 0,1 0,2 1,0")
    assert after.to_move == 1 and after.phase == "domino"
    assert len(after.hand(0)) == 2  # 0:0 and the refill 5:5


def test_three_players_lay_light_with_tokens_and_none_may_touch() -> None:
    state = game(3, hands=[["1:1"], ["3:6"], ["0:2"]], to_move=1, **BESIDE).play("3:6@1,3v")
    assert tetromino_moves(state) == ["I/light@-1,3 0,3 1,3 2,3"]  # no dark side with 3 players
    after = state.play("I/light@-1,3 0,3 1,3 2,3")
    assert after.kernel.tets[-1][2] == 1 and after.kernel.counts == [1, 1, 0]  # seat 1's token


# -- the 4-player trade ----------------------------------------------------------


def four_player_trade() -> TetraState:
    state = game(
        4,
        hands=[["4:2", "0:0"], ["1:1", "1:2"], ["0:1"], ["3:5", "6:6"]],
        revealed=[[], [], [], ["5:5"]],
        boneyard=["2:2", "2:3", "3:3"],
        **FOURS,
    )
    state = state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0")
    return state


def test_four_players_opponents_trade_one_domino_each() -> None:
    state = four_player_trade()
    assert state.phase == "offer" and state.to_move == 3  # the opponent who plays last offers
    assert "keep" in texts(state)
    state = state.play("give 3:5")
    assert state.phase == "answer" and state.to_move == 1
    assert state.observation(1).offer == bones.Tile.of(5, 3)  # the partner sees it
    assert state.observation(0).offer is None and state.observation(2).offer is None
    for seat in (0, 2):
        assert "5:3" not in json.dumps(state.observation(seat).to_dict())
    state = state.play("give 1:2")
    assert bones.Tile.of(5, 3) in state.hand(1) and bones.Tile.of(2, 1) in state.hand(3)
    assert state.to_move == 1 and state.phase == "domino"  # the next player plays
    assert "2:1" not in json.dumps(state.observation(0).to_dict())


def test_trade_declined_returns_the_offer_and_revealed_stays_revealed() -> None:
    state = four_player_trade().play("give 5:5")
    assert state.observation(0).offer == bones.Tile.of(5, 5)  # it was face up
    back = state.play("keep")
    assert back.revealed_tiles(3) == (bones.Tile.of(5, 5),) and back.to_move == 1
    swapped = state.play("give 1:1")
    assert swapped.revealed_tiles(1) == (bones.Tile.of(5, 5),)
    assert bones.Tile.of(1, 1) in swapped.hidden_tiles(3)
    assert four_player_trade().play("keep").to_move == 1


def test_no_trade_with_two_players() -> None:
    state = game(hands=[["4:2"], ["1:1"]], boneyard=[], **FOURS).play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0")
    with pytest.raises(IllegalMoveError, match="traded only with 4 players"):
        state.play("give 1:1")


# -- the end of the game ------------------------------------------------------------


# Pieces that two dominoes cover exactly, as (dominoes, cells) with rows counted from r.
FAR_SHAPES = [
    (["{r},0>", "{r},2>"], "{r},0 {r},1 {r},2 {r},3"),  # I
    (["{r},0>", "{s},0>"], "{r},0 {r},1 {s},0 {s},1"),  # O
    (["{r},1>", "{s},0>"], "{r},1 {r},2 {s},0 {s},1"),  # S
    (["{r},0>", "{s},1>"], "{r},0 {r},1 {s},1 {s},2"),  # Z
    (["{r},0v", "{t},0>"], "{r},0 {s},0 {t},0 {t},1"),  # L
    (["{r},1v", "{t},0>"], "{r},1 {s},1 {t},0 {t},1"),  # J
]


def far_tetrominoes(entries: list[tuple[int, str]], avoid: set[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """Dominoes and tetrominoes laid on them, ten rows apart and far below row 0."""
    spare = [str(t) for t in bones.pip_set(6).tiles if str(t) not in avoid]
    board: list[str] = []
    tets: list[dict[str, Any]] = []
    for n, (seat, colour) in enumerate(entries):
        dominoes, cells = FAR_SHAPES[n]
        r = 10 * (n + 1)
        rows = {"r": r, "s": r + 1, "t": r + 2}
        for text in dominoes:
            board.append(spare.pop(0) + "@" + text.format(**rows))
        tets.append({"move": f"{colour}@" + cells.format(**rows), "seat": seat})
    return board, tets


USED = {"4:4", "4:1", "4:2", "1:0"}


@pytest.mark.parametrize(
    ("players", "earlier", "winners"),
    [
        (2, [(0, "light"), (0, "light"), (0, "light")], (0,)),
        (4, [(0, "light"), (2, "light"), (2, "light")], (0, 2)),
        (3, [(0, "light"), (0, "light")], (0,)),
    ],
)
def test_the_game_ends_at_four_tetrominoes_three_with_three_players(
    players: int, earlier: list[tuple[int, str]], winners: tuple[int, ...]
) -> None:
    board, tets = far_tetrominoes(earlier, USED)
    hands = [["4:2"]] + [["0:1"]] + [[]] * (players - 2)
    state = game(players, hands=hands, board=FOURS["board"] + board, tetrominoes=tets, boneyard=[])
    assert not state.is_over
    done = state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0")
    assert done.is_over and done.outcome is not None
    assert done.outcome.winners == winners
    assert "laid " + ("three" if players == 3 else "four") + " tetrominoes" in done.outcome.reason
    assert done.to_move is None and not done.legal_moves


def test_three_tetrominoes_do_not_win_with_two_players() -> None:
    board, tets = far_tetrominoes([(0, "light"), (0, "light")], USED)
    state = game(hands=[["4:2"], ["0:1"]], board=FOURS["board"] + board, tetrominoes=tets, boneyard=[])
    assert not state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0").is_over


def test_blocked_game_most_tetrominoes_wins_equal_is_a_draw() -> None:
    board, tets = far_tetrominoes([(1, "dark")], {"4:4", "1:0", "2:0"})
    state = game(hands=[["0:1"], ["0:2"]], board=["4:4@0,0>"] + board, tetrominoes=tets, boneyard=[])
    state = state.play("pass")
    assert not state.is_over
    state = state.play("pass")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (1,) and "blocked" in state.outcome.reason
    draw = game(hands=[["0:1"], ["0:2"]], board=["6:6@0,0>"], boneyard=[]).play("pass").play("pass")
    assert draw.outcome is not None and draw.outcome.winners == () and "draw" in draw.outcome.reason


def test_a_pass_between_plays_does_not_block() -> None:
    state = game(hands=[["0:2"], ["6:1", "2:2"]], board=["6:5@0,0>"], boneyard=[]).play("pass").play("1:6@0,-2>")
    assert not state.is_over and state.to_move == 0


# -- the solitaire -------------------------------------------------------------------


def test_solitaire_stuck_discard_draw_up_to_four_put_back_and_shuffle() -> None:
    state = game(1, hands=[["0:1", "0:2"]], board=["6:6@0,0>"], boneyard=["1:1", "2:2", "3:3", "6:5", "4:4"])
    assert texts(state) == [f"discard {p}" for p in PIECES]
    with pytest.raises(IllegalMoveError, match="discards a tetromino"):
        state.play("pass")
    state = state.play("discard T")
    assert len(state.hand(0)) == 6 and len(state.kernel.boneyard) == 1 and state.phase == "return"
    assert state.observation(0).discarded == "T"
    for tile in ("0:1", "1:1", "2:2"):
        state = state.play(f"return {tile}")
        assert state.phase == "return"
    state = state.play("return 0:2")
    assert state.phase == "domino" and len(state.hand(0)) == 2 and len(state.kernel.boneyard) == 5
    assert sorted(map(str, state.hand(0))) == ["3:3", "6:5"]
    assert any(t.startswith(("6:5", "5:6")) for t in texts(state))


def test_solitaire_draws_only_what_is_left() -> None:
    state = game(1, hands=[["0:1"]], board=["6:6@0,0>"], boneyard=["1:1", "2:2"]).play("discard O")
    assert len(state.hand(0)) == 3 and state.kernel.returns == 2


@pytest.mark.parametrize(
    ("black", "white", "unplayed", "score"),
    [(7, 0, 0, 0), (6, 1, 0, 6), (4, 3, 0, 12), (5, 1, 1, 12), (0, 0, 7, 49)],
)
def test_solitaire_level_1_score(black: int, white: int, unplayed: int, score: int) -> None:
    kernel = game(1).kernel
    kernel.tets = [(0, 1, 0, ())] * black + [(0, 0, 0, ())] * white
    assert kernel.solitaire_score(1)[0] == score


def test_solitaire_ends_when_the_last_tetromino_is_used_level_1_and_2() -> None:
    setup = {
        "hands": [["4:2", "0:0"]],
        "boneyard": ["5:5"],
        "discarded": list("SIJZTO"),
        **FOURS,
    }
    state = game(1, **setup).play("4:2@0,2v").play("L/dark@0,0 0,1 0,2 1,2")
    assert state.outcome is not None
    # B=1, W=0, X=6: 0 + 42 = 42, a loss (a win is under 10).
    assert state.outcome.scores == (42,) and state.outcome.winners == ()
    assert "Level 1 score 42" in state.outcome.reason
    level2 = game(1, options={"solitaire_level": 2}, **setup).play("4:2@0,2v").play("L/dark@0,0 0,1 0,2 1,2")
    assert level2.outcome is not None and level2.outcome.scores == (45,)  # the rectangle is 2 by 3


def test_solitaire_win_below_ten() -> None:
    # Six pieces laid dark side up far apart; the last domino is played and the T is left:
    # B=6, W=0, X=1 scores 0 + 7 = 7, a win at Level 1.
    board, tets = far_tetrominoes([(0, "dark")] * 6, {"6:6"})
    state = game(1, hands=[["6:6"]], board=board, tetrominoes=tets, boneyard=[])
    assert state.observation(0).pool == "T"
    done = state.play(state.legal_moves[0])
    assert done.outcome is not None and done.outcome.scores == (7,) and done.outcome.winners == (0,)


def test_solitaire_ends_when_no_dominoes_are_left() -> None:
    state = game(1, hands=[["6:1"]], board=["6:5@0,0>"], boneyard=[]).play("1:6@0,-2>")
    assert state.is_over and state.outcome is not None and state.outcome.scores == (49,)


# -- the tournament ------------------------------------------------------------------


def test_tournament_counts_points_and_starts_the_next_game() -> None:
    board, tets = far_tetrominoes([(0, "light"), (1, "dark"), (0, "light"), (0, "light")], USED)
    state = game(
        hands=[["4:2"], ["0:1"]],
        board=FOURS["board"] + board,
        tetrominoes=tets,
        boneyard=[],
        options={"tournament": True},
    )
    assert state.live_scores == (3, 1)
    state = state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0")
    assert not state.is_over and state.game_no == 2
    assert state.scores == (4, 1) and state.past_games[0].tetrominoes == (4, 1)
    # Game 2: seat 1 goes first and takes the light token.
    assert state.first == 1 and state.to_move == 1 and state.kernel.spec.colours == (1, 0)
    assert len(state.hand(0)) == 4 and not state.kernel.num


def test_tournament_ends_the_moment_someone_reaches_seven() -> None:
    state = game(
        hands=[["4:2"], ["0:1"]],
        boneyard=[],
        scores=[6, 5],
        options={"tournament": True},
        **FOURS,
    )
    state = state.play("4:2@0,2v").play("L/light@0,0 0,1 0,2 1,0")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.scores == (7, 5)
    assert "reached 7 points" in state.outcome.reason


def test_tournament_options_are_checked() -> None:
    with pytest.raises(GameOptionError, match="tournament needs 2-4 players"):
        bones.rules("tetradominoes", players=1, tournament=True)
    with pytest.raises(GameOptionError, match="solitaire_level is for 1 player"):
        bones.rules("tetradominoes", players=2, solitaire_level=2)
    with pytest.raises(GameOptionError):
        bones.rules("tetradominoes", players=5)


# -- notation, errors, records ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("4:6@1,2>", "4:6@1,2>"),
        ("4:6@1,2<", "6:4@1,1>"),
        ("4:6@1,2^", "6:4@0,2v"),
        ("3:6 @ -1,-2 v", "3:6@-1,-2v"),
        ("J/Light@1,3 0,1 1,1 1,2", "J/light@0,1 1,1 1,2 1,3"),
        ("reveal 3:1 5:5", "reveal 3:1 5:5"),
        ("REVEAL 5:5 1:3", "reveal 3:1 5:5"),
        ("give 2:6", "give 6:2"),
        ("discard t", "discard T"),
        ("return 0:0", "return 0:0"),
        ("skip", "skip"),
        ("pass", "pass"),
        ("keep", "keep"),
    ],
)
def test_move_text_round_trips(text: str, shown: str) -> None:
    rules = bones.rules("tetradominoes")
    move = rules.parse_move(text)
    assert str(move) == shown
    assert rules.parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("4:7@0,0>", "not in the double-six set"),
        ("4:6@0,0", "not a move"),
        ("4:6@500,0>", "off the table"),
        ("light@0,0 0,1 0,2 0,3 0,4", "four different cells"),
        ("light@0,0 0,1 0,2 1,3", "do not form a tetromino"),
        ("Q/light@0,0 0,1 0,2 0,3", "no piece"),
        ("reveal 1:1", "two dominoes"),
        ("discard X", "discard names a piece"),
        ("hello", "not a move"),
    ],
)
def test_bad_move_text_is_refused(text: str, error: str) -> None:
    with pytest.raises(IllegalMoveError, match=error):
        bones.rules("tetradominoes").parse_move(text)


def test_a_refused_move_changes_nothing_and_records_replay() -> None:
    rules = bones.rules("tetradominoes", players=4)
    state = rules.new_game(seed=11)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves))
    before = state.render(None)
    with pytest.raises(IllegalMoveError):
        state.play("discard T")
    assert state.render(None) == before
    again = Record.loads(Record.of(state).dumps()).replay()
    assert again.render(None) == state.render(None)


def test_render_shows_the_grid_and_hides_other_hands() -> None:
    state = game(hands=[["4:2"], ["1:1", "6:0"]], boneyard=["5:5"], **FOURS).play("4:2@0,2v")
    state = state.play("L/light@0,0 0,1 0,2 1,0")
    text = state.render(0)
    assert "      0  1  2" in text
    assert "   0  L| L  L" in text
    assert "   1  L| 1  2" in text
    assert "seat 1 (dark): 2 hidden" in text and "6:0" not in text
    assert "6:0" in state.render(None) and "6:0" in state.render(1)


def test_kernel_copy_is_independent() -> None:
    state = game(seed=4)
    kernel = state.kernel.copy()
    kernel.apply(kernel.legal()[0])
    assert not state.kernel.num and isinstance(kernel, Kernel)


def test_narration_tells_the_move_and_hides_the_opponents_draws() -> None:
    state = game(hands=[["4:2", "0:0"], ["1:1", "5:6"]], boneyard=["3:3", "6:6"], **FOURS)
    played = state.play("4:2@0,2v")
    assert played.narrate(state, ["You", "Lily"]) == "You play 4:2@0,2v."
    laid = played.play("L/light@0,0 0,1 0,2 1,0")
    assert laid.narrate(played, ["You", "Lily"]) == "You lay the L light side up (1 so far). You draw 3:3."
    theirs = laid.play("1:1@2,1v")
    text = theirs.narrate(laid, ["You", "Lily"])
    assert text == "Lily plays 1:1@2,1v. Lily draws." and "6:6" not in text


def test_the_terminal_plays_a_solitaire_to_the_end() -> None:
    from rich.console import Console

    from bones.terminal import play_match

    console = Console(record=True, width=120)
    state = bones.rules("tetradominoes", players=1).new_game(seed=4)
    final = play_match(state, {}, ["You"], console, random.Random(0), ask=lambda _: "1")
    assert final.is_over and final.outcome is not None
    out = console.export_text()
    assert "Level 1 score" in out and "pool:" in out and "You play" in out


def test_tournament_tokens_follow_the_first_player() -> None:
    rules = bones.rules("tetradominoes", players=4, tournament=True)
    assert rules.colours(rules.first_player(1)) == (0, 1, 0, 1)
    assert rules.colours(rules.first_player(2)) == (1, 0, 1, 0)  # seat 1 opens game 2 with a light token
    assert rules.first_player(5) == 0
    three = bones.rules("tetradominoes", players=3, tournament=True)
    assert three.target == 3 and three.colours(2) == (0, 0, 0)


def test_the_refill_draw_ends_a_passed_turn_too() -> None:
    """Issue 10: "If you have fewer than four dominoes, draw a domino" follows the passing rule."""
    state = game(hands=[["0:0"], ["1:1"]], revealed=[["0:1"], []], board=["6:6@0,0>"], boneyard=["5:5", "2:2"])
    assert texts(state) == ["pass"]  # stuck with one hidden domino
    after = state.play("pass")
    assert after.to_move == 1
    assert set(map(str, after.revealed_tiles(0))) == {"0:0", "1:0"}  # the pass showed them
    assert list(map(str, after.hidden_tiles(0))) == ["5:5"]  # then the refill drew, hidden
    assert len(after.kernel.boneyard) == 1
    # a pass that drew does not count towards a blocked game: the new domino may play
    after = after.play("pass")
    assert not after.is_over and after.to_move == 0


def test_a_tournament_gives_one_hand_result_per_game_and_a_lone_pass_is_forced() -> None:
    rules = bones.rules("tetradominoes", players=2, tournament=True)
    state = rules.new_game(seed=0)
    rng = random.Random(0)
    forced = 0
    while not state.is_over:
        hand, played = state.current_hand(), state.hands_played()
        lone = state.legal_moves[0] if len(state.legal_moves) == 1 else None
        if state.forced_move() is not None:
            assert state.forced_move() == lone and str(lone) in ("pass", "skip", "keep")
            forced += 1
        elif lone is not None:
            assert str(lone).split()[0] not in ("pass", "skip", "keep")
        after = state.play(rng.choice(state.legal_moves))
        if after.current_hand() != hand and not after.is_over:
            assert after.hands_played() == played + 1 and after.current_hand() == hand + 1
        state = after
    results = state.hand_results()
    assert len(results) == len(state.past_games) == state.hands_played() > 1 and forced
    assert [r.number for r in results] == list(range(1, len(results) + 1))
    assert results[-1].totals == state.side_scores() == tuple(state.outcome.scores)
    assert [r.points for r in results] == [g.tetrominoes for g in state.past_games]
