"""The line-of-play games as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

An environment follows a game with ``LineFollower`` (bones.line.follower), which gives the
numbers ``encode`` gives without building an observation.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from bones.encoding import Encoding
from bones.game import Move, Observation, State
from bones.line.follower import LineFollower
from bones.line.kernel import DRAW, PASS, SPINNER_EVERY, SPINNER_FIRST, Kernel
from bones.line.moves import DRAW_MOVE, FITTING_LIMIT, PASS_MOVE, SLOT_BITS, LineMove, fitting_moves
from bones.line.observation import LineObservation
from bones.line.rules import LineRules
from bones.line.state import LineState
from bones.line.views import History
from bones.tiles import TILES, pip_set


class LineEncoding(Encoding):
    def __init__(self, rules: LineRules, relative: bool = False) -> None:
        self.rules = rules
        self.relative = relative
        self.tiles = len(pip_set(rules.max_pip))
        spinners = {SPINNER_FIRST: 1, SPINNER_EVERY: rules.max_pip + 1}.get(rules.spinner, 0)
        self.slots = 2 + 2 * spinners
        self.num_actions = self.tiles * (self.slots + 1) + 2
        p, n = rules.players, self.tiles
        self.size = 3 * n + self.slots + 5 * p + 2 + 2 * p + rules.num_sides + 2
        # By the move's id: moves are interned, and hashing one is a Python-level call.
        self._moves: dict[int, tuple[LineMove, int]] = {}
        self._numbers_by_id: dict[int, int] = {}  # the same numbers alone, for a follower's every step
        # The legal actions of the tiles that fit one end, by (tiles, end) as the state keys its moves,
        # and of a draw or a pass alone: shared by every follower, never changed.
        self._fitting: dict[int, dict[int, LineMove]] = {}
        self._draw_only: dict[int, LineMove] = {self.number(DRAW_MOVE): DRAW_MOVE}
        self._pass_only: dict[int, LineMove] = {self.number(PASS_MOVE): PASS_MOVE}
        self._scores: tuple[tuple[int, ...] | None, tuple[float, ...]] = (None, ())

    def describe(self) -> str:
        n, s, p, sides = self.tiles, self.slots, self.rules.players, self.rules.num_sides
        seats = "seats and sides numbered from this seat's (0)" if self.relative else "seats absolute"
        return f"""\
Observation ({self.size} integers; tiles are numbered hi*(hi+1)/2+lo, 0:0 first; {seats}):
  [0, {n})        1 where the tile is in this seat's hand
  [{n}, {2 * n})     who laid the tile in this hand: seat + 1 (0: not on the table)
  [{2 * n}, {3 * n})    when it was laid: 1 for the first tile of the hand, 2 for the next... (0: not laid)
  next {s}        the number showing at each open end (slot 0 left, 1 right, then spinner sides), + 1; 0: no end
  next {p} x 5    per seat: tiles in hand, passes this hand, draws this hand, 1 for this seat, 1 for the seat to move
  next 2        tiles in the boneyard, tiles that may still be drawn
  next {p} x 2    per seat: its side's score in the match, 1 if that seat opened this hand
  next {sides}        score of each side
  next 2        eggs carried (kozel), number of the hand
Actions ({self.num_actions}): tile * {s + 1} + (end + 1) lays the tile at that end (end -1: opening the
hand), {self.num_actions - 2} is draw, {self.num_actions - 1} is pass.
Rewards: the points the seat's side scores (kozel: minus the points it writes)."""

    def encode(self, observation: Observation) -> list[int]:
        assert isinstance(observation, LineObservation)
        history = History(self.tiles, self.rules.players)
        public = observation.public
        history.add(public.log)
        table = (public.ends, observation.hand_sizes, observation.boneyard_size, observation.drawable)
        return self.fill(observation.seat, public.hands[observation.seat], table, observation, history)

    def fill(
        self,
        seat: int,
        hand: int,
        table: tuple[Sequence[int], Sequence[int], int, int],
        facts: LineObservation | LineState,
        history: History,
    ) -> list[int]:
        """The observation of ``seat`` holding ``hand`` (a mask) from the hand in play (``table``:
        its open ends, hand sizes, boneyard size and drawable tiles), the match (``facts``: an
        observation or the state) and the hand's ``history``."""
        out = [hand >> tile & 1 for tile in range(self.tiles)]
        if self.relative:
            number = self._numbers[seat]
            out += [number[v - 1] + 1 if v else 0 for v in history.laid]
        else:
            out += history.laid
        out += history.order
        return out + self.tail(seat, table, facts, history)

    def numbering(self, seat: int) -> list[int]:
        """How ``seat`` numbers each seat."""
        p = self.rules.players
        return [self.seat_number(other, seat, p) for other in range(p)]

    @cached_property
    def _numbers(self) -> list[list[int]]:
        return [self.numbering(seat) for seat in range(self.rules.players)]

    @cached_property
    def _orders(self) -> list[tuple[list[int], list[int]]]:
        rules, p, num_sides = self.rules, self.rules.players, self.rules.num_sides
        if not self.relative:
            return [(list(range(p)), list(range(num_sides)))] * p
        # Seat k of the observation is the k-th seat after this one; side k likewise.
        return [
            ([(seat + k) % p for k in range(p)], [(rules.sides[seat] + k) % num_sides for k in range(num_sides)])
            for seat in range(p)
        ]

    def orders(self, seat: int) -> tuple[list[int], list[int]]:
        """The seats and the sides in the order ``seat``'s observation lists them."""
        return self._orders[seat]

    def tail(
        self,
        seat: int,
        table: tuple[Sequence[int], Sequence[int], int, int],
        facts: LineObservation | LineState,
        history: History,
        orders: tuple[list[int], list[int]] | None = None,
    ) -> list[int]:
        """The observation after the tiles' columns: the table, the seats, the match."""
        order = (orders or self.orders(seat))[0]
        ends, sizes, boneyard, drawable = table
        slots = self.slots
        out = [value + 1 for value in ends[:slots]]
        if len(ends) < slots:
            out += [0] * (slots - len(ends))
        passes, draws, to_move = history.passes, history.draws, facts.to_move
        for other in order:
            out += (sizes[other], passes[other], draws[other], int(other == seat), int(other == to_move))
        out.append(boneyard)
        out.append(drawable)
        return out + self.match(seat, facts)

    def match(self, seat: int, facts: LineObservation | LineState) -> list[int]:
        """The observation's last numbers: the match's scores, the opener, eggs and the hand."""
        order, side_order = self._orders[seat]
        sides = self.rules.sides
        scores, opener = facts.scores, facts.opener
        out: list[int] = []
        for other in order:
            out += (scores[sides[other]], int(other == opener))
        out += [scores[side] for side in side_order]
        out.append(facts.eggs)
        out.append(facts.hand_no)
        return out

    def action_index(self, move: Move, observation: Observation) -> int:
        assert isinstance(move, LineMove)
        return self.number(move)

    def number(self, move: LineMove) -> int:
        """The action number of ``move`` (moves are interned, so a dict remembers each)."""
        known = self._moves.get(id(move))
        if known is not None and known[0] is move:
            return known[1]
        if move.code == DRAW:
            number = self.num_actions - 2
        elif move.code == PASS:
            number = self.num_actions - 1
        else:
            assert move.tile is not None
            number = int(move.tile) * (self.slots + 1) + move.slot + 1
        if len(self._moves) > 65536:  # moves made outside the interned ones
            self._moves.clear()
            self._numbers_by_id.clear()
        # _moves holds the move, so no other object has its id while the entry lasts.
        self._moves[id(move)] = (move, number)
        self._numbers_by_id[id(move)] = number
        return number

    def action_move(self, index: int, observation: Observation) -> Move | None:
        if index == self.num_actions - 2:
            move = DRAW_MOVE
        elif index == self.num_actions - 1:
            move = PASS_MOVE
        elif 0 <= index < self.num_actions - 2:
            tile, end = divmod(index, self.slots + 1)
            move = LineMove.play(TILES[tile], end - 1)
        else:
            return None
        return move if move in observation.legal_moves else None

    def seat_scores(self, state: State) -> tuple[float, ...]:
        scores = state.scores  # type: ignore[attr-defined]  # a LineState's (no cast: once a step)
        last, seat_scores = self._scores
        if scores is not last:  # the same tuple until somebody scores
            sign = -1.0 if self.rules.low_score_wins else 1.0
            seat_scores = tuple(sign * scores[side] for side in self.rules.sides)
            self._scores = (scores, seat_scores)
        return seat_scores

    def kernel_actions(self, kernel: Kernel) -> dict[int, LineMove]:
        """The legal actions of the seat to move once the hand is open, read from ``kernel`` as the
        state's legal moves are (``_legal_moves``), without making them; a shared dict, which the
        caller must not change."""
        hand = kernel.hands[kernel.to_move]
        masks = kernel.masks
        fitting = self._fitting
        moves: dict[int, LineMove] | None = None
        for slot, value in enumerate(kernel.ends):
            fit = hand & masks[value]
            if fit:
                key = fit << SLOT_BITS | slot
                part = fitting.get(key)
                if part is None:
                    part = self._fit(key, fit, slot)
                moves = part if moves is None else {**moves, **part}
        if moves is None:
            return self._draw_only if kernel.drawable() else self._pass_only
        return moves

    def _fit(self, key: int, fit: int, slot: int) -> dict[int, LineMove]:
        # The state's moves for these tiles on this end, numbered through number(): a follower finds them by id.
        number = self.number
        part = {number(move): move for move in fitting_moves(fit, slot)}
        if len(self._fitting) < FITTING_LIMIT:
            self._fitting[key] = part
        return part

    def follow(self, state: State) -> LineFollower:
        return LineFollower(self, state)
