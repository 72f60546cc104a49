"""A puzzle's problem sets through the web table: the catalog counts them, a match lays one out by
number, and solving it is kept as the player's progress. Names no game: it reads the catalog."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from bones.game import Solvable


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
