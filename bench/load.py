"""Load on the live web table: N people, each at a Kozel table with three Normal computers, over WebSockets.

Each simulated person makes a move 2 s after it becomes their turn (and closes each
hand sheet after 2 s), as a person plays. The servers are ``bones serve`` processes
(1 and 2 by default) on one PostgreSQL and one Redis, which this script starts as
throwaway servers (Debian's packages) unless ``--database``/``--redis`` name some.
Printed per configuration: the time from a person's move to their view of it
(p50/p95/p99), moves lost or applied twice (each acknowledged move checked in the
database record; each seat's move events checked for gaps and repeats), and the
resident memory of the server processes.

    nice python bench/load.py --people 10 100 --processes 1 2 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import jsonpatch
from websockets.asyncio.client import connect

from bones.record import Record
from bones.web.storage import Store, _driver_url

BONES = Path(sys.executable).parent / "bones"
THINK = 2.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    bindir = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))[-1].parent
    data = Path(tempfile.mkdtemp(prefix="bones-load-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port, cluster = free_port(), data / "cluster"
    subprocess.run([*run_as, str(bindir / "initdb"), "-D", str(cluster), "-A", "trust", "-U", "bones", "--no-sync"],
                   check=True, capture_output=True)  # fmt: skip
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300"
    subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(cluster), "-o", options, "-l", str(data / "log"),
                    "-w", "start"], check=True, capture_output=True)  # fmt: skip
    try:
        yield f"postgresql://bones@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*run_as, str(bindir / "pg_ctl"), "-D", str(cluster), "-m", "immediate", "stop"],
                       capture_output=True)  # fmt: skip
        shutil.rmtree(data, ignore_errors=True)


@contextlib.contextmanager
def redis() -> Iterator[str]:
    port = free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--appendonly", "no"], stdout=subprocess.DEVNULL)  # fmt: skip
    try:
        time.sleep(0.5)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.kill()
        server.wait()


@contextlib.contextmanager
def servers(count: int, database: str, redis_url: str, pace: float) -> Iterator[list[tuple[str, int]]]:
    env = dict(os.environ, BONES_COMPUTER_PACE=str(pace), BONES_HEARTBEAT="5", BONES_SECRET="the-load-bench")
    started = []
    for _ in range(count):
        port = free_port()
        command = [str(BONES), "serve", "--no-browser", "--port", str(port), "--database", database]
        log = open(Path(tempfile.gettempdir()) / f"bones-load-{port}.log", "w")  # noqa: SIM115 - the server's life long
        process = subprocess.Popen([*command, "--redis", redis_url], env=env, stdout=log, stderr=log)
        started.append((process, f"http://127.0.0.1:{port}"))
    try:
        for process, url in started:
            deadline = time.monotonic() + 180  # a busy machine takes a while to import FastAPI
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if httpx.get(url + "/api/catalog", timeout=5).status_code == 200:
                        break
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError(f"{url} did not start")
                time.sleep(0.2)
        yield [(url, process.pid) for process, url in started]
    finally:
        for process, _url in started:
            process.terminate()
        for process, _url in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Person:
    url: str
    table: str = ""
    token: str = ""
    latencies: list[float] = field(default_factory=list)
    acknowledged: set[int] = field(default_factory=set)  # the move numbers of this person's moves the server took
    heard: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    last: int = 0
    patched: int = 0  # views that came as a JSON Patch
    step: str = "arriving"  # what the person was doing: named with an error


async def person(client: httpx.AsyncClient, me: Person, until: float) -> None:
    me.step = "POST /api/lobby"
    made = await client.post(me.url + "/api/lobby", json={"game": "kozel", "computers": [1, 2, 3], "public": False})
    made.raise_for_status()
    me.table, me.token = made.json()["id"], made.json()["token"]
    me.step = "connecting the socket"
    address = me.url.replace("http://", "ws://") + f"/api/live/{me.table}"
    # The player's cookie goes with the upgrade, as a browser sends it: the seat must be this player's.
    cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    async with connect(
        address, open_timeout=60, ping_interval=None, max_size=2**22, additional_headers={"Cookie": cookie}
    ) as ws:
        me.step = "the socket's hello"
        # As the page does, the person takes each view after the first as a JSON Patch of the one before.
        await ws.send(json.dumps({"type": "hello", "token": me.token, "since": None, "patches": True}))
        json.loads(await ws.recv())  # the lobby
        me.step = "POST /api/lobby/ID/start"
        started = await client.post(f"{me.url}/api/lobby/{me.table}/start", headers={"X-Seat-Token": me.token})
        started.raise_for_status()
        me.step = "playing"
        sent: tuple[float, int] | None = None
        turn: asyncio.Task[None] | None = None
        shown: dict[str, Any] | None = None

        async def play(view: dict[str, Any]) -> None:
            nonlocal sent
            await asyncio.sleep(THINK)
            if view["status"] == "sheet":
                await ws.send(json.dumps({"type": "next_hand"}))
            else:
                sent = (time.monotonic(), view["move_number"])
                move = view["legal_moves"][-1]
                number = view["move_number"]
                await ws.send(json.dumps({"type": "move", "move": move, "move_number": number, "ref": number}))

        while time.monotonic() < until:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
            except TimeoutError:
                break
            kind = message["type"]
            if kind == "moved":
                me.heard.append(message["move_number"])
            elif kind == "ok" and message.get("ref") is not None:
                me.acknowledged.add(message["ref"] + 1)
            elif kind == "error":
                me.errors.append(message["detail"])
            if "patch" in message and shown is not None:
                message["view"] = jsonpatch.apply_patch(shown, message["patch"])
                me.patched += 1
            view = message.get("view")
            if view is None:
                continue
            shown = view
            me.last = view["move_number"]
            if sent is not None and view["move_number"] > sent[1]:
                me.latencies.append(time.monotonic() - sent[0])
                sent = None
            mine = view["status"] == "playing" and view["to_move"] == 0 and view["legal_moves"]
            if (mine or view["status"] == "sheet") and (turn is None or turn.done()):
                turn = asyncio.create_task(play(view))
            if view["status"] == "over":
                break
        if turn is not None:
            turn.cancel()


async def crowd(
    urls: list[str], numbers: range, people: int, begin: float, seconds: float, ramp: float
) -> list[Person]:
    """The people of ``numbers`` (of ``people`` in all), arriving evenly over ``ramp`` seconds from ``begin``."""
    crowd = [Person(urls[n % len(urls)]) for n in numbers]
    until = begin + ramp + seconds

    async def arrive(n: int, me: Person) -> None:
        await asyncio.sleep(max(0.0, begin + ramp * n / people - time.monotonic()))
        # A client (a cookie jar) per person: each is a player of their own, as in a browser.
        async with httpx.AsyncClient(timeout=120) as client:
            try:
                await person(client, me, until)
            except Exception as error:  # counted and printed, the others go on
                me.errors.append(f"{type(error).__name__} at {me.step}: {error}")

    await asyncio.gather(*(arrive(n, me) for n, me in zip(numbers, crowd, strict=True)))
    return crowd


def crowd_process(
    urls: list[str], numbers: range, people: int, begin: float, seconds: float, ramp: float
) -> tuple[list[Person], float]:
    """One client process's share of the people, and the CPU seconds the process spent on them."""
    cpu = time.process_time()
    done = asyncio.run(crowd(urls, numbers, people, begin, seconds, ramp))
    return done, time.process_time() - cpu


def cpu_seconds(pids: Iterable[int]) -> float:
    """User and system CPU time these processes have used so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def postgres_pids() -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == "postgres":
                    found.append(int(entry.name))
    return found


def check(database: str, crowd: list[Person]) -> tuple[int, int, int, int, int]:
    """(moves lost, moves doubled, seats with a gap in their events, seats with a repeated event, moves in all)."""
    store = Store(database)
    lost = doubled = gaps = repeats = applied = 0
    try:
        for me in crowd:
            if not me.table:
                continue
            stored = store.load_game(me.table)
            if stored is None:
                lost += len(me.acknowledged)
                continue
            states = list(Record.from_dict(stored.record).states())
            applied += len(states) - 1
            # Seat 0's moves in the record, less the forced passes the server makes for a person.
            mine = {n + 1 for n, state in enumerate(states[:-1]) if state.to_move == 0 and not forced(state)}
            lost += len(me.acknowledged - mine)
            # A move of seat 0 that the person did not make (or made once and sees twice) was applied twice.
            doubled += len({n for n in mine if n <= me.last} - me.acknowledged)
            heard = me.heard
            if heard != sorted(set(heard)):
                repeats += 1
            if heard and heard != list(range(1, heard[-1] + 1)):
                gaps += 1
    finally:
        store.close()
    return lost, doubled, gaps, repeats, applied


def forced(state: Any) -> bool:
    """A move nobody chooses (a pass when nothing fits): the server makes it for a person."""
    return state.forced_move() is not None


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Measured:
    people: list[Person]
    rss_peak: float  # MB, the servers together
    client_cpu: float  # seconds, the client processes together
    server_cpu: float
    database_cpu: float
    # The same, once everybody is playing (from ``--settle`` seconds after the last arrival to the end): no lobby,
    # hello or start in it, only the moves.
    steady_cpu: float = 0.0
    steady_moves: int = 0


def moves_stored(database: str) -> int:
    """The moves of every stored game."""
    from sqlalchemy import create_engine, text

    engine = create_engine(_driver_url(database))
    try:
        with engine.connect() as connection:
            return int(connection.execute(text("SELECT coalesce(sum(move_number), 0) FROM bones_games")).scalar_one())
    finally:
        engine.dispose()


async def measure(urls: list[str], pids: list[int], people: int, args: argparse.Namespace, database: str) -> Measured:
    """The people's play (in ``--clients`` processes of their own), the servers' peak memory and the CPU
    each side used meanwhile."""
    peak = 0.0
    stop = asyncio.Event()

    async def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, sum(rss_mb(pid) for pid in pids))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 2)

    sampler = asyncio.create_task(sample())
    server_before, database_before = cpu_seconds(pids), cpu_seconds(postgres_pids())
    begin = time.monotonic() + 2  # the client processes start meanwhile
    steady: list[tuple[float, int]] = []

    async def settled() -> None:
        await asyncio.sleep(max(0.0, begin + args.ramp + args.settle - time.monotonic()))
        steady.append((cpu_seconds(pids), await asyncio.to_thread(moves_stored, database)))

    settling = asyncio.create_task(settled())
    clients = max(1, min(args.clients, people))
    loop = asyncio.get_running_loop()
    try:
        with ProcessPoolExecutor(clients, mp_context=multiprocessing.get_context("spawn")) as pool:
            parts = await asyncio.gather(
                *(
                    loop.run_in_executor(
                        pool, crowd_process, urls, range(k, people, clients), people, begin, args.seconds, args.ramp
                    )
                    for k in range(clients)
                )
            )
    finally:
        stop.set()
        await sampler
        if settling.done():
            steady.append((cpu_seconds(pids), await asyncio.to_thread(moves_stored, database)))
        else:
            settling.cancel()
    steady_cpu, steady_moves = (
        (steady[1][0] - steady[0][0], steady[1][1] - steady[0][1]) if len(steady) == 2 else (0, 0)
    )
    return Measured(
        [me for part, _cpu in parts for me in part],
        peak,
        sum(cpu for _part, cpu in parts),
        cpu_seconds(pids) - server_before,
        cpu_seconds(postgres_pids()) - database_before,  # its backends of the connections opened meanwhile too
        steady_cpu,
        steady_moves,
    )


@contextlib.contextmanager
def profiled(pids: list[int], folder: str | None, label: str) -> Iterator[None]:
    """py-spy samples each server process meanwhile, the threads holding the GIL (Python running, not waiting):
    the collapsed stacks in ``FOLDER/LABEL-PID.txt``."""
    if not folder:
        yield
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    spy = Path(sys.executable).parent / "py-spy"
    recorders = [
        subprocess.Popen(
            [
                str(spy),
                "record",
                "--pid",
                str(pid),
                "--rate",
                "50",
                "--nonblocking",
                "--gil",
                "--format",
                "raw",
                "--output",
                f"{folder}/{label}-{pid}.txt",
            ],
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


def run(args: argparse.Namespace, database: str, redis_url: str) -> None:
    for processes in args.processes:
        for people in args.people:
            with servers(processes, database, redis_url, args.pace) as running:
                load_before = os.getloadavg()[0]
                began = time.monotonic()
                with profiled([p for _u, p in running], args.profile, f"p{processes}-n{people}"):
                    measured = asyncio.run(
                        measure([u for u, _p in running], [p for _u, p in running], people, args, database)
                    )
                took = time.monotonic() - began
                load_after = os.getloadavg()[0]
                done, peak = measured.people, measured.rss_peak
                latencies = [x for me in done for x in me.latencies]
                lost, doubled, gaps, repeats, applied = check(database, done)
                failed = [e for me in done for e in me.errors if "stale" not in e and "turn" not in e]
                playing = sum(1 for me in done if me.heard)
                print(
                    f"processes={processes} people={people}: moves={len(latencies)} "
                    f"p50={percentile(latencies, 0.5) * 1000:.0f}ms p95={percentile(latencies, 0.95) * 1000:.0f}ms "
                    f"p99={percentile(latencies, 0.99) * 1000:.0f}ms "
                    f"mean={statistics.fmean(latencies or [0]) * 1000:.0f}ms "
                    f"lost={lost} doubled={doubled} event_gaps={gaps} event_repeats={repeats} "
                    f"errors={len(failed)} rss_peak={peak:.0f}MB load={load_before:.1f}->{load_after:.1f} ({took:.0f}s)\n"
                    f"    tables playing={playing} moves in all={applied} "
                    f"views as patches={sum(me.patched for me in done)} cpu seconds: servers={measured.server_cpu:.1f} "
                    f"postgres={measured.database_cpu:.1f} clients={measured.client_cpu:.1f}; cpu ms per move: "
                    f"servers={1000 * measured.server_cpu / max(1, applied):.1f} "
                    f"postgres={1000 * measured.database_cpu / max(1, applied):.1f}\n"
                    f"    once all play ({measured.steady_moves} moves): servers' cpu ms per move="
                    f"{1000 * measured.steady_cpu / max(1, measured.steady_moves):.2f}",
                    flush=True,
                )
                for error in sorted(set(failed))[:5]:
                    print(f"    error: {error[:200]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--people", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seconds", type=float, default=60, help="how long the people play after all arrived")
    parser.add_argument("--ramp", type=float, default=10, help="seconds over which the people arrive")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between computer moves (the server's pace)")
    parser.add_argument("--database", help="a PostgreSQL URL (default: a throwaway server)")
    parser.add_argument("--redis", help="a Redis URL (default: a throwaway server)")
    parser.add_argument("--settle", type=float, default=5, help="seconds after the last arrival before steady play")
    parser.add_argument("--clients", type=int, default=2, help="client processes the people are spread over")
    parser.add_argument("--profile", metavar="FOLDER", help="sample the servers with py-spy into FOLDER")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        database = args.database or stack.enter_context(postgres())
        redis_url = args.redis or stack.enter_context(redis())
        run(args, database, redis_url)


if __name__ == "__main__":
    main()
