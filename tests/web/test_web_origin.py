"""Another site's page can never act for a player (issue 24): a request that changes something, or a WebSocket,
from another origin is refused with 403 before anything happens, the WebSocket before it is accepted. Requests
of this site's own pages, and of clients that are no browser (no Origin, no Sec-Fetch-Site, no Referer: curl,
scripts, these tests' clients), go on. ``BONES_ALLOWED_ORIGINS`` names the origins allowed instead of the
address the request came to."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from bones.web.app import create_app
from bones.web.storage import Store

HOST = "X-Seat-Token"
EVIL = "https://evil.example"
SELF = "http://testserver"  # the address the test client's requests are sent to (its Host)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    monkeypatch.setenv("BONES_COMPUTER_PACE", "0")
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)
    monkeypatch.delenv("BONES_ALLOWED_ORIGINS", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    yield store
    store.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as test_client:
        yield test_client


def people_table(client: TestClient) -> dict[str, Any]:
    made = client.post("/api/games", json={"game": "kozel", "seats": [{"kind": "human"}] * 3 + [{}]})
    assert made.status_code == 201, made.text
    return dict(made.json())


def refused(answer: Any) -> bool:
    return bool(answer.status_code == 403 and "other sites" in answer.json()["detail"])


def test_a_cross_site_form_post_with_the_players_cookie_takes_no_seat(client: TestClient, store: Store) -> None:
    table = people_table(client)
    victim = TestClient(client.app)  # the victim's browser: their own cookie, sent along by the attacker's form
    victim.get("/api/player")
    form = {"Content-Type": "application/x-www-form-urlencoded"}
    for headers in (
        {"Origin": EVIL},
        {"Origin": "null"},  # a sandboxed frame, a page of a file
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "http://testserver:8080"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Referer": f"{EVIL}/trap.html"},
    ):
        answer = victim.post(f"/api/games/{table['id']}/seats/1", headers={**form, **headers}, content=b"")
        assert refused(answer), (headers, answer.status_code, answer.text)
    assert 1 not in store.holders(table["id"])  # seat 1 is still free
    # The same request from this site's own page, and from a client that is no browser, goes on.
    assert victim.post(f"/api/games/{table['id']}/seats/1", headers={"Origin": SELF}).status_code == 200
    assert TestClient(client.app).post(f"/api/games/{table['id']}/seats/2").status_code == 200


def test_every_state_changing_route_refuses_another_origin_and_reads_are_answered(client: TestClient) -> None:
    mine = client.post("/api/games", json={"game": "draw"}).json()
    table = client.post("/api/lobby", json={"game": "kozel"}).json()
    evil = {"Origin": EVIL, "Content-Type": "application/json"}
    for method, path, body in (
        ("POST", "/api/games", {"game": "draw"}),
        ("PUT", "/api/player/name", {"name": "Mallory"}),
        ("POST", f"/api/games/{mine['id']}/abandon", None),
        ("POST", f"/api/games/{mine['id']}/step", {"move_number": 0}),
        ("POST", f"/api/games/{mine['id']}/moves", {"move": mine["legal_moves"][:1] or "pass", "move_number": 0}),
        ("POST", "/api/lobby", {"game": "kozel"}),
        ("POST", f"/api/lobby/{table['id']}/seats", {}),
        ("PUT", f"/api/lobby/{table['id']}/seats/1", {"kind": "computer"}),
        ("DELETE", f"/api/lobby/{table['id']}", None),
        ("POST", f"/api/lobby/{table['id']}/start", None),
        ("PATCH", "/api/games", None),
    ):
        answer = client.request(method, path, json=body, headers={**evil, HOST: table["token"]})
        assert refused(answer), (method, path, answer.status_code, answer.text)
    # Nothing changed: the name, the match, the lobby table.
    assert client.get("/api/player").json()["name"] is None
    assert client.get(f"/api/games/{mine['id']}", headers={HOST: mine["token"]}).json()["status"] == "playing"
    assert client.get(f"/api/lobby/{table['id']}").json()["status"] == "waiting"
    # Reads are answered (without CORS headers, another site's page cannot read them).
    read = client.get("/api/catalog", headers={"Origin": EVIL})
    assert read.status_code == 200 and "access-control-allow-origin" not in read.headers
    # This site's own page (the browser always sends Origin on these) goes on.
    named = client.put(
        "/api/player/name", json={"name": "Ann"}, headers={"Origin": SELF, "Sec-Fetch-Site": "same-origin"}
    )
    assert named.status_code == 200 and named.json()["name"] == "Ann"


def test_a_websocket_from_another_origin_is_refused_before_it_is_accepted(client: TestClient) -> None:
    made = client.post("/api/lobby", json={"game": "draw", "players": 2, "computers": [1]}).json()
    client.post(f"/api/lobby/{made['id']}/start", headers={HOST: made["token"]})
    for origin in (EVIL, "null", "http://testserver:1"):
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            client.websocket_connect(f"/api/live/{made['id']}", headers={"Origin": origin}),
        ):
            pass
        assert denied.value.status_code == 403 and "other sites" in denied.value.json()["detail"]
    # The site's own page, and a client that is no browser, are answered with the view.
    for headers in ({"Origin": SELF}, {}):
        with client.websocket_connect(f"/api/live/{made['id']}", headers=headers) as socket:
            socket.send_json({"type": "hello", "token": made["token"], "since": None})
            assert socket.receive_json()["view"]["id"] == made["id"]


def test_the_allowed_origins_are_those_the_setting_names(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BONES_ALLOWED_ORIGINS", "https://bones.example, https://play.bones.example:8443")
    with TestClient(create_app(store)) as client:
        for origin in ("https://bones.example", "https://bones.example:443", "https://play.bones.example:8443"):
            answer = client.post("/api/games", json={"game": "draw"}, headers={"Origin": origin})
            assert answer.status_code == 201, (origin, answer.text)
        for origin in (SELF, "http://bones.example", "https://play.bones.example", EVIL):
            assert refused(client.post("/api/games", json={"game": "draw"}, headers={"Origin": origin})), origin
        assert client.post("/api/games", json={"game": "draw"}).status_code == 201  # no browser
