"""The lobby at N tables: the server time of making a table, taking a seat at it and starting it.

N hosts each make a public Kozel table (two computers, one seat open), another person takes
the open seat and the host starts it, one table after the other, with every table before it
still there (the started ones playing, the computers held back by a long pace so that only
the lobby's own work is timed). The app runs in this process (FastAPI's TestClient) on a
throwaway PostgreSQL server (``--database`` names another, ``sqlite:///FILE`` too); each
request is timed inside the app (from the ASGI call to its last byte sent: on a busy machine
that includes waiting for a core), and by the CPU time the process spent on it (the app's
threads and the test client's, which is the smaller share: the honest measure on a shared
machine).
Printed: the median and p95 milliseconds of each request over the last ``--last`` tables,
and of listing the open tables.

    nice python bench/lobby.py --tables 500
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from harness import percentile, postgres  # shared by the web benchmarks (this folder is on the path)

HOST = "X-Seat-Token"


class Timed:
    """The app, timing each request from the ASGI call to its end."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.last = 0.0

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        began = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            self.last = time.perf_counter() - began


def bench(database: str, tables: int, last: int, profile: str | None) -> None:
    os.environ["BONES_COMPUTER_PACE"] = "100000"  # the computers wait: only the lobby is timed
    os.environ.pop("BONES_REDIS_URL", None)
    from fastapi.testclient import TestClient

    from bones.web.app import create_app
    from bones.web.storage import Store

    store = Store(database)
    times: dict[str, list[float]] = {"make": [], "join": [], "start": [], "list": []}
    cpu: dict[str, list[float]] = {what: [] for what in times}
    profiler: subprocess.Popen[bytes] | None = None
    app = Timed(create_app(store))
    with TestClient(app) as host_client:  # type: ignore[arg-type]
        for number in range(tables):
            measured = number >= tables - last
            if measured and profile and profiler is None:
                # py-spy samples every thread of this process (the app answers from a thread pool).
                spy = Path(sys.executable).parent / "py-spy"
                command = [str(spy), "record", "--pid", str(os.getpid()), "--rate", "100", "--format", "raw"]
                profiler = subprocess.Popen([*command, "--output", profile], stdout=subprocess.DEVNULL)
            # A client per person: a cookie jar, a player of their own.
            with TestClient(app) as host, TestClient(app) as guest:
                host.portal = guest.portal = host_client.portal  # type: ignore[attr-defined]
                spent = {"make": time.process_time()}
                made = host.post("/api/lobby", json={"game": "kozel", "computers": [1, 2], "public": True})
                assert made.status_code == 201, made.text
                took = {"make": app.last}
                table = made.json()
                spent["join"] = time.process_time()
                joined = guest.post(f"/api/lobby/{table['id']}/seats", json={})
                assert joined.status_code == 201, joined.text
                took["join"] = app.last
                spent["start"] = time.process_time()
                started = host.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
                assert started.status_code == 200, started.text
                took["start"] = app.last
                spent["list"] = time.process_time()
                listed = host.get("/api/lobby")
                assert listed.status_code == 200
                took["list"] = app.last
                spent["end"] = time.process_time()
            if measured:
                for what, seconds in took.items():
                    times[what].append(seconds)
                marks = list(spent.values())
                for what, (began, ended) in zip(times, itertools.pairwise(marks), strict=True):
                    cpu[what].append(ended - began)
    store.close()
    if profiler is not None:
        profiler.send_signal(signal.SIGINT)  # py-spy writes its file when interrupted
        profiler.wait(timeout=60)
    load = os.getloadavg()[0]
    print(f"tables={tables} (the last {last} timed) load={load:.1f} database={database.split(':')[0]}")
    for what, values in times.items():
        print(
            f"    {what:5s} in the app: median={statistics.median(values) * 1000:.1f}ms "
            f"p95={percentile(values, 0.95) * 1000:.1f}ms max={max(values) * 1000:.1f}ms; "
            f"cpu: median={statistics.median(cpu[what]) * 1000:.1f}ms p95={percentile(cpu[what], 0.95) * 1000:.1f}ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--last", type=int, default=50, help="the tables timed: the last ones made")
    parser.add_argument("--database", help="a database URL (default: a throwaway PostgreSQL server)")
    parser.add_argument("--profile", metavar="FILE", help="py-spy's collapsed stacks of the timed tables into FILE")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        database = args.database or stack.enter_context(postgres()).url
        bench(database, args.tables, args.last, args.profile)


if __name__ == "__main__":
    main()
