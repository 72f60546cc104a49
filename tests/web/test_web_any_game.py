"""The referee holds any registered game: whole matches of every game through the HTTP API,
the human at seat 0 choosing random legal moves, computers elsewhere. Names no game."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bones
from bones.registry import games

PIECE_TEXT = re.compile(r"\d+:\d+|[A-Za-z0-9_]+")  # as tests/test_conformance.py reads pieces
GAMES = sorted(games())


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    """The view without what the rules turned face up: finished hands (the generic results, the
    sheet, the board's ``results`` as the conformance suite treats them) and the move that ended one."""
    public = dict(view)
    public.pop("hands")
    public.pop("sheet")
    if view["last"] and view["last"]["hand_ended"]:
        public.pop("last")
    board = dict(public["board"])
    board.pop("results", None)
    public["board"] = board
    return public


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_of_every_game_through_the_api(client: TestClient, game: str) -> None:
    rules = bones.rules(game)
    created = client.post("/api/games", json={"game": game, "level": "easy", "seed": 3})
    assert created.status_code == 201, created.text
    view = created.json()
    headers = {"X-Seat-Token": view["token"]}
    base = f"/api/games/{view['id']}"
    referee = client.app.state.referee  # type: ignore[attr-defined]
    assert view["players"] == rules.num_players and len(view["seats"]) == rules.num_players
    assert view["sides"] == list(rules.sides) and view["target"] == rules.match_target()
    rng = random.Random(game)
    responses = 0
    while view["status"] != "over":
        if view["status"] == "sheet":
            response = client.post(f"{base}/next-hand", headers=headers)
        elif view["to_move"] == view["seat"] and view["forced"] is None:
            move = rng.choice(view["legal_moves"])
            response = client.post(
                f"{base}/moves", headers=headers, json={"move": move, "move_number": view["move_number"]}
            )
        else:
            response = client.post(f"{base}/step", headers=headers, json={"move_number": view["move_number"]})
        assert response.status_code == 200, response.text
        view = response.json()
        responses += 1
        assert responses < 3000, "the match does not end"
        state = referee.get(view["id"]).state
        assert view["move_number"] == len(state.moves) and view["to_move"] == state.to_move
        if view["to_move"] == view["seat"]:
            assert sorted(view["legal_moves"]) == sorted(str(m) for m in state.legal_moves)
        else:
            assert view["legal_moves"] == [] and view["forced"] is None
        hidden = state.hidden_from(0)
        seen = set(PIECE_TEXT.findall(json.dumps(public_part(view)))) & hidden
        assert not seen, f"response {responses} shows {sorted(seen)}"
    state = referee.get(view["id"]).state
    names = [seat["name"] for seat in view["seats"]]
    # The outcome as players read it: the engine's, the seats its reason names called by their names.
    assert state.is_over and view["outcome"] == state.named_outcome(names).to_dict()  # type: ignore[union-attr]
    results = view["hands"]
    assert len(results) == state.hands_played() >= 1
    assert [r["number"] for r in results] == list(range(1, len(results) + 1))
    assert sum(view["hands_won"]) <= len(results)
    stats = client.get("/api/stats", params={"game": game, "level": "easy"}).json()
    assert stats["played"] == 1
    record = client.get(f"{base}/record", headers=headers).json()
    assert record["game"] == game and len(record["moves"]) == view["move_number"]
