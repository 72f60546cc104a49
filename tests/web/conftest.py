"""Fixtures of the web table tests: an API client, a throwaway PostgreSQL, a live server, a headless Chromium.

System packages come from Debian (installed here when missing, as root): the
browser is Debian's ``chromium`` driven by Python Playwright (never a browser
download), the database Debian's ``postgresql`` run as a throwaway cluster. In
CI (``CI`` set) a missing or broken one fails the tests instead of skipping.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

from bones.web.app import create_app  # noqa: E402
from bones.web.storage import Store  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
IN_CI = bool(os.environ.get("CI"))
# A hint request waits this long for its worker before answering 202 (10 s in production): a loaded test machine may
# take longer to start the first worker process, and a test that asks a hint wants the hint, not "ask again". The
# 202 itself is tested with a wait of 0 (test_web_search_jobs.py). Set here, servers started as processes inherit it.
os.environ.setdefault("BONES_HINT_WAIT", "90")


def unavailable(reason: str) -> None:
    """Fail in CI, where everything must run; skip on a developer machine that lacks it."""
    if IN_CI:
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


@contextlib.contextmanager
def apt_lock() -> Iterator[None]:
    # xdist workers may both want a package: one apt-get at a time.
    with open(os.path.join(tempfile.gettempdir(), "bones-apt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def apt_install(package: str, present: callable) -> str | None:  # type: ignore[valid-type]
    """Install a Debian package when ``present()`` is false; None when it worked, else why not."""
    if present():
        return None
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return f"{package} is missing and this user cannot apt-get install it"
    with apt_lock():
        if present():
            return None
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", package]):
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
            if done.returncode != 0:
                return f"{' '.join(command)} failed: {done.stderr.strip()[-500:]}"
    return None if present() else f"{package} installed, but it is still not usable"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# -- the API -------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A test server (the deal may be chosen) over a fresh SQLite file."""
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    with TestClient(create_app(store, allow_setup=True)) as test_client:
        yield test_client
    store.close()


# -- PostgreSQL ------------------------------------------------------------------


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster of Debian's package, run as a non-root user."""
    why = apt_install("postgresql", lambda: postgres_bin() is not None)
    if why:
        unavailable(f"PostgreSQL is needed for the storage tests: {why}")
    bindir = postgres_bin()
    assert bindir is not None
    data = Path(tempfile.mkdtemp(prefix="bones-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        # PostgreSQL refuses to run as root.
        shutil.chown(data, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    cluster = data / "cluster"
    initdb = subprocess.run(
        [*run_as, str(bindir / "initdb"), "-D", str(cluster), "-A", "trust", "-U", "bones", "--no-sync"],
        capture_output=True,
        text=True,
    )
    if initdb.returncode != 0:
        unavailable(f"initdb failed: {initdb.stderr.strip()[-500:]}")
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off"
    start = subprocess.run(
        [*run_as, str(bindir / "pg_ctl"), "-D", str(cluster), "-o", options, "-l", str(data / "log"), "-w", "start"],
        capture_output=True,
        text=True,
    )
    if start.returncode != 0:
        log = (data / "log").read_text() if (data / "log").exists() else ""
        unavailable(f"PostgreSQL did not start: {start.stderr.strip()[-300:]} {log[-500:]}")
    try:
        yield f"postgresql://bones@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*run_as, str(bindir / "pg_ctl"), "-D", str(cluster), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(data, ignore_errors=True)


# -- a live server and a browser -----------------------------------------------------


class LiveServer:
    def __init__(self, url: str, store: Store) -> None:
        self.url = url
        self.store = store


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    import uvicorn

    folder = tmp_path_factory.mktemp("live")
    store = Store(f"sqlite:///{folder / 'bones.sqlite3'}")
    port = free_port()
    config = uvicorn.Config(create_app(store, allow_setup=True), host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield LiveServer(f"http://127.0.0.1:{port}", store)
    server.should_exit = True
    thread.join(timeout=10)
    store.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    why = apt_install("chromium", CHROMIUM.exists)
    if why:
        unavailable(f"the browser tests need Debian's chromium: {why}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--disable-gpu", "--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# -- Redis -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A throwaway Redis server of Debian's package, on a free port, keeping nothing on disk."""
    why = apt_install("redis-server", lambda: shutil.which("redis-server") is not None)
    if why:
        unavailable(f"Redis is needed for the tests of several server processes: {why}")
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="bones-redis-"))
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                if probe.recv(16).startswith(b"+PONG"):
                    break
            if server.poll() is not None or time.monotonic() > deadline:
                unavailable(f"redis-server did not start (exit status {server.poll()})")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.kill()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
