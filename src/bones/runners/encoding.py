"""Domino Runners as fixed-size arrays (``Rules.encoding``, for ``bones.env``)."""

from __future__ import annotations

from bones.bits import bits
from bones.encoding import Encoding, OrdinalActions
from bones.game import Observation
from bones.runners.kernel import BLACK_SEAT, CAPT, CELLS, CHK, HAND, RUN, SWAPPED
from bones.runners.state import RunnersObservation

#: Legal moves never came near this: at most 77 in random games (56 cells to place on, or a
#: runner's steps and jump chains), so 256 leaves room.
CAPACITY = 256


class RunnersEncoding(OrdinalActions, Encoding):
    size = 3 * CELLS + 12

    def __init__(self, relative: bool = False) -> None:
        OrdinalActions.__init__(self, CAPACITY)
        self.relative = relative

    def describe(self) -> str:
        seats = "; seats numbered from this seat's (0)" if self.relative else ""
        return f"""\
Observation ({self.size} integers; cells y*8+x, rank 1 first; everything is public{seats}):
  [0, 56)      the number on each cell
  [56, 112)    the cell holding the other half of its domino
  [112, 168)   what stands on each cell: 0 nothing, 1/2 a checker of seat 0/1, 3/4 the runner of seat 0/1
  next 12      per seat (x2): checkers in hand, checkers captured; the seat to move + 1 (0: over),
               the seat that plays black, 1 once the pie rule was used, the cell the last move
               started from + 1, move number, this seat, 1 if it is this seat's turn, 0, 0
Actions ({self.num_actions}): action i is the i-th legal move in the game's order of legal moves.
Rewards: the outcome's scores when the game ends."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, RunnersObservation)
        o, pos = observation, observation.pos
        # Seat k of the observation: the k-th after the observer where relative, else seat k.
        order = (o.seat, 1 - o.seat) if self.relative else (0, 1)
        number = order.index
        out = list(o.board.values) + list(o.board.partner)
        stand = [0] * CELLS
        for k, seat in enumerate(order):
            for cell in bits(pos[CHK + seat]):
                stand[cell] = 1 + k
            if pos[RUN + seat] >= 0:
                stand[pos[RUN + seat]] = 3 + k
        out += stand
        for seat in order:
            out += [pos[HAND + seat], pos[CAPT + seat]]
        to_move = 0 if o.to_move is None else number(o.to_move) + 1
        out += [to_move, number(pos[BLACK_SEAT]), pos[SWAPPED], o.last_start + 1]
        out += [o.move_number, number(o.seat), int(o.to_move == o.seat), 0]
        return out
