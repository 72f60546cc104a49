"""Crazy's sampled deals can come from another source than its belief: the yardstick's seer
(bench/omniscient.py) knows the other hands."""

from __future__ import annotations

import random

import pytest

import bones
from bones.bits import bits
from bones.bots.line import crazy
from bones.bots.line.exact import Solver
from bones.line.state import LineState


class TrueDeal:
    """Every sample is the deal as it is."""

    def __init__(self, state: LineState, seat: int) -> None:
        self.hands = {other: state.kernel.hands[other] for other in range(state.rules.players) if other != seat}
        self.boneyard = list(state.kernel.boneyard)
        self.unknown = [tile for hand in self.hands.values() for tile in bits(hand)] + self.boneyard
        self.samples = 0

    def sample_timed(self, rng: random.Random) -> tuple[dict[int, int], list[int], None]:
        self.samples += 1
        return dict(self.hands), self.boneyard[:], None


def test_with_the_true_deal_as_every_sample_each_move_gets_its_exact_value() -> None:
    # 2-player block solves every sampled deal; given only the true deal, each move's expected points
    # are its value under perfect play, which the sampled deals of a belief would blur.
    rules = bones.rules("block")
    state = rules.new_game(seed=1)
    assert isinstance(state, LineState)
    rng = random.Random(1)
    for _ in range(2):
        state = state.play(rng.choice(state.legal_moves))
    seat = state.to_move
    assert seat is not None
    source = TrueDeal(state, seat)
    estimates = crazy.estimate_moves(
        rules,  # type: ignore[arg-type]
        state.observation(seat),
        random.Random(1),
        seconds=None,
        samples=5,
        settle=None,
        belief=source,
    )
    exact = dict(Solver(state.rules, state.kernel).move_values(state.kernel))
    assert source.samples == 5
    assert len(exact) > 1
    valued = {estimate.move.kernel_move: estimate.value for estimate in estimates}  # type: ignore[union-attr]
    assert valued == pytest.approx(exact)
    assert len(set(exact.values())) > 1  # the moves differ, so a wrong deal would show
