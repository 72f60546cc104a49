"""Round-trip time of a computer's move through the web API, at each level.

Plays matches through FastAPI's TestClient (no network), timing each POST
/step that makes a computer move, and prints the median and 95th percentile
per level. Target: a person should never wait on the server at Easy-Hard
(< 50 ms at the median); Crazy may think for about a second.

    .venv/bin/python bench/web_roundtrip.py [--moves 150] [--games draw,kozel]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings

warnings.filterwarnings("ignore", message=".*httpx2.*")

from fastapi.testclient import TestClient  # noqa: E402

import bones  # noqa: E402
from bones.bots import LEVELS  # noqa: E402
from bones.web.app import create_app  # noqa: E402
from bones.web.entries import effective_level, resolve_game, table_games  # noqa: E402
from bones.web.storage import Store  # noqa: E402


def measure(client: TestClient, game: str, level: str, moves: int) -> list[float]:
    view = client.post("/api/games", json={"game": game, "level": level, "seed": 1}).json()
    headers = {"X-Seat-Token": view["token"]}
    times: list[float] = []
    while len(times) < moves and view["status"] != "over":
        base = f"/api/games/{view['id']}"
        if view["status"] == "sheet":
            view = client.post(f"{base}/next-hand", headers=headers).json()
        elif view["to_move"] == 0 and view["legal_moves"] != ["pass"]:
            body = {"move": view["legal_moves"][0], "move_number": view["move_number"]}
            view = client.post(f"{base}/moves", headers=headers, json=body).json()
        else:
            computer = view["to_move"] != 0
            started = time.perf_counter()
            view = client.post(f"{base}/step", headers=headers, json={"move_number": view["move_number"]}).json()
            if computer:
                times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150, help="computer moves timed per game and level")
    parser.add_argument("--games", default=",".join(table_games()))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        client = TestClient(create_app(Store(f"sqlite:///{folder}/bench.sqlite3"), allow_setup=True))
        print(f"{'game':10} {'level':7} {'plays':7} {'moves':>5} {'median ms':>10} {'p95 ms':>8}")
        for game in args.games.split(","):
            for level in LEVELS:
                game_id, options = resolve_game(game)
                plays = effective_level(bones.rules(game_id, **options), 1, level)
                times = sorted(measure(client, game, level, args.moves))
                p95 = times[int(0.95 * (len(times) - 1))]
                print(
                    f"{game:10} {level:7} {plays:7} {len(times):5} "
                    f"{1000 * statistics.median(times):10.1f} {1000 * p95:8.1f}"
                )


if __name__ == "__main__":
    main()
