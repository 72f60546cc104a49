"""Domino Finder (seed 000; full text in reference/donimoes/domino_finder.md).

A memory game with hidden traps for 2-4 players: pawns walk over a face-down
7x8 layout of a double-six set, flip one domino each turn, look for the
treasure domino the dice chose and try not to step on a blank.

Rules as played here
--------------------

| part | rule |
|---|---|
| players | 2-4 (option `players`) |
| object | find 5 treasures (2 players), 4 (3 players) or 3 (4 players); the first to get there wins at once |
| layout | 7 rows side by side; each row is one domino with a blank and three without, shuffled, lying end to end: 8 squares per row, 56 squares |
| start | every player rolls two dice, the highest total plays first (only the tied highest roll again); that player rolls the first treasure |
| a turn | flip exactly one face-down domino and step onto it |
| first turn | the pawn comes in from outside the board: it steps onto a face-down domino along the edge |
| moving | before flipping, the pawn may walk over face-up dominoes and empty spaces, never over blanks or face-down dominoes; it must end next to the domino it flips and steps onto the square next to it |
| trap | the square you stepped onto is a blank: your pawn stays on it and you skip your next turn |
| treasure | the flipped domino is the treasure: you take it, your pawn stands in the empty space; then every revealed trap without a pawn on it is turned face down and the dice choose the next treasure |
| next treasure | a roll that names a treasure already taken, or the domino a pawn stands on, is rolled again; a roll that names a face-up domino turns it face down and is rolled again |
| turn order | seats play in number order: "the player on your right" is the next seat |

Decisions where the text is silent
----------------------------------

- Squares: rows are numbered 1-7 and the squares along a row are columns a-h,
  so domino *k* of row *r* covers two neighbouring squares of that row. "Next
  to" means sharing an edge (the gaps between rows are not spaces). Every
  domino lies with a random end first, so a blank may be at either end.
- Only the square you step onto can spring a trap. A domino whose far end is
  a blank stays face up as a revealed trap that nobody may walk over.
- A pawn standing on a blank after a trap may walk off it on its next turn.
- Pawns do not block each other; they may walk over squares where other pawns
  stand (they never end on the same square: a pawn only ends on a square it
  just flipped).
- "A pawn on it" means a pawn on either square of that domino: such a trap
  stays face up, and a roll naming such a domino is rolled again.
- The reroll checks go in the order the text lists them: taken treasure, then a
  domino under a pawn, then a face-up domino (turned face down). The first roll
  that names a face-down domino chooses the treasure.
- The highest opening roll is the highest total of the two dice.
- Walled in: a pawn that cannot reach any face-down domino (revealed blanks
  and the board's edge close it in) is lifted off and comes in again from
  outside, walking in over face-up dominoes and empty spaces from the edge. On a
  first turn the pawn must step straight onto a face-down domino along the edge,
  as the text says (walking in is allowed only if none is left there, which a
  dealt layout never reaches).
- A skipped turn is not a decision: it happens by itself and the history records it.
- The dice are chance: every roll comes from the game's seeded generator (roll
  *k* of a game uses ``random.Random(f"bones:finder:{seed}:roll:{k}")``), so a
  game replays from its seed and the players' moves.

The game always ends. Every turn that is not skipped flips a face-down domino,
and nothing is turned face down again until a treasure is found, so each hunt
lasts at most 28 turns. A legal move always exists and nobody ever passes:
each row keeps exactly one domino with a blank (blanks are never treasures), and
closing off a part of the board away from its edge would take two revealed
blanks in one row, one on each side; so some face-down domino can always be
reached from outside the board, and the treasure is always face down.

Moves and what players see
--------------------------

A move is the square the pawn steps onto, e.g. ``c4`` (column c, row 4): the
pawn walks there by any route the rules allow and flips the domino lying on
c4. ``flip c4`` is read too. Which way the pawn walked never matters, so the
square is the whole decision; stepping onto the other end of the same domino
(d4) is another move, since only the square stepped onto can be a trap.

Every flip is seen by everybody, so all that a seat may know is public: the
face-up dominoes, the pawns, the treasures taken, the current treasure and the
history of every reveal, roll, reset and skipped turn. A face-down domino's
numbers are in an observation only when they were revealed earlier in this
game (players could have remembered them); the computer players choose how
much of that history to remember (Easy forgets most of it, Crazy nothing).

Explicit setups (for tests and positions): ``{"rows": [...], "rolls": [...],
"first": seat}``. ``rows`` lists the 7 rows, each as 4 tiles written left square
first (``"3:0"`` has its blank on the right), every tile of the double-six set
once and exactly one tile with a blank in each row; ``rolls`` lists dice pairs
used before the seeded generator takes over; ``first`` (optional) skips the
opening rolls.

Version history: 1 - the rules above.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bones.game import (
    Encoding,
    GameInfo,
    IllegalMoveError,
    Move,
    Observation,
    Option,
    Outcome,
    Rules,
    SettledState,
    State,
    register,
)
from bones.tiles import Tile, pip_set

VERSION = 1
ROWS, COLUMNS = 7, 8
SQUARES = ROWS * COLUMNS
DOMINOES = SQUARES // 2  # domino d covers squares 2d and 2d+1 of one row
COLUMN_NAMES = "abcdefgh"
TREASURES_TO_WIN = {2: 5, 3: 4, 4: 3}
PAWN_LETTERS = "ABCD"

DOWN, UP, GONE = 0, 1, 2  # a domino lies face down, face up, or was taken as a treasure
FACE_NAMES = ("down", "up", "gone")

# Results of a flip and of a treasure roll.
TREASURE = "treasure"
TRAP = "trap"
NOTHING = "nothing"
TAKEN = "taken"
UNDER_PAWN = "pawn"
FACE_UP = "face-up"


def _neighbours(square: int) -> tuple[int, ...]:
    row, column = divmod(square, COLUMNS)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, column + dc
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            out.append(r * COLUMNS + c)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(s) for s in range(SQUARES))
EDGE = tuple(s for s in range(SQUARES) if len(NEIGHBOURS[s]) < 4)
ROW_OF_DOMINO = tuple(d * 2 // COLUMNS for d in range(DOMINOES))


def square_name(square: int) -> str:
    row, column = divmod(square, COLUMNS)
    return f"{COLUMN_NAMES[column]}{row + 1}"


def domino_name(position: int) -> str:
    return f"{square_name(2 * position)}-{square_name(2 * position + 1)}"


_SQUARE_TEXT = re.compile(r"^\s*(?:flip\s+)?([a-h])\s*([1-7])\s*$", re.IGNORECASE)
_ORIENTED_TILE = re.compile(r"^\s*(\d)\s*[:\-|]\s*(\d)\s*$")


@dataclass(frozen=True, order=True)
class FinderMove(Move):
    """Step onto ``square`` and flip the face-down domino lying there."""

    square: int

    @classmethod
    def parse(cls, text: str) -> FinderMove:
        match = _SQUARE_TEXT.match(text)
        if not match:
            raise IllegalMoveError(
                f"not a move: {text!r} (a move is the square your pawn steps onto, like c4: columns a-h, rows 1-7)"
            )
        column = COLUMN_NAMES.index(match[1].lower())
        return cls((int(match[2]) - 1) * COLUMNS + column)

    def __str__(self) -> str:
        return square_name(self.square)

    def __repr__(self) -> str:
        return f"FinderMove({self})"


# -- the public history -------------------------------------------------------


@dataclass(frozen=True)
class Flip:
    """A domino turned face up by ``seat``, whose pawn stepped onto ``square``."""

    seat: int
    square: int
    numbers: tuple[int, int]  # left square first
    result: str  # TREASURE, TRAP or NOTHING
    entered: bool  # the pawn came in from outside the board

    @property
    def position(self) -> int:
        return self.square // 2

    @property
    def tile(self) -> Tile:
        return Tile.of(*self.numbers)

    def to_dict(self) -> dict[str, Any]:
        return {
            "event": "flip",
            "seat": self.seat,
            "square": square_name(self.square),
            "domino": domino_name(self.position),
            "numbers": list(self.numbers),
            "tile": str(self.tile),
            "result": self.result,
            "entered": self.entered,
        }


@dataclass(frozen=True)
class Roll:
    """A roll of the two dice: to choose who starts, or to choose the treasure."""

    seat: int
    dice: tuple[int, int]
    purpose: str  # "start" or "treasure"
    result: str = ""  # treasure rolls: TREASURE, TAKEN, UNDER_PAWN or FACE_UP
    position: int | None = None  # the domino the roll named (treasure rolls)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"event": "roll", "seat": self.seat, "dice": list(self.dice), "purpose": self.purpose}
        if self.purpose == "treasure":
            data["result"] = self.result
            if self.position is not None:
                data["domino"] = domino_name(self.position)
        return data


@dataclass(frozen=True)
class Hide:
    """Revealed traps turned face down after a treasure was found."""

    positions: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"event": "hide", "dominoes": [domino_name(p) for p in self.positions]}


@dataclass(frozen=True)
class Skip:
    """``seat`` skipped a turn after stepping in a trap."""

    seat: int

    def to_dict(self) -> dict[str, Any]:
        return {"event": "skip", "seat": self.seat}


Event = Flip | Roll | Hide | Skip


@dataclass(frozen=True)
class Sighting:
    """A face-down domino whose numbers were revealed earlier in the game."""

    position: int
    numbers: tuple[int, int]
    hidden_after: int  # how many flips had been made when it was turned face down again


# -- rules ---------------------------------------------------------------------


@dataclass(frozen=True)
class FinderRules(Rules):
    players: int = 2
    game_id: str = "finder"
    title: str = "Domino Finder"
    version: int = VERSION
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """A move is the square your pawn steps onto, like c4 (columns a-h, rows 1-7); the
route there does not matter. Rolls and skipped turns happen by themselves."""

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def to_win(self) -> int:
        """Treasures a player needs."""
        return TREASURES_TO_WIN[self.players]

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> FinderState:
        return FinderState.start(self, seed, setup)

    def parse_move(self, text: str) -> FinderMove:
        return FinderMove.parse(text)

    def encoding(self) -> Encoding:
        from bones.finder.encoding import FinderEncoding

        return FinderEncoding(self)

    def describe(self) -> str:
        return "\n".join(
            [
                (__doc__ or "").strip(),
                "",
                "This table:",
                f"  players: {self.players}",
                f"  treasures to win: {self.to_win}",
            ]
        )


def dice_roll(seed: int, number: int) -> tuple[int, int]:
    """Roll ``number`` (0, 1, ...) of the game with ``seed``."""
    rng = random.Random(f"bones:finder:{seed}:roll:{number}")
    return rng.randint(1, 6), rng.randint(1, 6)


def deal(seed: int) -> tuple[int, ...]:
    """The numbers on the 56 squares of a layout built as the rules say."""
    rng = random.Random(f"bones:finder:{seed}:layout")
    tiles = list(pip_set(6).tiles)
    blanks = [t for t in tiles if t.has(0)]
    others = [t for t in tiles if not t.has(0)]
    rng.shuffle(blanks)
    rng.shuffle(others)
    numbers: list[int] = []
    for row in range(ROWS):
        group = [blanks[row]] + others[3 * row : 3 * row + 3]
        rng.shuffle(group)
        for tile in group:
            ends = [tile.high, tile.low]
            rng.shuffle(ends)
            numbers += ends
    return tuple(numbers)


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

    def narrate(self, before: State, names: Sequence[str]) -> str:
        """In words, what happened since ``before`` (the terminal prints this after each move)."""
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


def passable(faces: Sequence[int], numbers: Sequence[int], square: int) -> bool:
    """A pawn may walk over face-up squares that are not blanks, and over empty spaces."""
    face = faces[square // 2]
    return face == GONE or (face == UP and numbers[square] != 0)


def reachable(faces: Sequence[int], numbers: Sequence[int], starts: Sequence[int]) -> tuple[int, ...]:
    """Face-down squares next to a square a pawn can walk to from ``starts``."""
    seen = set(starts)
    stack = list(starts)
    targets = set()
    while stack:
        square = stack.pop()
        for other in NEIGHBOURS[square]:
            if other in seen:
                continue
            if faces[other // 2] == DOWN:
                targets.add(other)
            elif passable(faces, numbers, other):
                seen.add(other)
                stack.append(other)
    return tuple(sorted(targets))


def walk_in(faces: Sequence[int], numbers: Sequence[int]) -> tuple[int, ...]:
    """Face-down squares a pawn coming in from outside can step onto: on the edge, or walking in over face-up ones."""
    direct = {s for s in EDGE if faces[s // 2] == DOWN}
    starts = [s for s in EDGE if passable(faces, numbers, s)]
    return tuple(sorted(direct | set(reachable(faces, numbers, starts))))


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


# -- text ----------------------------------------------------------------------


def render(state: FinderState, seat: int | None) -> str:
    """The layout as ``seat`` sees it; ``None`` shows face-down numbers too (as ``?3``)."""
    rules = state.rules
    lines = []
    head = f"{rules.title}, {rules.players} players, {rules.to_win} treasures to win"
    if state.treasure is not None:
        head += f"; the treasure is {state.treasure}"
    lines.append(head)
    lines.append("     " + "".join(f" {COLUMN_NAMES[2 * k]}  {COLUMN_NAMES[2 * k + 1]}   " for k in range(4)).rstrip())
    at = {square: PAWN_LETTERS[s] for s, square in enumerate(state.pawns) if square is not None}
    for row in range(ROWS):
        parts = []
        for k in range(COLUMNS // 2):
            position = row * 4 + k
            cells = []
            for square in (2 * position, 2 * position + 1):
                face = state.faces[position]
                if face == DOWN:
                    cells.append("?" + (str(state.numbers[square]) if seat is None else " "))
                else:
                    symbol = "." if face == GONE else str(state.numbers[square])
                    cells.append(symbol + at.get(square, " "))
            parts.append(f"[{cells[0]} {cells[1]}]")
        lines.append(f"  {row + 1}  " + " ".join(parts))
    for s in range(rules.players):
        you = " (you)" if s == seat else ""
        pawn = state.pawns[s]
        where = "off the board" if pawn is None else f"on {square_name(pawn)}"
        found = " ".join(str(t) for t in state.found[s]) or "none"
        marker = "*" if state.turn == s else " "
        note = ", skips the next turn" if state.skipping[s] and not state.final else ""
        lines.append(f"{marker} {PAWN_LETTERS[s]} seat {s}{you}: pawn {where}; treasures {found}{note}")
    recent = state.history[-(2 * rules.players + 2) :]
    if recent:
        lines.append("lately: " + " ".join(describe_event(e) for e in recent))
    if state.final:
        lines.append(f"over: {state.final.reason}")
    elif seat is not None and seat == state.turn and state.enters_from_edge and state.pawns[seat] is not None:
        lines.append("your pawn is walled in: it comes in again from the edge")
    return "\n".join(lines)


def describe_event(event: Event, names: Sequence[str] | None = None) -> str:
    """One event in words; ``names`` name the seats (default "seat 0", ...; "You" takes plain verbs)."""

    def who(seat: int, verb: str) -> str:
        name = names[seat] if names else f"seat {seat}"
        return f"{name} {verb}" if name == "You" else f"{name} {verb}s"

    if isinstance(event, Flip):
        how = " in from the edge" if event.entered else ""
        plain = names is not None and names[event.seat] == "You"
        text = f"{who(event.seat, 'step')}{how} onto {square_name(event.square)} and {'flip' if plain else 'flips'}"
        text += f" {event.numbers[0]}|{event.numbers[1]} on {domino_name(event.position)}"
        if event.result == TREASURE:
            return text + ": the treasure!"
        if event.result == TRAP:
            return text + ": a trap, the next turn is lost."
        return text + "."
    if isinstance(event, Roll):
        if event.purpose == "start":
            return f"{who(event.seat, 'roll')} {event.dice[0]}+{event.dice[1]} to start."
        tile = Tile.of(*event.dice)
        if event.result == TREASURE:
            return f"The dice choose the treasure {tile}."
        if event.result == TAKEN:
            return f"Rolled {tile}, already taken: roll again."
        if event.result == UNDER_PAWN:
            return f"Rolled {tile}, under a pawn: roll again."
        assert event.position is not None
        return f"Rolled {tile}, face up on {domino_name(event.position)}: turned face down, roll again."
    if isinstance(event, Hide):
        return "Traps turned face down: " + ", ".join(domino_name(p) for p in event.positions) + "."
    return f"{who(event.seat, 'skip')} a turn."


def _make(**options: Any) -> FinderRules:
    return FinderRules(players=options.get("players", 2), options=dict(options))


register(
    GameInfo(
        "finder",
        "Domino Finder",
        "finder",
        _make,
        (Option("players", 2, "number of players", choices=(2, 3, 4)),),
        "Domino Finder: a memory game with hidden traps (2-4 players)",
    )
)
