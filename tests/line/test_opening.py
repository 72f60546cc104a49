"""Who opens, with what, and who plays next (RULES.md section 1, Opening)."""

import pytest

from bones.game import IllegalMoveError
from tests.line.helpers import legal, play, setup


@pytest.mark.parametrize("game", ["draw", "block", "allfives", "muggins"])
def test_first_hand_highest_double_opens(game: str) -> None:
    state = setup(game, ["5:5 6:1 2:0", "6:6 4:3 1:0"])
    assert state.to_move == 1
    assert legal(state) == ["6:6"]
    with pytest.raises(IllegalMoveError, match="must be opened with 6:6"):
        state.play("4:3")


def test_without_doubles_the_heaviest_tile_opens_and_the_higher_number_breaks_ties() -> None:
    state = setup("draw", ["5:4 2:0", "6:3 1:0"])
    assert (state.to_move, legal(state)) == (1, ["6:3"])
    state = setup("draw", ["5:4 2:0", "6:2 1:0"])
    assert (state.to_move, legal(state)) == (0, ["5:4"])


def test_the_winner_of_a_hand_opens_the_next_with_any_tile() -> None:
    state = setup("draw", ["6:6", "1:0 2:0"])
    state = play(state, "6:6")  # seat 0 goes out at once
    assert state.hand_no == 2 and state.results[0].winner == 0
    assert state.to_move == 0
    assert len(state.legal_moves) == 7  # any of its 7 new tiles


def test_after_a_blocked_hand_nobody_won_the_next_player_opens() -> None:
    # 6:6 opens, nobody holds a 6: blocked, 2 pips each.
    state = setup("block", ["6:6 2:0", "1:1"])
    state = play(state, "6:6")
    assert state.results[0].ending == "blocked" and state.results[0].winner is None
    assert state.scores == (0, 0)
    assert state.to_move == 1 and state.opener == 1
    assert len(state.legal_moves) == 7


def test_kozel_first_hand_opens_with_one_one() -> None:
    state = setup("kozel", ["6:6 0:0", "5:5 2:1", "1:1 3:3", "4:4 3:0"])
    assert (state.to_move, legal(state)) == (2, ["1:1"])


def test_classic_opens_with_six_six_and_plays_counter_clockwise() -> None:
    state = setup("classic", ["5:5 1:0", "2:2 3:1", "6:6 6:1"])
    assert (state.to_move, legal(state)) == (2, ["6:6"])
    state = play(state, "6:6")
    assert state.to_move == 1  # counter-clockwise: seat order reversed


def test_classic_without_six_six_the_next_highest_double_opens_every_hand() -> None:
    state = setup("classic", ["5:5 5:1", "2:2 3:1"], boneyard="6:6 4:0")
    assert (state.to_move, legal(state)) == (0, ["5:5"])
    state = play(state, "5:5")
    state = play(state, "draw", "draw")  # seat 1 has no 5 and draws 6:6, then 4:0
    assert state.to_move == 1 and legal(state) == ["pass"]


def test_classic_later_hands_are_opened_by_the_top_double_again() -> None:
    state = setup("classic", ["6:6", "1:0"])
    state = play(state, "6:6")
    assert state.hand_no == 2
    kernel = state.kernel
    holder = (
        next(seat for seat, hand in enumerate(kernel.hands) if hand >> 27 & 1)
        if any(hand >> 27 & 1 for hand in kernel.hands)
        else None
    )
    if holder is not None:
        assert state.to_move == holder and legal(state) == ["6:6"]
    else:
        assert len(state.legal_moves) == 1 and state.legal_moves[0].tile.is_double
