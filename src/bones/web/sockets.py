"""A live table's WebSockets: one per seat, told every move and answering the seat's own messages.

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
its own seat's view from the referee, so no hidden tile crosses processes. What the
server does between the seats' moves (the computers', absent players') is in ``live.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import Any

import anyio
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool
from starlette.types import Message

from bones.web.events import BACK, GONE, REMATCH, RESYNC, Event
from bones.web.live import Hub
from bones.web.patches import PATCHES, VIEWS, compact_json
from bones.web.players import player_of
from bones.web.seating import moved_to
from bones.web.security import MAX_BODY, excerpt, strict_loads
from bones.web.table import HUMAN, NotFound, TableError

log = logging.getLogger(__name__)
HELLO_WAIT = 10.0


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
            text = compact_json(message)
            if view is not None:
                text = f"{text[:-1]},{self._view_field(view)}}}"
            await self.socket.send_text(text)

    def _view_field(self, view: dict[str, Any]) -> str:
        shown, self._shown = self._shown, view
        if self.patches and shown is not None:
            patch = PATCHES.text(shown, view)
            if patch is not None:
                return f'"patch":{patch}'
        return f'"view":{VIEWS.text(view)}'

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
