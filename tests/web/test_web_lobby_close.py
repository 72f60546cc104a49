"""A lobby's table says it is followed over its socket; a view says whose hand sheet holds the table up; the host
closes an unstarted table, which is listed no more; a table driven while it starts waits for its game quietly."""

from __future__ import annotations

from fastapi.testclient import TestClient

import bones
from bones.web.seating import STARTED
from bones.web.table import HUMAN, Seat, Table
from tests.web.test_web_live import HOST, join, live, lobby, person  # noqa: F401 (live: the fixture)


def test_a_lobbys_table_says_the_server_plays_its_computers_and_a_plain_table_does_not(
    live: TestClient,  # noqa: F811
) -> None:
    table = lobby(live, computers=[1, 2, 3])
    started = live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert started.status_code == 200 and started.json()["live"] is True
    # Read again (as CONTINUE does) the table still says so, the host alone at it with computers.
    again = live.get(f"/api/games/{table['id']}", headers={HOST: table["token"]}).json()
    assert again["live"] is True
    plain = live.post("/api/games", json={"game": "kozel", "seats": [{"kind": "human"}, {"kind": "human"}, {}, {}]})
    assert plain.status_code == 201, plain.text
    assert plain.json()["live"] is False


def test_a_view_names_the_people_whose_hand_sheet_holds_the_table_up(live: TestClient) -> None:  # noqa: F811
    rules = bones.rules("draw", players=2)
    state = rules.new_game(seed=1)
    while state.hands_played() == 0:
        state = state.play(state.legal_moves[0])
    table = Table("t", "easy", [Seat(HUMAN, "Ann", token="a"), Seat(HUMAN, "Bob", token="b")], state)
    assert table.view(0)["sheets_open"] == [0, 1] and table.view(0)["status"] == "sheet"
    table.close_sheet(0)
    ann = table.view(0)
    assert ann["status"] == "playing" and ann["sheets_open"] == [1]
    table.seats[1].away = True  # a computer plays for Bob: his sheet holds nobody up
    assert table.view(0)["sheets_open"] == []


def test_the_host_closes_an_unstarted_table_and_nobody_else_may(live: TestClient) -> None:  # noqa: F811
    table = lobby(live)
    bob_client = person(live)
    bob = join(bob_client, table["id"], name="Bob")
    listed = [t["id"] for t in live.get("/api/lobby").json()["tables"]]
    assert table["id"] in listed
    # Only the host: a guest with their own token, or with the host's token but another cookie, is refused.
    assert bob_client.delete(f"/api/lobby/{table['id']}", headers={HOST: bob["token"]}).status_code == 403
    assert bob_client.delete(f"/api/lobby/{table['id']}", headers={HOST: table["token"]}).status_code == 403
    assert live.delete(f"/api/lobby/{table['id']}").status_code == 403
    closed = live.delete(f"/api/lobby/{table['id']}", headers={HOST: table["token"]})
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert table["id"] not in [t["id"] for t in live.get("/api/lobby").json()["tables"]]
    # Closed stays closed: no seat taken, no start, no second close.
    assert person(live).post(f"/api/lobby/{table['id']}/seats", json={}).status_code == 409
    assert live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]}).status_code == 409
    assert live.delete(f"/api/lobby/{table['id']}", headers={HOST: table["token"]}).status_code == 409
    assert live.delete("/api/lobby/nosuchtable", headers={HOST: table["token"]}).status_code == 404


def test_a_started_table_cannot_be_closed(live: TestClient) -> None:  # noqa: F811
    table = lobby(live, computers=[1, 2, 3])
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert live.delete(f"/api/lobby/{table['id']}", headers={HOST: table["token"]}).status_code == 409


def test_a_table_driven_between_its_start_and_its_game_waits_quietly(live: TestClient) -> None:  # noqa: F811
    # Starting marks the lobby started, and tells its sockets so, before the game is made: a socket that hears that
    # kicks a driver, which found no game and logged a failure (bench/load.py saw it at most tables). The game's
    # creation kicks the driver again.
    table = lobby(live, computers=[1, 2, 3])
    hub = live.app.state.hub  # type: ignore[attr-defined]
    waiting = hub.seating.get(table["id"])
    assert hub.seating.change(waiting, waiting.seats, STARTED)
    hub._go_on(table["id"])  # what the kicked driver does; it raised NotFound
