"""The bones command, run as a user runs it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bones
from bones.cli import main


def run(args: list[str], stdin: str = "", capsys=None) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    proc = subprocess.run(
        [sys.executable, "-c", "from bones.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return proc.returncode, proc.stdout + proc.stderr


def test_games_and_rules() -> None:
    code, out = run(["games"])
    assert code == 0
    for game in ("draw", "block", "allfives", "muggins", "kozel", "classic"):
        assert game in out
    code, out = run(["rules", "kozel"])
    assert code == 0 and "goat" in out and "Options" in out
    # A variant's own page, and the page for options chosen.
    code, out = run(["rules", "partnership"])
    assert code == 0 and "Four players in two pairs" in out and "teams" not in out
    code, out = run(["rules", "bee", "-o", "advanced=true"])
    assert code == 0 and "the advanced rule" in out


def test_play_a_whole_match_by_always_choosing_the_first_move(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = run(["play", "draw", "--seed", "4", "--level", "easy", "--save", str(record)], stdin="1\n" * 2000)
    assert code == 0, out
    assert "Match over" in out and "Hand 1" in out and "Your tiles" in out
    data = json.loads(record.read_text())
    assert data["game"] == "draw" and data["seed"] == 4
    code, out = run(["replay", str(record)])
    assert code == 0 and "reached 100" in out


def test_play_accepts_move_text_and_explains_bad_moves() -> None:
    code, out = run(["play", "kozel", "--seed", "2"], stdin="9:9\n1:1\nq\n")
    assert code == 0
    assert "not in a double-6 set" in out or "does not hold" in out


def test_a_tile_not_held_is_refused_to_you_not_to_a_seat_number() -> None:
    """Words on screen are for players: the terminal printed "seat 0 does not hold 6:6"."""
    code, out = run(["play", "block", "--seed", "3"], stdin="6:6\nq\n")  # the hand: 0:0 2:0 2:1 5:0 5:2 5:5 6:2
    assert code == 0, out
    assert "you do not hold 6:6" in out and "seat 0" not in out, out


SEAT_NUMBER = re.compile(r"\bseats? \d")


@pytest.mark.slow  # a whole match a game, in a process of its own
@pytest.mark.parametrize("game", sorted(bones.games()))
def test_the_terminal_calls_the_players_by_their_names(game: str) -> None:
    """Words on screen are for players: bingo's, tetradominoes', runners' and finder's tables said "seat 0 (you)"
    and "seat 1 led 6:3", and a line game's last picture "seats 0+2"."""
    code, out = run(["play", game, "--seed", "5", "--level", "easy"], stdin="1\n" * 300)
    assert code == 0, out[-2000:]
    assert "Match over" in out or "You left the table" in out, out[-2000:]
    assert not SEAT_NUMBER.search(out), SEAT_NUMBER.search(out)


def test_quitting_saves_the_record(tmp_path: Path) -> None:
    record = tmp_path / "quit.json"
    code, _ = run(["play", "block", "--seed", "1", "--save", str(record)], stdin="q\n")
    assert code == 0 and json.loads(record.read_text())["game"] == "block"


def test_simulate_prints_a_summary() -> None:
    code, out = run(["simulate", "allfives", "--games", "4", "--bots", "easy,normal"])
    assert code == 0 and "win %" in out and "normal" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "draw", "--players", "7"], "players=7"),
        (["play", "draw", "--level", "godlike"], "unknown level"),
        (["play", "draw", "-o", "colour=red"], "unknown option colour"),
        (["play", "draw", "-o", "oops"], "name=value"),
        (["replay", "/nonexistent.json"], "cannot read"),
        (["simulate", "draw", "--bots", "easy,wizard"], "unknown level"),
    ],
)
def test_bad_command_lines_get_a_message_not_a_traceback(args: list[str], message: str) -> None:
    code, out = run(args)
    assert code != 0
    assert message in out
    assert "Traceback" not in out


def test_main_in_process_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--seed", "notanumber"])
    assert exit_info.value.code == 2


def test_hint_from_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    run(["play", "allfives", "--seed", "3", "--save", str(record)], stdin="1\nq\n")
    code, out = run(["hint", str(record), "--seconds", "0.2"])
    assert code == 0, out
    assert "best for seat 0" in out and "win the hand" in out


def test_hint_inside_a_terminal_game() -> None:
    code, out = run(["play", "allfives", "--seed", "3"], stdin="1\nhint\nq\n")
    assert code == 0 and "expected points" in out


def test_tournament_prints_win_rates_and_ratings() -> None:
    code, out = run(["tournament", "draw", "--bots", "easy,normal", "--deals", "6", "--jobs", "2"])
    assert code == 0, out
    assert "normal vs easy" in out and "Elo" in out and "95%" in out


def test_play_without_a_game_starts_the_registry_default(tmp_path: Path) -> None:
    from bones.registry import default_game, game_info, games_in_order

    chosen = default_game()
    assert game_info(chosen).default and chosen == next(i.game_id for i in games_in_order() if i.default)
    record = tmp_path / "game.json"
    code, out = run(["play", "--seed", "4", "--level", "easy", "--save", str(record)], stdin="q\n")
    assert code == 0, out
    assert game_info(chosen).title in out and json.loads(record.read_text())["game"] == chosen
