"""Players, games and statistics kept through SQLAlchemy.

By default a SQLite file in the user's data directory; ``BONES_DATABASE_URL``
selects another database (``postgresql://user@host/db`` uses psycopg 3). A game
row holds its record's head (game, options, seed) and each move is a row of
``bones_moves`` (game, number, move): the state is rebuilt by replay, so the rules
engine stays the one source of truth. A move appends its row; the key (game,
number) makes the database refuse a second move at one number, and every write of
a game names the move number it started from, so two writers can never both
advance the same position (optimistic locking works across processes too). A
record written before moves were rows keeps its moves in the record; the moves
after them are rows.

Who may act for a seat is a row of ``bones_seat_holders`` (game, seat, player);
statistics are counted per player. Games made before players existed have no
holders: nobody can act for them, and they count for nobody.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import (
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy import cast as sql_cast
from sqlalchemy.engine import Connection, CursorResult, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from bones.web.schema import Base, GameRow, MoveRow, PlayerRow, ProblemRow, SeatHolderRow, StatsRow, create_tables
from bones.web.stats import MatchResult, count, stats_dict, stats_row

ENV_URL = "BONES_DATABASE_URL"
POOL_SIZE, POOL_OVERFLOW = 20, 40


class StaleError(Exception):
    """The game moved on since it was read: the write was refused."""


# The statements of every move, built once: building one (and its cache key, to find its compiled form) costs three
# times what running it costs on SQLite.
_HEAD = select(GameRow.move_number, GameRow.status, GameRow.seats).where(GameRow.id == bindparam("game_id"))
_HOLDERS = select(SeatHolderRow.seat, SeatHolderRow.player).where(SeatHolderRow.game_id == bindparam("game_id"))
_SAVE = (
    update(GameRow)
    .where(
        GameRow.id == bindparam("game_id"),
        GameRow.move_number == bindparam("expected"),
        GameRow.status != "abandoned",
    )
    .values(
        seats=bindparam("seats"),
        move_number=bindparam("move_number"),
        status=bindparam("status"),
        updated_at=bindparam("updated_at"),
    )
)

# The same, and only if the seats are still those the writer read: seats change without a move (a hand sheet
# closed, a player away), and two processes changing two seats at one move number must not undo each other.
# The JSON is compared as the text written, which reading and writing it again gives back unchanged.
_SAVE_SEATS = _SAVE.where(sql_cast(GameRow.seats, Text) == bindparam("expected_seats"))
_APPEND = insert(MoveRow)
_MOVES_OF = (
    select(MoveRow.game_id, MoveRow.number, MoveRow.move)
    .where(MoveRow.game_id.in_(bindparam("game_ids", expanding=True)))
    .order_by(MoveRow.game_id, MoveRow.number)
)

_MOVES_AFTER = (
    select(MoveRow.number, MoveRow.move)
    .where(MoveRow.game_id == bindparam("game_id"), MoveRow.number > bindparam("after"))
    .order_by(MoveRow.number)
)


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    level: str
    players: int
    seats: list[dict[str, Any]]
    record: dict[str, Any]
    move_number: int
    status: str
    updated_at: datetime
    owner: str | None = None


def data_dir(url: str) -> Path:
    """The folder of the SQLite file, else the user's data directory (where bones keeps its server secret)."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and url[len(prefix) :] not in ("", ":memory:"):
        return Path(url[len(prefix) :]).parent
    from platformdirs import user_data_dir

    return Path(user_data_dir("bones", appauthor=False))


def default_url() -> str:
    """``BONES_DATABASE_URL``, else a SQLite file in the user's data directory."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("bones", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'bones.sqlite3'}"


def _driver_url(url: str) -> str:
    # psycopg 3 is the driver bones installs; plain postgresql:// would ask for psycopg2.
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Games and statistics in one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = _driver_url(url or default_url())
        kwargs: dict[str, Any] = {}
        if self.url.startswith("sqlite"):
            # The app answers from a thread pool.
            kwargs["connect_args"] = {"check_same_thread": False}
            if self.url in ("sqlite://", "sqlite:///:memory:"):
                # One shared connection, or each thread would see its own empty database.
                kwargs["poolclass"] = StaticPool
        else:
            # Connections older than this are replaced when next taken out: a database server's idle timeout never
            # finds a stale one. (A pre-ping would cost a round trip, a SELECT 1, before every request's query.)
            kwargs["pool_recycle"] = 300
            # As many connections as threads that may want one at once (the request thread pool's 40 and the
            # live tables' drivers): past the pool, a request waits for a connection while the database idles.
            kwargs["pool_size"], kwargs["max_overflow"] = POOL_SIZE, POOL_OVERFLOW
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
            # One file on this machine: a transaction costs no round trip, and the in-memory database's one
            # shared connection must not change its mode under another thread's transaction.
            self._single: Engine = self.engine
        else:
            # One statement alone needs no transaction around it: BEGIN and COMMIT would each be a round trip
            # to the database server, twice the statement's own (reads, and a move saved without statistics).
            self._single = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        create_tables(self.engine, Base.metadata)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()

    # -- games ---------------------------------------------------------------

    def create_game(
        self,
        game_id: str,
        game: str,
        level: str,
        players: int,
        seats: list[dict[str, Any]],
        record: dict[str, Any],
        holders: Mapping[int, str] | None = None,
    ) -> None:
        """A new game; ``holders`` are the seats its maker's player takes at once (seat -> player)."""
        now = _now()
        holders = dict(holders or {})
        with self._session() as session:
            session.add(
                GameRow(
                    id=game_id,
                    game=game,
                    level=level,
                    players=players,
                    seats=seats,
                    record=record,
                    move_number=len(record["moves"]),
                    status="playing",
                    created_at=now,
                    updated_at=now,
                    owner=holders.get(0),
                )
            )
            for seat, player in sorted(holders.items()):
                self._ensure_player(session, player)
                session.add(SeatHolderRow(game_id=game_id, seat=seat, player=player))

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            return stored_with_moves(session, [row])[0] if row else None

    def head(self, game_id: str) -> tuple[int, str, list[dict[str, Any]]] | None:
        """(move number, status, seats) of a game, without its record: enough to tell a kept copy is current."""
        with self._single.begin() as connection:
            row = connection.execute(_HEAD, {"game_id": game_id}).first()
            return (row.move_number, row.status, list(row.seats)) if row else None

    def moves_after(self, game_id: str, number: int) -> list[tuple[int, str]]:
        """The moves stored as rows past move ``number`` (each its number and text), in order: what a copy of the game
        kept at ``number`` lacks, without the record and the moves it has."""
        with self._single.begin() as connection:
            return [
                (row.number, row.move)
                for row in connection.execute(_MOVES_AFTER, {"game_id": game_id, "after": number})
            ]

    def holders(self, game_id: str) -> dict[int, str]:
        """Seat -> player of the seats taken at this game."""
        with self._single.begin() as connection:
            rows = connection.execute(_HOLDERS, {"game_id": game_id}).all()
            return {row.seat: row.player for row in rows}

    def take_seat(self, game_id: str, seat: int, player: str) -> bool:
        """Give a free seat to ``player``; False when someone holds it already (the first taker wins)."""
        try:
            with self._session() as session:
                self._ensure_player(session, player)
                session.add(SeatHolderRow(game_id=game_id, seat=seat, player=player))
        except IntegrityError:
            return False
        return True

    def latest_unfinished(self, player: str) -> StoredGame | None:
        """The unfinished game where ``player`` holds a seat that moved last (CONTINUE)."""
        games = self.games_of(player, unfinished=True, limit=1)
        return games[0] if games else None

    def games_of(self, player: str, unfinished: bool = True, limit: int = 50) -> list[StoredGame]:
        """The games where ``player`` holds a seat, the latest first."""
        with self._session() as session:
            query = (
                select(GameRow)
                .where(GameRow.id.in_(select(SeatHolderRow.game_id).where(SeatHolderRow.player == player)))
                .order_by(GameRow.updated_at.desc())
                .limit(limit)
            )
            if unfinished:
                query = query.where(GameRow.status == "playing")
            return stored_with_moves(session, session.scalars(query).all())

    # -- players -------------------------------------------------------------

    @staticmethod
    def _ensure_player(session: Session, player: str) -> PlayerRow:
        row = session.get(PlayerRow, player)
        if row is None:
            row = PlayerRow(id=player, name=None, created_at=_now())
            session.add(row)
            session.flush()
        return row

    def set_name(self, player: str, name: str) -> None:
        with self._session() as session:
            self._ensure_player(session, player).name = name

    def name_of(self, player: str) -> str | None:
        with self._session() as session:
            row = session.get(PlayerRow, player)
            return row.name if row else None

    def save_game(
        self,
        game_id: str,
        expected_move_number: int,
        moves: Sequence[str],
        seats: list[dict[str, Any]],
        status: str = "playing",
        result: MatchResult | Sequence[MatchResult] | None = None,
        expected_seats: list[dict[str, Any]] | None = None,
    ) -> None:
        """Write the game, whose moves are now ``moves`` (their texts), if it is still at ``expected_move_number``
        (and its seats ``expected_seats``, where given); count ``result`` (one per player) with it. The moves past
        the expected number are appended as rows; fewer moves than that rewind the game."""
        results = [result] if isinstance(result, MatchResult) else list(result or ())
        statement = _SAVE
        move_number = len(moves)
        values = {
            "game_id": game_id,
            "expected": expected_move_number,
            "seats": seats,
            "move_number": move_number,
            "status": status,
            "updated_at": _now(),
        }
        if expected_seats is not None:
            statement = _SAVE_SEATS
            values["expected_seats"] = json.dumps(expected_seats)
        appended = [
            {"game_id": game_id, "number": number, "move": moves[number - 1]}
            for number in range(expected_move_number + 1, move_number + 1)
        ]
        if not results and not appended and move_number == expected_move_number:
            # A seat's change without a move: one conditional statement, atomic on its own.
            with self._single.begin() as connection:
                if cast(CursorResult[Any], connection.execute(statement, values)).rowcount != 1:
                    raise StaleError(game_id)
            return
        if not results:
            # The usual move: the game's head (conditional on the move number) and the move's row, no ORM.
            with self.engine.begin() as connection:
                self._write_moves(connection, statement, values, appended, moves)
            return
        with self._session() as session:
            self._write_moves(session.connection(), statement, values, appended, moves)
            for one in results:
                count(session, one)

    @staticmethod
    def _write_moves(
        connection: Connection,
        statement: Any,
        values: dict[str, Any],
        appended: list[dict[str, Any]],
        moves: Sequence[str],
    ) -> None:
        game_id, move_number = values["game_id"], values["move_number"]
        # The head first: its row lock makes a second writer at this number wait, then find the number moved on.
        if cast(CursorResult[Any], connection.execute(statement, values)).rowcount != 1:
            raise StaleError(game_id)
        if appended:
            try:
                connection.execute(_APPEND, appended)
            except IntegrityError:  # a move at this number is stored already
                raise StaleError(game_id) from None
        elif move_number < values["expected"]:
            # A rewind (undo): the moves past the new number go, from the rows and from a record that kept them.
            connection.execute(delete(MoveRow).where(MoveRow.game_id == game_id, MoveRow.number > move_number))
            record = connection.execute(select(GameRow.record).where(GameRow.id == game_id)).scalar_one()
            if len(record["moves"]) > move_number:
                shorter = {**record, "moves": list(moves)}
                connection.execute(update(GameRow).where(GameRow.id == game_id).values(record=shorter))

    def unfinished(self) -> list[StoredGame]:
        with self._session() as session:
            rows = session.scalars(select(GameRow).where(GameRow.status == "playing")).all()
            return stored_with_moves(session, rows)

    def abandon(self, game_ids: Iterable[str]) -> list[str]:
        """Mark these unfinished games abandoned (returns those that were); one that had a move counts as
        abandoned in the statistics of each player holding a seat."""
        done = []
        with self._session() as session:
            for game_id in game_ids:
                row = session.get(GameRow, game_id, with_for_update=True)
                if row is None or row.status != "playing":
                    continue
                row.status = "abandoned"
                row.updated_at = _now()
                done.append(game_id)
                if row.move_number:
                    holders = session.scalars(select(SeatHolderRow.player).where(SeatHolderRow.game_id == game_id))
                    for player in sorted(set(holders)):
                        stats = stats_row(session, player, row.game, row.level)
                        stats.abandoned += 1
                        stats.streak = 0  # the wins in a row stop here, though the match is no loss
        return done

    # -- statistics (stats.py) ---------------------------------------------

    def problem_progress(self, player: str, game: str) -> dict[int, int]:
        """The problems of ``game`` that ``player`` solved, each with the fewest moves they took."""
        with self._session() as session:
            rows = session.scalars(select(ProblemRow).where(ProblemRow.player == player, ProblemRow.game == game))
            return {row.number: row.best_moves for row in rows}

    def stats(self, player: str, game: str, level: str) -> dict[str, Any]:
        with self._session() as session:
            row = session.get(StatsRow, (player, game, level))
            return stats_dict(game, level, row)

    def all_stats(self, player: str) -> list[dict[str, Any]]:
        with self._session() as session:
            rows = session.scalars(
                select(StatsRow).where(StatsRow.player == player).order_by(StatsRow.game, StatsRow.level)
            ).all()
            return [stats_dict(r.game, r.level, r) for r in rows]


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # A move is saved at every click: write-ahead logging without an fsync per commit keeps that
    # cheap, and a crash can lose at most the last moves, never the file.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def stored_with_moves(session: Session, rows: Sequence[GameRow]) -> list[StoredGame]:
    """The games of ``rows``, each record with its moves: those it kept (a game stored before moves were rows, or
    rewound) and then its rows."""
    appended: dict[str, list[tuple[int, str]]] = {}
    if rows:
        found = session.execute(_MOVES_OF, {"game_ids": [row.id for row in rows]})
        for game_id, number, move in found:
            appended.setdefault(game_id, []).append((number, move))
    stored = []
    for row in rows:
        record = dict(row.record)
        moves = list(record.get("moves", []))
        for number, move in appended.get(row.id, ()):
            if number == len(moves) + 1:
                moves.append(move)
        record["moves"] = moves
        stored.append(_stored(row, record))
    return stored


def _stored(row: GameRow, record: dict[str, Any]) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        level=row.level,
        players=row.players,
        seats=[dict(s) for s in row.seats],
        record=record,
        move_number=row.move_number,
        status=row.status,
        updated_at=row.updated_at,
        owner=row.owner,
    )
