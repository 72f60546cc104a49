"""Finder's move (the square a pawn steps onto) and the public history: flips, rolls, hidden traps, skipped turns."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bones.finder.board import (
    COLUMN_NAMES,
    COLUMNS,
    domino_name,
    square_name,
)
from bones.game import (
    IllegalMoveError,
    Move,
)
from bones.tiles import Tile

# Results of a flip and of a treasure roll.
TREASURE = "treasure"
TRAP = "trap"
NOTHING = "nothing"
TAKEN = "taken"
UNDER_PAWN = "pawn"
FACE_UP = "face-up"


_SQUARE_TEXT = re.compile(r"^\s*(?:flip\s+)?([a-h])\s*([1-7])\s*$", re.IGNORECASE)


@dataclass(frozen=True, order=True)
class FinderMove(Move):
    """Step onto ``square`` and flip the face-down domino lying there."""

    square: int

    @classmethod
    def parse(cls, text: str) -> FinderMove:
        match = _SQUARE_TEXT.match(text)
        if not match:
            raise IllegalMoveError(
                f"not a move: {text!r} (a move is the square your pawn steps onto, like c4: columns a-h, rows 1-7)"
            )
        column = COLUMN_NAMES.index(match[1].lower())
        return cls((int(match[2]) - 1) * COLUMNS + column)

    def __str__(self) -> str:
        return square_name(self.square)

    def __repr__(self) -> str:
        return f"FinderMove({self})"


# -- the public history -------------------------------------------------------


@dataclass(frozen=True)
class Flip:
    """A domino turned face up by ``seat``, whose pawn stepped onto ``square``."""

    seat: int
    square: int
    numbers: tuple[int, int]  # left square first
    result: str  # TREASURE, TRAP or NOTHING
    entered: bool  # the pawn came in from outside the board

    @property
    def position(self) -> int:
        return self.square // 2

    @property
    def tile(self) -> Tile:
        return Tile.of(*self.numbers)

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": "flip",
            "seat": self.seat,
            "square": square_name(self.square),
            "domino": domino_name(self.position),
            "numbers": list(self.numbers),
            "tile": str(self.tile),
            "result": self.result,
            "entered": self.entered,
        }


@dataclass(frozen=True)
class Roll:
    """A roll of the two dice: to choose who starts, or to choose the treasure."""

    seat: int
    dice: tuple[int, int]
    purpose: str  # "start" or "treasure"
    result: str = ""  # treasure rolls: TREASURE, TAKEN, UNDER_PAWN or FACE_UP
    position: int | None = None  # the domino the roll named (treasure rolls)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": "roll", "seat": self.seat, "dice": list(self.dice), "purpose": self.purpose}
        if self.purpose == "treasure":
            data["result"] = self.result
            # Where the treasure lies is what the players look for: only the other rolls' dominoes
            # (taken, under a pawn, face up) are in sight.
            if self.position is not None and self.result != TREASURE:
                data["domino"] = domino_name(self.position)
        return data


@dataclass(frozen=True)
class Hide:
    """Revealed traps turned face down after a treasure was found."""

    positions: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "hide", "dominoes": [domino_name(p) for p in self.positions]}


@dataclass(frozen=True)
class Skip:
    """``seat`` skipped a turn after stepping in a trap."""

    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"event": "skip", "seat": self.seat}


Event = Flip | Roll | Hide | Skip


@dataclass(frozen=True)
class Sighting:
    """A face-down domino whose numbers were revealed earlier in the game."""

    position: int
    numbers: tuple[int, int]
    hidden_after: int  # how many flips had been made when it was turned face down again
