"""The line-of-play games as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

An environment follows a game with ``LineFollower``: it reads the hand in play's kernel
directly and folds each new entry of the kernel's log into the history columns, so a step
builds no observation, layout or history; ``encode`` of a ``LineObservation`` gives the same
numbers (tests/test_environments.py checks it move by move).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cached_property

from bones.game import Encoding, Follower, Move, Observation, State
from bones.line.kernel import DRAW, PASS, PLAY, SPINNER_EVERY, SPINNER_FIRST, Kernel
from bones.line.moves import DRAW_MOVE, PASS_MOVE, LineMove
from bones.line.rules import LineRules
from bones.line.state import LineObservation, LineState
from bones.tiles import TILES, pip_set


class History:
    """What the log of one hand tells every seat: who laid each tile and when, passes and draws."""

    def __init__(self, tiles: int, players: int) -> None:
        self.laid = [0] * tiles  # seat + 1
        self.order = [0] * tiles
        self.passes = [0] * players
        self.draws = [0] * players
        self.played = 0
        self.seen = 0  # log entries folded in

    def add(self, log: Sequence[tuple[int, int, int, int]]) -> None:
        for seat, code, tile, _slot in log[self.seen :]:
            if code == PLAY:
                self.played += 1
                self.laid[tile] = seat + 1
                self.order[tile] = self.played
            elif code == PASS:
                self.passes[seat] += 1
            elif code == DRAW:
                self.draws[seat] += 1
        self.seen = len(log)


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

    def follow(self, state: State) -> LineFollower:
        return LineFollower(self, state)


class _View:
    """One seat's encoded observation of one hand, changed in place move by move: each new entry
    of the kernel's log changes a few numbers (the tile laid, who laid it and when, a hand size,
    a pass or a draw), then the open ends, the seat to move, the boneyard and, when they change,
    the match's numbers are written again."""

    def __init__(self, encoding: LineEncoding, seat: int, state: LineState) -> None:
        kernel = state.kernel
        history = History(encoding.tiles, encoding.rules.players)
        history.add(kernel.log)
        self.played = history.played
        self.seat = seat
        self.hand_no = state.hand_no
        self.hand = kernel.hands[seat]  # the hand mask written in out
        self.seen = history.seen  # log entries written in out
        self.number = encoding._numbers[seat]
        hands = kernel.hands
        table = (kernel.ends, [h.bit_count() for h in hands], len(kernel.boneyard), kernel.drawable())
        # An array of machine integers: NumPy copies one at once, where a list is read item by item.
        self.out = array("q", encoding.fill(seat, self.hand, table, state, history))
        n, p, slots = encoding.tiles, encoding.rules.players, encoding.slots
        self.ends = 3 * n
        block = self.ends + slots  # 5 numbers a seat: size, passes, draws, this seat, to move
        self.size = [block + 5 * k for k in self.number]
        self.to_move = -1 if state.to_move is None else self.size[state.to_move] + 4
        self.boneyard = block + 5 * p
        self.match = self.boneyard + 2
        # What the numbers were last written from, to write only what changed.
        self.scores: tuple[int, ...] | None = state.scores
        self.eggs, self.final = state.eggs, state.final
        self.table: list[int] | None = kernel.ends
        self.boneyard_seen: list[int] | None = kernel.boneyard
        self.slots, self.tiles = slots, n
        self.no_history, self.no_ends = array("q", bytes(16 * n)), array("q", bytes(8 * slots))


class LineFollower(Follower):
    """A line game followed from the kernel in play: each seat's observation is a list that each
    move changes where it must (``_View``), the history folded in from the kernel's log; nothing
    builds an observation, a layout or a history."""

    encoding: LineEncoding

    def __init__(self, encoding: LineEncoding, state: State) -> None:
        super().__init__(encoding, state)
        self._views: list[_View | None] = [None] * encoding.rules.players

    def play(self, move: Move) -> None:
        state: LineState = self.state.play(move)  # type: ignore[assignment]  # (a cast is a call)
        self.state = state
        # state.to_move without its two properties: the kernel is dealt unless a hand just ended.
        self.to_move = None if state.final else (state.dealt or state.kernel).to_move
        self._moves = None
        if self._observations:
            self._observations.clear()

    def observe(self, seat: int) -> Sequence[int]:
        """``seat``'s numbers, as ``encode(state.observation(seat))``; the array changes with the
        next move, so a caller keeps a copy."""
        state: LineState = self.state  # type: ignore[assignment]  # (a cast is a call, once a step)
        kernel = state.dealt or state.kernel
        log = kernel.log
        view = self._views[seat]
        if view is None or (view.hand_no == state.hand_no and len(log) < view.seen):
            if not 0 <= seat < state.rules.players:
                raise ValueError(f"no seat {seat}: seats are 0..{state.rules.players - 1}")
            view = self._views[seat] = _View(self.encoding, seat, state)
            return view.out
        out = view.out
        if view.hand_no != state.hand_no:
            self._next_hand(view, state, kernel)
        elif view.seen != len(log):
            # _catch_up's common case written out: the moves since this seat last looked.
            hand = kernel.hands[seat]
            if hand != view.hand:
                self._write_hand(view, hand)
            n, number, size = view.tiles, view.number, view.size
            for who, code, tile, _slot in log[view.seen :]:
                if code == PLAY:
                    view.played += 1
                    out[n + tile] = number[who] + 1
                    out[2 * n + tile] = view.played
                    out[size[who]] -= 1
                elif code == PASS:
                    out[size[who] + 1] += 1
                else:
                    out[size[who]] += 1
                    out[size[who] + 2] += 1
            view.seen = len(log)
            if kernel.ends is not view.table or kernel.boneyard is not view.boneyard_seen:
                self._write_table(view, kernel)
        # The scores' tuple is the same until somebody scores (an equal new one is written again).
        if state.scores is not view.scores or state.eggs != view.eggs or state.final is not view.final:
            view.scores, view.eggs, view.final = state.scores, state.eggs, state.final
            out[view.match :] = array("q", self.encoding.match(seat, state))
        to_move = self.to_move
        flag = -1 if to_move is None else view.size[to_move] + 4
        if flag != view.to_move:
            if view.to_move >= 0:
                out[view.to_move] = 0
            if flag >= 0:
                out[flag] = 1
            view.to_move = flag
        return out

    def _next_hand(self, view: _View, state: LineState, kernel: Kernel) -> None:
        """Turn ``view`` to the hand in play, in place (the same array, so an environment's view
        of it stays good): the history and the open ends cleared, then the new hand's log
        written as any other, the hand sizes and the match's numbers written again."""
        out, n = view.out, self.encoding.tiles
        out[n : 3 * n] = view.no_history
        out[view.ends : view.ends + view.slots] = view.no_ends
        for at in view.size:
            out[at + 1] = out[at + 2] = 0  # passes, draws
        view.played = view.seen = 0
        view.hand_no = state.hand_no
        view.scores = None  # the opener and the hand's number change even where no score does
        view.table = view.boneyard_seen = None
        self._catch_up(view, kernel, kernel.log)
        hands = kernel.hands
        for seat, at in enumerate(view.size):
            out[at] = hands[seat].bit_count()

    def _catch_up(self, view: _View, kernel: Kernel, log: Sequence[tuple[int, int, int, int]]) -> None:
        """Write the log's entries since ``view`` last looked, then the table they left."""
        out, n = view.out, view.tiles
        hand = kernel.hands[view.seat]
        if hand != view.hand:
            self._write_hand(view, hand)
        number, size = view.number, view.size
        for seat, code, tile, _slot in log[view.seen :]:
            if code == PLAY:
                view.played += 1
                out[n + tile] = number[seat] + 1
                out[2 * n + tile] = view.played
                out[size[seat]] -= 1
            elif code == PASS:
                out[size[seat] + 1] += 1
            elif code == DRAW:
                out[size[seat]] += 1
                out[size[seat] + 2] += 1
        view.seen = len(log)
        self._write_table(view, kernel)

    @staticmethod
    def _write_hand(view: _View, hand: int) -> None:
        """The bits of this seat's hand that changed."""
        out, changed = view.out, hand ^ view.hand
        while changed:
            low = changed & -changed
            tile = low.bit_length() - 1
            out[tile] = hand >> tile & 1
            changed ^= low
        view.hand = hand

    @staticmethod
    def _write_table(view: _View, kernel: Kernel) -> None:
        """The open ends and the boneyard, where their lists changed."""
        out = view.out
        # A kernel shares the lists a move leaves alone with the kernel before it, and never
        # changes a list in place: the same list is the same numbers (held here, so never reused).
        ends = kernel.ends
        if ends is not view.table:
            view.table = ends
            at = view.ends
            for value in ends[: view.slots]:
                out[at] = value + 1
                at += 1
        boneyard = kernel.boneyard
        if boneyard is not view.boneyard_seen:
            view.boneyard_seen = boneyard
            out[view.boneyard] = len(boneyard)
            out[view.boneyard + 1] = kernel.drawable()

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            legal = self.state.legal_moves
            numbers = self.encoding._numbers_by_id
            try:
                moves = {numbers[id(move)]: move for move in legal}
            except KeyError:  # a move not numbered yet
                number = self.encoding.number
                moves = {number(move): move for move in legal}  # type: ignore[arg-type]
            self._moves = moves
        return moves
