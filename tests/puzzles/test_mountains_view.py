"""Mountains and Valleys' client view: the map as cells, each move taken apart, the live penalty."""

from __future__ import annotations

import random

import bones


def test_the_view_takes_every_move_apart_as_the_map_fills() -> None:
    for version, players in (("solitaire", 0), ("coop", 2)):
        options = {"version": version} | ({"players": players} if players else {})
        state = bones.rules("mountains", **options).new_game(seed=4)
        rng = random.Random(4)
        for _ in range(30):
            if state.is_over:
                break
            seat = state.to_move
            assert seat is not None
            view = state.client_view(seat)
            assert [c["move"] for c in view["choices"]] == view["legal_moves"]
            assert view["penalty"] == state.penalty
            heights = {c["name"]: c["height"] for row in view["rows"] for c in row}
            for c in view["choices"]:
                if c["kind"] == "place":
                    a, b = (int(part.split("=")[1]) for part in c["move"].split(","))
                    assert c["source"] == f"{max(a, b)}:{min(a, b)}" and c["source"] in [
                        *view["position"]["hand"],
                        view["position"]["passed"],
                    ]
                    assert all(heights[cell] is None for cell in c["cells"])
                elif c["kind"] == "lift":
                    assert heights[c["cells"][0]] is not None
            places = [m for m in state.legal_moves if "=" in str(m) or str(m).startswith("pass")]
            state = state.play(rng.choice(places or list(state.legal_moves)))
