"""Bingo dominoes (seed 003; RULES.md section 2). Two players, a double-six set,
tiles played like cards.

The deal. Each player turns over a tile; the higher total leads the hand (equal
totals: the higher number). The tiles go back, and each player takes 7. The
leader turns a tile up: its higher number is trumps for the hand. The trump tile
stays face up at the bottom of the boneyard and is drawn last.

Tricks. The leader plays a tile, the other answers, and the winner takes both:
- the bingo 0:0 wins every trick;
- a trump (a tile showing the trump number) beats any other tile; of two trumps
  the higher total wins;
- with no trump, the higher total wins, and equal totals go to the leader.
After each trick both draw from the boneyard, the winner first, and the winner
leads. When only the face-down tile and the trump tile are left, the winner of
the trick chooses which one to take (`take-trump` or `take-hidden`); the other
player gets the other one.

Points (t = trumps):
| tile | points |
|---|---|
| t:t, the double trump | 28 |
| 0:0, the bingo | 14 (28 when 0 is trumps: it is then the double trump) |
| any other double | its total |
| any other trump | its total |
| 6:4 and 3:0 | 10, whatever the trumps |
| every other tile | 0 |

Honours. Whoever plays a double while holding at least one more may declare
honours, showing all their doubles: 2 doubles "double" 20, 3 "triple" 40, 4
"double double" 50, 5 "king" 60, 6 "emperor" 70, 7 "unbeatable" 210, and 10
more when the bingo is among them. The points count only if the declarer wins
that trick.

Closing. On your turn to lead, while a face-down tile is left in the boneyard,
you may `close`: the trump tile is turned face down and nobody draws again.
Once the match is closed, or the boneyard is empty, the answer must follow:
- a trump led must be answered with a trump;
- another tile must be answered with a tile showing its higher number, else its
  lower number, else with a trump (which wins), and only a player who can do
  none of these plays any tile (a "dud").
Before that, any tile may answer.

Sets. As soon as a player's points (captures plus scored honours) reach 70 the
hand ends and that player wins 3 sets if the other has not yet taken a trick, 2
if the other has taken a trick but has under 30 points, else 1. Taking the
double trump with the bingo wins 1 set at once (the hand goes on). A player who
closed must reach 70: if the tiles run out first, the other player wins the
sets the closer would have won at that moment. A hand that ends with nobody at
70 and nobody closed gives no sets. The first to 7 sets wins the match.

Decisions (beyond RULES.md):
- The opener of every hand is decided by a new cut, as the seed describes for
  "the hand"; all chance comes from the seed of the match.
- Honours are declared by playing the double with `+honours` (`5:5+honours`),
  leading or answering, at most once per player per hand (a declaration whose
  trick is lost is spent). The declaration shows every double in hand, and they
  stay known to the other player until played.
- Once closed or with the boneyard empty, a trump belongs only to the trump
  suit: answering 6:5 with trumps 2, the tile 6:2 does not count as a 6. The
  bingo follows its number 0 (it is a trump only when 0 is trumps). A trump led
  and no trump held: any tile may answer.
- "The sets the closer would have won at that moment": counted when the tiles
  run out, from the other player's captures and points (3 with no trick, 2
  under 30 points, else 1).
- After closing, the trump tile lies face down, but both players saw it, so the
  observation still names it (`trump_face_up` is false).
- The trump tile taken from the boneyard is known to both players to be in the
  taker's hand until played.
- A match of sets to a target other than 7 is the option `target`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bones.bingo.moves import BingoMove
from bones.bingo.page import PAGE
from bones.encoding import Encoding
from bones.game import Option, Rules
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table

if TYPE_CHECKING:
    from bones.bingo.state import BingoState

VERSION = 1

DOC = __doc__ or ""
MOVE_HELP = """6:3 plays 6:3 (to lead or to answer); 5:5+honours plays the double 5:5 and
declares honours; close closes the match before you lead; take-trump / take-hidden
choose between the trump tile and the last face-down tile."""


@dataclass(frozen=True)
class BingoRules(Rules):
    game_id: str = "bingo"
    title: str = "Bingo dominoes"
    version: int = VERSION
    target: int = 7
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def num_players(self) -> int:
        return 2

    def match_target(self) -> int:
        return self.target

    @property
    def move_help(self) -> str:
        return MOVE_HELP

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> BingoState:
        from bones.bingo.state import BingoState

        return BingoState.start(self, seed, setup)

    def parse_move(self, text: str) -> BingoMove:
        return BingoMove.parse(text)

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.bingo.encoding import BingoEncoding

        return BingoEncoding(relative)

    def describe(self) -> str:
        return page_with_table(PAGE, [f"first to {self.target} sets"])


def make(**options: Any) -> BingoRules:
    return BingoRules(target=options.get("target", 7), options=dict(options))


INFO = GameInfo(
    "bingo",
    "Bingo dominoes",
    "bingo",
    make,
    (
        Option(
            "target",
            7,
            "sets that win the match",
            check=lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 50,
        ),
    ),
    "Bingo dominoes: tiles as cards, trumps, tricks, honours; first to 7 sets",
    board="bingo",
    tagline="Tiles as cards: trumps, tricks and honours, first to 70",
)
register(INFO)
