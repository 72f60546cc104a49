"""A puzzle's problem sets through the web table: the catalog counts them, a match lays one out by
number, and solving it is kept as the player's progress; and layouts generated to a difficulty the
puzzle declares. Names no game: it reads the catalog."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bones
from bones.game import DIFFICULTY, Solvable
from bones.puzzles import base as puzzle_base
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
    client.app.state.referee.tables.forget(view["id"])  # type: ignore[attr-defined]
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


# -- layouts generated to a difficulty ---------------------------------------------------------


def with_difficulties(client: TestClient) -> list[dict[str, Any]]:
    return [g for g in client.get("/api/catalog").json()["games"] if g["difficulties"]]


def rule_variants(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The default rules, and each yes/no option turned (a puzzle's other rule: advanced, the way back down)."""
    flags = [{o["name"]: not o["default"]} for o in game["options"] if o["kind"] == "bool"]
    return [{}, *flags]


def test_each_difficulty_deals_a_layout_of_that_difficulty_and_the_same_one_for_a_seed(client: TestClient) -> None:
    games = with_difficulties(client)
    assert len(games) >= 2
    referee = client.app.state.referee  # type: ignore[attr-defined]
    for game in games:
        for flags in rule_variants(game):
            declared = {d.name: d for d in bones.rules(game["game_id"], **flags).difficulties()}
            assert list(declared) == game["difficulties"], (game["id"], flags)
            for name, difficulty in declared.items():
                for seed in (1, 2):
                    body = {"game": game["id"], "level": "easy", "seed": seed, "options": {**flags, DIFFICULTY: name}}
                    first, again = (client.post("/api/games", json=body) for _ in range(2))
                    assert first.status_code == again.status_code == 201, first.text
                    state = referee.get(first.json()["id"]).state
                    assert state.setup() == referee.get(again.json()["id"]).state.setup()
                    # the exact solver's shortest solution is in the declared range
                    assert isinstance(state, Solvable)
                    solution = [str(m) for m in state.solve()]
                    assert "give-up" not in solution
                    assert difficulty.unit == "moves" and difficulty.holds(len(solution)), (game["id"], flags, name)
                    assert state.par() == len(solution)
                    view = first.json()
                    assert view["difficulty"] == name and view["par"] is None  # not told before the end
            # other seeds give other layouts
            body = {"game": game["id"], "level": "easy", "options": {**flags, DIFFICULTY: game["difficulties"][0]}}
            layouts = {
                str(referee.get(client.post("/api/games", json={**body, "seed": s}).json()["id"]).state.setup())
                for s in range(4)
            }
            assert len(layouts) > 1


def test_a_generated_puzzle_tells_its_difficulty_and_the_best_possible_at_the_end(client: TestClient) -> None:
    game = with_difficulties(client)[0]
    name = game["difficulties"][-1]
    created = client.post("/api/games", json={"game": game["id"], "level": "easy", "options": {DIFFICULTY: name}})
    assert created.status_code == 201, created.text
    view = created.json()
    headers, base = {"X-Seat-Token": view["token"]}, f"/api/games/{view['id']}"
    view = client.post(f"{base}/moves", headers=headers, json={"move": "give-up", "move_number": 0}).json()
    if view["status"] == "sheet":
        view = client.post(f"{base}/next-hand", headers=headers).json()
    state = client.app.state.referee.get(view["id"]).state  # type: ignore[attr-defined]
    assert view["status"] == "over" and view["difficulty"] == name
    assert view["par"] == state.par() and view["par"] > 0 and view["par_unit"] == "moves"


def test_a_difficulty_that_does_not_come_in_the_bounded_deals_is_a_clear_error(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = with_difficulties(client)[0]
    monkeypatch.setattr(puzzle_base, "DIFFICULTY_TRIES", 0)
    response = client.post(
        "/api/games", json={"game": game["id"], "level": "easy", "options": {DIFFICULTY: game["difficulties"][0]}}
    )
    assert response.status_code == 400 and "try another deal" in response.json()["detail"]
    assert client.get("/api/games/current").status_code == 204  # nothing was started
    both = {DIFFICULTY: game["difficulties"][0], "moves": 3}
    response = client.post("/api/games", json={"game": game["id"], "level": "easy", "options": both})
    assert response.status_code == 400 and "not both" in response.json()["detail"]


@pytest.mark.slow
def test_a_puzzle_of_a_difficulty_from_the_menu_solved_by_its_hints(
    browser: Any, live_server: Any, artifacts: Path
) -> None:
    from tests.web.test_web_browser import LANDSCAPE
    from tests.web.test_web_games import GAMES, READY

    # the puzzle whose easiest difficulty needs the fewest moves: a few hints solve it
    def easiest(entry: dict[str, Any]) -> int:
        return bones.rules(entry["game_id"]).difficulties()[0].most

    game = min((g for g in game_catalog() if g["difficulties"]), key=easiest)
    name = game["difficulties"][0]
    click = GAMES[game["game_id"]][1]
    page = browser.new_page(viewport=LANDSCAPE, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/?pace=0")
    page.locator(f'#games [data-value="{game["id"]}"]').click()
    page.locator(f'#difficulties [data-value="{name}"]').click()
    assert page.locator(f'#difficulties [data-value="{name}"]').get_attribute("aria-checked") == "true"
    page.screenshot(path=str(artifacts / "menu-difficulty-1280x800.png"))
    page.locator("#play").click()
    page.wait_for_selector("#table:not([hidden]), #confirm:not([hidden])")
    if page.locator("#confirm:not([hidden])").count():
        page.locator("#confirm-new").click()
    page.wait_for_function(f"() => (window.BonesTable.state.view || {{}}).difficulty === '{name}'")
    view = page.evaluate("() => window.BonesTable.state.view")
    table = live_server.store.load_game(view["id"])
    assert table is not None and table.record["options"][DIFFICULTY] == name
    for _ in range(easiest(game) + 2):
        page.wait_for_function(READY, timeout=20000)
        view = page.evaluate("() => window.BonesTable.state.view")
        if view["status"] == "over":
            break
        if view["status"] == "sheet":  # the round's sheet, then the results
            page.locator("#next-hand").click()
            page.wait_for_function("() => window.BonesTable.state.view.status !== 'sheet'")
            continue
        page.locator("#hint-btn").click()
        page.wait_for_function("() => !window.BonesTable.state.hinting && window.BonesTable.state.hint", timeout=30000)
        best = page.evaluate("() => window.BonesTable.state.hint.best")
        assert best != "give-up"
        click(page, best)
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {view['move_number']}")
    page.wait_for_selector("#results:not([hidden])")
    final = page.evaluate("() => window.BonesTable.state.view")
    assert final["outcome"]["winners"] == [0] and final["par"] == final["move_number"]
    said = page.locator("#results-hands").inner_text()
    assert said == f"{final['outcome']['reason']} · {name.capitalize()} puzzle, best possible: {final['par']} moves", (
        said
    )
    assert page.locator("#status").inner_text() == "The game is over"  # one game: no match
    page.screenshot(path=str(artifacts / "game-difficulty-solved-1280x800.png"))
    assert not errors, errors
