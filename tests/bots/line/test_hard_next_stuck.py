"""Hard's terms for the ladder's lower steps (issue 15), where Normal lays its doubles first.

- In every-double-spinner games each player for himself, while the boneyard lasts, the chance that the
  next player cannot answer the new ends (a stuck player draws). Without it, 1,000 duplicate deals
  against Normal: 2-player classic 0.493 of the points (with it 0.632), 3-player classic 0.324 against a
  fair 0.333 (0.368).
- In pairs a double weighs more: kozel 0.508 of the deals won without it, 0.537 with it.
"""

from __future__ import annotations

import random

import bones
from bones.bots.line.hard import HardLineBot
from tests.line.helpers import legal, play, setup


def test_in_pairs_hard_lays_a_double_while_its_number_is_open() -> None:
    hands = [
        "0:0 2:1 4:2 5:2 5:4 6:3 6:4",
        "1:1 2:0 4:0 5:0 5:5 6:1 6:2",
        "1:0 2:2 3:0 3:2 4:4 5:1 6:0",
        "3:1 3:3 4:1 4:3 5:3 6:5 6:6",
    ]
    state = play(setup("kozel", hands, opener=1), "1:1", "1:0@right", "3:1@left")
    assert state.to_move == 0 and state.kernel.ends == [3, 0]
    assert "0:0@right" in legal(state) and "6:3@left" in legal(state)
    # With nothing to draw, 0:0 goes down only while a 0 is open, and left over it counts 25 against
    # the pair. Old Hard shed 6:3, the heavier tile, and kept the double.
    move = HardLineBot(state.rules).choose(state.observation(0), random.Random(0))
    assert str(move) == "0:0@right"


def test_in_classic_hard_makes_the_next_player_draw() -> None:
    hands = ["1:0 5:2 5:3 5:4 5:5 6:3 6:5", "1:1 3:2 3:3 4:0 4:1 4:3 5:0"]
    boneyard = "6:1 5:1 2:2 4:4 2:1 3:0 6:4 0:0 6:2 6:6 3:1 4:2 2:0 6:0"
    state = play(setup("classic", hands, boneyard, opener=0), "5:5", "5:0@right", "6:5@left", "4:0@right")
    assert state.to_move == 0 and state.kernel.ends == [6, 4, 5, 5]
    # 5:4 on the 4 leaves 6, 5, 5, 5: three 5s are down and three are Hard's, so only 6s answer, and
    # three of those are down too. Old Hard laid 6:3 on the 6 to shed it (ends 3, 4, 5, 5).
    move = HardLineBot(state.rules).choose(state.observation(0), random.Random(0))
    assert str(move) == "5:4@right"
    assert legal(state.play(move)) == ["draw"]


def test_the_next_players_chance_of_being_stuck_is_weighed_only_where_measured() -> None:
    # On where Crazy stays ahead of the Hard it makes; off in draw and in pairs (hard.py).
    for game, options in (("draw", 2), ("draw", 4), ("allfives", 3), ("block", 2), ("muggins", 2)):
        assert HardLineBot(bones.rules(game, players=options)).next_stuck == 0.0
    assert HardLineBot(bones.rules("kozel")).next_stuck == 0.0
    assert HardLineBot(bones.rules("block", players=4, teams=True)).next_stuck == 0.0
    for players in (2, 3):
        assert HardLineBot(bones.rules("classic", players=players)).next_stuck > 0
