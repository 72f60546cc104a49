"""Several server processes on one PostgreSQL and one Redis: the players of a table connected to different ones."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from bones.cli import main
from bones.web.storage import Store
from tests.web.conftest import free_port
from tests.web.live_players import NetSocket, Player, assert_no_hidden_tiles, in_threads

BONES = Path(sys.executable).parent / "bones"
HOST = "X-Seat-Token"


@contextmanager
def serving(database: str, redis: str, *options: str, **settings: str) -> Iterator[str]:
    """``bones serve`` in a process of its own (``settings``: more of its environment); yields its URL, and stops it
    at the end."""
    port = free_port()
    # The processes of one server sign the players' cookies with one secret (given here: nothing written at home).
    env = dict(os.environ, BONES_COMPUTER_PACE="0", BONES_HEARTBEAT="0.5", BONES_SECRET="the-secret-of-the-test")
    env.update(settings)
    command = [str(BONES), "serve", "--no-browser", "--port", str(port), "--database", database, "--redis", redis]
    # Its log goes to a file: a pipe nobody reads until the end fills at 64 KB and stops the server mid-test.
    log = tempfile.NamedTemporaryFile(prefix="bones-serve-", suffix=".log", delete=False)  # noqa: SIM115
    SERVER_LOGS.append(Path(log.name))
    server = subprocess.Popen([*command, *options], env=env, stdout=subprocess.DEVNULL, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        # Starting is CPU alone (no wait on anything): the server process imports and makes the tables, then each
        # worker imports the app again (FastAPI and SQLAlchemy: 0.3 s on a quiet machine, 4.8 s at a load of 16 on two
        # cores). Measured at that load: one process ready in 15 s, two workers in 25-55 s, once past 90 s.
        started = time.monotonic()
        deadline = started + 180
        while True:
            try:
                if httpx.get(f"{url}/api/catalog", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                # Stopped first: its stderr ends only when it (and its workers) are gone.
                server.terminate()
                server.wait(timeout=30)
                waited = time.monotonic() - started
                raise RuntimeError(f"bones serve did not start in {waited:.0f} s: {tail(log.name)}")
            time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        SERVER_LOGS.remove(Path(log.name))
        Path(log.name).unlink(missing_ok=True)


SERVER_LOGS: list[Path] = []  # the logs of this test process's servers running now, to be read when a test fails


def tail(path: str | Path, size: int = 3000) -> str:
    text = Path(path).read_text(errors="replace")
    return text[-size:]


def socket_url(url: str, table_id: str) -> str:
    return url.replace("http://", "ws://") + f"/api/live/{table_id}"


def new_table(person: httpx.Client, url: str, **body: Any) -> dict[str, Any]:
    response = person.post(f"{url}/api/lobby", json={"game": "kozel", "name": "Ann", **body}, timeout=10)
    assert response.status_code == 201, response.text
    return response.json()


def test_a_kozel_table_plays_a_hand_with_its_players_on_two_server_processes(postgres_url: str, redis_url: str) -> None:
    with (
        serving(postgres_url, redis_url) as first,
        serving(postgres_url, redis_url) as second,
        httpx.Client() as ann_client,
        httpx.Client() as bob_client,
    ):
        # Two people, each with their own cookie: both processes know the players (one secret, in the database's folder).
        table = new_table(ann_client, first, computers=[1, 3])
        joined = bob_client.post(f"{second}/api/lobby/{table['id']}/seats", json={"name": "Bob"}, timeout=10)
        assert joined.status_code == 201, joined.text
        ann = Player(NetSocket(socket_url(first, table["id"]), ann_client.cookies), table["token"])
        bob = Player(NetSocket(socket_url(second, table["id"]), bob_client.cookies), joined.json()["token"])
        ann.hello()
        bob.hello()
        # Bob, on the other process, hears of the start through Redis.
        bob.until(lambda p: p.lobby is not None)
        started = ann_client.post(f"{first}/api/lobby/{table['id']}/start", headers={HOST: table["token"]}, timeout=10)
        assert started.status_code == 200, started.text

        def second_hand(player: Player) -> Callable[[], None]:
            # The first hand played out, its sheet closed by both players (on their two processes), the next begun.
            def begun(p: Player) -> bool:
                return p.view is not None and (p.view["status"] == "over" or p.view["hand_no"] >= 2)

            return lambda: player.until(begun, timeout=100)

        in_threads(second_hand(ann), second_hand(bob), timeout=110)
        assert ann.view is not None and bob.view is not None
        end = min(ann.view["move_number"], bob.view["move_number"])
        assert end >= 8
        for player in (ann, bob):
            heard = [n for n in player.heard if n <= end]
            assert heard == list(range(1, end + 1)), f"seat {player.seat} missed or doubled a move event"
        store = Store(postgres_url)
        try:
            stored = store.load_game(table["id"])
            assert stored is not None and len(stored.record["moves"]) >= end
            assert assert_no_hidden_tiles(stored.record, ann) > 3 and assert_no_hidden_tiles(stored.record, bob) > 3
        finally:
            store.close()
        for player in (ann, bob):
            player.socket.close()


def test_bones_serve_runs_several_workers_on_postgresql_and_redis(postgres_url: str, redis_url: str) -> None:
    with serving(postgres_url, redis_url, "--workers", "2") as url, httpx.Client() as person:
        table = new_table(person, url, computers=[1, 2, 3])
        ann = Player(NetSocket(socket_url(url, table["id"]), person.cookies), table["token"], plays=False)
        ann.hello()
        ann.until(lambda p: p.lobby is not None)
        person.post(f"{url}/api/lobby/{table['id']}/start", headers={HOST: table["token"]}, timeout=10)
        ann.until(lambda p: p.view is not None and p.view["to_move"] == 0 and p.view["status"] == "playing")
        ann.socket.close()


def test_several_workers_refuse_sqlite_and_a_missing_redis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Set (empty), not deleted: the value before the test is what comes back after it, not the one the command sets.
    monkeypatch.setenv("BONES_REDIS_URL", "")
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    serve = ["serve", "--no-browser", "--workers", "2", "--database", database]
    for extra, why in (([], "--redis"), (["--redis", "redis://x"], "database server")):
        with pytest.raises(SystemExit) as refused:
            main([*serve, *extra])
        assert refused.value.code == 2 and why in capsys.readouterr().err


@pytest.mark.parametrize("database", ["sqlite://", "sqlite:///:memory:"])
def test_serve_refuses_a_database_in_memory(database: str, capsys: pytest.CaptureFixture[str]) -> None:
    # The computers think on worker processes, which would each open an empty database of their own: every job
    # refused, asked again, refused, and no computer ever moved.
    with pytest.raises(SystemExit) as refused:
        main(["serve", "--no-browser", "--database", database])
    assert refused.value.code == 2 and "in memory" in capsys.readouterr().err


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_hint_budgets_and_hints_are_shared_by_the_server_processes(postgres_url: str, redis_url: str) -> None:
    # One player asks two processes in turn: one budget (5 hints, then one every 10 minutes: none comes back while the
    # test runs) and one hint per position. A puzzle's hints spend a budget of their own, not the searches' (1 here):
    # each process kept its own (60 at once: a player's budget was 60 per process).
    limit = {"BONES_PUZZLE_HINT_LIMIT": "5/600", "BONES_HINT_LIMIT": "1/600"}
    with (
        serving(postgres_url, redis_url, **limit) as first,
        serving(postgres_url, redis_url, **limit) as second,
        httpx.Client(timeout=60) as ann,
    ):
        made = ann.post(f"{first}/api/games", json={"game": "fujisan"})  # a solitaire: always the player's turn
        assert made.status_code == 201, made.text
        view = made.json()
        game, headers = view["id"], {HOST: view["token"]}
        hinted = []
        for asked in range(5):
            # Each position a new one: the search's best move is played between the hints.
            server = (first, second)[asked % 2]
            hint = ann.get(f"{server}/api/games/{game}/hint", headers=headers)
            assert hint.status_code == 200, hint.text
            hinted.append(hint.json())
            moved = ann.post(
                f"{server}/api/games/{game}/moves",
                json={"move": hint.json()["best"], "move_number": hint.json()["move_number"]},
                headers=headers,
            )
            assert moved.status_code == 200, moved.text
        # The budget is spent, on both processes together: a new position waits.
        refused = ann.get(f"{second}/api/games/{game}/hint", headers=headers)
        assert refused.status_code == 429, refused.text
        assert 500 <= int(refused.headers["Retry-After"]) <= 600
        # A position one process searched is no new search on the other: the first process's hint, for nothing.
        undone = ann.post(f"{second}/api/games/{game}/undo", json={"move_number": 5}, headers=headers)
        assert undone.status_code == 200, undone.text
        again = ann.get(f"{second}/api/games/{game}/hint", headers=headers)
        assert again.status_code == 200, again.text
        assert again.json() == hinted[4]

        # The searches' budget (one hint) is shared too: spent on one process, the other refuses a new position.
        def hint_where_the_player_opens(server: str) -> httpx.Response:
            for _ in range(40):
                made = ann.post(f"{server}/api/games", json={"game": "draw"})
                assert made.status_code == 201, made.text
                draw = made.json()
                if draw["to_move"] == draw["seat"] and draw["legal_moves"] != ["draw"]:  # else its hint costs nothing
                    return ann.get(f"{server}/api/games/{draw['id']}/hint", headers={HOST: draw["token"]})
            raise AssertionError("no deal where the player opens")

        # Searched by a worker (202 while it thinks): the budget is spent when the job is sent.
        assert hint_where_the_player_opens(first).status_code in (200, 202)
        refused = hint_where_the_player_opens(second)
        assert refused.status_code == 429, refused.text


def test_a_connection_kept_between_requests_still_answers_after_a_pause(postgres_url: str, redis_url: str) -> None:
    # A client sends its next request on the connection it kept. A server that closes idle connections after a few
    # seconds races that request, which is then lost without an answer: the connection must outlast the pause.
    def ask(connection: socket.socket) -> bytes:
        connection.sendall(b"GET /api/catalog HTTP/1.1\r\nHost: bones\r\n\r\n")
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            assert chunk, "the server closed the connection without an answer"
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        length = int(next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))[15:])
        while len(body) < length:
            chunk = connection.recv(65536)
            assert chunk, "the server closed the connection within an answer"
            body += chunk
        return head.split(b"\r\n")[0]

    with serving(postgres_url, redis_url) as url:
        host, port = url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=30) as connection:
            assert ask(connection).endswith(b"200 OK")
            time.sleep(8)  # longer than uvicorn's own 5 s
            assert ask(connection).endswith(b"200 OK")
