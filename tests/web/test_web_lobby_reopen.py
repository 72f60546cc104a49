"""A page opened again on an invitation finds its player's seat: the host's room, a guest's seat, the match."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.test_web_live import HOST, join, live, lobby, person  # noqa: F401 (live: the fixture)


def test_the_lobby_tells_a_player_their_own_seat_and_nobody_else_theirs(live: TestClient) -> None:  # noqa: F811
    table = lobby(live, computers=[2, 3])
    bob_client, eve = person(live), person(live)
    bob = join(bob_client, table["id"], name="Bob")
    again = live.get(f"/api/lobby/{table['id']}").json()
    assert (again["seat"], again["token"]) == (0, table["token"])
    assert (bob_client.get(f"/api/lobby/{table['id']}").json()["seat"], bob["token"]) == (1, bob["token"])
    assert bob_client.get(f"/api/lobby/{table['id']}").json()["token"] == bob["token"]
    stranger = eve.get(f"/api/lobby/{table['id']}").json()
    assert "seat" not in stranger and "token" not in stranger
    assert all("token" not in seat and "player" not in seat for seat in stranger["seats"])
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    started = bob_client.get(f"/api/lobby/{table['id']}").json()
    assert started["status"] == "started" and started["token"] == bob["token"]
    assert bob_client.get(f"/api/games/{table['id']}", headers={HOST: started["token"]}).json()["seat"] == 1
