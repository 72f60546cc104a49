"""Bingo's client view: what the web table's board draws, and nothing the seat may not see."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import bones
from bones.bingo.kernel import TABLES
from bones.tiles import Tile

TILE_TEXT = re.compile(r"\b\d+:\d+\b")


def texts(data: Any) -> set[str]:
    """Every tile named anywhere in the data, keys included."""
    return set(TILE_TEXT.findall(json.dumps(data)))


def test_the_view_names_no_hidden_tile_and_spells_out_every_legal_move() -> None:
    rules = bones.rules("bingo", target=2)
    for seed in range(6):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for seat in (0, 1):
                view = state.client_view(seat)
                assert json.loads(json.dumps(view)) == view
                assert not texts(view) & state.hidden_from(seat), (seed, seat)
                assert [c["move"] for c in view["choices"]] == view["legal_moves"]
                trump = TABLES[view["trump"]]
                for tile, points in view["tile_points"].items():
                    assert points == trump.value[int(Tile.parse(tile))]
            state = state.play(rng.choice(state.legal_moves))


def test_the_tile_to_answer_and_the_last_trick_taken() -> None:
    state = bones.rules("bingo").new_game(seed=3)
    leader = state.to_move
    lead = next(m for m in state.legal_moves if m.is_play)
    state = state.play(lead)
    view = state.client_view(1 - leader)
    assert view["on_table"]["led"] == str(lead.tile)
    assert view["on_table"]["leader"] == leader
    assert view["last_trick"] is None
    answer = next(m for m in state.legal_moves if m.is_play)
    state = state.play(answer)
    view = state.client_view(leader)
    assert view["on_table"] is None
    assert (view["last_trick"]["led"], view["last_trick"]["answer"]) == (str(lead.tile), str(answer.tile))
    assert sum(view["tricks_taken"]) == 1
    assert view["must_follow"] is False


def test_a_double_played_with_another_in_hand_may_declare_honours() -> None:
    setup = {
        "hands": [["5:5", "4:4", "6:1", "3:2", "2:1", "1:0", "6:0"], ["6:6", "5:0", "4:1", "3:1", "2:0", "5:1", "4:0"]],
        "trump_tile": "3:0",
        "leader": 0,
    }
    state = bones.rules("bingo").new_game(seed=1, setup=setup)
    view = state.client_view(0)
    declares = [c for c in view["choices"] if c["honours"]]
    assert {c["tile"] for c in declares} == {"5:5", "4:4"}
    assert view["honours_now"] == {"name": "double", "points": 20, "tiles": ["4:4", "5:5"]}
    assert declares[0]["words"].endswith("declare honours: double")
