"""The web table's list of games: every registered game drawn on a board the browser knows,
then the variants those games register, with what the settings screen shows of each. Names no game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import bones
from bones.bots import at_least, levels_for
from bones.game import DIFFICULTY, GameOptionError, Option, Rules
from bones.registry import game_info, games_in_order

# The boards the browser draws (static/boards/KIND.js), in the order the menu groups them.
BOARDS = ("line", "bingo", "tetradominoes", "runners", "finder", "fujisan", "bee", "mountains")


@dataclass(frozen=True)
class Entry:
    """One entry of the web table's list: a registered game, or a variant of one (options fixed)."""

    id: str
    game_id: str
    title: str
    summary: str
    tagline: str
    options: Mapping[str, Any]


def table_entries() -> list[Entry]:
    """The games the web table offers (those drawn on a board the browser knows) with their
    variants, grouped by board in the order of ``BOARDS``, each group in the order the games
    registered; statistics are kept by entry."""
    offered = [entry for entry in all_entries() if game_info(entry.game_id).board in BOARDS]
    return sorted(offered, key=lambda entry: BOARDS.index(game_info(entry.game_id).board or ""))


def all_entries() -> list[Entry]:
    """Every registered game, then their variants, in the order the games registered: the referee
    holds any of them (a client that draws its own board may play one the browser does not offer)."""
    infos = games_in_order()
    out = [Entry(i.game_id, i.game_id, i.title, i.summary, i.tagline or i.summary, {}) for i in infos]
    for info in infos:
        out += [
            Entry(v.variant_id, info.game_id, v.title, v.summary, v.summary, dict(v.options)) for v in info.variants
        ]
    return out


def table_games() -> tuple[str, ...]:
    return tuple(entry.id for entry in table_entries())


def all_games() -> tuple[str, ...]:
    return tuple(entry.id for entry in all_entries())


def find_entry(entry_id: str) -> Entry | None:
    return next((entry for entry in all_entries() if entry.id == entry_id), None)


def resolve_game(entry_id: str) -> tuple[str, dict[str, Any]]:
    """The registered game and fixed options behind an entry of the web table's list."""
    entry = find_entry(entry_id)
    return (entry.game_id, dict(entry.options)) if entry else (entry_id, {})


def entry_of(rules: Rules) -> str:
    """The entry of the web table's list that ``rules`` were made from (statistics are kept by entry)."""
    for entry in all_entries():
        same_game = entry.options and rules.game_id == entry.game_id
        if same_game and all(rules.options.get(k) == v for k, v in entry.options.items()):
            return entry.id
    return rules.game_id


def game_catalog() -> list[dict[str, Any]]:
    """The games the web table offers, with the choices the settings screen shows."""
    out = []
    for entry in table_entries():
        info = game_info(entry.game_id)
        players = next((o for o in info.options if o.name == "players"), None)
        rules = bones.rules(entry.game_id, **entry.options)
        fixed = bool(entry.options)
        choices = list(players.choices) if players and players.choices and not fixed else [rules.num_players]
        out.append(
            {
                "id": entry.id,
                "game_id": entry.game_id,
                # the kind of board the browser draws it on: the client picks its renderer by this
                "board": info.board,
                "title": entry.title,
                "summary": entry.summary,
                "tagline": entry.tagline,
                "players": choices,
                "default_players": rules.num_players,
                "in_pairs": rules.in_pairs(),
                "target": rules.match_target(),
                "low_score_wins": rules.low_score_wins,
                # the rule options the menu offers: every one the entry leaves open (players and the
                # difficulty have their own rows)
                "options": [option_entry(o) for o in menu_options(entry) if o.name != DIFFICULTY],
                # a puzzle's difficulties of generated layouts (sent as the option ``difficulty``)
                "difficulties": list(info.difficulties()) if DIFFICULTY not in entry.options else [],
                # how many problems the puzzle's book has (GET /api/problems/ID lists them)
                "problems": len(info.problems()) if info.problems and not fixed else 0,
            }
        )
    return out


def menu_options(entry: Entry) -> list[Option]:
    """The options of ``entry``'s game that a player chooses at the start: all but those the entry
    fixes and the number of players, which the menu and the API take on their own."""
    return [o for o in game_info(entry.game_id).options if o.name not in entry.options and o.name != "players"]


def option_kind(option: Option) -> str:
    """How a face asks for the option: one of its choices, yes or no, a whole number, or a word."""
    if option.choices is not None:
        return "choice"
    if isinstance(option.default, bool):
        return "bool"
    return "int" if isinstance(option.default, int) else "text"


def option_entry(option: Option) -> dict[str, Any]:
    return {
        "name": option.name,
        "label": option.name.replace("_", " "),
        "kind": option_kind(option),
        "default": option.default,
        "choices": list(option.choices) if option.choices is not None else None,
        "help": option.help,
    }


def chosen_options(entry_id: str, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The options a request chose for ``entry_id``, checked strictly (the JSON type the option's
    default has, and the option's own check); a bad name or value raises ``GameOptionError``."""
    entry = find_entry(entry_id)
    if entry is None:
        raise GameOptionError(f"unknown game {entry_id!r}")
    offered = {o.name: o for o in menu_options(entry)}
    out: dict[str, Any] = {}
    for name, value in chosen.items():
        option = offered.get(name)
        if option is None:
            valid = ", ".join(offered) or "none"
            raise GameOptionError(f"{entry.title}: no option {name!r} to choose; the options are: {valid}")
        if not of_its_type(option, value):
            allowed = ", ".join(str(c) for c in option.choices or ()) or f"a {option_kind(option)} value"
            raise GameOptionError(f"{entry.title}: option {name}={value!r} is not allowed ({allowed})")
        out[name] = option.validate(entry.game_id, value)
    return out


def of_its_type(option: Option, value: Any) -> bool:
    """Whether ``value`` has the option's own JSON type (true is no number, 1 no yes/no), not one
    Python coerces, and is one of its choices where it has some."""
    if isinstance(value, bool) != isinstance(option.default, bool):
        return False
    if option.choices is not None:
        return value in option.choices
    return isinstance(value, type(option.default))


def effective_level(rules: Rules, seat: int, level: str) -> str:
    """The bot that plays ``seat``: the strongest that exists up to ``level``; a partner of the
    human (playing in pairs) at least Hard, so that the pair is not carried by one player."""
    if rules.in_pairs() and seat % 2 == 0:
        return at_least(rules, level, "hard")
    return at_least(rules, level, level)


def available_levels(game: str) -> list[str]:
    game_id, options = resolve_game(game)
    return levels_for(bones.rules(game_id, **options))
