"""A web process asks its local worker processes for a computer's move once per lease, and again once the job is
refused."""

from __future__ import annotations

from concurrent.futures import Future
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

    def submit(_database_url: str, _data: dict[str, Any]) -> Future[dict[str, Any] | None]:
        sent.append(Future())
        return sent[-1]

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
