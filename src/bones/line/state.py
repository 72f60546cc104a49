"""The public, immutable state of a line-of-play match (what each seat sees of it: observation.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import FrozenInstanceError
from operator import add
from typing import Any, cast

from bones.game import (
    HandResult,
    IllegalMoveError,
    Move,
    Outcome,
    SettledState,
    State,
)
from bones.line import entered
from bones.line.deal import deal, first_opener, read_setup
from bones.line.hand_end import hand_sheet, match_outcome, side_words
from bones.line.kernel import DOMINO, DRAW, PASS, PLAYING, Kernel
from bones.line.layout import Layout
from bones.line.moves import DRAW_MOVE, LineMove, from_kernel, legal_moves_of, refusal
from bones.line.observation import Event, HandSheet, LineObservation
from bones.line.rules import TOP_DOUBLE, LineRules
from bones.line.scoring import score_hand, seat_pips
from bones.tiles import TILES, Tile, tiles_of

_FIELDS = (
    "rules",
    "seed",
    "moves",
    "hand_no",
    "scores",
    "eggs",
    "opener",
    "dealt",
    "hand_points",
    "results",
    "final",
    "initial",
)


class LineState(SettledState):
    """A match of a line game, immutable: every move makes a new state.

    The fields live in slots and assigning any raises FrozenInstanceError. States are
    made through ``_Draft``, a subclass that may be written, whose finished instance
    becomes a LineState by ``__class__`` assignment: building a frozen dataclass (or
    copying its ``__dict__``) was a quarter of the time of a move.
    """

    __slots__ = (*_FIELDS, "_legal")
    over_message = "the match is over"
    rules: LineRules
    seed: int
    moves: tuple[LineMove, ...]
    hand_no: int
    scores: tuple[int, ...]  # per side
    eggs: int
    opener: int  # seat that opened (or opens) this hand
    dealt: Kernel | None  # None: the next hand, not dealt until looked at
    hand_points: tuple[int, ...]  # per side, scored during play in this hand
    results: tuple[HandSheet, ...]
    final: Outcome | None
    initial: Mapping[str, Any] | None
    _legal: tuple[LineMove, ...] | None  # the legal moves once asked

    def __init__(
        self,
        rules: LineRules,
        seed: int,
        moves: tuple[LineMove, ...],
        hand_no: int,
        scores: tuple[int, ...],
        eggs: int,
        opener: int,
        dealt: Kernel | None,
        hand_points: tuple[int, ...],
        results: tuple[HandSheet, ...] = (),
        final: Outcome | None = None,
        initial: Mapping[str, Any] | None = None,
    ) -> None:
        values = (rules, seed, moves, hand_no, scores, eggs, opener, dealt, hand_points, results, final, initial)
        for name, value in zip(_FIELDS, values):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_legal", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}: a LineState never changes")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}: a LineState never changes")

    def __reduce__(self) -> tuple[Any, ...]:
        return (LineState, tuple(getattr(self, name) for name in _FIELDS))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _FIELDS if name not in ("dealt", "initial"))
        return f"LineState({shown})"

    # -- making states ---------------------------------------------------

    @classmethod
    def start(cls, rules: LineRules, seed: int, setup: Mapping[str, Any] | None) -> LineState:
        zeros = (0,) * rules.num_sides
        if setup is None:
            hands, boneyard = deal(rules, seed, 1)
            opener, tile = first_opener(rules, hands)
            kernel = Kernel(rules.spec(), hands, boneyard[::-1], opener, tile)
            return _made(rules, seed, (), 1, zeros, 0, opener, kernel, zeros, (), None, None)
        hands, boneyard, opener, tile, scores, eggs, hand_no = read_setup(rules, setup)
        if entered.entered(setup):
            boneyard = entered.boneyard_of(rules, setup, hands, boneyard)
        kernel = Kernel(rules.spec(), hands, boneyard[::-1], opener, tile)
        return _made(rules, seed, (), hand_no, scores, eggs, opener, kernel, zeros, (), None, dict(setup))

    @property
    def kernel(self) -> Kernel:
        """The hand in play. A hand that follows another is dealt when first looked at: the
        deal is fixed by the seed, and a caller that stops at the end of a hand never pays
        for the next one."""
        dealt = self.dealt
        if dealt is None:
            hands, boneyard = self._deal(self.hand_no)
            dealt = Kernel(self.rules.spec(), hands, boneyard[::-1], self.opener, -1)
            object.__setattr__(self, "dealt", dealt)
        return dealt

    # -- the State interface ----------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.final else self.kernel.to_move

    @property
    def legal_moves(self) -> tuple[LineMove, ...]:
        # The state never changes, so its legal moves are worked out once: play checks a
        # move against the same list a caller just chose from.
        legal = self._legal
        if legal is None:
            legal = () if self.final else legal_moves_of(self.kernel)
            object.__setattr__(self, "_legal", legal)
        return legal

    def _evolve(self, **changes: Any) -> LineState:
        """A copy with ``changes``, without this state's cached answers."""
        values = {name: getattr(self, name) for name in _FIELDS}
        values.update(changes)
        return _made(**values)

    def _deal(self, hand_no: int) -> tuple[list[int], list[int]]:
        """Hands and boneyard of a hand after the first: the seed's, or a game entered by hand's own."""
        if entered.entered(self.initial):
            assert self.initial is not None
            return entered.later_deal(self.rules, self.initial, hand_no)
        return deal(self.rules, self.seed, hand_no)

    def play(self, move: Move | str) -> LineState:
        # The common case (a LineMove while the match goes on) skips the general prelude.
        if isinstance(move, LineMove) and self.final is None:
            line_move = move
        else:
            line_move = self.accept(move, LineMove)
        if line_move.code == DRAW:
            if line_move.tile is not None:
                return self._named_draw(line_move)
            if entered.entered(self.initial) and line_move in self.legal_moves:
                raise IllegalMoveError("this game was entered by hand: name the tile drawn, like draw:6:3")
        # Legal moves are interned, so a chosen move is found by identity; ``in`` would call
        # the dataclass's Python-level __eq__ on every move before it.
        legal = self._legal
        if legal is None:
            legal = self.legal_moves
        for candidate in legal:
            if candidate is line_move:
                break
        else:
            if line_move not in legal:
                self._refuse(line_move)
        return self._advance(line_move, line_move)

    def _advance(self, line_move: LineMove, recorded: LineMove) -> LineState:
        """The state after the legal ``line_move``, which the record keeps as ``recorded``."""
        before = self.dealt
        if before is None:
            before = self.kernel
        kernel, points = before.after(*line_move._kernel_move)
        return self._after(kernel, points, (recorded,))

    def _after(self, kernel: Kernel, points: int, recorded: tuple[LineMove, ...]) -> LineState:
        """The state whose hand in play is ``kernel``, reached from this one by the legal moves ``recorded``, the
        last of which scored ``points``; the moves before it (a follower's, which makes them on the kernel alone)
        scored nothing and ended no hand."""
        moves = self.moves + recorded
        scores, hand_points = self.scores, self.hand_points
        if points:
            side = self.rules.sides[self.kernel.to_move]  # the last move's, the only one
            scores = _add(scores, side, points)
            hand_points = _add(hand_points, side, points)
            if scores[side] >= self.rules.target:
                return self._won_during_play(kernel, moves, scores, hand_points, side)
        # _made(...) written out: this is the path of nearly every move.
        state: LineState = _new_state(_Draft)
        state.rules = self.rules
        state.seed = self.seed
        state.moves = moves
        state.hand_no = self.hand_no
        state.scores = scores
        state.eggs = self.eggs
        state.opener = self.opener
        state.dealt = kernel
        state.hand_points = hand_points
        state.results = self.results
        state.final = None
        state.initial = self.initial
        state._legal = None
        state.__class__ = LineState
        if kernel.status != PLAYING:
            return state._end_hand()
        return state

    def _named_draw(self, move: LineMove) -> LineState:
        """A draw that names its tile: legal as a draw is, of a tile nobody has seen (entered by hand: any
        such tile; dealt by the seed or a setup's order: the very tile the deal gives)."""
        if DRAW_MOVE not in self.legal_moves:
            self._refuse(DRAW_MOVE)
        assert move.tile is not None
        kernel = entered.named_draw(self.kernel, int(move.tile), entered.entered(self.initial))
        return self._evolve(dealt=kernel)._advance(DRAW_MOVE, move)

    def _refuse(self, move: LineMove) -> None:
        """Raise the reason ``move``, which is not legal, is refused."""
        raise IllegalMoveError(refusal(self.kernel, move))

    def _won_during_play(
        self,
        kernel: Kernel,
        moves: tuple[LineMove, ...],
        scores: tuple[int, ...],
        hand_points: tuple[int, ...],
        side: int,
    ) -> LineState:
        rules = self.rules
        result = hand_sheet(
            rules,
            self.hand_no,
            kernel,
            "target",
            kernel.last_player,
            (0,) * len(scores),
            scores,
            0,
            "reached the target during play",
            hand_points,
        )
        outcome = Outcome(
            rules.seats_of(side),
            rules.seat_scores(scores),
            f"{side_words(rules, side)} reached {rules.target} during hand {self.hand_no}",
        )
        return self._evolve(
            moves=moves,
            dealt=kernel,
            scores=scores,
            hand_points=hand_points,
            results=self.results + (result,),
            final=outcome,
        )

    def _end_hand(self) -> LineState:
        rules, kernel = self.rules, self.kernel
        pips = seat_pips(rules, kernel)
        score = score_hand(rules, kernel, self.eggs, pips)
        totals = tuple(map(add, self.scores, score.points))
        ending = "domino" if kernel.status == DOMINO else "blocked"
        result = hand_sheet(
            rules,
            self.hand_no,
            kernel,
            ending,
            score.winner,
            score.points,
            totals,
            score.eggs,
            score.note,
            self.hand_points,
            pips,
        )
        results = self.results + (result,)
        outcome = match_outcome(rules, self.hand_no, totals, score.winning_side)
        if outcome:
            return self._evolve(scores=totals, results=results, final=outcome, eggs=score.eggs)
        hand_no = self.hand_no + 1
        new_kernel: Kernel | None = None
        if rules.first_opener == TOP_DOUBLE:
            hands, boneyard = self._deal(hand_no)
            opener, tile = first_opener(rules, hands)
            new_kernel = Kernel(rules.spec(), hands, boneyard[::-1], opener, tile)
        elif score.same_opener:
            opener = self.opener
        elif score.opener is not None:
            opener = score.opener
        else:
            opener = (self.opener + rules.direction) % rules.players
        return _made(
            rules,
            self.seed,
            self.moves,
            hand_no,
            totals,
            score.eggs,
            opener,
            new_kernel,
            (0,) * rules.num_sides,
            results,
            None,
            self.initial,
        )

    # -- what players see --------------------------------------------------

    @property
    def layout(self) -> Layout:
        return Layout.of(self.kernel)

    @property
    def history(self) -> tuple[Event, ...]:
        return tuple(Event(seat, from_kernel((code, tile, slot))) for seat, code, tile, slot in self.kernel.log)

    @property
    def move_number(self) -> int:
        return len(self.moves)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tiles_of(self.kernel.hands[seat]))

    def observation(self, seat: int) -> LineObservation:
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat}: seats are 0..{self.rules.players - 1}")
        kernel = self.kernel
        mine = self.to_move == seat
        return LineObservation(
            rules=self.rules,
            seat=seat,
            to_move=self.to_move,
            legal_moves=self.legal_moves if mine else (),
            hand=self.hand(seat),
            hand_sizes=tuple(h.bit_count() for h in kernel.hands),
            boneyard_size=len(kernel.boneyard),
            drawable=kernel.drawable(),
            layout=self.layout,
            history=self.history,
            hand_no=self.hand_no,
            opener=self.opener,
            scores=self.scores,
            eggs=self.eggs,
            results=self.results,
            move_number=self.move_number,
            outcome=self.final,
            public=self._public_kernel(seat),
        )

    def _public_kernel(self, seat: int) -> Kernel:
        """The kernel with every hidden tile wiped: other hands empty, the boneyard unknown (-1)."""
        public = self.kernel.copy()
        public.hands = [h if s == seat else 0 for s, h in enumerate(public.hands)]
        public.boneyard = [-1] * len(public.boneyard)
        return public

    def tiles_in_play(self) -> Sequence[int]:
        kernel = self.kernel
        out = [int(t) for h in kernel.hands for t in tiles_of(h)]
        out += kernel.boneyard
        out += [int(t) for t in tiles_of(kernel.table)]
        return out

    def hidden_from(self, seat: int) -> frozenset[str]:
        if self.final:
            return frozenset()
        kernel = self.kernel
        hidden = [int(t) for s, h in enumerate(kernel.hands) if s != seat for t in tiles_of(h)]
        return frozenset(str(TILES[t]) for t in hidden + kernel.boneyard)

    def current_hand(self) -> int:
        return self.hand_no

    def forced_move(self) -> LineMove | None:
        """A draw or a pass that is the only legal move: nothing fits, so there is nothing to choose."""
        legal = self.legal_moves
        if len(legal) == 1 and legal[0].code in (DRAW, PASS):
            return legal[0]
        return None

    def side_scores(self) -> tuple[int, ...]:
        return self.scores

    def move_points(self, before: State) -> int:
        """What the last move scored during play (all fives, muggins), not what ending the hand brought."""
        if not isinstance(before, LineState) or before.to_move is None or len(self.moves) != len(before.moves) + 1:
            return 0
        side = before.rules.sides[before.to_move]
        if len(self.results) > len(before.results):
            return self.results[-1].play_points[side] - before.hand_points[side]
        return self.hand_points[side] - before.hand_points[side]

    def hand_results(self) -> tuple[HandResult, ...]:
        from bones.line.view import hand_result

        return tuple(hand_result(self.rules, sheet) for sheet in self.results)

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.line.view import client_view

        return client_view(self, seat)

    def hands_played(self) -> int:
        return len(self.results)

    def last_hand_points(self) -> tuple[int, ...]:
        """Each side's points in the last finished hand (where the low score wins: what the other
        side wrote), on the side's first seat, so that a pair counts once."""
        rules = self.rules
        out = [0] * rules.players
        if not self.results:
            return tuple(out)
        result = self.results[-1]
        for side in range(rules.num_sides):
            first = next(s for s in range(rules.players) if rules.sides[s] == side)
            counted = 1 - side if rules.low_score_wins else side
            out[first] = result.points[counted] + result.play_points[counted]
        return tuple(out)

    def narrate(self, before: State, names: Sequence[str], seat: int = 0) -> str:
        from bones.line.text import narrate

        return narrate(before, self, names, seat)

    def table_text(self, seat: int, names: Sequence[str]) -> str:
        from bones.line.text import table_text

        return table_text(self, seat, names)

    def render(self, seat: int | None = None) -> str:
        from bones.line.text import render_state

        return render_state(self, seat)


def _made(
    rules: LineRules,
    seed: int,
    moves: tuple[LineMove, ...],
    hand_no: int,
    scores: tuple[int, ...],
    eggs: int,
    opener: int,
    dealt: Kernel | None,
    hand_points: tuple[int, ...],
    results: tuple[HandSheet, ...],
    final: Outcome | None,
    initial: Mapping[str, Any] | None,
) -> LineState:
    """A new LineState, built as a draft (see LineState); ``play`` writes this out inline."""
    state: LineState = _new_state(_Draft)
    state.rules = rules
    state.seed = seed
    state.moves = moves
    state.hand_no = hand_no
    state.scores = scores
    state.eggs = eggs
    state.opener = opener
    state.dealt = dealt
    state.hand_points = hand_points
    state.results = results
    state.final = final
    state.initial = initial
    state._legal = None
    state.__class__ = LineState
    return state


class _Draft(LineState):
    """A LineState being built: its slots may be written, then its class becomes LineState."""

    __slots__ = ()
    # Both, so that the class gets the plain C attribute setter: a Python-level __delattr__
    # left inherited would route every assignment through a call of object.__setattr__.
    # (Typed as Any: mypy would compare the slot wrappers with LineState's frozen methods.)
    __setattr__ = cast(Any, object.__setattr__)
    __delattr__ = cast(Any, object.__delattr__)


_new_state = object.__new__


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    out = list(values)
    out[index] += amount
    return tuple(out)
