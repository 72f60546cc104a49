"""Load on the live web tables, as issue 24's item 3 asks: N human-paced tables on two web processes, the computers
thinking on ``bones worker`` processes apart, over PostgreSQL and Redis (throwaway servers: a new database and an
empty Redis for each N, unless ``--database``/``--redis`` name some).

Each simulated person sits at a Kozel table with three computers, moves 2 s after their turn comes (closes each hand
sheet after 2 s) and takes the views as JSON Patches, as the page does. The computers' level goes round the tables:
easy, normal, hard, crazy (``--crazy K``: K Crazy tables, spread). Crazy searches about a second a move: the workers'
queue may grow, but a person's move must never wait for a search. The web tier is ``bones serve --workers 2
--thinkers 0`` (no search in it); ``--bench-workers`` ``bones worker`` processes think, under ``nice``
(``--worker-nice``: on a machine shared with the web processes the searches yield to the replies).

Printed per N, then as a table: p50/p95/p99 of the move acknowledgement (move sent -> the server's ``ok``) and of the
view update (move sent -> the view or patch with it), the worst acknowledgement at Crazy tables and at the others;
CPU ms per move of the web processes, the workers and PostgreSQL once all play; moves lost or applied twice (against
the database); peak memory; the load average before and after; moves made and still queued; the servers' log errors.

    nice python bench/load.py --tables 50 200 1000 --seconds 120
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import jsonpatch
from websockets.asyncio.client import connect

import harness  # what the web benchmarks share (this folder is on the path)

OTHERS = ("easy", "normal", "hard")
MOVES = "SELECT count(*) FROM bones_moves"
THINK = 2.0


@dataclass
class Person:
    url: str
    level: str
    table: str = ""
    token: str = ""
    acks: list[float] = field(default_factory=list)  # seconds from a move sent to the server's ok of it
    views: list[float] = field(default_factory=list)  # seconds from a move sent to the view with it
    acknowledged: set[int] = field(default_factory=set)  # the move numbers of this person's moves the server took
    heard: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    last: int = 0
    step: str = "arriving"  # what the person was doing: named with an error


async def person(client: httpx.AsyncClient, me: Person, until: float) -> None:
    me.step = "POST /api/lobby"
    body = {"game": "kozel", "level": me.level, "computers": [1, 2, 3], "public": False}
    made = await client.post(me.url + "/api/lobby", json=body)
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
        await ws.send(json.dumps({"type": "hello", "token": me.token, "since": None, "patches": True}))
        json.loads(await ws.recv())  # the lobby
        me.step = "POST /api/lobby/ID/start"
        started = await client.post(f"{me.url}/api/lobby/{me.table}/start", headers={"X-Seat-Token": me.token})
        started.raise_for_status()
        me.step = "playing"
        unacknowledged: dict[int, float] = {}  # move number -> when the move made at it was sent
        unseen: tuple[float, int] | None = None  # the same, until a view past it comes
        turn: asyncio.Task[None] | None = None
        shown: dict[str, Any] | None = None

        async def play(view: dict[str, Any]) -> None:
            nonlocal unseen
            await asyncio.sleep(THINK)
            if view["status"] == "sheet":
                await ws.send(json.dumps({"type": "next_hand"}))
                return
            number = view["move_number"]
            unacknowledged[number] = time.monotonic()
            unseen = (unacknowledged[number], number)
            move = {"type": "move", "move": view["legal_moves"][-1], "move_number": number, "ref": number}
            await ws.send(json.dumps(move))

        while time.monotonic() < until:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
            except TimeoutError:
                break
            now, kind, ref = time.monotonic(), message["type"], message.get("ref")
            if kind == "moved":
                me.heard.append(message["move_number"])
            elif kind == "ok" and ref in unacknowledged:
                me.acks.append(now - unacknowledged.pop(ref))
                me.acknowledged.add(ref + 1)
            elif kind == "error":
                unacknowledged.pop(ref, None)
                me.errors.append(message["detail"])
            if "patch" in message and shown is not None:
                message["view"] = jsonpatch.apply_patch(shown, message["patch"])
            view = message.get("view")
            if view is None:
                continue
            shown = view
            me.last = view["move_number"]
            if unseen is not None and view["move_number"] > unseen[1]:
                me.views.append(now - unseen[0])
                unseen = None
            # A forced pass is the server's to make, not the person's.
            mine = view["status"] == "playing" and view["to_move"] == 0 and view["legal_moves"] and not view["forced"]
            if (mine or view["status"] == "sheet") and (turn is None or turn.done()):
                turn = asyncio.create_task(play(view))
            if view["status"] == "over":
                break
        if turn is not None:
            turn.cancel()


def levels(tables: int, crazy: int) -> list[str]:
    """The computers' level of each table: ``crazy`` Crazy tables spread evenly, the others easy, normal, hard in turn."""
    spread = ["crazy" if (n + 1) * crazy // tables > n * crazy // tables else "" for n in range(tables)]
    others = iter(OTHERS * tables)
    return [level or next(others) for level in spread]


def crazy(args: argparse.Namespace, tables: int) -> int:
    """How many of the tables have Crazy computers: ``--crazy``, else a quarter (easy, normal, hard, crazy in turn)."""
    return tables // 4 if args.crazy is None else min(args.crazy, tables)


@dataclass(frozen=True)
class Plan:
    """What a client process is told: the server, the people in all, when they arrive and stop, each table's level."""

    url: str
    people: int
    begin: float
    ramp: float
    until: float
    levels: list[str]


async def crowd(plan: Plan, numbers: range) -> list[Person]:
    """The people of ``numbers``, arriving evenly over the plan's ramp."""
    crowd = [Person(plan.url, plan.levels[n]) for n in numbers]

    async def arrive(n: int, me: Person) -> None:
        await asyncio.sleep(max(0.0, plan.begin + plan.ramp * n / plan.people - time.monotonic()))
        # A client (a cookie jar) per person: each is a player of their own, as in a browser.
        async with httpx.AsyncClient(timeout=120) as client:
            try:
                await person(client, me, plan.until)
            except Exception as error:  # counted and printed, the others go on
                me.errors.append(f"{type(error).__name__} at {me.step}: {error}")

    await asyncio.gather(*(arrive(n, me) for n, me in zip(numbers, crowd, strict=True)))
    return crowd


def crowd_process(plan: Plan, numbers: range) -> tuple[list[Person], float]:
    """One client process's share of the people, and the CPU seconds the process spent on them."""
    cpu = time.process_time()
    done = asyncio.run(crowd(plan, numbers))
    return done, time.process_time() - cpu


def check(database: str, crowd: list[Person]) -> tuple[int, int, int, int, int, int]:
    """Against the database: (moves lost, moves applied twice, seats with a gap in their events, seats with a repeated
    event, people's moves, computers' moves)."""
    from bones.record import Record
    from bones.web.storage import Store

    store = Store(database)
    lost = doubled = gaps = repeats = people = computers = 0
    try:
        for me in crowd:
            if not me.table:
                continue
            stored = store.load_game(me.table)
            if stored is None:
                lost += len(me.acknowledged)
                continue
            states = list(Record.from_dict(stored.record).states())
            seat0 = {n + 1 for n, state in enumerate(states[:-1]) if state.to_move == 0}
            people, computers = people + len(seat0), computers + len(states) - 1 - len(seat0)
            # Seat 0's moves, less the forced passes the server makes for a person.
            mine = {n for n in seat0 if states[n - 1].forced_move() is None}
            lost += len(me.acknowledged - mine)
            # A move of seat 0 that the person did not make (or made once and sees twice) was applied twice.
            doubled += len({n for n in mine if n <= me.last} - me.acknowledged)
            repeats += me.heard != sorted(set(me.heard))
            gaps += bool(me.heard) and me.heard != list(range(1, me.heard[-1] + 1))
    finally:
        store.close()
    return lost, doubled, gaps, repeats, people, computers


@dataclass
class Tiers:
    """The processes of a run, and what they cost so far."""

    web: int  # the ``bones serve`` process; its uvicorn processes are its children
    workers: list[int]
    postgres: int | None
    database: str
    redis: str
    peak: dict[str, float] = field(default_factory=lambda: {"web": 0.0, "workers": 0.0, "queued": 0.0})

    def cpu(self) -> dict[str, float]:
        """CPU seconds of each tier so far, and the moves saved."""
        cpu = {"web": harness.tree_cpu(self.web), "workers": sum(harness.tree_cpu(pid) for pid in self.workers)}
        cpu["postgres"] = harness.tree_cpu(self.postgres) if self.postgres else float("nan")
        return {**cpu, "moves": harness.scalar(self.database, MOVES)}

    def queued(self) -> int:
        """The computer moves in the workers' queues (waiting or being thought about)."""
        from bones.web.jobs import QUEUES, broker

        return sum(int(broker(self.redis).do_qsize(queue)) for queue in QUEUES)

    def sample(self) -> None:
        web = [self.web, *harness.descendants(self.web)]
        self.peak["web"] = max(self.peak["web"], sum(harness.rss_mb(p) for p in web))
        self.peak["workers"] = max(self.peak["workers"], sum(harness.rss_mb(p) for p in self.workers))
        self.peak["queued"] = max(self.peak["queued"], self.queued())


@contextlib.contextmanager
def serving(args: argparse.Namespace, database: str, redis_url: str, logs: Path) -> Iterator[tuple[str, list[int]]]:
    """The web processes and the workers: the web's URL, the serve process and the workers' pids."""
    env = dict(os.environ, BONES_COMPUTER_PACE=str(args.pace), BONES_HEARTBEAT="5", BONES_SECRET="the-load-bench")
    env.pop("BONES_DATABASE_URL", None)
    port = harness.free_port()
    where = ["--database", database, "--redis", redis_url]
    serve = [str(harness.BONES), "serve", "--no-browser", "--port", str(port), *where, "--workers", str(args.web)]
    serve += ["--thinkers", "0"]  # no worker started by the web tier: the bench's own, apart
    worker = ["nice", "-n", str(args.worker_nice), str(harness.BONES), "worker", *where]
    with contextlib.ExitStack() as stack:
        web = stack.enter_context(harness.started(serve, env, logs / "web.log"))
        workers = [
            stack.enter_context(harness.started(worker, env, logs / f"worker-{k}.log"))
            for k in range(args.bench_workers)
        ]
        url = f"http://127.0.0.1:{port}"
        harness.wait_up(url, web)
        deadline = time.monotonic() + 180
        while not all("taking jobs" in (logs / f"worker-{k}.log").read_text() for k in range(len(workers))):
            if time.monotonic() > deadline or any(w.poll() is not None for w in workers):
                raise RuntimeError(f"the workers did not start: see {logs}")
            time.sleep(0.2)
        yield url, [web.pid, *(w.pid for w in workers)]


async def measure(url: str, tiers: Tiers, people: int, args: argparse.Namespace) -> dict[str, Any]:
    """The people's play (in ``--clients`` processes of their own) and what each tier cost meanwhile."""
    stop = asyncio.Event()

    async def sample() -> None:
        while not stop.is_set():
            await asyncio.to_thread(tiers.sample)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1)

    sampler = asyncio.create_task(sample())
    idle = await asyncio.to_thread(tiers.cpu)
    begin = time.monotonic() + args.idle  # the servers idle meanwhile (the client processes start)

    async def at(moment: float) -> dict[str, float]:
        await asyncio.sleep(max(0.0, moment - time.monotonic()))
        return await asyncio.to_thread(tiers.cpu)

    # The CPU counts when the first person arrives, and once all play (no lobby, hello or start: only moves).
    ramp = args.ramp if args.ramp is not None else max(10.0, people / 10)  # the lobby's work is not what is measured
    first, steady = asyncio.create_task(at(begin)), asyncio.create_task(at(begin + ramp + args.settle))
    plan = Plan(url, people, begin, ramp, begin + ramp + args.seconds, levels(people, crazy(args, people)))
    clients = max(1, min(args.clients, people))
    loop = asyncio.get_running_loop()
    try:
        with ProcessPoolExecutor(clients, mp_context=multiprocessing.get_context("spawn")) as pool:
            share = [range(k, people, clients) for k in range(clients)]
            parts = await asyncio.gather(*(loop.run_in_executor(pool, crowd_process, plan, s) for s in share))
    finally:
        stop.set()
        await sampler
    end = await asyncio.to_thread(tiers.cpu)
    marks = {"first": await first, "steady": await steady if steady.done() else end}
    tiers_named = ("web", "workers", "postgres")
    moves = max(1.0, end["moves"] - marks["steady"]["moves"])
    per_move = {tier: 1000 * (end[tier] - marks["steady"][tier]) / moves for tier in tiers_named}
    with_arrivals = 1000 * (end["web"] - marks["first"]["web"]) / max(1.0, end["moves"] - marks["first"]["moves"])
    return {
        "people": [me for part, _cpu in parts for me in part],
        "client_cpu": sum(cpu for _part, cpu in parts),
        "per_move": per_move,
        "steady_moves": int(end["moves"] - marks["steady"]["moves"]),
        "web_with_arrivals": with_arrivals,
        "queued": tiers.queued(),
        "idle": {tier: 1000 * (marks["first"][tier] - idle[tier]) / args.idle for tier in tiers_named},
    }


def ms(values: list[float], q: float) -> str:
    return f"{harness.percentile(values, q) * 1000:.0f}"


def run_n(people: int, args: argparse.Namespace, database: str, redis_url: str, pg_pid: int | None) -> dict[str, Any]:
    logs = Path(args.logs) / f"n{people}"
    logs.mkdir(parents=True, exist_ok=True)
    with serving(args, database, redis_url, logs) as (url, pids):
        tiers = Tiers(pids[0], pids[1:], pg_pid, database, redis_url)
        load_before, began = os.getloadavg(), time.monotonic()
        with harness.profiled([pids[0], *harness.descendants(pids[0]), *pids[1:]], args.profile, f"n{people}"):
            measured = asyncio.run(measure(url, tiers, people, args))
        load_after, took = os.getloadavg(), time.monotonic() - began
    done: list[Person] = measured["people"]
    lost, doubled, gaps, repeats, people_moves, computer_moves = check(database, done)
    acks, views = [x for me in done for x in me.acks], [x for me in done for x in me.views]
    at_crazy = [x for me in done if me.level == "crazy" for x in me.acks]
    others = [x for me in done if me.level != "crazy" for x in me.acks]
    failed = [e for me in done for e in me.errors]
    errors = harness.log_errors(logs)
    refused = sum(log.read_text().count("not moved:") for log in logs.glob("worker-*.log"))
    cpu, peak, idle = measured["per_move"], tiers.peak, measured["idle"]
    print(
        f"N={people} ({took:.0f}s; load {' '.join(f'{x:.1f}' for x in load_before)} -> "
        f"{' '.join(f'{x:.1f}' for x in load_after)}): tables playing {sum(1 for me in done if me.heard)}, Crazy {crazy(args, people)}; "
        f"{measured['steady_moves'] / max(1.0, args.seconds - args.settle):.1f} moves a second once all play\n"
        f"    move ack ms p50/p95/p99 {ms(acks, 0.5)}/{ms(acks, 0.95)}/{ms(acks, 0.99)} "
        f"(worst at Crazy tables {max(at_crazy or [0]) * 1000:.0f}, at the others {max(others or [0]) * 1000:.0f}); "
        f"view update ms {ms(views, 0.5)}/{ms(views, 0.95)}/{ms(views, 0.99)}\n"
        f"    cpu ms per move once all play ({measured['steady_moves']} moves): web {cpu['web']:.2f} "
        f"workers {cpu['workers']:.2f} postgres {cpu['postgres']:.2f}; web with the arrivals "
        f"{measured['web_with_arrivals']:.2f}; idle, ms a second: web {idle['web']:.0f} workers {idle['workers']:.0f} "
        f"postgres {idle['postgres']:.0f}; clients {measured['client_cpu']:.0f}s in all\n"
        f"    moves: people {people_moves} computers {computer_moves}; lost {lost} applied twice {doubled} "
        f"event gaps {gaps} repeats {repeats}; queued at the end {measured['queued']} (at most {peak['queued']:.0f}); "
        f"jobs refused {refused}\n"
        f"    peak RSS MB: web {peak['web']:.0f} workers {peak['workers']:.0f}; "
        f"people's errors {len(failed)}, server log errors {len(errors)} (logs in {logs})",
        flush=True,
    )
    for line in sorted(set(failed))[:5] + errors[:5]:
        print(f"    error: {line[:200]}")
    return {
        "N": people, "acks": acks, "views": views, "cpu": cpu, "lost": lost, "doubled": doubled,
        "people_moves": people_moves, "computer_moves": computer_moves, "queued": measured["queued"],
        "rss": peak, "load": (load_before[0], load_after[0]),
        "worst": (1000 * max(at_crazy or [0]), 1000 * max(others or [0])),
    }  # fmt: skip


def summary(rows: list[dict[str, Any]]) -> None:
    print("\n    N | ack p50/p95/p99 | worst ack crazy/others | view p50/p95/p99 | cpu ms/move web/workers/pg | "
          "moves people+computers | lost/twice | queued | RSS MB web/workers | load before->after")  # fmt: skip
    for r in rows:
        a, v, c, rss = r["acks"], r["views"], r["cpu"], r["rss"]
        print(
            f"{r['N']:5d} | {ms(a, 0.5):>4}/{ms(a, 0.95):>4}/{ms(a, 0.99):>5} | {r['worst'][0]:>11.0f}/{r['worst'][1]:<10.0f} "
            f"| {ms(v, 0.5):>4}/{ms(v, 0.95):>5}/{ms(v, 0.99):>5} | {c['web']:9.2f}/{c['workers']:7.2f}/{c['postgres']:<7.2f} "
            f"| {r['people_moves']:10d}+{r['computer_moves']:<11d} | {r['lost']:>4}/{r['doubled']:<5} | {r['queued']:6d} "
            f"| {rss['web']:9.0f}/{rss['workers']:<8.0f} | {r['load'][0]:.1f}->{r['load'][1]:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--tables", type=int, nargs="+", default=[50, 200, 1000], help="the N to run, one after another"
    )
    parser.add_argument("--seconds", type=float, default=120, help="how long the people play after all arrived")
    parser.add_argument("--ramp", type=float, help="seconds over which the people arrive (default: N/10, 10 at least)")
    parser.add_argument("--idle", type=float, default=5, help="seconds the servers' idle CPU is counted before")
    parser.add_argument("--settle", type=float, default=5, help="seconds after the last arrival before the CPU count")
    parser.add_argument("--crazy", type=int, help="tables with Crazy computers (default: a quarter of them)")
    parser.add_argument("--web", type=int, default=2, help="web processes (uvicorn workers of one bones serve)")
    parser.add_argument("--bench-workers", type=int, default=2, help="bones worker processes")
    parser.add_argument("--worker-nice", type=int, default=10, help="the workers' niceness above the bench's own")
    parser.add_argument("--pace", type=float, default=0.7, help="seconds between computer moves (the server's pace)")
    parser.add_argument("--database", help="a PostgreSQL URL (default: a throwaway server, a new database per N)")
    parser.add_argument("--redis", help="a Redis URL (default: a throwaway server, emptied before each N)")
    parser.add_argument("--clients", type=int, default=2, help="client processes the people are spread over")
    parser.add_argument("--logs", default="/tmp/bones-load", help="folder of the servers' logs, one folder per N")
    parser.add_argument("--profile", metavar="FOLDER", help="sample the servers and workers with py-spy into FOLDER")
    args = parser.parse_args()
    print(
        f"Kozel tables, a person and three computers each; computers' levels: {'a quarter' if args.crazy is None else args.crazy} Crazy tables, the others "
        f"{', '.join(OTHERS)} in turn; "
        f"{args.web} web processes, {args.bench_workers} workers (nice +{args.worker_nice}), pace {args.pace}s, "
        f"a person moves {THINK:.0f}s after their turn; {args.seconds:.0f}s after the arrival",
        flush=True,
    )
    rows = []
    with contextlib.ExitStack() as stack:
        pg = None if args.database else stack.enter_context(harness.postgres())
        redis_url = args.redis or stack.enter_context(harness.redis()).url
        for people in args.tables:
            if not args.redis:
                harness.flush(redis_url)  # no job of the run before
            database = args.database or harness.fresh_database(pg.url, f"load_{people}")  # type: ignore[union-attr]
            rows.append(run_n(people, args, database, redis_url, pg.pid if pg else None))
    summary(rows)


if __name__ == "__main__":
    main()
