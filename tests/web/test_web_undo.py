"""Taking moves back: a puzzle played alone (``Rules.allows_undo``) may undo and restart through
the API; any other table refuses. Names no game: it asks the rules."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bones
from bones.registry import games

UNDOABLE = sorted(g for g in games() if bones.rules(g).allows_undo)
OTHERS = sorted(g for g in games() if not bones.rules(g).allows_undo)


def start(client: TestClient, game: str) -> tuple[dict[str, Any], dict[str, str], str]:
    created = client.post("/api/games", json={"game": game, "level": "easy", "seed": 5})
    assert created.status_code == 201, created.text
    view = created.json()
    return view, {"X-Seat-Token": view["token"]}, f"/api/games/{view['id']}"


def play_some(
    client: TestClient, view: dict[str, Any], headers: dict[str, str], base: str, count: int
) -> list[dict[str, Any]]:
    """The views after each of ``count`` random legal moves (fewer if the game ends)."""
    rng = random.Random(0)
    views = [view]
    while len(views) <= count and view["status"] == "playing" and view["legal_moves"]:
        move = rng.choice(view["legal_moves"])
        response = client.post(
            f"{base}/moves", headers=headers, json={"move": move, "move_number": view["move_number"]}
        )
        assert response.status_code == 200, response.text
        view = response.json()
        views.append(view)
    return views


def test_every_game_answers_whether_it_allows_undo() -> None:
    assert UNDOABLE and OTHERS  # the puzzles allow it, the games against others do not


@pytest.mark.parametrize("game", UNDOABLE)
def test_undo_returns_the_previous_position_and_restart_the_first(client: TestClient, game: str) -> None:
    view, headers, base = start(client, game)
    assert view["undo"] is True
    views = play_some(client, view, headers, base, 3)
    if views[-1]["status"] != "playing":
        views.pop()  # a finished puzzle takes nothing back: compare before the last move
    assert len(views) >= 3, "the puzzle needs two moves to test undo"
    last = views[-1]
    undone = client.post(f"{base}/undo", headers=headers, json={"move_number": last["move_number"]})
    assert undone.status_code == 200, undone.text
    assert undone.json() | {"last": None} == views[-2] | {"last": None}
    restarted = client.post(f"{base}/restart", headers=headers, json={"move_number": views[-2]["move_number"]})
    assert restarted.status_code == 200, restarted.text
    assert restarted.json()["board"] == views[0]["board"] and restarted.json()["move_number"] == 0
    # what the page shows after a reload is what was saved
    assert client.get(base, headers=headers).json()["board"] == views[0]["board"]
    stale = client.post(f"{base}/undo", headers=headers, json={"move_number": 5})
    assert stale.status_code == 409


@pytest.mark.parametrize("game", OTHERS[:3])
def test_undo_is_refused_where_the_rules_do_not_allow_it(client: TestClient, game: str) -> None:
    view, headers, base = start(client, game)
    assert view["undo"] is False
    for action in ("undo", "restart"):
        response = client.post(f"{base}/{action}", headers=headers, json={"move_number": view["move_number"]})
        assert response.status_code == 409 and "does not allow" in response.json()["detail"], response.text


@pytest.mark.slow
def test_the_undo_button_takes_the_move_back(browser: Any, live_server: Any) -> None:
    from tests.web.test_web_browser import PORTRAIT

    page = browser.new_page(viewport=PORTRAIT, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    created = page.request.post(f"{live_server.url}/api/games", data={"game": UNDOABLE[0], "level": "easy", "seed": 5})
    view = created.json()
    headers = {"X-Seat-Token": view["token"]}
    moved = page.request.post(
        f"{live_server.url}/api/games/{view['id']}/moves",
        data={"move": view["legal_moves"][0], "move_number": 0},
        headers=headers,
    )
    assert moved.status == 200, moved.text()
    page.goto(f"{live_server.url}/?pace=0")
    page.locator("#continue").click()
    page.wait_for_function("() => (window.BonesTable.state.view || {}).move_number === 1")
    assert page.locator("#undo-btn").is_visible() and page.locator("#restart-btn").is_visible()
    page.locator("#undo-btn").click()
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 0")
    assert page.locator("#undo-btn").is_disabled()
    assert page.evaluate("() => window.BonesTable.state.view.board") == view["board"]
    assert not errors, errors


@pytest.mark.slow
def test_no_undo_button_where_the_game_does_not_allow_it(browser: Any, live_server: Any) -> None:
    page = browser.new_page()
    page.request.post(f"{live_server.url}/api/games", data={"game": OTHERS[0], "level": "easy", "seed": 5})
    page.goto(f"{live_server.url}/?pace=0")
    page.locator("#continue").click()
    page.wait_for_function("() => window.BonesTable.state.view")
    assert page.locator("#undo-btn").is_hidden() and page.locator("#restart-btn").is_hidden()
