"""Domino Finder as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

An environment follows a game with ``FinderFollower``: it reads the state's own fields, writes
the squares of the dominoes whose face changed and counts the flips as the history grows, so
a step builds no observation; ``encode`` of a ``FinderObservation`` gives the same numbers
(tests/test_environments.py checks it move by move).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import cast

from bones.encoding import Encoding, Follower
from bones.finder.board import DOMINOES, SQUARES, UP
from bones.finder.moves import FinderMove, Flip
from bones.finder.rules import FinderRules
from bones.finder.state import FinderObservation, FinderState
from bones.game import Move, Observation, State


class FinderEncoding(Encoding):
    def __init__(self, rules: FinderRules, relative: bool = False) -> None:
        self.relative = relative
        self.players = rules.num_players
        self.num_actions = SQUARES
        self.size = DOMINOES + SQUARES + 5 * self.players + 2

    def describe(self) -> str:
        p = self.players
        seats = "; seats numbered from this seat's (0)" if self.relative else ""
        return f"""\
Observation ({self.size} integers{seats}; squares a1..h7 numbered row by row, 8 a row; domino d covers squares 2d, 2d+1):
  [0, {DOMINOES})       each domino: 0 face down, 1 face up, 2 taken as a treasure
  [{DOMINOES}, {DOMINOES + SQUARES})     each square: its pips + 1 if face up, else 0
  next {p} x 5    per seat: its pawn's square + 1 (0: off the board), 1 if it skips its next turn,
                treasures found, 1 for this seat, 1 for the seat to move
  next 2        the treasure now sought (tile number + 1, 0: none), flips so far
Actions ({SQUARES}): the square the pawn steps onto.
Rewards: the outcome's scores (treasures found) when the game ends."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, FinderObservation)
        out = list(observation.faces)
        out += [0 if pips is None else pips + 1 for pips in observation.shown]
        p = self.players
        # Block k: the k-th seat after the observer where relative, else seat k.
        first = observation.seat if self.relative else 0
        for seat in ((first + k) % p for k in range(p)):
            pawn = observation.pawns[seat]
            out += [
                0 if pawn is None else pawn + 1,
                int(observation.skipping[seat]),
                len(observation.found[seat]),
                int(seat == observation.seat),
                int(seat == observation.to_move),
            ]
        treasure = observation.treasure
        out += [0 if treasure is None else int(treasure) + 1, observation.flips]
        return out

    def action_index(self, move: Move, observation: Observation) -> int:
        assert isinstance(move, FinderMove)
        return move.square

    def action_move(self, index: int, observation: Observation) -> Move | None:
        move = FinderMove(index)
        return move if move in observation.legal_moves else None

    def follow(self, state: State) -> FinderFollower:
        return FinderFollower(self, state)


class _View:
    """One seat's numbers, changed in place: the faces, and the squares of a domino turned."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.faces: tuple[int, ...] = ()
        self.out: array[int] | None = None
        self.history = 0  # events counted
        self.flips = 0


class FinderFollower(Follower):
    """A Finder game followed from the state's fields (see the module docstring)."""

    encoding: FinderEncoding

    def __init__(self, encoding: FinderEncoding, state: State) -> None:
        super().__init__(encoding, state)
        self._views: dict[int, _View] = {}

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = {move.square: move for move in cast(FinderState, self.state).legal_moves}
        return moves

    def observe(self, seat: int) -> Sequence[int]:
        """``seat``'s numbers, as ``encode(state.observation(seat))``; the array changes with the
        next move, so a caller keeps a copy."""
        state = cast(FinderState, self.state)
        view = self._views.get(seat)
        if view is None or len(state.history) < view.history:
            state.rules.check_seat(seat)
            view = self._views[seat] = _View(seat)
            view.out = array("q", bytes(8 * self.encoding.size))
        out = view.out
        assert out is not None
        faces, numbers = state.faces, state.numbers
        if faces is not view.faces:
            old = view.faces or (-1,) * DOMINOES
            for domino, face in enumerate(faces):
                if face != old[domino]:
                    out[domino] = face
                    square = 2 * domino
                    up = face == UP
                    out[DOMINOES + square] = numbers[square] + 1 if up else 0
                    out[DOMINOES + square + 1] = numbers[square + 1] + 1 if up else 0
            view.faces = faces
        history = state.history
        for event in history[view.history :]:
            if isinstance(event, Flip):
                view.flips += 1
        view.history = len(history)
        p = self.encoding.players
        first = seat if self.encoding.relative else 0
        pawns, skipping, found, to_move = state.pawns, state.skipping, state.found, state.turn
        tail: list[int] = []
        for k in range(p):
            other = (first + k) % p
            pawn = pawns[other]
            tail += (
                0 if pawn is None else pawn + 1,
                int(skipping[other]),
                len(found[other]),
                int(other == seat),
                int(other == to_move),
            )
        treasure = state.treasure
        tail += (0 if treasure is None else int(treasure) + 1, view.flips)
        out[DOMINOES + SQUARES :] = array("q", tail)
        return out
