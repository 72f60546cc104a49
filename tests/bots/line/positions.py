"""Positions for the line bots' tests: a game a few random moves in, seen by the seat to move."""

from __future__ import annotations

import random

import bones
from bones.line.observation import LineObservation
from bones.line.state import LineState


def a_few_moves_in(game: str, seed: int, moves: int = 4, **options: object) -> tuple[bones.Rules, LineObservation]:
    """The rules and what the seat to move sees after ``moves`` random moves of the deal ``seed``."""
    rules = bones.rules(game, **options)
    state = rules.new_game(seed=seed)
    assert isinstance(state, LineState)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves))
    seat = state.to_move
    assert seat is not None
    return rules, state.observation(seat)


def small_deals(rules: bones.Rules, count: int, seed: int, sizes: tuple[int, ...]) -> list[LineState]:
    """``count`` random small deals of block (``sizes``: tiles a hand, the other tiles out of play), each a few
    moves into its first hand, opened: positions a solver's brute-force check can search to the end."""
    rng = random.Random(seed)
    names = [str(t) for t in bones.pip_set(6).tiles]
    players = rules.num_players
    out: list[LineState] = []
    while len(out) < count:
        rng.shuffle(names)
        size = rng.choice(sizes)
        hands = [names[i * size : (i + 1) * size] for i in range(players)]
        setup = {"hands": hands, "boneyard": names[players * size :], "opener": rng.randrange(players)}
        state = rules.new_game(seed=0, setup=setup)
        for _ in range(1 + rng.randrange(3)):
            if state.is_over or state.hand_no != 1:
                break
            state = state.play(rng.choice(state.legal_moves))
        if not state.is_over and state.hand_no == 1 and state.kernel.placed:
            assert isinstance(state, LineState)
            out.append(state)
    return out
