"""What one seat sees of Mountains and Valleys, as JSON data for a client
(``MountainsState.client_view``). The observation's data, plus the map as cells (height, which
side the domino's other half lies on, empty), the live penalty, and the legal moves taken apart.

Placements are sent in a compact form, ``places``: the dominoes that may be placed and the pairs
of squares open to them. Any of them may go on any of those pairs, either way round, so the
moves are exactly ``tiles`` x ``slots`` x the two ways (one for a double), written
``c1=v1,c2=v2`` with the slot's squares in its order. At the start of the solitaire that is
1,800 moves: listed one by one with their words they made the first view 220 KB, now the list of
moves itself is the largest part (the table sends it once, beside the board). The other moves
(lift, pass, done, give-up) are ``choices`` with their words. The observation's own copy of the
legal moves is left out for the same reason."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bones.puzzles.mountains.puzzle import SIZE, cell_name, tile_text

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
    del data["legal_moves"]  # the table's view sends them; here they would weigh as much again
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
    mine = state.to_move == seat
    others = [choice(str(m)) for m in state.legal_moves if not _PLACE.match(str(m))] if mine else []
    slots = state.open_slots() if mine and state.stage == "place" else []
    tiles = [tile_text(t) for t in state.placeable()] if slots else []
    data["places"] = {"tiles": tiles, "slots": [[cell_name(a), cell_name(b)] for a, b in slots] if tiles else []}
    data["choices"] = others
    return data
