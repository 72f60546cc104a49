"""Computer players for Domino Finder: Easy, Normal, Hard and Crazy.

Every flip is public, so an observation holds the whole game's history; what
sets the levels apart is how much of it they keep (RULES.md section 3: Easy
forgets most of what it saw, Crazy forgets nothing) and how well they reason
with what they keep.

Memory: the face-up dominoes are in plain sight; what a player must remember is
a domino seen earlier and turned face down again (traps after a treasure, and
face-up dominoes named by a treasure roll). Each level keeps such a domino with
a chance that falls with the number of flips since it went face down. Whether a
level keeps a given domino is a fixed function of the seat, the domino, when it
was hidden and the game's opening rolls, so a bot never recalls what it forgot,
and the same game always gives the same choices.

| level | remembers a re-hidden domino | chooses |
|---|---|---|
| Easy | 35% for 4 flips, then nothing | the remembered treasure, else any square not remembered as a blank |
| Normal | 75% for 10 flips, 40% until 25, then nothing | the remembered treasure, else a domino it has not seen, off remembered blanks |
| Hard | 80% for 15 flips, then 50% | the most likely treasure among unseen dominoes, off likely traps (each row has one blank domino) |
| Crazy | everything | the exact chance of treasure and of a trap on each square given all it saw (rows of one blank domino, the blanks left, which end is blank), weighing a lost turn against the chance to find |
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bones.bots import Bot, BotFactory, Estimate, register_analyser, register_bot
from bones.bots.review import ReviewHooks, Scale, register_review
from bones.finder.board import DOMINOES, DOWN, ROW_OF_DOMINO, ROWS, UP
from bones.finder.moves import FinderMove, Roll
from bones.finder.state import FinderObservation
from bones.game import Observation, Rules
from bones.tiles import Tile, pip_set

FAMILY = "finder"
BLANK_TILES = tuple(t for t in pip_set(6).tiles if t.has(0))
DOUBLE_BLANK = Tile.of(0, 0)

# (up to this many flips since the domino went face down, chance to keep it); beyond the last: forgotten.
RETENTION: dict[str, tuple[tuple[int, float], ...]] = {
    "easy": ((4, 0.35),),
    "normal": ((10, 0.75), (25, 0.4)),
    "hard": ((15, 0.8), (10**9, 0.5)),
    "crazy": ((10**9, 1.0),),
}


def retention(level: str, age: int) -> float:
    for limit, chance in RETENTION[level]:
        if age <= limit:
            return chance
    return 0.0


def _mix(*values: int) -> float:
    """A fixed pseudo-random number in [0, 1) for ``values`` (splitmix64 steps)."""
    state = 0x9E3779B97F4A7C15
    for value in values:
        state = (state ^ (value & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        state = (state ^ (state >> 31)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        state ^= state >> 29
    return state / 2**64


def _game_key(observation: FinderObservation) -> int:
    """A number that differs from game to game: the opening rolls."""
    key = 0
    for event in observation.history[:6]:
        if isinstance(event, Roll):
            key = key * 37 + event.dice[0] * 6 + event.dice[1]
    return key


def remembered(observation: FinderObservation, level: str) -> dict[int, tuple[int, int]]:
    """The face-down dominoes this level still remembers, with their numbers."""
    flips = observation.flips
    key = _game_key(observation)
    salt = list(RETENTION).index(level)
    out = {}
    for position, sighting in observation.sightings().items():
        chance = retention(level, flips - sighting.hidden_after)
        if chance >= 1.0 or _mix(key, observation.seat, position, sighting.hidden_after, salt) < chance:
            out[position] = sighting.numbers
    return out


class Belief:
    """What a player can work out from the face-up dominoes and the face-down ones it remembers.

    The layout puts exactly one domino with a blank in each row and everything
    else at random, so given what was seen, each row whose blank domino is not
    known has it on one of its unknown dominoes with equal chance, and the other
    unknown tiles (the treasure among them) are spread evenly over the remaining
    unknown places.
    """

    def __init__(self, observation: FinderObservation, memory: dict[int, tuple[int, int]]) -> None:
        faces, shown = observation.faces, observation.shown
        known: dict[int, tuple[int, int]] = dict(memory)
        for position in range(DOMINOES):
            if faces[position] == UP:
                a, b = shown[2 * position], shown[2 * position + 1]
                assert a is not None and b is not None
                known[position] = (a, b)
        self.known = known
        self.unknown = [p for p in range(DOMINOES) if faces[p] == DOWN and p not in known]
        blank_rows = {ROW_OF_DOMINO[p] for p, numbers in known.items() if 0 in numbers}
        unknown_in_row = [0] * ROWS
        for position in self.unknown:
            unknown_in_row[ROW_OF_DOMINO[position]] += 1
        self.blank_domino = {
            p: 0.0 if ROW_OF_DOMINO[p] in blank_rows else 1.0 / unknown_in_row[ROW_OF_DOMINO[p]] for p in self.unknown
        }
        seen_tiles = {Tile.of(*numbers) for numbers in known.values()}
        pool_blanks = [t for t in BLANK_TILES if t not in seen_tiles]
        if pool_blanks:
            double = DOUBLE_BLANK in pool_blanks
            self.near_blank = (double + (len(pool_blanks) - double) / 2) / len(pool_blanks)
        else:
            self.near_blank = 0.0
        self.treasure = observation.treasure
        self.treasure_at = next((p for p, n in known.items() if Tile.of(*n) == self.treasure), None)
        self.places = max(1, len(self.unknown) - len(pool_blanks))  # unknown places holding a tile without a blank

    def is_known(self, position: int) -> bool:
        return position in self.known

    def treasure_chance(self, position: int) -> float:
        if self.treasure_at is not None:
            return 1.0 if position == self.treasure_at else 0.0
        if position in self.known:
            return 0.0
        return (1.0 - self.blank_domino[position]) / self.places

    def trap_chance(self, square: int) -> float:
        position = square // 2
        numbers = self.known.get(position)
        if numbers is not None:
            return 1.0 if numbers[square % 2] == 0 else 0.0
        return self.blank_domino[position] * self.near_blank


class FinderBot:
    """One level of Domino Finder player."""

    def __init__(self, level: str) -> None:
        self.level = level

    def choose(self, observation: FinderObservation, rng: random.Random) -> FinderMove:
        moves = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        belief = Belief(observation, remembered(observation, self.level))
        if belief.treasure_at is not None:
            for move in moves:
                if move.square // 2 == belief.treasure_at:
                    return move
        value = getattr(self, f"_{self.level}")
        return max(moves, key=lambda m: (value(belief, m), rng.random()))

    @staticmethod
    def _easy(belief: Belief, move: FinderMove) -> float:
        numbers = belief.known.get(move.square // 2)
        return -1.0 if numbers is not None and numbers[move.square % 2] == 0 else 0.0

    @staticmethod
    def _normal(belief: Belief, move: FinderMove) -> float:
        position = move.square // 2
        numbers = belief.known.get(position)
        if numbers is None:
            return 1.0
        return -1.0 if numbers[move.square % 2] == 0 else 0.0

    @staticmethod
    def _hard(belief: Belief, move: FinderMove) -> float:
        position = move.square // 2
        if belief.is_known(position):
            return belief.treasure_chance(position) - belief.trap_chance(move.square)
        # Unseen dominoes all look alike for the treasure; a likely trap is worth avoiding.
        return 1.0 / max(1, len(belief.unknown)) - 0.5 * belief.trap_chance(move.square) / belief.places

    @staticmethod
    def _crazy(belief: Belief, move: FinderMove) -> float:
        found = belief.treasure_chance(move.square // 2)
        # A trap costs the next turn: about one more flip for the others, each finding with ~1/places.
        return found - (1.0 - found) * belief.trap_chance(move.square) * CRAZY_TRAP_WEIGHT / belief.places


CRAZY_TRAP_WEIGHT = 1.5


def analyse(rules: Rules, observation: Observation, rng: random.Random, seconds: float) -> list[Estimate]:
    """Crazy's weighing of every square the pawn can reach, from all that the seat saw: the exact
    chance of the treasure there, less what a trap's lost turn costs (Finder's search is exact,
    so the budget does not matter)."""
    assert isinstance(observation, FinderObservation)
    belief = Belief(observation, remembered(observation, "crazy"))
    estimates = [
        Estimate(move, FinderBot._crazy(belief, move), "treasure chance less trap cost", None)
        for move in observation.legal_moves
    ]
    estimates.sort(key=lambda e: -(e.value or 0.0))
    return estimates


def _factory(level: str) -> BotFactory:
    def make(_rules: Rules) -> Bot:
        return FinderBot(level)

    return make


def levels() -> Sequence[str]:
    return tuple(RETENTION)


for _level in RETENTION:
    register_bot(FAMILY, _level, _factory(_level))
register_analyser(FAMILY, analyse)
register_review(
    FAMILY,
    ReviewHooks(
        # The chance of the treasure under the square (less a trap's cost): a few points of chance.
        (Scale("treasure chance", inaccuracy=0.03, mistake=0.08, blunder=0.15),),
        not_shown="the dice decide how far each pawn walks, so even with every domino shown the game is "
        "chance; the fair verdict weighs the exact chances from what the seat saw",
    ),
)
