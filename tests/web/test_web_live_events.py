"""Table events over Redis: a request never waits on Redis, and what is published arrives in order."""

from __future__ import annotations

import asyncio
import socket
import threading
from typing import Any

from fastapi.testclient import TestClient

from bones.web.app import create_app
from bones.web.events import Event, RedisBus
from bones.web.storage import Store


def test_publishing_never_waits_on_a_redis_that_does_not_answer() -> None:
    # A Redis that takes connections and never answers: the old publish waited on its socket for ever, and the
    # request (a move) with it.
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    taken: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                taken.append(silent.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    bus = RedisBus(f"redis://127.0.0.1:{silent.getsockname()[1]}/0")
    published = threading.Event()

    def moves() -> None:
        for number in range(1, 51):
            bus.publish(Event("t", number, "moved"))
        published.set()

    threading.Thread(target=moves, daemon=True).start()
    try:
        assert published.wait(20), "publish waited on Redis"
    finally:
        silent.close()
        for connection in taken:
            connection.close()


def test_publishing_never_waits_on_a_redis_that_is_down() -> None:
    nobody = socket.socket()
    nobody.bind(("127.0.0.1", 0))
    port = nobody.getsockname()[1]
    nobody.close()  # nothing listens there
    bus = RedisBus(f"redis://127.0.0.1:{port}/0")
    for number in range(1, 11):
        bus.publish(Event("t", number, "moved"))
    asyncio.run(bus.aclose())


def test_published_events_arrive_in_order(redis_url: str) -> None:
    async def play() -> list[int]:
        bus = RedisBus(redis_url)
        try:
            async with bus.subscribe("t") as events:
                for number in range(1, 101):
                    bus.publish(Event("t", number, "moved"))
                return [(await asyncio.wait_for(events.get(), 30)).move_number for _ in range(100)]
        finally:
            await bus.aclose()

    assert asyncio.run(play()) == list(range(1, 101))


def test_a_server_that_stops_sends_the_events_it_still_holds(redis_url: str, monkeypatch: Any, tmp_path: Any) -> None:
    # The outbox's thread is a daemon's: a process ending without closing its bus ends with the events not yet sent.
    monkeypatch.setenv("BONES_REDIS_URL", redis_url)
    app = create_app(Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}"))
    with TestClient(app):
        bus = app.state.hub.bus
        assert isinstance(bus, RedisBus)
    assert bus._closed and (bus._sender is None or not bus._sender.is_alive())
