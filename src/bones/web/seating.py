"""Live tables in the database: lobbies (seats open, taken or given to computers) and who is connected.

A lobby row is a table before its match starts; the match, once started, is a game of
the store with the same id. Presence is one row per human seat of a started table: the
time a server last had that seat's WebSocket open (every server touches the seats it
holds, every few seconds). A seat not seen for the host's timeout is played by a
computer until its player connects again. Both live in the database, never in one
process's memory, so any server process can answer for any table.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    delete,
    insert,
    select,
    tuple_,
    update,
)
from sqlalchemy.engine import Engine

from bones.web.limits import LRU
from bones.web.schema import create_tables

WAITING, STARTED, CLOSED = "waiting", "started", "closed"
OPEN, HUMAN, COMPUTER = "open", "human", "computer"
PRIVATE = ("token", "player")  # what a seat's row holds that only its player may know
LIVE_KEPT = 16_384  # game ids whose kind (live or not) a process keeps: more than the tables it serves at once
NOT_LIVE = -1.0  # kept for a game that is no live table (a timeout is never negative)

metadata = MetaData()

lobbies = Table(
    "bones_lobbies",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("level", String(16), nullable=False),
    Column("players", Integer, nullable=False),
    Column("public", Boolean, nullable=False, index=True),
    Column("replace_after", Float, nullable=False),
    # [{kind: open|human|computer, name, token, player, level}]; seat 0 is the host; player: who took a human seat
    Column("seats", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    # The rule options the host chose ({} or NULL: the game's defaults); the match is made with them at the start.
    Column("options", JSON, nullable=True),
    # The table of the REMATCH asked for at this finished table: set once (a conditional write), so two presses
    # make one rematch.
    Column("rematch", String(32), nullable=True),
)

presence = Table(
    "bones_presence",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("seen_at", Float, nullable=False),
)


@dataclass(frozen=True)
class Lobby:
    id: str
    game: str
    level: str
    players: int
    public: bool
    replace_after: float
    seats: list[dict[str, Any]]
    status: str
    version: int
    created_at: float
    options: dict[str, Any] | None = None
    rematch: str | None = None

    def seat_of(self, token: str | None, player: str) -> int | None:
        """The seat of ``token`` if ``player`` took it: a token alone is worth nothing to another player."""
        if not token:
            return None
        for number, seat in enumerate(self.seats):
            if seat.get("token") and secrets.compare_digest(str(seat["token"]), token):
                return number if seat.get("player") == player else None
        return None

    def public_view(self) -> dict[str, Any]:
        """What anyone may see: no tokens, no player ids."""
        return {
            "id": self.id,
            "game": self.game,
            "level": self.level,
            "players": self.players,
            "public": self.public,
            "replace_after": self.replace_after,
            "options": dict(self.options or {}),
            "status": self.status,
            "seats": [{k: v for k, v in seat.items() if k not in PRIVATE} for seat in self.seats],
            "open_seats": [n for n, seat in enumerate(self.seats) if seat["kind"] == OPEN],
            "rematch": self.rematch,
        }


def rematch_shift(seats: Sequence[dict[str, Any]]) -> int:
    """How far a rematch turns the seats: to the next person round the table, who becomes the host at seat 0 (a
    table's seat 0 is always a person's). One place where the seat after the host's is a person's."""
    return next((n for n in range(1, len(seats)) if seats[n]["kind"] == HUMAN), len(seats)) % len(seats)


def moved_to(lobby: Lobby, seat: int) -> int:
    """The seat of the rematch that ``seat`` of ``lobby`` turned to."""
    return (seat - rematch_shift(lobby.seats)) % lobby.players


class Seating:
    """Lobbies and presence, in the store's database (tables of their own, made when missing)."""

    def __init__(self, engine: Engine) -> None:
        create_tables(engine, metadata)
        # Every write here is one statement: on a database server, BEGIN and COMMIT would be round trips of their own.
        self.engine = (
            engine if engine.dialect.name == "sqlite" else engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        # Whether a game id is a live table, and its timeout: fixed once the table exists, so each process may keep it.
        # Every game a process serves is asked about (solo matches too): the ids seen last only, as a bounded LRU.
        self._live: LRU[str, float] = LRU(LIVE_KEPT)

    # -- lobbies -------------------------------------------------------------

    def create(self, lobby: Lobby) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(lobbies).values(**lobby.__dict__))
            # The host is present from the start: their room's socket keeps them so (the list hides a table whose
            # host has gone).
            connection.execute(insert(presence).values(game_id=lobby.id, seat=0, seen_at=lobby.created_at))

    def discard(self, lobby_id: str) -> None:
        """A table whose match could not be made: its row and its people's presence go."""
        with self.engine.begin() as connection:
            connection.execute(delete(presence).where(presence.c.game_id == lobby_id))
            connection.execute(delete(lobbies).where(lobbies.c.id == lobby_id))

    def get(self, lobby_id: str) -> Lobby | None:
        with self.engine.begin() as connection:
            row = connection.execute(select(lobbies).where(lobbies.c.id == lobby_id)).mappings().first()
        return Lobby(**{**row, "seats": [dict(s) for s in row["seats"]]}) if row else None

    def change(self, lobby: Lobby, seats: Sequence[dict[str, Any]], status: str | None = None) -> bool:
        """Write new seats (and status) if nobody changed the lobby since it was read."""
        with self.engine.begin() as connection:
            done = connection.execute(
                update(lobbies)
                .where(lobbies.c.id == lobby.id, lobbies.c.version == lobby.version)
                .values(seats=list(seats), status=status or lobby.status, version=lobby.version + 1)
            )
        return bool(done.rowcount == 1)

    def claim_rematch(self, lobby_id: str, rematch_id: str) -> str | None:
        """The rematch of a table: ``rematch_id`` if this call set it, else the one set before (None: no such table).
        One conditional write: of two presses at once, one sets it and the other reads the winner's."""
        with self.engine.begin() as connection:
            connection.execute(
                update(lobbies).where(lobbies.c.id == lobby_id, lobbies.c.rematch.is_(None)).values(rematch=rematch_id)
            )
            found = connection.execute(select(lobbies.c.rematch).where(lobbies.c.id == lobby_id)).scalar()
        return None if found is None else str(found)

    def release_rematch(self, lobby_id: str, rematch_id: str) -> None:
        """A rematch that could not be made is asked for afresh by the next press."""
        with self.engine.begin() as connection:
            connection.execute(
                update(lobbies).where(lobbies.c.id == lobby_id, lobbies.c.rematch == rematch_id).values(rematch=None)
            )

    def open_public(self, limit: int = 100, host_seen_since: float | None = None) -> list[Lobby]:
        """The public tables waiting for players; with ``host_seen_since``, only those whose host was there since
        (a host who closed the page leaves a table nobody would ever start)."""
        host = presence.alias("host")
        query = (
            select(lobbies)
            .outerjoin(host, (host.c.game_id == lobbies.c.id) & (host.c.seat == 0))
            .where(lobbies.c.public.is_(True), lobbies.c.status == WAITING)
        )
        if host_seen_since is not None:
            query = query.where(host.c.seen_at.is_(None) | (host.c.seen_at >= host_seen_since))
        with self.engine.begin() as connection:
            rows = connection.execute(query.order_by(lobbies.c.created_at.desc()).limit(limit)).mappings().all()
        found = [Lobby(**{**row, "seats": [dict(s) for s in row["seats"]]}) for row in rows]
        return [lobby for lobby in found if any(seat["kind"] == OPEN for seat in lobby.seats)]

    def knows_live(self, game_id: str) -> bool:
        """Whether ``replace_after`` answers from memory (else it reads the database: not on an event loop)."""
        return self._live.get(game_id) is not None

    def replace_after(self, game_id: str) -> float | None:
        """The host's timeout of a started live table; None for a game that is no live table."""
        kept = self._live.get(game_id)
        if kept is None:
            lobby = self.get(game_id)
            if lobby is not None and lobby.status != STARTED:
                return None  # not started yet: ask again later
            kept = lobby.replace_after if lobby else NOT_LIVE
            self._live.put(game_id, kept)
        return None if kept == NOT_LIVE else kept

    # -- presence ------------------------------------------------------------

    def seat_humans(self, game_id: str, seats: Iterable[int], now: float | None = None) -> None:
        """The human seats of a table that starts: each counts as seen now."""
        now = time.time() if now is None else now
        rows = [{"game_id": game_id, "seat": seat, "seen_at": now} for seat in seats]
        with self.engine.begin() as connection:
            connection.execute(delete(presence).where(presence.c.game_id == game_id))  # the host's, from the room
            if rows:
                connection.execute(insert(presence), rows)

    def touch(self, seats: Iterable[tuple[str, int]], now: float | None = None) -> None:
        """These seats have a WebSocket open on this server."""
        keys = list(seats)
        if not keys:
            return
        now = time.time() if now is None else now
        with self.engine.begin() as connection:
            connection.execute(
                update(presence).where(tuple_(presence.c.game_id, presence.c.seat).in_(keys)).values(seen_at=now)
            )

    def seen_at(self, game_id: str, seat: int) -> float | None:
        with self.engine.begin() as connection:
            return connection.execute(
                select(presence.c.seen_at).where(presence.c.game_id == game_id, presence.c.seat == seat)
            ).scalar()
