"""Tetradominoes' client view: the table as cells, each move taken apart, nothing hidden shown."""

from __future__ import annotations

import json
import random
import re

import pytest

import bones

TILE_TEXT = re.compile(r"\b\d:\d\b")


def test_every_move_covers_cells_of_the_box_and_no_hidden_domino_is_named() -> None:
    for players in (2, 3):
        state = bones.rules("tetradominoes", players=players).new_game(seed=players)
        rng = random.Random(players)
        for _ in range(80):
            if state.is_over:
                break
            for seat in range(players):
                view = state.client_view(seat)
                text = json.dumps(view)
                assert json.loads(text) == view
                assert not set(TILE_TEXT.findall(text)) & state.hidden_from(seat)
                box = view["box"]
                for c in view["choices"]:
                    for row, col in c["cells"]:
                        assert box["top"] <= row <= box["bottom"] and box["left"] <= col <= box["right"]
                    if c["kind"] == "domino":
                        a, b = c["numbers"]
                        assert c["source"] == f"{max(a, b)}:{min(a, b)}"
                        assert c["source"] in view["hidden"] + view["revealed"][seat]
            view = state.client_view(state.to_move)
            assert [c["move"] for c in view["choices"]] == view["legal_moves"]
            state = state.play(rng.choice(state.legal_moves))
        covered = {(c["row"], c["col"]) for c in state.client_view(0)["cells"]}
        assert len(covered) == 2 * len(state.client_view(0)["board"])


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"players": 1}])
def test_a_dominos_place_is_said_by_the_domino_beside_it_never_by_coordinates(options: dict) -> None:
    # The grid shows no coordinates: "4 on 1,2" named a square nobody could find (issue 26).
    for seed in range(3):
        state = bones.rules("tetradominoes", **options).new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.client_view(state.to_move)
            words = [c["words"] for c in view["choices"] if c["kind"] == "domino"]
            assert not [w for w in words if re.search(r"-?\d+,-?\d+", w)], words
            assert len(words) == len(set(words)), "two places told alike"
            if view["cells"]:
                assert all(re.search(r" of \d:\d, ", w) for w in words), words
            state = state.play(rng.choice(state.legal_moves))
