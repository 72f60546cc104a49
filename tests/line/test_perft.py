"""Perft counts and golden playthroughs, kept in tests/data.

Perft: the number of legal move sequences of each length from fixed deals. A
count that differs names the first move whose subtree differs. Golden
playthroughs: whole matches between bots from fixed seeds, stored as records
with their final scores. Regenerate both after a deliberate rules change with

    .venv/bin/python -m tests.line.test_perft --regenerate
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import bones
from bones.bots import bot_for
from bones.game import State
from bones.record import Record

DATA = Path(__file__).resolve().parent.parent / "data"
PERFT_FILE = DATA / "perft.json"
GOLDEN_FILE = DATA / "golden_games.json"

PERFT_POSITIONS: list[dict[str, Any]] = [
    {"game": "draw", "options": {}, "seed": 11, "depth": 6},
    {"game": "block", "options": {"players": 3}, "seed": 12, "depth": 6},
    {"game": "allfives", "options": {"spinner": True}, "seed": 13, "depth": 6},
    {"game": "muggins", "options": {"players": 4, "teams": True}, "seed": 14, "depth": 6},
    {"game": "kozel", "options": {}, "seed": 15, "depth": 6},
    {"game": "classic", "options": {}, "seed": 16, "depth": 6},
    {
        "game": "classic",
        "options": {"players": 2},
        "seed": 0,
        "depth": 7,
        "setup": {
            "hands": [
                ["6:6", "6:2", "3:3", "4:4", "2:2", "5:5", "1:1"],
                ["6:3", "6:1", "5:3", "1:0", "2:1", "4:2", "6:5"],
            ],
            "boneyard": ["0:0", "4:3"],
        },
    },
    {
        "game": "allfives",
        "options": {"spinner": True},
        "seed": 0,
        "depth": 7,
        "setup": {
            "hands": [["5:5", "5:2", "3:1", "5:1", "2:2"], ["5:0", "5:3", "1:1", "0:0", "3:2"]],
            "boneyard": ["6:6", "4:4"],
        },
    },
]
GOLDEN_GAMES: list[dict[str, Any]] = [
    {"game": "draw", "options": {}, "seed": 1, "bots": ["normal", "easy"]},
    {"game": "block", "options": {"players": 4}, "seed": 2, "bots": ["normal", "easy", "easy", "normal"]},
    {"game": "allfives", "options": {}, "seed": 3, "bots": ["normal", "normal"]},
    {"game": "muggins", "options": {"players": 3, "spinner": True}, "seed": 4, "bots": ["normal", "easy", "normal"]},
    {"game": "kozel", "options": {}, "seed": 5, "bots": ["normal", "easy", "normal", "easy"]},
    {"game": "classic", "options": {"players": 3}, "seed": 6, "bots": ["easy", "normal", "normal"]},
]


def start(position: dict[str, Any]) -> State:
    rules = bones.rules(position["game"], **position["options"])
    return rules.new_game(seed=position["seed"], setup=position.get("setup"))


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    return sum(perft(state.play(move), depth - 1) for move in state.legal_moves)


def counts(position: dict[str, Any]) -> list[int]:
    state = start(position)
    return [perft(state, d) for d in range(1, position["depth"] + 1)]


def divide(state: State, depth: int) -> dict[str, int]:
    return {str(move): perft(state.play(move), depth - 1) for move in state.legal_moves}


def play_golden(case: dict[str, Any]) -> State:
    state = start(case)
    rules = state.rules
    bots = [bot_for(rules, level) for level in case["bots"]]
    rng = random.Random(case["seed"])
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = state.play(bots[seat].choose(state.observation(seat), rng))
    return state


def regenerate() -> None:
    DATA.mkdir(exist_ok=True)
    perft_data = []
    for position in PERFT_POSITIONS:
        state = start(position)
        depth = position["depth"]
        perft_data.append({**position, "counts": counts(position), "divide": divide(state, depth)})
    PERFT_FILE.write_text(json.dumps(perft_data, indent=1) + "\n")
    golden = []
    for case in GOLDEN_GAMES:
        state = play_golden(case)
        assert state.outcome is not None
        golden.append({**case, "record": Record.of(state).to_dict(), "outcome": state.outcome.to_dict()})
    GOLDEN_FILE.write_text(json.dumps(golden, indent=1) + "\n")


def _load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text())


@pytest.mark.parametrize("index", range(len(PERFT_POSITIONS)))
def test_perft(index: int) -> None:
    stored = _load(PERFT_FILE)[index]
    position = PERFT_POSITIONS[index]
    assert {k: stored[k] for k in position} == position, "perft.json is stale: regenerate it"
    state = start(position)
    depth = position["depth"]
    got = divide(state, depth)
    wrong = {
        move: (count, stored["divide"].get(move)) for move, count in got.items() if stored["divide"].get(move) != count
    }
    missing = set(stored["divide"]) - set(got)
    assert not wrong and not missing, f"perft differs below these moves (got, stored): {wrong}; missing: {missing}"
    assert counts(position) == stored["counts"]


@pytest.mark.parametrize("index", range(len(GOLDEN_GAMES)))
def test_golden_games(index: int) -> None:
    stored = _load(GOLDEN_FILE)[index]
    record = Record.from_dict(stored["record"])
    replayed = record.replay()
    assert replayed.outcome is not None and replayed.outcome.to_dict() == stored["outcome"]
    played = play_golden(GOLDEN_GAMES[index])
    assert [str(m) for m in played.moves] == list(record.moves), "the bots or the rules now play this game differently"


if __name__ == "__main__":
    if "--regenerate" in sys.argv:
        regenerate()
        print(f"wrote {PERFT_FILE} and {GOLDEN_FILE}")
    else:
        print(__doc__)
