"""What the puzzles share: moves as canonical text, the observation, a shuffled tiling."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from bones.game import Difficulty, GameOptionError, Move, Observation, State, check_setup_fields

GIVE_UP = "give-up"

# Random layouts drawn for one of a difficulty before giving up: each difficulty's range holds a
# sixth or more of the random layouts (measured; a tenth for Bee's 6 dice with the advanced rule),
# so 80 draws all miss a few times in a million or less (1e-4 there); a draw solves in 1-15 ms
# of CPU (60 for Bee's 6 dice), so even a miss is a short web request (bench/puzzle_generation.py).
DIFFICULTY_TRIES = 80

L = TypeVar("L")


def layout_of(
    difficulty: Difficulty, deal: Callable[[random.Random], L], par: Callable[[L], int | None], rng: random.Random
) -> L:
    """The first of the layouts ``deal`` draws from ``rng`` whose best play (``par``: None where it
    cannot be solved) lies in ``difficulty``'s range: reproducible from the seed of ``rng``."""
    for _ in range(DIFFICULTY_TRIES):
        layout = deal(rng)
        if difficulty.holds(par(layout)):
            return layout
    raise GameOptionError(
        f"no layout of difficulty {difficulty.text()} came in {DIFFICULTY_TRIES} random deals: try another deal"
    )


@dataclass(frozen=True, order=True)
class PuzzleMove(Move):
    """A puzzle move; its text is canonical, so equal texts are equal moves."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"PuzzleMove({self.text})"


GIVE_UP_MOVE = PuzzleMove(GIVE_UP)


@dataclass(frozen=True)
class PuzzleObservation(Observation):
    """Everything on the table that ``seat`` may see (a solitaire hides nothing)."""

    seat: int
    to_move: int | None
    legal_moves: tuple[Move, ...]
    game: str
    position: Mapping[str, Any] = field(default_factory=dict)
    picture: str = ""
    # The Normal bot's choice, computed only from what this seat may see (None: no advice).
    advice: Callable[[], Move] | None = field(default=None, compare=False, repr=False)
    # Every legal move with a number in ``unit`` (None: no number, such as giving up), best first,
    # for a thinking budget in seconds.
    appraise: Callable[[float], list[tuple[Move, float | None]]] | None = field(default=None, compare=False, repr=False)
    unit: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "position": dict(self.position),
            "picture": self.picture,
        }


def best_first(values: list[tuple[Move, float | None]]) -> list[tuple[Move, float | None]]:
    """Fewest first (moves to solve, penalty), moves without a number last, in their order."""
    return sorted(values, key=lambda mv: (mv[1] is None, mv[1] or 0.0))


def random_tiling(width: int, height: int, rng: random.Random) -> list[tuple[int, int]]:
    """A random domino tiling of a width x height rectangle as pairs of cell indices (row * width + col)."""
    if width * height % 2:
        raise ValueError(f"a {width}x{height} rectangle cannot be tiled by dominoes")
    size = width * height
    covered = [False] * size
    pairs: list[tuple[int, int]] = []

    def fill(start: int) -> bool:
        cell = start
        while cell < size and covered[cell]:
            cell += 1
        if cell == size:
            return True
        options = []
        if cell % width + 1 < width and not covered[cell + 1]:
            options.append(cell + 1)
        if cell + width < size:
            options.append(cell + width)
        rng.shuffle(options)
        for other in options:
            covered[cell] = covered[other] = True
            pairs.append((cell, other))
            if fill(cell + 1):
                return True
            pairs.pop()
            covered[cell] = covered[other] = False
        return False

    if not fill(0):  # pragma: no cover - every even rectangle has a tiling
        raise ValueError("no tiling found")
    return pairs


StateT = TypeVar("StateT", bound=State)


def seat_view(
    state: State,
    seat: int,
    game: str,
    position: Mapping[str, Any],
    advice: Callable[[], Move],
    appraise: Callable[[float], list[tuple[Move, float | None]]],
    unit: str,
) -> PuzzleObservation:
    """What ``seat`` sees of a puzzle: the whole table; the moves, advice and appraisal only on its turn."""
    mine = seat == state.to_move
    return PuzzleObservation(
        seat,
        state.to_move,
        state.legal_moves if mine else (),
        game,
        position,
        state.render(seat),
        advice if mine else None,
        appraise if mine else None,
        unit,
    )


def moves_to_goal(state: StateT, left_after: Callable[[StateT], int | None]) -> list[tuple[Move, float | None]]:
    """Each legal move with the fewest moves to the goal after it, the move included (None: giving
    up, or a move after which ``left_after`` finds no way), fewest first."""
    out: list[tuple[Move, float | None]] = []
    for move in state.legal_moves:
        if move == GIVE_UP_MOVE:
            out.append((move, None))
            continue
        left = left_after(cast(StateT, state.play(move)))
        out.append((move, None if left is None else 1 + left))
    return best_first(out)


def setup_grid(setup: Mapping[str, Any], title: str, what: str = "layout") -> str:
    """The grid text of a puzzle's setup (its only field), refused in words when missing or not text."""
    check_setup_fields(setup, ("grid",))
    grid = setup.get("grid")
    if not isinstance(grid, str):
        raise ValueError(f"a {title} setup is {{'grid': '<{what} in the grid text format>'}}")
    return grid
