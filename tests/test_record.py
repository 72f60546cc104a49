import json
import random
from pathlib import Path

import pytest

import bones
from bones.record import Record, RecordError


def played(game: str = "draw", moves: int = 30, **options: object) -> bones.State:
    state = bones.rules(game, **options).new_game(seed=5)
    rng = random.Random(5)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves))
    return state


def test_save_load_replay(tmp_path: Path) -> None:
    state = played("allfives", spinner=True)
    path = tmp_path / "game.json"
    Record.of(state, level="normal").save(path)
    data = json.loads(path.read_text())
    assert data["game"] == "allfives" and data["options"] == {"spinner": True} and data["seed"] == 5
    assert data["rules_version"] == state.rules.version and len(data["moves"]) == 30
    again = Record.load(path).replay()
    assert again.render() == state.render() and again.moves == state.moves


def test_a_setup_is_kept_in_the_record() -> None:
    state = bones.rules("draw").new_game(seed=3, setup={"hands": [["6:6", "6:1"], ["5:3", "2:2"]], "boneyard": []})
    state = state.play("6:6")
    again = Record.loads(Record.of(state).dumps()).replay()
    assert again.render() == state.render()


def test_the_first_bad_move_is_named() -> None:
    record = Record.of(played())
    bad = Record.from_dict({**record.to_dict(), "moves": [*record.moves[:12], "6:6@left", *record.moves[13:]]})
    with pytest.raises(RecordError, match=r"move 13 \('6:6@left'\) does not replay"):
        bad.replay()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "other"}', "not a bones record"),
        ('{"format": "bones-record", "format_version": 1, "game": "draw"}', "'options' is missing"),
        (
            '{"format": "bones-record", "format_version": 1, "game": "nope", "options": {}, "rules_version": 1, "seed": 1, "moves": []}',
            "unknown game",
        ),
        (
            '{"format": "bones-record", "format_version": 1, "game": "draw", "options": {}, "rules_version": 99, "seed": 1, "moves": []}',
            "rules version 99",
        ),
    ],
)
def test_corrupt_records_get_clear_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.loads(text).replay()


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path / "none.json")
