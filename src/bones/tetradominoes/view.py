"""What one seat sees of a Tetradominoes game, as JSON data for a client
(``TetraState.client_view``). The observation's data, plus what a picture needs: the table as
cells (the number on each, which half of which domino, the tetromino covering it) in a box with
room around it for the next domino, and each legal move taken apart (the domino or piece it
uses and the cells it covers), so a client offers moves by the cells a player taps."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from bones.tiles import Tile

if TYPE_CHECKING:
    from bones.tetradominoes.state import TetraState

_DOMINO = re.compile(r"^(\d+):(\d+)@(-?\d+),(-?\d+)([>v<^])$")
_TET = re.compile(r"^([A-Z])/(light|dark)@(.*)$")
STEP = {">": (0, 1), "v": (1, 0), "<": (0, -1), "^": (-1, 0)}
WORDS = {
    "skip": "Lay no tetromino",
    "pass": "Pass: show every hidden domino",
    "keep": "Keep your dominoes",
}


def domino_cells(text: str) -> list[list[int]] | None:
    """A domino move's two cells with their numbers, ``[[row, col, number], ...]``; None for another move."""
    match = _DOMINO.match(text)
    if not match:
        return None
    a, b, row, col = (int(match[i]) for i in range(1, 5))
    dr, dc = STEP[match[5]]
    return [[row, col, a], [row + dr, col + dc, b]]


def tetromino_cells(text: str) -> tuple[str, str, list[list[int]]] | None:
    match = _TET.match(text)
    if not match:
        return None
    cells = [[int(v) for v in part.split(",")] for part in match[3].split()]
    return match[1], match[2], cells


def choice(text: str) -> dict[str, Any]:
    cells = domino_cells(text)
    if cells is not None:
        tile = str(Tile.of(cells[0][2], cells[1][2]))  # the tile as the hand names it (high first)
        return {
            "move": text,
            "kind": "domino",
            "source": tile,
            "cells": [c[:2] for c in cells],
            "numbers": [c[2] for c in cells],
            "words": f"Play {tile}",  # where: said from the table, by the domino it goes beside (placed_words)
        }
    tet = tetromino_cells(text)
    if tet is not None:
        piece, side, tcells = tet
        return {
            "move": text,
            "kind": "tetromino",
            "source": f"{piece}/{side}",
            "cells": tcells,
            "words": f"Lay {piece} {side} side up",
        }
    word, _, rest = text.partition(" ")
    if word in ("reveal", "give", "return", "discard"):
        verb = {"reveal": "Show", "give": "Give", "return": "Put back", "discard": "Discard"}[word]
        return {"move": text, "kind": word, "source": rest, "cells": [], "words": f"{verb} {rest}"}
    return {"move": text, "kind": word, "source": None, "cells": [], "words": WORDS.get(word, text.capitalize())}


SIDE_OF = {(0, 1): "right of", (0, -1): "left of", (1, 0): "below", (-1, 0): "above"}
HALF = {(1, 0): "upper", (-1, 0): "lower", (0, 1): "left", (0, -1): "right"}
WAY = {(0, 1): "to its right", (0, -1): "to its left", (1, 0): "below it", (-1, 0): "above it"}


def placed_words(choice: dict[str, Any], table: dict[tuple[int, int], dict[str, Any]], tiles: list[str]) -> str:
    """Where a domino goes, by a domino on the table it goes beside (a matching number first): the grid shows no
    coordinates, so "4 on 1,2" named a square nobody could find. "Play 6:4: 4 right of the 4 of 4:1, 6 below it"."""
    (first, second), (a, b) = choice["cells"], choice["numbers"]
    for (cell, number), (other, other_number) in (((first, a), (second, b)), ((second, b), (first, a))):
        beside = []
        for step, side in SIDE_OF.items():
            placed = table.get((cell[0] - step[0], cell[1] - step[1]))
            if placed is not None:
                beside.append((placed["number"] != number, side, placed))
        if beside:
            _, side, placed = min(beside, key=lambda x: x[0])
            way = WAY[(other[0] - cell[0], other[1] - cell[1])]
            tile = tiles[placed["domino"]]
            # A double's two halves are told apart by where each lies.
            half = HALF[tuple(placed["to"])] + " " if tile[0] == tile[-1] else ""
            return (
                f"Play {choice['source']}: {number} {side} the {half}{placed['number']} of {tile}, {other_number} {way}"
            )
    # The first domino of the table: only its way round matters.
    end = {(0, 1): "on the left", (0, -1): "on the right", (1, 0): "on top", (-1, 0): "at the bottom"}
    way = "across" if first[0] == second[0] else "upright"
    return f"Play {choice['source']} {way}, {a} {end[(second[0] - first[0], second[1] - first[1])]}"


def client_view(state: TetraState, seat: int) -> dict[str, Any]:
    data = state.observation(seat).to_dict()
    cells: dict[tuple[int, int], dict[str, Any]] = {}
    for order, text in enumerate(data["board"]):
        placed = domino_cells(text)
        assert placed is not None
        (r1, c1, a), (r2, c2, b) = placed
        cells[(r1, c1)] = {"row": r1, "col": c1, "number": a, "domino": order, "to": [r2 - r1, c2 - c1]}
        cells[(r2, c2)] = {"row": r2, "col": c2, "number": b, "domino": order, "to": [r1 - r2, c1 - c2]}
    for tet in data["tetrominoes"]:
        found = tetromino_cells(tet["move"])
        if found is None:
            continue
        for r, c in found[2]:
            if (r, c) in cells:
                cells[(r, c)]["cover"] = {"piece": tet["piece"], "colour": tet["colour"], "seat": tet["seat"]}
    choices = [choice(str(m)) for m in state.legal_moves] if state.to_move == seat else []
    tiles = [str(Tile.of(d[0][2], d[1][2])) for d in map(domino_cells, data["board"]) if d is not None]
    for offered in choices:
        if offered["kind"] == "domino":
            offered["words"] = placed_words(offered, cells, tiles)
    spots = [tuple(cell) for c in choices for cell in c["cells"]] + list(cells)
    rows = [r for r, _ in spots] or [0]
    cols = [c for _, c in spots] or [0]
    data["cells"] = sorted(cells.values(), key=lambda c: (c["row"], c["col"]))
    # One row and column of room around everything, so the grid does not jump at each domino.
    data["box"] = {"top": min(rows) - 1, "left": min(cols) - 1, "bottom": max(rows) + 1, "right": max(cols) + 1}
    data["choices"] = choices
    data["last_cells"] = [c[:2] for c in domino_cells(data["last"]) or []] if data["last"] else []
    return data
