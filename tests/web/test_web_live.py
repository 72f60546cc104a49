"""Live tables in one process: the lobby, each seat's WebSocket, catch-up after a reconnect, absent players."""

from __future__ import annotations

import asyncio
import itertools
import json
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.web.app import create_app
from bones.web.events import Event
from bones.web.storage import Store
from bones.web.table import Table
from tests.web.live_players import Player, TestClientSocket, assert_no_hidden_tiles, in_threads

HOST = "X-Seat-Token"


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    # Computers move at once and servers tell the database of their seats five times a second.
    monkeypatch.setenv("BONES_COMPUTER_PACE", "0")
    monkeypatch.setenv("BONES_HEARTBEAT", "0.2")
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    with TestClient(create_app(store)) as client:
        client.sockets = []  # type: ignore[attr-defined]
        yield client
        for socket in client.sockets:  # type: ignore[attr-defined]
            socket.close()
    store.close()


def person(client: TestClient) -> TestClient:
    """Another person at the same server: a client with a cookie jar of its own (a player of its own)."""
    other = TestClient(client.app)
    # On the server's one event loop, as in a real server: else each socket of this client has a loop of its own, and
    # the heartbeat task that the first arrival starts dies with that socket's loop (then no absent player is replaced).
    other.portal = client.portal
    other.sockets = client.sockets  # type: ignore[attr-defined]
    return other


def lobby(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/lobby", json={"game": "kozel", "name": "Ann", **body})
    assert response.status_code == 201, response.text
    return response.json()


def join(client: TestClient, lobby_id: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"/api/lobby/{lobby_id}/seats", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def connect(client: TestClient, table_id: str, token: str, since: int | None = None, plays: bool = True) -> Player:
    socket = TestClientSocket(client.websocket_connect(f"/api/live/{table_id}"))
    client.sockets.append(socket)  # type: ignore[attr-defined]
    player = Player(socket, token, plays=plays)
    player.hello(since)
    return player


def started(player: Player) -> bool:
    return player.view is not None


def test_the_lobby_lists_open_tables_seats_people_and_the_host_starts(live: TestClient) -> None:
    table = lobby(live, computers=[1])
    assert table["seat"] == 0 and table["token"] and table["invite"] == f"/?join={table['id']}"
    assert table["open_seats"] == [2, 3]
    private = lobby(live, public=False)
    listed = [t["id"] for t in live.get("/api/lobby").json()["tables"]]
    assert table["id"] in listed and private["id"] not in listed
    assert all("token" not in seat for seat in live.get(f"/api/lobby/{table['id']}").json()["seats"])

    listing = live.get("/api/lobby")
    assert "default-src 'self'" in listing.headers["content-security-policy"]
    assert listing.headers["x-frame-options"] == "DENY"

    bob_client, eve = person(live), person(live)
    bob = join(bob_client, table["id"], name="Bob")
    assert bob["seat"] == 2 and bob["token"] != table["token"]
    assert all("player" not in seat for seat in bob_client.get(f"/api/lobby/{table['id']}").json()["seats"])
    taken = eve.post(f"/api/lobby/{table['id']}/seats", json={"seat": 2})
    assert taken.status_code == 409
    # Only the host starts, and only the host gives seats to computers.
    assert bob_client.post(f"/api/lobby/{table['id']}/start", headers={HOST: bob["token"]}).status_code == 403
    give = bob_client.put(f"/api/lobby/{table['id']}/seats/3", json={"kind": "computer"}, headers={HOST: bob["token"]})
    assert give.status_code == 403
    # A token is worth nothing to another player: Eve, who learnt the host's and Bob's tokens, can do nothing with them.
    assert eve.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]}).status_code == 403
    assert eve.delete(f"/api/lobby/{table['id']}/seats/2", headers={HOST: bob["token"]}).status_code == 403
    give = live.put(
        f"/api/lobby/{table['id']}/seats/3", json={"kind": "computer", "level": "hard"}, headers={HOST: table["token"]}
    )
    assert give.status_code == 200 and give.json()["seats"][3] == {"kind": "computer", "name": "Zoe", "level": "hard"}
    assert table["id"] not in [t["id"] for t in live.get("/api/lobby").json()["tables"]]  # full now

    start = live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert start.status_code == 200, start.text
    assert [s["kind"] for s in start.json()["seats"]] == ["human", "computer", "human", "computer"]
    assert start.json()["seats"][2]["name"] == "Bob"
    # The second human's token, handed out when Bob took his seat, is his seat's token in the match, and Bob holds
    # that seat from the start (the match is among his games); to another player the token opens nothing.
    view = bob_client.get(f"/api/games/{table['id']}", headers={HOST: bob["token"]})
    assert view.status_code == 200 and view.json()["seat"] == 2
    assert eve.get(f"/api/games/{table['id']}", headers={HOST: bob["token"]}).status_code == 403
    assert live.get(f"/api/games/{table['id']}", headers={HOST: bob["token"]}).status_code == 403
    assert [(g["id"], g["seat"]) for g in bob_client.get("/api/player").json()["games"]] == [(table["id"], 2)]
    assert eve.post(f"/api/games/{table['id']}/seats/2").status_code == 409
    with eve.websocket_connect(f"/api/live/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": bob["token"], "since": None})
        assert socket.receive_json()["status"] == 403
    assert eve.post(f"/api/lobby/{table['id']}/seats", json={}).status_code == 409
    assert live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]}).status_code == 409


def test_open_seats_are_given_to_computers_at_the_start_and_bad_requests_are_refused(live: TestClient) -> None:
    table = lobby(live, game="draw", players=3)
    assert table["open_seats"] == [1, 2]
    start = live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert [s["kind"] for s in start.json()["seats"]] == ["human", "computer", "computer"]
    assert live.post("/api/lobby", json={"game": "chess"}).status_code == 400
    assert live.post("/api/lobby", json={"game": "kozel", "players": 2}).status_code == 400
    assert live.post("/api/lobby", json={"game": "kozel", "computers": [0]}).status_code == 400
    assert live.post("/api/lobby", json={"game": "kozel", "name": "a\x00b"}).status_code == 422
    assert live.get("/api/lobby/nope").status_code == 404
    with live.websocket_connect(f"/api/live/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": "wrong", "since": None})
        assert socket.receive_json()["status"] == 403
    with live.websocket_connect(f"/api/live/{table['id']}") as socket:
        socket.send_json({"type": "hello", "token": table["token"], "since": 10**9})
        assert socket.receive_json()["type"] == "view"  # a move number never made: the seat's view afresh
    waiting = lobby(live)
    with live.websocket_connect(f"/api/live/{waiting['id']}") as socket:
        socket.send_json({"type": "hello", "token": waiting["token"], "since": None})
        assert socket.receive_json()["type"] == "lobby"
        for bad in ("not json", "[1]", '{"type": "move", "move": "6:6", "move_number": 1e999}', '{"type": "fly"}'):
            socket.send_text(bad)
            answer = socket.receive_json()
            assert answer["type"] == "error" and answer["status"] == 400, (bad, answer)
        socket.send_bytes(b"\x00\x01")
        assert socket.receive_json()["status"] == 400
        socket.send_json({"type": "ping", "ref": 7})
        assert socket.receive_json() == {"type": "pong", "ref": 7}


def test_every_seat_hears_every_move_and_a_reconnect_catches_up(live: TestClient) -> None:
    table = lobby(live, computers=[1, 3])
    bob_client = person(live)
    bob = join(bob_client, table["id"], name="Bob")
    ann = connect(live, table["id"], table["token"])
    ann.until(lambda p: p.lobby is not None)
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    first = connect(bob_client, table["id"], bob["token"], since=0)

    def to(move_number: int) -> Any:
        return lambda p: p.view is not None and p.view["move_number"] >= move_number

    # Bob leaves just after a move of his (a computer is to move), so he misses moves of the others.
    enough = threading.Event()

    def twelve_moves(player: Player) -> bool:
        # Each player acts on every view it gets, so the one that stops first holds up nobody.
        if to(12)(player):
            enough.set()
        # Nobody stops at their own turn: the table would wait for them (for the host's minute).
        view = player.view
        mine = view is not None and view["status"] in ("playing", "sheet") and view["to_move"] == player.seat
        return enough.is_set() and not mine

    in_threads(lambda: ann.until(twelve_moves), lambda: first.until(twelve_moves))
    first.socket.close()
    left_at = first.heard[-1]  # a client resumes from the last move it heard of

    # Ann and the computers go on until it is Bob's turn, or until the table waits for him to close the sheet of a
    # hand that ended while he was away (seen once, under load: Ann waited for Bob's turn while the table waited for
    # his sheet); then Bob comes back and hears what he missed.
    def waits_for_bob(p: Player) -> bool:
        view = p.view
        if view is None:
            return False
        return (view["to_move"] == 2 and view["move_number"] > left_at) or 2 in (view.get("sheets_open") or ())

    ann.until(waits_for_bob)
    missed = ann.view["move_number"] if ann.view else 0
    back = connect(bob_client, table["id"], bob["token"], since=left_at)
    in_threads(lambda: ann.until(to(missed + 8)), lambda: back.until(to(missed + 8)))
    end = min(ann.view["move_number"], back.view["move_number"])  # type: ignore[index]
    assert [n for n in ann.heard if n <= end] == list(range(1, end + 1))
    assert [n for n in first.heard + back.heard if n <= end] == list(range(1, end + 1))
    record = live.app.state.referee.get(table["id"]).record.to_dict()  # type: ignore[attr-defined]
    assert assert_no_hidden_tiles(record, ann) > 5 and assert_no_hidden_tiles(record, back) >= 1


def test_a_player_who_leaves_is_replaced_by_a_computer_and_takes_the_seat_back(live: TestClient) -> None:
    table = lobby(live, computers=[1, 3], replace_after=1)
    bob_client = person(live)
    bob = join(bob_client, table["id"], name="Bob")
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    ann = connect(live, table["id"], table["token"])
    gone = connect(bob_client, table["id"], bob["token"])
    gone.until(started)
    # Timed from the moment he starts to leave: the close returns once the server has let his socket go (and its
    # task's cancellation no longer skips that), so a stamp taken after it could be later than the server's own.
    left = time.monotonic()
    gone.socket.close()

    # Ann is told of Bob's absence, then of moves; the computer's move for Bob may reach her only as a move number (a
    # burst of moves comes with the view of its last), so the table's record says who made the moves after she knew.
    ann.until(lambda p: p.view is not None and bool(p.view["seats"][2].get("away")), timeout=20)
    away_at = ann.view["move_number"] if ann.view else 0

    def bob_replaced(_p: Player) -> bool:
        states = list(live.app.state.referee.get(table["id"]).record.states())  # type: ignore[attr-defined]
        return any(state.to_move == 2 for state in states[away_at:-1])

    ann.until(bob_replaced, timeout=20)
    assert time.monotonic() - left >= 1.0
    assert ann.view is not None and ann.view["seats"][2]["level"] == "normal"
    back = connect(bob_client, table["id"], bob["token"], since=gone.view["move_number"] if gone.view else 0)
    back.until(lambda p: p.view is not None and not p.view["seats"][2].get("away"))
    ann.until(lambda p: p.view is not None and not p.view["seats"][2].get("away"))
    # Back at the table, Bob is waited for: the computer no longer plays his seat.
    in_threads(lambda: ann.until(lambda _p: bool(back.oks)), lambda: back.until(lambda p: bool(p.oks)))
    assert back.view is not None and not back.view["seats"][2].get("away")


def test_the_computers_move_at_the_tables_pace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BONES_COMPUTER_PACE", "0.3")
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    with TestClient(create_app(store)) as client:
        client.sockets = []  # type: ignore[attr-defined]
        table = lobby(client, computers=[1, 2, 3])
        client.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
        ann = connect(client, table["id"], table["token"], since=0)
        heard: list[tuple[float, int]] = []
        original = ann.take

        def timed(message: dict[str, Any]) -> None:
            original(message)  # a patch becomes the message's view
            if message["type"] == "moved" and "view" in message:
                heard.append((time.monotonic(), message["view"]["last"]["seat"]))

        ann.take = timed  # type: ignore[method-assign]
        ann.until(lambda p: p.view is not None and p.view["move_number"] >= 10)
        for socket in client.sockets:  # type: ignore[attr-defined]
            socket.close()
    store.close()
    # The first message is the catch-up (moves made before Ann connected). On a busy machine any message may come
    # late, which shortens the wait before the next one and lengthens its own: the pace shows in the median wait.
    heard = heard[1:]
    waits = [later - earlier for (earlier, _), (later, seat) in itertools.pairwise(heard) if seat != 0]
    assert len(waits) >= 4 and statistics.median(waits) >= 0.3 * 0.95, heard


def test_a_seats_view_of_a_move_is_built_once_for_all_its_sockets(
    live: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ann has the table open twice (a phone and a laptop): each move's view of her seat is built once and sent on
    # both sockets, and the answer to her own move is that same view.
    built: list[tuple[Any, ...]] = []
    last = Table._last

    def counted(table: Table, seat: int) -> Any:
        seats = tuple((s.kind, s.seen, s.away) for s in table.seats)
        built.append((seat, table.move_number, table.status, seats))
        return last(table, seat)

    monkeypatch.setattr(Table, "_last", counted)
    table = lobby(live, computers=[1, 2, 3])
    ann = connect(live, table["id"], table["token"])
    ann.until(lambda p: p.lobby is not None)
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    laptop = connect(live, table["id"], table["token"], plays=False)

    def to(move_number: int) -> Any:
        return lambda p: p.view is not None and p.view["move_number"] >= move_number

    # Counted from the first move on: around the start the table is read whole again (its seats changed), and a
    # table read anew builds its views anew, whichever socket asks first.
    in_threads(lambda: ann.until(to(1)), lambda: laptop.until(to(1)))
    start = max(ann.view["move_number"], laptop.view["move_number"])  # type: ignore[index]
    built[:] = [b for b in built if b[1] > start]
    in_threads(lambda: ann.until(to(16)), lambda: laptop.until(to(16)))
    assert len(ann.oks) >= 2  # Ann's own moves, answered
    assert len(built) == len(set(built)), [b for b in built if built.count(b) > 1][:3]


def test_a_computers_move_costs_few_database_statements(live: TestClient) -> None:
    # Each statement is a round trip to a database server: a move of a computer at a live table is saved once (its
    # row and the game's head), read from nothing: the driver knows the number it saved, and the player's socket
    # tells of it from the table kept (the event names its number).
    from sqlalchemy import event

    engine = live.app.state.referee.store.engine  # type: ignore[attr-defined]
    statements: list[str] = []
    table = lobby(live, computers=[1, 2, 3])
    ann = connect(live, table["id"], table["token"])
    ann.until(lambda p: p.lobby is not None)
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    ann.until(lambda p: p.view is not None and p.view["move_number"] >= 4)
    at, answered = ann.view["move_number"], len(ann.oks)  # type: ignore[index]

    def count(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if not statement.startswith("UPDATE bones_presence"):  # the heartbeat's, by the clock, not by the moves
            statements.append(statement.split()[0])

    event.listen(engine, "before_cursor_execute", count)
    try:
        ann.until(lambda p: p.view is not None and p.view["move_number"] >= at + 24)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    moves = ann.view["move_number"] - at  # type: ignore[index]
    own = len(ann.oks) - answered  # Ann's moves and sheets closed: each reads the table's head for her seat
    assert len(statements) <= 2 * moves + 2 * own, (moves, own, sorted(set(statements)), len(statements))
    # The computers' moves (three of every four) read nothing: a read before each was 30% of a server's CPU.
    assert statements.count("SELECT") <= 2 * own + 2, (moves, own, statements.count("SELECT"))


def test_a_socket_that_missed_moves_hears_them_when_it_asks(live: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # A table event is told at most once: one lost on the way (Redis reconnecting, a process too busy to read) left a
    # page at its old view for the rest of the match. The page asks now and then; the answer brings what it missed.
    referee = live.app.state.referee  # type: ignore[attr-defined]
    table = lobby(live, computers=[1, 2, 3])
    ann = connect(live, table["id"], table["token"], plays=False)
    ann.until(lambda p: p.lobby is not None)
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})

    def hers(p: Player) -> bool:
        view = p.view
        return view is not None and view["status"] == "playing" and view["to_move"] == 0 and not view["forced"]

    ann.until(hers)
    lost: list[Any] = []
    monkeypatch.setattr(live.app.state.hub.bus, "publish", lost.append)  # type: ignore[attr-defined]
    seen = ann.view["move_number"]  # type: ignore[index]
    ann.socket.send({"type": "move", "move": ann.view["legal_moves"][0], "move_number": seen})  # type: ignore[index]
    ann.until(lambda p: bool(p.oks))
    deadline = time.monotonic() + 30
    while True:  # the computers play on to Ann's next turn (or the hand's end), and she hears none of it
        current = referee.get(table["id"])
        if current.status != "playing" or current.state.to_move == 0:
            break
        assert time.monotonic() < deadline, "the computers did not play on"
        time.sleep(0.05)
    now = current.move_number
    assert now > seen + 1 and lost and ann.view["move_number"] == seen  # type: ignore[index]
    ann.socket.send({"type": "sync", "since": seen})
    ann.until(lambda p: p.view is not None and p.view["move_number"] == now)
    assert ann.heard[-(now - seen) :] == list(range(seen + 1, now + 1))
    assert ann.view["status"] == current.status  # type: ignore[index]


def test_a_table_whose_host_has_gone_leaves_the_list_until_they_are_back(
    live: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A host who closed the page left their table listed: people joined a table nobody would ever start.
    monkeypatch.setattr("bones.web.lobby.HOST_GONE_AFTER", 0.0)  # gone after six heartbeats (1.2 s here)
    seating = live.app.state.hub.seating  # type: ignore[attr-defined]
    table = lobby(live)

    def listed() -> bool:
        return table["id"] in [t["id"] for t in live.get("/api/lobby").json()["tables"]]

    def wait(done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + 15
        while not done():
            assert time.monotonic() < deadline, what
            time.sleep(0.05)

    assert listed()  # just made: its host is there
    made = seating.seen_at(table["id"], 0)
    ann = connect(live, table["id"], table["token"])
    ann.until(lambda p: p.lobby is not None)
    wait(lambda: seating.seen_at(table["id"], 0) > made + 1.5, "the host's room socket does not keep them present")
    assert listed()
    ann.socket.close()
    wait(lambda: not listed(), "the table of a host who left is still listed")
    # The host's page comes back to the room: listed again.
    back = connect(live, table["id"], table["token"])
    back.until(lambda p: p.lobby is not None)
    wait(listed, "the host is back but the table is not listed")
    # A table that starts is its players' from then on (its presence rows are the seats'), whoever was in the room.
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    back.until(lambda p: p.view is not None)
    assert not listed()


def test_a_seat_is_sent_patches_that_give_its_whole_view(live: TestClient) -> None:
    # Ann's phone takes patches (as the page does), her laptop whole views: each patch, applied to the view before it,
    # is the view the laptop is sent at that move, and it is far shorter than the view.
    sizes: list[tuple[int, int]] = []
    table = lobby(live, computers=[1, 2, 3])
    phone = connect(live, table["id"], table["token"])
    phone.until(lambda p: p.lobby is not None)
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    laptop = TestClientSocket(live.websocket_connect(f"/api/live/{table['id']}"))
    live.sockets.append(laptop)  # type: ignore[attr-defined]
    whole = Player(laptop, table["token"], plays=False, patches=False)
    original = phone.take

    def measured(message: dict[str, Any]) -> None:
        if "patch" in message:
            sizes.append((len(json.dumps(message["patch"])), 0))
        original(message)
        if "patch" in message:
            sizes[-1] = (sizes[-1][0], len(json.dumps(message["view"])))

    phone.take = measured  # type: ignore[method-assign]
    whole.hello()

    def to(move_number: int) -> Any:
        return lambda p: p.view is not None and p.view["move_number"] >= move_number

    in_threads(lambda: phone.until(to(20)), lambda: whole.until(to(20)))
    assert phone.patched >= 5 and whole.patched == 0
    by_number = {(v["move_number"], v["status"], json.dumps(v["seats"])): v for v in whole.views}
    compared = 0
    for view in phone.views:
        key = (view["move_number"], view["status"], json.dumps(view["seats"]))
        if key in by_number:
            assert view == by_number[key], view["move_number"]
            compared += 1
    assert compared >= 5
    print("SIZES", sizes)
    assert all(patch < view for patch, view in sizes), sizes


def test_the_event_loop_never_reads_the_database_to_hear_a_waiting_rooms_event(
    live: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A table not yet started is read again at each of its events (its start is not known before): on the loop, every
    # socket of the process waited for that read.
    hub = live.app.state.hub  # type: ignore[attr-defined]
    room = lobby(live)
    readers: list[bool] = []
    read = hub.seating.replace_after

    def replace_after(table_id: str) -> float | None:
        readers.append(_on_a_loop())
        return read(table_id)

    monkeypatch.setattr(hub.seating, "replace_after", replace_after)
    live.portal.call(hub.heard, room["id"], [Event(room["id"], -1, "lobby")])  # type: ignore[union-attr]
    assert readers == [False]


def _on_a_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
