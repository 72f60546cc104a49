"""Rule options through the web table: the catalog lists each game's options, a new match takes
them (strictly checked), and the menu offers them. Names no game: it reads the catalog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.game import DIFFICULTY
from bones.registry import game_info
from bones.web.entries import game_catalog

JSON = {"Content-Type": "application/json"}


def catalog(client: TestClient) -> list[dict[str, Any]]:
    return client.get("/api/catalog").json()["games"]


def test_the_catalog_lists_every_open_option_of_every_game(client: TestClient) -> None:
    for game in catalog(client):
        names = [o["name"] for o in game["options"]]
        # players and a puzzle's difficulty have rows of their own
        declared = [o.name for o in game_info(game["game_id"]).options if o.name not in ("players", DIFFICULTY)]
        # a variant fixes some options: those are not offered again
        assert set(names) <= set(declared)
        if game["id"] == game["game_id"]:
            assert names == declared
        for option in game["options"]:
            assert option["kind"] in ("choice", "bool", "int", "text") and option["help"]
        assert game["difficulties"] == list(game_info(game["game_id"]).difficulties())


def a_changed_option(client: TestClient) -> tuple[str, str, Any]:
    """A game whose first yes/no option, set against its default, changes the match's rules."""
    for game in catalog(client):
        for option in game["options"]:
            if option["kind"] == "bool":
                return game["id"], option["name"], not option["default"]
    raise AssertionError("no game has a yes/no option")


def test_a_new_match_plays_with_the_chosen_options(client: TestClient) -> None:
    game, name, value = a_changed_option(client)
    created = client.post("/api/games", json={"game": game, "level": "easy", "options": {name: value}})
    assert created.status_code == 201, created.text
    table = client.app.state.referee.get(created.json()["id"])  # type: ignore[attr-defined]
    assert table.state.rules.options[name] == value
    stored = client.app.state.referee.store.load_game(created.json()["id"])  # type: ignore[attr-defined]
    assert stored is not None and stored.record["options"][name] == value


@pytest.mark.parametrize(
    "options",
    [{"no_such_option": True}, {"players": 2}, "WRONG_TYPE", "OUT_OF_CHOICES"],
)
def test_bad_options_are_refused_with_a_clear_message(client: TestClient, options: Any) -> None:
    game, name, _value = a_changed_option(client)
    if options == "WRONG_TYPE":
        options = {name: 1}  # a number where yes/no is asked
    if options == "OUT_OF_CHOICES":
        game, name = next((g["id"], o["name"]) for g in catalog(client) for o in g["options"] if o["kind"] == "choice")
        options = {name: "no-such-choice"}
    response = client.post("/api/games", json={"game": game, "level": "easy", "options": options})
    assert response.status_code in (400, 422), response.text
    detail = response.json()["detail"]
    assert isinstance(detail, str) and (next(iter(options)) in detail or "option" in detail)
    assert client.get("/api/games/current").status_code == 204  # nothing was started


def test_static_files_are_checked_again_on_each_load(client: TestClient) -> None:
    response = client.get("/static/main.js")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"


@pytest.mark.slow
def test_the_menu_offers_the_options_and_play_uses_them(browser: Any, live_server: Any, artifacts: Path) -> None:
    from tests.web.test_web_browser import PORTRAIT, SHORT

    games = game_catalog()
    # the game with a yes/no option and the most options, so that the picture shows several kinds
    game = max((g for g in games if any(o["kind"] == "bool" for o in g["options"])), key=lambda g: len(g["options"]))
    flag = next(o for o in game["options"] if o["kind"] == "bool")
    page = browser.new_page(viewport=PORTRAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/?pace=0")
    page.locator(f'#games [data-value="{game["id"]}"]').click()
    page.wait_for_selector("#options-box:not([hidden])")
    assert page.locator("#options .option").count() == len(game["options"])
    page.locator(f"#option-{flag['name']}").click()
    page.screenshot(path=str(artifacts / "menu-options-360x740.png"))
    page.set_viewport_size(SHORT)
    page.screenshot(path=str(artifacts / "menu-options-740x360.png"))
    page.set_viewport_size(PORTRAIT)
    page.locator("#play").click()
    page.wait_for_selector("#table:not([hidden]), #confirm:not([hidden])")
    if page.locator("#confirm:not([hidden])").count():
        page.locator("#confirm-new").click()
    page.wait_for_function("() => window.BonesTable.state.view")
    match_id = page.evaluate("() => window.BonesTable.state.view.id")
    stored = live_server.store.load_game(match_id)
    assert stored.record["options"][flag["name"]] == (not flag["default"])
    assert not errors, errors


# The game chips whose name is wider than the chip (the name ran over the chip's edge and the next chip).
SPILLED_CHIPS = """() => [...document.querySelectorAll('#games button')]
  .filter((b) => b.scrollWidth > b.clientWidth).map((b) => `${b.textContent}: ${b.scrollWidth} > ${b.clientWidth}`)"""


@pytest.mark.slow
@pytest.mark.parametrize("size", ["1280x800", "360x740", "740x360"])
def test_play_is_on_the_first_screen_with_every_game_chosen(
    browser: Any, live_server: Any, artifacts: Path, size: str
) -> None:
    """However many options (and problems, and difficulties) the chosen game has, CONTINUE, the
    players, the difficulty and PLAY need no scrolling. Pictures: menu-GAME-SIZE.png."""
    from tests.web.test_web_board import in_view

    width, height = (int(n) for n in size.split("x"))
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    games = game_catalog()
    # an unfinished match shows CONTINUE too: the tallest menu
    created = page.request.post(f"{live_server.url}/api/games", data=json.dumps({"game": games[0]["id"]}), headers=JSON)
    assert created.status == 201, created.text()
    page.goto(f"{live_server.url}/?pace=0")
    page.locator("#continue").wait_for(state="visible")
    for game in games:
        page.locator(f'#games [data-value="{game["id"]}"]').click()
        if game.get("problems"):  # a puzzle's book of problems comes after (the other games ask nothing)
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(150)
        page.screenshot(path=str(artifacts / f"menu-{game['id']}-{size}.png"))
        shown = ["#continue", "#play"] + (["#players"] if len(game["players"]) > 1 else [])
        shown += ["#difficulties"] if game.get("difficulties") else []
        for selector in shown:
            assert in_view(page, selector), f"{selector} is below the fold with {game['id']} at {size}"
        assert (
            page.evaluate("() => document.scrollingElement.scrollTop + document.getElementById('home').scrollTop") == 0
        )
        assert page.evaluate(SPILLED_CHIPS) == [], f"a game's name spills out of its chip at {size}"
    assert not errors, errors
    page.close()
