"""``bones review RECORD`` on a record of every registered game (nothing here names a game), with a
small analysis depth so that each takes seconds."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import bones
from bones.bots import bot_for, levels_for
from bones.bots.review import MARKS
from bones.record import Record
from tests.cli_run import run_cli
from tests.line.test_entered import entered_record, seeded_match
from tests.test_faces_conformance import GAMES, quick

DEPTH = "0.001"
MOVES = 400


def record_of(game_id: str, folder: Path) -> tuple[Path, Record]:
    """A finished (or, past ``MOVES``, long) game between the strongest cheap players, saved."""
    rules = bones.rules(game_id, **quick(game_id, {}))
    level = "normal" if "normal" in levels_for(rules) else "easy"
    bot, rng = bot_for(rules, level), random.Random(7)
    state = rules.new_game(seed=11)
    for _ in range(MOVES):
        if state.is_over:
            break
        seat = state.to_move
        assert seat is not None
        state = state.play(bot.choose(state.observation(seat), rng))
    path = folder / f"{game_id}.json"
    record = Record.of(state)
    record.save(path)
    return path, record


@pytest.mark.slow  # every game and variant: make test runs it, make check does not
@pytest.mark.parametrize("game_id", GAMES)
def test_bones_review_runs_on_a_record_of_every_game(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, record = record_of(game_id, tmp_path)
    code, out = run_cli(capsys, "review", str(path), "--depth", DEPTH, "--json")
    assert code == 0, out
    data = json.loads(out)
    states = list(record.states())
    rules = states[0].rules
    chosen = [
        n for n in range(1, len(states)) if len(states[n - 1].legal_moves) > 1 and not states[n - 1].forced_move()
    ]
    assert [d["number"] for d in data["decisions"]] == chosen
    assert chosen, "a game with no decision reviews nothing"
    for decision in data["decisions"]:
        assert decision["move"] == record.moves[decision["number"] - 1]
        assert decision["seat"] == states[decision["number"] - 1].to_move
        assert decision["fair"]["mark"] in (*MARKS, None)
        assert decision["fair"]["loss"] is None or decision["fair"]["loss"] >= 0
        assert (decision["fair"]["mark"] == "best") == (decision["fair"]["loss"] == 0)
    assert len(data["seats"]) == rules.num_players
    for seat in data["seats"]:
        assert seat["accuracy"] is None or 0 <= seat["accuracy"] <= 100
        assert len(seat["costliest"]) <= 3
    assert data["not_shown"] or any(d["shown"] for d in data["decisions"])

    code, text = run_cli(capsys, "review", str(path), "--depth", DEPTH)
    assert code == 0, text
    assert f"{rules.title}:" in text and "accuracy" in text and "Every decision" in text


def test_a_bad_record_is_refused_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "bones-record"}')
    code, out = run_cli(capsys, "review", str(path))
    assert code == 2 and "error" in out


def test_a_match_entered_by_hand_is_reviewed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, moves, deals = seeded_match(3)
    path = tmp_path / "entered.json"
    entered_record(moves, deals).save(path)
    code, out = run_cli(capsys, "review", str(path), "--depth", DEPTH, "--json")
    assert code == 0, out
    review = json.loads(out)
    assert review["decisions"] and all(d["fair"]["mark"] for d in review["decisions"])
    # Only the tiles drawn were named, so the true deal is not known in full.
    assert review["not_shown"] == "a game entered by hand does not know the order of the boneyard"
    # A line game is a match to a target: the loss counts in the chance to win it, shown as percentages.
    assert {d["fair"]["unit"] for d in review["decisions"]} == {"chance to win the match"}
    assert review["chart"]["label"] == "chance to win the match"
    assert all(0 <= d["fair"]["chosen"] <= 1 for d in review["decisions"])
    code, text = run_cli(capsys, "review", str(path), "--depth", DEPTH)
    assert code == 0, text
    assert "(chance to win the match):" in text and "% of the chance to win the match" in text


def test_the_sparkline_runs_from_the_lowest_to_the_highest_block() -> None:
    from bones.review_cli import sparkline

    assert sparkline([0.0, 1.0, 2.0]) == "▁▅█"
    assert sparkline([-3.0, 3.0, 0.0]) == "▁█▅"
    assert sparkline([0.4, 0.4]) == "▄▄"  # a flat game sits mid-height
    assert sparkline([]) == ""
