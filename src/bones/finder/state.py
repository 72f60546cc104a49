"""Finder's immutable game state, its explicit setups and what each seat sees."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bones.finder.board import (
    COLUMNS,
    DOMINOES,
    DOWN,
    EDGE,
    FACE_NAMES,
    GONE,
    ROWS,
    SQUARES,
    UP,
    deal,
    dice_roll,
    domino_name,
    reachable,
    square_name,
    walk_in,
)
from bones.finder.moves import (
    FACE_UP,
    NOTHING,
    TAKEN,
    TRAP,
    TREASURE,
    UNDER_PAWN,
    Event,
    FinderMove,
    Flip,
    Hide,
    Roll,
    Sighting,
    Skip,
)
from bones.finder.text import describe_event, render
from bones.game import (
    IllegalMoveError,
    Move,
    Observation,
    Outcome,
    SettledState,
    State,
)
from bones.tiles import Tile

if TYPE_CHECKING:
    from bones.finder.rules import FinderRules

_ORIENTED_TILE = re.compile(r"^\s*(\d)\s*[:\-|]\s*(\d)\s*$")


def _read_setup(
    rules: FinderRules, setup: Mapping[str, Any]
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int | None]:
    known = {"rows", "rolls", "first"}
    unknown = set(setup) - known
    if unknown:
        raise ValueError(f"unknown setup fields {sorted(unknown)}; known: {sorted(known)}")
    rows = setup.get("rows")
    if not isinstance(rows, Sequence) or isinstance(rows, str) or len(rows) != ROWS:
        raise ValueError("setup needs 'rows': the 7 rows of the layout, each 4 tiles like \"3:0\" (left square first)")
    numbers: list[int] = []
    seen: set[Tile] = set()
    for number, row in enumerate(rows, start=1):
        texts = row.split() if isinstance(row, str) else list(row)
        if len(texts) != COLUMNS // 2:
            raise ValueError(f"row {number} of the setup has {len(texts)} tiles; each row has 4")
        blanks = 0
        for text in texts:
            match = _ORIENTED_TILE.match(str(text))
            if not match or int(match[1]) > 6 or int(match[2]) > 6:
                raise ValueError(f"row {number}: {text!r} is not a double-six tile like 3:0")
            tile = Tile.of(int(match[1]), int(match[2]))
            if tile in seen:
                raise ValueError(f"{tile} appears twice in the setup")
            seen.add(tile)
            blanks += tile.has(0)
            numbers += [int(match[1]), int(match[2])]
        if blanks != 1:
            raise ValueError(f"row {number} of the setup has {blanks} tiles with a blank; the rules lay exactly one")
    rolls = []
    for pair in setup.get("rolls", ()):
        if (
            not isinstance(pair, Sequence)
            or len(pair) != 2
            or not all(isinstance(v, int) and 1 <= v <= 6 for v in pair)
        ):
            raise ValueError(f"setup 'rolls' are pairs of dice 1-6, got {pair!r}")
        rolls.append((int(pair[0]), int(pair[1])))
    first = setup.get("first")
    if first is not None and (not isinstance(first, int) or not 0 <= first < rules.players):
        raise ValueError(f"setup 'first' must be a seat 0..{rules.players - 1}")
    return tuple(numbers), tuple(rolls), first


# -- the state -----------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class FinderState(SettledState):
    rules: FinderRules
    seed: int
    moves: tuple[FinderMove, ...]
    numbers: tuple[int, ...] = field(repr=False)  # pips on each square, face up or not
    faces: tuple[int, ...]  # DOWN, UP or GONE for each domino
    pawns: tuple[int | None, ...]  # each seat's square; None: off the board
    skipping: tuple[bool, ...]  # the seat skips its next turn
    found: tuple[tuple[Tile, ...], ...]  # treasures in front of each seat
    treasure: Tile | None  # None once the game is over
    turn: int | None
    first: int
    history: tuple[Event, ...]
    rolls_used: int
    preset_rolls: tuple[tuple[int, int], ...] = ()
    final: Outcome | None = None
    initial: Mapping[str, Any] | None = field(default=None, repr=False)

    @classmethod
    def start(cls, rules: FinderRules, seed: int, setup: Mapping[str, Any] | None) -> FinderState:
        first: int | None = None
        preset: tuple[tuple[int, int], ...] = ()
        if setup is None:
            numbers = deal(seed)
        else:
            numbers, preset, first = _read_setup(rules, setup)
        players = rules.players
        table = _Table(
            numbers=numbers,
            faces=[DOWN] * DOMINOES,
            pawns=[None] * players,
            skipping=[False] * players,
            found=[() for _ in range(players)],
            history=[],
            rolls_used=0,
            seed=seed,
            preset=preset,
        )
        if first is None:
            first = table.opening_rolls(players)
        table.choose_treasure(first)
        return cls(
            rules=rules,
            seed=seed,
            moves=(),
            numbers=numbers,
            faces=tuple(table.faces),
            pawns=tuple(table.pawns),
            skipping=tuple(table.skipping),
            found=tuple(table.found),
            treasure=table.treasure,
            turn=first,
            first=first,
            history=tuple(table.history),
            rolls_used=table.rolls_used,
            preset_rolls=preset,
            initial=None if setup is None else dict(setup),
        )

    # -- the State interface ----------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return self.turn

    @property
    def legal_moves(self) -> tuple[FinderMove, ...]:
        return tuple(FinderMove(s) for s in self._targets[0])

    @property
    def enters_from_edge(self) -> bool:
        """The pawn of the seat to move comes in from outside the board this turn."""
        return self._targets[1]

    def play(self, move: Move | str) -> FinderState:
        move = self.accept(move, FinderMove)
        if not 0 <= move.square < SQUARES:
            raise IllegalMoveError(f"there is no square {move.square}: the board has squares a1 to h7")
        targets, entered = self._targets
        if move.square not in targets:
            raise IllegalMoveError(self._why_not(move.square))
        seat = self.turn
        assert seat is not None  # accept() refuses a move once the game is over
        table = _Table(
            numbers=self.numbers,
            faces=list(self.faces),
            pawns=list(self.pawns),
            skipping=list(self.skipping),
            found=list(self.found),
            history=list(self.history),
            rolls_used=self.rolls_used,
            seed=self.seed,
            preset=self.preset_rolls,
            treasure=self.treasure,
        )
        final = table.flip(seat, move.square, entered, self.rules.to_win)
        turn = None if final else table.next_turn(seat)
        return FinderState(
            rules=self.rules,
            seed=self.seed,
            moves=self.moves + (move,),
            numbers=self.numbers,
            faces=tuple(table.faces),
            pawns=tuple(table.pawns),
            skipping=tuple(table.skipping),
            found=tuple(table.found),
            treasure=None if final else table.treasure,
            turn=turn,
            first=self.first,
            history=tuple(table.history),
            rolls_used=table.rolls_used,
            preset_rolls=self.preset_rolls,
            final=final,
            initial=self.initial,
        )

    @cached_property
    def _targets(self) -> tuple[tuple[int, ...], bool]:
        """The squares the seat to move may step onto, and whether its pawn comes in from the edge."""
        seat = self.turn
        if seat is None:
            return (), False
        pawn = self.pawns[seat]
        if pawn is not None:
            reached = reachable(self.faces, self.numbers, (pawn,))
            if reached:
                return reached, False
            return walk_in(self.faces, self.numbers), True
        edge = tuple(s for s in EDGE if self.faces[s // 2] == DOWN)
        return (edge or walk_in(self.faces, self.numbers)), True

    def _why_not(self, square: int) -> str:
        name = square_name(square)
        face = self.faces[square // 2]
        if face == GONE:
            return f"{name} is an empty space: its domino was taken as a treasure"
        if face == UP:
            return f"the domino on {domino_name(square // 2)} is already face up: flip a face-down domino"
        assert self.turn is not None
        if self.pawns[self.turn] is None:
            return f"your pawn comes in from the edge of the board on its first turn, and {name} is not on the edge"
        if self.enters_from_edge:
            return f"your pawn is walled in and comes in again from the edge; it cannot get next to {name} from there"
        return (
            f"your pawn cannot get next to {name}: it may walk over face-up dominoes and empty spaces, "
            "never over blanks or face-down dominoes"
        )

    # -- what players see ----------------------------------------------------------

    @property
    def flips(self) -> int:
        return sum(isinstance(e, Flip) for e in self.history)

    def observation(self, seat: int) -> FinderObservation:
        if not 0 <= seat < self.rules.players:
            raise ValueError(f"no seat {seat}: seats are 0..{self.rules.players - 1}")
        mine = self.turn == seat
        return FinderObservation(
            rules=self.rules,
            seat=seat,
            to_move=self.turn,
            legal_moves=self.legal_moves if mine else (),
            faces=self.faces,
            shown=self.shown(),
            pawns=self.pawns,
            skipping=self.skipping,
            found=self.found,
            treasure=self.treasure,
            first=self.first,
            history=self.history,
            enters_from_edge=self.enters_from_edge if mine else False,
            outcome=self.final,
        )

    def shown(self) -> tuple[int | None, ...]:
        """The pips on every face-up square; None on face-down squares and empty spaces."""
        return tuple(n if self.faces[s // 2] == UP else None for s, n in enumerate(self.numbers))

    def tile_at(self, position: int) -> Tile:
        return Tile.of(self.numbers[2 * position], self.numbers[2 * position + 1])

    def tiles_in_play(self) -> Sequence[int]:
        on_board = [int(self.tile_at(p)) for p in range(DOMINOES) if self.faces[p] != GONE]
        return on_board + [int(t) for hand in self.found for t in hand]

    def hidden_from(self, seat: int) -> frozenset[str]:
        """Face-down dominoes never revealed in this game (the treasure's name is public, not its place)."""
        if self.final:
            return frozenset()
        seen = {e.position for e in self.history if isinstance(e, Flip)}
        return frozenset(
            str(self.tile_at(p))
            for p in range(DOMINOES)
            if self.faces[p] == DOWN and p not in seen and self.tile_at(p) != self.treasure
        )

    def render(self, seat: int | None = None) -> str:
        return render(self, seat)

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.finder.view import client_view

        return client_view(self, seat)

    def narrate(self, before: State, names: Sequence[str], seat: int = 0) -> str:
        """In words, what happened since ``before`` (every flip and roll is public: the same for each seat)."""
        start = len(before.history) if isinstance(before, FinderState) else 0
        return " ".join(describe_event(e, names) for e in self.history[start:])


class _Table:
    """The mutable working copy that ``start`` and ``play`` change before freezing a new state."""

    def __init__(
        self,
        *,
        numbers: tuple[int, ...],
        faces: list[int],
        pawns: list[int | None],
        skipping: list[bool],
        found: list[tuple[Tile, ...]],
        history: list[Event],
        rolls_used: int,
        seed: int,
        preset: tuple[tuple[int, int], ...],
        treasure: Tile | None = None,
    ) -> None:
        self.numbers = numbers
        self.faces = faces
        self.pawns = pawns
        self.skipping = skipping
        self.found = found
        self.history = history
        self.rolls_used = rolls_used
        self.seed = seed
        self.preset = preset
        self.treasure = treasure

    def roll(self) -> tuple[int, int]:
        number = self.rolls_used
        self.rolls_used += 1
        if number < len(self.preset):
            return self.preset[number]
        return dice_roll(self.seed, number)

    def opening_rolls(self, players: int) -> int:
        """Everyone rolls; the highest total starts, the tied highest roll again."""
        contenders = list(range(players))
        while len(contenders) > 1:
            totals = {}
            for seat in contenders:
                dice = self.roll()
                self.history.append(Roll(seat, dice, "start"))
                totals[seat] = sum(dice)
            best = max(totals.values())
            contenders = [s for s in contenders if totals[s] == best]
        return contenders[0]

    def position_of(self, tile: Tile) -> int:
        numbers = self.numbers
        for position in range(DOMINOES):
            if Tile.of(numbers[2 * position], numbers[2 * position + 1]) == tile:
                return position
        raise AssertionError(f"{tile} is not in the layout")

    def choose_treasure(self, seat: int) -> None:
        taken = {t for hand in self.found for t in hand}
        while True:
            dice = self.roll()
            tile = Tile.of(*dice)
            if tile in taken:
                self.history.append(Roll(seat, dice, "treasure", TAKEN))
                continue
            position = self.position_of(tile)
            if any(p is not None and p // 2 == position for p in self.pawns):
                self.history.append(Roll(seat, dice, "treasure", UNDER_PAWN, position))
                continue
            if self.faces[position] == UP:
                self.faces[position] = DOWN
                self.history.append(Roll(seat, dice, "treasure", FACE_UP, position))
                continue
            self.treasure = tile
            self.history.append(Roll(seat, dice, "treasure", TREASURE, position))
            return

    def flip(self, seat: int, square: int, entered: bool, to_win: int) -> Outcome | None:
        position = square // 2
        numbers = (self.numbers[2 * position], self.numbers[2 * position + 1])
        tile = Tile.of(*numbers)
        self.pawns[seat] = square
        if tile == self.treasure:
            self.faces[position] = GONE
            self.found[seat] = self.found[seat] + (tile,)
            self.history.append(Flip(seat, square, numbers, TREASURE, entered))
            if len(self.found[seat]) >= to_win:
                scores = tuple(len(hand) for hand in self.found)
                return Outcome((seat,), scores, f"seat {seat} found {len(self.found[seat])} treasures")
            self.hide_traps()
            self.choose_treasure(seat)
            return None
        self.faces[position] = UP
        trapped = self.numbers[square] == 0
        self.skipping[seat] = self.skipping[seat] or trapped
        self.history.append(Flip(seat, square, numbers, TRAP if trapped else NOTHING, entered))
        return None

    def hide_traps(self) -> None:
        occupied = {p // 2 for p in self.pawns if p is not None}
        hidden = []
        for position in range(DOMINOES):
            if self.faces[position] != UP or position in occupied:
                continue
            if 0 in (self.numbers[2 * position], self.numbers[2 * position + 1]):
                self.faces[position] = DOWN
                hidden.append(position)
        if hidden:
            self.history.append(Hide(tuple(hidden)))

    def next_turn(self, seat: int) -> int:
        players = len(self.pawns)
        turn = (seat + 1) % players
        while self.skipping[turn]:
            self.skipping[turn] = False
            self.history.append(Skip(turn))
            turn = (turn + 1) % players
        return turn


@dataclass(frozen=True)
class FinderObservation(Observation):
    rules: FinderRules
    seat: int
    to_move: int | None
    legal_moves: tuple[FinderMove, ...]
    faces: tuple[int, ...]
    shown: tuple[int | None, ...]  # pips on face-up squares only
    pawns: tuple[int | None, ...]
    skipping: tuple[bool, ...]
    found: tuple[tuple[Tile, ...], ...]
    treasure: Tile | None
    first: int
    history: tuple[Event, ...]
    enters_from_edge: bool
    outcome: Outcome | None

    @property
    def flips(self) -> int:
        return sum(isinstance(e, Flip) for e in self.history)

    def sightings(self) -> dict[int, Sighting]:
        """Every face-down domino whose numbers were revealed earlier, by position: perfect memory."""
        seen: dict[int, tuple[int, int]] = {}
        hidden_after: dict[int, int] = {}
        flips = 0
        for event in self.history:
            if isinstance(event, Flip):
                flips += 1
                seen[event.position] = event.numbers
            elif isinstance(event, Hide):
                for position in event.positions:
                    hidden_after[position] = flips
            elif isinstance(event, Roll) and event.result == FACE_UP and event.position is not None:
                hidden_after[event.position] = flips
        return {
            p: Sighting(p, numbers, hidden_after[p])
            for p, numbers in seen.items()
            if self.faces[p] == DOWN and p in hidden_after
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game_id,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "rows": [
                [
                    {"face": FACE_NAMES[self.faces[(r * COLUMNS + c) // 2]], "pips": self.shown[r * COLUMNS + c]}
                    for c in range(COLUMNS)
                ]
                for r in range(ROWS)
            ],
            "pawns": [None if p is None else square_name(p) for p in self.pawns],
            "skipping": list(self.skipping),
            "found": [[str(t) for t in hand] for hand in self.found],
            "to_win": self.rules.to_win,
            "treasure": None if self.treasure is None else str(self.treasure),
            "first": self.first,
            "enters_from_edge": self.enters_from_edge,
            "history": [e.to_dict() for e in self.history],
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
