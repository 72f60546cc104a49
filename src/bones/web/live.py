"""Live tables: the server playing the computers' moves at a readable pace, and absent players replaced.

At a live table (one started from a lobby) the process that saved a change drives what follows it, and the database's
conditional writes make sure two processes driving at once apply a move once. A human not seen for the host's timeout
(``seating.py``) is played by a computer at the table's level until they connect again. The seats' sockets are in
``sockets.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from bones.web.events import BACK, GONE, Event, EventBus
from bones.web.referee import Referee
from bones.web.seating import Seating
from bones.web.table import HUMAN, NotFound, TableError

log = logging.getLogger(__name__)
ENV_PACE = "BONES_COMPUTER_PACE"
ENV_HEARTBEAT = "BONES_HEARTBEAT"


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
