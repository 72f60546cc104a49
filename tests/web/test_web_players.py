"""Players (issue 13): each browser is a player, known by a signed cookie; a player sees and acts for their own seats only.

Two TestClients are two browsers: each keeps its own cookie jar.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.web.app import create_app
from bones.web.players import COOKIE, ENV_SECRET
from bones.web.storage import Store

# A block hand where you open with 6:6: the first move is yours.
YOURS_FIRST = {
    "hands": [["6:6", "6:3", "1:1", "2:1", "3:0", "4:0", "5:0"], ["5:5", "4:4", "3:3", "2:2", "5:4", "4:3", "3:2"]],
    "opener": 0,
    "opening": "6:6",
}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    yield create_app(store, allow_setup=True)
    store.close()


def browser(app: Any) -> TestClient:
    return TestClient(app)


def start(client: TestClient, **body: Any) -> tuple[dict[str, Any], dict[str, str]]:
    response = client.post("/api/games", json={"game": "block", "level": "easy", **body})
    assert response.status_code == 201, response.text
    view = response.json()
    return view, {"X-Seat-Token": view["token"]}


def advance(client: TestClient, view: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    base = f"/api/games/{view['id']}"
    if view["status"] == "sheet":
        response = client.post(f"{base}/next-hand", headers=headers)
    elif view["to_move"] == view["seat"] and view["legal_moves"] != ["pass"]:
        move = {"move": view["legal_moves"][0], "move_number": view["move_number"]}
        response = client.post(f"{base}/moves", headers=headers, json=move)
    else:
        response = client.post(f"{base}/step", headers=headers, json={"move_number": view["move_number"]})
    assert response.status_code == 200, response.text
    return response.json()


def test_another_player_cannot_continue_see_move_hint_or_abandon_your_match(app: Any) -> None:
    ann, bob = browser(app), browser(app)
    mine, headers = start(ann, setup=YOURS_FIRST)
    base = f"/api/games/{mine['id']}"
    # CONTINUE hands Bob nothing: neither the match nor its seat token.
    assert bob.get("/api/games/current").status_code == 204
    assert bob.get("/api/player").json()["games"] == []
    # Even with Ann's token (leaked, or read over her shoulder) Bob can neither look nor act.
    refused = [
        bob.get(base, headers=headers),
        bob.post(f"{base}/moves", headers=headers, json={"move": "6:6", "move_number": 0}),
        bob.post(f"{base}/step", headers=headers, json={"move_number": 0}),
        bob.post(f"{base}/next-hand", headers=headers),
        bob.get(f"{base}/hint", headers=headers),
        bob.get(f"{base}/record", headers=headers),
        bob.post(f"{base}/abandon", headers=headers),
    ]
    assert [r.status_code for r in refused] == [403] * len(refused), [r.text for r in refused]
    assert all("another player" in r.json()["detail"] for r in refused)
    assert "6:3" not in "".join(r.text for r in refused)
    view = ann.get(base, headers=headers).json()
    assert (view["status"], view["move_number"], view["board"]["hand"]) == ("playing", 0, mine["board"]["hand"])
    assert ann.get("/api/games/current").json()["id"] == mine["id"]


def test_a_new_match_leaves_other_players_matches_and_statistics_alone(app: Any) -> None:
    ann, bob = browser(app), browser(app)
    bobs, bob_headers = start(bob, setup=YOURS_FIRST)
    view = advance(bob, bobs, bob_headers)  # Bob has made a move: giving it up would count
    before = bob.get("/api/stats").json()
    start(ann)
    start(ann, game="draw")
    assert bob.get("/api/games/current").json()["id"] == bobs["id"]
    assert bob.get(f"/api/games/{bobs['id']}", headers=bob_headers).json()["status"] == "playing"
    assert advance(bob, view, bob_headers)["move_number"] == view["move_number"] + 1
    assert bob.get("/api/stats").json() == before
    assert bob.get("/api/stats", params={"game": "block", "level": "easy"}).json()["abandoned"] == 0


def test_statistics_belong_to_the_player_who_played(app: Any) -> None:
    ann, bob = browser(app), browser(app)
    view, headers = start(ann, setup={**YOURS_FIRST, "scores": [99, 0]})
    while view["status"] != "over":
        view = advance(ann, view, headers)
    assert ann.get("/api/stats", params={"game": "block", "level": "easy"}).json()["played"] == 1
    assert bob.get("/api/stats", params={"game": "block", "level": "easy"}).json()["played"] == 0
    assert bob.get("/api/stats").json() == {"stats": []}


def test_ten_players_at_once_each_keep_their_table(app: Any) -> None:
    failures: list[str] = []
    tables: dict[int, str] = {}

    def play(number: int) -> None:
        try:
            client = browser(app)
            view, headers = start(client, game="draw" if number % 2 else "block")
            tables[number] = view["id"]
            for _ in range(6):
                if view["status"] == "over":
                    break
                view = advance(client, view, headers)
            current = client.get("/api/games/current").json()
            if current["id"] != view["id"] or current["status"] not in ("playing", "sheet", "over"):
                failures.append(f"player {number} lost their table: {current['id']} {current['status']}")
        except Exception as error:  # a failed assertion in a thread must reach the test
            failures.append(f"player {number}: {error!r}")

    threads = [threading.Thread(target=play, args=(n,)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    store = app.state.referee.store
    assert sorted(game.id for game in store.unfinished()) == sorted(tables.values())


def test_the_player_cookie_is_signed_httponly_lax_and_outlives_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_SECRET, raising=False)
    url = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    first = TestClient(create_app(Store(url)))
    set_cookie = first.get("/").headers["set-cookie"]
    assert set_cookie.startswith(f"{COOKIE}=") and "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie
    # The secret was made once, next to the database: another server on the same folder knows the player.
    assert (tmp_path / "secret").stat().st_mode & 0o077 == 0
    view = first.post("/api/games", json={"game": "draw"}).json()
    signed = first.cookies[COOKIE]
    again = TestClient(create_app(Store(url)))
    answer = again.get("/api/games/current", headers={"cookie": f"{COOKIE}={signed}"})
    assert answer.json()["id"] == view["id"] and "set-cookie" not in answer.headers
    # A forged cookie (another id with the old signature) is a new player, who sees nothing.
    player, _, mac = signed.rpartition(".")
    forged = again.get("/api/games/current", headers={"cookie": f"{COOKIE}={'A' * len(player)}.{mac}"})
    assert forged.status_code == 204 and forged.headers["set-cookie"].startswith(f"{COOKIE}=")
    assert signed not in forged.headers["set-cookie"]


def test_bones_secret_signs_the_cookies_when_set(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    monkeypatch.setenv(ENV_SECRET, "one secret for every server")
    first = TestClient(create_app(Store(url)))
    first.get("/")
    assert not (tmp_path / "secret").exists()
    monkeypatch.setenv(ENV_SECRET, "another secret")
    other = TestClient(create_app(Store(url)))
    answer = other.get("/", headers={"cookie": f"{COOKIE}={first.cookies[COOKIE]}"})
    assert "set-cookie" in answer.headers  # not signed by this server: a new player


def test_a_player_sets_a_name_within_limits(app: Any) -> None:
    ann = browser(app)
    assert ann.get("/api/player").json() == {"name": None, "games": []}
    named = ann.put("/api/player/name", json={"name": "  Anne-Marie   O'Neil "})
    assert named.status_code == 200 and named.json()["name"] == "Anne-Marie O'Neil"
    for bad in ("", "   ", "x" * 25, "<img src=x onerror=alert(1)>", "evil\u202etxt", "bell\x07", "..."):
        refused = ann.put("/api/player/name", json={"name": bad})
        assert refused.status_code == 422, (bad, refused.text)
    assert ann.put("/api/player/name", json={"name": 7}).status_code == 422
    assert ann.get("/api/player").json()["name"] == "Anne-Marie O'Neil"
    view, _ = start(ann)
    assert view["seats"][0]["name"] == "Anne-Marie O'Neil"
    assert browser(app).get("/api/player").json()["name"] is None


def test_a_second_human_seat_is_taken_by_another_player_who_then_plays(app: Any) -> None:
    ann, bob, cat = browser(app), browser(app), browser(app)
    setup = {"hands": [["6:6", "1:0"], ["6:5", "4:4"]], "opener": 0}
    view, ann_headers = start(ann, setup=setup, seats=[{"kind": "human"}, {"kind": "human", "name": "Bob"}])
    base = f"/api/games/{view['id']}"
    taken = bob.post(f"{base}/seats/1")
    assert taken.status_code == 200, taken.text
    bobs = taken.json()
    bob_headers = {"X-Seat-Token": bobs["token"]}
    assert bobs["seat"] == 1 and sorted(bobs["board"]["hand"]) == ["4:4", "6:5"] and bobs["token"] != view["token"]
    assert cat.post(f"{base}/seats/1").status_code == 409  # taken
    assert cat.post(f"{base}/seats/0").status_code == 409
    assert ann.post(f"{base}/seats/1").status_code == 409
    assert bob.post(f"{base}/seats/7").status_code == 400
    ann.post(f"{base}/moves", headers=ann_headers, json={"move": "6:6", "move_number": 0})
    # Ann cannot play Bob's seat even with his token; Bob plays it.
    assert (
        ann.post(f"{base}/moves", headers=bob_headers, json={"move": "6:5@left", "move_number": 1}).status_code == 403
    )
    played = bob.post(f"{base}/moves", headers=bob_headers, json={"move": "6:5@left", "move_number": 1})
    assert played.status_code == 200 and played.json()["move_number"] == 2
    assert bob.get("/api/games/current").json()["seat"] == 1
