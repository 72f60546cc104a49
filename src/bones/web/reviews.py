"""REVIEW at the web table: the review of a finished match (``bones.bots.review``), worked out in the
background and kept, so that a second look is instant.

``POST /api/games/{id}/review`` starts the job (or finds it running or done) and answers at once;
``GET /api/games/{id}/review`` gives its progress and, once done, the review as JSON. Only a player who
holds a seat of the match may ask, and only once the match is over: a review shows every hidden tile.
The stored review is keyed by the match and the analysis depth; a finished match never changes.

INTERIM: the job runs on a small thread pool of this web process, never inside a request, until the
worker processes of the web server (the ``workers`` branch: a job queue where computers think) land;
it then becomes a job of theirs, with the same routes and the same stored rows. Progress of a running
job is known to the process running it; the stored result is seen by every process.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header
from fastapi import Path as PathParam
from sqlalchemy import JSON, DateTime, Float, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from bones.bots.review import DEFAULT_DEPTH, review_game
from bones.record import Record
from bones.web.players import player_of
from bones.web.referee import Referee
from bones.web.security import StrictJSONRoute
from bones.web.storage import Store, create_tables
from bones.web.table import Conflict

#: Reviews worked out at once by one web process (each is CPU work for seconds).
WORKERS = 1


class ReviewBase(DeclarativeBase):
    pass


class ReviewRow(ReviewBase):
    __tablename__ = "bones_reviews"
    game_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    depth: Mapped[float] = mapped_column(Float, primary_key=True)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    made: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class Job:
    done: int = 0
    total: int = 0
    error: str | None = None


class Reviews:
    """The review jobs of one web process and the reviews kept in the database."""

    def __init__(self, store: Store, depth: float = DEFAULT_DEPTH, workers: int = WORKERS) -> None:
        self.store = store
        self.depth = depth
        create_tables(store.engine, ReviewBase.metadata)
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bones-review")
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _stored(self, game_id: str) -> dict[str, Any] | None:
        with Session(self.store.engine) as session:
            row = session.scalars(
                select(ReviewRow).where(ReviewRow.game_id == game_id, ReviewRow.depth == self.depth)
            ).first()
            return None if row is None else dict(row.review)

    def status(self, game_id: str) -> dict[str, Any]:
        """``status``: none (never asked), running (``done`` of ``total`` moves), failed (``error``) or done
        (``review``)."""
        stored = self._stored(game_id)
        if stored is not None:
            return {"status": "done", "done": stored["moves"], "total": stored["moves"], "review": stored}
        with self._lock:
            job = self._jobs.get(game_id)
        if job is None:
            return {"status": "none", "done": 0, "total": 0}
        if job.error is not None:
            return {"status": "failed", "done": job.done, "total": job.total, "error": job.error}
        return {"status": "running", "done": job.done, "total": job.total}

    def start(self, game_id: str, record: Record) -> dict[str, Any]:
        """Starts the review of ``record`` unless it is kept or under way (a failed one is tried again)."""
        if self._stored(game_id) is None:
            with self._lock:
                job = self._jobs.get(game_id)
                if job is None or job.error is not None:
                    job = self._jobs[game_id] = Job(total=len(record.moves))
                    self._pool.submit(self._run, game_id, record, job)
        return self.status(game_id)

    def _run(self, game_id: str, record: Record, job: Job) -> None:
        try:
            states = list(record.states())

            def progress(done: int, total: int) -> None:
                job.done, job.total = done, total

            review = review_game(states, self.depth, 0, progress).to_dict()
            with Session(self.store.engine) as session, session.begin():
                session.merge(ReviewRow(game_id=game_id, depth=self.depth, review=review, made=datetime.now(UTC)))
            with self._lock:
                self._jobs.pop(game_id, None)
        except Exception as error:  # a failed job is reported through its status, not lost with its thread
            job.error = str(error) or type(error).__name__


GameId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="the id of a match")]
Token = Annotated[str | None, Header(alias="X-Seat-Token", pattern=r"^[A-Za-z0-9_-]{0,64}$")]
Player = Annotated[str, Depends(player_of)]


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
