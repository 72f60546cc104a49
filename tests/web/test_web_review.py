"""REVIEW at the web table (``bones.web.reviews``): a job in the background, its progress, the review
kept for a second look, and only for a player of a finished match."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from bones.web import reviews
from bones.web.app import create_app
from bones.web.storage import Store

WAIT = 120.0  # seconds a review of a few moves may take on a loaded machine


def finished_puzzle(client: TestClient) -> tuple[str, dict[str, str]]:
    view = client.post("/api/games", json={"game": "fujisan"}).json()
    headers = {"X-Seat-Token": view["token"]}
    base = f"/api/games/{view['id']}"
    moves = [m for m in view["legal_moves"] if m != "give-up"]
    view = client.post(f"{base}/moves", json={"move": moves[0], "move_number": 0}, headers=headers).json()
    view = client.post(
        f"{base}/moves", json={"move": "give-up", "move_number": view["move_number"]}, headers=headers
    ).json()
    assert view["outcome"] is not None
    return base, headers


def wait_done(client: TestClient, base: str, headers: dict[str, str]) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while True:
        status = client.get(f"{base}/review", headers=headers).json()
        assert status["status"] in ("running", "done"), status
        if status["status"] == "done":
            return status
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.05)


def test_a_review_runs_in_the_background_and_is_kept(client: TestClient) -> None:
    base, headers = finished_puzzle(client)
    assert client.get(f"{base}/review", headers=headers).json()["status"] == "none"
    started = client.post(f"{base}/review", headers=headers)
    assert started.status_code == 202 and started.json()["status"] in ("running", "done")
    done = wait_done(client, base, headers)
    review = done["review"]
    assert [d["move"] for d in review["decisions"]][-1] == "give-up"
    assert review["decisions"][-1]["fair"]["mark"] == "blunder"
    again = client.post(f"{base}/review", headers=headers).json()
    assert again == done  # kept: a second look is the same review, at once


def test_a_review_is_for_the_players_of_a_finished_match(client: TestClient) -> None:
    view = client.post("/api/games", json={"game": "fujisan"}).json()
    headers = {"X-Seat-Token": view["token"]}
    base = f"/api/games/{view['id']}"
    early = client.post(f"{base}/review", headers=headers)
    assert early.status_code == 409 and "when the match is over" in early.text
    finished, own = finished_puzzle(client)
    other = TestClient(client.app)
    other.get("/api/player")
    refused = other.get(f"{finished}/review", headers=own)
    assert refused.status_code == 403
    assert client.get(f"{finished}/review").status_code == 403  # no seat token


def test_a_review_that_fails_says_so_in_words_for_players(tmp_path: Any, monkeypatch: Any) -> None:
    # The exception's text reached the page ("The review could not be made: (psycopg.errors...)").
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    client = TestClient(create_app(store))
    base, headers = finished_puzzle(client)

    def broken(*_: Any, **__: Any) -> None:
        raise RuntimeError("relation bones_secret_table does not exist")

    monkeypatch.setattr(reviews, "review_game", broken)
    reviews.review_and_keep(store, base.rsplit("/", 1)[1], reviews.DEFAULT_DEPTH)
    status = client.get(f"{base}/review", headers=headers).json()
    assert status["status"] == "failed" and status["error"] == reviews.FAILED
    assert "relation" not in str(status)
    store.close()
