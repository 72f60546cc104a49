"""What one seat sees of Mountains and Valleys, as JSON data for a client
(``MountainsState.client_view``). The observation's data, plus the map as cells (height, which
side the domino's other half lies on, empty), the live penalty, and each legal move taken apart:
a placement as the domino it uses and its two cells, a lift as its cell, passing as the domino."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bones.puzzles.mountains.puzzle import SIZE, cell_name

if TYPE_CHECKING:
    from bones.puzzles.mountains.rules import MountainsState

_PLACE = re.compile(r"^([a-f][1-6])=(\d),([a-f][1-6])=(\d)$")
WORDS = {"done": "Done: accept this map", "give-up": "Give up"}


def choice(text: str) -> dict[str, Any]:
    placed = _PLACE.match(text)
    if placed:
        first, a, second, b = placed[1], int(placed[2]), placed[3], int(placed[4])
        tile = f"{max(a, b)}:{min(a, b)}"
        return {
            "move": text,
            "kind": "place",
            "source": tile,
            "cells": [first, second],
            "words": f"{a} on {first}, {b} on {second}",
        }
    word, _, rest = text.partition(" ")
    if word == "lift":
        return {"move": text, "kind": "lift", "source": None, "cells": [rest], "words": f"Lift the domino on {rest}"}
    if word == "pass":
        return {"move": text, "kind": "pass", "source": rest, "cells": [], "words": f"Pass {rest} to the left"}
    return {"move": text, "kind": word, "source": None, "cells": [], "words": WORDS.get(word, text)}


def client_view(state: MountainsState, seat: int) -> dict[str, Any]:
    data = state.observation(seat).to_dict()
    rows = []
    for row in range(SIZE):
        line = []
        for col in range(SIZE):
            cell = row * SIZE + col
            value = state.values[cell]
            join = None
            if value >= 0:
                join = {1: "right", -1: "left", SIZE: "down", -SIZE: "up"}[state.partner[cell] - cell]
            line.append({"name": cell_name(cell), "height": None if value < 0 else value, "join": join})
        rows.append(line)
    data["rows"] = rows
    data["penalty"] = state.penalty
    data["choices"] = [choice(str(m)) for m in state.legal_moves] if state.to_move == seat else []
    return data
