"""The web side of the computers' thinking: a web process never searches, it asks a worker.

``Thinking.ask(job)`` hands a job (a move, a hint, a review: ``jobs.py``) to a worker and
returns at once. Asking twice for one job (two processes driving one live table, a page
stepping again while it waits) sends it once while a lease runs (``BONES_THINK_LEASE``
seconds, keyed by the job's ``key``: a move's table and move number); a job asked for again
after its lease is sent again, so a job lost on the way (a worker gone with it, a queue
emptied) is issued anew: the database applies its move once.

- ``QueueThinking`` (``BONES_REDIS_URL`` set): jobs go to Dramatiq's Redis queue
  (``jobs.py``), for ``bones worker`` processes on any machine; the lease is a Redis key,
  shared by every web process. The worker saves the move and publishes the table's event.
- ``LocalThinking`` (the embedded default, one server process over SQLite): jobs go to
  worker processes this server starts itself (a process pool shared by the apps of the
  process). Each does the same job as ``bones worker`` on the same database; this process
  then makes the saved move on its kept table (no search, no read) and tells the table's
  listeners (its events are in-process); it keeps a hint its worker found and tells the
  hint's asker.

``step_waiting`` lets a request wait for the worker's move, and ``hint_waiting`` for its
hint, without holding a thread.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from bones.web.events import ENV_REDIS, RESYNC, EventBus
from bones.web.jobs import Job, job_data, job_of, lease_key, send
from bones.web.limits import LRU

log = logging.getLogger(__name__)
ENV_LEASE = "BONES_THINK_LEASE"
ENV_THINKERS = "BONES_THINKERS"
LEASE = 20.0  # longer than a search, so a job still thought about is not asked for twice
THINKERS = 2
STEP_WAIT = 8.0  # seconds a step request waits for a worker's move before the page asks again
HINT_WAIT = 10.0  # seconds a hint request waits for a worker's hint before the page is told to ask again
ENV_HINT_WAIT = "BONES_HINT_WAIT"


def hint_wait() -> float:
    """``BONES_HINT_WAIT`` seconds, else ``HINT_WAIT`` (a loaded test machine starts a worker process in more)."""
    return float(os.environ.get(ENV_HINT_WAIT, "").strip() or HINT_WAIT)


RESUBMITS = 3  # a local job whose worker process died is given to a new one this many times


class Thinking(Protocol):
    def ask(self, job: Job, before: Callable[[], None] | None = None) -> None:
        """Send ``job`` unless it is held back by its lease; ``before`` is called just before it is sent (never when it
        is held back), and what it raises refuses the job (a hint over its asker's budget)."""
        ...

    def close(self) -> None: ...


def lease_seconds() -> float:
    return float(os.environ.get(ENV_LEASE, LEASE))


def thinkers() -> int:
    return max(1, int(os.environ.get(ENV_THINKERS, THINKERS)))


class QueueThinking:
    """Jobs on Dramatiq's Redis queue, each sent once per lease whichever web process asks."""

    def __init__(self, redis_url: str) -> None:
        import redis

        self.url = redis_url
        self._redis = redis.Redis.from_url(redis_url)
        self.lease = lease_seconds()

    def ask(self, job: Job, before: Callable[[], None] | None = None) -> None:
        if self._redis.set(lease_key(job), b"1", nx=True, px=int(self.lease * 1000)):
            try:
                if before is not None:
                    before()
                send(self.url, job)
            except BaseException:
                self._redis.delete(lease_key(job))
                raise

    def close(self) -> None:
        self._redis.close()


class LocalThinking:
    """Jobs done by this machine's worker processes on the same database; ``done`` is told of each job done (the job,
    and what it returned: the move saved, the hint found)."""

    def __init__(self, database_url: str, done: Callable[[Job, dict[str, Any]], None]) -> None:
        self.database_url = database_url
        self.done = done
        self.lease = lease_seconds()
        self._asked: LRU[str, float] = LRU(4096)
        self._lock = threading.Lock()

    def ask(self, job: Job, before: Callable[[], None] | None = None) -> None:
        now = time.monotonic()
        with self._lock:
            asked = self._asked.get(job.key)
            if asked is not None and now - asked < self.lease:
                return
            self._asked.put(job.key, now)
        try:
            if before is not None:
                before()
        except BaseException:
            with self._lock:
                self._asked.put(job.key, -self.lease)
            raise
        self._submit(job, RESUBMITS)

    def _submit(self, job: Job, tries: int) -> None:
        pool, future = _pool_for(job).submit(self.database_url, job_data(job))
        # Told on a thread of its own: a job done before it is asked for would run its callback in the asking thread,
        # which holds the table's lock that telling the move takes.
        future.add_done_callback(lambda finished: _TELLING.submit(self._finished, job, pool, finished, tries))

    def _finished(self, job: Job, pool: ProcessPoolExecutor, future: Future[dict[str, Any] | None], tries: int) -> None:
        try:
            saved = future.result()
        except BrokenProcessPool:
            # A worker process died (killed while thinking): the job runs again on a new one. Every job of the dead
            # pool lands here: the pool is replaced once, not once per job (each would shut down the one before).
            _pool_for(job).broken(pool)
            if tries > 0:
                self._submit(job, tries - 1)
            else:
                log.error("bones: the job %s broke %d worker processes: given up", job.key, RESUBMITS + 1)
                with self._lock:
                    self._asked.put(job.key, -self.lease)  # asked again, it is sent again
            return
        except Exception:
            log.exception("bones: the job %s failed", job.key)
            with self._lock:
                self._asked.put(job.key, -self.lease)  # asked again, it is sent again
            return
        if saved is None:
            # Refused (the table changed meanwhile: a seat set away at this move number): asked again, it is sent again,
            # not held back by its lease until the lease runs out (the table waited 20 s for its computer).
            with self._lock:
                self._asked.put(job.key, -self.lease)
        else:
            self.done(job, saved)

    def close(self) -> None:
        return None  # the pool is the process's, shut down as it exits


class _Pool:
    """This process's worker processes, made on first use (a server that never meets a computer starts none)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def submit(
        self, database_url: str, data: dict[str, Any]
    ) -> tuple[ProcessPoolExecutor, Future[dict[str, Any] | None]]:
        """The job given to the worker processes: the pool that took it, and its future."""
        with self._lock:
            if self._pool is None:
                # A fork server forks each worker from a clean process that imported bones once: forking this one,
                # with its threads, could copy a lock some thread holds.
                context = multiprocessing.get_context("forkserver")
                context.set_forkserver_preload(["bones.web.thinking"])
                self._pool = ProcessPoolExecutor(max_workers=thinkers(), mp_context=context)
            pool = self._pool
        try:
            return pool, pool.submit(work_locally, database_url, data)
        except BrokenProcessPool:
            self.broken(pool)
            return self.submit(database_url, data)

    def broken(self, pool: ProcessPoolExecutor) -> None:
        """``pool`` lost a process: replaced by a new one on the next job, unless it was replaced already."""
        with self._lock:
            if self._pool is not pool:
                return
            self._pool = None
        pool.shutdown(wait=False, cancel_futures=False)

    def shutdown(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_POOL = _Pool()
# Slow searches (a Crazy computer's, hints, reviews) have worker processes of their own, as they have a queue of their own with Redis:
# a quick move never waits behind them. Made on first use, like the other.
_SLOW_POOL = _Pool()


def _pool_for(job: Job) -> _Pool:
    return _SLOW_POOL if getattr(job, "slow", False) else _POOL


_TELLING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bones-thinking")
atexit.register(_POOL.shutdown)
atexit.register(_SLOW_POOL.shutdown)

# In a worker process: a referee per database, kept between jobs (its tables stay built).
_REFEREES: dict[str, Any] = {}


def work_locally(database_url: str, data: dict[str, Any]) -> dict[str, Any] | None:
    """A job in a local worker process (the same as ``bones worker`` does with a message)."""
    from bones.web.referee import Referee
    from bones.web.storage import Store

    referee = _REFEREES.get(database_url)
    if referee is None:
        referee = _REFEREES[database_url] = Referee(Store(database_url))
    return job_of(data).perform(referee)


def thinking_for(database_url: str, redis_url: str | None, done: Callable[[Job, dict[str, Any]], None]) -> Thinking:
    return QueueThinking(redis_url) if redis_url else LocalThinking(database_url, done)


def redis_from_env() -> str | None:
    return os.environ.get(ENV_REDIS, "").strip() or None


async def step_waiting(
    bus: EventBus,
    table_id: str,
    move_number: int,
    step: Callable[[], dict[str, Any]],
    view: Callable[[], dict[str, Any]],
    seconds: float = STEP_WAIT,
) -> dict[str, Any]:
    """``step``'s view; where it asked a worker for the move (the move number is the same), the view once the move is
    made, or as it is after ``seconds``. Listening starts first, so a quick worker's event is not missed."""
    async with bus.subscribe(table_id) as events:
        answer = await run_in_threadpool(step)
        if answer["move_number"] != move_number:
            return answer
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while True:
                    event = await events.get()
                    if event.move_number > move_number or event.kind == RESYNC:
                        break
    return await run_in_threadpool(view)


async def hint_waiting(
    bus: EventBus, channel: str, ask: Callable[[], dict[str, Any] | None], seconds: float | None = None
) -> dict[str, Any] | None:
    """``ask``'s answer; where it asked a worker (None), its answer again each time ``channel`` tells of a job done
    there, until it has one or ``seconds`` have passed (None then: the worker is still at it). Listening starts first,
    so a quick worker's event is not missed."""
    async with bus.subscribe(channel) as events:
        answer = await run_in_threadpool(ask)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(hint_wait() if seconds is None else seconds):
                while answer is None:
                    await events.get()
                    answer = await run_in_threadpool(ask)
    return answer
