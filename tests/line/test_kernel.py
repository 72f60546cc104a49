"""The fast playout loop and the public state agree move for move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bones
from bones.line.deal import deal, first_opener
from bones.line.kernel import BLOCKED, DOMINO, PLAY
from bones.line.playout import random_hand
from bones.line.state import LineState
from bones.tiles import mask_of, pip_set


def public_random_hand(state: LineState, rnd) -> LineState:  # type: ignore[no-untyped-def]
    """Random play with the same choices as random_hand: draws, passes and forced tiles use no randomness."""
    hand_no = state.hand_no
    while not state.is_over and state.hand_no == hand_no:
        moves = state.legal_moves
        kernel = state.kernel
        forced = kernel.placed == 0 and kernel.opening >= 0
        if moves[0].code != PLAY or forced:
            state = state.play(moves[0])
        else:
            state = state.play(moves[int(rnd() * len(moves))])
    return state


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("draw", {}),
        ("block", {"players": 3}),
        ("kozel", {}),
        ("draw", {"players": 4, "reserve": True}),
        ("allfives", {}),
    ],
)
@given(seed=st.integers(0, 10**6))
def test_random_hand_matches_the_public_state(game: str, options: dict, seed: int) -> None:
    rules = bones.rules(game, **options)
    hands, boneyard = deal(rules, seed, 1)
    opener, tile = first_opener(rules, hands)
    fast_hands = hands[:]
    status, last = random_hand(
        fast_hands,
        boneyard[::-1],
        opener,
        tile,
        pip_set(rules.max_pip).with_pip,
        rules.players,
        rules.draws,
        rules.reserve,
        random.Random(seed).random,
    )
    state = rules.new_game(seed=seed)
    end = public_random_hand(state, random.Random(seed).random)
    result = end.results[0]
    assert result.ending == ("domino" if status == DOMINO else "blocked")
    assert status in (DOMINO, BLOCKED)
    assert [mask_of(h) for h in result.hands] == fast_hands
    if status == DOMINO:
        assert result.winner == last
