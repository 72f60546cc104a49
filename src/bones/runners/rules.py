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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bones.encoding import Encoding
from bones.game import Rules
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table
from bones.runners.moves import RunnerMove
from bones.runners.page import PAGE
from bones.runners.state import RunnersState

VERSION = 1


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

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.runners.encoding import RunnersEncoding

        return RunnersEncoding(relative)

    def describe(self) -> str:
        return page_with_table(PAGE, ["2 players, the whole double-six set in 7 rows of 8 squares, 10 checkers each"])


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
        board="runners",
        tagline="Run in a V, drop checkers on the numbers, jump the other's",
    )
)
