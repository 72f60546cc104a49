"""The playouts' policy: the one-move look-ahead at the next player's answer in scoring games."""

from __future__ import annotations

from bones.bots.line.search import playout
from tests.line.helpers import play, setup


def test_look_ahead_keeps_the_heavier_tile_when_it_hands_the_opponent_a_score() -> None:
    # Ends 3 and 6:6 (count 15). Seat 0 may lay 6:4 (heavier: the greedy choice; count 7) or 4:3 (count 16).
    # After 6:4, seat 1 answers 3:3 for 10 (count 10); after 4:3 it cannot play at all.
    state = setup("allfives", ["6:6 4:3 6:4 4:4 5:4", "1:0 1:1 3:3 6:3"], opener=0)
    state = play(state, "6:6", "6:3@left")
    assert state.to_move == 0 and state.scores == (0, 15)
    greedy = playout(state.kernel.copy(), state.rules, state.scores, 0, lambda: 0.0)
    ahead = playout(state.kernel.copy(), state.rules, state.scores, 0, lambda: 0.0, reply=1.0)
    assert greedy.points[1] >= 10
    assert ahead.points[1] == 0
    assert ahead.points[0] - ahead.points[1] > greedy.points[0] - greedy.points[1]
