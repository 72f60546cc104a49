"""Domino Runners (Don Kirkby's Donimoes, after Roland Siegers' Winkeladvokat; seed 001).

Two players, a black (dark) and a white (light) one. Each has a runner and ten
checkers. The board is the whole double-six set laid face up as a grid of 7
rows by 8 columns.

| step | rule |
|---|---|
| start | The 28 dominoes are shuffled and laid in a 7x8 grid. Colours are chosen at random. |
| black places | Black puts the black runner on any cell (blanks too). |
| pie rule | White either puts the white runner on another free cell, or says `swap`: the players exchange colours, the swapper now owns the black runner where it stands, and the other player places the white runner. |
| a turn | Black moves first. The runner moves in a V: straight up, down, left or right at least one cell, then turns a right angle and goes at least one more cell. It may not cross or land on a runner or a checker. |
| the drop | The mover puts one of their checkers on the cell where the runner turned. A checker never lies on a blank, so the runner may not turn on a blank (it may pass over blanks and stop on one). |
| jumps | The checker just dropped may then jump an orthogonally adjacent opponent checker, landing on the free cell right beyond it, which must not be a blank; it may go on jumping with the same rule. Every jumped checker is captured. |
| end: stuck | A player who cannot move on their turn loses at once, whatever the points (RULES.md: two players). |
| end: all placed | Each move places one checker, so after each player's tenth move both have placed all ten and the game ends. Each player scores the numbers under their own checkers plus one point per checker they captured; the higher score wins. |

Decisions where the texts are silent:

- Random start: the dominoes are laid lying flat, four to a row, as in the
  rules' pictures, each turned at random; colours are chosen from the same seed
  (`random.Random(f"bones:{seed}:runners")`). Explicit setups (see
  `setup_from_text`) may also stand dominoes on end.
- A runner may be placed on a blank; the second runner must go on a free cell.
  After a swap the swapper owns the already placed runner (so it stays where it
  is) and black still makes the first move of the game.
- Jumping is optional, and a chain may stop after any jump. Only the checker
  just dropped may jump. Jumped checkers stay on the board until the chain ends
  (as the rules' picture shows), so they still block landing cells, and no
  checker can be jumped twice in one turn. Runners cannot be jumped and block
  landing cells. The cell a runner left is free.
- Captured checkers do not come back: they count as placed, and one point each
  for the capturer.
- Equal scores at the end are a draw (no winner).
- The game cannot cycle: at most 3 setup moves (placements and the swap) and
  20 runner moves, so no move limit rule is needed.

Move notation (cells are files a-h from the left, ranks 1-7 from the bottom;
the reference texts' `(x,y)` is file x, rank y+1):

- `d4`: place your runner on d4 (the setup).
- `swap`: white's pie-rule choice.
- `g5-f5-f6`: the runner on g5 goes to f5, turns (a checker is dropped on f5)
  and stops on f6.
- `h7-e7-e4xc7xa7`: the same, and then the checker dropped on e7 jumps to c7
  (capturing the checker on d7) and on to a7 (capturing the one on b7).

Pictures (`render`) show the numbers with the pieces in front of them: `B4` is
the black runner on a 4, `w6` a white checker on a 6; `|` joins the two halves
of a domino lying flat, `-` between rows one standing on end.

Explicit setups (`rules.new_game(setup=...)`, JSON data): `board` (the grid
in the donimoes text format, top row first, each double-six domino once;
left out: shuffled from the seed), `runners` and `checkers` by colour
(`{"black": "g5"}`, `{"white": ["d7"]}`), `captured` by colour (checkers the
colour took), `black_seat`, `to_move` (a colour; left out: worked out from the
checkers still to place) and `swapped`. `setup_from_text` reads the reference
texts' diagrams; `state.position_setup()` writes any position as a setup.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from bones.bits import bits
from bones.game import (
    Encoding,
    GameInfo,
    IllegalMoveError,
    Move,
    Observation,
    Outcome,
    Rules,
    SettledState,
    register,
)
from bones.runners.kernel import (
    BLACK,
    BLACK_SEAT,
    CAPT,
    CELLS,
    CHECKERS,
    CHK,
    COLS,
    FILES,
    HAND,
    PERPENDICULAR,
    PLACE,
    ROWS,
    RUN,
    SWAP,
    SWAPPED,
    TURN,
    WHITE,
    Board,
    KMove,
    Pos,
    all_placed,
    apply,
    between,
    can_swap,
    cell_name,
    cell_of,
    check_tiles,
    direction_of,
    grid_cells,
    in_setup,
    legal,
    parse_board,
    parse_cell,
    points,
)

VERSION = 1
# -- moves as players write them --------------------------------------------------

_RUN_TEXT = re.compile(r"^([a-h][1-7])-([a-h][1-7])-([a-h][1-7])((?:x[a-h][1-7])*)$")


@dataclass(frozen=True, order=True)
class RunnerMove(Move):
    """``cells`` is () for a swap, (cell,) for a placement, (start, corner, end) for a runner move;
    ``jumps`` the landing cells of the dropped checker's jumps."""

    cells: tuple[int, ...]
    jumps: tuple[int, ...] = ()

    @property
    def is_swap(self) -> bool:
        return not self.cells

    @property
    def is_placement(self) -> bool:
        return len(self.cells) == 1

    @property
    def is_run(self) -> bool:
        return len(self.cells) == 3

    @property
    def captures(self) -> int:
        return len(self.jumps)

    @classmethod
    def parse(cls, text: str) -> RunnerMove:
        word = re.sub(r"\s+", "", text).lower()
        if word == "swap":
            return SWAP_MOVE
        if re.fullmatch(r"[a-h][1-7]", word):
            return cls((parse_cell(word),))
        match = _RUN_TEXT.match(word)
        if not match:
            raise IllegalMoveError(
                f"not a move: {text!r} (moves look like d4 to place a runner, swap, "
                "g5-f5-f6 to run g5 to f5 and on to f6, or g5-f5-f6xd5 with a jump)"
            )
        cells = tuple(parse_cell(match[i]) for i in (1, 2, 3))
        jumps = tuple(parse_cell(part) for part in match[4].split("x")[1:])
        return cls(cells, jumps)

    def __str__(self) -> str:
        if not self.cells:
            return "swap"
        text = "-".join(cell_name(c) for c in self.cells)
        return text + "".join("x" + cell_name(c) for c in self.jumps)

    def __repr__(self) -> str:
        return f"RunnerMove({self})"


SWAP_MOVE = RunnerMove(())


def to_public(pos: Pos, move: KMove) -> RunnerMove:
    if move[0] == SWAP:
        return SWAP_MOVE
    if move[0] == PLACE:
        return RunnerMove((move[1],))
    return RunnerMove((pos[RUN + pos[TURN]], move[0], move[1]), move[4])


# -- the rules and the public state ---------------------------------------------


@dataclass(frozen=True)
class RunnersRules(Rules):
    game_id: str = "runners"
    title: str = "Domino Runners"
    version: int = VERSION
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """Cells are files a-h from the left and ranks 1-7 from the bottom. d4 places your
runner on d4 (the setup); swap is white's pie-rule choice; g5-f5-f6 moves the
runner to f5, drops a checker there, turns and stops on f6; h7-e7-e4xc7xa7 does the
same and then jumps the dropped checker to c7 and a7, capturing what it jumps."""

    @property
    def num_players(self) -> int:
        return 2

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> RunnersState:
        return RunnersState.start(self, seed, setup)

    def parse_move(self, text: str) -> RunnerMove:
        return RunnerMove.parse(text)

    def encoding(self) -> Encoding:
        from bones.runners.encoding import RunnersEncoding

        return RunnersEncoding()

    def describe(self) -> str:
        return "\n".join(
            [
                (__doc__ or "").strip(),
                "",
                "This table: 2 players, a double-six set on a 7x8 grid, 10 checkers each.",
            ]
        )


def colour_of(pos: Pos, seat: int) -> str:
    return BLACK if pos[BLACK_SEAT] == seat else WHITE


@dataclass(frozen=True, eq=False)
class RunnersState(SettledState):
    rules: RunnersRules
    seed: int
    moves: tuple[RunnerMove, ...]
    board: Board
    pos: Pos
    final: Outcome | None = None
    initial: Mapping[str, Any] | None = field(default=None, repr=False)
    last_start: int = -1  # where the last runner move began (the neutral runner of the rules)

    @classmethod
    def start(cls, rules: RunnersRules, seed: int, setup: Mapping[str, Any] | None) -> RunnersState:
        rng = random.Random(f"bones:{seed}:runners")
        if setup is None:
            board = Board.shuffled(rng)
            black = rng.randrange(2)
            pos: Pos = (0, 0, -1, -1, CHECKERS, CHECKERS, 0, 0, black, black, 0)
            return cls(rules, seed, (), board, pos)
        board, pos = _read_setup(setup, rng)
        state = cls(rules, seed, (), board, pos, initial=dict(setup))
        return replace(state, final=state._ending())

    # -- the State interface

    @property
    def to_move(self) -> int | None:
        return None if self.final else self.pos[TURN]

    @cached_property
    def _legal(self) -> dict[RunnerMove, KMove]:
        if self.final:
            return {}
        return {to_public(self.pos, m): m for m in legal(self.board, self.pos)}

    @property
    def legal_moves(self) -> tuple[RunnerMove, ...]:
        return tuple(self._legal)

    def play(self, move: Move | str) -> RunnersState:
        move = self.accept(move, RunnerMove)
        kernel_move = self._legal.get(move)
        if kernel_move is None:
            raise IllegalMoveError(self._why_illegal(move))
        start = move.cells[0] if move.is_run else self.last_start
        state = replace(self, moves=self.moves + (move,), pos=apply(self.pos, kernel_move), last_start=start)
        return replace(state, final=state._ending())

    def _ending(self) -> Outcome | None:
        pos = self.pos
        scores = (points(self.board, pos, 0), points(self.board, pos, 1))
        if all_placed(pos):
            black = pos[BLACK_SEAT]
            summary = f"all checkers placed: black {scores[black]}, white {scores[1 - black]}"
            if scores[0] == scores[1]:
                return Outcome((), scores, summary + ": a draw")
            winner = 0 if scores[0] > scores[1] else 1
            return Outcome((winner,), scores, f"{summary}: {colour_of(pos, winner)} (seat {winner}) wins")
        if not legal(self.board, pos):
            stuck = pos[TURN]
            return Outcome((1 - stuck,), scores, f"{colour_of(pos, stuck)} (seat {stuck}) cannot move and loses")
        return None

    def _why_illegal(self, move: RunnerMove) -> str:
        pos, board = self.pos, self.board
        turn = pos[TURN]
        colour = colour_of(pos, turn)
        occupant = self._occupant
        if in_setup(pos):
            if move.is_swap:
                if pos[SWAPPED]:
                    return "the colours were already swapped once"
                return "only white may swap, right after black placed the first runner"
            if move.is_run:
                return f"{colour} places a runner first: name a free cell, like d4" + (
                    ", or swap" if can_swap(pos) else ""
                )
            cell = move.cells[0]
            return f"{cell_name(cell)} is taken by {occupant(cell)}"
        if not move.is_run:
            return f"both runners are on the board: {colour} moves the runner, like g5-f5-f6"
        start, corner, end = move.cells
        runner = pos[RUN + turn]
        if start != runner:
            return f"the {colour} runner is on {cell_name(runner)}, not {cell_name(start)}"
        if pos[HAND + turn] <= 0:
            return f"{colour} has no checkers left to drop"
        first = direction_of(start, corner)
        second = direction_of(corner, end)
        if first is None:
            return f"{cell_name(start)} to {cell_name(corner)} is not a straight line up, down, left or right"
        if second is None or second not in PERPENDICULAR[first]:
            return f"the runner must turn a right angle at {cell_name(corner)}: {cell_name(end)} is not to its side"
        for cell in between(start, corner) + [corner] + between(corner, end) + [end]:
            what = occupant(cell)
            if what and cell != start:
                return f"the runner cannot cross or land on {what} ({cell_name(cell)})"
        if board.values[corner] == 0:
            return f"the runner cannot turn on a blank ({cell_name(corner)}): no checker may lie on a blank"
        at = corner
        jumped: set[int] = set()
        for land in move.jumps:
            step = direction_of(at, land)
            if step is None or len(between(at, land)) != 1:
                return (
                    f"a jump goes straight over one neighbouring checker: {cell_name(at)} to {cell_name(land)} is not"
                )
            over = between(at, land)[0]
            if not pos[CHK + 1 - turn] >> over & 1:
                return f"there is no {colour_of(pos, 1 - turn)} checker on {cell_name(over)} to jump"
            if over in jumped:
                return f"the checker on {cell_name(over)} was already jumped in this move"
            if board.values[land] == 0:
                return f"a checker may not land on a blank ({cell_name(land)})"
            if land == end or (land != start and occupant(land)):
                return f"{cell_name(land)} is not free to land on"
            jumped.add(over)
            at = land
        return f"{move} is not a legal move here"

    def _occupant(self, cell: int) -> str:
        pos = self.pos
        for seat in (0, 1):
            colour = colour_of(pos, seat)
            if pos[RUN + seat] == cell:
                return f"the {colour} runner"
            if pos[CHK + seat] >> cell & 1:
                return f"a {colour} checker"
        return ""

    def position_setup(self) -> dict[str, Any]:
        """A setup (JSON data) that starts a new game from this position."""
        pos = self.pos
        seats = {BLACK: pos[BLACK_SEAT], WHITE: 1 - pos[BLACK_SEAT]}
        setup: dict[str, Any] = {
            "board": self.board.text(),
            "runners": {c: cell_name(pos[RUN + s]) for c, s in seats.items() if pos[RUN + s] >= 0},
            "checkers": {c: [cell_name(cell) for cell in bits(pos[CHK + s])] for c, s in seats.items()},
            "captured": {c: pos[CAPT + s] for c, s in seats.items()},
            "black_seat": pos[BLACK_SEAT],
            "to_move": colour_of(pos, pos[TURN]),
            "swapped": bool(pos[SWAPPED]),
        }
        return setup

    # -- what players see

    def points(self, seat: int) -> int:
        return points(self.board, self.pos, seat)

    def colour(self, seat: int) -> str:
        return colour_of(self.pos, seat)

    def observation(self, seat: int) -> RunnersObservation:
        if seat not in (0, 1):
            raise ValueError(f"no seat {seat}: seats are 0 and 1")
        return RunnersObservation(
            rules=self.rules,
            seat=seat,
            to_move=self.to_move,
            legal_moves=self.legal_moves if self.to_move == seat else (),
            board=self.board,
            pos=self.pos,
            last_start=self.last_start,
            move_number=len(self.moves),
            outcome=self.final,
        )

    def render(self, seat: int | None = None) -> str:
        return render(self.board, self.pos, seat, self.last_start, self.moves[-1] if self.moves else None, self.final)


@dataclass(frozen=True)
class RunnersObservation(Observation):
    """Everything is public in Domino Runners: the board, both runners and every checker."""

    rules: RunnersRules
    seat: int
    to_move: int | None
    legal_moves: tuple[RunnerMove, ...]
    board: Board = field(repr=False)
    pos: Pos
    last_start: int
    move_number: int
    outcome: Outcome | None

    def to_dict(self) -> dict[str, Any]:
        pos = self.pos

        def side(seat: int) -> dict[str, Any]:
            runner = pos[RUN + seat]
            return {
                "colour": colour_of(pos, seat),
                "runner": cell_name(runner) if runner >= 0 else None,
                "checkers": [cell_name(c) for c in bits(pos[CHK + seat])],
                "in_hand": pos[HAND + seat],
                "captured": pos[CAPT + seat],
                "points": points(self.board, pos, seat),
            }

        return {
            "game": self.rules.game_id,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "board": self.board.text().split("\n"),
            "seats": [side(0), side(1)],
            "swapped": bool(pos[SWAPPED]),
            "last_start": cell_name(self.last_start) if self.last_start >= 0 else None,
            "move_number": self.move_number,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }


def render(
    board: Board,
    pos: Pos,
    seat: int | None,
    last_start: int = -1,
    last_move: RunnerMove | None = None,
    outcome: Outcome | None = None,
) -> str:
    marks: dict[int, str] = {}
    for s in (0, 1):
        upper = "B" if colour_of(pos, s) == BLACK else "W"
        for cell in bits(pos[CHK + s]):
            marks[cell] = upper.lower()
        if pos[RUN + s] >= 0:
            marks[pos[RUN + s]] = upper
    if last_start >= 0 and last_start not in marks and last_move is not None and last_move.is_run:
        marks[last_start] = "."
    grid = board.rows_text(marks)
    lines = ["     " + "  ".join(FILES)]
    for index, text in enumerate(grid):
        label = str(ROWS - index // 2) if index % 2 == 0 else " "
        lines.append(f" {label}  {text}".rstrip())
    lines.append("B/W runner, b/w checker, before the number beneath; . where the last runner started")
    for s in (0, 1):
        colour = colour_of(pos, s)
        marker = "*" if outcome is None and pos[TURN] == s else " "
        you = " (you)" if seat == s else ""
        lines.append(
            f"{marker} {colour} {'B/b' if colour == BLACK else 'W/w'}: seat {s}{you}, "
            f"{pos[HAND + s]} checkers to place, {pos[CAPT + s]} captured, {points(board, pos, s)} points"
        )
    if last_move is not None:
        lines.append(f"last move: {last_move}")
    if outcome is not None:
        lines.append(f"over: {outcome.reason}")
    elif in_setup(pos):
        turn = pos[TURN]
        lines.append(f"{colour_of(pos, turn)} places a runner" + (" or swaps colours (swap)" if can_swap(pos) else ""))
    return "\n".join(lines)


# -- explicit setups --------------------------------------------------------------


def _read_setup(setup: Mapping[str, Any], rng: random.Random) -> tuple[Board, Pos]:
    """Check and read an explicit position (see ``setup_from_text`` for the fields)."""
    known = {"board", "runners", "checkers", "captured", "black_seat", "to_move", "swapped"}
    unknown = set(setup) - known
    if unknown:
        raise ValueError(f"unknown setup fields {sorted(unknown)}; known: {sorted(known)}")
    board_text = setup.get("board")
    board = Board.shuffled(rng) if board_text is None else parse_board(_text(board_text, "board"))
    black = setup.get("black_seat", 0)
    if black not in (0, 1):
        raise ValueError("setup 'black_seat' is 0 or 1")
    seats = {BLACK: black, WHITE: 1 - black}

    def by_colour(name: str, default: Any) -> dict[str, Any]:
        value = setup.get(name) or {}
        if not isinstance(value, Mapping) or set(value) - {BLACK, WHITE}:
            raise ValueError(f"setup {name!r} maps 'black' and 'white' to their values")
        return {BLACK: value.get(BLACK, default), WHITE: value.get(WHITE, default)}

    runners = by_colour("runners", None)
    checkers = by_colour("checkers", [])
    captured = by_colour("captured", 0)
    taken: dict[int, str] = {}
    runner_cells = {}
    masks = {}
    for colour in (BLACK, WHITE):
        cell = runners[colour]
        runner_cells[colour] = -1 if cell is None else _setup_cell(cell, f"the {colour} runner", taken)
        mask = 0
        for text in checkers[colour]:
            c = _setup_cell(text, f"a {colour} checker", taken)
            if board.values[c] == 0:
                raise ValueError(f"a {colour} checker on {cell_name(c)} would lie on a blank")
            mask |= 1 << c
        masks[colour] = mask
        if not isinstance(captured[colour], int) or captured[colour] < 0:
            raise ValueError(f"setup 'captured' for {colour} must be a count")
    hands = {}
    for colour, other in ((BLACK, WHITE), (WHITE, BLACK)):
        hands[colour] = CHECKERS - masks[colour].bit_count() - captured[other]
        if hands[colour] < 0:
            raise ValueError(f"{colour} would have placed more than {CHECKERS} checkers")
    swapped = bool(setup.get("swapped", False))
    if runner_cells[BLACK] < 0 and runner_cells[WHITE] >= 0:
        raise ValueError("the black runner is placed before the white one")
    to_move = setup.get("to_move")
    if to_move is None:
        if runner_cells[BLACK] < 0:
            to_move = BLACK
        elif runner_cells[WHITE] < 0:
            to_move = WHITE
        elif hands[BLACK] == hands[WHITE]:
            to_move = BLACK
        elif hands[BLACK] == hands[WHITE] - 1:
            to_move = WHITE
        else:
            raise ValueError(
                f"black has {hands[BLACK]} checkers to place and white {hands[WHITE]}: say who moves ('to_move')"
            )
    if to_move not in (BLACK, WHITE):
        raise ValueError("setup 'to_move' is 'black' or 'white'")
    pos = [0] * 11
    for colour in (BLACK, WHITE):
        seat = seats[colour]
        pos[CHK + seat] = masks[colour]
        pos[RUN + seat] = runner_cells[colour]
        pos[HAND + seat] = hands[colour]
        pos[CAPT + seat] = captured[colour]
    pos[TURN] = seats[to_move]
    pos[BLACK_SEAT] = black
    pos[SWAPPED] = int(swapped)
    return board, tuple(pos)


def _text(value: Any, name: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return "\n".join(value)
    raise ValueError(f"setup {name!r} is text (or a list of lines)")


def _setup_cell(text: Any, what: str, taken: dict[int, str]) -> int:
    if not isinstance(text, str):
        raise ValueError(f"{what}: cells are written like d4, got {text!r}")
    try:
        cell = parse_cell(text)
    except IllegalMoveError as error:
        raise ValueError(f"{what}: {error}") from None
    if cell in taken:
        raise ValueError(f"{what} and {taken[cell]} are both on {cell_name(cell)}")
    taken[cell] = what
    return cell


_MARKS_PLAIN = re.compile(r"([A-Za-z])(\d)")
_MARKS_AT = re.compile(r"\((\d),(\d)\)([A-Za-z])")


def setup_from_text(text: str, **extra: Any) -> dict[str, Any]:
    """A setup from the reference texts' diagrams: the grid, ``---``, then a marker line.

    Markers are ``B``/``W`` runners, ``b``/``w`` checkers and ``N`` the neutral runner
    (ignored). Either the letters stand in the grid and the marker line gives the number
    under each (``B4W6``: the black runner is on a 4, the white one on a 6), or the
    grid shows only numbers and the marker line places the pieces by coordinates
    (``(5,6)W,(0,6)b``: column from the left, row from the bottom, both from 0).
    ``arrows:`` lines are ignored. ``extra`` fields (``to_move``, ``captured``,
    ``black_seat``, ``swapped``) are added to the setup as they are.
    """
    grid_text, _, marker_text = text.partition("---")
    marker_lines = [line.strip() for line in marker_text.strip().split("\n") if line.strip()]
    marker_lines = [line for line in marker_lines if not line.startswith("arrows:")]
    markers = marker_lines[0] if marker_lines else ""
    chars, partner = grid_cells(grid_text)
    placed: dict[int, str] = {}
    if _MARKS_AT.search(markers):
        for x, y, letter in _MARKS_AT.findall(markers):
            cell = cell_of(int(x), int(y))
            if not (0 <= int(x) < COLS and 0 <= int(y) < ROWS):
                raise ValueError(f"marker ({x},{y}) is off the board")
            placed[cell] = letter
    else:
        queues: dict[str, list[int]] = {}
        for letter, number in _MARKS_PLAIN.findall(markers):
            queues.setdefault(letter, []).append(int(number))
        for y in range(ROWS - 1, -1, -1):
            for x in range(COLS):
                cell = cell_of(x, y)
                letter = chars[cell]
                if letter.isalpha():
                    if not queues.get(letter):
                        raise ValueError(
                            f"the marker line does not say what number is under {letter} at {cell_name(cell)}"
                        )
                    placed[cell] = letter
                    chars[cell] = str(queues[letter].pop(0))
    bad = [cell_name(c) for c, ch in chars.items() if ch not in "0123456"]
    if bad:
        raise ValueError(f"cells {', '.join(sorted(bad))} do not hold a number 0-6")
    board = Board(tuple(int(chars[c]) for c in range(CELLS)), tuple(partner[c] for c in range(CELLS)))
    check_tiles(board)
    setup: dict[str, Any] = {"board": board.text()}
    runners: dict[str, str] = {}
    checkers: dict[str, list[str]] = {BLACK: [], WHITE: []}
    for cell, letter in sorted(placed.items()):
        if letter in "BW":
            runners[BLACK if letter == "B" else WHITE] = cell_name(cell)
        elif letter in "bw":
            checkers[BLACK if letter == "b" else WHITE].append(cell_name(cell))
        elif letter != "N":
            raise ValueError(f"unknown marker {letter!r}: use B, W, b, w or N")
    if runners:
        setup["runners"] = runners
    if checkers[BLACK] or checkers[WHITE]:
        setup["checkers"] = checkers
    setup.update(extra)
    return setup


def _make(**options: Any) -> RunnersRules:
    return RunnersRules(options=dict(options))


register(
    GameInfo(
        "runners",
        "Domino Runners",
        "runners",
        _make,
        (),
        "Domino Runners: V-shaped runner moves drop checkers on a grid of dominoes (2 players)",
    )
)
