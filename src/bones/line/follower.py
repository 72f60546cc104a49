"""A line game followed move by move in its encoding (``LineEncoding.follow``, for ``bones.env``).

The follower reads the hand in play's kernel directly and folds each new entry of the kernel's
log into arrays it changes in place, so a step builds no observation, layout or history;
``encode`` of a ``LineObservation`` gives the same numbers (tests/test_environments.py checks it
move by move).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bones.encoding import Follower
from bones.game import Move, State
from bones.line.kernel import DRAW, PASS, PLAY, PLAYING, Kernel
from bones.line.moves import LineMove
from bones.line.state import LineState
from bones.line.views import HandBits, PublicView

if TYPE_CHECKING:
    from bones.line.encoding import LineEncoding


class LineFollower(Follower):
    """A line game followed from the kernel in play: each observation is an array that each
    move changes where it must, the history folded in from the kernel's log; nothing builds an
    observation, a layout or a history.

    Seats absolute, every seat sees the same public numbers: one ``PublicView`` is kept, and a seat's
    observation is a copy of it behind the seat's own hand bits and "this seat" flag, so each
    entry of the log is written once, not once a seat. Relative, each seat numbers the others
    its own way and has a view of its own."""

    encoding: LineEncoding
    _base: LineState  # the last state made
    _tail: list[LineMove]  # the moves made on the kernel alone since
    _now: Kernel | None  # the hand in play, once dealt

    def __init__(self, encoding: LineEncoding, state: State) -> None:
        super().__init__(encoding, state)
        players = encoding.rules.players
        self._relative = encoding.relative
        self._views: list[PublicView | None] = [None] * players  # relative: a view a seat
        self._shared: PublicView | None = None  # absolute: the view every seat's numbers copy
        self._synced: Kernel | None = None  # the hand in play as _shared was brought up to it
        self._hands: list[HandBits | None] = [None] * players

    # The state is made when asked for, not at every move: a move that scores nothing and ends no
    # hand changes only the kernel and the list of moves, so the follower plays it on the kernel
    # alone (what the state's play would do besides costs as much as the rest of a step) and keeps
    # the move in a tail; the state is the last one made, with the tail's moves, when looked at.
    @property  # type: ignore[override]
    def state(self) -> State:
        tail = self._tail
        if tail:
            self._base = self._base._after(self._now, 0, tuple(tail))  # type: ignore[arg-type]  # (a tail has its kernel)
            self._tail = []
        return self._base

    @state.setter
    def state(self, state: State) -> None:
        self._base = state  # type: ignore[assignment]
        self._tail = []
        self._now = self._base.dealt

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
        self._synced = None

    def _kernel(self) -> Kernel:
        """The hand in play (dealt now if the state has not dealt it yet)."""
        kernel = self._now
        if kernel is None:  # no tail without a kernel: the state is the last one made
            kernel = self._now = self._base.kernel
        return kernel

    def play(self, move: Move) -> None:
        number = self.encoding._numbers_by_id.get(id(move), -1)
        moves = self._moves
        if moves is not None and moves.get(number) is move:
            self.play_action(number)  # one of the legal actions: played without the state's check
        else:
            before: LineState = self.state  # type: ignore[assignment]
            self._follow(before.play(move))  # type: ignore[arg-type]

    def play_action(self, action: int) -> Move | None:
        moves = self._moves
        move: LineMove | None = (self.legal_actions() if moves is None else moves).get(action)  # type: ignore[assignment]
        if move is None:
            return None
        if move.code == DRAW and self._base.initial is not None:
            # A draw of a game entered by hand must name its tile, which the state's play says.
            before: LineState = self.state  # type: ignore[assignment]
            self._follow(before.play(move))
            return move
        # One of the legal actions (kernel_actions made, without the state's legal moves): the
        # state's play, less its check of the move against them.
        kernel = self._now
        if kernel is None:
            kernel = self._kernel()
        after, points = kernel.after(*move._kernel_move)
        if points or after.status != PLAYING:
            self._follow(self.state._after(after, points, (move,)))  # type: ignore[attr-defined]
            return move
        self._tail.append(move)
        self._now = after
        self._moves = None
        if self._observations:
            self._observations.clear()
        to_move = self.to_move = after.to_move
        view = self._shared
        # The shared view written here where this move is the one entry it lacks: what observe
        # would do, without finding it out again.
        if view is None or self._synced is not kernel:
            return move
        log = after.log
        seen = view.seen
        if len(log) != seen + 1:
            return move
        who, code, tile, slot = log[seen]
        out = view.out
        if code == PLAY:
            ends = after.ends
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
            out[view.boneyard] = len(after.boneyard)
            out[view.boneyard + 1] = after.drawable()
        view.seen = seen + 1
        flag = view.turn[to_move]
        if flag != view.to_move:
            if view.to_move >= 0:
                out[view.to_move] = 0
            out[flag] = 1
            view.to_move = flag
        self._synced = after
        return move

    def _follow(self, state: LineState) -> None:
        """Follow the game to ``state``, made by the state's own play (a move that scores, ends a hand, or
        names a drawn tile): observe brings the views up to it."""
        if state.scores is not self._base.scores:  # the same tuple until somebody scores
            self.seat_scores = self.encoding.seat_scores(state)
        self.state = state
        self._moves = None
        if self._observations:
            self._observations.clear()
        self.to_move = None if state.final else (state.dealt or state.kernel).to_move

    def observe(self, seat: int) -> Sequence[int]:
        """``seat``'s numbers, as ``encode(state.observation(seat))``; the array changes with the
        next move, so a caller keeps a copy."""
        if self._relative:
            return self._observe_relative(seat)
        kernel = self._now
        if kernel is None:
            kernel = self._kernel()
        view = self._shared
        if kernel is not self._synced or view is None:
            if view is None or not self._advance(view, self._base, kernel):
                view = self._shared = PublicView(self.encoding, 0, self.state)  # type: ignore[arg-type]
                view.out[view.me[0]] = 0  # each seat's copy sets its own
            self._synced = kernel
        hand = self._hands[seat]
        if hand is None:
            return self._first_look(seat, view)
        out = hand.out
        held = kernel.hands[seat]
        changed = held ^ hand.hand
        if changed:  # HandBits.write written out: a seat's own play or draw, once a turn
            if changed & (changed - 1):
                hand.write_all(held)
            else:
                hand.hand = held
                tile = changed.bit_length() - 1
                out[tile] = held >> tile & 1
        hand.public[:] = view.public
        out[view.me[seat]] = 1  # this seat (the shared view's own is cleared)
        return out

    def _first_look(self, seat: int, view: PublicView) -> Sequence[int]:
        players = self.encoding.rules.players
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat}: seats are 0..{players - 1}")
        out = array("q", view.out)
        self._hands[seat] = HandBits(out, self._kernel().hands[seat], view.tiles)
        out[view.me[seat]] = 1
        return out

    def _observe_relative(self, seat: int) -> Sequence[int]:
        kernel = self._kernel()
        view = self._views[seat]
        hand = self._hands[seat]
        if view is None or hand is None or not self._advance(view, self._base, kernel):
            players = self.encoding.rules.players
            if not 0 <= seat < players:
                raise ValueError(f"no seat {seat}: seats are 0..{players - 1}")
            view = self._views[seat] = PublicView(self.encoding, seat, self.state)  # type: ignore[arg-type]
            self._hands[seat] = HandBits(view.out, kernel.hands[seat], view.tiles)
            return view.out
        held = kernel.hands[seat]
        if held != hand.hand:
            hand.write(held)
        return view.out

    def _advance(self, view: PublicView, state: LineState, kernel: Kernel) -> bool:
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

    def _next_hand(self, view: PublicView, state: LineState, kernel: Kernel) -> None:
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
    def _write_ends(view: PublicView, ends: list[int]) -> None:
        out, at = view.out, view.ends
        for value in ends[: view.slots]:
            out[at] = value + 1
            at += 1
        view.open = len(ends)

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            kernel = self._now
            # Once the hand is open, from the kernel, as the state's moves would be made (the
            # moves in between cost more than the rest of an environment's step).
            if kernel is not None and kernel.placed and self.to_move is not None:
                moves = self._moves = self.encoding.kernel_actions(kernel)  # type: ignore[assignment]
                return moves  # type: ignore[return-value]
            legal = self.state.legal_moves
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
