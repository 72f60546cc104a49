"""The arrays a line game's follower changes in place (bones.line.follower): each seat's hand bits, and the
public numbers of the hand in play as one seat numbers the seats."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from bones.line.kernel import DRAW, PASS, PLAY
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


class HandBits:
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


class PublicView:
    """The public numbers of one hand as one seat numbers the seats, changed in place move by
    move: each new entry of the kernel's log changes a few numbers (the tile laid, who laid it and
    when, the end it was laid on, a hand size, a pass or a draw), then the seat to move and, when
    they change, the match's numbers are written again. Its hand bits are the numbering seat's
    (kept up to date by a ``HandBits`` only where the view is that seat's observation)."""

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
