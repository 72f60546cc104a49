"""``bones worker``: a process that plays the computers of every web process sharing its database and Redis, and
searches their hints and reviews.

It takes jobs (``jobs.py``) from Dramatiq's Redis queue, does them on the database, and
publishes each table's event on Redis, so every web process's players hear of the move;
a hint goes to the hints kept in Redis and its asker is told on Redis; a review and its
progress go to the database.
Run as many as there are cores to think with, on any machines that reach the database
and Redis. A worker killed at any moment loses nothing: the message of the job it was
doing stays unacknowledged in Redis and another worker takes it once the killed one's
heartbeats stop (``BONES_WORKER_HEARTBEAT_TIMEOUT``, 5 s by default); its move is saved
once, since the database takes one move per move number.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import threading
from typing import Annotated

import typer

QUICK_POLL_MS = 250
SLOW_POLL_MS = 1000  # Dramatiq's own


def run_worker(database: str | None, redis_url: str, threads: int = 1, stop_with_stdin: bool = False) -> None:
    """Take jobs until SIGTERM or SIGINT (or, with ``stop_with_stdin``, until standard input ends: the pipe from a
    parent that started this worker, closed when it ends, however it ends); the job under way is finished first (a
    kill loses nothing either)."""
    import dramatiq
    import redis

    from bones.web import jobs
    from bones.web.entries import all_games, available_levels
    from bones.web.events import Event, RedisBus
    from bones.web.limits import hints_from_env
    from bones.web.referee import Referee
    from bones.web.storage import Store

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(process)d %(message)s", stream=sys.stderr)
    logging.getLogger("dramatiq").setLevel(logging.WARNING)
    store = Store(database)
    # The hints it finds kept where the web processes look for them (the Redis this worker serves, named or not in the
    # environment).
    referee = Referee(store, hints=hints_from_env(redis_url))
    bus = RedisBus(redis_url)
    # A move's event carries it: the web processes keeping the table make it rather than read the stored match.
    referee.listeners.append(lambda table, number, kind: bus.publish(Event.told(table, number, kind, referee.move_at)))

    def told(job: jobs.Job, _done: object) -> None:
        event = jobs.hint_event(job)
        if event is not None:
            bus.publish(event)

    jobs.DONE.append(told)
    jobs.WORKER["referee"] = referee
    leases = redis.Redis.from_url(redis_url)

    def release(job: jobs.Job) -> None:
        leases.delete(jobs.lease_key(job))

    jobs.REFUSED.append(release)
    # A Dramatiq worker per queue, each with its own threads: a quick move is never behind a slow search, here or in
    # the queue (the searches share the core: a quick one still takes milliseconds beside a Crazy one).
    # An idle lane looks for a job at least every ``worker_timeout`` ms: the quick lane's computers are not kept waiting
    # for Dramatiq's second.
    lanes = [
        dramatiq.Worker(jobs.broker(redis_url), queues={queue}, worker_threads=threads, worker_timeout=timeout)
        for queue, timeout in ((jobs.QUEUE, QUICK_POLL_MS), (jobs.SLOW_QUEUE, SLOW_POLL_MS))
    ]
    for lane in lanes:
        # No job held back behind a search while another worker is idle (the delay queue's consumer keeps the heartbeats).
        lane.queue_prefetch = threads
    stop = threading.Event()
    for sign in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sign, lambda *_: stop.set())
    if stop_with_stdin:

        def watch_parent() -> None:
            sys.stdin.buffer.read()
            stop.set()

        threading.Thread(target=watch_parent, daemon=True).start()
    # The games and their players loaded now, not in the first job: a job waits only on its search.
    for game in all_games():
        available_levels(game)
    # The broker warns of the second lane's worker middleware, which is meant: each lane's takes its own queue only.
    broker_log = logging.getLogger("dramatiq.broker.RedisBroker")
    broker_log.setLevel(logging.ERROR)
    for lane in lanes:
        lane.start()
    broker_log.setLevel(logging.NOTSET)
    logging.getLogger(__name__).info("bones worker: taking jobs (%d threads a queue)", threads)
    stop.wait()
    for lane in lanes:
        lane.stop()
    # The events of the last moves saved are sent before the process ends (the outbox's thread is a daemon's).
    asyncio.run(bus.aclose())
    store.close()


def register(app: typer.Typer) -> None:
    @app.command()
    def worker(
        database: Annotated[
            str | None,
            typer.Option(help="database URL (default: $BONES_DATABASE_URL, else SQLite in your data directory)"),
        ] = None,
        redis: Annotated[
            str | None, typer.Option(help="Redis URL of the job queue (default: $BONES_REDIS_URL)")
        ] = None,
        threads: Annotated[
            int, typer.Option(min=1, help="jobs at once (searches share one core: run a worker per core instead)")
        ] = 1,
        stop_with_stdin: Annotated[
            bool, typer.Option(hidden=True, help="stop when standard input ends (a parent's pipe)")
        ] = False,
    ) -> None:
        """Play the computers' moves of the web tables that share this database and Redis, and search their hints and
        reviews."""
        try:
            import dramatiq  # noqa: F401 (the queue, asked for now to say what is missing in one line)

            from bones.web.events import ENV_REDIS
        except ImportError as missing:
            from bones.web.cli import web_extra_missing

            raise web_extra_missing(missing) from None

        url = redis or os.environ.get(ENV_REDIS, "").strip()
        if not url:
            raise typer.BadParameter("a worker takes its jobs from Redis: give --redis or $BONES_REDIS_URL")
        run_worker(database, url, threads, stop_with_stdin)
