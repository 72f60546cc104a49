"""The tables a process keeps built, by id, and how a kept one is brought up to what is stored.

Every process (each web process, each worker) keeps the tables it served last (``BONES_TABLE_CACHE``), so a
move is made on a built table rather than a match read and replayed. Other processes move the same tables:
a kept table is checked against the stored head (its move number, status and seats: a short read) and
brought up to it by making the moves it lacks (``follow`` with a move's event, ``get`` reading only the
moves after it); only a table not kept, or one whose stored moves do not go on from it, is read whole.
The referee (``web/referee.py``) changes tables; this keeps them.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from bones.game import State
from bones.record import Record, RecordError
from bones.web.limits import LockTable
from bones.web.storage import Store, StoredGame
from bones.web.table import Conflict, NotFound, Seat, Table

# The built tables a process keeps (some 50 KB each in a long Kozel match): past it, a request replays. Read by every
# referee, the web's and the workers' alike (a worker that kept its own default grew past what the web was told).
ENV_TABLE_CACHE = "BONES_TABLE_CACHE"
TABLE_CACHE = 1024


def table_cache_size() -> int:
    return max(1, int(os.environ.get(ENV_TABLE_CACHE, "").strip() or TABLE_CACHE))


class KeptTables:
    """Built tables by id, at most ``size``, the least recently used dropped first. ``locks``: the referee's, one a
    table, held while a table changes; ``served``: whether the server plays a table's computers (a rebuilt table
    says so)."""

    def __init__(self, store: Store, size: int, locks: LockTable[str], served: Callable[[str], bool]) -> None:
        self.store = store
        self.size = size
        self._locks = locks
        self._served = served
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._cache)

    def at(self, game_id: str) -> Table | None:
        """The kept table, as it is (no read)."""
        with self._guard:
            return self._cache.get(game_id)

    def follows(self, game_id: str, move_number: int) -> bool:
        """Whether the kept table is one move before ``move_number`` (so ``follow`` would make that move)."""
        with self._guard:
            table = self._cache.get(game_id)
        return table is not None and table.move_number == move_number - 1 and table.status == "playing"

    def follow(self, game_id: str, moves: Sequence[tuple[int, str]]) -> None:
        """Moves saved elsewhere (a worker's, another process's: each the move number it brought the table to, and its
        text, as stored), made on the kept table where it is just before them, instead of reading and replaying the
        stored match. A kept table at any other number is left as it is: it is read when next asked."""
        with self._locks.hold(game_id):
            for move_number, move in sorted(moves):
                with self._guard:
                    table = self._cache.get(game_id)
                if table is None or table.move_number != move_number - 1 or table.status != "playing":
                    continue
                try:
                    table.made(move)
                except ValueError:  # not this table's move after all: the stored one is read when next asked
                    self.forget(game_id)
                    return

    def move_at(self, game_id: str, move_number: int) -> str | None:
        """The move (its text) that brought the kept table to ``move_number``, if it is kept there: told with the
        move's event, so that other processes follow it without a read."""
        with self._guard:
            table = self._cache.get(game_id)
        if table is None or table.move_number != move_number or move_number == 0:
            return None
        return str(table.state.moves[-1])

    def get(self, game_id: str, heard: int | None = None, held: bool = False) -> Table:
        """The table, current. ``heard``: the move number a table event just told of; a kept table at that number
        or past it (moved on by this process), with no change of it under way here, needs no read (a change of seats
        without a move has an event of its own, read in full). ``held``: the caller holds the table's lock, so no change of ours is under way."""
        # Another process may have moved since: a kept table is used when its move number and status are the
        # stored ones (a short read); only a table not kept, or behind, is read whole and replayed.
        with self._guard:
            cached = self._cache.get(game_id)
        if cached is not None:
            # A kept table past the number heard moved on by this process's own saves: as current as the event.
            if heard is not None and cached.move_number >= heard and (held or not self._locks.busy(game_id)):
                return cached  # (a change under way here might yet be refused: then the table is read)
            stored_head = self._stored_head(game_id, cached)
            if stored_head is None:
                return cached
            if cached.move_number > stored_head[0] and not held:
                # A move of this process is being saved (its request holds the table's lock; a refused one is undone
                # in place). Replaying the stored table would put an older one in the kept one's place, and two
                # copies of one table would go their own ways: read again once no save of ours is under way.
                with self._locks.hold(game_id):
                    if self._stored_head(game_id, cached) is None:
                        return cached
            moved_on = self._moved_on(cached, stored_head)
            if moved_on is not None:
                self.remember(moved_on)
                return moved_on
        stored = self.store.load_game(game_id)
        if stored is None:
            raise NotFound(f"no game {game_id!r}")
        table = self._caught_up(cached, stored) or self._rebuild(stored)
        self.remember(table)
        return table

    def _caught_up(self, cached: Table | None, stored: StoredGame) -> Table | None:
        """The kept table with the moves stored since (a worker's, another process's) played on it: a match is not
        replayed from its start at each move made elsewhere. None unless the stored match goes on from the kept one."""
        moves = stored.record.get("moves", [])
        if cached is None or cached.status != "playing" or len(moves) <= cached.move_number:
            return None
        if moves[: cached.move_number] != [str(move) for move in cached.state.moves]:
            return None
        before, state = cached.before, cached.state
        try:
            for move in moves[cached.move_number :]:
                before, state = state, state.play(move)
        except ValueError:
            return None
        seats = [Seat.from_row(s) for s in stored.seats]
        table = Table(stored.id, stored.level, seats, state, before, stored.status, cached.problem, cached.live)
        table.stored_seats = stored.seats
        return table

    def _moved_on(self, cached: Table, head: tuple[int, str, list[dict[str, Any]]]) -> Table | None:
        """The kept table with the moves stored since played on it, reading only those moves (a worker's next job on a
        table, after the person's move or another worker's: reading the whole stored match was 12% of a worker's time).
        Only where moves are never taken back: the stored moves up to the kept number are then the kept ones. None
        where the stored moves do not go on from the kept table (the whole match is read)."""
        number, status, seats = head
        if number <= cached.move_number or cached.status != "playing" or cached.rules.allows_undo:
            return None
        rows = [(n, move) for n, move in self.store.moves_after(cached.id, cached.move_number) if n <= number]
        if [n for n, _move in rows] != list(range(cached.move_number + 1, number + 1)):
            return None  # moves kept in the record (a game stored by an older bones): read whole
        before, state = cached.before, cached.state
        try:
            for _number, move in rows:
                before, state = state, state.play(move)
        except ValueError:
            return None
        seat_list = [Seat.from_row(s) for s in seats]
        table = Table(cached.id, cached.level, seat_list, state, before, status, cached.problem, cached.live)
        table.stored_seats = seats
        return table

    def kept(self, game_id: str, move_number: int | None) -> Table | None:
        """The kept table if it is at ``move_number`` (a number this process just saved), read from nothing; None
        otherwise. A change decided on it is checked under the table's lock, and refused by the store if it is
        behind after all."""
        with self._guard:
            table = self._cache.get(game_id)
        return table if table is not None and move_number is not None and table.move_number == move_number else None

    def _head(self, game_id: str) -> tuple[int, str, list[dict[str, Any]]]:
        head = self.store.head(game_id)
        if head is None:
            raise NotFound(f"no game {game_id!r}")
        return head

    def _stored_head(self, game_id: str, cached: Table) -> tuple[int, str, list[dict[str, Any]]] | None:
        """None when the kept table is the stored one (its seats, which change without a move, are read anew);
        else the stored head (move number, status, seats)."""
        move_number, status, seats = head = self._head(game_id)
        with self._guard:
            if cached.move_number != move_number or cached.status != status:
                return head
            cached.seats = [Seat.from_row(s) for s in seats]
            cached.stored_seats = seats
            if game_id in self._cache:
                self._cache.move_to_end(game_id)
            return None

    def _rebuild(self, stored: StoredGame) -> Table:
        try:
            record = Record.from_dict(stored.record)
            previous: State | None = None
            state: State | None = None
            for step in record.states():
                previous, state = state, step
        except RecordError as error:
            raise Conflict(f"game {stored.id} cannot be replayed: {error}") from None
        assert state is not None
        seats = [Seat.from_row(s) for s in stored.seats]
        problem = record.meta.get("problem")
        table = Table(stored.id, stored.level, seats, state, previous, stored.status, problem, self._served(stored.id))
        table.stored_seats = stored.seats
        return table

    def remember(self, table: Table) -> None:
        with self._guard:
            self._cache[table.id] = table
            self._cache.move_to_end(table.id)
            while len(self._cache) > self.size:
                self._cache.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._guard:
            self._cache.pop(game_id, None)
