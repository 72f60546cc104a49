"""Several server processes on one PostgreSQL and one Redis: the players of a table connected to different ones."""

from __future__ import annotations

import os
import subprocess
import sys
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
def serving(database: str, redis: str, *options: str) -> Iterator[str]:
    """``bones serve`` in a process of its own; yields its URL, and stops it at the end."""
    port = free_port()
    # The processes of one server sign the players' cookies with one secret (given here: nothing written at home).
    env = dict(os.environ, BONES_COMPUTER_PACE="0", BONES_HEARTBEAT="0.5", BONES_SECRET="the-secret-of-the-test")
    command = [str(BONES), "serve", "--no-browser", "--port", str(port), "--database", database, "--redis", redis]
    server = subprocess.Popen([*command, *options], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # workers start slowly on a loaded machine
        while True:
            try:
                if httpx.get(f"{url}/api/catalog", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                # Stopped first: its stderr ends only when it (and its workers) are gone.
                server.terminate()
                _out, err = server.communicate(timeout=30)
                raise RuntimeError(f"bones serve did not start: {err.decode()[-2000:]}")
            time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


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
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    serve = ["serve", "--no-browser", "--workers", "2", "--database", database]
    for extra, why in (([], "--redis"), (["--redis", "redis://x"], "database server")):
        with pytest.raises(SystemExit) as refused:
            main([*serve, *extra])
        assert refused.value.code == 2 and why in capsys.readouterr().err
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)  # the command set it for its workers


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
