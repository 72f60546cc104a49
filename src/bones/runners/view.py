"""What one seat sees of a Domino Runners game, as JSON data for a client
(``RunnersState.client_view``). Everything in the game is public: the view adds what a picture of
the board needs (each cell's number, which side its domino's other half lies on, the piece on it)
and each legal move taken apart (the runner's corner where the checker drops, where it stops, the
jumps), so a client can offer the moves a step at a time without reading the notation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bones.runners.kernel import COLS, ROWS, cell_name

if TYPE_CHECKING:
    from bones.runners.moves import RunnerMove
    from bones.runners.state import RunnersState


def client_view(state: RunnersState, seat: int) -> dict[str, Any]:
    data = state.observation(seat).to_dict()
    board = state.board
    pieces: dict[str, dict[str, Any]] = {}
    for owner, side in enumerate(data["seats"]):
        if side["runner"]:
            pieces[side["runner"]] = {"kind": "runner", "colour": side["colour"], "seat": owner}
        for cell in side["checkers"]:
            pieces[cell] = {"kind": "checker", "colour": side["colour"], "seat": owner}
    rows = []
    for rank in range(ROWS - 1, -1, -1):  # the top row is rank 7
        row = []
        for file in range(COLS):
            cell = rank * COLS + file
            other = board.partner[cell]
            join = {1: "right", -1: "left", COLS: "up", -COLS: "down"}[other - cell]
            name = cell_name(cell)
            row.append({"name": name, "value": board.values[cell], "join": join, "piece": pieces.get(name)})
        rows.append(row)
    data["rows"] = rows
    data["choices"] = [_choice(move) for move in state.legal_moves] if state.to_move == seat else []
    data["last_path"] = _choice(state.moves[-1]) if state.moves else None
    return data


def _choice(move: RunnerMove) -> dict[str, Any]:
    if move.is_swap:
        return {"move": "swap", "kind": "swap", "words": "Swap colours: take the black runner where it stands"}
    if move.is_placement:
        cell = cell_name(move.cells[0])
        return {"move": str(move), "kind": "place", "cell": cell, "words": f"Place your runner on {cell}"}
    start, corner, end = (cell_name(c) for c in move.cells)
    jumps = [cell_name(c) for c in move.jumps]
    words = f"Run from {start} to {corner}, drop a checker, on to {end}"
    if jumps:
        words += "; the checker jumps to " + ", then ".join(jumps)
    return {
        "move": str(move),
        "kind": "run",
        "start": start,
        "corner": corner,
        "end": end,
        "jumps": jumps,
        "words": words,
    }
