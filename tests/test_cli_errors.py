"""Bad input to the bones command: one line naming the problem, exit status 2, nothing lost."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.cli_run import run_cli

HANDS = {"hands": [["6:6", "5:5"], ["1:0", "2:0"]], "opener": 0}


run = run_cli


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Runs a command that must be refused and returns its one-line message."""
    code, out = run(capsys, *argv)
    lines = out.strip().splitlines()
    assert code == 2, out
    assert "Traceback" not in out
    assert lines and lines[-1].startswith("error:"), out
    return lines[-1]


def record_with_setup(tmp_path: Path, setup: object) -> Path:
    path = tmp_path / "record.json"
    data = {
        "format": "bones-record",
        "format_version": 1,
        "game": "draw",
        "options": {},
        "rules_version": 1,
        "seed": 1,
        "moves": [],
        "setup": setup,
    }
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("extra", "named"),
    [({"scores": [None, None]}, "scores"), ({"scores": 5}, "scores"), ({"eggs": [1]}, "eggs")],
)
def test_replay_of_a_setup_with_bad_numbers_names_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: dict, named: str
) -> None:
    message = refused(capsys, "replay", str(record_with_setup(tmp_path, {**HANDS, **extra})))
    assert "setup" in message and named in message


def test_replay_of_deeply_nested_json_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert "nested" in refused(capsys, "replay", str(path))


def test_solve_bee_with_a_die_the_layout_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    layout = tmp_path / "bee.txt"
    layout.write_text("0|2 2|3 0\n        -\n1 2 1|1 0\n- -\n0 2 1 3 3\n    - - -\n3|3 2 1 0\n---\ndice:(1,1)9\n")
    assert "die 9" in refused(capsys, "solve", "bee", str(layout))


def test_play_checks_the_save_path_before_the_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 500))
    message = refused(capsys, "play", "draw", "-l", "easy", "-s", "1", "--save", "/nonexistent/x.json")
    assert "/nonexistent" in message
    # Refused before the match: nobody played a move.
    assert "Match over" not in message


def test_a_strange_digit_in_a_move_is_refused_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("6:6@²\nq\n"))
    record = tmp_path / "game.json"
    code, out = run(capsys, "play", "draw", "-l", "easy", "-s", "1", "--save", str(record))
    assert code == 0, out
    assert "unknown end" in out and "You left the table" in out
    assert json.loads(record.read_text())["game"] == "draw"


def test_replay_refuses_a_seat_the_game_lacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "--seat 9" in refused(capsys, "replay", str(record_with_setup(tmp_path, HANDS)), "--seat", "9")


def test_players_given_twice_with_different_numbers_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "players" in refused(capsys, "play", "draw", "-p", "3", "-o", "players=4", "-l", "easy")
