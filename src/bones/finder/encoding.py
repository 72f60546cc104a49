"""Domino Finder as fixed-size arrays (``Rules.encoding``, for ``bones.env``)."""

from __future__ import annotations

from bones.finder.board import DOMINOES, SQUARES
from bones.finder.moves import FinderMove
from bones.finder.rules import FinderRules
from bones.finder.state import FinderObservation
from bones.game import Encoding, Move, Observation


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
