"""Bingo dominoes as fixed-size arrays (``Rules.encoding``, for ``bones.env``)."""

from __future__ import annotations

from bones.bingo.kernel import TAKE_HIDDEN
from bones.bingo.moves import BingoMove
from bones.bingo.state import PHASE_NAMES, BingoObservation, BingoState
from bones.game import Encoding, Move, Observation, State

TILES = 28
PHASES = tuple(PHASE_NAMES.values())


class BingoEncoding(Encoding):
    num_actions = TAKE_HIDDEN + 1
    size = 6 * TILES + 24

    def __init__(self, relative: bool = False) -> None:
        self.relative = relative

    def describe(self) -> str:
        seats = "seats numbered from this seat's (0)" if self.relative else "seats absolute"
        return f"""\
Observation ({self.size} integers; tiles numbered hi*(hi+1)/2+lo, 0:0 first; {seats}):
  [0, 28)      1 where the tile is in this seat's hand
  [28, 56)     1 where everybody knows seat 0 holds it; [56, 84) the same for seat 1
  [84, 112)    the trick (1, 2, ...) in which the tile was played this hand, 0: not played
  [112, 140)   who played it: seat + 1
  [140, 168)   1 where it was played with honours declared
  next 24      trump number, trump tile + 1 (0: none), trump tile still under the boneyard,
               boneyard size, closer + 1 (0: open), phase (0 lead, 1 answer, 2 choose, 3 over),
               leader; per seat (x2): hand size, points, captures, honours, declared, pending
               honours, sets won; this seat, the seat to move + 1, number of the hand
Actions ({self.num_actions}): the kernel's move code: tile (0-27) leads or answers it, tile + 32
declares honours with it, 64 closes the boneyard, 65 takes the trump tile, 66 takes a hidden tile.
Rewards: sets won."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, BingoObservation)
        o = observation
        # Seat k of the observation: the k-th after the observer where relative, else seat k.
        order = (o.seat, 1 - o.seat) if self.relative else (0, 1)
        seat_no = order.index
        out = [0] * self.size
        for tile in o.hand:
            out[int(tile)] = 1
        for k, seat in enumerate(order):
            for tile in o.known[seat]:
                out[TILES * (1 + k) + int(tile)] = 1
        for number, trick in enumerate(o.tricks, start=1):
            plays = [(trick.leader, trick.led, trick.led_honours)]
            if trick.answer is not None:
                plays.append((1 - trick.leader, trick.answer, trick.answer_honours))
            for seat, tile, honours in plays:
                out[3 * TILES + int(tile)] = number
                out[4 * TILES + int(tile)] = seat_no(seat) + 1
                out[5 * TILES + int(tile)] = int(honours > 0)
        tail = [
            o.trump,
            0 if o.trump_tile is None else int(o.trump_tile) + 1,
            int(o.trump_in_boneyard),
            o.boneyard_size,
            0 if o.closed_by is None else seat_no(o.closed_by) + 1,
            PHASES.index(o.phase),
            seat_no(o.leader),
        ]
        for seat in order:
            tail += [
                o.hand_sizes[seat],
                o.points[seat],
                o.captures[seat],
                o.honours[seat],
                int(o.declared[seat]),
                o.pending_honours[seat],
                o.sets[seat],
            ]
        tail += [seat_no(o.seat), 0 if o.to_move is None else seat_no(o.to_move) + 1]
        out[6 * TILES :] = tail + [o.hand_no]
        return out

    def action_index(self, move: Move, observation: Observation) -> int:
        assert isinstance(move, BingoMove)
        return move.code

    def action_move(self, index: int, observation: Observation) -> Move | None:
        move = BingoMove(index)
        return move if move in observation.legal_moves else None

    def seat_scores(self, state: State) -> tuple[float, ...]:
        assert isinstance(state, BingoState)
        return tuple(float(s) for s in state.sets)
