"""What one seat sees of a Domino Finder game, as JSON data for a client (``FinderState.client_view``).

The observation's data (every flip is public), plus what a picture of the table needs: each
square's name (the move that steps there) and which end of its domino it is, and the events
since this seat last moved (what the others flipped, rolled, lost to a trap), so a client can
tell them without reading the rules. Numbers of face-down dominoes seen earlier are not added:
remembering them is the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bones.finder.board import COLUMNS, ROWS, square_name

if TYPE_CHECKING:
    from bones.finder.state import FinderState


def client_view(state: FinderState, seat: int) -> dict[str, Any]:
    data = state.observation(seat).to_dict()
    for r, row in enumerate(data["rows"]):
        for c, square in enumerate(row):
            square["name"] = square_name(r * COLUMNS + c)
            # Domino d covers squares 2d and 2d+1 of a row: the picture joins them.
            square["end"] = "left" if c % 2 == 0 else "right"
    data["size"] = [ROWS, COLUMNS]
    history = data["history"]
    mine = [i for i, event in enumerate(history) if event.get("seat") == seat and event["event"] == "flip"]
    data["recent"] = history[mine[-1] + 1 :] if mine else history
    rolls = [event for event in history if event["event"] == "roll" and event.get("purpose") == "treasure"]
    data["last_roll"] = rolls[-1] if rolls else None
    return data
