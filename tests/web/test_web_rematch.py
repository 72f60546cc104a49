"""REMATCH at the results of a finished match with people: one new table of the same game and options however many
press, the same people with the seats turned, every socket still at the results told its new seat; nobody else may
ask. Names no game but the test's short one (one hand of a two-player match)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.live_players import Player, in_threads
from tests.web.test_web_live import HOST, connect, join, live, person  # noqa: F401 (live: the fixture)

SHORT = {"game": "draw", "players": 2, "level": "easy", "options": {"target": 1}}


def over(p: Player) -> bool:
    return p.view is not None and p.view["status"] == "over"


def test_a_rematch_seats_the_same_people_turned_and_is_made_once(live: TestClient) -> None:  # noqa: F811
    made = live.post("/api/lobby", json={**SHORT, "name": "Ann", "replace_after": 90})
    assert made.status_code == 201, made.text
    table = made.json()
    bob_client, eve = person(live), person(live)
    bob = join(bob_client, table["id"], name="Bob")
    ann_seat, bob_seat = connect(live, table["id"], table["token"]), connect(bob_client, table["id"], bob["token"])
    for player in (ann_seat, bob_seat):
        player.until(lambda p: p.lobby is not None)
    started = live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert started.status_code == 200, started.text
    early = bob_client.post(f"/api/lobby/{table['id']}/rematch")
    assert early.status_code == 409 and "over" in early.json()["detail"]
    in_threads(*[lambda p=p: p.until(over, timeout=60) for p in (ann_seat, bob_seat)], timeout=90)

    # Someone who never sat there may not ask, whatever token they learnt.
    assert eve.post(f"/api/lobby/{table['id']}/rematch", headers={HOST: bob["token"]}).status_code == 403
    assert live.post("/api/lobby/nosuchtable/rematch").status_code == 404

    # Bob, the rematch's host, meanwhile began a match against computers: the rematch he did not ask for keeps it.
    solo = bob_client.post("/api/games", json={"game": "block"}).json()

    # Both press at once: one table.
    answers: dict[str, dict] = {}

    def press(name: str, client: TestClient) -> None:
        response = client.post(f"/api/lobby/{table['id']}/rematch")
        assert response.status_code == 200, response.text
        answers[name] = response.json()

    in_threads(lambda: press("ann", live), lambda: press("bob", bob_client))
    ann, bob_new = answers["ann"], answers["bob"]
    assert ann["id"] == bob_new["id"] != table["id"]
    # The seats turned by one: Bob opens the new table as its host, Ann sits after him; the game and options stay.
    assert [s["name"] for s in ann["seats"]] == ["Bob", "Ann"]
    assert (ann["seat"], bob_new["seat"]) == (1, 0) and ann["token"] != bob_new["token"]
    assert (ann["game"], ann["options"], ann["replace_after"], ann["status"]) == ("draw", {"target": 1}, 90, "started")
    again = bob_client.post(f"/api/lobby/{table['id']}/rematch")
    assert again.json()["id"] == ann["id"] and again.json()["token"] == bob_new["token"]
    assert live.get(f"/api/lobby/{table['id']}").json()["rematch"] == ann["id"]

    # Each page still at the results hears of it over its socket: its own new seat and token, no one else's.
    for player, mine in ((ann_seat, ann), (bob_seat, bob_new)):
        player.until(lambda p: p.rematch is not None, timeout=10)
        assert player.rematch == {"type": "rematch", "table": mine["id"], "seat": mine["seat"], "token": mine["token"]}

    # A page that asks what it missed (its event lost on the way) is told again.
    ann_seat.rematch = None
    ann_seat.socket.send({"type": "sync", "since": ann_seat.view["move_number"] if ann_seat.view else None})
    ann_seat.until(lambda p: p.rematch is not None, timeout=10)
    assert ann_seat.rematch is not None and ann_seat.rematch["table"] == ann["id"]

    # The new match is theirs: each token opens that person's own seat only.
    view = bob_client.get(f"/api/games/{ann['id']}", headers={HOST: bob_new["token"]})
    assert view.status_code == 200 and view.json()["seat"] == 0 and view.json()["live"]
    assert live.get(f"/api/games/{ann['id']}", headers={HOST: bob_new["token"]}).status_code == 403
    kept = bob_client.get(f"/api/games/{solo['id']}", headers={HOST: solo["token"]})
    assert kept.status_code == 200 and kept.json()["status"] == "playing"
    # A page that comes back to the finished table is sent the rematch when it connects.
    back = connect(bob_client, table["id"], bob["token"], plays=False)
    back.until(lambda p: p.rematch is not None, timeout=10)
    assert back.rematch is not None and back.rematch["table"] == ann["id"] and back.rematch["seat"] == 0


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_a_rematch_that_could_not_be_made_leaves_no_table_behind(
    live: TestClient,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = live.post("/api/lobby", json={**SHORT, "name": "Ann", "replace_after": 90}).json()
    bob_client = person(live)
    bob = join(bob_client, made["id"], name="Bob")
    ann_seat, bob_seat = connect(live, made["id"], made["token"]), connect(bob_client, made["id"], bob["token"])
    assert live.post(f"/api/lobby/{made['id']}/start", headers={HOST: made["token"]}).status_code == 200
    in_threads(*[lambda p=p: p.until(over, timeout=60) for p in (ann_seat, bob_seat)], timeout=90)
    hub = live.app.state.hub  # type: ignore[attr-defined]
    created: list[str] = []
    seating_create = hub.seating.create

    def create(lobby: Any) -> None:
        created.append(lobby.id)
        seating_create(lobby)

    def fails(*_: Any, **__: Any) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(hub.seating, "create", create)
    monkeypatch.setattr(hub.referee, "create", fails)
    with pytest.raises(RuntimeError):
        live.post(f"/api/lobby/{made['id']}/rematch")
    # Its waiting room is gone with it (it was left started, with no match, in the database for good), and the
    # next press makes the rematch afresh.
    assert len(created) == 1 and hub.seating.get(created[0]) is None
    assert live.get(f"/api/lobby/{made['id']}").json()["rematch"] is None
