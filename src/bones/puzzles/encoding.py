"""The puzzles as fixed-size arrays (``Rules.encoding``, for ``bones.env``).

A puzzle's position is its grid with markers (dice, priests, mountains); the
observation is the picture the terminal shows of it, which holds exactly that,
as character codes on a fixed page (a line longer than the page goes on in the
next row). Bee's and Fujisan's moves are numbered in the puzzle's order of legal
moves, up to a capacity each puzzle states; Mountains and Valleys numbers each
move by what it does (a domino's numbers on two squares, a square lifted, a
domino passed), so that an action means the same move in every position.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Sequence

from bones.encoding import Encoding, Follower, OrdinalActions
from bones.game import Move, Observation, State
from bones.puzzles.base import GIVE_UP, PuzzleObservation
from bones.puzzles.mountains.puzzle import CELLS, SLOTS, cell_name, parse_cell

ROWS, COLUMNS = 32, 128
SEAT = re.compile(r"\bseat (\d+)\b")


class Picture:
    """The observation of every puzzle: its picture on a page of ROWS x COLUMNS character codes."""

    size = ROWS * COLUMNS
    high = 0x10FFFF
    game: str
    relative: bool

    def encode(self, observation: Observation) -> array[int]:
        assert isinstance(observation, PuzzleObservation)
        picture = observation.picture
        if self.relative and "seat " in picture:  # the cooperative game names its seats
            players = len(observation.position.get("hand_sizes", ())) or 1
            picture = SEAT.sub(lambda m: f"seat {(int(m[1]) - observation.seat) % players}", picture)
        return self.page(picture)

    def page(self, picture: str) -> array[int]:
        """``picture`` on the page, as character codes."""
        rows = picture.splitlines()
        # A line longer than the page goes on in the next row; most pictures have none, and
        # cutting every line took half the page's time.
        if max(map(len, rows), default=0) > COLUMNS:
            rows = [line[start : start + COLUMNS] for line in rows for start in range(0, max(len(line), 1), COLUMNS)]
        if len(rows) > ROWS:
            raise ValueError(f"{self.game}: the picture does not fit the {ROWS} x {COLUMNS} page")
        # The page as UTF-32 code units, read at once: 4,096 Python integers one by one were most
        # of a puzzle environment's step.
        page = "".join([row.ljust(COLUMNS, "\0") for row in rows]).ljust(self.size, "\0")
        # UTF-32 code units are the code points; NumPy reads the array's buffer where a conversion to
        # 64-bit integers here would cost as much again.
        return array("I", page.encode("utf-32-le"))

    def follow(self, state: State) -> PuzzleFollower:
        return PuzzleFollower(self, state)  # type: ignore[arg-type]  # (the mixin's encodings)

    def picture_text(self) -> str:
        return f"""\
Observation ({self.size} integers): the position's picture as the terminal shows it (grid, markers,
what this seat holds), {ROWS} rows of {COLUMNS} characters, each the character's Unicode code point,
0 beyond the end of a line or the picture; a longer line goes on in the next row{"; seats numbered from this one's (0)" if self.relative else ""}."""


class PuzzleEncoding(Picture, OrdinalActions, Encoding):
    def __init__(self, game: str, capacity: int, relative: bool = False) -> None:
        OrdinalActions.__init__(self, capacity)
        self.game = game
        self.relative = relative  # one seat: nothing to number from it

    def describe(self) -> str:
        return f"""\
{self.picture_text()}
Actions ({self.num_actions}): action i is the i-th legal move in the puzzle's order of legal moves
(the last is giving up where the puzzle allows it).
Rewards: the outcome's score when the puzzle ends."""


VALUES = 7
PLACES = len(SLOTS) * VALUES * VALUES
LIFTS = PLACES
PASSES = LIFTS + CELLS
TILES = VALUES * (VALUES + 1) // 2
DONE = PASSES + TILES


class MountainsEncoding(Picture, Encoding):
    """Mountains and Valleys: an action per placement (square pair and numbers), lift, pass, done and give-up."""

    num_actions = DONE + 2

    def __init__(self, relative: bool = False) -> None:
        self.game = "mountains"
        self.relative = relative
        self._slots = {pair: k for k, pair in enumerate(sorted(SLOTS))}
        self._pairs = sorted(SLOTS)
        self._numbers: dict[str, int] = {}
        self._legal: tuple[Observation | None, dict[str, Move]] = (None, {})

    def describe(self) -> str:
        return f"""\
{self.picture_text()}
Actions ({self.num_actions}): pair * 49 + 7 * a + b places a domino with a on the first square and b on the second
of the pair of neighbouring squares numbered pair (0-{len(SLOTS) - 1}, pairs of squares (row * 6 + column) in
increasing order); {LIFTS} + square lifts the domino on it; {PASSES} + tile passes that domino (hi*(hi+1)/2+lo);
{DONE} is done, {DONE + 1} is give-up.
Rewards: the outcome's score when the game ends."""

    def number(self, move: Move) -> int:
        text = str(move)
        number = self._numbers.get(text)
        if number is None:
            number = self._numbers[text] = self._read(text)
        return number

    def _read(self, text: str) -> int:
        if text == "done":
            return DONE
        if text == GIVE_UP:
            return DONE + 1
        if text.startswith("lift "):
            return LIFTS + parse_cell(text[5:])
        if text.startswith("pass "):
            high, low = (int(x) for x in text[5:].split(":"))
            return PASSES + high * (high + 1) // 2 + low
        first, second = text.split(",")
        (c1, v1), (c2, v2) = ((parse_cell(part[:2]), int(part[3:])) for part in (first, second))
        return self._slots[(c1, c2)] * VALUES * VALUES + v1 * VALUES + v2

    def text_of(self, index: int) -> str | None:
        if 0 <= index < PLACES:
            pair, values = divmod(index, VALUES * VALUES)
            (c1, c2), (v1, v2) = self._pairs[pair], divmod(values, VALUES)
            return f"{cell_name(c1)}={v1},{cell_name(c2)}={v2}"
        if LIFTS <= index < PASSES:
            return f"lift {cell_name(index - LIFTS)}"
        if PASSES <= index < DONE:
            tile = index - PASSES
            high = next(h for h in range(VALUES) if tile < (h + 1) * (h + 2) // 2)
            return f"pass {high}:{tile - high * (high + 1) // 2}"
        return {DONE: "done", DONE + 1: GIVE_UP}.get(index)

    def action_index(self, move: Move, observation: Observation) -> int:
        return self.number(move)

    def action_move(self, index: int, observation: Observation) -> Move | None:
        text = self.text_of(index)
        if text is None:
            return None
        legal = self._legal
        if legal[0] is not observation:  # asked move after move of one observation
            legal = self._legal = (observation, {str(move): move for move in observation.legal_moves})
        return legal[1].get(text)

    def actions(self, observation: Observation) -> dict[int, Move]:
        return self.numbered(observation.legal_moves)

    def numbered(self, legal: Sequence[Move]) -> dict[int, Move]:
        """``legal`` moves by action number."""
        number = self.number
        return {number(move): move for move in legal}


class PuzzleFollower(Follower):
    """A puzzle followed without observations: the picture is the state's own, and an
    observation's other parts (the position's texts, the advice) are never made; ``encode`` of
    the observation gives the same numbers (tests/test_environments.py checks it)."""

    encoding: PuzzleEncoding | MountainsEncoding

    def observe(self, seat: int) -> Sequence[int]:
        encoded = self._encoded.get(seat)
        if encoded is None:
            state = self.state
            state.rules.check_seat(seat)
            picture = state.render(seat)
            if self.encoding.relative and "seat " in picture:  # seats renumbered as encode does
                encoded = self.encoding.encode(self.observation(seat))
            else:
                encoded = self.encoding.page(picture)
            self._encoded[seat] = encoded
        return encoded

    def legal_actions(self) -> dict[int, Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self.encoding.numbered(self.state.legal_moves) if self.to_move is not None else {}
        return moves
