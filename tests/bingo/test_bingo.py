"""Scenario tests of Bingo dominoes: one for each rule of RULES.md section 2 and seed 003."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bones
from bones.bingo.history import Trick
from bones.bingo.kernel import CLOSER_FAILED, NO_SETS, OVER, REACHED, tile_value
from bones.bingo.state import BingoState
from bones.game import IllegalMoveError
from bones.record import Record
from bones.tiles import Tile

RULES = bones.rules("bingo")
# Three face-down tiles under nobody's hands: a trick leaves the boneyard drawable, so answers are free.
SPARE = ["1:1", "4:0", "5:1"]


def game(hands: list[list[str]], boneyard: list[str] | None = None, **setup: Any) -> BingoState:
    data: dict[str, Any] = {"hands": hands, "boneyard": SPARE if boneyard is None else boneyard, **setup}
    if data["boneyard"] and "trump_tile" not in data:
        data["trump_tile"] = "2:1"  # trumps are 2
    state = RULES.new_game(seed=1, setup=data)
    assert isinstance(state, BingoState)
    return state


def play(state: BingoState, *moves: str) -> BingoState:
    for move in moves:
        state = state.play(move)
    return state


def last_trick(state: BingoState) -> Trick:
    return [t for t in state.tricks if t.answer is not None][-1]


def legal(state: BingoState) -> set[str]:
    return {str(m) for m in state.legal_moves}


# -- the deal -------------------------------------------------------------


def test_deal_from_the_seed() -> None:
    state = RULES.new_game(seed=11)
    assert isinstance(state, BingoState)
    k = state.kernel
    assert k.hands[0].bit_count() == k.hands[1].bit_count() == 7
    assert len(k.stock) == 14 and k.trump_in_stock and k.stock[0] == k.trump_tile
    assert k.trump == Tile(k.trump_tile).high
    assert sorted(state.tiles_in_play()) == list(range(28))
    cut0, cut1 = (Tile(t) for t in state.cut or ())
    winner = 0 if (cut0.pips, cut0.high) > (cut1.pips, cut1.high) else 1
    assert state.to_move == winner == k.leader
    again = RULES.new_game(seed=11)
    assert again.render(None) == state.render(None)


# -- winning a trick ---------------------------------------------------------


def test_bingo_wins_every_trick() -> None:
    state = play(game([["6:2", "5:5"], ["0:0", "3:3"]]), "6:2", "0:0")
    assert last_trick(state).winner == 1
    state = play(game([["0:0", "5:5"], ["6:2", "3:3"]]), "0:0", "6:2")
    assert last_trick(state).winner == 0


def test_trump_beats_any_other_tile() -> None:
    state = play(game([["6:5", "5:5"], ["2:0", "3:3"]]), "6:5", "2:0")
    assert last_trick(state).winner == 1
    state = play(game([["2:0", "5:5"], ["6:5", "3:3"]]), "2:0", "6:5")
    assert last_trick(state).winner == 0


def test_of_two_trumps_the_higher_wins() -> None:
    state = play(game([["4:2", "5:5"], ["5:2", "3:3"]]), "4:2", "5:2")
    assert last_trick(state).winner == 1
    state = play(game([["5:2", "5:5"], ["4:2", "3:3"]]), "5:2", "4:2")
    assert last_trick(state).winner == 0


def test_without_trumps_the_highest_total_wins() -> None:
    state = play(game([["6:1", "5:5"], ["5:4", "3:3"]]), "6:1", "5:4")
    assert last_trick(state).winner == 1


def test_equal_totals_go_to_the_leader() -> None:
    state = play(game([["6:1", "5:5"], ["4:3", "3:3"]]), "6:1", "4:3")
    assert last_trick(state).winner == 0
    assert state.to_move == 0


# -- points -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tile", "trump", "points"),
    [
        ("2:2", 2, 28),  # the double trump
        ("6:6", 6, 28),
        ("0:0", 2, 14),  # the bingo
        ("0:0", 0, 28),  # the bingo when blanks are trumps: the double trump
        ("5:5", 2, 10),  # other doubles: their total
        ("1:1", 2, 2),
        ("5:2", 2, 7),  # other trumps: their total
        ("2:0", 2, 2),
        ("6:4", 2, 10),  # 6:4 is always 10
        ("6:4", 6, 10),
        ("3:0", 2, 10),  # 3:0 is always 10, even as a trump
        ("3:0", 3, 10),
        ("3:0", 0, 10),
        ("6:5", 2, 0),  # everything else: nothing
        ("4:1", 2, 0),
    ],
)
def test_tile_values(tile: str, trump: int, points: int) -> None:
    assert tile_value(int(Tile.parse(tile)), trump) == points


def test_the_trick_winner_scores_both_tiles() -> None:
    state = play(game([["6:4", "5:5"], ["5:2", "3:3"]]), "6:4", "5:2")
    assert state.observation(0).points == (0, 17)
    assert state.observation(1).captures == (0, 1)


# -- honours -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doubles", "points"),
    [
        (["6:6", "5:5"], 20),
        (["6:6", "5:5", "4:4"], 40),
        (["6:6", "5:5", "4:4", "3:3"], 50),
        (["6:6", "5:5", "4:4", "3:3", "1:1"], 60),
        (["6:6", "5:5", "4:4", "3:3", "1:1", "2:2"], 70),
        (["6:6", "5:5", "4:4", "3:3", "1:1", "2:2", "0:0"], 210 + 10),
        (["6:6", "0:0"], 20 + 10),
        (["0:0", "5:5", "4:4"], 40 + 10),
    ],
)
def test_honours_declarations(doubles: list[str], points: int) -> None:
    hand = doubles + ["6:1", "5:0", "4:1", "5:3", "6:3", "6:5"][: 7 - len(doubles)]
    other = ["6:2", "2:0", "1:0", "3:1", "4:3", "4:2", "5:4"]
    trump_tile = "2:1"
    boneyard = ["3:2", "6:0", "5:2"]
    # 2:2 and 1:1 may be in the hand: then trumps are another number.
    if "2:2" in hand:
        other = ["6:2", "2:0", "1:0", "3:1", "4:3", "4:0", "5:4"]
        trump_tile, boneyard = "5:2", ["3:2", "6:0", "4:2"]
    state = game([hand, other], boneyard, trump_tile=trump_tile, leader=1)
    answer = "0:0" if "0:0" in hand else hand[0]
    led = "1:0"
    state = play(state, led)
    assert f"{answer}+honours" in legal(state)
    state = play(state, f"{answer}+honours")  # the double takes the 1:0
    if state.hand_no == 1:
        assert last_trick(state).answer_honours == points
        assert state.kernel.honours[0] == points
    else:  # reaching 70 ended the hand
        assert state.results[0].honours[0] == points and state.results[0].winner == 0


def test_honours_count_only_if_the_trick_is_won() -> None:
    state = game([["5:5", "4:4", "6:1"], ["6:2", "3:3", "1:0"]], leader=0)
    state = play(state, "5:5+honours", "6:2")
    trick = last_trick(state)
    assert trick.led_honours == 20 and trick.winner == 1
    assert state.kernel.points == [0, 18] and state.kernel.honours == [0, 0]
    # The declaration showed the other double, which stays known until played.
    assert [str(t) for t in state.observation(1).known[0]] == ["4:4"]
    # ... and a declaration is spent even when its trick is lost.
    assert "4:4+honours" not in legal(play(state, "1:0", "6:1"))


def test_honours_won_are_scored() -> None:
    state = play(game([["5:5", "4:4", "6:1"], ["6:3", "3:3", "1:0"]]), "5:5+honours", "6:3")
    assert state.kernel.points == [10 + 20, 0] and state.kernel.honours == [20, 0]


def test_honours_need_two_doubles_and_a_double_played() -> None:
    state = game([["5:5", "6:1"], ["6:3", "3:3"]])
    assert "5:5+honours" not in legal(state)
    with pytest.raises(IllegalMoveError, match="at least two doubles"):
        state.play("5:5+honours")
    with pytest.raises(IllegalMoveError, match="not one"):
        state.play("6:1+honours")


# -- drawing and the last two tiles --------------------------------------------


def test_the_trick_winner_draws_first() -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]], ["6:0", "4:4", "5:1"], trump_tile="2:1")
    state = play(state, "6:5", "2:0")  # seat 1 wins and draws 6:0, seat 0 gets 4:4
    assert "6:0" in map(str, state.hand(1)) and "4:4" in map(str, state.hand(0))
    assert len(state.kernel.stock) == 2


@pytest.mark.parametrize("choice", ["take-trump", "take-hidden"])
def test_the_winner_chooses_between_the_trump_tile_and_the_face_down_tile(choice: str) -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]], ["6:0"], trump_tile="2:1")
    state = play(state, "6:5", "2:0")
    assert state.to_move == 1 and legal(state) == {"take-trump", "take-hidden"}
    with pytest.raises(IllegalMoveError, match="choose"):
        state.play("3:3")
    state = state.play(choice)
    mine, theirs = ("2:1", "6:0") if choice == "take-trump" else ("6:0", "2:1")
    assert mine in map(str, state.hand(1)) and theirs in map(str, state.hand(0))
    holder = 1 if choice == "take-trump" else 0
    assert [str(t) for t in state.observation(1 - holder).known[holder]] == ["2:1"]
    assert state.kernel.stock == [] and state.kernel.strict


def test_a_choice_is_refused_at_other_times() -> None:
    with pytest.raises(IllegalMoveError, match="only after winning"):
        game([["6:5", "5:5"], ["2:0", "3:3"]]).play("take-trump")


# -- closing and the answer rules ------------------------------------------------


def test_closing() -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]])
    assert "close" in legal(state)
    state = state.play("close")
    assert state.to_move == 0 and "close" not in legal(state)
    obs = state.observation(1)
    assert obs.closed_by == 0 and obs.trump_in_boneyard and not obs.trump_face_up
    assert obs.to_dict()["trump_tile"] == "2:1"  # both saw it before it was turned down
    with pytest.raises(IllegalMoveError, match="already closed"):
        state.play("close")
    after = play(state, "6:5", "2:0")
    assert len(after.kernel.stock) == 4 and after.hand(0) == (Tile.parse("5:5"),)  # nobody draws


def test_closing_only_when_leading_with_face_down_tiles() -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]]).play("6:5")
    with pytest.raises(IllegalMoveError, match="turn to lead"):
        state.play("close")
    empty = game([["6:5", "5:5"], ["2:0", "3:3"]], [], trump=2)
    with pytest.raises(IllegalMoveError, match="nothing to close"):
        empty.play("close")


def test_before_closing_any_tile_answers() -> None:
    state = game([["6:5", "5:5"], ["6:1", "5:0", "2:0", "3:3"][:2]]).play("6:5")
    assert legal(state) == {"6:1", "5:0"}
    state = game([["5:2", "5:5"], ["6:1", "4:3"]]).play("5:2")
    assert legal(state) == {"6:1", "4:3"}


def closed(hands: list[list[str]], led: str, **setup: Any) -> BingoState:
    return game(hands, **setup).play("close").play(led)


def test_after_closing_a_trump_must_answer_a_trump() -> None:
    state = closed([["5:2", "5:5", "3:3"], ["6:1", "2:0", "4:2"]], "5:2")
    assert legal(state) == {"2:0", "4:2"}
    with pytest.raises(IllegalMoveError, match="answered with a trump"):
        state.play("6:1")


def test_after_closing_a_trump_led_and_no_trump_held_any_tile_answers() -> None:
    state = closed([["5:2", "5:5", "3:3"], ["6:1", "4:3", "6:0"]], "5:2")
    assert legal(state) == {"6:1", "4:3", "6:0"}


def test_after_closing_follow_the_higher_number_first() -> None:
    state = closed([["6:5", "0:0", "3:3"], ["6:1", "5:0", "2:0"]], "6:5")
    assert legal(state) == {"6:1"}
    with pytest.raises(IllegalMoveError, match="showing 6, else 5"):
        state.play("5:0")


def test_after_closing_then_the_lower_number() -> None:
    state = closed([["6:5", "0:0", "3:3"], ["4:1", "5:0", "2:0"]], "6:5")
    assert legal(state) == {"5:0"}


def test_after_closing_then_a_trump_which_wins() -> None:
    state = closed([["6:5", "0:0", "3:3"], ["4:1", "2:0", "4:2"]], "6:5")
    assert legal(state) == {"2:0", "4:2"}
    assert last_trick(state.play("2:0")).winner == 1


def test_after_closing_a_dud_only_when_nothing_else() -> None:
    state = closed([["6:5", "0:0", "3:3"], ["4:1", "4:3", "1:0"]], "6:5")
    assert legal(state) == {"4:1", "4:3", "1:0"}
    assert last_trick(state.play("4:1")).winner == 0


def test_a_trump_does_not_follow_its_other_number() -> None:
    # 6:2 shows a 6, but with 2 trumps it belongs to the trump suit: the 5 must be followed.
    state = closed([["6:5", "0:0", "3:3"], ["6:2", "5:0", "4:3"]], "6:5")
    assert legal(state) == {"5:0"}


def test_the_bingo_follows_blanks() -> None:
    state = closed([["3:0", "6:6", "3:3"], ["0:0", "6:1", "4:1"]], "3:0")
    assert legal(state) == {"0:0"}
    state = closed([["3:0", "6:6", "3:3"], ["0:0", "6:3", "4:1"]], "3:0")
    assert legal(state) == {"6:3"}


def test_answer_rules_apply_once_the_boneyard_is_empty() -> None:
    state = game([["6:5", "0:0"], ["6:1", "5:0"]], [], trump=2).play("6:5")
    assert legal(state) == {"6:1"}


def test_answers_reveal_what_a_player_cannot_hold() -> None:
    state = closed([["6:5", "0:0", "3:3"], ["4:1", "4:3", "1:0"]], "6:5").play("4:1")
    cannot = state.kernel.cannot[1]
    for tile in ("6:1", "5:0", "2:0", "6:2"):
        assert cannot >> int(Tile.parse(tile)) & 1
    assert not cannot >> int(Tile.parse("4:0")) & 1


def test_honours_shown_tell_which_doubles_are_not_held_until_the_next_draw() -> None:
    state = game([["5:5", "4:4", "6:1"], ["6:2", "3:3", "1:0"]]).play("5:5+honours")
    cannot = state.kernel.cannot[0]
    assert cannot >> int(Tile.parse("6:6")) & 1 and not cannot >> int(Tile.parse("4:4")) & 1
    state = state.play("6:2")  # the trick ends and both draw: anything may have come in
    assert state.kernel.cannot[0] == 0


# -- sets ------------------------------------------------------------------------


def test_three_sets_when_the_other_has_no_trick() -> None:
    state = game([["6:6", "5:5"], ["1:0", "4:1"]], [], trump=6, points=[50, 0])
    state = play(state, "6:6", "1:0")
    result = state.results[-1]
    assert result.ending == "reached" and result.winner == 0 and result.sets == (3, 0)
    assert state.sets == (3, 0) and state.hand_no == 2


def test_two_sets_when_the_other_has_a_trick_but_under_30() -> None:
    state = game([["6:6", "5:5"], ["1:0", "4:1"]], [], trump=6, points=[50, 29], captures=[2, 1])
    state = play(state, "6:6", "1:0")
    assert state.results[-1].sets == (2, 0)


def test_one_set_when_the_other_has_30() -> None:
    state = game([["6:6", "5:5"], ["1:0", "4:1"]], [], trump=6, points=[50, 30], captures=[2, 1])
    state = play(state, "6:6", "1:0")
    assert state.results[-1].sets == (1, 0)


def test_honours_count_towards_70() -> None:
    state = game([["6:6", "5:5", "4:4"], ["1:0", "4:1", "3:1"]], [], trump=6, points=[0, 10], captures=[0, 1])
    state = play(state, "6:6+honours", "1:0")  # 28 + 40 = 68
    assert state.kernel.points[0] == 68 and state.hand_no == 1
    state = play(state, "5:5", "3:1")  # + 10
    assert state.results[-1].winner == 0 and state.results[-1].sets == (2, 0)


def test_double_trump_taken_with_bingo_wins_a_set_and_the_hand_goes_on() -> None:
    state = game([["2:2", "5:5", "4:1"], ["0:0", "3:3", "6:1"]])
    state = play(state, "2:2", "0:0")
    assert state.sets == (0, 1) and state.hand_no == 1
    assert state.kernel.points == [0, 42]
    assert not state.is_over


def test_bingo_when_blanks_are_trumps_is_the_double_trump() -> None:
    state = game([["6:0", "5:5", "4:1"], ["0:0", "3:3", "6:1"]], [], trump=0)
    state = play(state, "6:0", "0:0")
    assert last_trick(state).winner == 1
    assert state.kernel.points == [0, 6 + 28] and state.sets == (0, 0)


def test_the_closer_who_fails_gives_the_sets_away() -> None:
    state = game([["6:5", "5:4"], ["6:1", "4:1"]], points=[10, 0])
    state = play(state, "close", "6:5", "6:1", "5:4", "4:1")
    result = state.results[-1]
    # The closer took both tricks but stayed under 70; the other never took one: 3 sets.
    assert result.ending == "closer-failed" and result.closed_by == 0 and result.winner == 1
    assert result.sets == (0, 3)


def test_the_closer_who_reaches_70_wins_normally() -> None:
    state = game([["6:4", "5:4"], ["6:1", "4:1"]], points=[60, 40], captures=[3, 2])
    state = play(state, "close", "6:4", "6:1")
    assert state.results[-1].ending == "reached" and state.results[-1].sets == (1, 0)


def test_no_sets_when_nobody_closed_and_nobody_reached_70() -> None:
    state = game([["6:5", "5:4"], ["6:1", "4:1"]], [], trump=2)
    state = play(state, "6:5", "6:1", "5:4", "4:1")
    result = state.results[-1]
    assert result.ending == "no-sets" and result.sets == (0, 0) and state.sets == (0, 0)


# -- the match ----------------------------------------------------------------------


def test_first_to_seven_sets_wins_the_match() -> None:
    state = game([["6:6", "5:5"], ["1:0", "4:1"]], [], trump=6, points=[50, 30], captures=[2, 1], sets=[6, 5])
    state = play(state, "6:6", "1:0")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.scores == (7, 5)
    assert state.legal_moves == () and state.to_move is None
    with pytest.raises(IllegalMoveError, match="over"):
        state.play("5:5")


def test_the_bingo_set_can_end_the_match_mid_hand() -> None:
    state = game([["2:2", "5:5", "4:1"], ["0:0", "3:3", "6:1"]], sets=[0, 6])
    state = play(state, "2:2", "0:0")
    assert state.is_over and state.outcome is not None and state.outcome.winners == (1,)


def test_the_bingo_set_in_the_last_trick_ends_the_match() -> None:
    state = game([["2:2"], ["0:0"]], [], trump=2, sets=[0, 6])
    state = play(state, "2:2", "0:0")
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (1,) and state.outcome.scores == (0, 7)


def test_target_option() -> None:
    rules = bones.rules("bingo", target=3)
    state = rules.new_game(setup={"hands": [["6:6"], ["1:0"]], "trump": 6, "points": [50, 0], "sets": [0, 0]})
    state = state.play("6:6").play("1:0")
    assert state.is_over  # 3 sets at once
    with pytest.raises(bones.GameOptionError):
        bones.rules("bingo", target=0)


# -- moves, setups, records, observations -----------------------------------------


@pytest.mark.parametrize("text", ["6:3", "5:5+honours", "close", "take-trump", "take-hidden", "0:0+honours"])
def test_move_texts_round_trip(text: str) -> None:
    assert str(RULES.parse_move(text)) == text


@pytest.mark.parametrize("text", ["7:1", "6:3+triple", "lead", "", "5:5+"])
def test_bad_move_texts_are_refused(text: str) -> None:
    with pytest.raises(IllegalMoveError):
        RULES.parse_move(text)


def test_playing_a_tile_not_held_is_refused_and_changes_nothing() -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]])
    before = state.render(None)
    with pytest.raises(IllegalMoveError, match="you do not hold 3:3"):
        state.play("3:3")
    assert state.render(None) == before


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"hands": [["6:5"], ["6:5"]], "trump": 2}, "twice"),
        ({"hands": [["6:5"], ["2:0", "3:3"]], "trump": 2}, "same number"),
        ({"hands": [["6:5"], ["2:0"]], "boneyard": ["1:1"]}, "trump_tile"),
        ({"hands": [["6:5"], ["2:0"]], "boneyard": ["1:1", "3:3"], "trump_tile": "2:1"}, "odd"),
        ({"hands": [["6:5"], ["2:0"]]}, "trump"),
        ({"hands": [["6:5"], ["2:0"]], "trump_tile": "2:1", "trump": 3}, "not 3"),
        ({"hands": [["6:5"], ["2:0"]], "trump": 2, "colour": 1}, "unknown setup"),
    ],
)
def test_bad_setups_are_refused(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RULES.new_game(setup=setup)


def test_a_record_with_a_setup_replays() -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]], ["6:0"], trump_tile="2:1")
    state = play(state, "5:5", "2:0", "take-hidden", "6:0", "6:5")
    again = Record.loads(Record.of(state).dumps()).replay()
    assert again.render(None) == state.render(None)


def test_observations_hide_the_other_hand_and_the_boneyard() -> None:
    state = RULES.new_game(seed=5)
    assert isinstance(state, BingoState)
    text = json.dumps(state.observation(0).to_dict())
    for tile in state.hand(1):
        assert f'"{tile}"' not in text
    for tile in state.kernel.stock[1:]:
        assert f'"{Tile(tile)}"' not in text
    assert f'"{Tile(state.kernel.trump_tile)}"' in text  # the trump tile lies face up


def test_render_shows_the_position() -> None:
    state = game([["6:5", "5:5"], ["2:0", "3:3"]]).play("5:5")
    text = state.render(1)
    assert "trumps: 2" in text and "2:0 3:3" in text and "seat 0: 1 tiles" in text
    assert "on the table: seat 0 led 5:5" in text


# -- properties of whole hands -------------------------------------------------------


@given(seed=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_a_hand_keeps_its_books(seed: int, rng: random.Random) -> None:
    state = RULES.new_game(seed=seed)
    assert isinstance(state, BingoState)
    k = state.kernel.copy()
    before_points = 0
    while k.phase != OVER:
        k.apply(rng.choice(k.legal()))
        assert sum(k.points) >= before_points  # points are never taken back
        before_points = sum(k.points)
    value = k.table.value
    captured = sum(value[t] for t in range(28) if k.gone >> t & 1)
    assert sum(k.points) - sum(k.honours) == captured
    assert sum(k.captures) * 2 == k.gone.bit_count()
    if k.ending == REACHED:
        assert k.points[k.winner] >= 70 and k.sets[k.winner] in (1, 2, 3)
        assert max(k.points[1 - k.winner], 0) < 70
    elif k.ending == CLOSER_FAILED:
        assert k.closed == 1 - k.winner and k.points[k.closed] < 70 and not k.hands[0] and not k.hands[1]
    else:
        assert k.ending == NO_SETS and k.closed < 0 and max(k.points) < 70 and sum(k.sets) == 0


def test_every_hand_gives_a_hand_result_of_sets_and_the_match_score_is_sets() -> None:
    rules = bones.rules("bingo")
    state = rules.new_game(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves))
        assert state.side_scores() == state.sets
    results = state.hand_results()
    assert len(results) == len(state.results) == state.hands_played() > 1
    for result, sheet in zip(results, state.results):
        assert result.points == sheet.sets and result.totals == sheet.totals and result.note == sheet.note
        assert result.winners == (() if sheet.winner is None else (sheet.winner,))
        assert result.details == sheet.to_dict()
    assert results[-1].totals == state.sets and rules.match_target() == 7
