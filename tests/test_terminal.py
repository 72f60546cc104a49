"""The terminal game (``bones play``) and ``bones hint`` as a player meets them."""

from __future__ import annotations

from pathlib import Path

import pytest

import bones
from bones.record import Record
from tests.cli_run import run_cli


def run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str, stdin: str = ""
) -> tuple[int, str]:
    return run_cli(capsys, *argv, stdin=stdin)


def test_hint_on_a_bingo_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "bingo.json"
    code, out = run(
        capsys, monkeypatch, "play", "bingo", "-s", "3", "-l", "easy", "--save", str(record), stdin="1\n1\nq\n"
    )
    assert code == 0, out
    code, out = run(capsys, monkeypatch, "hint", str(record), "--seconds", "0.05")
    assert code == 0, out
    assert "best for seat" in out and "sets ahead" in out


def test_hint_typed_during_a_bingo_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = run(capsys, monkeypatch, "play", "bingo", "-s", "3", "-l", "easy", stdin="hint\nq\n")
    assert code == 0, out
    assert "best for seat 0" in out and "You left the table" in out


def test_the_final_position_is_shown_when_a_computer_ends_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # With these answers, Lily's last move leaves white's runner no move.
    code, out = run(capsys, monkeypatch, "play", "runners", "-s", "2", "-l", "easy", stdin="1\n" * 300)
    assert code == 0, out
    ending = out[out.rindex("Lily: ") : out.index("Match over")]
    assert "cannot move" in out[out.index("Match over") :]
    assert "a  b  c  d  e  f  g  h" in ending, "the position that decided the game is not shown"


def test_question_mark_shows_the_help_of_the_game_being_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(capsys, monkeypatch, "play", "runners", "-s", "2", "-l", "easy", stdin="?\nq\n")
    assert code == 0, out
    assert bones.rules("runners").move_help.split("\n")[0] in out
    assert "6:3@left" not in out  # the line games' notation


def test_tetradominoes_explains_its_letters(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(capsys, monkeypatch, "play", "tetradominoes", "-s", "2", "-l", "easy", stdin="q\n")
    assert code == 0, out
    assert "upper case light side up" in out


def test_a_move_number_out_of_range_is_refused_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = run(capsys, monkeypatch, "play", "runners", "-s", "2", "-l", "easy", stdin="99\nq\n")
    assert code == 0, out
    assert "there is no move 99: choose a number from 1 to" in out


def test_a_match_of_several_hands_ends_with_each_hand_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "bingo.json"
    args = ("play", "bingo", "-s", "3", "-l", "easy", "--save", str(record))
    code, out = run(capsys, monkeypatch, *args, stdin="1\n" * 400)
    assert code == 0, out
    results = Record.loads(record.read_text()).replay().named_results(["You", "Lily"])  # the players by name, not seat
    assert len(results) > 1
    summary = out[out.index("Hands:") : out.index("Match over")].splitlines()[1:]
    assert len([line for line in summary if line.strip()]) == len(results)
    for line, result in zip(summary, results):
        assert line.strip().startswith(f"{result.number}.") and f"({result.note})" in line
