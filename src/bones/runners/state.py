"""Runners' immutable game state and what each seat sees."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bones.bits import bits
from bones.game import (
    IllegalMoveError,
    Move,
    Observation,
    Outcome,
    SettledState,
)
from bones.runners.kernel import (
    BLACK,
    BLACK_SEAT,
    CAPT,
    CHECKERS,
    CHK,
    HAND,
    PERPENDICULAR,
    RUN,
    SWAPPED,
    TURN,
    WHITE,
    Board,
    KMove,
    Pos,
    all_placed,
    apply,
    between,
    can_swap,
    cell_name,
    direction_of,
    in_setup,
    legal,
    points,
)
from bones.runners.moves import RunnerMove, to_public
from bones.runners.setup import _read_setup
from bones.runners.text import colour_of, render

if TYPE_CHECKING:
    from bones.runners.rules import RunnersRules


@dataclass(frozen=True, eq=False)
class RunnersState(SettledState):
    rules: RunnersRules
    seed: int
    moves: tuple[RunnerMove, ...]
    board: Board
    pos: Pos
    final: Outcome | None = None
    initial: Mapping[str, Any] | None = field(default=None, repr=False)
    last_start: int = -1  # where the last runner move began (the neutral runner of the rules)

    @classmethod
    def start(cls, rules: RunnersRules, seed: int, setup: Mapping[str, Any] | None) -> RunnersState:
        rng = random.Random(f"bones:{seed}:runners")
        if setup is None:
            board = Board.shuffled(rng)
            black = rng.randrange(2)
            pos: Pos = (0, 0, -1, -1, CHECKERS, CHECKERS, 0, 0, black, black, 0)
            return cls(rules, seed, (), board, pos)
        board, pos = _read_setup(setup, rng)
        state = cls(rules, seed, (), board, pos, initial=dict(setup))
        return replace(state, final=state._ending())

    # -- the State interface

    @property
    def to_move(self) -> int | None:
        return None if self.final else self.pos[TURN]

    @cached_property
    def _legal(self) -> dict[RunnerMove, KMove]:
        if self.final:
            return {}
        return {to_public(self.pos, m): m for m in legal(self.board, self.pos)}

    @property
    def legal_moves(self) -> tuple[RunnerMove, ...]:
        return tuple(self._legal)

    def play(self, move: Move | str) -> RunnersState:
        move = self.accept(move, RunnerMove)
        kernel_move = self._legal.get(move)
        if kernel_move is None:
            raise IllegalMoveError(self._why_illegal(move))
        start = move.cells[0] if move.is_run else self.last_start
        state = replace(self, moves=self.moves + (move,), pos=apply(self.pos, kernel_move), last_start=start)
        return replace(state, final=state._ending())

    def _ending(self) -> Outcome | None:
        pos = self.pos
        scores = (points(self.board, pos, 0), points(self.board, pos, 1))
        if all_placed(pos):
            black = pos[BLACK_SEAT]
            summary = f"all checkers placed: black {scores[black]}, white {scores[1 - black]}"
            if scores[0] == scores[1]:
                return Outcome((), scores, summary + ": a draw")
            winner = 0 if scores[0] > scores[1] else 1
            return Outcome((winner,), scores, f"{summary}: {colour_of(pos, winner)} (seat {winner}) wins")
        if not legal(self.board, pos):
            stuck = pos[TURN]
            return Outcome((1 - stuck,), scores, f"{colour_of(pos, stuck)} (seat {stuck}) cannot move and loses")
        return None

    def _why_illegal(self, move: RunnerMove) -> str:
        pos, board = self.pos, self.board
        turn = pos[TURN]
        colour = colour_of(pos, turn)
        occupant = self._occupant
        if in_setup(pos):
            if move.is_swap:
                if pos[SWAPPED]:
                    return "the colours were already swapped once"
                return "only white may swap, right after black placed the first runner"
            if move.is_run:
                return f"{colour} places a runner first: name a free cell, like d4" + (
                    ", or swap" if can_swap(pos) else ""
                )
            cell = move.cells[0]
            return f"{cell_name(cell)} is taken by {occupant(cell)}"
        if not move.is_run:
            return f"both runners are on the board: {colour} moves the runner, like g5-f5-f6"
        start, corner, end = move.cells
        runner = pos[RUN + turn]
        if start != runner:
            return f"the {colour} runner is on {cell_name(runner)}, not {cell_name(start)}"
        if pos[HAND + turn] <= 0:
            return f"{colour} has no checkers left to drop"
        first = direction_of(start, corner)
        second = direction_of(corner, end)
        if first is None:
            return f"{cell_name(start)} to {cell_name(corner)} is not a straight line up, down, left or right"
        if second is None or second not in PERPENDICULAR[first]:
            return f"the runner must turn a right angle at {cell_name(corner)}: {cell_name(end)} is not to its side"
        for cell in between(start, corner) + [corner] + between(corner, end) + [end]:
            what = occupant(cell)
            if what and cell != start:
                return f"the runner cannot cross or land on {what} ({cell_name(cell)})"
        if board.values[corner] == 0:
            return f"the runner cannot turn on a blank ({cell_name(corner)}): no checker may lie on a blank"
        at = corner
        jumped: set[int] = set()
        for land in move.jumps:
            step = direction_of(at, land)
            if step is None or len(between(at, land)) != 1:
                return (
                    f"a jump goes straight over one neighbouring checker: {cell_name(at)} to {cell_name(land)} is not"
                )
            over = between(at, land)[0]
            if not pos[CHK + 1 - turn] >> over & 1:
                return f"there is no {colour_of(pos, 1 - turn)} checker on {cell_name(over)} to jump"
            if over in jumped:
                return f"the checker on {cell_name(over)} was already jumped in this move"
            if board.values[land] == 0:
                return f"a checker may not land on a blank ({cell_name(land)})"
            if land == end or (land != start and occupant(land)):
                return f"{cell_name(land)} is not free to land on"
            jumped.add(over)
            at = land
        return f"{move} is not a legal move here"

    def _occupant(self, cell: int) -> str:
        pos = self.pos
        for seat in (0, 1):
            colour = colour_of(pos, seat)
            if pos[RUN + seat] == cell:
                return f"the {colour} runner"
            if pos[CHK + seat] >> cell & 1:
                return f"a {colour} checker"
        return ""

    def position_setup(self) -> dict[str, Any]:
        """A setup (JSON data) that starts a new game from this position."""
        pos = self.pos
        seats = {BLACK: pos[BLACK_SEAT], WHITE: 1 - pos[BLACK_SEAT]}
        setup: dict[str, Any] = {
            "board": self.board.text(),
            "runners": {c: cell_name(pos[RUN + s]) for c, s in seats.items() if pos[RUN + s] >= 0},
            "checkers": {c: [cell_name(cell) for cell in bits(pos[CHK + s])] for c, s in seats.items()},
            "captured": {c: pos[CAPT + s] for c, s in seats.items()},
            "black_seat": pos[BLACK_SEAT],
            "to_move": colour_of(pos, pos[TURN]),
            "swapped": bool(pos[SWAPPED]),
        }
        return setup

    # -- what players see

    def points(self, seat: int) -> int:
        return points(self.board, self.pos, seat)

    def colour(self, seat: int) -> str:
        return colour_of(self.pos, seat)

    def observation(self, seat: int) -> RunnersObservation:
        if seat not in (0, 1):
            raise ValueError(f"no seat {seat}: seats are 0 and 1")
        return RunnersObservation(
            rules=self.rules,
            seat=seat,
            to_move=self.to_move,
            legal_moves=self.legal_moves if self.to_move == seat else (),
            board=self.board,
            pos=self.pos,
            last_start=self.last_start,
            move_number=len(self.moves),
            outcome=self.final,
        )

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.runners.view import client_view

        return client_view(self, seat)

    def render(self, seat: int | None = None) -> str:
        return render(self.board, self.pos, seat, self.last_start, self.moves[-1] if self.moves else None, self.final)


@dataclass(frozen=True)
class RunnersObservation(Observation):
    """Everything is public in Domino Runners: the board, both runners and every checker."""

    rules: RunnersRules
    seat: int
    to_move: int | None
    legal_moves: tuple[RunnerMove, ...]
    board: Board = field(repr=False)
    pos: Pos
    last_start: int
    move_number: int
    outcome: Outcome | None

    def to_dict(self) -> dict[str, Any]:
        pos = self.pos

        def side(seat: int) -> dict[str, Any]:
            runner = pos[RUN + seat]
            return {
                "colour": colour_of(pos, seat),
                "runner": cell_name(runner) if runner >= 0 else None,
                "checkers": [cell_name(c) for c in bits(pos[CHK + seat])],
                "in_hand": pos[HAND + seat],
                "captured": pos[CAPT + seat],
                "points": points(self.board, pos, seat),
            }

        return {
            "game": self.rules.game_id,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "board": self.board.text().split("\n"),
            "seats": [side(0), side(1)],
            "swapped": bool(pos[SWAPPED]),
            "last_start": cell_name(self.last_start) if self.last_start >= 0 else None,
            "move_number": self.move_number,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
