"""The public, immutable state of a Bingo dominoes match, and what each seat sees."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bones.bingo.history import HandResult, Trick, tricks_of
from bones.bingo.kernel import (
    ANSWER,
    CHOOSE,
    CLOSE,
    CLOSER_FAILED,
    DOUBLES,
    HONOURS_NAMES,
    LEAD,
    OVER,
    REACHED,
    TAKE_HIDDEN,
    TAKE_TRUMP,
    Hand,
)
from bones.bingo.moves import BingoMove
from bones.bingo.setup import deal, read_setup
from bones.bits import bits
from bones.game import HandResult as Result
from bones.game import IllegalMoveError, Move, Observation, Outcome, SettledState, State
from bones.tiles import HIGH, TILES, Tile, tiles_of

if TYPE_CHECKING:
    from bones.bingo.rules import BingoRules
PHASE_NAMES = {LEAD: "lead", ANSWER: "answer", CHOOSE: "choose", OVER: "over"}


@dataclass(frozen=True, eq=False)
class BingoState(SettledState):
    over_message = "the match is over"
    rules: BingoRules
    seed: int
    moves: tuple[BingoMove, ...]
    hand_no: int
    sets: tuple[int, int]
    kernel: Hand = field(repr=False)
    cut: tuple[int, int] | None = None
    results: tuple[HandResult, ...] = ()
    final: Outcome | None = None
    initial: Mapping[str, Any] | None = field(default=None, repr=False)

    # -- making states ---------------------------------------------------

    @classmethod
    def start(cls, rules: BingoRules, seed: int, setup: Mapping[str, Any] | None) -> BingoState:
        if setup is None:
            return cls._dealt(rules, seed, 1, (0, 0), (), ())
        kernel, sets, hand_no = read_setup(setup)
        if max(sets) >= rules.target:
            raise ValueError(f"setup 'sets' must stay below the target of {rules.target}")
        return cls(rules, seed, (), hand_no, sets, kernel, initial=dict(setup))

    @classmethod
    def _dealt(
        cls,
        rules: BingoRules,
        seed: int,
        hand_no: int,
        sets: tuple[int, int],
        moves: tuple[BingoMove, ...],
        results: tuple[HandResult, ...],
        initial: Mapping[str, Any] | None = None,
    ) -> BingoState:
        d = deal(seed, hand_no)
        kernel = Hand(HIGH[d.trump_tile], d.hands, d.face_down, d.trump_tile, d.leader, True)
        return cls(rules, seed, moves, hand_no, sets, kernel, d.cut, results, initial=initial)

    # -- the State interface ----------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.final else self.kernel.to_move

    @property
    def legal_moves(self) -> tuple[BingoMove, ...]:
        if self.final:
            return ()
        return tuple(BingoMove(code) for code in self.kernel.legal())

    def play(self, move: Move | str) -> BingoState:
        move = self.accept(move, BingoMove)
        if move.code not in self.kernel.legal():
            raise IllegalMoveError(self._why_illegal(move))
        kernel = self.kernel.copy()
        kernel.apply(move.code)
        moves = self.moves + (move,)
        sets = self.sets
        bonus = [b - a for a, b in zip(self.kernel.bonus_sets, kernel.bonus_sets)]
        if any(bonus):
            # The set for the double trump taken with bingo counts at once, mid-hand.
            sets = (sets[0] + bonus[0], sets[1] + bonus[1])
            leader = max((0, 1), key=lambda s: sets[s])
            if sets[leader] >= self.rules.target and kernel.phase != OVER:
                result = self._result(kernel, "match", leader, sets, "the double trump taken with bingo won the match")
                return self._over(kernel, moves, sets, result, leader)
        state = replace(self, moves=moves, kernel=kernel, sets=sets)
        if kernel.phase == OVER:
            return state._end_hand()
        return state

    def _why_illegal(self, move: BingoMove) -> str:
        kernel = self.kernel
        seat = kernel.to_move
        if kernel.phase == CHOOSE:
            return "first choose your tile from the boneyard: take-trump or take-hidden"
        if move.code in (TAKE_TRUMP, TAKE_HIDDEN):
            return "you choose between the trump tile and the last face-down tile only after winning the trick that leaves those two in the boneyard"
        if move.code == CLOSE:
            if kernel.phase != LEAD:
                return "you may close only on your turn to lead"
            if kernel.closed >= 0:
                return f"the match is already closed (by seat {kernel.closed})"
            return "there is no face-down tile left in the boneyard, so there is nothing to close"
        tile = move.tile
        assert tile is not None
        hand = kernel.hands[seat]
        if not hand >> tile & 1:
            return f"you do not hold {tile}"
        if move.honours:
            if kernel.declared[seat]:
                return "you have already declared honours in this hand"
            doubles = bits(hand & DOUBLES)
            return f"honours need at least two doubles in hand; you hold only {_tiles_text(doubles)}"
        return self._answer_rule(tile)

    def _answer_rule(self, tile: Tile) -> str:
        kernel = self.kernel
        allowed = kernel.playable()
        led = TILES[kernel.led]
        trump = kernel.trump
        why = "the match is closed" if kernel.closed >= 0 else "the boneyard is empty"
        options = _tiles_text(bits(allowed))
        if led.has(trump):
            return f"{why}, so a trump ({led}) must be answered with a trump: play one of {options}"
        return (
            f"{why}, so {led} must be answered with a tile showing {led.high}, else {led.low}, "
            f"else a trump (trumps are {trump}s and belong only to the trump suit): play one of {options}"
        )

    def _end_hand(self) -> BingoState:
        kernel = self.kernel
        sets = (self.sets[0] + kernel.sets[0], self.sets[1] + kernel.sets[1])
        winner = kernel.winner if kernel.winner >= 0 else None
        result = self._result(kernel, kernel.ending, winner, sets, _note(kernel))
        reached = [s for s in (0, 1) if sets[s] >= self.rules.target]
        if reached:
            # A set taken with the bingo in the last trick came before the hand's sets.
            first = [s for s in reached if self.sets[s] >= self.rules.target]
            return self._over(kernel, self.moves, sets, result, (first or reached)[0])
        return self._dealt(
            self.rules, self.seed, self.hand_no + 1, sets, self.moves, self.results + (result,), self.initial
        )

    def _result(self, kernel: Hand, ending: str, winner: int | None, totals: tuple[int, int], note: str) -> HandResult:
        won = tuple(a + b for a, b in zip(kernel.sets, kernel.bonus_sets))
        return HandResult(
            number=self.hand_no,
            trump=kernel.trump,
            ending=ending,
            winner=winner,
            sets=(won[0], won[1]),
            points=(kernel.points[0], kernel.points[1]),
            captures=(kernel.captures[0], kernel.captures[1]),
            honours=(kernel.honours[0], kernel.honours[1]),
            closed_by=kernel.closed if kernel.closed >= 0 else None,
            totals=totals,
            note=note,
        )

    def _over(
        self, kernel: Hand, moves: tuple[BingoMove, ...], sets: tuple[int, int], result: HandResult, winner: int
    ) -> BingoState:
        outcome = Outcome((winner,), sets, f"seat {winner} won {sets[winner]} sets to {sets[1 - winner]}")
        return replace(self, moves=moves, kernel=kernel, sets=sets, results=self.results + (result,), final=outcome)

    def current_hand(self) -> int:
        return self.hand_no

    def hands_played(self) -> int:
        return len(self.results)

    def last_hand_points(self) -> tuple[int, ...]:
        """What each seat made in the last finished hand, for tournaments: the sets it won."""
        return self.results[-1].sets if self.results else (0, 0)

    def side_scores(self) -> tuple[int, ...]:
        return self.sets

    def hand_results(self) -> tuple[Result, ...]:
        """Each hand's sets (the points of the match), who won sets in it, and its sheet as details."""
        return tuple(
            Result(r.number, r.sets, r.totals, () if r.winner is None else (r.winner,), r.note, r.to_dict())
            for r in self.results
        )

    # -- what players see --------------------------------------------------

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tiles_of(self.kernel.hands[seat]))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return tricks_of(self.kernel)

    def observation(self, seat: int) -> BingoObservation:
        self.rules.check_seat(seat)
        k = self.kernel
        mine = self.to_move == seat
        return BingoObservation(
            rules=self.rules,
            seat=seat,
            to_move=self.to_move,
            legal_moves=self.legal_moves if mine else (),
            hand=self.hand(seat),
            hand_sizes=(k.hands[0].bit_count(), k.hands[1].bit_count()),
            trump=k.trump,
            trump_tile=TILES[k.trump_tile] if k.trump_tile >= 0 else None,
            trump_in_boneyard=k.trump_in_stock,
            boneyard_size=len(k.stock),
            closed_by=k.closed if k.closed >= 0 else None,
            phase=PHASE_NAMES[k.phase] if not self.final else "over",
            leader=k.leader,
            points=(k.points[0], k.points[1]),
            captures=(k.captures[0], k.captures[1]),
            honours=(k.honours[0], k.honours[1]),
            declared=(k.declared[0], k.declared[1]),
            pending_honours=(k.pending[0], k.pending[1]),
            known=(tuple(tiles_of(k.known[0])), tuple(tiles_of(k.known[1]))),
            tricks=self.tricks,
            hand_no=self.hand_no,
            sets=self.sets,
            results=self.results,
            move_number=len(self.moves),
            outcome=self.final,
            public=k.public(seat),
        )

    def tiles_in_play(self) -> Sequence[int]:
        k = self.kernel
        out = bits(k.hands[0]) + bits(k.hands[1]) + bits(k.gone)
        out += [t for t in k.stock]
        return out

    def hidden_from(self, seat: int) -> frozenset[str]:
        if self.final:
            return frozenset()
        k = self.kernel
        other = 1 - seat
        hidden = bits(k.hands[other] & ~k.known[other])
        hidden += k.stock[1:] if k.trump_in_stock else k.stock
        return frozenset(str(TILES[t]) for t in hidden)

    def render(self, seat: int | None = None) -> str:
        from bones.bingo.text import render_state

        return render_state(self, seat)

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.bingo.view import client_view

        return client_view(self, seat)

    def narrate(self, before: State, names: Sequence[str], seat: int = 0) -> str:
        """In words, the last move and what it led to, as ``seat`` sees it (the terminal prints this)."""
        from bones.bingo.text import narrate

        if not isinstance(before, BingoState) or not self.moves:
            return ""
        return narrate(before, self.moves[-1], self, names, seat)


@dataclass(frozen=True)
class BingoObservation(Observation):
    rules: BingoRules
    seat: int
    to_move: int | None
    legal_moves: tuple[BingoMove, ...]
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, int]
    trump: int
    trump_tile: Tile | None
    trump_in_boneyard: bool  # face up under the boneyard, or face down once closed
    boneyard_size: int  # the trump tile included while it is there
    closed_by: int | None
    phase: str
    leader: int
    points: tuple[int, int]
    captures: tuple[int, int]
    honours: tuple[int, int]
    declared: tuple[bool, bool]
    pending_honours: tuple[int, int]  # declared with the tile on the table, scored if its trick is won
    known: tuple[tuple[Tile, ...], tuple[Tile, ...]]  # tiles everybody knows each seat holds
    tricks: tuple[Trick, ...]
    hand_no: int
    sets: tuple[int, int]
    results: tuple[HandResult, ...]
    move_number: int
    outcome: Outcome | None
    public: Hand = field(repr=False, compare=False)

    @property
    def led(self) -> Tile | None:
        """The tile to answer, when answering."""
        if self.tricks and self.tricks[-1].answer is None:
            return self.tricks[-1].led
        return None

    @property
    def trump_face_up(self) -> bool:
        return self.trump_in_boneyard and self.closed_by is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game_id,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "hand": [str(t) for t in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "trump": self.trump,
            "trump_tile": None if self.trump_tile is None else str(self.trump_tile),
            "trump_in_boneyard": self.trump_in_boneyard,
            "trump_face_up": self.trump_face_up,
            "boneyard_size": self.boneyard_size,
            "closed_by": self.closed_by,
            "phase": self.phase,
            "leader": self.leader,
            "points": list(self.points),
            "captures": list(self.captures),
            "honours": list(self.honours),
            "declared": list(self.declared),
            "pending_honours": list(self.pending_honours),
            "known": [[str(t) for t in tiles] for tiles in self.known],
            "tricks": [t.to_dict() for t in self.tricks],
            "hand_no": self.hand_no,
            "sets": list(self.sets),
            "target": self.rules.target,
            "results": [r.to_dict() for r in self.results],
            "move_number": self.move_number,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }


def _note(kernel: Hand) -> str:
    if kernel.ending == REACHED:
        w = kernel.winner
        return f"seat {w} reached {kernel.points[w]} points: {kernel.sets[w]} set{'s' if kernel.sets[w] > 1 else ''}"
    if kernel.ending == CLOSER_FAILED:
        w = kernel.winner
        return (
            f"seat {kernel.closed} closed but did not reach 70: seat {w} wins "
            f"{kernel.sets[w]} set{'s' if kernel.sets[w] > 1 else ''}"
        )
    return "the tiles ran out with nobody at 70: no sets"


def _tiles_text(tiles: Sequence[int]) -> str:
    return " ".join(str(TILES[t]) for t in tiles) or "none"


def declaration_name(shown: int) -> str:
    """The name of an honours declaration showing the doubles of mask ``shown``."""
    name = HONOURS_NAMES[shown.bit_count()]
    return name + " with bingo" if shown & 1 else name
