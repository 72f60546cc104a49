"""What the games share instead of writing it each again: sides, seats, setup fields and tile lists."""

from __future__ import annotations

import pytest

import bones
from bones.game import check_setup_fields, setup_seat
from bones.tiles import SetupTiles, pip_set
from tests.finder.test_finder import ROWS
from tests.puzzles.test_mountains import BOOK_DEAL


def test_sides_of_a_pair_game_and_of_a_game_of_single_seats() -> None:
    kozel = bones.rules("kozel")
    assert kozel.seats_of(0) == (0, 2) and kozel.seats_of(1) == (1, 3)
    assert kozel.seat_scores((5, 7)) == (5, 7, 5, 7)
    assert kozel.side_name(1) == "seats 1 and 3"
    draw = bones.rules("draw")
    assert draw.seats_of(1) == (1,)
    assert draw.seat_scores((3, 4)) == (3, 4)
    assert draw.side_name(1) == "seat 1"


@pytest.mark.parametrize("game_id", ["bingo", "runners", "finder", "tetradominoes"])
def test_an_observation_for_a_seat_the_game_lacks_is_refused(game_id: str) -> None:
    rules = bones.rules(game_id)
    state = rules.new_game(0)
    with pytest.raises(ValueError, match=rf"no seat {rules.num_players}: seats are 0..{rules.num_players - 1}"):
        state.observation(rules.num_players)
    with pytest.raises(ValueError, match="no seat -1"):
        state.observation(-1)


@pytest.mark.parametrize("game_id", ["bingo", "runners", "finder", "tetradominoes"])
def test_a_misspelt_setup_field_is_named_with_the_known_ones(game_id: str) -> None:
    with pytest.raises(ValueError, match=r"unknown setup fields \['hnads'\]; known: \["):
        bones.rules(game_id).new_game(0, setup={"hnads": []})


def test_setup_fields_are_listed_sorted() -> None:
    check_setup_fields({"b": 1}, ("b", "a"))
    with pytest.raises(ValueError, match=r"unknown setup fields \['c'\]; known: \['a', 'b'\]"):
        check_setup_fields({"c": 1}, ("b", "a"))


@pytest.mark.parametrize("value", [True, "1", 1.0, None, 2, -1])
def test_a_seat_in_a_setup_is_a_whole_number_within_the_seats(value: object) -> None:
    with pytest.raises(ValueError, match=r"setup 'first' must be a seat 0\.\.1, got"):
        setup_seat(value, 2, "first")
    assert setup_seat(1, 2, "first") == 1


def test_games_refuse_a_seat_given_as_true_or_as_text() -> None:
    # Before, Finder took True for seat 1, and Bingo and Tetradominoes read "1" as seat 1.
    with pytest.raises(ValueError, match="setup 'first' must be a seat"):
        bones.rules("finder").new_game(0, setup={"rows": ROWS, "first": True})
    hands = [["6:6", "5:5"], ["4:4", "3:3"]]
    with pytest.raises(ValueError, match="setup 'leader' must be a seat"):
        bones.rules("bingo").new_game(0, setup={"hands": hands, "trump": 6, "leader": "1"})
    with pytest.raises(ValueError, match="setup 'first' must be a seat"):
        bones.rules("tetradominoes").new_game(0, setup={"hands": hands, "first": "1"})


def test_tile_lists_per_seat() -> None:
    tiles = SetupTiles(pip_set(6))
    assert tiles.per_seat([["6:6"], ["1:0", "2:0"]], 2, "hands", "hand") == [[27], [1, 3]]
    with pytest.raises(ValueError, match=r"appears twice in the setup \(hand 1\)"):
        SetupTiles(pip_set(6)).per_seat([["6:6"], ["6:6"]], 2, "hands", "hand")
    with pytest.raises(ValueError, match="setup needs 'hands': one list of tiles for each of the 2 seats"):
        SetupTiles(pip_set(6)).per_seat([["6:6"]], 2, "hands", "hand")
    with pytest.raises(ValueError, match="setup needs 'hands'"):
        SetupTiles(pip_set(6)).per_seat(None, 2, "hands", "hand")


@pytest.mark.parametrize("game_id", ["bee", "fujisan", "mountains"])
def test_a_puzzle_setup_is_its_grid_alone(game_id: str) -> None:
    rules = bones.rules(game_id)  # Mountains: the solitaire, the version that takes a setup
    setup = {"grid": BOOK_DEAL} if game_id == "mountains" else rules.new_game(0).setup()
    assert setup is not None and set(setup) == {"grid"}
    assert rules.new_game(0, setup=setup).setup() == setup
    with pytest.raises(ValueError, match=r"unknown setup fields \['moves'\]; known: \['grid'\]"):
        rules.new_game(0, setup={**setup, "moves": 3})  # was ignored without a word
    with pytest.raises(ValueError, match=r"setup is \{'grid': '<"):
        rules.new_game(0, setup={"grid": 3})
