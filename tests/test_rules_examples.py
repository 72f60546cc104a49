"""The worked examples of the rules pages, replayed on the engines: what a page says a hand
scores is what the game scores."""

from __future__ import annotations

import bones
from bones.bingo.kernel import answer_wins, tile_value
from bones.game import State
from bones.puzzles.mountains.puzzle import penalty
from bones.tiles import Tile


def deal(game: str, hands: list[list[str]], opening: str) -> State:
    """A first hand with an empty boneyard, opened by the first player with ``opening``."""
    rules = bones.rules(game, players=len(hands))
    return rules.new_game(setup={"hands": hands, "boneyard": [], "opener": 0, "opening": opening})


def play_out_hand(state: State, *moves: str) -> State:
    """Plays ``moves`` (the others forced: the only legal move, a pass) until the first hand ends."""
    wanted = list(moves)
    while state.hand_no == 1 and not state.is_over:  # type: ignore[attr-defined]
        legal = [str(m) for m in state.legal_moves]
        move = wanted.pop(0) if wanted and wanted[0] in legal else None
        if move is None:
            assert len(legal) == 1, f"the example leaves a choice: {legal}"
            move = legal[0]
        state = state.play(move)
    assert not wanted, f"not played: {wanted}"
    return state


def test_draw_going_out_and_blocked() -> None:
    out = play_out_hand(deal("draw", [["4:4"], ["6:5", "3:1", "2:0"]], "4:4"))
    assert out.scores == (17, 0)  # type: ignore[attr-defined]
    blocked = play_out_hand(deal("draw", [["5:5", "4:2", "1:1"], ["6:4", "2:1"]], "5:5"))
    assert blocked.scores == (5, 0)  # type: ignore[attr-defined]


def test_block_with_three_players_blocked() -> None:
    state = play_out_hand(deal("block", [["5:5", "2:1", "1:0"], ["6:3", "4:0"], ["6:2"]], "5:5"))
    assert state.scores == (21, 0, 0)  # type: ignore[attr-defined]


def test_partnership_blocked_hand_scores_all_four_hands() -> None:
    hands = [["5:5", "3:2"], ["6:2"], ["4:1", "1:0"], ["6:3"]]
    state = bones.rules("block", players=4, teams=True).new_game(
        setup={"hands": hands, "boneyard": [], "opener": 0, "opening": "5:5"}
    )
    assert play_out_hand(state).scores == (28, 0)  # type: ignore[attr-defined]


def test_all_fives_counts_the_ends() -> None:
    state = deal("allfives", [["5:5", "0:3", "6:2"], ["5:0", "5:2", "6:1"]], "5:5")
    seen = []
    for move in ("5:5", "5:0@left", "0:3@left", "5:2@right"):
        state = state.play(move)
        seen.append(state.scores)  # type: ignore[attr-defined]
    assert seen == [(10, 0), (10, 10), (10, 10), (10, 15)]


def test_muggins_scores_a_point_a_five() -> None:
    state = deal("muggins", [["6:4", "6:6"], ["4:3", "6:5", "2:0"]], "6:4")
    state = state.play("6:4")
    assert state.scores == (2, 0)  # type: ignore[attr-defined]
    state = state.play(next(str(m) for m in state.legal_moves if str(m).startswith("4:3")))
    assert state.scores == (2, 0)  # type: ignore[attr-defined]
    state = play_out_hand(state, next(str(m) for m in state.legal_moves if str(m).startswith("6:6")))
    assert state.scores == (8, 0)  # type: ignore[attr-defined]


def kozel(hands: list[list[str]], opening: str, opener: int = 0, eggs: int = 0) -> State:
    return bones.rules("kozel").new_game(
        setup={"hands": hands, "boneyard": [], "opener": opener, "opening": opening, "eggs": eggs}
    )


def test_kozel_going_out_a_fish_with_eggs_and_eggs_carried() -> None:
    # Hand 1: your partner goes out; the others write what they hold.
    out = play_out_hand(kozel([["5:5"], ["6:5", "4:4"], ["1:1"], ["2:1", "3:0"]], "1:1", opener=2))
    assert out.scores == (0, 25)  # type: ignore[attr-defined]
    # Hand 2: a fish with equal pairs: nobody writes, 15 carried.
    eggs = play_out_hand(kozel([["5:5", "6:3"], ["6:4"], ["4:2"], ["3:2"]], "5:5"))
    assert eggs.scores == (0, 0) and eggs.eggs == 15  # type: ignore[attr-defined]
    # Hand 3: a fish your pair loses 20 to 12, with the 15 of the eggs.
    fish = play_out_hand(kozel([["5:5", "6:6"], ["4:3"], ["6:2"], ["4:1"]], "5:5", eggs=15))
    assert fish.scores == (35, 0)  # type: ignore[attr-defined]


def test_classic_going_out_with_three_players() -> None:
    state = play_out_hand(deal("classic", [["2:2"], ["6:4", "3:3"], ["5:1"]], "2:2"))
    assert state.scores == (22, 0, 0)  # type: ignore[attr-defined]


def test_bingo_tricks_with_four_as_trumps() -> None:
    def t(a: int, b: int) -> int:
        return int(Tile.of(a, b))

    assert answer_wins(t(5, 5), t(4, 1), 4) and tile_value(t(5, 5), 4) + tile_value(t(4, 1), 4) == 15
    assert answer_wins(t(6, 3), t(6, 4), 4) and tile_value(t(6, 3), 4) + tile_value(t(6, 4), 4) == 10
    values = {(4, 4): 28, (0, 0): 14, (5, 5): 10, (6, 4): 10, (4, 1): 5, (3, 0): 10, (6, 3): 0}
    assert {tile: tile_value(t(*tile), 4) for tile in values} == values
    assert tile_value(t(0, 0), 0) == 28


def test_mountains_penalty_joins_two_areas_at_their_closest() -> None:
    def split(low: int, high: int) -> list[int | None]:
        return [low if column < 3 else high for row in range(6) for column in range(6)]

    assert penalty(split(2, 4)) == 2
    assert penalty(split(1, 4)) == 3
