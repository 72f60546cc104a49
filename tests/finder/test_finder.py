"""Domino Finder: one scenario per rule of reference/donimoes/domino_finder.md and per decision in the docstring."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bones
from bones.finder.board import DOWN, EDGE, GONE, UP, deal, square_name
from bones.finder.moves import FACE_UP, TAKEN, TRAP, TREASURE, UNDER_PAWN, FinderMove, Flip, Hide, Roll, Skip
from bones.finder.state import FinderState
from bones.game import IllegalMoveError
from bones.record import Record
from bones.tiles import Tile

# The layout of most scenarios, left square first:
#      a b c d e f g h
#   1: 1 2 3 4 0 5 6 6
#   2: 1 1 6 0 2 3 4 5
#   3: 1 3 2 4 5 6 0 0
#   4: 0 1 1 4 2 5 3 6
#   5: 1 5 2 0 2 6 3 3
#   6: 1 6 2 2 3 5 3 0
#   7: 4 0 4 4 4 6 5 5
ROWS = [
    "1:2 3:4 0:5 6:6",
    "1:1 6:0 2:3 4:5",
    "1:3 2:4 5:6 0:0",
    "0:1 1:4 2:5 3:6",
    "1:5 2:0 2:6 3:3",
    "1:6 2:2 3:5 3:0",
    "4:0 4:4 4:6 5:5",
]


def game(rolls: list[list[int]], players: int = 2, first: int | None = 0, rows: list[str] = ROWS) -> FinderState:
    setup: dict = {"rows": rows, "rolls": rolls}
    if first is not None:
        setup["first"] = first
    state = bones.rules("finder", players=players).new_game(seed=5, setup=setup)
    assert isinstance(state, FinderState)
    return state


def squares(state: FinderState) -> set[str]:
    return {str(m) for m in state.legal_moves}


def square(name: str) -> int:
    return FinderMove.parse(name).square


# -- Object ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "needed"), [(2, 5), (3, 4), (4, 3)])
def test_treasures_needed_to_win(players: int, needed: int) -> None:
    # "For 2 players, find 5 treasure dominoes. 3 players find 4, or 4 players find 3."
    rules = bones.rules("finder", players=players)
    assert rules.to_win == needed
    assert f"treasures to win: {needed}" in rules.describe()


def test_players_are_two_to_four() -> None:
    with pytest.raises(bones.GameOptionError):
        bones.rules("finder", players=5)
    with pytest.raises(bones.GameOptionError):
        bones.rules("finder", players=1)


# -- Setup -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_dealt_layout_has_one_blank_domino_in_each_row_of_four(seed: int) -> None:
    # 7 rows, each 1 domino from the blanks pile and 3 from the other pile: a 7x8 rectangle of numbers.
    numbers = deal(seed)
    assert len(numbers) == 56
    tiles = [Tile.of(numbers[2 * p], numbers[2 * p + 1]) for p in range(28)]
    assert sorted(tiles) == sorted(bones.pip_set(6).tiles)
    for row in range(7):
        assert sum(t.has(0) for t in tiles[4 * row : 4 * row + 4]) == 1


def test_dealt_layouts_are_shuffled_and_turned_both_ways() -> None:
    layouts = {deal(seed) for seed in range(30)}
    assert len(layouts) == 30
    # Blanks lie at either end of their domino.
    ends = {numbers.index(0) % 2 for numbers in layouts}
    assert ends == {0, 1}


def test_everything_starts_face_down_with_pawns_off_the_board() -> None:
    state = bones.rules("finder", players=3).new_game(seed=11)
    assert set(state.faces) == {DOWN}
    assert state.pawns == (None, None, None)
    assert all(n is None for n in state.shown())


def test_highest_opening_roll_plays_first_and_ties_roll_again() -> None:
    # "Each player rolls the two dice, and the highest number plays first. Reroll to break ties."
    state = game([[3, 4], [6, 1], [2, 2], [1, 1], [5, 5], [2, 3]], players=3, first=None)
    starts = [e for e in state.history if isinstance(e, Roll) and e.purpose == "start"]
    assert [(e.seat, e.dice) for e in starts] == [(0, (3, 4)), (1, (6, 1)), (2, (2, 2)), (0, (1, 1)), (1, (5, 5))]
    assert state.first == 1 and state.to_move == 1
    # "The starting player rolls the two dice to choose the treasure domino."
    roll = state.history[-1]
    assert isinstance(roll, Roll) and roll.seat == 1 and roll.result == TREASURE
    assert state.treasure == Tile.of(3, 2)


def test_seeded_games_choose_who_starts_from_the_dice() -> None:
    firsts = {bones.rules("finder", players=4).new_game(seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}


# -- Play ------------------------------------------------------------------------


def test_first_turn_enters_next_to_a_face_down_domino_along_the_edge() -> None:
    state = game([[5, 5]])
    assert squares(state) == {square_name(s) for s in EDGE}
    assert len(state.legal_moves) == 26
    with pytest.raises(IllegalMoveError, match=r"first turn.*not on the edge"):
        state.play("b2")


def test_a_first_turn_cannot_walk_in_over_face_up_dominoes() -> None:
    state = game([[5, 5]]).play("a1")  # seat 0 turns 1:2 face up on a1-b1
    assert "b2" not in squares(state)  # seat 1 enters straight onto the edge
    assert "a2" in squares(state)


def test_flip_keeps_the_numbers_where_they_lie_and_the_pawn_steps_onto_the_square() -> None:
    state = game([[5, 5]]).play("b1")
    flip = state.history[-1]
    assert isinstance(flip, Flip) and flip.numbers == (1, 2) and flip.result == "nothing"
    assert state.pawns[0] == square("b1")
    assert state.shown()[:2] == (1, 2)
    assert state.faces[0] == UP
    assert state.to_move == 1  # the turn ends after flipping one domino


def test_pawn_walks_over_face_up_dominoes_to_the_domino_it_flips() -> None:
    state = game([[5, 5]]).play("a1").play("h1")
    # From a1 the pawn may walk over b1 (face up) and flip c1, or flip a2 or b2.
    assert squares(state) == {"a2", "b2", "c1"}


def test_pawn_may_not_walk_over_blanks() -> None:
    state = game([[5, 5]]).play("a1").play("h1").play("c1").play("f1")
    # Seat 1 stepped onto f1 (a 5): the 0 on e1 is a revealed trap but not sprung.
    assert state.skipping == (False, False)
    # Seat 0 on c1 can reach a1-d1 but not past the blank on e1.
    assert squares(state) == {"a2", "b2", "c2", "d2"}
    with pytest.raises(IllegalMoveError, match="never over blanks"):
        state.play("e2")


def test_face_up_and_taken_dominoes_cannot_be_flipped() -> None:
    state = game([[1, 2], [5, 5]]).play("a1")  # seat 0 finds 1:2 at once
    assert state.faces[0] == GONE
    state = state.play("h1")
    with pytest.raises(IllegalMoveError, match="empty space"):
        state.play("b1")
    with pytest.raises(IllegalMoveError, match="already face up"):
        state.play("h1")


def test_stepping_onto_a_blank_is_a_trap_and_skips_the_next_turn() -> None:
    state = game([[5, 5]]).play("a1").play("h1").play("c1").play("f1")
    state = state.play("d2")  # seat 0 steps onto the 0 of 6:0
    flip = state.history[-1]
    assert isinstance(flip, Flip) and flip.result == TRAP
    assert state.pawns[0] == square("d2")  # "Place your pawn on the blank square"
    assert state.skipping == (True, False)
    state = state.play("g2")  # seat 1
    # Seat 0's turn is skipped by itself: seat 1 plays again.
    assert isinstance(state.history[-1], Skip) and state.history[-1].seat == 0
    assert state.to_move == 1 and state.skipping == (False, False)
    state = state.play("h3")
    # The pawn on the blank may walk off it on its next turn.
    assert state.to_move == 0
    assert {"b2", "d3", "e2", "a2", "c3"} <= squares(state)


def test_skipped_turns_in_a_row_of_three_players() -> None:
    state = game([[5, 5]], players=3).play("a4")  # seat 0 steps onto the 0 of 0:1
    assert state.skipping == (True, False, False)
    state = state.play("h1").play("h2")
    assert state.to_move == 1
    assert [type(e).__name__ for e in state.history[-2:]] == ["Flip", "Skip"]


def reset_scenario() -> FinderState:
    """Seat 0 finds 1:1; traps without pawns go face down; the next rolls are taken, face up, then new."""
    rolls = [[1, 1], [1, 1], [2, 1], [6, 6], [3, 3]]
    state = game(rolls)
    for move in ("a1", "h1", "c1", "f1", "d2", "g2", "h3"):
        state = state.play(move)
    assert state.skipping == (False, True)  # seat 1 stepped onto 0:0 at h3
    return state


def test_finding_the_treasure() -> None:
    state = reset_scenario()
    assert state.treasure == Tile.of(1, 1)
    after = state.play("b2")  # seat 0 walks c2 (face up) to b2: the 1:1
    flip = [e for e in after.history if isinstance(e, Flip)][-1]
    assert flip.result == TREASURE
    # "Place the treasure domino face up in front of you, move your pawn into the empty space"
    assert after.found == ((Tile.of(1, 1),), ())
    assert after.faces[4] == GONE and after.pawns[0] == square("b2")


def test_after_a_treasure_traps_go_face_down_unless_a_pawn_is_on_them() -> None:
    after = reset_scenario().play("b2")
    hide = next(e for e in after.history if isinstance(e, Hide))
    # 0:5 (e1-f1) and 6:0 (c2-d2) go face down; 0:0 (g3-h3) holds seat 1's pawn and stays up.
    assert hide.positions == (2, 5)
    assert after.faces[2] == DOWN and after.faces[5] == DOWN and after.faces[11] == UP


def test_next_treasure_rolls_again_on_taken_and_turns_face_up_dominoes_down() -> None:
    after = reset_scenario().play("b2")
    rolls = [e for e in after.history if isinstance(e, Roll) and e.purpose == "treasure"]
    assert [(e.dice, e.result) for e in rolls[1:]] == [
        ((1, 1), TAKEN),  # a previous treasure now in front of a player
        ((2, 1), FACE_UP),  # 1:2 lay face up on a1-b1: turned face down
        ((6, 6), FACE_UP),  # 6:6 on g1-h1 too
        ((3, 3), TREASURE),
    ]
    assert after.faces[0] == DOWN and after.faces[3] == DOWN
    assert after.treasure == Tile.of(3, 3)
    # Seat 1 is still to skip: seat 0 plays again.
    assert after.to_move == 0
    assert isinstance(after.history[-1], Skip)


def test_next_treasure_rolls_again_on_a_domino_under_a_pawn() -> None:
    state = game([[5, 5], [2, 1], [2, 2]]).play("a1")  # seat 0 stands on 1:2
    state = state.play("g7")  # seat 1 finds 5:5
    rolls = [e for e in state.history if isinstance(e, Roll)]
    assert [(e.dice, e.result) for e in rolls] == [((5, 5), TREASURE), ((2, 1), UNDER_PAWN), ((2, 2), TREASURE)]
    assert state.faces[0] == UP  # not turned face down: the roll was simply taken again
    assert state.treasure == Tile.of(2, 2)


def test_a_remembered_domino_can_be_the_next_treasure() -> None:
    # 1:2 is turned face down by a roll, then rolled again: now it is the treasure, where it was seen.
    state = game([[1, 1], [2, 1], [2, 1]])
    for move in ("a1", "h1", "c1", "f1", "d2", "g2", "h3", "b2"):
        state = state.play(move)
    assert state.treasure == Tile.of(1, 2) and state.faces[0] == DOWN
    assert "a1" in squares(state) and "b1" in squares(state)
    assert state.play("b1").found[0] == (Tile.of(1, 1), Tile.of(1, 2))


def test_empty_spaces_can_be_walked_over() -> None:
    state = game([[1, 2], [5, 5]]).play("a1")  # a1-b1 is taken: empty
    state = state.play("h1")
    # From a1 the pawn walks over the empty b1 to c1.
    assert squares(state) == {"a2", "b2", "c1"}


def test_winning_as_soon_as_enough_treasures_are_found() -> None:
    state = game([[5, 5], [6, 4], [5, 3]], players=4)
    for move in ("g7", "a1", "a7", "a6", "f7", "c1", "a5", "c6", "f6"):
        assert not state.is_over
        state = state.play(move)
    assert state.is_over and state.to_move is None and not state.legal_moves
    assert state.outcome is not None
    assert state.outcome.winners == (0,) and state.outcome.scores == (3, 0, 0, 0)
    assert state.found[0] == (Tile.of(5, 5), Tile.of(6, 4), Tile.of(5, 3))
    with pytest.raises(IllegalMoveError, match="over"):
        state.play("a2")


# -- Decisions -------------------------------------------------------------------

WALLED_ROWS = [
    "1:0 2:3 4:5 6:6",
    "0:2 1:1 3:4 5:6",
    "0:3 1:2 2:4 3:5",
    "1:3 0:4 2:5 4:6",
    "1:4 2:6 0:5 3:3",
    "1:5 2:2 3:6 0:6",
    "1:6 4:4 5:5 0:0",
]


def test_a_walled_in_pawn_comes_in_again_from_the_edge() -> None:
    state = game([[5, 5]], rows=WALLED_ROWS).play("a1")  # 1|0: b1 is a revealed blank
    state = state.play("a2")  # seat 1 springs the trap on a2: seat 0 on a1 is closed in
    assert state.enters_from_edge
    assert "walled in" in state.render(0)
    assert squares(state) == {square_name(s) for s in EDGE if state.faces[s // 2] == DOWN}
    with pytest.raises(IllegalMoveError, match="walled in"):
        state.play("c2")
    state = state.play("a7")
    flip = [e for e in state.history if isinstance(e, Flip)][-1]
    assert flip.entered and state.pawns[0] == square("a7")


def test_walking_in_over_face_up_dominoes_when_walled_in() -> None:
    state = game([[5, 5]], players=3, rows=WALLED_ROWS).play("a1").play("g1").play("a2")
    assert state.to_move == 0 and state.enters_from_edge
    # g2 is not on the edge: the pawn comes in over the face-up g1 to reach it.
    assert "g2" in squares(state)
    assert state.play("g2").pawns[0] == square("g2")


def test_pawns_do_not_block_each_other() -> None:
    state = game([[5, 5]]).play("a1").play("c1")  # seat 1's pawn stands on c1
    # Seat 0 walks over c1 to d1 and flips e1 or d2.
    assert {"d2", "e1"} <= squares(state)


def test_the_game_always_ends_with_random_moves() -> None:
    for players in (2, 3, 4):
        for seed in range(30):
            state = bones.rules("finder", players=players).new_game(seed=seed)
            rng = random.Random(seed)
            for _ in range(28 * 4 * 5):
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves))
            assert state.is_over


# -- Moves, observations, records ---------------------------------------------------


def test_move_text_round_trips_and_reads_flip() -> None:
    rules = bones.rules("finder")
    for s in range(56):
        move = FinderMove(s)
        assert rules.parse_move(str(move)) == move
    assert rules.parse_move("flip C4") == rules.parse_move("c4") == FinderMove(3 * 8 + 2)
    for bad in ("i1", "a8", "a0", "pass", "6:3", ""):
        with pytest.raises(IllegalMoveError, match="not a move"):
            rules.parse_move(bad)


def test_setups_are_checked() -> None:
    rules = bones.rules("finder")
    with pytest.raises(ValueError, match="exactly one"):
        rules.new_game(setup={"rows": ["1:0 2:0 4:5 6:6", *WALLED_ROWS[1:]]})
    with pytest.raises(ValueError, match="twice"):
        rules.new_game(setup={"rows": ["1:0 2:3 4:5 6:6", *WALLED_ROWS[:-1]]})
    with pytest.raises(ValueError, match="7 rows"):
        rules.new_game(setup={"rows": WALLED_ROWS[:6]})
    with pytest.raises(ValueError, match="dice"):
        rules.new_game(setup={"rows": WALLED_ROWS, "rolls": [[0, 7]]})
    with pytest.raises(ValueError, match="unknown setup"):
        rules.new_game(setup={"rows": WALLED_ROWS, "hands": []})


def test_observation_hides_face_down_numbers_but_keeps_the_public_history() -> None:
    state = reset_scenario().play("b2")
    obs = state.observation(1)
    data = obs.to_dict()
    text = json.dumps(data)
    assert data["treasure"] == "3:3"
    assert data["rows"][0][0] == {"face": "down", "pips": None}  # 1:2 went face down again
    # ...but everyone saw it, and the history says so.
    seen = {"event": "flip", "seat": 0, "square": "a1", "domino": "a1-b1", "numbers": [1, 2], "tile": "2:1"}
    assert seen | {"result": "nothing", "entered": True} in data["history"]
    # A domino never turned up is not in the observation at all.
    for never in ("6:3", "5:2", "6:4"):
        assert never not in text
    assert state.hidden_from(1) >= {"6:3", "5:2", "6:4"}
    sightings = obs.sightings()
    assert set(sightings) == {0, 2, 3, 5}
    assert sightings[2].numbers == (0, 5) and sightings[2].hidden_after == 8


def test_observation_of_each_seat_is_the_same_but_for_the_moves() -> None:
    state = reset_scenario()
    one, two = state.observation(0).to_dict(), state.observation(1).to_dict()
    assert one["legal_moves"] and not two["legal_moves"]
    for key in one:
        if key not in ("seat", "legal_moves", "enters_from_edge"):
            assert one[key] == two[key]


def test_render_shows_face_up_numbers_pawns_and_hides_the_rest() -> None:
    state = reset_scenario()
    seat_view = state.render(0)
    assert "[1  2 ] [3  4 ] [0  5 ] [6  6 ]" in seat_view
    assert "[?  ? ] [6  0A] [?  ? ] [4  5 ]" in seat_view  # pawn A (seat 0) on the blank of d2
    assert "[0  0B]" in seat_view
    assert "?1" not in seat_view
    god_view = state.render(None)
    assert "[?1 ?1] [6  0A]" in god_view  # face-down numbers are shown only when no seat is given


def test_same_seed_same_game_and_records_replay() -> None:
    rules = bones.rules("finder", players=3)
    games = []
    for _ in range(2):
        state = rules.new_game(seed=42)
        rng = random.Random(1)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves))
        games.append(state)
    assert games[0].history == games[1].history and games[0].outcome == games[1].outcome
    again = Record.loads(Record.of(games[0]).dumps()).replay()
    assert again.history == games[0].history
    scenario = reset_scenario()
    assert Record.loads(Record.of(scenario).dumps()).replay().history == scenario.history


def test_tiles_are_all_accounted_for() -> None:
    state = reset_scenario().play("b2")
    assert sorted(state.tiles_in_play()) == list(range(28))


@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), choices=st.randoms(use_true_random=False))
def test_each_turn_flips_exactly_one_face_down_domino(seed: int, players: int, choices: random.Random) -> None:
    state = bones.rules("finder", players=players).new_game(seed=seed)
    turns_this_hunt = 0
    while not state.is_over:
        before_down = state.faces.count(DOWN)
        before_found = sum(len(h) for h in state.found)
        after = state.play(choices.choice(state.legal_moves))
        flips = [e for e in after.history[len(state.history) :] if isinstance(e, Flip)]
        assert len(flips) == 1 and flips[0].seat == state.to_move
        if sum(len(h) for h in after.found) > before_found:
            turns_this_hunt = 0
            assert after.is_over or (after.treasure is not None and after.faces[flips[0].position] == GONE)
        else:
            turns_this_hunt += 1
            assert after.faces.count(DOWN) == before_down - 1
            assert turns_this_hunt < 28
        if not after.is_over:
            # The treasure always lies face down somewhere.
            position = next(p for p in range(28) if after.tile_at(p) == after.treasure)
            assert after.faces[position] == DOWN
        state = after
