"""What the player sees of a Fujisan puzzle, as JSON data for a client (``FujisanState.client_view``).

The observation's data, plus the picture: both rows of squares with their numbers (as the ascent
or, on the Country Road, the descent counts them), the peak, the ground at both ends, the
priests; and each legal move as the square it leaves and the square it reaches."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bones.puzzles.fujisan.puzzle import DESCENT, PEAK, WIDTH, square, square_name

if TYPE_CHECKING:
    from bones.puzzles.fujisan.rules import FujisanState


def client_view(state: FujisanState, seat: int) -> dict[str, Any]:
    data = state.observation(seat).to_dict()
    descent = bool(state.position & DESCENT)
    values = state.board.down if descent else state.board.up
    priests = set(data["position"]["priests"])
    ends = (0, WIDTH - 1)
    data["rows"] = [
        [
            {
                "name": square_name(square(row, col)),
                # The ground holds no domino, except the peak's two on the way down (Country Road).
                "number": None if col in ends and not descent else values[square(row, col)],
                "peak": col in PEAK,
                "ground": col in ends,
                "priest": square_name(square(row, col)) in priests,
            }
            for col in range(WIDTH)
        ]
        for row in (0, 1)
    ]
    data["descent"] = descent
    data["moves_made"] = len(state.moves)
    choices: list[dict[str, Any]] = []
    for move in state.legal_moves if state.to_move == seat else ():
        text = str(move)
        if "-" in text and text != "give-up":
            start, end = text.split("-")
            choices.append({"move": text, "from": start, "to": end, "words": f"Move the priest on {start} to {end}"})
        else:
            choices.append({"move": text, "from": None, "to": None, "words": "Give up: show that a solution exists"})
    data["choices"] = choices
    return data
