"""The web table's list of games: every registered game drawn on a board the browser knows,
then the variants those games register, with what the settings screen shows of each. Names no game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import bones
from bones.bots import at_least, levels_for
from bones.game import Rules, game_info, games_in_order

# The boards the browser draws (static/boards/KIND.js), in the order the menu groups them.
BOARDS = ("line", "bingo", "tetradominoes", "runners", "finder")


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
            }
        )
    return out


def effective_level(rules: Rules, seat: int, level: str) -> str:
    """The bot that plays ``seat``: the strongest that exists up to ``level``; a partner of the
    human (playing in pairs) at least Hard, so that the pair is not carried by one player."""
    if rules.in_pairs() and seat % 2 == 0:
        return at_least(rules, level, "hard")
    return at_least(rules, level, level)


def available_levels(game: str) -> list[str]:
    game_id, options = resolve_game(game)
    return levels_for(bones.rules(game_id, **options))
