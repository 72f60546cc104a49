"""Games, bots and command groups join through entry points; the core names none of them."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import pytest

import bones.bots as bots_mod
import bones.cli as cli_mod
import bones.registry as registry
from bones.bots import levels_for

SRC = Path(__file__).resolve().parent.parent / "src" / "bones"


def test_every_game_comes_from_an_entry_point_and_every_family_has_bots() -> None:
    modules = {entry.value for entry in metadata.entry_points(group=registry.GAMES_GROUP)}
    registered = registry.games()
    assert registered
    for info in registered.values():
        assert info.make.__module__ in modules or any(info.make.__module__.startswith(m) for m in modules)
    for game_id in registered:
        assert "normal" in levels_for(registry.rules(game_id)), game_id


def test_the_core_and_the_registries_list_no_modules() -> None:
    for path in (SRC / "game.py", SRC / "bots" / "__init__.py", SRC / "cli.py"):
        text = path.read_text(encoding="utf-8")
        for family in (
            "bones.line",
            "bones.bingo",
            "bones.tetradominoes",
            "bones.runners",
            "bones.finder",
            "bones.puzzles",
            "bones.bots.",
        ):
            assert f'"{family}' not in text, (path.name, family)


def _nothing_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry.metadata, "entry_points", lambda group: [])
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(bots_mod, "_loaded", False)
    monkeypatch.setattr(cli_mod, "_extended", False)


def test_no_registered_game_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = registry.rules("draw")
    _nothing_installed(monkeypatch)
    with pytest.raises(registry.NothingRegisteredError, match="install bones"):
        registry.games()
    with pytest.raises(registry.NothingRegisteredError, match=r"bones\.bots"):
        bots_mod.levels_for(rules)


def test_the_cli_without_metadata_says_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _nothing_installed(monkeypatch)
    with pytest.raises(SystemExit) as done:
        cli_mod.main(["games"])
    assert done.value.code == 2
    assert "install bones" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("game_id", "options"), [(g, {}) for g in registry.games()] + [("block", {"players": 4, "teams": True})]
)
def test_every_game_says_who_plays_with_whom(game_id: str, options: dict[str, object]) -> None:
    rules = registry.rules(game_id, **options)
    assert len(rules.sides) == rules.num_players and len(set(rules.sides)) == rules.num_sides
    if rules.in_pairs():
        assert rules.sides == (0, 1, 0, 1)
    else:
        assert rules.sides == tuple(range(rules.num_players))


def test_the_default_game_is_the_first_marked_default_else_the_first_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import dataclasses

    game = registry
    infos = game.games_in_order()
    unmarked = [dataclasses.replace(info, default=False) for info in infos]
    monkeypatch.setattr(game, "games_in_order", lambda: unmarked)
    assert game.default_game() == infos[0].game_id
    marked = unmarked[:2] + [dataclasses.replace(unmarked[2], default=True)] + unmarked[3:]
    monkeypatch.setattr(game, "games_in_order", lambda: marked)
    assert game.default_game() == infos[2].game_id
