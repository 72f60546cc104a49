"""Every game the web table offers plays at a live table: made in the lobby, a second person seated, started,
both people playing over their sockets while the server plays the computers, nobody seeing a hidden tile.

No game is named: the games are the catalog's.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.live_players import Player, assert_no_hidden_tiles, in_threads
from tests.web.test_web_live import HOST, connect, join, live, person  # noqa: F401 (live: the fixture)

MOVES = 24  # enough to see each seat move a few times and a hand end in the short games


def entries(client: TestClient) -> list[dict[str, Any]]:
    return list(client.get("/api/catalog").json()["games"])


def test_every_game_of_the_catalog_plays_at_a_live_table(live: TestClient) -> None:  # noqa: F811
    played: dict[str, int] = {}
    for entry in entries(live):
        people = 2 if max(entry["players"]) >= 2 else 1
        players = min(n for n in entry["players"] if n >= people)
        body: dict[str, Any] = {"game": entry["id"], "level": "easy", "name": "Ann"}
        if len(entry["players"]) > 1:
            body["players"] = players
        made = live.post("/api/lobby", json=body)
        assert made.status_code == 201, (entry["id"], made.text)
        table = made.json()
        seated = [connect(live, table["id"], table["token"])]
        if people == 2:
            other = person(live)
            bob = join(other, table["id"], name="Bob")
            seated.append(connect(other, table["id"], bob["token"]))
        for player in seated:
            player.until(lambda p: p.lobby is not None)
        # The last game's table, Ann's alone with computers, is given up: she says so.
        started = live.post(f"/api/lobby/{table['id']}/start", json={"give_up": True}, headers={HOST: table["token"]})
        assert started.status_code == 200, (entry["id"], started.text)
        assert [s["kind"] for s in started.json()["seats"]].count("human") == people

        def far(p: Player) -> bool:
            return p.view is not None and (p.view["status"] == "over" or p.view["move_number"] >= MOVES)

        in_threads(*[lambda p=p: p.until(far, timeout=60) for p in seated], timeout=90)
        for player in seated:
            assert not player.errors, (entry["id"], player.errors)
        record = live.app.state.referee.get(table["id"]).record.to_dict()  # type: ignore[attr-defined]
        for player in seated:
            assert assert_no_hidden_tiles(record, player) >= 1
        moved_by = {view["last"]["seat"] for p in seated for view in p.views if view["last"]}
        assert moved_by & {0, 1}, f"{entry['id']}: no person moved"
        played[entry["id"]] = max(p.view["move_number"] for p in seated if p.view)
        for player in seated:
            player.socket.close()
    assert len(played) == len(entries(live)) and all(played.values()), played


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
