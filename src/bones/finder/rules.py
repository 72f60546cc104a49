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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bones.encoding import Encoding
from bones.finder.moves import (
    FinderMove,
)
from bones.finder.page import PAGE
from bones.finder.state import FinderState
from bones.game import Option, Rules
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table

VERSION = 1
TREASURES_TO_WIN = {2: 5, 3: 4, 4: 3}


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

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.finder.encoding import FinderEncoding

        return FinderEncoding(self, relative)

    def describe(self) -> str:
        return page_with_table(PAGE, [f"{self.players} players", f"treasures to win: {self.to_win}"])


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
        board="finder",
        tagline="Flip face-down dominoes to find the treasure, and mind the blanks",
    )
)
