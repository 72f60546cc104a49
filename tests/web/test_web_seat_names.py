"""How people are named to each other at a table with several people: never "You" for somebody else."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.web.app import create_app
from bones.web.storage import Store

HOST = "X-Seat-Token"


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    yield create_app(store, allow_setup=True)
    store.close()


def test_an_unnamed_host_is_player_1_to_the_second_human_of_an_invited_table(app: Any) -> None:
    ann, bob = TestClient(app), TestClient(app)
    # Ann's block hand ends at her first move (she goes out): the sheet waits for both people.
    setup = {"hands": [["6:6"], ["6:5", "4:4"]], "opener": 0}
    made = ann.post(
        "/api/games", json={"game": "block", "setup": setup, "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    assert made.status_code == 201, made.text
    view = made.json()
    taken = bob.post(f"/api/games/{view['id']}/seats/1")
    assert taken.status_code == 200, taken.text
    bobs = taken.json()
    assert [seat["name"] for seat in bobs["seats"]] == ["Player 1", "Player 2"]
    played = ann.post(
        f"/api/games/{view['id']}/moves", headers={HOST: view["token"]}, json={"move": "6:6", "move_number": 0}
    )
    assert played.status_code == 200 and played.json()["status"] == "sheet", played.text
    closed = bob.post(f"/api/games/{view['id']}/next-hand", headers={HOST: bobs["token"]})
    assert closed.status_code == 200, closed.text
    # Bob may not play on while Ann reads her sheet; he is told it is Ann's sheet, not "his".
    early = bob.post(
        f"/api/games/{view['id']}/moves", headers={HOST: bobs["token"]}, json={"move": "pass", "move_number": 1}
    )
    assert early.status_code == 409
    assert "Player 1 must close" in early.json()["detail"], early.json()["detail"]


def test_an_unnamed_host_of_a_lobby_table_is_player_1_and_a_named_one_keeps_the_name(app: Any) -> None:
    ann, bob = TestClient(app), TestClient(app)
    table = ann.post("/api/lobby", json={"game": "kozel", "computers": [1, 3]}).json()
    bobs = bob.post(f"/api/lobby/{table['id']}/seats", json={}).json()
    assert [seat["name"] for seat in bobs["seats"]][0:3:2] == ["Player 1", "Player 3"]
    ann.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    seen = bob.get(f"/api/games/{table['id']}", headers={HOST: bobs["token"]}).json()
    assert [seen["seats"][n]["name"] for n in (0, 2)] == ["Player 1", "Player 3"]
    assert ann.put("/api/player/name", json={"name": "Ann"}).status_code == 200
    named = ann.post("/api/lobby", json={"game": "kozel"}).json()
    assert named["seats"][0]["name"] == "Ann"
