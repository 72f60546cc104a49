"""Forced play, drawing, passing and the boneyard reserve."""

import pytest

from bones.game import IllegalMoveError
from tests.line.helpers import legal, play, setup


def test_a_player_who_cannot_play_draws_until_a_tile_fits() -> None:
    state = setup("draw", ["6:6 1:0", "2:1 3:0"], boneyard="4:2 6:5 0:0")
    state = play(state, "6:6")
    assert legal(state) == ["draw"]
    state = play(state, "draw")
    assert state.hand(1) == tuple(sorted(state.hand(1)))
    assert legal(state) == ["draw"]  # 4:2 does not fit
    state = play(state, "draw")
    assert legal(state) == ["6:5@left", "6:5@right"]
    assert state.observation(0).boneyard_size == 1


def test_with_an_empty_boneyard_a_stuck_player_passes() -> None:
    state = setup("draw", ["6:6 6:1 2:2", "3:1 3:0"], boneyard="4:4")
    state = play(state, "6:6", "draw")
    assert legal(state) == ["pass"]
    state = play(state, "pass")
    assert state.to_move == 0
    history = [str(e) for e in state.observation(0).history]
    assert history == ["0:6:6", "1:draw", "1:pass"]


def test_you_must_play_if_you_can() -> None:
    state = setup("draw", ["6:6 1:0", "6:1 3:0"], boneyard="4:4")
    state = play(state, "6:6")
    with pytest.raises(IllegalMoveError, match="must play if you can"):
        state.play("pass")
    with pytest.raises(IllegalMoveError, match="cannot draw: you hold a tile that fits"):
        state.play("draw")


def test_block_never_draws() -> None:
    state = setup("block", ["6:6 6:3", "3:1 3:0"], boneyard="6:1 6:2")
    state = play(state, "6:6")
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalMoveError, match="no drawing"):
        state.play("draw")


@pytest.mark.parametrize(("players", "kept"), [(2, 2), (3, 1)])
def test_reserve_option_keeps_the_last_tiles_in_the_boneyard(players: int, kept: int) -> None:
    hands = ["6:6 6:1", "3:1 3:0", "5:2 4:0"][:players]
    boneyard = "4:4 5:5 2:2"
    state = setup("draw", hands, boneyard=boneyard, reserve=True)
    state = play(state, "6:6")
    draws = 0
    while legal(state) == ["draw"]:
        state = play(state, "draw")
        draws += 1
    assert draws == 3 - kept
    assert state.observation(0).boneyard_size == kept
    assert legal(state) == ["pass"]


def test_muggins_keeps_a_reserve_by_default() -> None:
    state = setup("muggins", ["6:6 6:1", "3:1 3:0"], boneyard="4:4 5:5 2:2")
    state = play(state, "6:6", "draw")
    assert legal(state) == ["pass"]


def test_classic_with_four_players_passes() -> None:
    state = setup("classic", ["6:6 6:1", "3:1", "2:0", "4:1"])
    state = play(state, "6:6")
    assert state.to_move == 3 and legal(state) == ["pass"]


def test_wrong_moves_say_why() -> None:
    state = setup("draw", ["6:6 1:0", "6:1 3:0"], boneyard="4:4")
    with pytest.raises(IllegalMoveError, match="you do not hold 5:5"):
        state.play("5:5")
    state = play(state, "6:6")
    with pytest.raises(IllegalMoveError, match="does not fit the left end, which shows 6"):
        state.play("3:0@left")
    with pytest.raises(IllegalMoveError, match="say which end"):
        state.play("6:1")
    with pytest.raises(IllegalMoveError, match="no end 7"):
        state.play("6:1@7")
    with pytest.raises(IllegalMoveError, match="not a move"):
        state.play("hello")


def test_an_observation_weighs_a_draw_without_seeing_the_boneyard() -> None:
    state = setup("draw", ["6:6 1:0", "2:1 3:0"], boneyard="4:2 6:5 0:0")
    state = play(state, "6:6")
    view = state.observation(1)
    (draw,) = view.legal_moves
    assert str(draw) == "draw"
    assert view.ends_after(draw) == (6, 6)
    assert view.points_for(draw) == 0
