"""Runners' moves as players write them (``g5-f5-f6xd5``, ``d4``, ``swap``) and from the kernel's moves."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bones.game import (
    IllegalMoveError,
    Move,
)
from bones.runners.kernel import (
    PLACE,
    RUN,
    SWAP,
    TURN,
    KMove,
    Pos,
    cell_name,
    parse_cell,
)

# -- moves as players write them --------------------------------------------------

_RUN_TEXT = re.compile(r"^([a-h][1-7])-([a-h][1-7])-([a-h][1-7])((?:x[a-h][1-7])*)$")


@dataclass(frozen=True, order=True)
class RunnerMove(Move):
    """``cells`` is () for a swap, (cell,) for a placement, (start, corner, end) for a runner move;
    ``jumps`` the landing cells of the dropped checker's jumps."""

    cells: tuple[int, ...]
    jumps: tuple[int, ...] = ()

    @property
    def is_swap(self) -> bool:
        return not self.cells

    @property
    def is_placement(self) -> bool:
        return len(self.cells) == 1

    @property
    def is_run(self) -> bool:
        return len(self.cells) == 3

    @property
    def captures(self) -> int:
        return len(self.jumps)

    @classmethod
    def parse(cls, text: str) -> RunnerMove:
        word = re.sub(r"\s+", "", text).lower()
        if word == "swap":
            return SWAP_MOVE
        if re.fullmatch(r"[a-h][1-7]", word):
            return cls((parse_cell(word),))
        match = _RUN_TEXT.match(word)
        if not match:
            raise IllegalMoveError(
                f"not a move: {text!r} (moves look like d4 to place a runner, swap, "
                "g5-f5-f6 to run g5 to f5 and on to f6, or g5-f5-f6xd5 with a jump)"
            )
        cells = tuple(parse_cell(match[i]) for i in (1, 2, 3))
        jumps = tuple(parse_cell(part) for part in match[4].split("x")[1:])
        return cls(cells, jumps)

    def __str__(self) -> str:
        if not self.cells:
            return "swap"
        text = "-".join(cell_name(c) for c in self.cells)
        return text + "".join("x" + cell_name(c) for c in self.jumps)

    def __repr__(self) -> str:
        return f"RunnerMove({self})"


SWAP_MOVE = RunnerMove(())


def to_public(pos: Pos, move: KMove) -> RunnerMove:
    if move[0] == SWAP:
        return SWAP_MOVE
    if move[0] == PLACE:
        return RunnerMove((move[1],))
    return RunnerMove((pos[RUN + pos[TURN]], move[0], move[1]), move[4])
