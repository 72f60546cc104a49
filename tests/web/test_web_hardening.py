"""The hardened server (issue 13): what a hostile or broken client sends is refused cleanly and costs little."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.record import Record
from bones.web import thinking
from bones.web.app import create_app
from bones.web.kept import KeptTables
from bones.web.limits import RateLimiter
from bones.web.referee import Referee
from bones.web.schema import Base
from bones.web.storage import Store
from bones.web.table import NotFound, Table

YOURS_FIRST = {
    "hands": [["6:6", "6:3", "1:1", "2:1", "3:0", "4:0", "5:0"], ["5:5", "4:4", "3:3", "2:2", "5:4", "4:3", "3:2"]],
    "opener": 0,
    "opening": "6:6",
}


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = (
        f"sqlite:///{tmp_path / 'bones.sqlite3'}"
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    store = Store(url)
    # The PostgreSQL server is the session's: other tests' games may be in it (the tests here count what is stored).
    Base.metadata.drop_all(store.engine)
    Base.metadata.create_all(store.engine)
    yield store
    Base.metadata.drop_all(store.engine)
    store.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, allow_setup=True), raise_server_exceptions=False) as test_client:
        yield test_client


def start(client: TestClient, **body: Any) -> tuple[dict[str, Any], dict[str, str]]:
    response = client.post("/api/games", json={"game": "block", "level": "easy", **body})
    assert response.status_code == 201, response.text
    view = response.json()
    return view, {"X-Seat-Token": view["token"], "Content-Type": "application/json"}


def test_non_finite_numbers_booleans_and_nul_bytes_are_refused_with_422(client: TestClient) -> None:
    view, headers = start(client, setup=YOURS_FIRST)
    base = f"/api/games/{view['id']}"
    for path, body in (
        (f"{base}/moves", '{"move": "6:6", "move_number": NaN}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": Infinity}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": -Infinity}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": 1e999}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": true}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": 0.0}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": "0"}'),
        (f"{base}/moves", '{"move": "6:6\\u0000", "move_number": 0}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": 0, "\\u0000": 1}'),
        (f"{base}/moves", '{"move": "6:6", "move_number": ' + "9" * 5000 + "}"),
        (f"{base}/step", '{"move_number": NaN}'),
        (f"{base}/step", '{"move_number": false}'),
        ("/api/games", '{"game": "block", "players": NaN}'),
        ("/api/games", '{"game": "block", "players": true}'),
        ("/api/games", '{"game": "block", "seed": 1e999}'),
        ("/api/games", '{"game": "bl\\u0000ock"}'),
    ):
        answer = client.post(path, content=body.encode(), headers=headers)
        assert answer.status_code == 422, (body[:80], answer.status_code, answer.text[:300])
    for path in (f"/api/games/{view['id']}%00", "/api/games/%00/hint", "/api/stats?game=dr%00aw&level=easy"):
        answer = client.get(path, headers=headers)
        assert answer.status_code == 422, (path, answer.text)
    assert client.get(base, headers=headers).json()["move_number"] == 0
    assert [g.id for g in client.app.state.referee.store.unfinished()] == [view["id"]]  # type: ignore[attr-defined]


def test_error_messages_quote_only_a_short_excerpt(client: TestClient) -> None:
    view, headers = start(client, setup=YOURS_FIRST)
    long_move = "6:6@left" + "Z" * 20_000
    for path, body in (
        (f"/api/games/{view['id']}/moves", {"move": long_move, "move_number": 0}),
        (f"/api/games/{view['id']}/moves", {"move": ["Z" * 20_000], "move_number": 0}),
        ("/api/games", {"game": "Z" * 20_000}),
        ("/api/games", {"players": "Z" * 20_000}),
        ("/api/games", {"seats": [{"kind": "human", "colour": "Z" * 20_000}]}),
    ):
        answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == 422, answer.text[:300]
        assert len(answer.content) < 1500 and "Z" * 50 not in answer.text, answer.text[:300]


def test_a_body_over_64_kb_is_refused_with_413_and_not_echoed(client: TestClient) -> None:
    view, headers = start(client, setup=YOURS_FIRST)
    big = b'{"move": "' + b"Z" * 100_000 + b'", "move_number": 0}'
    answer = client.post(f"/api/games/{view['id']}/moves", content=big, headers=headers)
    assert answer.status_code == 413 and len(answer.content) < 200
    # Without a Content-Length (sent in chunks) the limit holds too.
    chunks = (big[i : i + 8192] for i in range(0, len(big), 8192))
    answer = client.post("/api/games", content=chunks, headers={"Content-Type": "application/json"})
    assert answer.status_code == 413 and len(answer.content) < 200
    assert client.get(f"/api/games/{view['id']}", headers=headers).json()["move_number"] == 0


def test_the_lock_table_holds_only_the_locks_in_use() -> None:
    referee = Referee(Store("sqlite://"))
    # Requests for games that do not exist: each takes the game's lock, and none may stay behind.
    for _ in range(1_000):
        with pytest.raises(NotFound):
            referee.step(uuid.uuid4().hex, "player", "token", 0)
    assert len(referee._locks) == 0
    for _ in range(20_000):
        with referee._locked(uuid.uuid4().hex):
            pass
    assert len(referee._locks) == 0


def test_hints_are_searched_once_per_position_and_limited_per_player(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A hint is searched by a worker process: its jobs are counted as they are sent to one.
    searches: list[int] = []
    submit = thinking._SLOW_POOL.submit

    def counted(database_url: str, data: dict[str, Any]) -> Any:
        if data["kind"] == "hint":
            searches.append(data["move_number"])
        return submit(database_url, data)

    monkeypatch.setattr(thinking._SLOW_POOL, "submit", counted)
    referee = Referee(Store(f"sqlite:///{tmp_path / 'b.sqlite3'}"), allow_setup=True)
    referee.hint_limit = RateLimiter(burst=2, every=60.0)
    app = create_app(referee=referee)
    ann, bob = TestClient(app), TestClient(app)
    first, headers = start(ann, setup=YOURS_FIRST)
    hints = [ann.get(f"/api/games/{first['id']}/hint", headers=headers) for _ in range(5)]
    assert [h.status_code for h in hints] == [200] * 5 and {h.json()["best"] for h in hints} == {"6:6"}
    assert searches == [0]  # the same position is searched once
    second, headers2 = start(ann, setup=YOURS_FIRST)
    assert ann.get(f"/api/games/{second['id']}/hint", headers=headers2).status_code == 200
    third, headers3 = start(ann, setup=YOURS_FIRST)
    refused = ann.get(f"/api/games/{third['id']}/hint", headers=headers3)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    assert len(searches) == 2
    # Another player has their own budget.
    bobs, bob_headers = start(bob, setup=YOURS_FIRST)
    assert bob.get(f"/api/games/{bobs['id']}/hint", headers=bob_headers).status_code == 200


def test_deal_seeds_have_128_bits_and_replay(store: Store) -> None:
    referee = Referee(store)
    tables = [referee.create("draw", "easy", player="ann") for _ in range(8)]
    assert max(t.state.seed for t in tables) >= 2**120
    assert all(0 <= t.state.seed < 2**128 for t in tables)
    for table in tables:
        stored = store.load_game(table.id)
        assert stored is not None and stored.record["seed"] == table.state.seed
        again = Record.from_dict(stored.record).replay()
        assert again.hand(0) == table.state.hand(0)  # type: ignore[attr-defined]
        assert Referee(store).get(table.id).view(0)["board"]["hand"] == table.view(0)["board"]["hand"]


CSP = re.compile(r"script-src ([^;]*)")


def test_security_headers_and_a_page_that_needs_no_inline_script(client: TestClient) -> None:
    page = client.get("/")
    for answer in (page, client.get("/api/catalog"), client.get("/static/table.js"), client.get("/api/games/nope")):
        headers = answer.headers
        scripts = CSP.search(headers["content-security-policy"])
        assert scripts and scripts.group(1).strip() == "'self'", headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "same-origin" and "camera=()" in headers["permissions-policy"]
    # The policy would block inline scripts and handlers: the page has none.
    assert not re.search(r"<script(?![^>]*\bsrc=)", page.text)
    assert not re.search(r"\son[a-z]+\s*=", page.text)
    assert client.get("/docs").status_code == 200


def test_two_hundred_tables_at_once_are_served_without_replaying(monkeypatch: pytest.MonkeyPatch) -> None:
    referee = Referee(Store("sqlite://"))
    tables = [referee.create("draw", "easy", player=f"p{n}") for n in range(200)]
    replays: list[str] = []
    rebuild = KeptTables._rebuild

    def counted(self: KeptTables, stored: Any) -> Table:
        replays.append(stored.id)
        return rebuild(self, stored)

    monkeypatch.setattr(KeptTables, "_rebuild", counted)
    for _ in range(2):
        for number, table in enumerate(tables):
            assert referee.view(table.id, f"p{number}", table.seats[0].token)["id"] == table.id
    assert replays == []


def test_what_a_process_keeps_per_table_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # Whether a game is a live table was kept for every game a process ever served (a soak's memory grew with it).
    from bones.web.seating import Seating

    monkeypatch.setattr("bones.web.seating.LIVE_KEPT", 100, raising=False)
    store = Store("sqlite://")
    seating = Seating(store.engine)
    for _ in range(1_000):
        assert seating.replace_after(uuid.uuid4().hex) is None
    assert len(seating._live) <= 100
    # The built tables: as many as BONES_TABLE_CACHE says.
    monkeypatch.setenv("BONES_TABLE_CACHE", "3")
    referee: Referee = create_app(store).state.referee
    for number in range(10):
        referee.create("draw", "easy", player=f"p{number}")
    assert len(referee.tables) == 3
    store.close()


def test_a_local_worker_keeps_no_more_tables_than_the_web_is_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The worker processes' referees kept their own default of 1,024 built tables whatever BONES_TABLE_CACHE said (a
    # soak's workers grew 7 MB a minute while the web process stayed flat).
    from bones.web.jobs import MoveJob, job_data

    monkeypatch.setenv("BONES_TABLE_CACHE", "3")
    database = f"sqlite:///{tmp_path}/w.sqlite3"
    store = Store(database)
    web: Referee = create_app(store).state.referee
    moved = 0
    for number in range(12):
        table = web.create("kozel", "easy", player=f"p{number}")
        seat = table.state.to_move
        if table.seats[seat].kind == "human":
            continue
        done = thinking.work_locally(database, job_data(MoveJob(table.id, table.move_number, seat)))
        assert done is not None and done["move_number"] == table.move_number + 1
        moved += 1
    assert moved > 3
    worker = thinking._REFEREES.pop(database)
    assert len(worker.tables) == 3
    worker.store.close()
    store.close()
