"""The partnership game on the web table: listed in the catalog, and a table of two pairs."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_the_catalog_lists_the_partnership_game(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    assert games["partnership"]["players"] == [4]
    assert games["partnership"]["target"] == 100


def test_a_partnership_table_seats_two_pairs_with_seven_tiles_each(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "partnership", "level": "normal", "seed": 3})
    assert response.status_code == 201, response.text
    view = response.json()
    assert view["teams"] and view["sides"] == [0, 1, 0, 1]
    assert len(view["board"]["hand"]) == 7 and view["board"]["boneyard_size"] == 0
    assert [s["name"] for s in view["seats"]] == ["You", "Lily", "Max", "Zoe"]
