"""A web process asks its local worker processes for a computer's move once per lease, and again once the job is
refused."""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from bones.web import thinking
from bones.web.jobs import MoveJob
from bones.web.thinking import LocalThinking


def test_a_job_is_sent_once_while_thought_about_and_again_once_its_worker_refused_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A refused job (the table changed under the worker: a seat set away at that move number) kept its lease, so
    # the driver's asking again was held back for 20 s and the table waited for its computer.
    sent: list[Future[dict[str, Any] | None]] = []

    def submit(_database_url: str, _data: dict[str, Any]) -> tuple[Any, Future[dict[str, Any] | None]]:
        sent.append(Future())
        return None, sent[-1]

    monkeypatch.setattr(thinking._POOL, "submit", submit)
    local = LocalThinking("sqlite://", done=lambda job, move: None)
    job = MoveJob("table", 3, 1)
    local.ask(job)
    local.ask(job)
    assert len(sent) == 1  # still thought about: not sent twice
    sent[0].set_result(None)  # the worker refused it
    thinking._TELLING.submit(lambda: None).result()  # the refusal has been told (one thread tells them in turn)
    local.ask(job)
    assert len(sent) == 2


def test_a_dead_worker_process_replaces_its_pool_once_though_many_jobs_were_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Each job of a pool whose process died is told so: each replaced the pool, shutting down the new one that the
    # job before had just been given to (up to a pool per waiting table: a search each, on two cores).
    shut: list[object] = []

    class Pool:
        def shutdown(self, **_: Any) -> None:
            shut.append(self)

    pools = [Pool(), Pool()]
    made: list[object] = []
    sent: list[Future[dict[str, Any] | None]] = []

    class Pools(thinking._Pool):
        def submit(self, _database_url: str, _data: dict[str, Any]) -> tuple[Any, Future[dict[str, Any] | None]]:
            with self._lock:
                if self._pool is None:
                    self._pool = pools[len(made)]  # type: ignore[assignment]
                    made.append(self._pool)
                pool = self._pool
            sent.append(Future())
            return pool, sent[-1]

    monkeypatch.setattr(thinking, "_POOL", Pools())
    local = LocalThinking("sqlite://", done=lambda job, move: None)
    for number in range(3):
        local.ask(MoveJob("table", number, 1))
    for future in sent[:3]:
        future.set_exception(BrokenProcessPool("a worker process died"))
    thinking._TELLING.submit(lambda: None).result()
    assert made == pools  # one new pool for the three jobs
    assert len(sent) == 6 and shut == pools[:1]
