"""Hypothesis properties of the line-of-play games."""

from __future__ import annotations

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

import bones
from bones.line.state import LineState
from bones.record import Record
from bones.tiles import pip_set

GAMES = st.sampled_from(
    [
        ("draw", {}),
        ("draw", {"players": 4, "set": 9}),
        ("block", {"players": 3}),
        ("allfives", {"spinner": True}),
        ("muggins", {"players": 4, "teams": True}),
        ("kozel", {}),
        ("classic", {"players": 3}),
        ("classic", {"set": 12}),
    ]
)


def walk(game: str, options: dict, seed: int, steps: int) -> list[LineState]:
    state = bones.rules(game, **options).new_game(seed=seed)
    assert isinstance(state, LineState)
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves))
        states.append(state)
    return states


@given(GAMES, st.integers(0, 2**32), st.integers(1, 400))
def test_every_legal_play_fits_an_open_end_and_comes_from_the_hand(case, seed, steps) -> None:  # type: ignore[no-untyped-def]
    game, options = case
    for state in walk(game, options, seed, steps):
        if state.is_over:
            continue
        kernel = state.kernel
        hand = state.hand(kernel.to_move)
        for move in state.legal_moves:
            if not move.is_play:
                assert not kernel.playable_mask(kernel.to_move)
                continue
            assert move.tile in hand
            if kernel.placed:
                assert move.tile.has(kernel.ends[move.slot])


@given(GAMES, st.integers(0, 2**32), st.integers(1, 400))
def test_counts_add_up_and_scores_never_fall(case, seed, steps) -> None:  # type: ignore[no-untyped-def]
    game, options = case
    states = walk(game, options, seed, steps)
    size = len(pip_set(states[0].rules.max_pip))
    for before, after in itertools.pairwise(states):
        assert all(b <= a for b, a in zip(before.scores, after.scores))
    for state in states:
        obs = state.observation(0)
        assert sum(obs.hand_sizes) + obs.boneyard_size + len(obs.layout.placements) == size
        assert all(score >= 0 for score in state.scores)


@given(GAMES, st.integers(0, 2**32), st.integers(0, 300))
def test_a_record_of_any_unfinished_game_replays_identically(case, seed, steps) -> None:  # type: ignore[no-untyped-def]
    game, options = case
    state = walk(game, options, seed, steps)[-1]
    again = Record.loads(Record.of(state).dumps()).replay()
    assert isinstance(again, LineState)
    assert again.render() == state.render()
    assert again.moves == state.moves and again.scores == state.scores
    assert again.legal_moves == state.legal_moves
