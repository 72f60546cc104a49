"""Memory over time: one ``bones serve`` (the embedded default, SQLite) on loopback, played on without a pause for a
bounded time by people who come and go, each a new player (a new cookie):

- a lobby's Kozel table with three computers, played over its WebSocket (the server plays the computers at once),
  given up after some moves or played to its end;
- a match against computers played over HTTP (moves, steps, a hint), given up or played out;
- a lobby table made, joined by a second person, and closed without a start.

Every ``--every`` seconds it prints the resident memory of the server and of the local workers it started (together),
the tables and moves so far and the load average; at the end, the growth per minute of each after the warm-up (a line
fitted through the samples). The server keeps bounded caches (the built tables, ``BONES_TABLE_CACHE``, 1,024 by
default at some 50 KB each in a long match; hints; seat holders; which games are live tables), so memory climbs while
they fill and is flat after: ``--table-cache`` sets the table cache low (16 by default here) so that a run of minutes
reaches that state.

    nice python bench/soak.py --seconds 300
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from harness import (  # shared by the web benchmarks (this folder is on the path)
    BONES,
    descendants,
    free_port,
    rss_mb,
    started,
    wait_up,
)

HOST = "X-Seat-Token"


@contextlib.contextmanager
def server(folder: Path, table_cache: int) -> Iterator[tuple[str, int]]:
    port = free_port()
    env = dict(
        os.environ, BONES_COMPUTER_PACE="0", BONES_HEARTBEAT="2", BONES_SECRET="the-soak", BONES_HINT_LIMIT="1000/1"
    )
    env["BONES_TABLE_CACHE"] = str(table_cache)
    env.pop("BONES_REDIS_URL", None)
    command = [str(BONES), "serve", "--no-browser", "--port", str(port), "--database", f"sqlite:///{folder}/s.sqlite3"]
    with started(command, env, folder / "server.log") as process:
        url = f"http://127.0.0.1:{port}"
        wait_up(url, process, 60)
        yield url, process.pid


@dataclass
class Counts:
    tables: int = 0
    moves: int = 0
    errors: int = 0


async def live_table(client: httpx.AsyncClient, url: str, rng: random.Random, counts: Counts) -> None:
    made = (
        await client.post(
            f"{url}/api/lobby", json={"game": "kozel", "level": "easy", "computers": [1, 2, 3], "public": False}
        )
    ).json()
    cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    address = url.replace("http://", "ws://") + f"/api/live/{made['id']}"
    limit = rng.choice([12, 40, 10_000])  # given up early, later, or played to the end
    async with connect(address, open_timeout=60, max_size=2**22, additional_headers={"Cookie": cookie}) as ws:
        await ws.send(json.dumps({"type": "hello", "token": made["token"], "since": None}))
        await ws.recv()  # the room
        (await client.post(f"{url}/api/lobby/{made['id']}/start", headers={HOST: made["token"]})).raise_for_status()
        counts.tables += 1
        acted: tuple[int, str] | None = None  # the position acted on: a move number, and the sheet or the play
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            if message["type"] == "error":
                acted = None  # refused: the position is acted on again when next told
            view = message.get("view")
            if view is None:
                continue
            if view["status"] == "over" or view["move_number"] >= limit:
                break
            if (view["move_number"], view["status"]) == acted:
                continue
            if view["status"] == "sheet" and 0 in view["sheets_open"]:
                acted = (view["move_number"], view["status"])
                await ws.send(json.dumps({"type": "next_hand"}))
            elif view["status"] == "playing" and view["to_move"] == 0 and view["legal_moves"] and not view["forced"]:
                acted = (view["move_number"], view["status"])
                move = rng.choice(view["legal_moves"])
                await ws.send(json.dumps({"type": "move", "move": move, "move_number": view["move_number"]}))
                counts.moves += 1
    if limit < 10_000:
        await client.post(f"{url}/api/games/{made['id']}/abandon", headers={HOST: made["token"]})


async def solo_match(client: httpx.AsyncClient, url: str, rng: random.Random, counts: Counts) -> None:
    view = (await client.post(f"{url}/api/games", json={"game": "draw", "level": "easy"})).json()
    headers = {HOST: view["token"]}
    counts.tables += 1
    base = f"{url}/api/games/{view['id']}"
    await client.get(f"{base}/hint", headers=headers)
    for _ in range(rng.choice([10, 30, 200])):
        if view["status"] == "over":
            return
        if view["status"] == "sheet":
            answer = await client.post(f"{base}/next-hand", headers=headers)
        elif view["to_move"] == 0 and view["legal_moves"] and not view["forced"]:
            move = rng.choice(view["legal_moves"])
            answer = await client.post(
                f"{base}/moves", headers=headers, json={"move": move, "move_number": view["move_number"]}
            )
        else:
            answer = await client.post(f"{base}/step", headers=headers, json={"move_number": view["move_number"]})
        counts.moves += 1
        if answer.status_code != 200:
            return
        view = answer.json()
    await client.post(f"{base}/abandon", headers=headers)


async def closed_room(client: httpx.AsyncClient, url: str, rng: random.Random, counts: Counts) -> None:
    made = (await client.post(f"{url}/api/lobby", json={"game": "draw", "players": 2})).json()
    async with httpx.AsyncClient(timeout=60) as guest:
        await guest.post(f"{url}/api/lobby/{made['id']}/seats", json={"name": "Guest"})
    await client.delete(f"{url}/api/lobby/{made['id']}", headers={HOST: made["token"]})


async def person(number: int, url: str, until: float, counts: Counts) -> None:
    rng = random.Random(number)
    kinds = [live_table, live_table, solo_match, closed_room]
    while time.monotonic() < until:
        async with httpx.AsyncClient(timeout=60) as client:  # a new player each time: a cookie of their own
            try:
                await rng.choice(kinds)(client, url, rng, counts)
            except Exception as error:  # counted; the soak goes on
                counts.errors += 1
                print(f"  person {number}: {type(error).__name__}: {str(error)[:120]}", file=sys.stderr)


@dataclass
class Sample:
    seconds: float
    web: float  # the server process's resident MB
    workers: float  # the local workers' (the processes it started), together


def sample(pid: int, begin: float) -> Sample:
    return Sample(time.monotonic() - begin, rss_mb(pid), sum(rss_mb(child) for child in descendants(pid)))


async def soak(url: str, pid: int, args: argparse.Namespace) -> list[Sample]:
    counts = Counts()
    begin = time.monotonic()
    until = begin + args.seconds
    people = [asyncio.create_task(person(n, url, until, counts)) for n in range(args.people)]
    samples: list[Sample] = []
    print(" seconds  web MB  workers MB  tables   moves  errors  load average (1, 5, 15 min)")
    while time.monotonic() < until:
        now = sample(pid, begin)
        samples.append(now)
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"{now.seconds:8.0f} {now.web:7.1f} {now.workers:11.1f} {counts.tables:7d} {counts.moves:7d}"
            f" {counts.errors:7d}  {load}",
            flush=True,
        )
        await asyncio.sleep(min(args.every, max(0.0, until - time.monotonic())))
    await asyncio.gather(*people, return_exceptions=True)
    samples.append(sample(pid, begin))
    return samples


def slope(samples: list[tuple[float, float]]) -> float:
    """MB per minute of a least-squares line through the samples."""
    n = len(samples)
    mean_t = sum(t for t, _ in samples) / n
    mean_m = sum(m for _, m in samples) / n
    spread = sum((t - mean_t) ** 2 for t, _ in samples) or 1.0
    return 60 * sum((t - mean_t) * (m - mean_m) for t, m in samples) / spread


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=300, help="how long the people play")
    parser.add_argument("--people", type=int, default=6, help="people playing at once")
    parser.add_argument("--every", type=float, default=10, help="seconds between memory samples")
    parser.add_argument(
        "--warmup", type=float, default=0.4, help="share of the run left out of the growth (caches fill)"
    )
    parser.add_argument("--table-cache", type=int, default=16, help="BONES_TABLE_CACHE of the server")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="bones-soak-") as folder,
        server(Path(folder), args.table_cache) as (url, pid),
    ):
        samples = asyncio.run(soak(url, pid, args))
    settled = [s for s in samples if s.seconds >= args.warmup * args.seconds] or samples
    print(f"after the warm-up ({args.warmup:.0%} of {args.seconds:.0f} s):")
    for name in ("web", "workers"):
        series = [(s.seconds, getattr(s, name)) for s in settled]
        low, high = min(m for _, m in series), max(m for _, m in series)
        print(f"  {name:8s} {low:.1f}-{high:.1f} MB, {slope(series):+.2f} MB/min")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
