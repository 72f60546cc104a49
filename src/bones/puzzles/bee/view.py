"""What the player sees of a Bee Donimoes round, as JSON data for a client (``BeeState.client_view``).

The observation's data, plus the picture: the layout's cells with their numbers and which side
each domino's other half lies on, the dice (the queen apart), the wild blanks dice may land on;
and each legal move as the die it moves and the cell it reaches (a die's route never matters)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bones.puzzles.bee.rules import BeeState


DIRECTION_WORDS = {"U": "up", "D": "down", "L": "left", "R": "right"}


def path_words(move: str) -> str:
    """A move in words by its runs, as the book writes it (``1R3D1``: "Move die 1 right 3, then down 1"): the board
    names no square, so the words do not either."""
    runs = [f"{DIRECTION_WORDS[letter]} {distance}" for letter, distance in re.findall(r"([UDLR])(\d+)", move)]
    return f"Move die {move[0]} {', then '.join(runs)}"


def cell_name(cell: int, width: int) -> str:
    row, col = divmod(cell, width)
    return f"{row},{col}"


def client_view(state: BeeState, seat: int) -> dict[str, Any]:
    data = state.observation(seat).to_dict()
    layout = state.layout
    width = layout.width
    over = state.is_over
    rnd = None if over else state.round
    dice = {cell: die for die, cell in enumerate(state.cells, 1)}
    queen_cell = layout.starts[state.queen] if not over else -1
    rows = []
    for row in range(layout.height):
        line = []
        for col in range(width):
            cell = row * width + col
            other = layout.partner[cell]
            join = {1: "right", -1: "left", width: "down", -width: "up"}[other - cell]
            line.append(
                {
                    "name": cell_name(cell, width),
                    "number": layout.values[cell],
                    "join": join,
                    "die": state.queen if cell == queen_cell else dice.get(cell),
                    "queen": cell == queen_cell,
                    "wild": bool(rnd is not None and rnd.wild >> cell & 1),
                }
            )
        rows.append(line)
    data["rows"] = rows
    data["queen"] = None if over else state.queen
    data["round_moves"] = state.round_moves
    choices: list[dict[str, Any]] = []
    if rnd is not None and state.to_move == seat:
        texts = [str(m) for m in state.legal_moves]
        steps = rnd.moves_from(state.cells)
        for (die, target), text in zip(steps, texts):
            start = cell_name(state.cells[die - 1], width)
            end = cell_name(target, width)
            choices.append({"move": text, "die": die, "from": start, "to": end, "words": path_words(text)})
        choices += [
            {"move": t, "die": None, "from": None, "to": None, "words": "Give up this round"}
            for t in texts[len(steps) :]
        ]
    data["choices"] = choices
    return data
