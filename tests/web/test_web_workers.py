"""The computers think on ``bones worker`` processes: a worker killed while thinking loses nothing, and two web
processes with two workers play a table of people."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from bones.web import jobs
from bones.web.jobs import MoveJob
from bones.web.referee import Referee
from bones.web.storage import Store
from bones.web.table import COMPUTER, HUMAN
from tests.web.conftest import free_port
from tests.web.live_players import NetSocket, Player, in_threads
from tests.web.test_web_processes import BONES, HOST, new_table, serving, socket_url, tail

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
HEARTBEAT_TIMEOUT = "2"  # seconds without a heartbeat before a worker's jobs go to another


@contextmanager
def working(database: str, redis: str, count: int = 2) -> Iterator[list[tuple[subprocess.Popen[bytes], Path]]]:
    """``count`` ``bones worker`` processes, started together, each ready to take jobs; yields each with its log."""
    env = dict(os.environ, BONES_WORKER_HEARTBEAT_TIMEOUT=HEARTBEAT_TIMEOUT)
    started = []
    for _ in range(count):
        log = Path(tempfile.mkstemp(prefix="bones-worker-", suffix=".log")[1])
        with log.open("wb") as out:
            command = [str(BONES), "worker", "--database", database, "--redis", redis]
            started.append((subprocess.Popen(command, env=env, stdout=out, stderr=out), log))
    try:
        for _worker, log in started:
            until(lambda log=log: "taking jobs" in log.read_text(), 120, lambda log=log: f"not started: {tail(log)}")
        yield started
    finally:
        for worker, _log in started:
            if worker.poll() is None:
                worker.terminate()
        for worker, log in started:
            try:
                worker.wait(timeout=15)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
            log.unlink(missing_ok=True)


def until(done: Callable[[], bool], seconds: float, why: Callable[[], str]) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, why()
        time.sleep(0.02)


def crazy_table(referee: Referee, seed: int) -> MoveJob:
    """A Kozel table whose next move is a Crazy computer's, a search of about a second: the job of that move."""
    seats = [{"kind": HUMAN, "name": "Ann"}] + [
        {"kind": COMPUTER, "name": f"C{n}", "level": "crazy"} for n in (1, 2, 3)
    ]
    player = f"ann-{seed}"  # one player each: a new solo table gives up the same player's last one
    table = referee.create("kozel", "crazy", seed=seed, seats=seats, player=player)
    while not (table.needs_search() and len(table.state.legal_moves) > 2):
        if table.state.to_move == 0:
            referee.play(table.id, player, table.seats[0].token, str(table.state.legal_moves[0]), table.move_number)
            table = referee.get(table.id)
        else:
            table = referee.drive(table.id, table.move_number)
    to_move = table.state.to_move
    assert to_move is not None
    return MoveJob(table.id, table.move_number, to_move)


def test_a_worker_killed_while_thinking_loses_no_move_and_its_move_is_made_once(
    redis_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BONES_WORKER_HEARTBEAT_TIMEOUT", HEARTBEAT_TIMEOUT)
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    store = Store(database)
    referee = Referee(store, allow_setup=True)  # the test's own: it searches itself to set the tables up
    job = crazy_table(referee, 7)
    with working(database, redis_url) as [(first, first_log), (second, second_log)]:
        # Each worker takes one job at a time: the one that takes this job is killed in the middle of its search.
        jobs.send(redis_url, job)
        logs = {first.pid: first_log, second.pid: second_log}

        def thinking() -> int | None:
            return next((pid for pid, log in logs.items() if f"thinking for {job.key}" in log.read_text()), None)

        until(lambda: thinking() is not None, 60, lambda: "no worker took the job")
        victim = thinking()
        assert victim is not None
        os.kill(victim, signal.SIGKILL)
        killed = time.monotonic()
        survivor, survivor_log = (second, second_log) if victim == first.pid else (first, first_log)
        assert store.head(job.table) is not None
        assert store.head(job.table)[0] == job.move_number, "the move was saved before the kill"

        def moved() -> bool:
            head = store.head(job.table)
            return head is not None and head[0] > job.move_number

        until(moved, 60, lambda: tail(survivor_log))
        print(f"the killed worker's move was saved {time.monotonic() - killed:.1f} s after the kill")
        time.sleep(1)  # what might come twice has the time to
        stored = store.load_game(job.table)
        assert stored is not None and stored.move_number == job.move_number + 1
        assert len(stored.record["moves"]) == job.move_number + 1
        survived = survivor_log.read_text()
        assert survived.count(f"thinking for {job.key}") == 1  # the job ran again, on the survivor
        assert len(re.findall(rf"{job.key} saved move", survived)) == 1
        assert survivor.poll() is None
    store.close()


def test_two_people_on_two_web_processes_with_two_workers_play_a_kozel_hand(postgres_url: str, redis_url: str) -> None:
    with (
        working(postgres_url, redis_url) as [(_first, first_log), (_second, second_log)],
        # No worker of their own: every computer's move is one of the two workers'.
        serving(postgres_url, redis_url, "--thinkers", "0") as first,
        serving(postgres_url, redis_url, "--thinkers", "0") as second,
        httpx.Client() as ann_client,
        httpx.Client() as bob_client,
    ):
        table = new_table(ann_client, first, computers=[1, 3])
        joined = bob_client.post(f"{second}/api/lobby/{table['id']}/seats", json={"name": "Bob"}, timeout=10)
        assert joined.status_code == 201, joined.text
        ann = Player(NetSocket(socket_url(first, table["id"]), ann_client.cookies), table["token"])
        bob = Player(NetSocket(socket_url(second, table["id"]), bob_client.cookies), joined.json()["token"])
        ann.hello()
        bob.hello()
        bob.until(lambda p: p.lobby is not None)
        started = ann_client.post(f"{first}/api/lobby/{table['id']}/start", headers={HOST: table["token"]}, timeout=10)
        assert started.status_code == 200, started.text

        def hand_over(player: Player) -> Callable[[], None]:
            def ended(p: Player) -> bool:
                return p.view is not None and (p.view["status"] in ("sheet", "over") or p.view["hand_no"] >= 2)

            return lambda: player.until(ended, timeout=100)

        in_threads(hand_over(ann), hand_over(bob), timeout=110)
        assert ann.view is not None and bob.view is not None
        end = min(ann.view["move_number"], bob.view["move_number"])
        for player in (ann, bob):
            heard = [n for n in player.heard if n <= end]
            assert heard == list(range(1, end + 1)), f"seat {player.seat} missed or doubled a move event"
        store = Store(postgres_url)
        try:
            stored = store.load_game(table["id"])
            assert stored is not None
            moves = stored.record["moves"]
        finally:
            store.close()
        # Every computer's choice was a worker's, each saved once.
        saved = re.findall(rf"move:{table['id']}:\d+ saved move (\d+)", first_log.read_text() + second_log.read_text())
        assert len(saved) == len(set(saved)) >= 4
        assert all(int(number) <= len(moves) for number in saved)
        for player in (ann, bob):
            player.socket.close()


def test_a_job_its_worker_refuses_is_no_longer_held_back_by_its_lease(
    redis_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A job refused (the table changed under it: a seat set away at that move number) kept its lease, so the web
    # processes asking again sent nothing for 20 s and the table waited for its computer.
    import redis

    from bones.web.thinking import QueueThinking

    monkeypatch.setenv("BONES_WORKER_HEARTBEAT_TIMEOUT", HEARTBEAT_TIMEOUT)
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    store = Store(database)
    asked = crazy_table(Referee(store, allow_setup=True), 11)
    stale = MoveJob(asked.table, asked.move_number + 1, asked.seat)  # not the table's move number: refused
    client = redis.Redis.from_url(redis_url)
    with working(database, redis_url, count=1) as [(_worker, log)]:
        QueueThinking(redis_url).ask(stale)
        until(lambda: f"{stale.key} not moved" in log.read_text(), 60, lambda: tail(log))
        until(lambda: client.exists(jobs.lease_key(stale)) == 0, 10, lambda: "the refused job's lease is still held")
    client.close()
    store.close()


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc: the tests run on Linux)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def started_workers(pid: int) -> set[int]:
    """The children of ``pid`` that have become ``bones worker``: until its exec a child forked by
    ``subprocess.Popen`` still shows its parent's arguments (the server's, database URL and all), so a child is
    a worker only once its own arguments say so."""
    found = set()
    for child in children(pid):
        try:
            arguments = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"worker" in arguments:
            found.add(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def answers(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=2).status_code == 200
    except httpx.TransportError:
        return False


def test_a_fork_not_yet_become_a_worker_is_not_taken_for_one() -> None:
    """CI (stop 34) read a worker's arguments between its fork and its exec, found the server's database URL there
    and failed the test below: a fork that has not yet become a worker must not be counted as one."""
    becomes_worker_late = (
        "import os, sys, time\n"
        "if os.fork() == 0:\n"
        "    time.sleep(2)\n"
        "    os.execv(sys.executable, [sys.executable, '-c', 'import time; time.sleep(30)', 'worker'])\n"
        "os.wait()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", becomes_worker_late, "--database", "postgresql://secret@db/x"])
    try:
        until(lambda: len(children(parent.pid)) == 1, 10, lambda: "no fork")
        [fork] = children(parent.pid)
        assert b"postgresql://secret@db/x" in Path(f"/proc/{fork}/cmdline").read_bytes()  # the parent's, until exec
        assert started_workers(parent.pid) == set()
        until(lambda: started_workers(parent.pid) == {fork}, 20, lambda: "the fork never became a worker")
        assert b"postgresql" not in Path(f"/proc/{fork}/cmdline").read_bytes()
    finally:
        for pid in children(parent.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        parent.kill()
        parent.wait()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL], ids=["terminated", "killed"])
def test_the_workers_bones_serve_starts_stop_with_it(postgres_url: str, redis_url: str, stop: signal.Signals) -> None:
    """Left running, a server's workers would take the jobs of every later server on that Redis, for a database it
    may no longer use."""
    port = free_port()
    command = [str(BONES), "serve", "--no-browser", "--port", str(port), "--database", postgres_url]
    log = Path(tempfile.mkstemp(prefix="bones-serve-", suffix=".log")[1])
    with log.open("wb") as out:
        server = subprocess.Popen([*command, "--redis", redis_url, "--thinkers", "2"], stdout=out, stderr=out)
    workers: set[int] = set()
    try:
        until(lambda: len(started_workers(server.pid)) == 2, 60, lambda: f"no workers: {tail(log)}")
        workers = started_workers(server.pid)
        for pid in workers:
            # Their database and Redis come by the environment: a password in the arguments is in everyone's `ps`.
            arguments = Path(f"/proc/{pid}/cmdline").read_bytes().decode()
            assert postgres_url not in arguments and redis_url not in arguments, arguments
        until(lambda: answers(port), 180, lambda: f"not serving: {tail(log)}")
        server.send_signal(stop)
        server.wait(timeout=30)
        until(lambda: not any(alive(pid) for pid in workers), 60, lambda: f"workers left running: {tail(log)}")
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        log.unlink(missing_ok=True)
