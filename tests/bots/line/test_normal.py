"""Normal for the line games: the best score it sees, then its heaviest tile."""

from __future__ import annotations

import random

from bones.bots.line.players import NormalLineBot
from bones.line.state import LineState
from tests.line.helpers import legal, play, setup


def _choice(state: LineState) -> str:
    seat = state.to_move
    assert seat is not None
    return str(NormalLineBot().choose(state.observation(seat), random.Random(0)))


def test_a_score_comes_before_a_heavier_tile() -> None:
    # All fives, ends 4 and 1: 6:1 makes 4 + 6 = 10 and scores; 1:1 makes 4 + 2 and scores nothing.
    state = play(setup("allfives", ["4:1 5:5 2:2", "1:1 6:1 3:2"], "0:0", opener=0), "4:1")
    assert legal(state) == ["1:1@right", "6:1@right"]
    assert _choice(state) == "6:1@right"


def test_among_tiles_that_are_not_doubles_the_heaviest_goes_first() -> None:
    # Draw, ends 3 and 1: 6:3 (9 pips) before 1:0 (1 pip).
    state = play(setup("draw", ["3:1 5:5", "6:3 1:0 2:2"], "0:0 5:0", opener=0), "3:1")
    assert sorted(legal(state)) == ["1:0@right", "6:3@left"]
    assert _choice(state) == "6:3@left"


def test_a_double_goes_before_a_heavier_tile() -> None:
    # Draw, ends 5 and 2: 2:2 (4 pips) before 6:5 (11 pips); a double only goes on its own number.
    state = play(setup("draw", ["5:2 4:4", "6:5 2:2 1:0"], "0:0 3:0", opener=0), "5:2")
    assert sorted(legal(state)) == ["2:2@right", "6:5@left"]
    assert _choice(state) == "2:2@right"
