"""The six line-of-play games of RULES.md section 1: the developers' notes on each (``*_DOC``) and
the rules pages for players (``bones.line.pages``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bones.game import Option
from bones.line.kernel import SPINNER_EVERY, SPINNER_FIRST, SPINNER_NONE
from bones.line.pages import BLOCK_PAGE, DRAW_PAGE, PARTNERSHIP_PAGE
from bones.line.pages_scoring import ALLFIVES_PAGE, CLASSIC_PAGE, KOZEL_PAGE, MUGGINS_PAGE
from bones.line.rules import FIVES, HIGHEST_DOUBLE, KOZEL, MUGGINS, ONE_ONE, PIPS_TO_WINNER, TOP_DOUBLE, LineRules
from bones.registry import GameInfo, Variant, register

VERSION = 1

DRAW_DOC = """\
Draw dominoes (seeds 004 and 002).

2-4 players; 7 tiles each with 2 players, 5 each with 3-4. You must play if you
can. When you cannot, you draw from the boneyard one tile at a time until you
can play; when the boneyard is empty you pass (option `reserve`: the last 2
tiles with 2 players, the last tile with 3-4, are never drawn, as in seed 002).
The first hand is opened by the holder of the highest double, with it (no
double dealt: the heaviest tile, the higher number breaking ties); later hands
by the winner of the previous hand with any tile, and after a blocked hand that
nobody won, by the player after the previous opener. The player who goes out
scores the pips left in all other hands. A blocked hand is won by the lowest
pip count: with 2 players the winner scores the difference, with 3-4 the total
of the other hands; equal lowest counts score nothing. First to 100.

Option `teams` (4 players): the partnership game described on Block's page,
with drawing; in double-nine (`set=9`) 10 tiles each and 15 to draw from.
"""

BLOCK_DOC = """\
Block dominoes (seeds 004 and 002).

As Draw, but a player who cannot play passes; the undealt tiles are never used.
First to 100.

Partnership (option `teams`, 4 players): the Latin and Cuban game.
- Seats 0 and 2 play against 1 and 3 (partners sit opposite); play goes round
  the table in seat order. Points belong to the pair.
- Double-six: all 28 tiles are dealt, 7 each. Cuban (option `set=9`): 10 each
  from the double-nine, the other 15 stay face down and are never used (with
  `draw` they are drawn from, as in Draw).
- The first hand is opened by the holder of the highest double dealt, with it
  (double-six: always 6:6). Later hands are opened with any tile by the winner of
  the previous hand.
- You must play if you can; otherwise you pass.
- A player who goes out wins the hand for the pair, which scores the pips of all
  four hands (the partner's too).
- A blocked hand (nobody can play) is won by the pair with fewer pips in its two
  hands; it scores the pips of all four hands. It is the player who laid the last
  tile who opens the next hand if that player's pair won, else the next player
  (who belongs to the winning pair).
- Equal pairs in a blocked hand (decision): nobody scores, and the player who
  opened this hand opens the next one too. These are the rules of the PyPI package
  `dominoes`, and a test replays its games move for move.
- The match is to 100 (option `target`; Cuban tables usually play to 200).
"""

ALLFIVES_DOC = """\
All Fives (seed 004).

2 players (3-4 allowed, 5 tiles each), 7 tiles each, drawing as in Draw. After
every play the open ends are added up: a double lying across an end counts both
halves (6:6 counts 12), and a single first tile counts both its numbers. If the
total is a multiple of 5, the player who made it scores it at once. When the
hand ends the winner also scores the other hands' pips rounded to the nearest 5
(27 -> 25, 28 -> 30); in a blocked hand, the sum over the other hands of the
difference to the winner's pips (decision: for 2 players this is the plain
difference). First to 150, won at once, even in the middle of a hand. Option
`spinner`: the first double becomes a spinner; its short sides open once both
long sides are taken, every arm's end counts, and the spinner counts both halves
until both long sides are taken.
"""

MUGGINS_DOC = """\
Muggins (seed 002).

2-4 players, 5 tiles each, drawing as in Draw, but the boneyard is exhausted at
2 tiles (2 players) or 1 tile (3-4 players). Ends are counted as in All Fives;
each multiple of 5 scores 1 point per 5 (15 -> 3). The player who goes out, or
the lightest hand of a blocked game, adds the other hands' pips divided by 5,
rounded to the nearest point (decision). First to 61 (decision), won at once
even mid-hand, as in All Fives (decision). Option `teams` (4 players): seats 0
and 2 against 1 and 3, points pooled; the other pair's two hands are counted,
and a blocked hand is won by the lighter pair (decision). Option `spinner` as in
All Fives.
"""

KOZEL_DOC = """\
Kozel, "the goat" (seed 004).

4 players in two pairs sitting crosswise (seats 0 and 2 against 1 and 3); all
28 tiles dealt, 7 each; a player who cannot play passes. The first hand is
opened with 1:1 by its holder; later hands by the player who went out or who
played the tile that made the fish (blocked hand). Only the losing pair writes
points, so low is good. When a player goes out the other pair writes the pips
left in both its hands. In a fish each pair adds up its pips; the lighter pair
wins the hand (whoever made the fish) and the heavier pair writes its own
total. A hand holding only 0:0 counts 25 (decision: also when pair totals are
compared in a fish). Equal totals: nobody writes and nobody wins the hand
("eggs"), and that total is added to what the losers of the next hand write
(eggs pile up); the fish maker still opens the next hand. Hand sheets name the
winning pair (its lighter hand as the seat), and "hands won" counts for it. The first pair to reach 101 is the goat and loses;
if the winners are still on 0 it is a dry goat.
"""

CLASSIC_DOC = """\
Classic dominoes with branching doubles (seed 003).

2-4 players, 7 tiles each; with 4 players all 28 are dealt and a stuck player
passes, with 2-3 players a stuck player draws from the boneyard. Every hand is
opened by the holder of 6:6 with it; if nobody holds it, the highest double
dealt; if no double was dealt, the heaviest tile. Play goes counter-clockwise
(seat order reversed). Every double is laid across and becomes a spinner: once
the tile beyond it is played, its two short sides open as new arms. The player
who goes out scores the pips in all other hands; a blocked hand is won by the
lightest hand, which scores the total of the others. First to 200.
"""

DOUBLE_SIX_SIZES = {"draw": (7, 5), "block": (7, 5), "allfives": (7, 5), "muggins": (5, 5), "classic": (7, 7)}
# Decision: bigger sets deal bigger hands, as players of double-nine and double-twelve do.
BIG_SET_SIZES = {9: (10, 8), 12: (12, 11)}


# The partnership game deals 7 from double-six (all 28) and 10 from double-nine (Cuban).
PARTNERSHIP_SIZES = {6: 7, 9: 10, 12: 11}


def _default_hand_size(game_id: str, players: int, max_pip: int, teams: bool = False) -> int:
    if teams and game_id in ("draw", "block"):
        return PARTNERSHIP_SIZES[max_pip]
    if game_id == "kozel" or (game_id == "classic" and players == 4):
        tiles = (max_pip + 1) * (max_pip + 2) // 2
        return tiles // 4
    two, more = DOUBLE_SIX_SIZES[game_id] if max_pip == 6 else BIG_SET_SIZES[max_pip]
    if game_id == "muggins" and max_pip != 6:
        two, more = two - 3, more - 3
    return two if players == 2 else more


def _players_option(default: int = 2) -> Option:
    return Option("players", default, "number of players", choices=(2, 3, 4))


SET = Option("set", 6, "the domino set: double-6, double-9 or double-12", choices=(6, 9, 12))
TEAMS = Option("teams", False, "4 players as two pairs, partners sitting opposite: the partnership game")
HAND_SIZE = Option(
    "hand_size",
    0,
    "tiles dealt to each player (0: the game's usual deal)",
    check=lambda v: isinstance(v, int) and 0 <= v <= 30,
)


def _target(default: int) -> Option:
    return Option(
        "target", default, "points that end the match", check=lambda v: isinstance(v, int) and 1 <= v <= 10_000
    )


def _make(game_id: str, title: str, doc: str, **fixed: Any) -> Callable[..., LineRules]:
    def make(**options: Any) -> LineRules:
        chosen = dict(options)
        players = options.get("players", fixed.get("players", 2))
        max_pip = options.get("set", 6)
        teams = bool(options.get("teams", fixed.get("teams", False)))
        hand_size = options.get("hand_size", 0) or _default_hand_size(game_id, players, max_pip, teams)
        tiles = (max_pip + 1) * (max_pip + 2) // 2
        if hand_size * players > tiles:
            from bones.game import GameOptionError

            raise GameOptionError(
                f"{game_id}: {players} hands of {hand_size} need more than the {tiles} tiles of the set"
            )
        if teams and players != 4:
            from bones.game import GameOptionError

            raise GameOptionError(f"{game_id}: teams need 4 players")
        draws = fixed["draws"] if game_id != "classic" else players < 4
        reserve_rule = options.get("reserve", fixed.get("reserve", False))
        reserve = (2 if players == 2 else 1) if reserve_rule and draws else 0
        spinner = fixed.get("spinner", SPINNER_NONE)
        if options.get("spinner"):
            spinner = SPINNER_FIRST
        blocked_difference = fixed.get("blocked_difference", players == 2)
        return LineRules(
            game_id=game_id,
            title=title,
            version=VERSION,
            players=players,
            max_pip=max_pip,
            hand_size=hand_size,
            draws=draws,
            reserve=reserve,
            spinner=spinner,
            scoring=fixed["scoring"],
            blocked_difference=blocked_difference,
            target=options.get("target", fixed["target"]),
            teams=teams,
            first_opener=fixed.get("first_opener", HIGHEST_DOUBLE),
            direction=fixed.get("direction", 1),
            doc=doc,
            page=PARTNERSHIP_PAGE if teams and game_id == "block" else PAGES[game_id],
            options=chosen,
        )

    return make


PAGES = {
    "draw": DRAW_PAGE,
    "block": BLOCK_PAGE,
    "allfives": ALLFIVES_PAGE,
    "muggins": MUGGINS_PAGE,
    "kozel": KOZEL_PAGE,
    "classic": CLASSIC_PAGE,
}

# One line each for the web table's list of games.
TAGLINES = {
    "draw": "Stuck? Draw from the boneyard. First to 100.",
    "block": "No drawing: stuck means pass. First to 100.",
    "allfives": "Score the ends in fives. First to 150.",
    "muggins": "Fives count a point each. First to 61.",
    "kozel": "Two pairs. 101 points and you are the goat.",
    "classic": "Every double branches out. First to 200.",
}
# The Latin and Cuban partnership game is Block for two pairs (LineRules.partnership).
VARIANTS = {
    "block": (
        Variant(
            "partnership",
            "Partnership (Latin)",
            "4 players in two pairs; the lighter pair wins a block",
            {"players": 4, "teams": True},
        ),
    ),
}


def _info(game_id: str, title: str, doc: str, options: tuple[Option, ...], **fixed: Any) -> GameInfo:
    # Draw, the simplest game of the family and the most widely played, is where the faces start.
    return GameInfo(
        game_id,
        title,
        "line",
        _make(game_id, title, doc, **fixed),
        options,
        doc.splitlines()[0],
        board="line",
        tagline=TAGLINES[game_id],
        variants=VARIANTS.get(game_id, ()),
        default=game_id == "draw",
    )


GAMES = [
    _info(
        "draw",
        "Draw",
        DRAW_DOC,
        (
            _players_option(),
            SET,
            Option(
                "reserve", False, "the last 2 tiles of the boneyard (2 players) or the last one (3-4) are never drawn"
            ),
            TEAMS,
            _target(100),
            HAND_SIZE,
        ),
        draws=True,
        scoring=PIPS_TO_WINNER,
        target=100,
    ),
    _info(
        "block",
        "Block",
        BLOCK_DOC,
        (_players_option(), SET, TEAMS, _target(100), HAND_SIZE),
        draws=False,
        scoring=PIPS_TO_WINNER,
        target=100,
    ),
    _info(
        "allfives",
        "All Fives",
        ALLFIVES_DOC,
        (_players_option(), SET, Option("spinner", False, "the first double is a spinner"), _target(150), HAND_SIZE),
        draws=True,
        scoring=FIVES,
        target=150,
        blocked_difference=True,
    ),
    _info(
        "muggins",
        "Muggins",
        MUGGINS_DOC,
        (
            _players_option(),
            SET,
            Option("spinner", False, "the first double is a spinner"),
            Option("teams", False, "4 players as two pairs, partners sitting opposite, who pool their points"),
            Option(
                "reserve", True, "the last 2 tiles of the boneyard (2 players) or the last one (3-4) are never drawn"
            ),
            _target(61),
            HAND_SIZE,
        ),
        draws=True,
        scoring=MUGGINS,
        target=61,
        reserve=True,
        blocked_difference=False,
    ),
    _info(
        "kozel",
        "Kozel",
        KOZEL_DOC,
        (SET, _target(101), HAND_SIZE),
        players=4,
        draws=False,
        scoring=KOZEL,
        target=101,
        teams=True,
        first_opener=ONE_ONE,
    ),
    _info(
        "classic",
        "Classic",
        CLASSIC_DOC,
        (_players_option(), SET, _target(200), HAND_SIZE),
        draws=True,
        scoring=PIPS_TO_WINNER,
        target=200,
        spinner=SPINNER_EVERY,
        first_opener=TOP_DOUBLE,
        direction=-1,
        blocked_difference=False,
    ),
]

for _game in GAMES:
    register(_game)
