"""Fujisan (James Droscha) as a one-player game (reference text: reference/donimoes/fujisan.md).

| | |
|---|---|
| players | 1 (solitaire) |
| layout | 12 of the 15 dominoes without sixes or doubles, upright side by side: two rows of 12 |
| peak | the two middle dominoes (columns 6 and 7) |
| priests | four, beside both ends of both rows (squares T0, B0, T13, B13) |
| a move | along his row onto a square whose number equals the unoccupied squares crossed, the destination counted, occupied ones not; or freely to the other square of his domino (the only way onto a blank); from the ground only along his own row |
| peak | once there he never leaves it; he steps to the other square of his domino or across to the same row of the other peak domino, never diagonally |
| goal | all four priests on the peak |
| Country Road (option) | then the peak dominoes go to the ends (column 6's to column 0, column 7's to column 13, top number still on top), the peak squares count as blanks, and all four must leave the mountain by landing on those end dominoes, never to step back on |

Squares are a row letter (T top, B bottom) and a column: the mountain is 1-12,
the starting places 0 and 13. A move is ``T0-T3``; ``give-up`` ends the
puzzle unsolved (the outcome then says whether a solution existed).

Decisions: on the peak a priest moves "back and forth (in the same domino) or
to and fro (between the two dominoes)", and every priest move is in a straight
line, so he steps up or down in his domino or across along his row, never
diagonally; the book's own solutions use only these steps, and the shortest
solutions of the 20 published problems are exactly as long as the book's. In
Country Road each peak domino goes to the end on its own side, the way up it
lay: the text only says to move them to the priests' starting places, and the
nearer end without turning changes nothing it does not mention.
``new_game(seed)`` deals random layouts until one is
solvable; option `moves` > 0 generates one whose shortest solution has exactly
that many moves; option `difficulty` (easy, medium, hard) deals random layouts until
one's shortest solution lies in the difficulty's range (`rules.difficulties()`: each holds
a quarter to two fifths of the random layouts). The score is 1 for a solved puzzle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bones.encoding import Encoding
from bones.game import (
    DIFFICULTY,
    RANDOM_DEAL,
    Difficulty,
    GameOptionError,
    IllegalMoveError,
    Move,
    Option,
    Outcome,
    Rules,
    State,
    difficulty_option,
)
from bones.puzzles.base import (
    GIVE_UP,
    GIVE_UP_MOVE,
    PuzzleMove,
    PuzzleObservation,
    layout_of,
    moves_to_goal,
    seat_view,
    setup_grid,
)
from bones.puzzles.fujisan.page import PAGE
from bones.puzzles.fujisan.puzzle import (
    DESCENT,
    PEAK,
    START,
    WIDTH,
    FujisanBoard,
    FujisanLayout,
    board,
    generate,
    notation,
    parse_square,
    random_layout,
    shortest,
    square_name,
)
from bones.puzzles.layouts import FujisanLayouts
from bones.puzzles.problems import book_problems
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table

VERSION = 2  # 2: no diagonal step on the peak

# The shortest solutions of random solvable layouts (300 measured: the solitaire's 8-29 moves, the
# Country Road's 18-40) split into easy, medium and hard: each range holds a quarter or more.
DIFFICULTIES = {
    False: (Difficulty("easy", 1, 11), Difficulty("medium", 12, 14), Difficulty("hard", 15, 60)),
    True: (Difficulty("easy", 1, 22), Difficulty("medium", 23, 26), Difficulty("hard", 27, 120)),
}


@dataclass(frozen=True)
class FujisanRules(Rules):
    game_id: str = "fujisan"
    title: str = "Fujisan"
    version: int = VERSION
    country_road: bool = False
    moves_target: int = 0
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """Squares are a row letter (T top, B bottom) and a column 0-13: T0-T3 moves the
priest on T0 to T3; give-up ends the puzzle unsolved."""

    @property
    def allows_undo(self) -> bool:
        """Everything is on the table and nothing is left to chance: going back tells nothing new."""
        return True

    @property
    def num_players(self) -> int:
        return 1

    def difficulties(self) -> tuple[Difficulty, ...]:
        return DIFFICULTIES[self.country_road]

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> FujisanState:
        difficulty = self.difficulty()
        if setup is not None:
            layout = FujisanLayout.parse(setup_grid(setup, "Fujisan"))
        else:
            rng = random.Random(f"bones:{seed}:fujisan")
            if difficulty is not None:
                layout = layout_of(difficulty, random_layout, self.layout_par, rng)
            elif self.moves_target:
                layout = generate(self.moves_target, rng, self.country_road)
            else:
                layout = random_layout(rng)
                while shortest(layout, self.country_road) is None:
                    layout = random_layout(rng)
        return FujisanState(self, seed, (), layout, START)

    def layout_par(self, layout: FujisanLayout) -> int | None:
        steps = shortest(layout, self.country_road)
        return None if steps is None else len(steps)

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.puzzles.encoding import PuzzleEncoding

        # at most 7 legal moves in random games (four priests' steps)
        return PuzzleEncoding(self.game_id, 64, relative)

    def parse_move(self, text: str) -> PuzzleMove:
        word = text.strip().upper().replace(" ", "")
        if word == GIVE_UP.upper():
            return GIVE_UP_MOVE
        start, sep, end = word.partition("-")
        try:
            if not sep:
                raise ValueError
            a, b = parse_square(start), parse_square(end)
        except ValueError:
            raise IllegalMoveError(f"not a Fujisan move: {text!r} (write from-to, like T0-T3, or give-up)") from None
        return PuzzleMove(f"{square_name(a)}-{square_name(b)}")

    def describe(self) -> str:
        goal = "Country Road: up to the peak and back down" if self.country_road else "all four priests to the peak"
        return page_with_table(PAGE, [goal])


@dataclass(frozen=True, eq=False)
class FujisanState(State):
    over_message = "the puzzle is over"
    rules: FujisanRules
    seed: int
    moves: tuple[Move, ...]
    layout: FujisanLayout
    position: int  # occupied squares, plus the descent bit
    gave_up: bool = False

    @property
    def board(self) -> FujisanBoard:
        return board(self.layout, self.rules.country_road)

    def setup(self) -> Mapping[str, Any] | None:
        return {"grid": self.layout.text()}

    def par(self) -> int | None:
        return self.rules.layout_par(self.layout)

    @property
    def solved(self) -> bool:
        return self.board.is_goal(self.position)

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else 0

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        if self.is_over:
            return ()
        moves = sorted(self.board.moves(self.position))
        return tuple(PuzzleMove(f"{square_name(a)}-{square_name(b)}") for a, b, _ in moves) + (GIVE_UP_MOVE,)

    @property
    def is_over(self) -> bool:
        return self.gave_up or self.solved

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        if self.solved:
            best = shortest(self.layout, self.rules.country_road)
            note = f" (the shortest takes {len(best)})" if best is not None else ""
            return Outcome((0,), (1,), f"all four priests made it in {len(self.moves)} moves{note}")
        steps = shortest(self.layout, self.rules.country_road)
        why = "there was no solution" if steps is None else f"a {len(steps)}-move solution existed"
        return Outcome((), (0,), f"gave up after {len(self.moves) - 1} moves; {why}")

    def play(self, move: Move | str) -> FujisanState:
        move = self.accept(move, PuzzleMove)
        text = self.rules.parse_move(move.text).text
        if text == GIVE_UP:
            return replace(self, moves=self.moves + (move,), gave_up=True)
        start, end = (parse_square(p) for p in text.split("-"))
        for a, b, nxt in self.board.moves(self.position):
            if (a, b) == (start, end):
                return replace(self, moves=self.moves + (move,), position=nxt)
        raise IllegalMoveError(self._why_not(start, end))

    def _why_not(self, start: int, end: int) -> str:
        occ = self.position & ~DESCENT
        descent = bool(self.position & DESCENT)
        a, b = square_name(start), square_name(end)
        if not occ >> start & 1:
            return f"there is no priest on {a}"
        if occ >> end & 1:
            return f"{b} is occupied"
        (r1, c1), (r2, c2) = divmod(start, WIDTH), divmod(end, WIDTH)
        if not descent and c1 in PEAK and c2 in PEAK:
            return (
                f"on the peak a priest steps only in a straight line: from {a} to the other square "
                "of his domino or across to the same row of the other peak domino"
            )
        if not descent and c1 in PEAK:
            return f"the priest on {a} has reached the peak and refuses to leave it"
        if descent and c1 in (0, WIDTH - 1):
            return f"the priest on {a} has left the mountain and will not step back on"
        if c1 == c2:
            return f"{a} and {b} are not on one domino"
        if r1 != r2:
            return f"a priest moves along his row; {a} and {b} are on different rows"
        if not descent and (c2 in (0, WIDTH - 1)):
            return f"{b} is not on the mountain"
        if not descent and c1 in (0, WIDTH - 1) and (c2 < c1) != (c1 == WIDTH - 1):
            return f"from the ground a priest enters along his own row, away from {a}"
        values = self.board.down if descent else self.board.up
        step = 1 if c2 > c1 else -1
        count = sum(1 for c in range(c1 + step, c2 + step, step) if not occ >> (r1 * WIDTH + c) & 1)
        return f"from {a} to {b} crosses {count} unoccupied squares, but {b} shows {values[end]}"

    def solve(self) -> list[Move]:
        """A shortest list of moves from here to the goal (``give-up`` alone if there is none)."""
        if self.is_over:
            return []
        steps = shortest(self.layout, self.rules.country_road, self.position)
        if steps is None:
            return [GIVE_UP_MOVE]
        return [PuzzleMove(m) for m in notation(steps)]

    def appraise(self, seconds: float = 1.0) -> list[tuple[Move, float | None]]:
        """Each legal move with the fewest moves to the goal after it (the move included;
        None: no way to the goal any more, or giving up), fewest first."""

        def left_after(after: FujisanState) -> int | None:
            steps = () if after.solved else shortest(self.layout, self.rules.country_road, after.position)
            return None if steps is None else len(steps)

        return moves_to_goal(self, left_after)

    def observation(self, seat: int) -> PuzzleObservation:
        occ = self.position & ~DESCENT
        position = {
            "grid": self.layout.text(),
            "priests": [square_name(s) for s in range(2 * WIDTH) if occ >> s & 1],
            "descent": bool(self.position & DESCENT),
            "moves": len(self.moves),
        }
        return seat_view(self, seat, "fujisan", position, lambda: self.solve()[0], self.appraise, "moves to the goal")

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.puzzles.fujisan.view import client_view

        return client_view(self, seat)

    def render(self, seat: int | None = None) -> str:
        occ = self.position & ~DESCENT
        descent = bool(self.position & DESCENT)
        values = self.board.down if descent else self.board.up
        lines = [
            f"Fujisan{' (Country Road)' if self.rules.country_road else ''}: "
            + ("descent" if descent else "ascent")
            + f", {len(self.moves)} moves"
        ]
        lines.append("    " + " ".join(f"{c:>2}" for c in range(WIDTH)))
        for row in (0, 1):
            cells = []
            for c in range(WIDTH):
                sq = row * WIDTH + c
                ground = c in (0, WIDTH - 1) and not descent
                text = "." if ground else str(values[sq])
                cells.append(f"{'P' if occ >> sq & 1 else ' '}{text}")
            lines.append(f"  {'TB'[row]} " + " ".join(cells))
        lines.append("    " + " ".join("^^" if c in PEAK else "  " for c in range(WIDTH)).rstrip())
        if self.is_over and self.outcome:
            lines.append(self.outcome.reason)
        return "\n".join(lines)


def _make(country_road: bool = False, moves: int = 0, difficulty: str = RANDOM_DEAL) -> FujisanRules:
    if moves and difficulty != RANDOM_DEAL:
        raise GameOptionError(f"fujisan: a layout is generated to {moves} moves or to a difficulty, not both")
    return FujisanRules(
        country_road=country_road,
        moves_target=moves,
        options={"country_road": country_road, "moves": moves, DIFFICULTY: difficulty},
    )


register(
    GameInfo(
        "fujisan",
        "Fujisan",
        "puzzle",
        _make,
        (
            Option("country_road", False, "after the ascent, bring all four priests back down"),
            Option(
                "moves",
                0,
                "0: a random solvable deal; n: a generated layout needing n moves",
                check=lambda v: 0 <= v <= 40,
            ),
            difficulty_option([d.name for d in DIFFICULTIES[False]]),
        ),
        "guide four priests to the peak of Mount Fuji",
        layouts=FujisanLayouts(),
        problems=lambda: book_problems("fujisan"),
        board="fujisan",
        tagline="A puzzle: guide four priests up the mountain to its peak",
    )
)
