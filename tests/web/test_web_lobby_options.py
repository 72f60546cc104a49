"""A lobby's table keeps the rule options its host chose: the room and the list show them, and the match is played
with them. Bad options are refused when the table is made (a room nobody could start is never made). Names no game:
the option is the catalog's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import JSON, Boolean, Column, Float, Integer, MetaData, String, Table, create_engine, insert

from bones.web.seating import Seating
from tests.web.test_web_live import HOST, live  # noqa: F401 (live: the fixture)
from tests.web.test_web_live_browser import quick_server  # noqa: F401 (the fixture)
from tests.web.test_web_options import a_changed_option

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_a_lobby_table_is_played_with_its_hosts_options(live: TestClient) -> None:  # noqa: F811
    game, name, value = a_changed_option(live)
    made = live.post("/api/lobby", json={"game": game, "level": "easy", "name": "Ann", "options": {name: value}})
    assert made.status_code == 201, made.text
    table = made.json()
    assert table["options"] == {name: value}
    listed = [t for t in live.get("/api/lobby").json()["tables"] if t["id"] == table["id"]]
    assert listed and listed[0]["options"] == {name: value}
    started = live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    assert started.status_code == 200, started.text
    match = live.app.state.referee.get(table["id"])  # type: ignore[attr-defined]
    assert match.state.rules.options[name] == value
    assert live.app.state.referee.store.load_game(table["id"]).record["options"][name] == value  # type: ignore[attr-defined]


def test_a_lobby_table_without_options_has_the_games_defaults(live: TestClient) -> None:  # noqa: F811
    game, name, value = a_changed_option(live)
    table = live.post("/api/lobby", json={"game": game, "level": "easy"}).json()
    assert table["options"] == {}
    assert live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]}).status_code == 200
    match = live.app.state.referee.get(table["id"])  # type: ignore[attr-defined]
    assert match.state.rules.options.get(name, not value) == (not value)


@pytest.mark.parametrize("bad", ["UNKNOWN", "WRONG_TYPE", "NOT_A_CHOICE"])
def test_bad_options_make_no_table(live: TestClient, bad: str) -> None:  # noqa: F811
    game, name, _value = a_changed_option(live)
    options: dict[str, Any] = {"no_such_option": True} if bad == "UNKNOWN" else {name: 1}
    if bad == "NOT_A_CHOICE":
        games = live.get("/api/catalog").json()["games"]
        game, name = next((g["id"], o["name"]) for g in games for o in g["options"] if o["kind"] == "choice")
        options = {name: "no-such-choice"}
    response = live.post("/api/lobby", json={"game": game, "level": "easy", "options": options})
    assert response.status_code in (400, 422), response.text
    assert next(iter(options)) in response.json()["detail"]
    assert live.get("/api/lobby").json()["tables"] == []


def test_a_database_from_before_options_gets_the_column(tmp_path: Path) -> None:
    # The lobby table as bones made it before a host could choose options, with a table waiting in it.
    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    old = Table(
        "bones_lobbies",
        MetaData(),
        Column("id", String(32), primary_key=True),
        Column("game", String(32), nullable=False),
        Column("level", String(16), nullable=False),
        Column("players", Integer, nullable=False),
        Column("public", Boolean, nullable=False),
        Column("replace_after", Float, nullable=False),
        Column("seats", JSON, nullable=False),
        Column("status", String(16), nullable=False),
        Column("version", Integer, nullable=False),
        Column("created_at", Float, nullable=False),
    )
    old.metadata.create_all(engine)
    seats = [{"kind": "human", "name": "Ann", "token": "t", "player": "p"}, {"kind": "open", "name": "Seat 2"}]
    with engine.begin() as connection:
        connection.execute(
            insert(old).values(
                id="old",
                game="draw",
                level="easy",
                players=2,
                public=True,
                replace_after=60.0,
                seats=seats,
                status="waiting",
                version=0,
                created_at=1.0,
            )
        )
    lobby = Seating(engine).get("old")
    assert lobby is not None and lobby.public_view()["options"] == {}


@pytest.mark.slow
def test_the_options_chosen_on_the_menu_make_the_lobby_table(quick_server: Any, browser: Any, artifacts: Path) -> None:  # noqa: F811
    from bones.web.entries import game_catalog
    from tests.web.test_web_live_browser import Browser, sit_and_start

    game = next(g for g in game_catalog() if 2 in g["players"] and any(o["kind"] == "bool" for o in g["options"]))
    flag = next(o for o in game["options"] if o["kind"] == "bool")
    ann, bob = Browser(browser, "Ann"), Browser(browser, "Bob")
    ann.page.goto(f"{quick_server}/?pace=0")
    ann.page.locator(f'#games button[data-value="{game["id"]}"]').click()
    ann.page.locator('#players button[data-value="2"]').click()
    ann.page.locator(f"#option-{flag['name']}").click()
    ann.page.locator("#people").click()
    told = flag["label"] if not flag["default"] else f"no {flag['label']}"
    assert told in ann.page.locator("#lobby-game").text_content()
    ann.page.screenshot(path=str(artifacts / "lobby-options-1280x800.png"))
    ann.page.locator("#lobby-create").click()
    ann.page.wait_for_selector("#room:not([hidden])")
    link = str(ann.page.locator("#room-link").input_value())
    # The guest is told the rules before sitting down.
    bob.page.set_viewport_size({"width": 360, "height": 740})
    bob.page.goto(link + "&pace=0")
    bob.page.wait_for_selector("#room:not([hidden])")
    bob.page.screenshot(path=str(artifacts / "room-options-360x740.png"))
    assert told in bob.page.locator("#room-rules").text_content()
    sit_and_start(ann, bob, link)
    table_id = link.rsplit("=", 1)[1]
    stored = quick_server.app.state.referee.store.load_game(table_id)
    assert stored.record["options"][flag["name"]] == (not flag["default"])
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
