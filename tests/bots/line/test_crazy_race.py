"""Crazy in a race to go out (4 players each for himself, nothing to draw): its playouts make the next
player pass where they can, as Hard does (issue 15), and only there."""

from __future__ import annotations

import bones
from bones.bots.line import crazy, crazy_defaults
from bones.bots.line.search import greedy_choice, playout
from bones.tiles import tiles_of
from tests.line.helpers import legal, play, setup

CLASSIC_HANDS = [
    "2:2 3:0 3:2 5:3 5:5 6:1 6:4",
    "0:0 1:1 4:0 4:1 4:3 5:4 6:3",
    "1:0 2:1 3:1 3:3 6:0 6:2 6:5",
    "2:0 4:2 4:4 5:0 5:1 5:2 6:6",
]


def _names(kernel_moves: list[tuple[int, int, int]], state_moves: list[str]) -> dict[tuple[int, int, int], str]:
    return dict(zip(kernel_moves, state_moves))


def test_the_race_playout_lays_the_tile_the_next_player_cannot_answer() -> None:
    # Classic, 4 players (a spinner), play goes 3, 2, 1, 0. Seat 0 faces ends 2, 3, 6, 6; seat 3, next,
    # holds 2s but no 3 and no 6. The greedy policy sheds the heaviest tile (6:4 on the spinner: seat 3
    # answers with 4:2 or 4:4); racing, it covers the 2 with 3:2 and seat 3 must pass.
    state = play(setup("classic", CLASSIC_HANDS), "6:6", "6:2@left", "6:3@right")
    kernel = state.kernel
    assert state.to_move == 0 and kernel.ends == [2, 3, 6, 6]
    moves = kernel.legal()
    names = _names(moves, legal(state))
    next_hand = kernel.hands[3]
    greedy = greedy_choice(kernel, moves, False, lambda: 0.0)
    racing = greedy_choice(kernel, moves, False, lambda: 0.0, crazy_defaults.RACE, next_hand)
    assert names[greedy] == "6:4@up"
    assert names[racing] == "3:2@left"
    assert legal(state.play(names[racing])) == ["pass"]
    assert legal(state.play(names[greedy])) != ["pass"]


def test_the_race_playout_on_two_ends_makes_everyone_else_pass() -> None:
    # Block, 4 players: seat 3 faces ends 6 and 2 holding 6:2 and 6:3; every other 6 lies undealt. The
    # greedy policy sheds 6:3 and leaves ends every hand answers; racing, it lays 6:2 on the 2 (ends 6
    # and 6), the three others pass and seat 3 lays 6:3 next.
    hands = ["1:1 2:1 3:0 4:4 5:5", "2:0 3:2 3:3 4:3 6:5", "0:0 2:2 4:1 5:2 5:3", "4:0 5:0 5:4 6:2 6:3"]
    state = play(setup("block", hands, "1:0 3:1 4:2 5:1 6:0 6:1 6:4 6:6", opener=0), "5:5", "6:5@left", "5:2@right")
    assert state.to_move == 3 and state.kernel.ends == [6, 2]
    greedy = state.kernel.copy()
    playout(greedy, state.rules, state.scores, 0, lambda: 0.0)
    racing = state.kernel.copy()
    playout(racing, state.rules, state.scores, 0, lambda: 0.0, race=crazy_defaults.RACE)
    # Greedy, seat 3 is left holding 6:2 with no 6 to lay it on; racing, it lays both 6s and 4:0.
    assert [str(tile) for tile in tiles_of(greedy.hands[3])] == ["4:0", "6:2"]
    assert [str(tile) for tile in tiles_of(racing.hands[3])] == ["5:0"]


def test_crazy_races_with_four_players_and_nothing_to_draw_only() -> None:
    assert crazy_defaults.races_by_default(bones.rules("classic", players=4)) == crazy_defaults.RACE
    assert crazy_defaults.races_by_default(bones.rules("block", players=4)) == crazy_defaults.RACE
    assert crazy_defaults.races_by_default(bones.rules("block", players=2)) == 0.0
    assert crazy_defaults.races_by_default(bones.rules("classic", players=2)) == 0.0
    assert crazy_defaults.races_by_default(bones.rules("draw", players=4)) == 0.0
    assert crazy.CrazyLineBot(bones.rules("classic", players=4)).race == crazy_defaults.RACE
