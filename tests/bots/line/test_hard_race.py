"""Hard in a line game with nothing to draw, each player for itself: a race to go out (issue 15).

With 4 players in block and classic, Hard was no stronger than Normal: its only evidence of what the
others could not answer was a pass already seen, so it never laid a tile to make the next player pass.
"""

from __future__ import annotations

import random

from bones.bots.line.hard import HardLineBot
from tests.line.helpers import legal, play, setup


def test_hard_leaves_ends_that_nobody_else_can_answer() -> None:
    hands = ["1:1 2:1 3:0 4:4 5:5", "2:0 3:2 3:3 4:3 6:5", "0:0 2:2 4:1 5:2 5:3", "4:0 5:0 5:4 6:2 6:3"]
    state = play(setup("block", hands, "1:0 3:1 4:2 5:1 6:0 6:1 6:4 6:6", opener=0), "5:5", "6:5@left", "5:2@right")
    observation = state.observation(3)
    assert state.kernel.ends == [6, 2]
    assert legal(state) == ["6:2@left", "6:3@left", "6:2@right"]
    # 6:2 on the 2 shows 6 at both ends. 5:5 opened, so nobody was dealt 6:6; of the other 6s, 6:5 is
    # down and 6:3 is Hard's own: three 6s are out, among the 12 tiles in the other hands and 7 never
    # dealt, so the next player is stuck about half the time. (Here all three lie undealt: every other
    # player must pass, and Hard lays 6:3 next.) Old Hard shed 6:3, the heavier tile, and left ends 3 and
    # 2, which every other hand could answer.
    move = HardLineBot(state.rules).choose(observation, random.Random(0))
    assert str(move) == "6:2@right"
    after = state.play(move)
    for seat in (0, 1, 2):
        assert after.to_move == seat and legal(after) == ["pass"]
        after = after.play("pass")
    assert legal(after) == ["6:3@left", "6:3@right"]


def test_hard_keeps_its_light_tile_when_an_opponent_will_go_out_first() -> None:
    # Classic, 4 players, all 28 dealt: play goes 3, 2, 1, 0.
    hands = [
        "0:0 2:1 4:2 5:2 5:4 6:3 6:4",
        "1:1 2:0 4:0 5:0 5:5 6:1 6:2",
        "1:0 2:2 3:0 3:2 4:4 5:1 6:0",
        "3:1 3:3 4:1 4:3 5:3 6:5 6:6",
    ]
    moves = (
        "6:6 6:0@left 6:1@right 6:4@down 6:5@up 4:4@down 5:5@up 5:4@down 4:3@4 3:2@4 6:2@4 6:3@4 3:3@4 "
        "5:1@up 1:1@up 5:2@7 5:3@4 2:2@7 5:0@6 4:2@7 4:1@right 3:0@9 4:0@7"
    )
    state = play(setup("classic", hands), *moves.split())
    observation = state.observation(0)
    assert [str(tile) for tile in observation.hand] == ["0:0", "2:1"]
    assert observation.hand_sizes == (2, 1, 1, 1)
    # Seat 3, next, holds one tile: unless it and the two after it all pass, one of them goes out before
    # Hard plays again and scores the tile Hard still holds. Old Hard laid the double 0:0 and kept 2:1.
    move = HardLineBot(state.rules).choose(observation, random.Random(0))
    assert str(move.tile) == "2:1"
