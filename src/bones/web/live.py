"""Live tables: each seat's WebSocket, the server playing the computers, and absent players replaced.

``/api/live/{table_id}`` is one seat's WebSocket. The client's first message is
``{"type": "hello", "token": SEAT_TOKEN, "since": LAST_MOVE_NUMBER_SEEN | null}``.
The token picks the seat, and the player of the connection's cookie (``players.py``,
read at connect) must hold it, as for the HTTP routes; otherwise the socket is closed
with code 4403 after an ``error`` message.
The server then sends:

- ``{"type": "lobby", "lobby": ...}`` while the table waits for its host to start it;
- ``{"type": "moved", "move_number": k}`` once for every move, in order, the last of a
  burst with ``"view"`` (that seat's view, as ``GET /api/games/{id}`` gives it); a
  reconnect with ``since`` gets the moves it missed the same way. A client whose hello
  says ``"patches": true`` gets, in place of a view after the first, ``"patch"``: a JSON
  Patch (RFC 6902) that turns the view last sent on this socket into this one (some
  hundred bytes, where a view is 20-30 KB), or the whole view where a patch would be
  no shorter;
- ``{"type": "view", "view": ...}`` for a change that is no move (a hand sheet closed,
  a player away or back, the start);
- ``{"type": "ok" | "error", "ref": ..., ...}`` answering the client's own messages:
  ``{"type": "move", "move": "6:3@left", "move_number": n, "ref": ...}``,
  ``{"type": "next_hand", "ref": ...}``, ``{"type": "ping"}`` (answered ``pong``);
- ``{"type": "synced", "move_number": n, "view": ...}`` answering
  ``{"type": "sync", "since": LAST_MOVE_NUMBER_SEEN}``, after a ``moved`` for each
  move the client missed. A page that has heard nothing for a while asks: a table
  event is told at most once, so one lost on the way never leaves a page behind.

Events carry only the table id and move number (``events.py``); each socket reads
its own seat's view from the referee, so no hidden tile crosses processes. At a live
table (one started from a lobby) the server plays the computers' moves itself, at a
readable pace: the process that saved a change drives what follows it, and the
database's conditional writes make sure two processes driving at once apply a move
once. A human not seen for the host's timeout (``seating.py``) is played by a
computer at the table's level until they connect again.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import json
import logging
import os
import re
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import anyio
import jsonpatch
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool
from starlette.types import Message

from bones.web.events import BACK, GONE, REMATCH, RESYNC, Event, EventBus
from bones.web.players import player_of
from bones.web.referee import Referee
from bones.web.seating import Seating, moved_to
from bones.web.security import MAX_BODY, excerpt, strict_loads
from bones.web.table import HUMAN, NotFound, TableError

log = logging.getLogger(__name__)
ENV_PACE = "BONES_COMPUTER_PACE"
ENV_HEARTBEAT = "BONES_HEARTBEAT"
HELLO_WAIT = 10.0
SHORT_PATCH = 1024  # bytes: a patch shorter than this is sent without comparing it with the view


@dataclass(frozen=True)
class LiveSettings:
    computer_pace: float = 0.7  # seconds between the computers' moves, so people can follow them
    heartbeat: float = 5.0  # how often a server tells the database which seats it holds

    @classmethod
    def from_env(cls) -> LiveSettings:
        return cls(float(os.environ.get(ENV_PACE, "0.7")), float(os.environ.get(ENV_HEARTBEAT, "5")))


class Hub:
    """This process's side of the live tables: its sockets' seats, and the tables it is driving."""

    def __init__(self, referee: Referee, bus: EventBus, settings: LiveSettings | None = None) -> None:
        self.referee = referee
        self.bus = bus
        self.settings = settings or LiveSettings.from_env()
        self.seating = Seating(referee.store.engine)
        self._here: Counter[tuple[str, int]] = Counter()  # seats with a socket on this process
        self._last_event: dict[str, float] = {}
        # Tables to drive, each with the move number its kick knew (None: unknown, the stored head is read).
        self._pending: dict[str, int | None] = {}
        self._driving: set[str] = set()
        self._lock = threading.Lock()
        self._drivers = ThreadPoolExecutor(max_workers=8, thread_name_prefix="bones-driver")
        # The computer move waiting for its pace, by table: (move number, when it is due). No thread sleeps meanwhile.
        self._paced: dict[str, tuple[int, float]] = {}
        self._timers = Timers()
        self._heartbeat: asyncio.Task[None] | None = None
        referee.listeners.append(self.changed)
        referee.served = lambda table_id: self.seating.replace_after(table_id) is not None

    # -- changes, from any thread --------------------------------------------

    def changed(self, table_id: str, move_number: int, kind: str) -> None:
        self.bus.publish(Event.told(table_id, move_number, kind, self.referee.move_at))
        if self.seating.replace_after(table_id) is not None:
            self.kick(table_id, move_number)

    def kick(self, table_id: str, move_number: int | None = None) -> None:
        """Let the game go on where nobody needs to choose: a driver runs unless one already does here. A kick that
        knows the table's move number (this process just saved it) spares the driver a read of the stored head."""
        with self._lock:
            # A kick that knew no number, still waiting, stays so: what it was for (a seat changed elsewhere) is read.
            if table_id not in self._pending or self._pending[table_id] is not None:
                self._pending[table_id] = move_number
            if table_id in self._driving:
                return
            self._driving.add(table_id)
        self._drivers.submit(self._drive, table_id)

    def _drive(self, table_id: str) -> None:
        while True:
            with self._lock:
                if table_id not in self._pending:
                    self._driving.discard(table_id)
                    return
                heard = self._pending.pop(table_id)
            try:
                self._go_on(table_id, heard)
            except Exception:  # a driver must not die silently; the next event kicks it again
                log.exception("bones: driving table %s failed", table_id)

    def _replace_after(self, table_id: str) -> float | None:
        """How long a person may be gone before a computer takes their seat (None: not a live table)."""
        replace_after = self.seating.replace_after(table_id)
        return None if replace_after is None else max(replace_after, 2 * self.settings.heartbeat)

    def _go_on(self, table_id: str, heard: int | None = None) -> None:
        replace_after = self._replace_after(table_id)
        if replace_after is None:
            return
        # The kept table at the number the kick knew is current (a change saved elsewhere moves it on, and a move
        # decided on a table behind is refused by the database); else the stored head is read.
        try:
            table = self.referee.kept(table_id, heard) or self.referee.get(table_id)
        except NotFound:
            return  # a lobby said started before its game is made: the game's creation kicks the table again
        while True:
            # The cached table changes under us as other requests move: what is decided here is decided for this number.
            seat, move_number = table.state.to_move, table.move_number
            if table.status != "playing" or seat is None:
                self._paced.pop(table_id, None)
                return
            player = table.seats[seat]
            try:
                if player.kind == HUMAN and not player.away:
                    # A socket of theirs here says they are present; else the heartbeats in the database say it.
                    if (table_id, seat) not in self._here:
                        seen = self.seating.seen_at(table_id, seat)
                        if seen is not None and time.time() - seen > replace_after:
                            self.referee.set_away(table_id, seat, True)
                            table = self.referee.get(table_id)
                            continue
                    if table.state.forced_move() is None:
                        return  # theirs to choose: their move kicks us again
                    # Only a forced pass is made for a present human.
                    table = self.referee.drive(table_id, move_number, seat, table)
                    continue
                if any(s.kind == HUMAN and not s.away and table.sheet_pending(n) for n, s in enumerate(table.seats)):
                    return  # a player reads the hand sheet; closing it kicks us again
                if not self._due(table_id, move_number):
                    return  # a timer kicks the table when the pace has passed
                # The table as this process saved it: what follows is decided on it without reading it again.
                table = self.referee.drive(table_id, move_number, seat, table)
                if table.move_number == move_number:
                    return  # a worker thinks: its move's event kicks us again
            except TableError:
                return  # someone else moved, a human must choose or close a sheet: their change kicks us again

    def _due(self, table_id: str, move_number: int) -> bool:
        """Whether the computer's move at ``move_number`` may be made now; else a timer will ask again."""
        pace = self.settings.computer_pace
        if pace <= 0:
            return True
        now = time.monotonic()
        with self._lock:
            waiting = self._paced.get(table_id)
            if waiting is not None and waiting[0] == move_number:
                if now < waiting[1]:
                    return False
                del self._paced[table_id]
                return True
            self._paced[table_id] = (move_number, now + pace)
        self._timers.after(pace, lambda: self.kick(table_id, move_number))
        return False

    # -- sockets -------------------------------------------------------------

    async def arrived(self, table_id: str, seat: int, view: dict[str, Any] | None) -> None:
        """A socket of the seat is here (in the room before the start too: the lobby lists a table while its host
        is there)."""
        self._here[(table_id, seat)] += 1
        self._start_heartbeat()
        await run_in_threadpool(self.seating.touch, [(table_id, seat)])
        if view is not None:
            self.bus.publish(Event(table_id, -1, BACK, seat))  # the others stop counting down
        await self.seated(table_id, seat, view)

    async def seated(self, table_id: str, seat: int, view: dict[str, Any] | None) -> None:
        """The seat's socket is at the started table: back from away, and the game goes on where it waited."""
        if view is not None and view["seats"][seat].get("away"):
            with contextlib.suppress(TableError):
                await run_in_threadpool(self.referee.set_away, table_id, seat, False)
        if await self.is_live(table_id):
            self.kick(table_id)

    async def left(self, table_id: str, seat: int, started: bool = False) -> None:
        try:
            # The timeout counts from the moment they left, not from the last heartbeat: touched before the seat is let
            # go, so that no driver finds them gone since an older heartbeat and replaces them too soon.
            await run_in_threadpool(self.seating.touch, [(table_id, seat)])
        finally:
            self._here[(table_id, seat)] -= 1
            gone = self._here[(table_id, seat)] <= 0
            if gone:
                del self._here[(table_id, seat)]
        if gone and started:
            # The others are told at once, and a computer takes the seat when the time is up, whoever's turn it is.
            self.bus.publish(Event(table_id, -1, GONE, seat))
            replace_after = await run_in_threadpool(self._replace_after, table_id)
            if replace_after is not None:
                self._timers.after(replace_after + 0.2, lambda: self._still_gone(table_id, seat))

    def gone_for(self, table_id: str, seat: int) -> float | None:
        """Seconds left before a computer takes the seat of a person with no socket (None: not gone, or no live
        table). Another process's socket of the seat touches it at each heartbeat, so it counts as there."""
        replace_after = self._replace_after(table_id)
        seen = self.seating.seen_at(table_id, seat)
        if replace_after is None or seen is None or (table_id, seat) in self._here:
            return None
        return max(0.0, replace_after - (time.time() - seen))

    def gone_seats(self, table_id: str, view: dict[str, Any]) -> dict[int, float]:
        """The people at a started table who have been without a socket for two heartbeats: seconds left each."""
        out: dict[int, float] = {}
        for number, seat in enumerate(view["seats"]):
            if number == view["seat"] or seat["kind"] != HUMAN or seat.get("away"):
                continue
            seen = self.seating.seen_at(table_id, number)
            if seen is not None and time.time() - seen > 2 * self.settings.heartbeat:
                left = self.gone_for(table_id, number)
                if left is not None:
                    out[number] = left
        return out

    def _still_gone(self, table_id: str, seat: int) -> None:
        """The time is up for a person who left: a computer plays for them unless they came back (here or elsewhere)."""
        left = self.gone_for(table_id, seat)
        if left is None or left > 0.1:
            return
        try:
            table = self.referee.get(table_id)
            player = table.seats[seat]
            if table.status == "playing" and not table.state.is_over and player.kind == HUMAN and not player.away:
                self.referee.set_away(table_id, seat, True)
        except TableError:
            return

    async def is_live(self, table_id: str) -> bool:
        """Whether the table is a started live table: from memory, or read on a thread (a lobby table not started is
        read each time, and the loop of every socket of this process must not wait on the database)."""
        if self.seating.knows_live(table_id):
            return self.seating.replace_after(table_id) is not None
        return await run_in_threadpool(self.seating.replace_after, table_id) is not None

    async def heard(self, table_id: str, events: Sequence[Event]) -> None:
        self._last_event[table_id] = time.monotonic()
        # A worker's move is told only by its event: what follows it is driven from here. Moves alone name the number
        # the table is at, so the driver decides on the kept table if it is there (a local worker's move was made on
        # it by ``Referee.learned``) rather than read the stored head once per move; anything else is read.
        await self.follow(table_id, events)
        if await self.is_live(table_id):
            moved = all(e.kind == "moved" for e in events)
            self.kick(table_id, max(e.move_number for e in events) if moved and events else None)

    async def follow(self, table_id: str, events: Sequence[Event]) -> None:
        """A move told with its text (a worker's, another process's), heard while the kept table is one move before it,
        is made on the kept table: the socket's view and the driver then read nothing (reading and replaying the
        stored match after each worker's move, once for each, was a third of a web process's CPU). Done before both."""
        moves = [(e.move_number, e.move) for e in events if e.kind == "moved" and e.move is not None]
        if moves and self.referee.follows(table_id, min(number for number, _move in moves)):
            await run_in_threadpool(self.referee.follow, table_id, moves)

    def _start_heartbeat(self) -> None:
        if self._heartbeat is None or self._heartbeat.done():
            self._heartbeat = asyncio.create_task(self._beat())

    async def _beat(self) -> None:
        while self._here:
            await asyncio.sleep(self.settings.heartbeat)
            seats = list(self._here)
            try:
                await run_in_threadpool(self.seating.touch, seats)
            except Exception:  # the database is away for a moment; try at the next beat
                log.exception("bones: the presence heartbeat failed")
            now = time.monotonic()
            for table_id in {table for table, _seat in seats}:
                # A table quiet for a beat may be waiting on an absent player, or on a driver that died with its server.
                quiet = now - self._last_event.get(table_id, 0.0) > self.settings.heartbeat
                if quiet and await self.is_live(table_id):
                    self.kick(table_id)
            held = {table for table, _seat in self._here}
            for table_id in [t for t in self._last_event if t not in held]:
                del self._last_event[table_id]


class Timers:
    """Calls made after a delay, by one thread for all tables (a thread or a sleep per table would not scale)."""

    def __init__(self) -> None:
        self._due: list[tuple[float, int, Callable[[], None]]] = []
        self._count = 0
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    def after(self, delay: float, call: Callable[[], None]) -> None:
        with self._wake:
            self._count += 1
            heapq.heappush(self._due, (time.monotonic() + delay, self._count, call))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="bones-timers", daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._wake.wait(self._due[0][0] - time.monotonic() if self._due else None)
                _when, _n, call = heapq.heappop(self._due)
            try:
                call()
            except Exception:  # one table's trouble must not stop the others' timers
                log.exception("bones: a timer failed")


class Connection:
    """One seat's socket: sends every move number once, in order, and answers the client's messages."""

    def __init__(
        self,
        hub: Hub,
        socket: WebSocket,
        table_id: str,
        player: str,
        token: str,
        since: int | None,
        patches: bool = False,
    ) -> None:
        self.hub = hub
        self.patches = patches
        self._shown: dict[str, Any] | None = None  # the view last sent: the client's, which a patch changes
        self.socket = socket
        self.table_id = table_id
        self.player = player
        self.token = token
        self.last = since
        self.seat: int | None = None
        self.started = False
        self._send_lock = asyncio.Lock()
        self._events_lock = asyncio.Lock()  # the table's events and the client's syncs answered one at a time

    async def send(self, message: dict[str, Any], view: dict[str, Any] | None = None) -> None:
        """Send ``message``, with ``view`` as its ``view`` (written as JSON once for every socket that sends it), or
        as the ``patch`` from the view sent before, where the client takes patches and the patch is the shorter."""
        async with self._send_lock:
            text = _json(message)
            if view is not None:
                text = f"{text[:-1]},{self._view_field(view)}}}"
            await self.socket.send_text(text)

    def _view_field(self, view: dict[str, Any]) -> str:
        shown, self._shown = self._shown, view
        if self.patches and shown is not None:
            patch = _PATCHES.text(shown, view)
            if patch is not None:
                return f'"patch":{patch}'
        return f'"view":{_VIEWS.text(view)}'

    async def authenticate(self) -> dict[str, Any] | None:
        """The seat of the token; sends what the seat sees now. None (and the socket closed) when refused."""
        try:
            view = await run_in_threadpool(self.hub.referee.view, self.table_id, self.player, self.token)
        except NotFound:
            lobby = await run_in_threadpool(self.hub.seating.get, self.table_id)
            seat = lobby.seat_of(self.token, self.player) if lobby else None
            if lobby is None or seat is None:
                await self.refuse("no table with that id has a seat with that token")
                return None
            self.seat = seat
            await self.send({"type": "lobby", "lobby": lobby.public_view(), "seat": seat})
            return {}
        except TableError as error:
            await self.refuse(error.message)
            return None
        self.seat = view["seat"]
        self.started = True
        await self.send_moves(view, "view")
        gone = await run_in_threadpool(self.hub.gone_seats, self.table_id, view)
        for seat, left in gone.items():
            await self.send_presence(seat, left)
        if view["status"] == "over":
            await self.send_rematch()  # a page come back to the results follows the rematch made meanwhile
        return view

    async def send_rematch(self) -> None:
        """Where this seat sits at the finished table's rematch, if one was made: its id, the seat and its token."""
        lobby = await run_in_threadpool(self.hub.seating.get, self.table_id)
        if lobby is None or lobby.rematch is None or self.seat is None:
            return
        new = await run_in_threadpool(self.hub.seating.get, lobby.rematch)
        if new is None:
            return
        seat = moved_to(lobby, self.seat)
        held = new.seats[seat]
        if held["kind"] != HUMAN or held.get("player") != self.player:
            return
        await self.send({"type": "rematch", "table": new.id, "seat": seat, "token": held["token"]})

    async def send_presence(self, seat: int, left: float | None) -> None:
        """Whether another person at the table is gone (their page closed, their socket lost), and how many seconds
        are left before a computer takes their seat."""
        message: dict[str, Any] = {"type": "presence", "seat": seat, "gone": left is not None}
        if left is not None:
            message["replace_in"] = round(left, 1)
        await self.send(message)

    async def refuse(self, why: str) -> None:
        await self.send({"type": "error", "status": 403, "detail": why})
        await self.socket.close(code=4403)

    async def send_moves(self, view: dict[str, Any], kind: str) -> None:
        """Every move number after the last one sent, the last with the view; else the view alone."""
        now = view["move_number"]
        if self.last is not None and self.last > now:
            self.last = None  # a move number from the future (a client's mistake): start afresh
        if self.last is not None and self.last < now:
            await self._moved_through(now - 1)
            await self.send({"type": "moved", "move_number": now}, view)
        elif kind != "moved" or self.last is None:
            await self.send({"type": "view"}, view)
        self.last = now if self.last is None else max(self.last, now)

    async def _moved_through(self, number: int) -> None:
        """A ``moved`` (no view) for each move number after the last one sent, through ``number``."""
        if self.last is not None:
            for missed in range(self.last + 1, number + 1):
                await self.send({"type": "moved", "move_number": missed})

    async def on_events(self, events: list[Event]) -> None:
        async with self._events_lock:
            await self._on_events(events)

    async def sync(self, since: int | None) -> None:
        """The client heard nothing for a while: what it missed, then ``synced`` with the view as it is now.

        Events are told at most once (a Redis message is lost while a connection is re-made, or a process is too
        busy to read them): a page that asks now and then is never left behind, and learns its socket still works.
        """
        async with self._events_lock:
            if since is not None and self.last is not None and since < self.last:
                log.warning(
                    "bones: a socket of table %s heard up to move %d of %d sent", self.table_id, since, self.last
                )
                self.last = since
            before = self.last
            if not self.started:
                await self._on_events([Event(self.table_id, -1, RESYNC)])
                if not self.started:
                    return  # the match has not started: the room was sent again
            try:
                view = await run_in_threadpool(self.hub.referee.view, self.table_id, self.player, self.token)
            except NotFound:
                return
            now = view["move_number"]
            if before is not None and before < now:
                log.warning("bones: a socket of table %s missed moves %d to %d", self.table_id, before + 1, now)
            await self._moved_through(now)
            self.last = now if self.last is None else max(self.last, now)
            await self.send({"type": "synced", "move_number": now}, view)
            if view["status"] == "over":
                await self.send_rematch()  # its event may be the one that was lost

    async def _on_events(self, events: list[Event]) -> None:
        for event in events:
            if event.kind in (GONE, BACK) and event.seat is not None and event.seat != self.seat and self.started:
                left = await run_in_threadpool(self.hub.gone_for, self.table_id, event.seat)
                await self.send_presence(event.seat, left if event.kind == GONE else None)
            if event.kind == REMATCH and self.started:
                await self.send_rematch()
        events = [e for e in events if e.kind not in (GONE, BACK, REMATCH)]
        if not events:
            return
        if not self.started:
            lobby = await run_in_threadpool(self.hub.seating.get, self.table_id)
            if lobby is not None and lobby.status != "started":
                # The seat as it is now: the host may have removed this player (who is told, then let go).
                seat = lobby.seat_of(self.token, self.player)
                await self.send({"type": "lobby", "lobby": lobby.public_view(), "seat": seat})
                if seat is None:
                    with contextlib.suppress(Exception):
                        await self.socket.close(code=4403, reason="you no longer sit at this table")
                    raise WebSocketDisconnect(4403)
                return
        fresh = [e for e in events if e.kind != "moved" or self.last is None or e.move_number > self.last]
        if not fresh:
            return
        # Moves alone: a kept table at the last of them is current (no read of the database to tell).
        heard = max(e.move_number for e in fresh) if all(e.kind == "moved" for e in fresh) else None
        try:
            view = await run_in_threadpool(self.hub.referee.view, self.table_id, self.player, self.token, heard)
        except NotFound:
            return
        if not self.started:
            self.started = True
            if self.last is None:
                self.last = 0  # at the table since before the first move: every move is news
            assert self.seat is not None
            await self.hub.seated(self.table_id, self.seat, view)
        kinds = {e.kind for e in fresh}
        await self.send_moves(view, "moved" if kinds == {"moved"} else "view")

    async def read(self) -> None:
        while True:
            message, why = parse_message(await self.socket.receive())
            if message is None:
                await self.send({"type": "error", "status": 400, "detail": why})
                continue
            kind, ref = message.get("type"), echoed(message.get("ref"))
            try:
                if kind == "ping":
                    await self.send({"type": "pong", "ref": ref})
                    continue
                if kind == "sync":
                    since = message.get("since")
                    await self.sync(since if type(since) is int and since >= 0 else None)
                    continue
                if kind == "move":
                    move, number = message.get("move"), message.get("move_number")
                    if not isinstance(move, str) or type(number) is not int:
                        raise TableError("a move needs move (text) and move_number (an integer)")
                    view = await run_in_threadpool(
                        self.hub.referee.play, self.table_id, self.player, self.token, move, number
                    )
                elif kind == "next_hand":
                    view = await run_in_threadpool(self.hub.referee.next_hand, self.table_id, self.player, self.token)
                else:
                    raise TableError("the messages are move, next_hand, sync and ping")
                await self.send({"type": "ok", "ref": ref, "move_number": view["move_number"]})
            except TableError as error:
                await self.send({"type": "error", "ref": ref, "status": error.status, "detail": error.message})


TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # as the HTTP routes' X-Seat-Token
MAX_MESSAGE = MAX_BODY  # a client's message is a few dozen bytes: as for an HTTP body, 64 KB at most


def parse_message(received: Message) -> tuple[dict[str, Any] | None, str]:
    """A client's message as a JSON object, or None and why not: strict as the HTTP bodies (``strict_loads``: no
    nesting deep enough to exhaust the parser, no lone surrogate, no NaN), no binary frame, no huge text."""
    if received["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(received.get("code", 1000), received.get("reason"))
    text = received.get("text")
    if text is None:
        return None, "messages are JSON objects, sent as text"
    if len(text) > MAX_MESSAGE:
        return None, f"a message is at most {MAX_MESSAGE} characters"
    try:
        message = strict_loads(text.encode("utf-8", "surrogatepass"))
    except ValueError as error:
        return None, f"messages are JSON objects: {excerpt(str(error))}"
    if not isinstance(message, dict):
        return None, "messages are JSON objects"
    return message, ""


def echoed(ref: Any) -> str | int | None:
    """The client's ``ref``, as it may be sent back: a short text or a number, else nothing."""
    if type(ref) is int or (isinstance(ref, str) and len(ref) <= 64):
        return ref
    return None


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)  # as Starlette's send_json writes it


class _ViewTexts:
    """The JSON of the views sent last, by the view itself: a table's view of a seat after a move is one object
    (``Table.view`` shares it), written once however many sockets of that seat send it."""

    def __init__(self, size: int = 256) -> None:  # a text is wanted for the moment its view is sent (some 30 KB each)
        self.size = size
        self._texts: OrderedDict[int, tuple[dict[str, Any], str]] = OrderedDict()  # the view is kept: its id stays
        self._guard = threading.Lock()  # each test client runs its own event loop

    def text(self, view: dict[str, Any]) -> str:
        with self._guard:
            kept = self._texts.get(id(view))
            if kept is not None and kept[0] is view:
                self._texts.move_to_end(id(view))
                return kept[1]
        text = _json(view)
        with self._guard:
            self._texts[id(view)] = (view, text)
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)
        return text


_VIEWS = _ViewTexts()


class _PatchTexts:
    """The JSON Patch from one view to the next (``jsonpatch``), by the pair of views: written once for the sockets
    of a seat that were sent the same views. None where the patch would be no shorter than the view itself."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._texts: OrderedDict[tuple[int, int], tuple[dict[str, Any], dict[str, Any], str | None]] = OrderedDict()
        self._guard = threading.Lock()

    def text(self, before: dict[str, Any], after: dict[str, Any]) -> str | None:
        key = (id(before), id(after))
        with self._guard:
            kept = self._texts.get(key)
            if kept is not None and kept[0] is before and kept[1] is after:
                self._texts.move_to_end(key)
                return kept[2]
        patch: str | None = _json(_diff(before, after))
        # A patch under a kilobyte is shorter than any view (the smallest, a puzzle's first, is 1.2 KB): the view's
        # JSON (as much CPU as the patch) is written only to tell a longer patch from it.
        if len(patch or "") >= SHORT_PATCH and len(patch or "") >= len(_VIEWS.text(after)):
            patch = None
        with self._guard:
            self._texts[key] = (before, after, patch)
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)
        return patch


_PATCHES = _PatchTexts()
_SCALARS = frozenset({str, int, float, bool, type(None)})


class _ViewDiff(jsonpatch.DiffBuilder):  # type: ignore[misc]
    """jsonpatch's diff, except that a list changed anywhere but at its end is replaced whole: the library looks for
    items moved within a list, which took seconds of CPU on a list of hundreds of moves (a Mountains view's legal
    moves) and held the event loop meanwhile. A list that grew at its end (a match's history) gets its new items."""

    def _compare_values(self, path: str, key: Any, src: Any, dst: Any) -> None:
        if src is dst:
            return  # a part the views share (a finished hand's sheet): unchanged, and not walked
        if type(src) is list and type(dst) is list and not (len(dst) >= len(src) and dst[: len(src)] == src):
            self._item_replaced(path, key, dst)
        else:
            super()._compare_values(path, key, src, dst)


def _diff(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """The JSON Patch from ``before`` to ``after`` (as ``jsonpatch.JsonPatch.from_diff`` makes it, with ``_ViewDiff``)."""
    builder = _ViewDiff(before, after, _leaf)
    builder._compare_values("", None, before, after)
    return list(jsonpatch.JsonPatch(list(builder.execute())).patch)


def _leaf(value: Any) -> Any:
    """What jsonpatch compares two values of a view by (its default: their JSON, written anew for every number and
    string of the view, a quarter of the patch's CPU): a scalar by its type and value, so 1 and True still differ."""
    return (type(value), value) if type(value) in _SCALARS else json.dumps(value, sort_keys=True)


def router(hub: Hub) -> APIRouter:
    routes = APIRouter()

    @routes.websocket("/api/live/{table_id}")
    async def live(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        try:
            hello, why = parse_message(await asyncio.wait_for(socket.receive(), HELLO_WAIT))
        except WebSocketDisconnect:
            return  # gone before saying who they are
        except TimeoutError:
            hello, why = None, "say hello first"
        since = hello.get("since") if hello is not None else None
        token = hello.get("token") if hello is not None else None
        if (
            hello is None
            or not isinstance(token, str)
            or not TOKEN.fullmatch(token)
            or not (since is None or type(since) is int)
        ):
            # A clean close with the reason: a client's mistake never leaves a socket hanging.
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await socket.close(code=4400, reason=why or "hello needs token (a seat's token) and since (a number)")
            return
        patches = isinstance(hello, dict) and hello.get("patches") is True
        connection = Connection(hub, socket, table_id, player_of(socket), token, since, patches)
        async with hub.bus.subscribe(table_id) as events:
            view = await connection.authenticate()
            if view is None:
                return
            assert connection.seat is not None
            reader: asyncio.Task[None] | None = None
            # Once counted here the seat is let go whatever ends the socket: one cancelled while it arrived (the
            # connection's task cancelled as the client went) stayed here for good, and its player was never replaced.
            try:
                await hub.arrived(table_id, connection.seat, view if connection.started else None)
                reader = asyncio.create_task(connection.read())
                await pump(hub, connection, events, reader)
            except WebSocketDisconnect:
                pass
            except Exception:  # a fault of ours: the client is told, with a close it can act on, and comes again
                log.exception("bones: a socket of table %s failed", table_id)
                with contextlib.suppress(Exception):
                    await socket.close(code=1011, reason="the server failed; connect again")
            finally:
                if reader is not None:
                    reader.cancel()
                    with contextlib.suppress(BaseException):
                        await reader
                # Shielded: a cancelled socket's departure is still told (the others see them gone, a timer replaces them).
                with anyio.CancelScope(shield=True):
                    await hub.left(table_id, connection.seat, connection.started)

    return routes


async def pump(hub: Hub, connection: Connection, events: asyncio.Queue[Event], reader: asyncio.Task[None]) -> None:
    """Events to the socket until the client goes; a burst of events is answered with one view."""
    while True:
        waiting = asyncio.create_task(events.get())
        done, _ = await asyncio.wait({reader, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if reader in done:
            waiting.cancel()
            reader.result()  # the client's disconnect ends the socket here
            return
        burst = [waiting.result()]
        while not events.empty():
            burst.append(events.get_nowait())
        await hub.heard(connection.table_id, burst)
        await connection.on_events(burst)
