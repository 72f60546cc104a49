"""Mountains and Valleys' client view: the map as cells, each move taken apart, the live penalty."""

from __future__ import annotations

import json
import random
from typing import Any

import bones

VIEW_BOUND = 4_000  # bytes of the board's view at the start of the solitaire (it was 222,010)


def placements(view: dict[str, Any]) -> list[str]:
    """The placements ``places`` stands for, as the client writes them (boards/mountains-words.js)."""
    out = []
    for tile in view["places"]["tiles"]:
        high, low = (int(n) for n in tile.split(":"))
        for first, second in view["places"]["slots"]:
            out.append(f"{first}={low},{second}={high}")
            if low != high:
                out.append(f"{first}={high},{second}={low}")
    return out


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
            assert [c["move"] for c in view["choices"]] + placements(view) == sorted(
                map(str, state.legal_moves), key=lambda m: "=" in m
            )
            assert view["penalty"] == state.penalty
            heights = {c["name"]: c["height"] for row in view["rows"] for c in row}
            for tile in view["places"]["tiles"]:
                assert tile in [*view["position"]["hand"], view["position"]["passed"]]
            for slot in view["places"]["slots"]:
                assert all(heights[cell] is None for cell in slot)
            for c in view["choices"]:
                assert c["kind"] != "place"
                if c["kind"] == "lift":
                    assert heights[c["cells"][0]] is not None
            places = [m for m in state.legal_moves if "=" in str(m) or str(m).startswith("pass")]
            state = state.play(rng.choice(places or list(state.legal_moves)))


def test_the_first_view_is_small() -> None:
    """The 1,800 placements of an empty map are sent as dominoes and squares, not one by one."""
    state = bones.rules("mountains").new_game(seed=3)
    view = state.client_view(0)
    assert len(placements(view)) == sum("=" in str(m) for m in state.legal_moves) == 1800
    assert len(json.dumps(view)) < VIEW_BOUND, len(json.dumps(view))
