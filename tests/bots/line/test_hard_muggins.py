"""Hard in muggins weighs a score by the count it stands for (one point per five), as in all fives."""

from __future__ import annotations

import random

from bones.bots.line.hard import HardLineBot
from tests.line.helpers import legal, play, setup


def test_hard_takes_a_muggins_score_over_shedding_a_few_more_pips() -> None:
    # Ends 4 and 1: 6:1 makes 4 + 6 = 10, two points; 6:4 sheds three pips more and scores nothing.
    # Weighing the two points like two pips, Hard shed 6:4 (and lost to Normal, which takes any score).
    state = play(
        setup("muggins", ["4:1 5:5 2:2 3:0 0:0", "6:1 6:4 3:2 2:0 1:0"], "5:0 5:1 5:2 5:3 5:4 6:6", opener=0), "4:1"
    )
    observation = state.observation(1)
    assert legal(state) == ["6:4@left", "1:0@right", "6:1@right"]
    assert [observation.points_for(move) for move in observation.legal_moves] == [0, 0, 2]
    assert str(HardLineBot(state.rules).choose(observation, random.Random(0))) == "6:1@right"
