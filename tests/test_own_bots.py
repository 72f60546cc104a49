"""A researcher's own bots: named module:attr, registered under a level of their own or through the
``bones.levels`` entry-point group, they play wherever a level is asked for."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from importlib import metadata
from pathlib import Path

import pytest

import bones
import bones.bots as bots_mod
from bones.arena import run_arena
from bones.bots import ANY_FAMILY, BotSpecError, bot_for, register_bot, resolve_bot
from bones.tournament import run_tournament
from tests.cli_run import run_cli
from tests.researcher_bots import FirstLegalBot, LastLegal

FIRST = "tests.researcher_bots:FirstLegalBot"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registrations made by a test end with it."""
    bots_mod.levels_for(bones.rules("draw"))  # the built-in bots loaded first
    monkeypatch.setattr(bots_mod, "_BOTS", dict(bots_mod._BOTS))


def test_a_bot_named_module_attr_is_a_class_or_a_function() -> None:
    rules = bones.rules("draw")
    assert isinstance(resolve_bot(FIRST, rules), FirstLegalBot)
    made = resolve_bot("tests.researcher_bots:last_legal", rules)
    assert isinstance(made, LastLegal) and made.level == "tests.researcher_bots:last_legal"
    with pytest.raises(BotSpecError, match=r"cannot load the bot 'tests\.researcher_bots:nobody'"):
        resolve_bot("tests.researcher_bots:nobody", rules)
    with pytest.raises(BotSpecError, match="not a bot class or function"):
        resolve_bot("tests.researcher_bots:NOT_A_BOT", rules)
    with pytest.raises(BotSpecError, match="has no choose"):
        resolve_bot("tests.researcher_bots:not_a_player", rules)


def test_a_new_level_name_can_be_registered_for_every_game(own_registry: None) -> None:
    register_bot(ANY_FAMILY, "first", FirstLegalBot)
    for game_id in ("draw", "bingo"):
        assert isinstance(bot_for(bones.rules(game_id), "first"), FirstLegalBot)
    assert "first" in bots_mod.known_levels()
    with pytest.raises(BotSpecError, match="one word"):
        register_bot(ANY_FAMILY, "a:b", FirstLegalBot)
    with pytest.raises(ValueError, match="unknown level 'second'"):
        bot_for(bones.rules("draw"), "second")


def test_a_registration_before_the_first_bot_is_not_undone_by_the_built_in_bots() -> None:
    # A fresh interpreter: the built-in bots load only when first needed.
    script = textwrap.dedent(
        """
        import bones
        from bones.bots import bot_for, register_bot
        from tests.researcher_bots import FirstLegalBot

        register_bot("line", "crazy", FirstLegalBot)
        print(type(bot_for(bones.rules("draw"), "crazy")).__name__)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "FirstLegalBot"


def test_an_installed_package_brings_levels_through_the_entry_point_group(
    own_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = metadata.entry_points
    ours = metadata.EntryPoint(name="First", value=FIRST, group=bots_mod.LEVELS_GROUP)
    broken = metadata.EntryPoint(name="broken", value="no_such_package:Bot", group=bots_mod.LEVELS_GROUP)

    def entry_points(group: str) -> object:
        return [ours, broken] if group == bots_mod.LEVELS_GROUP else real(group=group)

    monkeypatch.setattr(bots_mod.metadata, "entry_points", entry_points)
    monkeypatch.setattr(bots_mod, "_loaded", False)
    assert isinstance(bot_for(bones.rules("draw"), "first"), FirstLegalBot)
    # A broken package breaks its own level only, in words.
    with pytest.raises(BotSpecError, match=r"the level 'broken' .* cannot be loaded"):
        bot_for(bones.rules("draw"), "broken")


def test_own_bots_play_a_tournament_the_arena_and_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_tournament("draw", [FIRST, "easy"], 2, seed=3)
    assert result.pairs[0].deals == 2 and set(result.ratings) == {FIRST, "easy"}
    arena = run_arena("draw", ["easy"], [FIRST, "tests.researcher_bots:last_legal"], 1)
    assert [pair.stats.second for pair in arena.pairs] == [FIRST, "tests.researcher_bots:last_legal"]
    code, out = run_cli(capsys, "play", "draw", "-s", "4", "--level", FIRST, stdin="1\n" * 2000)
    assert code == 0 and "Match over" in out, out


def test_tables_are_not_cut_when_the_output_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_cli(capsys, "tournament", "draw", "-b", f"easy,{FIRST}", "-n", "1")
    assert code == 0, out
    row = next(line for line in out.splitlines() if f"{FIRST} vs easy" in line)
    assert "%" in row and len(row) > 80  # the whole row, p included, on one line
    code, out = run_cli(capsys, "arena", "draw", "-b", "easy", "-a", FIRST, "-n", "1")
    assert code == 0, out
    row = next(line for line in out.splitlines() if f"easy vs {FIRST}" in line)
    assert len(row) > 80 and "…" not in out


def test_crazy_samples_is_a_fixed_amount_of_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = bones.rules("draw")
    crazy = resolve_bot("crazy", rules, bots_mod.fixed_work(12))
    assert (getattr(crazy, "seconds", 0), getattr(crazy, "samples", 0)) == (None, 12)
    assert resolve_bot("hard", rules, bots_mod.fixed_work(12)).level == "hard"  # others are left as they are
    for command in (["play", "draw", "-s", "1", "--level", "crazy"], ["simulate", "draw", "-n", "1", "-b", "easy"]):
        code, out = run_cli(capsys, *command, "--crazy-samples", "5", stdin="q\n")
        assert code == 0, out
    code, out = run_cli(capsys, "arena", "draw", "-b", "crazy", "-a", "easy", "-n", "1", "--crazy-samples", "5")
    assert code == 0 and "crazy vs easy" in out, out
    path = tmp_path / "deals.jsonl"
    code, out = run_cli(
        capsys, "tournament", "draw", "-b", "easy,normal", "-n", "1", "--reproducible", "--results", str(path)
    )
    assert code == 0, out
    header = json.loads(path.read_text().splitlines()[0])["tournament"]
    assert header["settings"] == {"crazy_samples": 1000, "crazy_seconds": None}
    code, out = run_cli(capsys, "tournament", "draw", "-b", "easy,normal", "--crazy-seconds", "1", "--reproducible")
    assert code == 2 and "not both" in out


def test_an_environments_opponent_may_be_a_bot_named_module_attr() -> None:
    env = bones.single_agent_env("draw", opponents=FIRST, episode="hand")
    observation, _ = env.reset(seed=5)
    assert isinstance(env.bots[1], FirstLegalBot)
    done = False
    while not done:
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, _, done, _, _ = env.step(action)
    assert done
