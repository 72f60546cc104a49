"""Domino Runners as fixed-size arrays (``Rules.encoding``, for ``bones.env``)."""

from __future__ import annotations

from bones.bits import bits
from bones.game import Encoding, Observation, OrdinalActions
from bones.runners.kernel import BLACK_SEAT, CAPT, CELLS, CHK, HAND, RUN, SWAPPED
from bones.runners.state import RunnersObservation

#: Legal moves never came near this: at most 77 in random games (56 cells to place on, or a
#: runner's steps and jump chains), so 256 leaves room.
CAPACITY = 256


class RunnersEncoding(OrdinalActions, Encoding):
    size = 3 * CELLS + 12

    def __init__(self) -> None:
        OrdinalActions.__init__(self, CAPACITY)

    def describe(self) -> str:
        return f"""\
Observation ({self.size} integers; cells y*8+x, rank 1 first; everything is public):
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
        out = list(o.board.values) + list(o.board.partner)
        stand = [0] * CELLS
        for seat in (0, 1):
            for cell in bits(pos[CHK + seat]):
                stand[cell] = 1 + seat
            if pos[RUN + seat] >= 0:
                stand[pos[RUN + seat]] = 3 + seat
        out += stand
        out += [pos[HAND], pos[CAPT], pos[HAND + 1], pos[CAPT + 1]]
        out += [0 if o.to_move is None else o.to_move + 1, pos[BLACK_SEAT], pos[SWAPPED], o.last_start + 1]
        out += [o.move_number, o.seat, int(o.to_move == o.seat), 0]
        return out
