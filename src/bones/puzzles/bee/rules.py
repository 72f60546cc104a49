"""Bee Donimoes as a one-player game (reference text: reference/donimoes/bee_donimoes.md).

| | |
|---|---|
| players | 1 (a solitaire; the book's race is the same puzzle solved faster) |
| layout | the dominoes up to the number of dice (3-6), face up in a rectangle |
| dice | die k starts on the k half of the 0|k domino |
| rounds | queen 3, then 4, ... up to the number of dice; every round starts from the starting spaces |
| queen | the biggest die in play; never moves |
| landing | on the die's own number, or on a wild blank: any unoccupied blank (basic rule), only the blank of the queen's domino (option `advanced`) |
| a move | straight along a row or column over anything; may turn 90° directly above another die, as often as it likes; one move |
| goal | all the round's dice in one orthogonally connected group |

Moves are written as the book writes them: the die, then each straight run as
a direction (U, D, L, R) and a distance: ``1R3``, ``2R3D1``. ``give-up`` ends the
round unsolved (or says it is impossible; the outcome names the shortest
solution or confirms there is none). The outcome's score is the number of
rounds solved; the game is won when every round is solved.

Decisions: ``new_game(seed)`` deals a random layout of option `dice` dice as the
book's setup does; option `moves` > 0 instead generates one whose last round
needs exactly that many moves with every round solvable; option `difficulty` (easy, medium,
hard) deals random layouts until one has every round solvable and all rounds' shortest
solutions together in the difficulty's range (`rules.difficulties()`, by dice and rule: each
holds a tenth or more of the random layouts). A layout is given
with ``setup={"grid": text}`` in the book's grid format.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
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
from bones.puzzles.bee.generate import generate, random_layout
from bones.puzzles.bee.page import PAGE
from bones.puzzles.bee.puzzle import MIN_DICE, BeeLayout, BeeMoveError, BeeRound
from bones.puzzles.grid import GridFormatError, dice_marker
from bones.puzzles.layouts import BeeLayouts
from bones.puzzles.problems import book_problems
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table

VERSION = 1

# Where easy ends and medium ends, in moves of all rounds together, by (dice, advanced rule): the
# totals of 80-300 random layouts each, split so that every range holds a sixth or more of them
# (6 dice, advanced rule: a tenth, most layouts there having an impossible round).
DIFFICULTY_BOUNDS = {
    (3, False): (1, 2),
    (3, True): (1, 2),
    (4, False): (3, 5),
    (4, True): (4, 6),
    (5, False): (7, 9),
    (5, True): (8, 10),
    (6, False): (12, 14),
    (6, True): (14, 16),
}
DIFFICULTY_NAMES = ("easy", "medium", "hard")
_MOVE = re.compile(r"^([1-9])((?:[UDLR]\d+)+)$")


@dataclass(frozen=True)
class RoundResult:
    queen: int
    solved: bool
    moves: int

    def text(self) -> str:
        if not self.solved:
            return f"queen {self.queen}: given up"
        return f"queen {self.queen}: solved in {self.moves} move{'s' if self.moves != 1 else ''}"


@dataclass(frozen=True)
class BeeRules(Rules):
    game_id: str = "bee"
    title: str = "Bee Donimoes"
    version: int = VERSION
    advanced: bool = False
    dice: int = 4
    moves_target: int = 0
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """A move is the die and each straight run as a direction (U, D, L, R) and a
distance: 1R3, 2R3D1 (any legal path to the same cell is accepted, and written the
shortest way); give-up ends
the round unsolved."""

    @property
    def allows_undo(self) -> bool:
        """Everything is on the table and nothing is left to chance: going back tells nothing new."""
        return True

    @property
    def num_players(self) -> int:
        return 1

    def difficulties(self) -> tuple[Difficulty, ...]:
        easy, medium = DIFFICULTY_BOUNDS[(self.dice, self.advanced)]
        return (
            Difficulty("easy", 1, easy),
            Difficulty("medium", easy + 1, medium),
            Difficulty("hard", medium + 1, 100),
        )

    def layout_par(self, layout: BeeLayout) -> int | None:
        """All rounds' shortest solutions together (None when a round is impossible)."""
        lengths = [layout.round(queen, self.advanced).solve() for queen in range(MIN_DICE, self.dice + 1)]
        return None if any(steps is None for steps in lengths) else sum(len(steps or ()) for steps in lengths)

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> BeeState:
        difficulty = self.difficulty()
        if setup is not None:
            layout = BeeLayout.parse(setup_grid(setup, "Bee Donimoes"))
        else:
            rng = random.Random(f"bones:{seed}:bee")
            if difficulty is not None:
                layout = layout_of(difficulty, lambda r: random_layout(self.dice, r), self.layout_par, rng)
            elif self.moves_target:
                layout = generate(self.dice, self.moves_target, self.advanced, rng)
            else:
                layout = random_layout(self.dice, rng)
        return BeeState.start(self, seed, layout, given=setup is not None)

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.puzzles.encoding import PuzzleEncoding

        # at most 28 legal moves in random games (a die's reach)
        return PuzzleEncoding(self.game_id, 256, relative)

    def parse_move(self, text: str) -> PuzzleMove:
        word = text.strip().upper().replace(" ", "")
        if word == GIVE_UP.upper():
            return GIVE_UP_MOVE
        if not _MOVE.match(word):
            raise IllegalMoveError(
                f"not a Bee move: {text!r} (write the die and its path, like 1R3 or 2R3D1, or give-up)"
            )
        return PuzzleMove(word)

    def describe(self) -> str:
        rule = (
            "advanced rule: only the blank of the queen's domino is wild"
            if self.advanced
            else "basic rule: every free blank is wild"
        )
        return page_with_table(PAGE, [f"{self.dice} dice", f"the {rule}"])


@dataclass(frozen=True, eq=False)
class BeeState(State):
    over_message = "the puzzle is over"
    rules: BeeRules
    seed: int
    moves: tuple[Move, ...]
    layout: BeeLayout
    queen: int
    cells: tuple[int, ...]  # dice 1..queen-1
    round_moves: int = 0
    results: tuple[RoundResult, ...] = ()
    over: bool = False
    given: bool = False

    @classmethod
    def start(cls, rules: BeeRules, seed: int, layout: BeeLayout, given: bool) -> BeeState:
        state = cls(rules, seed, (), layout, MIN_DICE, tuple(layout.starts[1:MIN_DICE]), given=given)
        return state._settle()

    def _settle(self) -> BeeState:
        """Rounds already connected at their start are solved in 0 moves."""
        state = self
        while not state.over and state.round.connected(state.round.occupied(state.cells)):
            state = state._next_round(RoundResult(state.queen, True, state.round_moves))
        return state

    def _next_round(self, result: RoundResult) -> BeeState:
        results = self.results + (result,)
        if self.queen >= self.layout.dice:
            return replace(self, results=results, over=True)
        queen = self.queen + 1
        return replace(self, results=results, queen=queen, cells=tuple(self.layout.starts[1:queen]), round_moves=0)

    @property
    def round(self) -> BeeRound:
        return self.layout.round(self.queen, self.rules.advanced)

    def setup(self) -> Mapping[str, Any] | None:
        return {"grid": self.layout.text()}

    def par(self) -> int | None:
        return self.rules.layout_par(self.layout)

    # -- the State interface ----------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.over else 0

    @property
    def legal_moves(self) -> tuple[Move, ...]:
        if self.over:
            return ()
        rnd = self.round
        occ = rnd.occupied(self.cells)
        out: list[Move] = []
        for die, target in rnd.moves_from(self.cells):
            out.append(PuzzleMove(f"{die}{rnd.path(self.cells[die - 1], target, occ)}"))
        out.append(GIVE_UP_MOVE)
        return tuple(out)

    @property
    def is_over(self) -> bool:
        return self.over

    @cached_property
    def outcome(self) -> Outcome | None:  # type: ignore[override]  # once a state: it may solve the rounds given up
        if not self.over:
            return None
        solved = sum(r.solved for r in self.results)
        parts = [r.text() for r in self.results]
        for r in self.results:
            if not r.solved:
                steps = self.layout.round(r.queen, self.rules.advanced).solve()
                parts.append(
                    f"queen {r.queen} was impossible"
                    if steps is None
                    else f"queen {r.queen} had a {len(steps)}-move solution"
                )
        won = solved == len(self.results)
        return Outcome((0,) if won else (), (solved,), "; ".join(parts))

    def play(self, move: Move | str) -> BeeState:
        move = self.accept(move, PuzzleMove)
        text = self.rules.parse_move(move.text).text
        if text == GIVE_UP:
            return (
                replace(self, moves=self.moves + (move,))
                ._next_round(RoundResult(self.queen, False, self.round_moves))
                ._settle()
            )
        match = _MOVE.match(text)
        assert match is not None
        die = int(match[1])
        if die == self.queen:
            raise IllegalMoveError(f"die {die} is the queen bee, and the queen never moves")
        if die > self.queen:
            raise IllegalMoveError(f"die {die} is not in this round (the queen is die {self.queen})")
        rnd = self.round
        target = self._target(die, match[2])
        # Every legal path to the same cell is the same move (the book itself prints some with more turns than
        # needed); records and the faces keep its shortest spelling.
        written = f"{die}{rnd.path(self.cells[die - 1], target, rnd.occupied(self.cells))}"
        cells = self.cells[: die - 1] + (target,) + self.cells[die:]
        state = replace(self, moves=self.moves + (PuzzleMove(written),), cells=cells, round_moves=self.round_moves + 1)
        if rnd.connected(rnd.occupied(cells)):
            return state._next_round(RoundResult(self.queen, True, state.round_moves))._settle()
        return state

    def _target(self, die: int, path: str) -> int:
        rnd = self.round
        try:
            return rnd.follow(die, self.cells[die - 1], path, rnd.occupied(self.cells))
        except BeeMoveError as error:
            raise IllegalMoveError(str(error)) from None

    def normalize(self, text: str) -> Move:
        """The listed move for any path the rules allow (``1D2L1`` may be listed as ``1L1D2``)."""
        move = self.rules.parse_move(text)
        match = _MOVE.match(move.text)
        if match is None or self.over or not 1 <= int(match[1]) < self.queen:
            return move
        die = int(match[1])
        target = self._target(die, match[2])
        rnd = self.round
        return PuzzleMove(f"{die}{rnd.path(self.cells[die - 1], target, rnd.occupied(self.cells))}")

    def solve(self) -> list[Move]:
        """A shortest way from here to the end: each round's shortest solution (``give-up`` where impossible)."""
        out: list[Move] = []
        if self.over:
            return out
        rnd = self.round
        steps = rnd.solve(self.cells)
        out += [GIVE_UP_MOVE] if steps is None else [PuzzleMove(m) for m in rnd.notation(steps, self.cells)]
        for queen in range(self.queen + 1, self.layout.dice + 1):
            later = self.layout.round(queen, self.rules.advanced)
            steps = later.solve()
            out += [GIVE_UP_MOVE] if steps is None else [PuzzleMove(m) for m in later.notation(steps)]
        return out

    def appraise(self, seconds: float = 1.0) -> list[tuple[Move, float | None]]:
        """Each legal move with the fewest moves that finish this round after it (the move
        included; None: the round can no longer be solved, or giving up), fewest first."""

        def left_after(after: BeeState) -> int | None:
            if after.over or after.queen != self.queen:
                return 0
            steps = after.round.solve(after.cells)
            return None if steps is None else len(steps)

        return moves_to_goal(self, left_after)

    def dice(self) -> dict[int, int]:
        out = {k: cell for k, cell in enumerate(self.cells, start=1)}
        out[self.queen] = self.layout.starts[self.queen]
        return out

    def observation(self, seat: int) -> PuzzleObservation:
        position = {
            "grid": self.layout.text(),
            "queen": self.queen,
            "dice": {str(k): self.layout.cell_name(c) for k, c in self.dice().items()},
            "round_moves": self.round_moves,
            "results": [r.text() for r in self.results],
        }
        return seat_view(
            self, seat, "bee", position, lambda: self.solve()[0], self.appraise, "moves to finish the round"
        )

    def client_view(self, seat: int) -> dict[str, Any]:
        from bones.puzzles.bee.view import client_view

        return client_view(self, seat)

    def render(self, seat: int | None = None) -> str:
        grid = self.layout.grid()
        if self.over:
            drawn = grid.text()
        else:
            dice = {k: divmod(c, self.layout.width) for k, c in self.dice().items()}
            drawn = grid.marked_text(dice=dice_marker(dice, self.layout.height))
        head = f"Bee Donimoes ({'advanced' if self.rules.advanced else 'basic'} rule)"
        if self.over:
            head += f": over. {self.outcome.reason if self.outcome else ''}"
        else:
            head += f", queen {self.queen}, {self.round_moves} moves this round"
        done = [r.text() for r in self.results]
        return "\n".join([head] + (["  " + "; ".join(done)] if done else []) + [drawn.rstrip()])


def _make(advanced: bool = False, dice: int = 4, moves: int = 0, difficulty: str = RANDOM_DEAL) -> BeeRules:
    if moves and difficulty != RANDOM_DEAL:
        raise GameOptionError(f"bee: a layout is generated to {moves} moves or to a difficulty, not both")
    return BeeRules(
        advanced=advanced,
        dice=dice,
        moves_target=moves,
        options={"advanced": advanced, "dice": dice, "moves": moves, DIFFICULTY: difficulty},
    )


register(
    GameInfo(
        "bee",
        "Bee Donimoes",
        "puzzle",
        _make,
        (
            Option("advanced", False, "only the blank on the queen bee's domino is wild"),
            Option(
                "dice", 4, "number of dice, 3-6 (the dominoes up to that number are used)", check=lambda v: 3 <= v <= 6
            ),
            Option(
                "moves",
                0,
                "0: a random deal; n: a generated layout whose last round needs n moves",
                check=lambda v: 0 <= v <= 12,
            ),
            difficulty_option(DIFFICULTY_NAMES),
        ),
        "move the dice into a connected swarm around the queen bee",
        layouts=BeeLayouts(),
        # the book's problems are for the advanced rule
        problems=lambda: book_problems("bee", advanced=True),
        board="bee",
        tagline="A puzzle: swarm the dice around the queen bee",
    )
)

__all__ = ["BeeRules", "BeeState", "GridFormatError"]
