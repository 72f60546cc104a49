"""The tables bones keeps its players, games, moves, seats and statistics in (SQLAlchemy's models), and how a
database gets them: made when missing, and the columns an older bones did not have added, one process at a time."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, MetaData, String, Text, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.schema import DefaultClause


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
    # The player who made the table (None: made before players existed).
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)


class MoveRow(Base):
    """One move of a game, appended as it is made: a move costs a short row, not the whole record written again.
    The key refuses a second move at the same number, whoever writes it."""

    __tablename__ = "bones_moves"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the game's first move
    move: Mapped[str] = mapped_column(Text)


class SeatHolderRow(Base):
    """A human seat taken by a player: requests for that seat must come from that player."""

    __tablename__ = "bones_seat_holders"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(64), index=True)


class PlayerRow(Base):
    """A player known by a signed cookie; the row exists once they set a name or start a game."""

    __tablename__ = "bones_players"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StatsRow(Base):
    # Per player; the statistics of a bones made before players (table bones_stats) are left as they were.
    __tablename__ = "bones_player_stats"

    player: Mapped[str] = mapped_column(String(64), primary_key=True)
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


class ProblemRow(Base):
    # A player's solved problems of a puzzle's book: the fewest moves a solution of theirs took.
    __tablename__ = "bones_problem_progress"

    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    best_moves: Mapped[int] = mapped_column(Integer)


# The key of PostgreSQL's advisory lock held while a process makes or changes the tables ("bones" in ASCII).
_SCHEMA_LOCK = 0x626F6E6573


def create_tables(engine: Engine, metadata: MetaData) -> None:
    """Make the tables of ``metadata`` that are missing, and the columns an older bones did not have, one process at
    a time: servers that start together on a new database would each find a table missing, and all but one fail to
    make it."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})"))
        metadata.create_all(connection)
        _add_missing_columns(connection, metadata)


def _add_missing_columns(connection: Connection, metadata: MetaData) -> None:
    """Databases made by an older bones lack columns added since; add them (nullable or with their
    server default), and their indexes."""
    inspector = inspect(connection)
    for table in metadata.sorted_tables:
        present = {column["name"] for column in inspector.get_columns(table.name)}
        missing = [column for column in table.columns if column.name not in present]
        for column in missing:
            kind = column.type.compile(dialect=connection.dialect)
            default = column.server_default
            if isinstance(default, DefaultClause):
                clause = f" NOT NULL DEFAULT {default.arg}"
            else:
                assert column.nullable, f"{table.name}.{column.name} needs a server default to be added"
                clause = ""
            connection.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column.name} {kind}{clause}"))
        added = {column.name for column in missing}
        for index in table.indexes:
            if added and {column.name for column in index.columns} <= added:
                index.create(connection, checkfirst=True)
