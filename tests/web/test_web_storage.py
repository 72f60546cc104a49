"""Storage of games and statistics, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bones.web.storage import MatchResult, StaleError, Store, _driver_url, default_url
from bones.web.tables import Referee

RECORD = {"format": "bones-record", "format_version": 1, "game": "draw", "options": {}, "rules_version": 1}


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    store = Store(url)
    yield store
    # Each test starts from empty tables, also on the shared PostgreSQL server.
    from bones.web.storage import Base

    Base.metadata.drop_all(store.engine)
    store.close()


def record(moves: list[str]) -> dict:
    return {**RECORD, "seed": 4, "moves": moves}


def test_a_game_round_trips_and_stale_writes_are_refused(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t", "seen": 0}, {"kind": "computer", "name": "Lily"}]
    store.create_game("g1", "draw", "hard", 2, seats, record([]))
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.seats == seats and loaded.record["moves"] == [] and loaded.move_number == 0
    store.save_game("g1", 0, record(["6:6", "6:5@left"]), seats)
    assert store.load_game("g1").move_number == 2  # type: ignore[union-attr]
    with pytest.raises(StaleError):
        store.save_game("g1", 0, record(["6:6"]), seats)
    assert store.load_game("g1").record["moves"] == ["6:6", "6:5@left"]  # type: ignore[union-attr]
    assert store.load_game("nope") is None


def test_latest_unfinished_and_abandon(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    store.create_game("a", "draw", "easy", 2, seats, record([]))
    store.create_game("b", "block", "easy", 2, seats, record([]))
    store.save_game("b", 0, record(["6:6"]), seats)
    assert store.latest_unfinished().id == "b"  # type: ignore[union-attr]
    store.abandon({"b": MatchResult("block", "easy", won=False, score=7, low_score_wins=False), "a": None})
    assert store.latest_unfinished() is None
    assert store.load_game("b").status == "abandoned"  # type: ignore[union-attr]
    assert store.stats("block", "easy")["played"] == 1 and store.stats("draw", "easy")["played"] == 0
    with pytest.raises(StaleError):
        store.save_game("b", 1, record(["6:6", "pass"]), seats)


def test_statistics_count_wins_streaks_and_scores(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    for number, (won, score) in enumerate([(True, 104), (True, 120), (False, 60), (True, 101)]):
        game_id = f"m{number}"
        store.create_game(game_id, "draw", "normal", 2, seats, record([]))
        store.save_game(
            game_id, 0, record(["6:6"]), seats, "finished", MatchResult("draw", "normal", won, score, False)
        )
    stats = store.stats("draw", "normal")
    assert stats == {
        "game": "draw",
        "level": "normal",
        "played": 4,
        "won": 3,
        "win_percent": 75.0,
        "best_score": 120,
        "average_score": 96.2,
        "streak": 1,
        "best_streak": 2,
    }
    assert store.stats("draw", "crazy")["played"] == 0


def test_kozel_keeps_the_lowest_score_as_best(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    for number, score in enumerate([40, 12, 101]):
        store.create_game(f"k{number}", "kozel", "hard", 4, seats, record([]))
        result = MatchResult("kozel", "hard", won=score < 101, score=score, low_score_wins=True)
        store.save_game(f"k{number}", 0, record(["1:1"]), seats, "finished", result)
    assert store.stats("kozel", "hard")["best_score"] == 12
    assert [s["game"] for s in store.all_stats()] == ["kozel"]


def test_a_whole_match_through_the_referee(store: Store) -> None:
    referee = Referee(store, allow_setup=True)
    table = referee.create("allfives", "normal", seed=2)
    token = table.seats[0].token
    view = table.view(0)
    while view["status"] != "over":
        if view["status"] == "sheet":
            view = referee.next_hand(table.id, token)
        elif view["to_move"] == 0 and view["legal_moves"] != ["pass"]:
            view = referee.play(table.id, token, view["legal_moves"][0], view["move_number"])
        else:
            view = referee.step(table.id, token, view["move_number"])
    # A fresh referee on the same database rebuilds the match by replay.
    again = Referee(store).get(table.id)
    assert again.state.is_over and again.move_number == view["move_number"]
    assert store.stats("allfives", "normal")["played"] == 1


def test_database_urls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert _driver_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert _driver_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert _driver_url("sqlite:///x.db") == "sqlite:///x.db"
    monkeypatch.setenv("BONES_DATABASE_URL", "sqlite:///elsewhere.db")
    assert default_url() == "sqlite:///elsewhere.db"
    monkeypatch.delenv("BONES_DATABASE_URL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url.startswith("sqlite:///") and url.endswith("bones.sqlite3")
    assert str(tmp_path) in url
