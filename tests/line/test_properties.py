"""Hypothesis properties of the line-of-play games."""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from dataclasses import FrozenInstanceError

import pytest
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


@given(GAMES, st.integers(0, 10_000), st.integers(0, 120))
def test_a_state_cannot_be_changed_by_its_callers(case, seed, steps) -> None:  # type: ignore[no-untyped-def]
    """Every field refuses assignment, and nothing a state hands out is a way back into it."""
    game, options = case
    state = walk(game, options, seed, steps)[-1]
    seat = state.to_move if state.to_move is not None else 0
    before = (state.legal_moves, state.moves, state.scores, state.observation(seat).to_dict(), repr(state))
    for name in ("moves", "scores", "hand_no", "final", "dealt", "rules", "_legal"):
        with pytest.raises(FrozenInstanceError):
            setattr(state, name, None)
        with pytest.raises(FrozenInstanceError):
            delattr(state, name)
    with pytest.raises(FrozenInstanceError):
        state.anything_new = 1  # type: ignore[attr-defined]
    assert isinstance(state.legal_moves, tuple) and isinstance(state.moves, tuple)
    observation = state.observation(seat)
    with pytest.raises(FrozenInstanceError):
        observation.hand = ()  # type: ignore[misc]
    # The observation's kernel is a copy: a bot that plays on it leaves the state alone.
    public = observation.public
    plays = [move for move in observation.legal_moves if move.is_play]
    if plays:
        public.apply(*plays[0].kernel_move)
    public.hands[seat] = 0
    public.ends.append(3)
    after = (state.legal_moves, state.moves, state.scores, state.observation(seat).to_dict(), repr(state))
    assert after == before
    # Copies and pickles are equal states, and just as frozen.
    for twin in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert type(twin) is LineState
        assert twin.moves == state.moves and twin.legal_moves == state.legal_moves
        assert twin.observation(seat).to_dict() == before[3]
        with pytest.raises(FrozenInstanceError):
            twin.moves = ()  # type: ignore[misc]
