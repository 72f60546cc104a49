"""Computer players: one ``Bot`` interface for every game and level.

``bot_for(rules, level)`` gives the bot of that level for that game's family.
Families register their bots with ``register_bot``; a family without its own
Easy falls back to uniform random legal moves. A researcher's own bot joins under a
level name of its own (``register_bot``, or the ``bones.levels`` entry-point group of an
installed package), or is named where a level is asked for as ``module:attr``
(``resolve_bot``), so every face that takes a level plays it.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import random
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import Any, Protocol, TypeVar

from bones.game import Move, Observation, Rules
from bones.registry import game_info, load_entry_points

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
#: The family of a level registered for every game (a researcher's bot that reads any observation).
ANY_FAMILY = "*"

#: The entry-point group of the modules that register bots and analysers when imported
#: (pyproject.toml's ``[project.entry-points."bones.bots"]``).
BOTS_GROUP = "bones.bots"
#: Installed packages' own levels, for every game: the entry's name is the level, its value a bot
#: class or factory (``module:attr``, called with the rules), as in ``resolve_bot``.
LEVELS_GROUP = "bones.levels"
_loaded = False
_loading = False


class BotSpecError(ValueError):
    """A level or ``module:attr`` that names no bot; said in one line."""


def register_bot(family: str, level: str, factory: BotFactory) -> None:
    """``factory`` plays ``level`` in ``family``'s games (``ANY_FAMILY``: every game).

    A new level name is added after the built-in ones. The built-in bots are loaded first,
    so a registration made before the first ``bot_for`` is never undone by them: the last
    registration wins."""
    level = level.lower()
    if not level or ":" in level or "," in level or not level.isprintable() or level != level.strip():
        raise BotSpecError(f"a level name is one word without ':' or ',', got {level!r}")
    if not _loading:
        _load()
    _BOTS[(family, level)] = factory


def _load() -> None:
    global _loaded, _loading
    if _loaded or _loading:
        return
    _loading = True
    try:
        load_entry_points(BOTS_GROUP)
        for entry in sorted(metadata.entry_points(group=LEVELS_GROUP), key=lambda entry: entry.name):
            _BOTS.setdefault((ANY_FAMILY, entry.name.lower()), _entry_factory(entry))
        _loaded = True
    finally:
        _loading = False


def known_levels() -> list[str]:
    """Every level name: the built-in ones, then those registered, in the order they came."""
    _load()
    extra = [level for _family, level in _BOTS if level not in LEVELS]
    return [*LEVELS, *dict.fromkeys(extra)]


def _entry_factory(entry: metadata.EntryPoint) -> BotFactory:
    """An installed package's level, imported when first played: a broken package breaks its level
    alone, in words, and the command line starts without importing it."""

    def make(rules: Rules) -> Bot:
        try:
            target = entry.load()
        except Exception as error:
            raise BotSpecError(f"the level {entry.name!r} ({entry.value}) cannot be loaded: {error}") from None
        return _factory_of(target, entry.name)(rules)

    return make


def _factory_of(target: Any, name: str) -> BotFactory:
    """A bot factory from a bot class or function: called with the rules, or with nothing when it takes
    no argument; what it gives must have ``choose``."""
    if not callable(target):
        raise BotSpecError(f"{name} is not a bot class or function")
    try:
        wants_rules = bool(inspect.signature(target).parameters)
    except (TypeError, ValueError):  # a builtin without a signature: assume the documented (rules) form
        wants_rules = True

    def make(rules: Rules) -> Bot:
        bot = target(rules) if wants_rules else target()
        if not callable(getattr(bot, "choose", None)):
            raise BotSpecError(f"{name} gave {type(bot).__name__}, which has no choose(observation, rng)")
        if not isinstance(getattr(bot, "level", None), str):
            with contextlib.suppress(AttributeError):  # a bot that will not take a name plays without one
                bot.level = name
        return bot

    return make


def resolve_bot(spec: str, rules: Rules, settings: Mapping[str, Any] | None = None) -> Bot:
    """The bot a spec names, for ``rules``: a level (built-in or registered) or ``module:attr``, a bot
    class or factory function (called with the rules, or with nothing). ``settings`` as in ``configure``.

    Every face that takes a level takes a spec (play, tournament, arena, the environments' opponents)."""
    spec = spec.strip()
    if ":" in spec:
        module_name, _, attribute = spec.rpartition(":")
        try:
            target = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError, ValueError) as error:
            raise BotSpecError(f"cannot load the bot {spec!r}: {error}") from None
        bot = _factory_of(target, spec)(rules)
    else:
        bot = bot_for(rules, spec)
    return configure(bot, spec, settings or {})


def configure(bot: Bot, name: str, settings: Mapping[str, Any]) -> Bot:
    """Sets ``NAME_attribute`` settings on the bot of that name that has the attribute (``crazy_samples``
    sets Crazy's ``samples`` where Crazy has them); the others are left as they are."""
    prefix = f"{name.lower()}_"
    for setting, value in settings.items():
        if setting.startswith(prefix) and hasattr(bot, setting[len(prefix) :]):
            setattr(bot, setting[len(prefix) :], value)
    return bot


def fixed_work(samples: int | None) -> dict[str, Any]:
    """The settings that make Crazy do a fixed amount of work per move (``samples`` sampled deals, no clock),
    so that a seed replays bit for bit on any machine; none for ``None``."""
    return {} if samples is None else {"crazy_seconds": None, "crazy_samples": samples}


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
    if level not in known_levels():
        raise BotSpecError(
            f"unknown level {level!r}; the levels are {', '.join(known_levels())}, or a bot as module:attr"
        )
    family = game_info(rules.game_id).family
    factory = _BOTS.get((family, level)) or _BOTS.get((ANY_FAMILY, level))
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


#: An outside program's players, by the kind of spec that names them (``dominoes:NAME``): made from the rules, the
#: player's name and its settings. A ``ValueError`` says in one line why not (a missing extra, a setting it does not
#: take, a game it does not play).
OutsidePlayer = Callable[[Rules, str, dict[str, Any]], Bot]
_OUTSIDE: dict[str, OutsidePlayer] = {}


def register_outside_player(kind: str, factory: OutsidePlayer) -> None:
    """``factory`` makes the players that specs ``KIND:NAME`` name (the arena's outside players)."""
    _OUTSIDE[kind] = factory


def outside_player(rules: Rules, kind: str, name: str, settings: dict[str, Any]) -> Bot | None:
    """The outside player ``kind:name`` with ``settings``; None when no family registered ``kind``."""
    _load()
    factory = _OUTSIDE.get(kind)
    return None if factory is None else factory(rules, name, settings)


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
