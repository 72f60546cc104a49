"""Hints and reviews are searched by workers, never by a web process: with local worker processes (no Redis), and with
``bones worker`` processes over Redis and PostgreSQL, where any web process answers for a review another was asked."""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

import bones.bots
import bones.bots.review
from bones.web import thinking
from bones.web.app import create_app
from bones.web.reviews import STALE, ReviewJobRow, Reviews
from bones.web.storage import Store
from bones.web.table import Table
from tests.web.test_web_hardening import YOURS_FIRST
from tests.web.test_web_review import finished_puzzle, wait_done
from tests.web.test_web_workers import working

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def forbid_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process (the web process of the tests) may not search: the bots' hint and review raise here. Worker
    processes, started apart, search as usual."""

    def searched(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("a web process searched")

    monkeypatch.setattr(Table, "hint", searched)
    for name, module in list(sys.modules.items()):
        if not name.startswith("bones."):
            continue
        for attribute, function in (("hint", bones.bots.hint), ("review_game", bones.bots.review.review_game)):
            if getattr(module, attribute, None) is function:
                monkeypatch.setattr(module, attribute, searched)


def hint_of(client: TestClient, base: str, headers: dict[str, str]) -> dict[str, Any]:
    """The hint, asked again while a worker still searches it (202), as the page does."""
    for _ in range(240):
        answer = client.get(f"{base}/hint", headers=headers)
        assert answer.status_code in (200, 202), answer.text
        if answer.status_code == 200:
            return dict(answer.json())
        assert answer.json()["pending"] is True
        time.sleep(0.5)  # the page waits Retry-After
    raise AssertionError("no hint came")


def test_a_web_process_with_local_workers_searches_no_hint_and_no_review(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    forbid_searches(monkeypatch)
    view = client.post("/api/games", json={"game": "block", "level": "easy", "setup": YOURS_FIRST}).json()
    headers = {"X-Seat-Token": view["token"]}
    hint = hint_of(client, f"/api/games/{view['id']}", headers)
    assert hint["best"] == "6:6" and hint["move_number"] == 0
    base, headers = finished_puzzle(client)
    assert client.post(f"{base}/review", headers=headers).status_code == 202
    review = wait_done(client, base, headers)["review"]
    assert review["decisions"][-1]["move"] == "give-up"


def test_a_review_asked_twice_is_sent_once_and_kept_is_asked_no_more(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[str] = []
    submit = thinking._SLOW_POOL.submit

    def counted(database_url: str, data: dict[str, Any]) -> Any:
        sent.append(data["kind"])
        return submit(database_url, data)

    monkeypatch.setattr(thinking._SLOW_POOL, "submit", counted)
    base, headers = finished_puzzle(client)
    for _ in range(3):
        assert client.post(f"{base}/review", headers=headers).json()["status"] in ("running", "done")
    done = wait_done(client, base, headers)
    assert client.post(f"{base}/review", headers=headers).json() == done
    assert sent == ["review"]


def test_a_review_on_a_bones_worker_is_followed_from_another_web_process(
    postgres_url: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BONES_REDIS_URL", redis_url)
    monkeypatch.setenv("BONES_SECRET", "the-secret-of-the-test")  # one player for both web processes
    forbid_searches(monkeypatch)
    with (
        working(postgres_url, redis_url, 1) as [(_worker, log)],
        TestClient(create_app(Store(postgres_url))) as first,
        TestClient(create_app(Store(postgres_url))) as second,
    ):
        base, headers = finished_puzzle(first)
        second.cookies = first.cookies
        assert second.get(f"{base}/review", headers=headers).json()["status"] == "none"
        asked = first.post(f"{base}/review", headers=headers)
        assert asked.status_code == 202 and asked.json()["status"] in ("running", "done"), asked.text
        # The other process knows of the review under way: its progress is the database's, not the first process's.
        seen = []
        deadline = time.monotonic() + 120
        while not seen or seen[-1]["status"] != "done":
            assert time.monotonic() < deadline, f"the review did not finish: {seen[-1:]}"
            seen.append(second.get(f"{base}/review", headers=headers).json())
            assert seen[-1]["status"] in ("running", "done"), seen[-1]
            time.sleep(0.05)
        assert seen[-1]["review"]["decisions"][-1]["move"] == "give-up"
        assert first.get(f"{base}/review", headers=headers).json() == seen[-1]
        # A hint asked of the second process is the worker's search too.
        view = first.post("/api/games", json={"game": "fujisan"}).json()
        hint = hint_of(second, f"/api/games/{view['id']}", {"X-Seat-Token": view["token"]})
        assert hint["best"] in view["legal_moves"]
        worked = log.read_text()
        assert worked.count(f"thinking for review:{base.rsplit('/', 1)[1]}:") == 1
        assert f"thinking for hint:{view['id']}:" in worked


def test_a_review_whose_progress_stopped_is_asked_for_again(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    asked: list[str] = []
    kept = Reviews(store, lambda game_id, _depth: asked.append(game_id))
    record = SimpleNamespace(moves=["a", "b"])
    assert kept.start("g", record)["status"] == "running"  # type: ignore[arg-type]
    assert kept.start("g", record)["status"] == "running"  # type: ignore[arg-type]
    assert kept.status("g") == {"status": "running", "done": 0, "total": 2}
    assert asked == ["g"]  # under way: not asked twice
    with Session(store.engine) as session, session.begin():
        row = session.get(ReviewJobRow, ("g", kept.depth))
        assert row is not None
        row.updated = datetime.now(UTC) - timedelta(seconds=STALE + 1)  # its worker gone with it
    assert kept.status("g")["status"] == "running"
    assert asked == ["g", "g"]
    store.close()


def test_a_hint_not_found_in_time_is_asked_for_again(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # With no wait at all, the first answer is "still searching" (202, Retry-After), and asking again brings it.
    monkeypatch.setenv("BONES_HINT_WAIT", "0")
    view = client.post("/api/games", json={"game": "fujisan"}).json()
    base, headers = f"/api/games/{view['id']}", {"X-Seat-Token": view["token"]}
    first = client.get(f"{base}/hint", headers=headers)
    assert first.status_code == 202 and first.json()["pending"] is True and first.headers["Retry-After"] == "1"
    assert hint_of(client, base, headers)["best"] in view["legal_moves"]
