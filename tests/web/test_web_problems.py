"""A puzzle's problem sets through the web table: the catalog counts them, a match lays one out by
number, and solving it is kept as the player's progress. Names no game: it reads the catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.game import Solvable
from bones.web.entries import game_catalog


def with_problems(client: TestClient) -> list[dict[str, Any]]:
    return [g for g in client.get("/api/catalog").json()["games"] if g["problems"]]


def test_the_catalog_counts_the_problems_and_lists_them_with_the_shortest_solutions(client: TestClient) -> None:
    games = with_problems(client)
    assert len(games) >= 2
    for game in games:
        listed = client.get(f"/api/problems/{game['id']}").json()["problems"]
        assert len(listed) == game["problems"]
        assert all(p["shortest"] > 0 and p["best"] is None for p in listed)


def test_solving_a_problem_is_kept_as_progress(client: TestClient) -> None:
    game = with_problems(client)[0]
    created = client.post("/api/games", json={"game": game["id"], "level": "easy", "problem": 1})
    assert created.status_code == 201, created.text
    view = created.json()
    assert view["problem"] == 1
    headers, base = {"X-Seat-Token": view["token"]}, f"/api/games/{view['id']}"
    table = client.app.state.referee.get(view["id"])  # type: ignore[attr-defined]
    assert isinstance(table.state, Solvable)
    solution = [str(m) for m in table.state.solve()]
    for move in solution:
        view = client.post(
            f"{base}/moves", headers=headers, json={"move": move, "move_number": view["move_number"]}
        ).json()
    if view["status"] == "sheet":
        view = client.post(f"{base}/next-hand", headers=headers).json()
    assert view["status"] == "over" and view["outcome"]["winners"] == [0]
    first = client.get(f"/api/problems/{game['id']}").json()["problems"][0]
    assert first == {"number": 1, "shortest": len(solution), "best": len(solution)}
    # a reload rebuilds the match from its record: it is still problem 1
    client.app.state.referee._forget(view["id"])  # type: ignore[attr-defined]
    assert client.get(base, headers=headers).json()["problem"] == 1


def test_a_bad_problem_number_is_refused(client: TestClient) -> None:
    game = with_problems(client)[0]
    response = client.post("/api/games", json={"game": game["id"], "level": "easy", "problem": 999})
    assert response.status_code == 400 and "no problem 999" in response.json()["detail"]
    other = next(g for g in client.get("/api/catalog").json()["games"] if not g["problems"])
    response = client.post("/api/games", json={"game": other["id"], "level": "easy", "problem": 1})
    assert response.status_code == 400 and "no problem set" in response.json()["detail"]


@pytest.mark.slow
def test_the_menu_offers_the_problems_with_progress(browser: Any, live_server: Any, artifacts: Path) -> None:
    from tests.web.test_web_browser import PORTRAIT

    game = next(g for g in game_catalog() if g["problems"])
    page = browser.new_page(viewport=PORTRAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/?pace=0")
    page.locator(f'#games [data-value="{game["id"]}"]').click()
    page.wait_for_selector("#problem option >> nth=1", state="attached")
    assert page.locator("#problem option").count() == game["problems"] + 1
    assert "0 of" in page.locator("#problem-note").inner_text()
    page.locator("#problem").select_option("2")
    page.screenshot(path=str(artifacts / "menu-problems-360x740.png"))
    page.locator("#play").click()
    page.wait_for_selector("#table:not([hidden]), #confirm:not([hidden])")
    if page.locator("#confirm:not([hidden])").count():
        page.locator("#confirm-new").click()
    page.wait_for_function("() => (window.BonesTable.state.view || {}).problem === 2")
    assert not errors, errors
