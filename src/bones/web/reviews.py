"""REVIEW at the web table: the review of a finished match (``bones.bots.review``), a job of the workers
(``jobs.ReviewJob``), kept in the database so that a second look is instant.

``POST /api/games/{id}/review`` asks a worker for the job (or finds it running or done) and answers at
once; ``GET /api/games/{id}/review`` gives its progress and, once done, the review as JSON. Only a player
who holds a seat of the match may ask, and only once the match is over: a review shows every hidden tile.
The stored review is keyed by the match and the analysis depth; a finished match never changes.

The progress of a running review is a database row (``bones_review_jobs``) that its worker writes: the
database is what every web process and every worker share, with Redis or without (a local worker
process of ``bones serve`` writes the same row), so any web process answers the GET. A review job whose
row stops moving for a minute (its worker lost, its message gone) is asked for again by the next request
that finds it; done twice, it writes the same review.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter
from sqlalchemy import JSON, DateTime, Float, Integer, String, Text, delete
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from bones.bots.review import DEFAULT_DEPTH, review_game
from bones.record import Record
from bones.web.params import GameId, Player, Token
from bones.web.referee import Referee
from bones.web.schema import create_tables
from bones.web.security import StrictJSONRoute
from bones.web.storage import Store
from bones.web.table import Conflict

#: A worker writes its progress at most this often (seconds): a row per decision would be a write per search.
PROGRESS_EVERY = 0.5
#: A review whose row has not moved for this long (seconds) is taken for lost (its worker gone, its job dropped) and
#: asked for again: longer than a decision's search and than a wait in a queue of computers' moves.
STALE = 60.0

log = logging.getLogger(__name__)
#: What a player is told of a review that failed (never the exception: an SQL error is no words for them).
FAILED = "something went wrong while the game was analysed; try again later"


class ReviewBase(DeclarativeBase):
    pass


class ReviewRow(ReviewBase):
    __tablename__ = "bones_reviews"
    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    depth: Mapped[float] = mapped_column(Float, primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    made: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReviewJobRow(ReviewBase):
    """A review asked for and not yet kept: how far its worker is, or why it failed."""

    __tablename__ = "bones_review_jobs"
    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    depth: Mapped[float] = mapped_column(Float, primary_key=True)
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def _now() -> datetime:
    return datetime.now(UTC)


def _stored(session: Session, game_id: str, depth: float) -> dict[str, Any] | None:
    row = session.get(ReviewRow, (game_id, depth))
    return None if row is None else dict(row.review)


def _write(store: Store, row: ReviewRow | ReviewJobRow) -> None:
    """Write ``row`` over the one with its key; two writers at once (a job done twice, two processes asked at once)
    leave one."""
    for tries in range(2):
        try:
            with Session(store.engine) as session, session.begin():
                session.merge(row)
            return
        except IntegrityError:  # the other writer made the row first: written over now
            if tries:
                raise


def _progress(store: Store, game_id: str, depth: float, done: int, total: int, error: str | None = None) -> None:
    _write(store, ReviewJobRow(game_id=game_id, depth=depth, done=done, total=total, error=error, updated=_now()))


def review_and_keep(store: Store, game_id: str, depth: float) -> dict[str, Any] | None:
    """A worker's review job: the review of the stored match, kept with its progress; what it kept (None when it
    failed: its row says why). A review kept already is not made again."""
    with Session(store.engine) as session:
        if _stored(session, game_id, depth) is not None:
            _drop_progress(store, game_id, depth)
            return {"game": game_id}
    stored = store.load_game(game_id)
    if stored is None or stored.status != "finished":
        _progress(store, game_id, depth, 0, 0, "the match is not over")
        return None
    total = 0
    try:
        record = Record.from_dict(stored.record)
        total = len(record.moves)
        states = list(record.states())
        last = [time.monotonic()]

        def progress(done: int, total: int) -> None:
            if time.monotonic() - last[0] >= PROGRESS_EVERY:
                last[0] = time.monotonic()
                _progress(store, game_id, depth, done, total)

        _progress(store, game_id, depth, 0, total)
        review = review_game(states, depth, 0, progress).to_dict()
    except Exception:
        # The details go to the worker's log; the row, which the page shows, says it in players' words.
        log.exception("bones: the review of %s failed", game_id)
        _progress(store, game_id, depth, 0, total, FAILED)
        return None
    _write(store, ReviewRow(game_id=game_id, depth=depth, review=review, made=_now()))
    _drop_progress(store, game_id, depth)
    return {"game": game_id}


def _drop_progress(store: Store, game_id: str, depth: float) -> None:
    with Session(store.engine) as session, session.begin():
        session.execute(delete(ReviewJobRow).where(ReviewJobRow.game_id == game_id, ReviewJobRow.depth == depth))


class Reviews:
    """The reviews kept in the database and their progress, asked of the workers through ``ask`` (game id, depth)."""

    def __init__(self, store: Store, ask: Callable[[str, float], None], depth: float = DEFAULT_DEPTH) -> None:
        self.store = store
        self.ask = ask
        self.depth = depth
        self.stale = timedelta(seconds=STALE)
        create_tables(store.engine, ReviewBase.metadata)

    def status(self, game_id: str) -> dict[str, Any]:
        """``status``: none (never asked), running (``done`` of ``total`` moves), failed (``error``) or done
        (``review``). A running job whose row stopped moving is asked for again."""
        # The progress row read before the review: a worker keeps the review, then drops the row, so a row gone is a
        # review kept (reads are not one snapshot: each is its own).
        with Session(self.store.engine) as session:
            row = session.get(ReviewJobRow, (game_id, self.depth))
            progress = None if row is None else (row.done, row.total, row.error, row.updated)
            stored = _stored(session, game_id, self.depth)
        if stored is not None:
            return {"status": "done", "done": stored["moves"], "total": stored["moves"], "review": stored}
        if progress is None:
            return {"status": "none", "done": 0, "total": 0}
        done, total, error, updated = progress
        if error is not None:
            return {"status": "failed", "done": done, "total": total, "error": error}
        if _now() - _aware(updated) > self.stale:
            self.ask(game_id, self.depth)
        return {"status": "running", "done": done, "total": total}

    def start(self, game_id: str, record: Record) -> dict[str, Any]:
        """Asks for the review of ``record`` unless it is kept or under way (a failed one is tried again)."""
        with Session(self.store.engine) as session:
            row = session.get(ReviewJobRow, (game_id, self.depth))
            under_way = row is not None and row.error is None and _now() - _aware(row.updated) <= self.stale
            kept = _stored(session, game_id, self.depth) is not None
        if not kept and not under_way:
            _progress(self.store, game_id, self.depth, 0, len(record.moves))
            self.ask(game_id, self.depth)
        return self.status(game_id)


def _aware(moment: datetime) -> datetime:
    # SQLite gives back the time without its zone (it was written in UTC).
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def router(referee: Referee, reviews: Reviews) -> APIRouter:
    routes = APIRouter(tags=["review"], route_class=StrictJSONRoute)

    def finished(game_id: str, player: str, token: str | None) -> Record:
        table, _seat = referee.seat(game_id, player, token)
        if not table.state.is_over:
            raise Conflict("the review is available when the match is over")
        return table.record

    @routes.post("/api/games/{game_id}/review", status_code=202, summary="Start the review of a finished match")
    def start(game_id: GameId, player: Player, token: Token = None) -> dict[str, Any]:
        return reviews.start(game_id, finished(game_id, player, token))

    @routes.get("/api/games/{game_id}/review", summary="The review's progress, and the review once done")
    def status(game_id: GameId, player: Player, token: Token = None) -> dict[str, Any]:
        finished(game_id, player, token)
        return reviews.status(game_id)

    return routes
