"""Runners in words: each seat's colour and the board picture."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bones.bits import bits
from bones.runners.kernel import (
    BLACK,
    BLACK_SEAT,
    CAPT,
    CHK,
    FILES,
    HAND,
    ROWS,
    RUN,
    TURN,
    WHITE,
    Board,
    Pos,
    can_swap,
    in_setup,
    points,
)

if TYPE_CHECKING:
    from bones.game import (
        Outcome,
    )
    from bones.runners.moves import RunnerMove


def colour_of(pos: Pos, seat: int) -> str:
    return BLACK if pos[BLACK_SEAT] == seat else WHITE


def render(
    board: Board,
    pos: Pos,
    seat: int | None,
    last_start: int = -1,
    last_move: RunnerMove | None = None,
    outcome: Outcome | None = None,
) -> str:
    marks: dict[int, str] = {}
    for s in (0, 1):
        upper = "B" if colour_of(pos, s) == BLACK else "W"
        for cell in bits(pos[CHK + s]):
            marks[cell] = upper.lower()
        if pos[RUN + s] >= 0:
            marks[pos[RUN + s]] = upper
    if last_start >= 0 and last_start not in marks and last_move is not None and last_move.is_run:
        marks[last_start] = "."
    grid = board.rows_text(marks)
    lines = ["     " + "  ".join(FILES)]
    for index, text in enumerate(grid):
        label = str(ROWS - index // 2) if index % 2 == 0 else " "
        lines.append(f" {label}  {text}".rstrip())
    lines.append("B/W runner, b/w checker, before the number beneath; . where the last runner started")
    for s in (0, 1):
        colour = colour_of(pos, s)
        marker = "*" if outcome is None and pos[TURN] == s else " "
        you = " (you)" if seat == s else ""
        lines.append(
            f"{marker} {colour} {'B/b' if colour == BLACK else 'W/w'}: seat {s}{you}, "
            f"{pos[HAND + s]} checkers to place, {pos[CAPT + s]} captured, {points(board, pos, s)} points"
        )
    if last_move is not None:
        lines.append(f"last move: {last_move}")
    if outcome is not None:
        lines.append(f"over: {outcome.reason}")
    elif in_setup(pos):
        turn = pos[TURN]
        lines.append(f"{colour_of(pos, turn)} places a runner" + (" or swaps colours (swap)" if can_swap(pos) else ""))
    return "\n".join(lines)
