"""Tetradominoes (Don Kirkby, "Donimoes"; reference/donimoes/tetradominoes.md, RULES.md section 3).

Play matching dominoes in a grid, then try to play the tetromino shapes on top.

| | |
|---|---|
| players | 1 (solitaire, Level 1 or 2), 2, 3, or 4 as two pairs sitting crosswise (seats 0+2, 1+3) |
| equipment | a double-six set; seven two-sided tetrominoes, one shared pool |
| deal | 4 dominoes each, hidden; the rest is the pile |
| a turn | play one domino that touches a matching uncovered number; then you may lay one tetromino on it |
| stuck | reveal two hidden dominoes and draw one, until you can play; then reveal all and pass |
| refill | at the end of every turn, a passed one included, a player holding fewer than four dominoes draws one |
| winning | 2 and 4 players: the first player or pair to lay 4 tetrominoes; 3 players: 3 |
| tournament | games until a player or pair has 7 points, one point per tetromino laid |

**Dominoes.** The first domino can be anything. Every later domino must have a
number next to (sharing an edge with) the same number on an uncovered cell of a
domino already played; its other number may touch anything. When no number on
the table is uncovered, a domino only has to touch a covered number. A player
who cannot play reveals two hidden dominoes (their choice) and draws one,
repeating until they can play; when the pile is empty or they hold fewer than
two hidden dominoes they reveal all their hidden dominoes and pass. Revealed
dominoes stay face up until played.

**Tetrominoes.** Right after playing a domino a player may lay one tetromino.
It covers one or both numbers of that domino, lies wholly on uncovered numbers of
dominoes, covers only numbers that are on that domino, and must not share an
edge with a tetromino of the same colour (corners may touch). With 2 or 4
players the light token (the first player, and with 4 players their partner)
lays tetrominoes light side up and the dark token dark side up; with 3 players
everyone lays them light side up and marks them with their own tokens. With 4
players, after a tetromino is laid the two opponents of its player may trade one
domino each.

**The pieces** (RULES.md, decision): the seven shapes the rules draw, L S I J Z T O,
each a one-sided tetromino on its light side and its mirror image on its dark
side. A piece may be turned around on the table; turning it over changes its
colour and its handedness, so the dark side of L shows a J, of J an L, of S a Z
and of Z an S. Pieces are named by their light side.

**Solitaire.** The same rules, but tetrominoes may be laid either side up, and a
tetromino that can be laid on the domino just played must be laid. When no
domino can be played, discard a tetromino (it counts as unplayed), draw up to
four dominoes, put as many back in the pile and shuffle it. Level 1 scores
B×W + 7×X (B black, W white, X unplayed tetrominoes) and is won below 10;
Level 2 adds the number of cells along the longest side of the rectangle around
the dominoes played and is won below 15.

Move notation: see ``bones.tetradominoes.moves`` (``4:6@1,2>``, ``3:6@0,2v``,
``J/light@0,1 1,1 1,2 1,3``, ``skip``, ``reveal 5:5 3:1``, ``pass``, ``give 5:5``,
``keep``, ``discard T``, ``return 5:5``). Cells are ``row,col``; the first domino
lies on 0,0 and 0,1.

Decisions where the texts are silent:

1. Seat 0 plays first. In a tournament the first player moves one seat to the
   left every game, and the tokens follow the first player (2 players: the
   first player is light; 4 players: the first player and their partner).
2. The first domino is laid on cells 0,0 and 0,1: the table can be turned, so
   where and which way it lies changes nothing.
3. "Adjacent" and "right next to each other" mean sharing an edge.
4. With 2-4 players laying a tetromino is optional (the solitaire's "you must"
   is its own rule): ``skip`` declines. At most one tetromino per turn.
5. The refill draw (fewer than four dominoes: draw one) comes at the end of
   every turn, after the tetromino, and after a pass too: the text puts it after
   the passing rule with no condition, and nothing in it says otherwise. In a
   dealt game it never draws after a pass (a hand only shrinks by a play, every
   play is followed by the refill, and being stuck only draws, so whenever the
   pile is not empty every hand holds four or more); it matters in set-up
   positions with smaller hands.
6. The player who passes shows every hidden domino (a domino then drawn by the
   refill is hidden). When every player has passed in a row, none of them
   drawing, the game is blocked and ends: the player or pair with the most
   tetrominoes wins; equal counts are a draw (nobody wins).
7. With 3 players all tetrominoes are light, so no two tetrominoes may share an
   edge. A game for 3 in a tournament ends at the third tetromino (a player has
   three tokens).
8. The 4-player trade is an exchange of one domino each: the opponent who plays
   last of the pair offers first (``give``), then the next player answers with a
   domino of their own (``give``: the exchange happens) or declines (``keep``:
   the offer goes back). Either may ``keep`` at once. A traded domino stays
   hidden or revealed as it was; the other pair sees that a trade happened and
   only the revealed dominoes in it.
9. Solitaire: "draw up to four" draws four (all that remain if fewer), then the
   player puts the same number back one at a time (``return``), and the pile is
   shuffled. The game ends when every tetromino is laid or discarded, or when
   no domino is left in hand or pile (the rest count as unplayed). The score is
   the game's result: ``outcome.scores`` holds it, and ``winners`` is seat 0 only
   when it is under the level's mark.
10. Tournament points are counted the moment a tetromino is laid, so the
    tournament ends at once when a player or pair reaches 7; blocked games score
    their tetrominoes too.

Explicit setups (tests, positions): ``new_game(setup={...})`` with ``hands`` (one list
of hidden dominoes per seat), optional ``revealed`` (per seat), ``boneyard`` (the pile,
first drawn first; when given, dominoes named nowhere are set aside, else they form
the pile in a seeded order), ``board`` (domino moves in play order, not checked
against the matching rule), ``tetrominoes`` (tetromino moves, or ``{"move": ..,
"seat": ..}``), ``discarded`` (solitaire: piece letters), ``first``, ``to_move``,
``game`` and ``scores`` (tournament points per side).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bones.encoding import Encoding
from bones.game import GameOptionError, Option, Rules
from bones.registry import GameInfo, register
from bones.rulebook import page_with_table
from bones.tetradominoes.kernel import (
    Spec,
)
from bones.tetradominoes.moves import TetraMove, parse_move
from bones.tetradominoes.page import PAGE
from bones.tetradominoes.pieces import ANY_COLOUR, DARK, LIGHT
from bones.tetradominoes.state import (
    SOLITAIRE_MARK,
    TOURNAMENT_TARGET,
    TetraState,
)

VERSION = 2  # 2: the refill draw ends a passed turn too
GAME_ID = "tetradominoes"
FAMILY = "tetradominoes"


@dataclass(frozen=True)
class TetraRules(Rules):
    game_id: str
    title: str
    version: int
    players: int
    tournament: bool
    solitaire_level: int
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def move_help(self) -> str:
        return """Cells are row,col; the first domino lies on 0,0 and 0,1. 4:6@1,2> lays 4 on 1,2
and 6 to its right (v: below, < left, ^ above); J/light@0,1 1,1 1,2 1,3 lays the
tetromino J light side up on those cells; skip lays none; reveal 5:5 3:1 shows two
hidden dominoes when stuck; pass; give 5:5 / keep (the 4-player trade); discard T
and return 5:5 (the solitaire)."""

    @property
    def num_players(self) -> int:
        return self.players

    def in_pairs(self) -> bool:
        return self.teams

    @property
    def teams(self) -> bool:
        return self.players == 4

    @property
    def target(self) -> int:
        """Tetrominoes that win a game (0: the solitaire)."""
        return {1: 0, 2: 4, 3: 3, 4: 4}[self.players]

    def first_player(self, game_no: int) -> int:
        return (game_no - 1) % self.players

    def colours(self, first: int) -> tuple[int, ...]:
        if self.players == 1:
            return (ANY_COLOUR,)
        if self.players == 3:
            return (LIGHT,) * 3
        return tuple(LIGHT if (seat - first) % 2 == 0 else DARK for seat in range(self.players))

    def spec(self, first: int) -> Spec:
        return Spec(self.players, self.sides, self.colours(first), self.target)

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> TetraState:
        return TetraState.start(self, seed, setup)

    def parse_move(self, text: str) -> TetraMove:
        return parse_move(text)

    def encoding(self, relative: bool = False) -> Encoding:
        from bones.tetradominoes.encoding import TetraEncoding

        return TetraEncoding(self, relative)

    def describe(self) -> str:
        if self.players == 1:
            lines = [f"the solitaire, Level {self.solitaire_level}: won under {SOLITAIRE_MARK[self.solitaire_level]}"]
        else:
            lines = [f"{self.players} players" + (", two pairs with partners sitting opposite" if self.teams else "")]
            lines.append(f"a game is won with {self.target} tetrominoes")
            if self.tournament:
                lines.append(f"a tournament to {TOURNAMENT_TARGET} points")
        return page_with_table(PAGE, lines)


def _make(**options: Any) -> TetraRules:
    players = options.get("players", 2)
    tournament = bool(options.get("tournament", False))
    level = options.get("solitaire_level", 1)
    if players == 1 and tournament:
        raise GameOptionError(f"{GAME_ID}: the tournament needs 2-4 players")
    if players != 1 and "solitaire_level" in options:
        raise GameOptionError(f"{GAME_ID}: solitaire_level is for 1 player (players=1)")
    return TetraRules(GAME_ID, "Tetradominoes", VERSION, players, tournament, level, options=dict(options))


INFO = GameInfo(
    GAME_ID,
    "Tetradominoes",
    FAMILY,
    _make,
    (
        Option("players", 2, "number of players (1: the solitaire)", choices=(1, 2, 3, 4)),
        Option("tournament", False, "play games until a player or pair has 7 points (2-4 players)"),
        Option("solitaire_level", 1, "solitaire scoring: Level 1, or Level 2 (adds the longest side)", choices=(1, 2)),
    ),
    "Play matching dominoes in a grid, then try to play the tetromino shapes on top.",
    board="tetradominoes",
    tagline="Match dominoes in a grid, then lay tetrominoes on the numbers",
)
register(INFO)
