"""The registry of games by id: each family registers its games (``register``) when its module is imported
through the ``bones.games`` entry points, and faces find them here (``games``, ``game_info``, ``rules``) without
naming one."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from bones.game import DIFFICULTY, RANDOM_DEAL, GameOptionError, LayoutTools, Option, Rules


@dataclass(frozen=True)
class Variant:
    """A registered game with some options fixed, offered under its own id and title (a face lists
    it beside the games, e.g. the Latin partnership game: Block for two pairs)."""

    variant_id: str
    title: str
    summary: str
    options: Mapping[str, Any]


@dataclass(frozen=True)
class PuzzleProblem:
    """One published problem of a puzzle: its number in the book, the options it is played with and
    the setup that lays it out (``rules.new_game(setup=...)``)."""

    number: int
    options: Mapping[str, Any]
    setup: Mapping[str, Any]


@dataclass(frozen=True)
class GameInfo:
    """A game as the registry knows it. ``board``: the kind of picture a face draws it with (the web
    table draws the boards it knows, so a game joins the web by naming one); ``tagline``: one short
    line for a list of games; ``variants``: the named variants faces offer beside it; ``layouts``:
    a puzzle's layout tools (the puzzle commands list the games that have them); ``default``: the
    game faces start with when none is named (the first registered game that says so);
    ``problems``: a puzzle's published problems, in the book's order (read when first asked)."""

    game_id: str
    title: str
    family: str
    make: Callable[..., Rules]
    options: tuple[Option, ...] = field(default=())
    summary: str = ""
    board: str | None = None
    tagline: str = ""
    variants: tuple[Variant, ...] = field(default=())
    layouts: LayoutTools | None = None
    default: bool = False
    problems: Callable[[], Sequence[PuzzleProblem]] | None = None

    def option_names(self) -> list[str]:
        return [o.name for o in self.options]

    def difficulties(self) -> tuple[str, ...]:
        """The names of the difficulties the game generates layouts to (its ``difficulty_option``)."""
        option = next((o for o in self.options if o.name == DIFFICULTY), None)
        return tuple(c for c in option.choices or () if c != RANDOM_DEAL) if option else ()

    def describe(self) -> str:
        """The rules page with the default options: what ``bones rules`` prints and the web table shows."""
        return self.make().describe()


_REGISTRY: dict[str, GameInfo] = {}

#: The entry-point group of the modules that register games when imported (pyproject.toml's
#: ``[project.entry-points."bones.games"]``): a game joins without the core naming it.
GAMES_GROUP = "bones.games"


class NothingRegisteredError(RuntimeError):
    """An entry-point group with no entry: the package's metadata is missing (not installed)."""


def load_entry_points(group: str) -> list[Any]:
    """Loads every entry registered under ``group`` (by name), and returns what each names.

    A module registers what it brings (games, bots) when imported; an entry may also name
    an object in it (``module:function``). An empty
    group means bones was not installed (``pip install -e .``), so it is refused in words
    rather than leaving the registry silently empty.
    """
    found = sorted(metadata.entry_points(group=group), key=lambda entry: entry.name)
    if not found:
        raise NothingRegisteredError(
            f"nothing is registered under the entry-point group {group!r}: "
            "install bones (pip install -e . or make .venv/.installed-stamp) so its metadata is found"
        )
    return [entry.load() for entry in found]


def register(info: GameInfo) -> None:
    if info.game_id in _REGISTRY and _REGISTRY[info.game_id] is not info:
        raise ValueError(f"game id {info.game_id!r} is registered twice")
    _REGISTRY[info.game_id] = info


_loaded = False


def _load() -> None:
    global _loaded
    if not _loaded:
        load_entry_points(GAMES_GROUP)
        _loaded = True


def games() -> dict[str, GameInfo]:
    """Every registered game by id."""
    _load()
    return dict(sorted(_REGISTRY.items()))


def games_in_order() -> list[GameInfo]:
    """Every registered game in the order its family registered it (a family lists its games
    from the simplest; faces that show a list keep that order)."""
    _load()
    return list(_REGISTRY.values())


def default_game() -> str:
    """The game faces start with when none is named: the first registered game marked
    ``default``, else the first registered."""
    infos = games_in_order()
    return next((info for info in infos if info.default), infos[0]).game_id


def game_info(game_id: str) -> GameInfo:
    known = games()
    if game_id not in known:
        raise GameOptionError(f"unknown game {game_id!r}; the games are: {', '.join(known)}")
    return known[game_id]


def rules(game_id: str, **options: Any) -> Rules:
    """Frozen rules of ``game_id`` with ``options``; unknown ids and options are refused."""
    info = game_info(game_id)
    spec = {o.name: o for o in info.options}
    unknown = [name for name in options if name not in spec]
    if unknown:
        valid = ", ".join(spec) or "none"
        raise GameOptionError(f"{game_id}: unknown option {', '.join(unknown)}; valid options: {valid}")
    chosen = {name: spec[name].validate(game_id, value) for name, value in options.items()}
    return info.make(**chosen)
