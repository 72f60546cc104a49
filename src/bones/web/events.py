"""Table events: what changed at a table, told to every process that has a player of it connected.

An event names the table, the move number and what changed (``moved``, ``next_hand``,
``away``, ``started``, ``lobby``; ``gone`` and ``back`` name a seat too; ``moved`` the move, as the database stores
it, for the processes that keep the table) and nothing else: each subscriber fetches its own seat's view, so no hidden
tile ever crosses the bus. Without ``BONES_REDIS_URL``
the bus is in-process (one server process); with it, events go through Redis
pub/sub, one channel per table, so servers behind a load balancer or
``bones serve --workers N`` all hear them.

``publish`` is a plain function, safe from any thread (the referee's changes run in
FastAPI's thread pool), that never waits on Redis: the events go to an outbox that one
thread of the process sends, each batch in one pipelined round trip. A Redis that is
slow or down costs a request nothing; events that could not be sent are dropped (the
oldest first, past ``OUTBOX_SIZE`` waiting), and the pages catch up by move number.
``subscribe`` is async and yields events to one WebSocket.
A subscriber that lost events (the Redis connection dropped) gets a ``resync``
event and catches up from the database, which stays the one source of truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

ENV_REDIS = "BONES_REDIS_URL"
CHANNEL_PREFIX = "bones:table:"
# A channel every process listens to, so the Redis connection exists before any table has a player.
CONTROL_CHANNEL = "bones:control"
OUTBOX_SIZE = 10_000  # events waiting for Redis; past it the oldest go (their pages sync by move number)
REDIS_TIMEOUT = 5.0  # seconds a send to Redis may take before the connection is taken for lost
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Event:
    table: str
    move_number: int
    kind: str
    seat: int | None = None  # the seat a presence event (``gone``, ``back``) is about
    # A ``moved`` event's move (its text, as stored), where the sender knew it: a process keeping the table one move
    # behind makes it rather than read and replay the stored match. Never sent to a page.
    move: str | None = None

    @classmethod
    def told(cls, table: str, move_number: int, kind: str, move_at: Callable[[str, int], str | None]) -> Event:
        """The event of a change saved; a move's with its text where the teller keeps the table (``move_at``:
        ``Referee.move_at``)."""
        return cls(table, move_number, kind, move=move_at(table, move_number) if kind == "moved" else None)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str | bytes) -> Event:
        data = json.loads(text)
        seat, move = data.get("seat"), data.get("move")
        return cls(
            str(data["table"]),
            int(data["move_number"]),
            str(data["kind"]),
            None if seat is None else int(seat),
            None if move is None else str(move),
        )


RESYNC = "resync"
REMATCH = "rematch"  # a finished table's rematch was made: each socket tells its page where it sits now
# A person's last socket closed (``gone``: a computer takes the seat if they are not back in time), or one opened again.
GONE, BACK = "gone", "back"


class EventBus(Protocol):
    def publish(self, event: Event) -> None: ...

    def subscribe(self, table_id: str) -> contextlib.AbstractAsyncContextManager[asyncio.Queue[Event]]: ...

    async def aclose(self) -> None: ...


class _Fanout:
    """This process's subscribers: one queue per WebSocket, by table; queues belong to one event loop."""

    def __init__(self) -> None:
        self._queues: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[Event]]]] = {}
        self._lock = threading.Lock()

    def add(self, table_id: str, queue: asyncio.Queue[Event]) -> bool:
        """Add a queue; true when it is the table's first here."""
        with self._lock:
            queues = self._queues.setdefault(table_id, set())
            queues.add((asyncio.get_running_loop(), queue))
            return len(queues) == 1

    def remove(self, table_id: str, queue: asyncio.Queue[Event]) -> bool:
        """Remove a queue; true when the table has no subscriber left here."""
        with self._lock:
            queues = self._queues.get(table_id, set())
            queues.discard((asyncio.get_running_loop(), queue))
            if queues:
                return False
            self._queues.pop(table_id, None)
            return True

    def tables(self) -> list[str]:
        with self._lock:
            return list(self._queues)

    def deliver(self, event: Event) -> None:
        with self._lock:
            targets = list(self._queues.get(event.table, ()))
        for loop, queue in targets:
            with contextlib.suppress(RuntimeError):  # a loop that closed under us: its sockets are gone
                loop.call_soon_threadsafe(queue.put_nowait, event)


class LocalBus:
    """Events within one process."""

    def __init__(self) -> None:
        self._fanout = _Fanout()

    def publish(self, event: Event) -> None:
        self._fanout.deliver(event)

    @contextlib.asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[asyncio.Queue[Event]]:
        queue: asyncio.Queue[Event] = asyncio.Queue()
        self._fanout.add(table_id, queue)
        try:
            yield queue
        finally:
            self._fanout.remove(table_id, queue)

    async def aclose(self) -> None:
        return None


class RedisBus:
    """Events through Redis pub/sub: one connection per process for listening, one channel per table."""

    def __init__(self, url: str) -> None:
        import redis

        self.url = url
        self._publisher = redis.Redis.from_url(
            url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT, health_check_interval=30
        )
        self._fanout = _Fanout()
        self._reader: asyncio.Task[None] | None = None
        self._pubsub: Any = None
        self._ready: asyncio.Event | None = None
        self._start_lock: asyncio.Lock | None = None
        self._channels_lock: asyncio.Lock | None = None
        self._outbox: deque[Event] = deque(maxlen=OUTBOX_SIZE)
        self._wake = threading.Condition()
        self._closed = False
        self._sender: threading.Thread | None = None

    def publish(self, event: Event) -> None:
        """Queue the event for the sending thread: a request never waits on Redis (a blocking publish was 11% of a
        move's CPU, and a Redis that did not answer held the request for ever)."""
        with self._wake:
            if self._closed:
                return
            self._outbox.append(event)  # full: the oldest goes (its pages sync by move number)
            if self._sender is None:
                self._sender = threading.Thread(target=self._send, name="bones-publisher", daemon=True)
                self._sender.start()
            self._wake.notify()

    def _send(self) -> None:
        delay = 0.1
        while True:
            with self._wake:
                while not self._outbox and not self._closed:
                    self._wake.wait()
                if not self._outbox:
                    return
                batch = list(self._outbox)
                self._outbox.clear()
            try:
                pipe = self._publisher.pipeline(transaction=False)
                for event in batch:
                    pipe.publish(CHANNEL_PREFIX + event.table, event.to_json())
                pipe.execute()
                delay = 0.1
            except Exception:  # the moves are saved; players catch up by their next sync
                log.warning(
                    "bones: could not publish %d table events to Redis (dropped: the pages catch up by move number); trying again in %.1f s",
                    len(batch),
                    delay,
                )
                time.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _start(self) -> None:
        if self._start_lock is None:
            self._start_lock = asyncio.Lock()
        async with self._start_lock:
            if self._reader is None or self._reader.done():
                self._ready = asyncio.Event()
                self._reader = asyncio.create_task(self._read())
        assert self._ready is not None
        await self._ready.wait()

    async def _read(self) -> None:
        import redis.asyncio as aredis

        assert self._ready is not None
        delay = 0.1
        while True:
            client = aredis.Redis.from_url(self.url)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CONTROL_CHANNEL, *(CHANNEL_PREFIX + t for t in self._fanout.tables()))
                self._pubsub = pubsub
                if self._ready.is_set():
                    # Back after a drop: what was published meanwhile is lost, so everyone reads the database again.
                    for table_id in self._fanout.tables():
                        self._fanout.deliver(Event(table_id, -1, RESYNC))
                self._ready.set()
                delay = 0.1
                async for message in pubsub.listen():
                    if message.get("type") != "message" or message["channel"] == CONTROL_CHANNEL.encode():
                        continue
                    try:
                        self._fanout.deliver(Event.from_json(message["data"]))
                    except (ValueError, KeyError, TypeError):
                        log.warning("bones: a malformed table event on Redis: %r", message["data"][:200])
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis went away: listen again, with a growing pause
                log.warning("bones: lost the Redis connection; listening again in %.1f s", delay)
                self._pubsub = None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                    await client.aclose()

    @contextlib.asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[asyncio.Queue[Event]]:
        await self._start()
        queue: asyncio.Queue[Event] = asyncio.Queue()
        if self._fanout.add(table_id, queue):
            await self._listen_to(table_id)
        try:
            yield queue
        finally:
            if self._fanout.remove(table_id, queue):
                with contextlib.suppress(Exception):
                    await self._listen_to(table_id)

    async def _listen_to(self, table_id: str) -> None:
        """(Un)subscribe the table's channel as its subscribers here now want. One at a time: the last socket of a
        table leaving while a new one arrives must not end with the channel dropped under the newcomer."""
        if self._channels_lock is None:
            self._channels_lock = asyncio.Lock()
        async with self._channels_lock:
            pubsub = self._pubsub
            if pubsub is None:
                return  # listening again after a drop subscribes every table that has a subscriber
            if table_id in self._fanout.tables():
                await pubsub.subscribe(CHANNEL_PREFIX + table_id)
            else:
                await pubsub.unsubscribe(CHANNEL_PREFIX + table_id)

    async def aclose(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        with self._wake:
            self._closed = True
            self._wake.notify()
        sender = self._sender
        if sender is not None:
            # What is waiting goes out first, unless Redis does not take it in a moment.
            await asyncio.to_thread(sender.join, 2 * REDIS_TIMEOUT)
        self._publisher.close()


def bus_from_env() -> EventBus:
    """Redis when ``BONES_REDIS_URL`` names one, else events within this process."""
    url = os.environ.get(ENV_REDIS, "").strip()
    return RedisBus(url) if url else LocalBus()
