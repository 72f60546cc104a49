"""Seats at a table of people (issues 24 and 26): a player takes one seat unless the host gives them more; the host
removes a seated guest before the start, who is told; starting gives up the host's match against computers only
when the request says so (the page asks first)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.test_web_live import HOST, connect, join, live, lobby, person  # noqa: F401 (live: the fixture)


def test_a_player_takes_one_seat_and_the_others_stay_for_other_people(live: TestClient) -> None:  # noqa: F811
    table = lobby(live)
    bob_client, eve = person(live), person(live)
    bob = join(bob_client, table["id"], name="Bob")
    for body in ({}, {"seat": 2}, {"seat": 3}):
        again = bob_client.post(f"/api/lobby/{table['id']}/seats", json=body)
        assert again.status_code == 409 and "already" in again.json()["detail"], again.text
        assert live.post(f"/api/lobby/{table['id']}/seats", json=body).status_code == 409  # the host too
    seats = live.get(f"/api/lobby/{table['id']}").json()
    assert seats["open_seats"] == [2, 3] and [s["kind"] for s in seats["seats"]] == ["human", "human", "open", "open"]
    assert join(eve, table["id"], name="Eve")["seat"] == 2
    assert bob_client.get(f"/api/lobby/{table['id']}").json()["tokens"] == {"1": bob["token"]}


def test_the_host_may_give_a_player_a_second_seat(live: TestClient) -> None:  # noqa: F811
    table = lobby(live)
    bob_client = person(live)
    bob = join(bob_client, table["id"], name="Bob")
    url = f"/api/lobby/{table['id']}/seats/3"
    # Only the host, only to a person seated, and only an open seat.
    assert bob_client.put(url, json={"kind": "human", "holder": 1}, headers={HOST: bob["token"]}).status_code == 403
    assert live.put(url, json={"kind": "human", "holder": 2}, headers={HOST: table["token"]}).status_code == 400
    assert live.put(url, json={"kind": "human"}, headers={HOST: table["token"]}).status_code == 400
    assert live.put(url, json={"kind": "computer", "holder": 1}, headers={HOST: table["token"]}).status_code == 400
    given = live.put(url, json={"kind": "human", "holder": 1}, headers={HOST: table["token"]})
    assert given.status_code == 200 and given.json()["seats"][3]["name"] == "Bob" and "token" not in given.json()
    tokens = bob_client.get(f"/api/lobby/{table['id']}").json()["tokens"]
    assert set(tokens) == {"1", "3"} and tokens["1"] == bob["token"]
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert bob_client.get(f"/api/games/{table['id']}", headers={HOST: tokens["3"]}).json()["seat"] == 3
    # The host gives one to themselves (a second hand at their own screen): the answer carries its token.
    other = lobby(live, name="Ann")
    mine = live.put(
        f"/api/lobby/{other['id']}/seats/2", json={"kind": "human", "holder": 0}, headers={HOST: other["token"]}
    )
    assert mine.status_code == 200 and mine.json()["seat"] == 2 and mine.json()["token"]


def test_an_invitation_to_a_plain_table_seats_a_player_once(live: TestClient) -> None:  # noqa: F811
    made = live.post("/api/games", json={"game": "kozel", "seats": [{"kind": "human"}] * 3 + [{}]}).json()
    bob = person(live)
    assert bob.post(f"/api/games/{made['id']}/seats/1").status_code == 200
    assert bob.post(f"/api/games/{made['id']}/seats/1").status_code == 200  # the seat they hold: its token again
    assert bob.post(f"/api/games/{made['id']}/seats/2").status_code == 409
    assert live.post(f"/api/games/{made['id']}/seats/2").status_code == 409  # the maker holds seat 0
    assert person(live).post(f"/api/games/{made['id']}/seats/2").status_code == 200


def test_the_host_removes_a_seated_guest_who_is_told(live: TestClient) -> None:  # noqa: F811
    table = lobby(live)
    bob_client, eve_client = person(live), person(live)
    bob = join(bob_client, table["id"], name="Bob")
    eve = join(eve_client, table["id"], name="Eve")
    bobs_room = connect(bob_client, table["id"], bob["token"], plays=False)
    bobs_room.until(lambda p: p.lobby is not None and p.seat == 1)
    url = f"/api/lobby/{table['id']}/seats/1"
    # Nobody but the host (or Bob himself) removes Bob; the host stays; an open seat has nobody to remove.
    assert eve_client.delete(url, headers={HOST: eve["token"]}).status_code == 403
    assert eve_client.delete(url, headers={HOST: table["token"]}).status_code == 403  # a token alone is nothing
    assert live.delete(f"/api/lobby/{table['id']}/seats/0", headers={HOST: table["token"]}).status_code == 403
    assert live.delete(f"/api/lobby/{table['id']}/seats/3", headers={HOST: table["token"]}).status_code == 409
    removed = live.delete(url, headers={HOST: table["token"]})
    assert removed.status_code == 200 and removed.json()["seats"][1]["kind"] == "open", removed.text
    assert removed.json()["open_seats"] == [1, 3]
    # Bob's room is told he has no seat, and its socket is let go; his old token opens nothing.
    bobs_room.until(lambda p: p.seat is None)
    with pytest.raises(ConnectionError):
        bobs_room.socket.recv(timeout=10)
    assert bob_client.get(f"/api/lobby/{table['id']}").json().get("token") is None
    assert live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]}).status_code == 200
    assert bob_client.get(f"/api/games/{table['id']}", headers={HOST: bob["token"]}).status_code == 403
    # Eve kept her seat.
    assert eve_client.get(f"/api/games/{table['id']}", headers={HOST: eve["token"]}).json()["seat"] == 2


def test_starting_gives_up_the_hosts_match_against_computers_only_when_asked(live: TestClient) -> None:  # noqa: F811
    solo = live.post("/api/games", json={"game": "draw", "level": "easy"}).json()
    table = lobby(live, computers=[1, 2, 3])
    url = f"/api/lobby/{table['id']}/start"
    # The host's page learns of it before START (and asks); nobody else is told of the host's matches.
    assert live.get(f"/api/lobby/{table['id']}").json()["gives_up"]["id"] == solo["id"]
    assert "gives_up" not in person(live).get(f"/api/lobby/{table['id']}").json()
    asked = live.post(url, headers={HOST: table["token"]})
    assert asked.status_code == 409 and "give_up" in asked.json()["detail"], asked.text
    # The answer names the match (the page asks about it, as PLAY does), and nothing was started or given up.
    assert asked.json()["solo"]["id"] == solo["id"] and asked.json()["solo"]["token"] == solo["token"]
    assert live.get(f"/api/games/{solo['id']}", headers={HOST: solo["token"]}).json()["status"] == "playing"
    assert live.get(f"/api/lobby/{table['id']}").json()["status"] == "waiting"
    assert live.post(url, json={"give_up": False}, headers={HOST: table["token"]}).status_code == 409
    started = live.post(url, json={"give_up": True}, headers={HOST: table["token"]})
    assert started.status_code == 200 and started.json()["id"] == table["id"]
    assert live.get(f"/api/games/{solo['id']}", headers={HOST: solo["token"]}).json()["status"] == "abandoned"
    # A guest's own match against computers is never touched, and a host without one starts at once.
    bob = person(live)
    bobs = bob.post("/api/games", json={"game": "draw", "level": "easy"}).json()
    other = lobby(person(live))
    join(bob, other["id"], name="Bob")
    assert live.post(f"/api/lobby/{other['id']}/start", headers={HOST: other["token"]}).status_code == 403
    host = person(live)
    theirs = lobby(host)
    join(bob, theirs["id"], name="Bob")
    assert host.post(f"/api/lobby/{theirs['id']}/start", headers={HOST: theirs["token"]}).status_code == 200
    assert bob.get(f"/api/games/{bobs['id']}", headers={HOST: bobs["token"]}).json()["status"] == "playing"
