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

from bones.game import Follower, Move, State
from bones.line.kernel import DRAW, PASS, PLAY, Kernel
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

    __slots__ = ("chunks", "hand", "out")

    def __init__(self, out: array, hand: int, tiles: int) -> None:
        self.out = out
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
    when, a hand size, a pass or a draw), then the open ends, the seat to move, the boneyard and,
    when they change, the match's numbers are written again. Its hand bits are the numbering
    seat's (kept up to date by a ``_Hand`` only where the view is that seat's observation)."""

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
        self._views: list[_View | None] = [None] * players  # relative: one a seat; absolute: [0] for all
        self._hands: list[_Hand | None] = [None] * players

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
        relative = self.encoding.relative
        view = self._views[seat if relative else 0]
        hand = self._hands[seat]
        if view is None or hand is None or (view.hand_no == state.hand_no and len(kernel.log) < view.seen):
            return self._start(seat, state, kernel)
        self._advance(view, state, kernel)
        held = kernel.hands[seat]
        if held != hand.hand:
            hand.write(held)
        if relative:
            return view.out
        out, n = hand.out, view.tiles
        out[n:] = view.out[n:]
        out[view.size[seat] + 3] = 1  # this seat (the view's own is cleared)
        return out

    def _start(self, seat: int, state: LineState, kernel: Kernel) -> Sequence[int]:
        """A seat's first look (or a look at a state behind the one followed): its numbers made anew."""
        players = state.rules.players
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat}: seats are 0..{players - 1}")
        encoding = self.encoding
        if encoding.relative:
            view = self._views[seat] = _View(encoding, seat, state)
            self._hands[seat] = _Hand(view.out, kernel.hands[seat], encoding.tiles)
            return view.out
        shared = self._views[0]
        if shared is None or (shared.hand_no == state.hand_no and len(kernel.log) < shared.seen):
            view = self._views[0] = _View(encoding, 0, state)
            view.out[view.size[0] + 3] = 0  # each seat's copy sets its own
        else:
            view = shared
            self._advance(view, state, kernel)
        out = array("q", view.out)
        self._hands[seat] = _Hand(out, kernel.hands[seat], encoding.tiles)
        out[view.size[seat] + 3] = 1
        return out

    def _advance(self, view: _View, state: LineState, kernel: Kernel) -> None:
        """Bring ``view``'s public numbers up to ``state``."""
        out = view.out
        log = kernel.log
        if view.hand_no != state.hand_no:
            self._next_hand(view, state, kernel)
        elif view.seen != len(log):
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
            # A kernel shares the lists a move leaves alone with the kernel before it, and never
            # changes a list in place: the same list is the same numbers (held here, so never reused).
            ends = kernel.ends
            if ends is not view.table:
                view.table = ends
                at = view.ends
                for value in ends[: view.slots]:
                    out[at] = value + 1
                    at += 1
            if kernel.boneyard is not view.boneyard_seen:
                self._write_boneyard(view, kernel)
        # The scores' tuple is the same until somebody scores (an equal new one is written again).
        if state.scores is not view.scores or state.eggs != view.eggs or state.final is not view.final:
            view.scores, view.eggs, view.final = state.scores, state.eggs, state.final
            out[view.match :] = array("q", self.encoding.match(view.seat, state))
        to_move = self.to_move
        flag = -1 if to_move is None else view.size[to_move] + 4
        if flag != view.to_move:
            if view.to_move >= 0:
                out[view.to_move] = 0
            if flag >= 0:
                out[flag] = 1
            view.to_move = flag

    def _next_hand(self, view: _View, state: LineState, kernel: Kernel) -> None:
        """Turn ``view`` to the hand in play, in place (the same array, so an environment's view
        of it stays good): the history and the open ends cleared, then the new hand's log
        written as any other, the hand sizes and the match's numbers written again."""
        out, n = view.out, view.tiles
        out[n : 3 * n] = view.no_history
        out[view.ends : view.ends + view.slots] = view.no_ends
        for at in view.size:
            out[at + 1] = out[at + 2] = 0  # passes, draws
        view.played = view.seen = 0
        view.hand_no = state.hand_no
        view.scores = None  # the opener and the hand's number change even where no score does
        view.table = view.boneyard_seen = None
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
        view.table = kernel.ends
        at = view.ends
        for value in kernel.ends[: view.slots]:
            out[at] = value + 1
            at += 1
        self._write_boneyard(view, kernel)
        for seat, at in enumerate(size):
            out[at] = kernel.hands[seat].bit_count()

    @staticmethod
    def _write_boneyard(view: _View, kernel: Kernel) -> None:
        boneyard = kernel.boneyard
        view.boneyard_seen = boneyard
        out = view.out
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
