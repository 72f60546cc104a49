"""YOUR GAMES (``bones.web.history``): the player's finished matches, a page at a time and their own
only, and any position of a finished match for replay and REVIEW."""

from __future__ import annotations

from fastapi.testclient import TestClient

from bones.web.history import PAGE_SIZE
from tests.web.test_web_review import finished_puzzle, wait_done


def test_the_list_holds_the_players_finished_matches_and_nobody_elses(client: TestClient) -> None:
    base, headers = finished_puzzle(client)
    client.post("/api/games", json={"game": "fujisan"})  # unfinished: not listed
    other = TestClient(client.app)
    other_base, _ = finished_puzzle(other)
    mine = client.get("/api/my-games").json()
    assert [g["id"] for g in mine["games"]] == [base.rsplit("/", 1)[1]]
    row = mine["games"][0]
    assert row["title"] and row["token"] == headers["X-Seat-Token"] and row["accuracy"] is None
    assert row["moves"] == 2 and mine["pages"] == 1 and mine["total"] == 1
    theirs = other.get("/api/my-games").json()
    assert [g["id"] for g in theirs["games"]] == [other_base.rsplit("/", 1)[1]]
    # Once reviewed, the row says the player's accuracy.
    client.post(f"{base}/review", headers=headers)
    review = wait_done(client, base, headers)["review"]
    accuracy = client.get("/api/my-games").json()["games"][0]["accuracy"]
    assert accuracy == review["seats"][0]["accuracy"]
    assert client.get("/api/my-games?page=1").json()["games"] == []
    assert client.get("/api/my-games?page=-1").status_code == 422


def test_a_position_of_a_finished_match_is_for_its_players(client: TestClient) -> None:
    view = client.post("/api/games", json={"game": "fujisan"}).json()
    early = client.get(f"/api/games/{view['id']}/positions/0", headers={"X-Seat-Token": view["token"]})
    assert early.status_code == 409
    base, headers = finished_puzzle(client)
    start = client.get(f"{base}/positions/0", headers=headers).json()
    assert start["move_number"] == 0 and start["status"] == "playing" and "give-up" in start["legal_moves"]
    assert start["past"] == {"number": 0, "moves": 2, "mine": 0} and "token" not in start
    one = client.get(f"{base}/positions/1", headers=headers).json()
    assert one["move_number"] == 1 and one["last"]["move_number"] == 1
    end = client.get(f"{base}/positions/2", headers=headers).json()
    assert end["status"] == "over" and end["legal_moves"] == []
    assert client.get(f"{base}/positions/3", headers=headers).status_code == 400
    other = TestClient(client.app)
    other.get("/api/player")
    assert other.get(f"{base}/positions/0", headers=headers).status_code == 403
    assert client.get(f"{base}/positions/0").status_code == 403


def test_the_list_comes_a_page_at_a_time_the_latest_first(client: TestClient) -> None:
    finished = [finished_puzzle(client)[0].rsplit("/", 1)[1] for _ in range(PAGE_SIZE + 1)]
    first, second = (client.get(f"/api/my-games?page={n}").json() for n in (0, 1))
    assert (first["pages"], first["total"], len(first["games"]), len(second["games"])) == (
        2,
        PAGE_SIZE + 1,
        PAGE_SIZE,
        1,
    )
    assert [g["id"] for g in first["games"] + second["games"]] == finished[::-1]
