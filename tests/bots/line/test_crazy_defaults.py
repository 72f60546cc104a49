"""Where Crazy solves its sampled deals exactly by default: all fives and block with 2 players, not draw."""

from __future__ import annotations

import random

import bones
from bones.bots.line import crazy
from bones.line.state import LineState


def _stats(game: str) -> dict[str, int]:
    rules = bones.rules(game)
    state = rules.new_game(seed=3)
    assert isinstance(state, LineState)
    rng = random.Random(3)
    for _ in range(4):
        state = state.play(rng.choice(state.legal_moves))
    seat = state.to_move
    assert seat is not None
    stats: dict[str, int] = {}
    crazy.estimate_moves(rules, state.observation(seat), random.Random(1), seconds=None, samples=20, stats=stats)  # type: ignore[arg-type]
    return stats


def test_block_with_two_players_solves_every_sampled_deal() -> None:
    # Nothing is drawn in block, so a sampled deal solves in a few thousand positions.
    stats = _stats("block")
    assert stats["samples"] == 20 and stats.get("solved") == 20


def test_draw_plays_its_sampled_deals_out() -> None:
    stats = _stats("draw")
    assert stats["samples"] == 20 and stats.get("solved", 0) == 0
