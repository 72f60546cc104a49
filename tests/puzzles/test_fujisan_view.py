"""Fujisan's client view: both rows of squares, the priests, each move as the squares it joins."""

from __future__ import annotations

import bones


def test_the_view_follows_the_solution_to_the_peak() -> None:
    state = bones.rules("fujisan").new_game(seed=7)
    for move in state.solve():
        view = state.client_view(0)
        priests = {sq["name"] for row in view["rows"] for sq in row if sq["priest"]}
        assert priests == set(view["position"]["priests"])
        assert [c["move"] for c in view["choices"]] == view["legal_moves"]
        assert {"from": str(move).split("-")[0], "to": str(move).split("-")[1]}.items() <= next(
            c for c in view["choices"] if c["move"] == str(move)
        ).items()
        assert all(sq["number"] is None for row in view["rows"] for sq in (row[0], row[-1]))
        state = state.play(move)
    view = state.client_view(0)
    assert {sq["name"] for row in view["rows"] for sq in row if sq["priest"]} == {"T6", "T7", "B6", "B7"}
    assert all(sq["peak"] for row in view["rows"] for sq in row if sq["priest"])
    assert view["choices"] == []
