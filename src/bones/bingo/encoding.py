"""Bingo dominoes as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

An environment follows a game with ``BingoFollower``: it reads the hand in play's kernel
directly and folds each new entry of the kernel's log into the tricks' columns, so a step
builds no observation and no tricks; ``encode`` of a ``BingoObservation`` gives the same
numbers (tests/test_environments.py checks it move by move).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import cast

from bones.bingo.kernel import CLOSE, HONOURS, TAKE_HIDDEN, TILE_PART, Hand, honours_points
from bones.bingo.moves import BingoMove
from bones.bingo.state import PHASE_NAMES, BingoObservation, BingoState
from bones.encoding import Encoding, Follower
from bones.game import Move, Observation, State

TILES = 28
PHASES = tuple(PHASE_NAMES.values())


class BingoEncoding(Encoding):
    num_actions = TAKE_HIDDEN + 1
    size = 6 * TILES + 24

    def __init__(self, relative: bool = False) -> None:
        self.relative = relative
        self._sets: tuple[tuple[int, ...] | None, tuple[float, ...]] = (None, ())

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
        sets = state.sets
        if sets is not self._sets[0]:  # the same tuple until somebody wins a set
            self._sets = (sets, (float(sets[0]), float(sets[1])))
        return self._sets[1]

    def follow(self, state: State) -> BingoFollower:
        return BingoFollower(self, state)


# An observation's phase number, by the kernel's phase.
_PHASE_NUMBER = {phase: PHASES.index(name) for phase, name in PHASE_NAMES.items()}
_OVER = PHASES.index("over")


class _View:
    """One seat's numbers of one hand, changed in place: the hand's and the known tiles' bits
    where they changed, each new trick entry of the kernel's log, then the table's numbers."""

    def __init__(self, seat: int, relative: bool, hand_no: int) -> None:
        self.seat = seat
        self.order = (seat, 1 - seat) if relative else (0, 1)
        self.number = (0, 1) if not relative else ((0, 1) if seat == 0 else (1, 0))  # seat_no by seat
        self.out = array("q", bytes(8 * BingoEncoding.size))
        self.hand_no = hand_no
        self.hand = 0
        self.known = [0, 0]  # by the observation's order
        self.seen = 0  # log entries written
        self.tricks = 0
        self.leading = True  # the next tile played leads a trick


class BingoFollower(Follower):
    """A Bingo game followed from the kernel in play (see the module docstring)."""

    encoding: BingoEncoding

    def __init__(self, encoding: BingoEncoding, state: State) -> None:
        super().__init__(encoding, state)
        self._views: list[_View | None] = [None, None]

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = {move.code: move for move in cast(BingoState, self.state).legal_moves}
        return moves

    def observe(self, seat: int) -> Sequence[int]:
        """``seat``'s numbers, as ``encode(state.observation(seat))``; the array changes with the
        next move, so a caller keeps a copy."""
        state = cast(BingoState, self.state)
        kernel = state.kernel
        log = kernel.log
        if not 0 <= seat < 2:
            state.rules.check_seat(seat)  # raises
        view = self._views[seat]
        if view is None or view.hand_no != state.hand_no or len(log) < view.seen:
            view = self._views[seat] = _View(seat, self.encoding.relative, state.hand_no)
        out = view.out
        changed = kernel.hands[seat] ^ view.hand
        while changed:
            low = changed & -changed
            out[low.bit_length() - 1] ^= 1
            changed ^= low
        view.hand = kernel.hands[seat]
        for k, other in enumerate(view.order):
            known = kernel.known[other]
            changed = known ^ view.known[k]
            at = TILES * (1 + k)
            while changed:
                low = changed & -changed
                out[at + low.bit_length() - 1] ^= 1
                changed ^= low
            view.known[k] = known
        if view.seen != len(log):
            self._catch_up(view, kernel, log)
        self._table(view, state, kernel)
        return out

    def _catch_up(self, view: _View, kernel: Hand, log: Sequence[tuple[int, int]]) -> None:
        """Each tile played since ``view`` last looked: its trick, who played it, honours."""
        out, number = view.out, view.number
        for seat, code in log[view.seen :]:
            if code >= CLOSE:
                continue
            if view.leading:
                view.tricks += 1
            view.leading = not view.leading
            tile = code & TILE_PART
            out[3 * TILES + tile] = view.tricks
            out[4 * TILES + tile] = number[seat] + 1
            out[5 * TILES + tile] = int(bool(code & HONOURS) and honours_points(kernel.shown[seat]) > 0)
        view.seen = len(log)

    def _table(self, view: _View, state: BingoState, kernel: Hand) -> None:
        """The numbers after the tiles' columns, from the kernel and the match."""
        number = view.number
        closed, to_move = kernel.closed, self.to_move
        tail = [
            kernel.table.trump,
            kernel.trump_tile + 1 if kernel.trump_tile >= 0 else 0,
            int(kernel.trump_in_stock),
            len(kernel.stock),
            0 if closed < 0 else number[closed] + 1,
            _OVER if state.final else _PHASE_NUMBER[kernel.phase],
            number[kernel.leader],
        ]
        hands, points, captures, honours = kernel.hands, kernel.points, kernel.captures, kernel.honours
        declared, pending, sets = kernel.declared, kernel.pending, state.sets
        for seat in view.order:
            tail += (
                hands[seat].bit_count(),
                points[seat],
                captures[seat],
                honours[seat],
                int(declared[seat]),
                pending[seat],
                sets[seat],
            )
        tail += (number[view.seat], 0 if to_move is None else number[to_move] + 1, state.hand_no)
        view.out[6 * TILES :] = array("q", tail)
