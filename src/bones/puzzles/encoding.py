"""The puzzles as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

A puzzle's position is its grid with markers (dice, priests, mountains); the
observation is the picture the terminal shows of it, which holds exactly that,
as character codes on a fixed page. Moves are numbered in the puzzle's order of
legal moves, up to a capacity each puzzle states.
"""

from __future__ import annotations

from bones.game import Encoding, Observation, OrdinalActions
from bones.puzzles.base import PuzzleObservation

ROWS, COLUMNS = 32, 128


class PuzzleEncoding(OrdinalActions, Encoding):
    size = ROWS * COLUMNS
    high = 0x10FFFF

    def __init__(self, game: str, capacity: int) -> None:
        OrdinalActions.__init__(self, capacity)
        self.game = game

    def describe(self) -> str:
        return f"""\
Observation ({self.size} integers): the position's picture as the terminal shows it (grid, markers,
what this seat holds), {ROWS} lines of {COLUMNS} characters, each the character's Unicode code point,
0 beyond the end of a line or the picture.
Actions ({self.num_actions}): action i is the i-th legal move in the puzzle's order of legal moves
(the last is giving up where the puzzle allows it).
Rewards: the outcome's score when the puzzle ends."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, PuzzleObservation)
        lines = observation.picture.splitlines()
        if len(lines) > ROWS or any(len(line) > COLUMNS for line in lines):
            raise ValueError(f"{self.game}: the picture does not fit the {ROWS} x {COLUMNS} page")
        out = [0] * self.size
        for row, line in enumerate(lines):
            out[row * COLUMNS : row * COLUMNS + len(line)] = [ord(ch) for ch in line]
        return out
