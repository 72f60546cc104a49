"""Games and statistics kept through SQLAlchemy.

By default a SQLite file in the user's data directory; ``BONES_DATABASE_URL``
selects another database (``postgresql://user@host/db`` uses psycopg 3). A game
row holds its record (game, options, seed, moves): the state is rebuilt by
replay, so the rules engine stays the one source of truth. Every write of a game
names the move number it started from, so two writers can never both advance
the same position (optimistic locking works across processes too).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import JSON, DateTime, Integer, String, create_engine, event, inspect, select, text, update
from sqlalchemy.engine import CursorResult, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

ENV_URL = "BONES_DATABASE_URL"


class StaleError(Exception):
    """The game moved on since it was read: the write was refused."""


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "bones_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    move_number: Mapped[int] = mapped_column(Integer, default=0)
    # playing, finished, abandoned
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class StatsRow(Base):
    __tablename__ = "bones_stats"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    level: Mapped[str] = mapped_column(String(16), primary_key=True)
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    total_score: Mapped[int] = mapped_column(Integer, default=0)
    best_score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    streak: Mapped[int] = mapped_column(Integer, default=0)  # wins in a row now
    best_streak: Mapped[int] = mapped_column(Integer, default=0)
    # Matches given up after a move: neither won nor lost, so they stay out of played, won and best.
    abandoned: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


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


@dataclass(frozen=True)
class MatchResult:
    """What the statistics learn from one match of the human at seat 0."""

    game: str
    level: str
    won: bool
    score: int  # the human side's final score
    low_score_wins: bool  # kozel: the best score is the lowest


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
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()

    # -- games ---------------------------------------------------------------

    def create_game(
        self, game_id: str, game: str, level: str, players: int, seats: list[dict[str, Any]], record: dict[str, Any]
    ) -> None:
        now = _now()
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
                )
            )

    def load_game(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            return _stored(row) if row else None

    def latest_unfinished(self) -> StoredGame | None:
        with self._session() as session:
            row = session.scalars(
                select(GameRow).where(GameRow.status == "playing").order_by(GameRow.updated_at.desc()).limit(1)
            ).first()
            return _stored(row) if row else None

    def save_game(
        self,
        game_id: str,
        expected_move_number: int,
        record: Mapping[str, Any],
        seats: list[dict[str, Any]],
        status: str = "playing",
        result: MatchResult | None = None,
    ) -> None:
        """Write the game if it is still at ``expected_move_number``; count ``result`` in the same transaction."""
        with self._session() as session:
            done = session.execute(
                update(GameRow)
                .where(
                    GameRow.id == game_id, GameRow.move_number == expected_move_number, GameRow.status != "abandoned"
                )
                .values(
                    record=dict(record),
                    seats=seats,
                    move_number=len(record["moves"]),
                    status=status,
                    updated_at=_now(),
                )
            )
            if cast(CursorResult[Any], done).rowcount != 1:  # an UPDATE's result counts its rows
                raise StaleError(game_id)
            if result is not None:
                self._count(session, result)

    def unfinished(self) -> list[StoredGame]:
        with self._session() as session:
            rows = session.scalars(select(GameRow).where(GameRow.status == "playing")).all()
            return [_stored(row) for row in rows]

    def abandon(self, game_ids: Iterable[str]) -> None:
        """Mark these unfinished games abandoned; each that had a move counts as abandoned in the statistics."""
        with self._session() as session:
            for game_id in game_ids:
                row = session.get(GameRow, game_id, with_for_update=True)
                if row is None or row.status != "playing":
                    continue
                row.status = "abandoned"
                row.updated_at = _now()
                if row.move_number:
                    stats = self._stats_row(session, row.game, row.level)
                    stats.abandoned += 1
                    stats.streak = 0  # the wins in a row stop here, though the match is no loss

    # -- statistics ----------------------------------------------------------

    def _stats_row(self, session: Session, game: str, level: str) -> StatsRow:
        row = session.get(StatsRow, (game, level), with_for_update=True)
        if row is None:
            row = StatsRow(
                game=game,
                level=level,
                played=0,
                won=0,
                total_score=0,
                best_score=None,
                streak=0,
                best_streak=0,
                abandoned=0,
            )
            session.add(row)
        return row

    def _count(self, session: Session, result: MatchResult) -> None:
        row = self._stats_row(session, result.game, result.level)
        row.played += 1
        row.total_score += result.score
        better = min if result.low_score_wins else max
        row.best_score = result.score if row.best_score is None else better(row.best_score, result.score)
        if result.won:
            row.won += 1
            row.streak += 1
            row.best_streak = max(row.best_streak, row.streak)
        else:
            row.streak = 0

    def stats(self, game: str, level: str) -> dict[str, Any]:
        with self._session() as session:
            row = session.get(StatsRow, (game, level))
            return _stats_dict(game, level, row)

    def all_stats(self) -> list[dict[str, Any]]:
        with self._session() as session:
            rows = session.scalars(select(StatsRow).order_by(StatsRow.game, StatsRow.level)).all()
            return [_stats_dict(r.game, r.level, r) for r in rows]


def _add_missing_columns(engine: Engine) -> None:
    """Databases made by an older bones lack columns added since; add them with their defaults."""
    present = {column["name"] for column in inspect(engine).get_columns(StatsRow.__tablename__)}
    if "abandoned" not in present:
        with engine.begin() as connection:
            connection.execute(
                text(f"ALTER TABLE {StatsRow.__tablename__} ADD COLUMN abandoned INTEGER NOT NULL DEFAULT 0")
            )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # A move is saved at every click: write-ahead logging without an fsync per commit keeps that
    # cheap, and a crash can lose at most the last moves, never the file.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        level=row.level,
        players=row.players,
        seats=[dict(s) for s in row.seats],
        record=dict(row.record),
        move_number=row.move_number,
        status=row.status,
        updated_at=row.updated_at,
    )


def _stats_dict(game: str, level: str, row: StatsRow | None) -> dict[str, Any]:
    played = row.played if row else 0
    won = row.won if row else 0
    return {
        "game": game,
        "level": level,
        "played": played,
        "won": won,
        "win_percent": round(100 * won / played, 1) if played else 0.0,
        "best_score": row.best_score if row else None,
        "average_score": round(row.total_score / played, 1) if row and played else None,
        "streak": row.streak if row else 0,
        "best_streak": row.best_streak if row else 0,
        "abandoned": row.abandoned if row else 0,
    }
