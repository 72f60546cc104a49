"""Computer players: one ``Bot`` interface for every game and level.

``bot_for(rules, level)`` gives the bot of that level for that game's family.
Families register their bots with ``register_bot``; a family without its own
Easy falls back to uniform random legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, TypeVar

from bones.game import Move, Observation, Rules, game_info, load_entry_points

LEVELS = ("easy", "normal", "hard", "crazy")


#: The observations a bot reads: a family's bot takes its own game's observation (``Bot[LineObservation]``);
#: the registry hands out ``Bot`` (any observation) and each game gives its bots only its own.
ObservationT = TypeVar("ObservationT", bound=Observation, contravariant=True)


class Bot(Protocol[ObservationT]):
    level: str

    def choose(self, observation: ObservationT, rng: random.Random) -> Move:
        """A legal move for ``observation.seat``, which is to move."""
        ...


class RandomBot:
    """Easy for any game: any legal move."""

    level = "easy"

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return rng.choice(observation.legal_moves)


BotFactory = Callable[[Rules], Bot]
_BOTS: dict[tuple[str, str], BotFactory] = {}

#: The entry-point group of the modules that register bots and analysers when imported
#: (pyproject.toml's ``[project.entry-points."bones.bots"]``).
BOTS_GROUP = "bones.bots"
_loaded = False


def register_bot(family: str, level: str, factory: BotFactory) -> None:
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    _BOTS[(family, level)] = factory


def _load() -> None:
    global _loaded
    if not _loaded:
        load_entry_points(BOTS_GROUP)
        _loaded = True


def levels_for(rules: Rules) -> list[str]:
    """The levels this game has bots for, weakest first."""
    _load()
    family = game_info(rules.game_id).family
    have = [level for level in LEVELS if (family, level) in _BOTS]
    return have or ["easy"]


def bot_for(rules: Rules, level: str, seconds: float | None = None) -> Bot:
    """The bot of ``level`` for ``rules``; unknown levels are refused with the valid ones.

    ``seconds``: a thinking budget per move for the levels that search, turned into a
    fixed amount of work (no clock), so the bot is quick and plays the same for a seed.
    """
    _load()
    level = level.lower()
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    family = game_info(rules.game_id).family
    factory = _BOTS.get((family, level))
    if factory is None:
        if level == "easy":
            return RandomBot()
        raise ValueError(f"no {level} player for {rules.game_id} yet; available: {', '.join(levels_for(rules))}")
    bot = factory(rules)
    limit = getattr(bot, "limit_thinking", None)  # only searching bots have a budget to set
    if seconds is not None and limit is not None:
        limit(seconds)
    return bot


def at_least(rules: Rules, level: str, minimum: str) -> str:
    """``level``, raised to ``minimum`` (or the strongest level below it that exists)."""
    have = levels_for(rules)
    wanted = max(LEVELS.index(level), LEVELS.index(minimum))
    best = [lv for lv in have if LEVELS.index(lv) <= wanted]
    return best[-1] if best else have[0]


class Estimate:
    """What the analysis thinks of one legal move.

    ``value`` is counted in ``unit`` (words a face prints as the column's name, such
    as "expected points" or "moves to the goal"); a list of estimates comes best first, so a
    face need not know whether more or less is better. None: the analysis cannot
    put a number on the move (giving up a puzzle). ``win_chance`` is given where
    winning means something for one move, else None; ``chance_of`` says what it is
    the chance of ("win the hand"), for a face to label it.
    """

    __slots__ = ("chance_of", "move", "samples", "unit", "value", "win_chance")

    def __init__(
        self,
        move: Move,
        value: float | None,
        unit: str = "expected points",
        win_chance: float | None = None,
        samples: int = 1,
        chance_of: str = "win",
    ) -> None:
        self.move = move
        self.chance_of = chance_of
        self.value = value
        self.unit = unit
        self.win_chance = win_chance
        self.samples = samples

    @property
    def expected_points(self) -> float | None:
        """The value when it is expected points (the line games: the mover's side minus the others')."""
        return self.value if self.unit == "expected points" else None

    def to_dict(self) -> dict[str, object]:
        points = self.expected_points
        return {
            "move": str(self.move),
            "value": None if self.value is None else round(self.value, 3),
            "unit": self.unit,
            # The web table reads these two (line games: points and the chance to win the hand).
            "expected_points": None if points is None else round(points, 2),
            "win_chance": None if self.win_chance is None else round(self.win_chance, 3),
            "chance_of": self.chance_of,
            "samples": self.samples,
        }


class Hint:
    """The move to suggest, and every legal move's estimate, best first."""

    __slots__ = ("best", "estimates", "level")

    def __init__(self, best: Move, level: str, estimates: list[Estimate] | None = None) -> None:
        self.best = best
        self.level = level
        self.estimates = estimates

    def to_dict(self) -> dict[str, object]:
        return {
            "best": str(self.best),
            "level": self.level,
            "estimates": None if self.estimates is None else [e.to_dict() for e in self.estimates],
        }


#: (rules, observation, rng, seconds) -> every legal move's estimate, best first. ``seconds`` is
#: the thinking budget: a family with a clock stops at it; the others turn it into a fixed amount
#: of work (deals, nodes), so that with the same seed and budget the advice is the same.
Analyser = Callable[[Rules, Observation, random.Random, float], list[Estimate]]
_ANALYSERS: dict[str, Analyser] = {}
DEFAULT_SECONDS = 1.0


def register_analyser(family: str, analyser: Analyser) -> None:
    _ANALYSERS[family] = analyser


def work(seconds: float, per_second: int, least: int = 1) -> int:
    """A fixed amount of work for a thinking budget (no clock: the same budget gives the same advice)."""
    return max(least, int(per_second * seconds))


def analyser_for(rules: Rules) -> Analyser:
    """The family's analysis of a position (``hint`` and the review ask it); LookupError where none."""
    _load()
    analyser = _ANALYSERS.get(game_info(rules.game_id).family)
    if analyser is None:
        raise LookupError(f"{rules.game_id} has no analysis yet")
    return analyser


def hint(rules: Rules, observation: Observation, rng: random.Random, seconds: float = DEFAULT_SECONDS) -> Hint:
    """Advice for the seat to move: every legal move's estimate from the family's own
    strongest search, best first. The one entry point every face calls."""
    estimates = analyser_for(rules)(rules, observation, rng, seconds)
    return Hint(estimates[0].move, "analysis", estimates)
