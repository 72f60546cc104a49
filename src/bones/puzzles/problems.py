"""The published problems of the Donimoes book, as problem sets (data files next to this module)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from bones.registry import PuzzleProblem


@dataclass(frozen=True)
class Problem:
    game: str
    number: int
    grid: str  # the layout in the grid text format

    @property
    def name(self) -> str:
        return f"{self.game} problem {self.number}"


@cache
def problems(game: str) -> tuple[Problem, ...]:
    """The problems of ``game`` ("bee": advanced rule, or "fujisan"), in the book's order."""
    try:
        text = resources.files("bones.puzzles").joinpath("data", f"{game}_problems.txt").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"no problem set for {game!r}; there are sets for bee and fujisan") from None
    found: list[Problem] = []
    number: int | None = None
    lines: list[str] = []

    def close() -> None:
        if number is not None:
            found.append(Problem(game, number, "\n".join(lines).strip("\n") + "\n"))

    for line in text.splitlines():
        if line.startswith("## Problem "):
            close()
            number, lines = int(line.split()[-1]), []
        elif not line.startswith("#"):
            lines.append(line)
    close()
    return tuple(found)


def book_problems(game: str, **options: Any) -> tuple[PuzzleProblem, ...]:
    """``game``'s problems as the registry offers them: each played with ``options`` from its grid."""
    return tuple(PuzzleProblem(p.number, dict(options), {"grid": p.grid}) for p in problems(game))
