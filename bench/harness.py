"""What the web benchmarks share (``load.py``, ``lobby.py``, ``soak.py``): throwaway PostgreSQL and Redis servers
(Debian's packages), ``bones`` processes started and stopped with a block, and what a process costs, read from
``/proc`` (CPU seconds of a process and of everything it started, resident memory)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

BONES = Path(sys.executable).parent / "bones"


@dataclass(frozen=True)
class Throwaway:
    """A server started for the benchmark: its URL, and the process whose tree is its CPU."""

    url: str
    pid: int


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres() -> Iterator[Throwaway]:
    """A PostgreSQL cluster of its own (no fsync: the benchmark measures the server, not the disk), removed after."""
    bindir = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))[-1].parent
    data = Path(tempfile.mkdtemp(prefix="bones-bench-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port, cluster = free_port(), data / "cluster"
    subprocess.run([*run_as, str(bindir / "initdb"), "-D", str(cluster), "-A", "trust", "-U", "bones", "--no-sync"],
                   check=True, capture_output=True)  # fmt: skip
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400"
    subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(cluster), "-o", options, "-l", str(data / "log"),
                    "-w", "start"], check=True, capture_output=True)  # fmt: skip
    try:
        pid = int((cluster / "postmaster.pid").read_text().split()[0])
        yield Throwaway(f"postgresql://bones@127.0.0.1:{port}/postgres", pid)
    finally:
        subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(cluster), "-m", "immediate", "stop"],
                       capture_output=True)  # fmt: skip
        shutil.rmtree(data, ignore_errors=True)


def fresh_database(url: str, name: str) -> str:
    """A new, empty database on the server of ``url`` (a run's tables apart from the run before)."""
    from sqlalchemy import create_engine, text

    from bones.web.storage import _driver_url

    engine = create_engine(_driver_url(url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return url.rpartition("/")[0] + "/" + name


def scalar(database: str, query: str) -> float:
    """One number from the database (a count)."""
    from sqlalchemy import create_engine, text

    from bones.web.storage import _driver_url

    engine = create_engine(_driver_url(database))
    try:
        with engine.connect() as connection:
            return float(connection.execute(text(query)).scalar_one())
    finally:
        engine.dispose()


@contextlib.contextmanager
def redis() -> Iterator[Throwaway]:
    port = free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no"], stdout=subprocess.DEVNULL)  # fmt: skip
    try:
        time.sleep(0.5)
        yield Throwaway(f"redis://127.0.0.1:{port}/0", server.pid)
    finally:
        server.kill()
        server.wait()


def flush(redis_url: str) -> None:
    import redis as client

    with client.Redis.from_url(redis_url) as connection:
        connection.flushdb()


@contextlib.contextmanager
def started(command: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A process for the time of the block, its output in ``log``; stopped after, with whatever it started."""
    with open(log, "w") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=out)
    try:
        yield process
    finally:
        children = descendants(process.pid)
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for pid in children:  # a child left behind would take the next run's work
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def wait_up(url: str, process: subprocess.Popen[bytes], seconds: float = 180) -> None:
    """Until the web server answers (a busy machine takes a while to import FastAPI)."""
    deadline = time.monotonic() + seconds
    while True:
        with contextlib.suppress(httpx.TransportError):
            if httpx.get(url + "/api/catalog", timeout=5).status_code == 200:
                return
        if time.monotonic() > deadline or process.poll() is not None:
            raise RuntimeError(f"{url} did not start")
        time.sleep(0.2)


def log_errors(logs: Path) -> list[str]:
    """The lines of the servers' logs (``*.log``) that tell of an error."""
    errors = []
    for log in sorted(logs.glob("*.log")):
        for line in log.read_text(errors="replace").splitlines():
            if any(word in line for word in ("Traceback", "ERROR", "Error:", "Exception")):
                errors.append(f"{log.name}: {line.strip()[:160]}")
    return errors


def descendants(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                parent = int((entry / "stat").read_text().rpartition(")")[2].split()[1])
                children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def cpu_seconds(pids: Iterable[int]) -> float:
    """User and system CPU time these processes have used so far, with that of their children that ended."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            total += sum(int(f) for f in fields[11:15]) / ticks  # utime, stime, cutime, cstime
    return total


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and of all it started (the ended ones are in their parent's children's time)."""
    return cpu_seconds([pid, *descendants(pid)])


def rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@contextlib.contextmanager
def profiled(pids: list[int], folder: str | None, label: str) -> Iterator[None]:
    """py-spy samples each process meanwhile, the threads holding the GIL (Python running, not waiting): the
    collapsed stacks in ``FOLDER/LABEL-PID.txt``."""
    if not folder:
        yield
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    spy = str(Path(sys.executable).parent / "py-spy")
    command = [
        spy,
        "record",
        "--rate",
        os.environ.get("BONES_SPY_RATE", "50"),
        "--nonblocking",
        "--gil",
        "--format",
        "raw",
    ]
    recorders = [
        subprocess.Popen(
            [*command, "--pid", str(pid), "--output", f"{folder}/{label}-{pid}.txt"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for pid in pids
    ]
    try:
        yield
    finally:
        for recorder in recorders:
            recorder.send_signal(signal.SIGINT)  # py-spy writes its file when interrupted
        for recorder in recorders:
            recorder.wait(timeout=60)
