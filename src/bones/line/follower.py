"""A line game followed move by move in its encoding (``LineEncoding.follow``, for ``bones.env``).

The follower reads the hand in play's kernel directly and folds each new entry of the kernel's
log into arrays it changes in place, so a step builds no observation, layout or history;
``encode`` of a ``LineObservation`` gives the same numbers (tests/test_environments.py checks it
move by move).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from bones.encoding import Follower
from bones.game import Move, State
from bones.line.kernel import DRAW, PASS, PLAY, Kernel
from bones.line.moves import LineMove
from bones.line.state import LineState

if TYPE_CHECKING:
    from bones.line.encoding import LineEncoding


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


@cache
def _bit_rows(width: int) -> tuple[array, ...]:
    """The ``width`` bits of each number below ``2**width``, lowest first, as arrays: a new hand's
    bits are written a byte at a time, where bit by bit cost more than the rest of the hand's turn."""
    return tuple(array("q", [byte >> bit & 1 for bit in range(width)]) for byte in range(1 << width))


class _Hand:
    """The tile bits of one seat's hand, at the head of an observation's array."""

    __slots__ = ("chunks", "hand", "out", "public")

    def __init__(self, out: array, hand: int, tiles: int) -> None:
        self.out = out
        self.public = memoryview(out)[tiles:]  # what the shared view's copy overwrites (out is never resized)
        self.hand = hand  # the mask written in out
        self.chunks = [
            (at, min(at + 8, tiles), (1 << min(8, tiles - at)) - 1, _bit_rows(min(8, tiles - at)))
            for at in range(0, tiles, 8)
        ]
        self.write_all(hand)

    def write(self, hand: int) -> None:
        """Write ``hand``: the one bit a play or a draw changes, or a whole new hand."""
        changed = hand ^ self.hand
        if changed & (changed - 1):
            self.write_all(hand)
        elif changed:
            self.hand = hand
            tile = changed.bit_length() - 1
            self.out[tile] = hand >> tile & 1

    def write_all(self, hand: int) -> None:
        out = self.out
        for at, end, mask, rows in self.chunks:
            out[at:end] = rows[hand >> at & mask]
        self.hand = hand


class _View:
    """The public numbers of one hand as one seat numbers the seats, changed in place move by
    move: each new entry of the kernel's log changes a few numbers (the tile laid, who laid it and
    when, the end it was laid on, a hand size, a pass or a draw), then the seat to move and, when
    they change, the match's numbers are written again. Its hand bits are the numbering seat's
    (kept up to date by a ``_Hand`` only where the view is that seat's observation)."""

    def __init__(self, encoding: LineEncoding, seat: int, state: LineState) -> None:
        kernel = state.kernel
        history = History(encoding.tiles, encoding.rules.players)
        history.add(kernel.log)
        self.played = history.played
        self.seat = seat
        self.hand_no = state.hand_no
        self.seen = history.seen  # log entries written in out
        self.number = encoding._numbers[seat]
        hands = kernel.hands
        table = (kernel.ends, [h.bit_count() for h in hands], len(kernel.boneyard), kernel.drawable())
        # An array of machine integers: NumPy copies one at once, where a list is read item by item.
        self.out = array("q", encoding.fill(seat, hands[seat], table, state, history))
        n, p, slots = encoding.tiles, encoding.rules.players, encoding.slots
        self.ends = 3 * n
        self.open = len(kernel.ends)  # ends written: a play changes its own end, or opens more
        block = self.ends + slots  # 5 numbers a seat: size, passes, draws, this seat, to move
        self.size = [block + 5 * k for k in self.number]
        self.me = [at + 3 for at in self.size]
        self.turn = [at + 4 for at in self.size]
        self.to_move = -1 if state.to_move is None else self.turn[state.to_move]
        self.boneyard = block + 5 * p
        self.match = self.boneyard + 2
        # Where the match's numbers hold a side's score (each seat's, then each side's), and whose:
        # a score during a hand writes these alone.
        order, side_order = encoding.orders(seat)
        sides = encoding.rules.sides
        self.score_cells = [(self.match + 2 * k, sides[other]) for k, other in enumerate(order)] + [
            (self.match + 2 * p + k, side) for k, side in enumerate(side_order)
        ]
        # What the numbers were last written from, to write only what changed.
        self.scores: tuple[int, ...] | None = state.scores
        self.slots, self.tiles, self.order = slots, n, 2 * n
        self.no_history, self.no_ends = array("q", bytes(16 * n)), array("q", bytes(8 * slots))
        # The numbers every seat's copy takes: a memoryview's copy makes no array in between.
        self.public = memoryview(self.out)[n:]


class LineFollower(Follower):
    """A line game followed from the kernel in play: each observation is an array that each
    move changes where it must, the history folded in from the kernel's log; nothing builds an
    observation, a layout or a history.

    Seats absolute, every seat sees the same public numbers: one ``_View`` is kept, and a seat's
    observation is a copy of it behind the seat's own hand bits and "this seat" flag, so each
    entry of the log is written once, not once a seat. Relative, each seat numbers the others
    its own way and has a view of its own."""

    encoding: LineEncoding

    def __init__(self, encoding: LineEncoding, state: State) -> None:
        super().__init__(encoding, state)
        players = encoding.rules.players
        self._relative = encoding.relative
        self._views: list[_View | None] = [None] * players  # relative: a view a seat
        self._shared: _View | None = None  # absolute: the view every seat's numbers copy
        self._synced: State | None = None  # the state _shared was brought up to
        self._kernel: Kernel | None = None  # its hand in play
        self._hands: list[_Hand | None] = [None] * players

    def restart(self, state: State) -> None:
        # The arrays are kept: each view is marked as showing no hand, so the next look writes the
        # new game's hand, history and match into it as it does a new hand's (_next_hand).
        self.state = state
        self.to_move = state.to_move
        self.seat_scores = self.encoding.seat_scores(state)
        self._observations.clear()
        self._moves = None
        for view in (self._shared, *self._views):
            if view is not None:
                view.hand_no = -1
        self._synced = self._kernel = None

    def play(self, move: Move) -> None:
        number = self.encoding._numbers_by_id.get(id(move), -1)
        moves = self._moves
        if moves is not None and moves.get(number) is move:
            self.play_action(number)  # one of the legal actions: played without the state's check
        else:
            before: LineState = self.state  # type: ignore[assignment]
            self._follow(before, before.play(move))  # type: ignore[arg-type]

    def play_action(self, action: int) -> Move | None:
        moves = self._moves
        move: LineMove | None = (self.legal_actions() if moves is None else moves).get(action)  # type: ignore[assignment]
        if move is not None:
            before: LineState = self.state  # type: ignore[assignment]
            # One of the legal actions (kernel_actions made, without the state's legal moves): the state's play, less
            # its check of the move against them. A draw of a game entered by hand must name its tile, which play says.
            state = before._advance(move, move) if move.code != DRAW or before.initial is None else before.play(move)
            self._follow(before, state)
        return move

    def _follow(self, before: LineState, state: LineState) -> None:
        """Follow the game from ``before`` to ``state``, its next."""
        self.state = state
        self._moves = None
        if self._observations:
            self._observations.clear()
        if state.scores is not before.scores:  # the same tuple until somebody scores
            self.seat_scores = self.encoding.seat_scores(state)
        if state.final:
            self.to_move = None
            return
        # state.to_move without its two properties: the kernel is dealt unless a hand just ended.
        kernel = state.dealt or state.kernel
        to_move = self.to_move = kernel.to_move
        view = self._shared
        # The shared view written here where this move is the one entry it lacks (in the hand
        # it shows, nobody scoring): what observe would do, without finding it out again.
        if view is None or self._synced is not before:
            return
        log = kernel.log
        seen = view.seen
        if len(log) != seen + 1 or view.hand_no != state.hand_no:
            return
        who, code, tile, slot = log[seen]
        out = view.out
        if code == PLAY:
            ends = kernel.ends
            played = view.played = view.played + 1
            out[view.tiles + tile] = who + 1  # seats absolute
            out[view.order + tile] = played
            out[view.size[who]] -= 1
            if slot >= 0 and len(ends) == view.open:
                out[view.ends + slot] = ends[slot] + 1
            else:
                self._write_ends(view, ends)
        elif code == PASS:
            out[view.size[who] + 1] += 1
        else:
            out[view.size[who]] += 1
            out[view.size[who] + 2] += 1
            out[view.boneyard] = len(kernel.boneyard)
            out[view.boneyard + 1] = kernel.drawable()
        view.seen = seen + 1
        scores = state.scores
        if scores is not view.scores:
            view.scores = scores
            for at, side in view.score_cells:
                out[at] = scores[side]
        flag = view.turn[to_move]
        if flag != view.to_move:
            if view.to_move >= 0:
                out[view.to_move] = 0
            out[flag] = 1
            view.to_move = flag
        self._synced = state
        self._kernel = kernel

    def observe(self, seat: int) -> Sequence[int]:
        """``seat``'s numbers, as ``encode(state.observation(seat))``; the array changes with the
        next move, so a caller keeps a copy."""
        if self._relative:
            return self._observe_relative(seat)
        state: LineState = self.state  # type: ignore[assignment]  # (a cast is a call, once a step)
        view = self._shared
        if state is not self._synced or view is None:
            kernel = self._kernel = state.dealt or state.kernel
            if view is None or not self._advance(view, state, kernel):
                view = self._shared = _View(self.encoding, 0, state)
                view.out[view.me[0]] = 0  # each seat's copy sets its own
            self._synced = state
        hand = self._hands[seat]
        if hand is None:
            return self._first_look(seat, view)
        out = hand.out
        held = self._kernel.hands[seat]  # type: ignore[union-attr]  # (set with _synced)
        changed = held ^ hand.hand
        if changed:  # _Hand.write written out: a seat's own play or draw, once a turn
            if changed & (changed - 1):
                hand.write_all(held)
            else:
                hand.hand = held
                tile = changed.bit_length() - 1
                out[tile] = held >> tile & 1
        hand.public[:] = view.public
        out[view.me[seat]] = 1  # this seat (the shared view's own is cleared)
        return out

    def _first_look(self, seat: int, view: _View) -> Sequence[int]:
        players = self.encoding.rules.players
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat}: seats are 0..{players - 1}")
        out = array("q", view.out)
        self._hands[seat] = _Hand(out, self._kernel.hands[seat], view.tiles)  # type: ignore[union-attr]
        out[view.me[seat]] = 1
        return out

    def _observe_relative(self, seat: int) -> Sequence[int]:
        state: LineState = self.state  # type: ignore[assignment]
        kernel = state.dealt or state.kernel
        view = self._views[seat]
        hand = self._hands[seat]
        if view is None or hand is None or not self._advance(view, state, kernel):
            if not 0 <= seat < state.rules.players:
                raise ValueError(f"no seat {seat}: seats are 0..{state.rules.players - 1}")
            view = self._views[seat] = _View(self.encoding, seat, state)
            self._hands[seat] = _Hand(view.out, kernel.hands[seat], view.tiles)
            return view.out
        held = kernel.hands[seat]
        if held != hand.hand:
            hand.write(held)
        return view.out

    def _advance(self, view: _View, state: LineState, kernel: Kernel) -> bool:
        """Bring ``view``'s public numbers up to ``state``; False, changing nothing, where
        ``state`` is behind the view in its hand (the view is then made anew)."""
        out = view.out
        log = kernel.log
        seen = view.seen
        if view.hand_no != state.hand_no:
            self._next_hand(view, state, kernel)
        elif seen != len(log):
            if seen > len(log):
                return False
            n, order, number, size = view.tiles, view.order, view.number, view.size
            ends, at_ends, played = kernel.ends, view.ends, view.played
            # A kernel's ends change only at the end a tile is laid on, or grow by a spinner's
            # sides: each play writes its own end's final number, and new ends all of theirs.
            for who, code, tile, slot in log[seen:]:
                if code == PLAY:
                    played += 1
                    out[n + tile] = number[who] + 1
                    out[order + tile] = played
                    out[size[who]] -= 1
                    if slot >= 0:
                        out[at_ends + slot] = ends[slot] + 1
                elif code == PASS:
                    out[size[who] + 1] += 1
                else:
                    out[size[who]] += 1
                    out[size[who] + 2] += 1
                    out[view.boneyard] = len(kernel.boneyard)
                    out[view.boneyard + 1] = kernel.drawable()
            view.seen = len(log)
            view.played = played
            if len(ends) != view.open:
                self._write_ends(view, ends)
        to_move = self.to_move
        # The scores' tuple is the same until somebody scores (an equal new one is written
        # again); the eggs change, and the match ends, only with a hand (or with no seat to move).
        scores = state.scores
        if scores is not view.scores or to_move is None:
            if view.scores is None or to_move is None:  # a new hand, or the match over
                out[view.match :] = array("q", self.encoding.match(view.seat, state))
            else:  # a score during the hand
                for at, side in view.score_cells:
                    out[at] = scores[side]
            view.scores = scores
        flag = -1 if to_move is None else view.turn[to_move]
        if flag != view.to_move:
            if view.to_move >= 0:
                out[view.to_move] = 0
            if flag >= 0:
                out[flag] = 1
            view.to_move = flag
        return True

    def _next_hand(self, view: _View, state: LineState, kernel: Kernel) -> None:
        """Turn ``view`` to the hand in play, in place: the history and the open ends cleared,
        then the new hand's log, ends, boneyard and hand sizes written, and the match's numbers."""
        out, n = view.out, view.tiles
        out[n : 3 * n] = view.no_history
        out[view.ends : view.ends + view.slots] = view.no_ends
        for at in view.size:
            out[at + 1] = out[at + 2] = 0  # passes, draws
        view.played = 0
        view.hand_no = state.hand_no
        view.scores = None  # the opener and the hand's number change even where no score does
        number, size = view.number, view.size
        log = kernel.log
        for seat, code, tile, _slot in log:
            if code == PLAY:
                view.played += 1
                out[n + tile] = number[seat] + 1
                out[2 * n + tile] = view.played
            elif code == PASS:
                out[size[seat] + 1] += 1
            elif code == DRAW:
                out[size[seat] + 2] += 1
        view.seen = len(log)
        self._write_ends(view, kernel.ends)
        out[view.boneyard] = len(kernel.boneyard)
        out[view.boneyard + 1] = kernel.drawable()
        for seat, at in enumerate(size):
            out[at] = kernel.hands[seat].bit_count()

    @staticmethod
    def _write_ends(view: _View, ends: list[int]) -> None:
        out, at = view.out, view.ends
        for value in ends[: view.slots]:
            out[at] = value + 1
            at += 1
        view.open = len(ends)

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            state: LineState = self.state  # type: ignore[assignment]
            kernel = state.dealt
            # Once the hand is open, from the kernel, as the state's moves would be made (the
            # moves in between cost more than the rest of an environment's step).
            if kernel is not None and kernel.placed and state.final is None:
                moves = self._moves = self.encoding.kernel_actions(kernel)  # type: ignore[assignment]
                return moves  # type: ignore[return-value]
            legal = state.legal_moves
            numbers = self.encoding._numbers_by_id
            try:
                # A loop, not a comprehension: few moves, and a comprehension is a call.
                moves = {}
                for move in legal:
                    moves[numbers[id(move)]] = move
            except KeyError:  # a move not numbered yet
                number = self.encoding.number
                moves = {number(move): move for move in legal}  # type: ignore[arg-type]
            self._moves = moves
        return moves
