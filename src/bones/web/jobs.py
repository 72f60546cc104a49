"""The work that web processes hand to workers: a small job interface, and the queue that carries jobs over Redis.

A job is plain data (its kind and a few fields) that any worker on any machine can do
from the database alone: a dataclass with ``kind``, ``key`` and ``perform``, listed in
``KINDS``. The kinds:

- ``move``: "this seat of this table must move at this move number". The worker saves the
  move; the table's event tells its players.
- ``hint``: "the hint for this seat in this position". The worker keeps it in the hints
  found (Redis where there is Redis; else the asking process keeps what its local worker
  returns) and tells the asker on the bus (``hint_event``), who is waiting for it.
- ``review``: "the review of this finished match at this depth". The worker keeps its
  progress and then the review in the database (``reviews.py``), where every web process
  reads them.

A job may run more than once (a worker killed while thinking has its message given to
another; a lost job is asked for again), so doing it twice must do no harm: a move job
names the move number it thinks for, and the database refuses a second move at that
number (``Store.save_game`` writes only over the move number it started from); a hint is
the same hint again (its search is seeded by the position), written over itself; a review
done already is not done again, and one done twice writes the same row.

The queue is Dramatiq's Redis broker: a message stays in Redis until the worker that
took it acknowledges it after the job, and the messages of a worker whose heartbeats
stop are put back in the queue by the other workers (``heartbeat_timeout``).
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Protocol

from bones.web import reviews
from bones.web.events import Event
from bones.web.referee import Referee
from bones.web.table import TableError

log = logging.getLogger(__name__)

# Two queues, so that a quick move never waits behind a slow search: a Crazy computer searches about a second, the
# others a few milliseconds, and with one queue the tables of quick computers waited behind the Crazy ones' searches.
# Every worker takes both, each with threads of its own (``bones worker``).
QUEUE = "bones-thinking"
ACTOR = "bones_job"
SLOW_QUEUE = "bones-thinking-slow"
SLOW_ACTOR = "bones_job_slow"
QUEUES = (QUEUE, SLOW_QUEUE)
QUICK_LEVELS = frozenset({"easy", "normal", "hard"})  # a level of a plugin is taken for slow until it says otherwise
# A worker whose heartbeats stop for this long is taken for dead: its unacknowledged jobs go back in the queue. A
# worker beats while it searches (its delay queue's consumer polls Redis every second), so this needs only to outlast
# a pause of the machine.
ENV_HEARTBEAT_TIMEOUT = "BONES_WORKER_HEARTBEAT_TIMEOUT"
HEARTBEAT_TIMEOUT = 5.0
# Out of a million Redis commands, how many also look for dead workers and put their jobs back: all of them. The look
# is one small read (the heartbeats of a few workers), and a worker's idle poll each second is what finds a dead one.
MAINTENANCE_CHANCE = 1_000_000


class Job(Protocol):
    kind: ClassVar[str]

    @property
    def key(self) -> str:
        """What makes two jobs the same job (asked twice, it is done once)."""
        ...

    def perform(self, referee: Referee) -> dict[str, Any] | None:
        """Do the job on a referee that searches itself (a worker's); what it saved, if anything (JSON data)."""
        ...


@dataclass(frozen=True)
class MoveJob:
    """A computer (or a computer playing for an absent person) must move at ``move_number``."""

    kind: ClassVar[str] = "move"
    table: str
    move_number: int
    seat: int
    level: str = ""  # the level that searches (the seat's, as the table plays it): it picks the job's queue

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.table}:{self.move_number}"

    @property
    def slow(self) -> bool:
        """Whether the search may take long (a Crazy computer's): the job goes to the slow queue."""
        return bool(self.level) and self.level not in QUICK_LEVELS

    def perform(self, referee: Referee) -> dict[str, Any] | None:
        try:
            # The referee reads the table as stored (only to rebuild its state) and saves the move only over
            # ``move_number``: a move made meanwhile, by this job's earlier run or by anyone, refuses this one.
            table = referee.drive(self.table, self.move_number, self.seat)
        except TableError as refused:
            log.info("bones worker: %s not moved: %s", self.key, refused.message)
            return None
        return {"move_number": table.move_number, "move": str(table.state.moves[-1])}


@dataclass(frozen=True)
class HintJob:
    """The hint for ``seat`` of a table at ``move_number``, the moves made so far being ``played`` (their digest:
    where moves may be taken back, one move number can be another position)."""

    kind: ClassVar[str] = "hint"
    slow: ClassVar[bool] = True  # the analysis of every move: a second's search, not behind a quick move nor before
    table: str
    move_number: int
    seat: int
    played: str

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.table}:{self.played}:{self.move_number}:{self.seat}"

    def perform(self, referee: Referee) -> dict[str, Any] | None:
        # None: the position is gone (a move made meanwhile, the table abandoned); the asker's next request is for the
        # position now.
        try:
            return referee.search_hint(self.table, self.move_number, self.seat, self.played)
        except TableError as refused:
            log.info("bones worker: %s not searched: %s", self.key, refused.message)
            return None


@dataclass(frozen=True)
class ReviewJob:
    """The review of the finished match ``game`` at ``depth``, kept in the database with its progress."""

    kind: ClassVar[str] = "review"
    slow: ClassVar[bool] = True  # seconds of searches: a computer's quick move never waits behind one
    game: str
    depth: float

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.game}:{self.depth}"

    def perform(self, referee: Referee) -> dict[str, Any] | None:
        # None: it failed (why is in its progress row), so that asking again sends it again at once.
        return reviews.review_and_keep(referee.store, self.game, self.depth)


KINDS: dict[str, type[MoveJob] | type[HintJob] | type[ReviewJob]] = {
    kind.kind: kind for kind in (MoveJob, HintJob, ReviewJob)
}


def hints_channel(table_id: str) -> str:
    """The bus channel where the hints found at a table are told (no table's own: its players never hear them)."""
    return f"hints:{table_id}"


def hint_event(job: Job) -> Event | None:
    """What tells a request waiting for ``job`` that it is done: a hint's; a move is told by its table's own event,
    and a review's progress is read from the database."""
    return Event(hints_channel(job.table), job.move_number, "hint") if isinstance(job, HintJob) else None


def job_data(job: Job) -> dict[str, Any]:
    return {"kind": job.kind, **asdict(job)}  # type: ignore[call-overload]


def job_of(data: Mapping[str, Any]) -> Job:
    fields = dict(data)
    kind = KINDS[str(fields.pop("kind"))]
    return kind(**fields)


def heartbeat_timeout() -> float:
    return float(os.environ.get(ENV_HEARTBEAT_TIMEOUT, HEARTBEAT_TIMEOUT))


@functools.cache
def broker(redis_url: str) -> Any:
    """The Dramatiq broker of ``redis_url`` with the one actor every job goes through (declared here, so senders and
    workers agree on it)."""
    import dramatiq
    from dramatiq.brokers.redis import RedisBroker

    queue = RedisBroker(
        url=redis_url,
        namespace="bones-jobs",
        heartbeat_timeout=int(heartbeat_timeout() * 1000),
        maintenance_chance=MAINTENANCE_CHANCE,
    )
    # A job raises only when the database is away: tried again a few times, soon; a refused move returns quietly.
    for actor, queue_name in ((ACTOR, QUEUE), (SLOW_ACTOR, SLOW_QUEUE)):
        dramatiq.actor(actor_name=actor, queue_name=queue_name, broker=queue, max_retries=5, min_backoff=200)(
            _perform_message
        )
    return queue


def lease_key(job: Job) -> str:
    """The Redis key that holds a job back while it is thought about (``thinking.QueueThinking``)."""
    return f"bones:asked:{job.key}"


def send(redis_url: str, job: Job) -> None:
    queue = broker(redis_url)
    queue.get_actor(SLOW_ACTOR if getattr(job, "slow", False) else ACTOR).send(job_data(job))


# The worker process's referee, set by ``bones worker`` before it takes jobs.
WORKER: dict[str, Referee] = {}
# Told of a job done (the job, and what it returned): ``bones worker`` publishes its ``hint_event``.
DONE: list[Callable[[Job, dict[str, Any]], None]] = []
# Told of a job its worker refused (the table changed meanwhile): ``bones worker`` releases the job's lease, so that the
# web process asking again sends it again at once, not when the lease runs out.
REFUSED: list[Callable[[Job], None]] = []


def _perform_message(data: dict[str, Any]) -> None:
    job = job_of(data)
    log.info("bones worker: thinking for %s", job.key)
    done = job.perform(WORKER["referee"])
    if done is None:
        for refused in REFUSED:
            refused(job)
        return
    if isinstance(job, MoveJob):
        log.info("bones worker: %s saved move %d", job.key, done["move_number"])
    else:
        log.info("bones worker: %s done", job.key)
    for told in DONE:
        told(job, done)
