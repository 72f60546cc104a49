"""Storage of games and statistics, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bones.web.referee import Referee
from bones.web.stats import MatchResult
from bones.web.storage import StaleError, Store, _driver_url, default_url

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
    from bones.web.schema import Base

    Base.metadata.drop_all(store.engine)
    store.close()


def record(moves: list[str]) -> dict:
    return {**RECORD, "seed": 4, "moves": moves}


def test_a_game_round_trips_and_stale_writes_are_refused(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t", "seen": 0}, {"kind": "computer", "name": "Lily"}]
    store.create_game("g1", "draw", "hard", 2, seats, record([]))
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.seats == seats and loaded.record["moves"] == [] and loaded.move_number == 0
    store.save_game("g1", 0, ["6:6", "6:5@left"], seats)
    assert store.load_game("g1").move_number == 2  # type: ignore[union-attr]
    with pytest.raises(StaleError):
        store.save_game("g1", 0, ["6:6"], seats)
    assert store.load_game("g1").record["moves"] == ["6:6", "6:5@left"]  # type: ignore[union-attr]
    assert store.load_game("nope") is None


def test_latest_unfinished_and_abandon(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    store.create_game("a", "draw", "easy", 2, seats, record([]), holders={0: "ann"})
    store.create_game("b", "block", "easy", 2, seats, record([]), holders={0: "ann"})
    store.create_game("c", "block", "easy", 2, seats, record([]), holders={0: "bob"})
    store.save_game("b", 0, ["6:6"], seats)
    store.save_game("c", 0, ["6:6"], seats)
    assert store.latest_unfinished("ann").id == "b"  # type: ignore[union-attr]
    assert store.latest_unfinished("bob").id == "c"  # type: ignore[union-attr]
    assert store.latest_unfinished("nobody") is None
    assert store.abandon(["b", "a", "nope"]) == ["b", "a"]
    assert store.latest_unfinished("ann") is None
    assert store.load_game("b").status == "abandoned"  # type: ignore[union-attr]
    assert store.load_game("c").status == "playing"  # type: ignore[union-attr]
    # Given up after a move: counted as abandoned, not played; given up before any move: not counted.
    block = store.stats("ann", "block", "easy")
    assert (block["played"], block["abandoned"], block["best_score"]) == (0, 1, None)
    assert store.stats("ann", "draw", "easy")["abandoned"] == 0
    assert store.stats("bob", "block", "easy")["abandoned"] == 0
    with pytest.raises(StaleError):
        store.save_game("b", 1, ["6:6", "pass"], seats)


def test_statistics_count_wins_streaks_and_scores(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    for number, (won, score) in enumerate([(True, 104), (True, 120), (False, 60), (True, 101)]):
        game_id = f"m{number}"
        store.create_game(game_id, "draw", "normal", 2, seats, record([]))
        store.save_game(game_id, 0, ["6:6"], seats, "finished", MatchResult("draw", "normal", won, score, False, "ann"))
    assert store.stats("bob", "draw", "normal")["played"] == 0
    stats = store.stats("ann", "draw", "normal")
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
        "abandoned": 0,
    }
    assert store.stats("ann", "draw", "crazy")["played"] == 0


def test_kozel_keeps_the_lowest_score_as_best(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    for number, score in enumerate([40, 12, 101]):
        store.create_game(f"k{number}", "kozel", "hard", 4, seats, record([]))
        result = MatchResult("kozel", "hard", won=score < 101, score=score, low_score_wins=True)
        store.save_game(f"k{number}", 0, ["1:1"], seats, "finished", result)
    assert store.stats("", "kozel", "hard")["best_score"] == 12
    assert [s["game"] for s in store.all_stats("")] == ["kozel"]
    assert store.all_stats("someone") == []


def test_an_abandoned_match_ends_a_streak_but_is_no_loss(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    for number in range(2):
        store.create_game(f"w{number}", "kozel", "hard", 4, seats, record([]), holders={0: "ann"})
        result = MatchResult("kozel", "hard", won=True, score=50, low_score_wins=True, player="ann")
        store.save_game(f"w{number}", 0, ["1:1"], seats, "finished", result)
    store.create_game("q", "kozel", "hard", 4, seats, record([]), holders={0: "ann"})
    store.save_game("q", 0, ["1:1"], seats)
    store.abandon(["q"])
    store.abandon(["q"])  # twice is once
    stats = store.stats("ann", "kozel", "hard")
    assert (stats["played"], stats["won"], stats["best_score"], stats["abandoned"]) == (2, 2, 50, 1)
    assert (stats["streak"], stats["best_streak"]) == (0, 2)


OLD_GAMES = (
    "CREATE TABLE bones_games (id VARCHAR(32) NOT NULL PRIMARY KEY, game VARCHAR(32) NOT NULL,"
    " level VARCHAR(16) NOT NULL, players INTEGER NOT NULL, seats JSON NOT NULL, record JSON NOT NULL,"
    " move_number INTEGER NOT NULL, status VARCHAR(16) NOT NULL, created_at TIMESTAMP WITH TIME ZONE NOT NULL,"
    " updated_at TIMESTAMP WITH TIME ZONE NOT NULL)"
)


def test_a_database_of_an_older_bones_gets_the_new_columns(store: Store) -> None:
    """A database made before players: its games get an owner column (empty), and belong to nobody."""
    from sqlalchemy import inspect, text

    from bones.web.schema import Base

    Base.metadata.drop_all(store.engine)
    with store.engine.begin() as connection:
        connection.execute(text(OLD_GAMES))
        connection.execute(
            text(
                "INSERT INTO bones_games VALUES ('old', 'draw', 'easy', 2, '[]', :record, 1, 'playing',"
                " '2025-01-01 00:00:00+00', '2025-01-01 00:00:00+00')"
            ),
            {"record": json.dumps(record(["6:6"]))},
        )
    reopened = Store(store.url)
    try:
        assert "owner" in {c["name"] for c in inspect(reopened.engine).get_columns("bones_games")}
        assert "ix_bones_games_owner" in {i["name"] for i in inspect(reopened.engine).get_indexes("bones_games")}
        old = reopened.load_game("old")
        assert old is not None and old.owner is None and old.record["moves"] == ["6:6"]
        assert reopened.holders("old") == {} and reopened.latest_unfinished("") is None
        reopened.abandon(["old"])
        assert reopened.all_stats("") == []
    finally:
        reopened.close()


def test_a_whole_match_through_the_referee(store: Store) -> None:
    referee = Referee(store, allow_setup=True)
    table = referee.create("allfives", "normal", seed=2, player="ann")
    token = table.seats[0].token
    view = table.view(0)
    while view["status"] != "over":
        if view["status"] == "sheet":
            view = referee.next_hand(table.id, "ann", token)
        elif view["to_move"] == 0 and view["legal_moves"] != ["pass"]:
            view = referee.play(table.id, "ann", token, view["legal_moves"][0], view["move_number"])
        else:
            view = referee.step(table.id, "ann", token, view["move_number"])
    # A fresh referee on the same database rebuilds the match by replay.
    again = Referee(store).get(table.id)
    assert again.state.is_over and again.move_number == view["move_number"]
    assert store.stats("ann", "allfives", "normal")["played"] == 1


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


def test_a_kept_table_is_checked_by_its_head_and_read_whole_only_when_behind(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = Referee(store), Referee(store)  # two processes on one database
    table = here.create("draw", "easy", player="ann")
    token = table.seats[0].token
    whole_reads: list[str] = []
    load_game = store.load_game

    def counted(game_id: str) -> Any:
        whole_reads.append(game_id)
        return load_game(game_id)

    monkeypatch.setattr(store, "load_game", counted)
    for _ in range(3):
        assert here.view(table.id, "ann", token)["move_number"] == 0
    assert whole_reads == []  # current: the record (the whole match) is not read again
    view = there.view(table.id, "ann", token)

    def first_move(referee: Referee) -> dict[str, Any]:
        if view["legal_moves"]:
            return referee.play(table.id, "ann", token, view["legal_moves"][0], 0)
        return referee.step(table.id, "ann", token, 0)  # a computer opens

    moved = first_move(there)
    assert whole_reads == [table.id]  # the other process had not kept it
    assert here.view(table.id, "ann", token)["move_number"] == moved["move_number"] == 1
    # Behind by a move: the moves it lacks are read and played on it, not the whole match (a game of moves never
    # taken back: the stored ones up to its number are its own).
    assert whole_reads == [table.id]
    assert here.view(table.id, "ann", token)["legal_moves"] == there.view(table.id, "ann", token)["legal_moves"]
    with pytest.raises(Exception, match=r"stale move|changed by another request"):
        first_move(here)  # a double submit is applied once


def test_server_processes_starting_at_once_on_a_new_database_make_its_tables_once(postgres_url: str) -> None:
    # Servers behind a load balancer start together: each makes the tables it finds missing, and none may fail
    # because another made one between its look and its CREATE TABLE.
    import threading
    import uuid

    from sqlalchemy import create_engine, text

    from bones.web.seating import Seating

    name = f"fresh_{uuid.uuid4().hex[:12]}"
    admin = create_engine(_driver_url(postgres_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    url = postgres_url.rsplit("/", 1)[0] + f"/{name}"
    start, failures, stores = threading.Barrier(8), [], []

    def open_store() -> None:
        start.wait()
        try:
            store = Store(url)
            Seating(store.engine)
            stores.append(store)
        except Exception as error:
            failures.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for store in stores:
        store.close()
    assert not failures, failures[:1]
    admin.dispose()


def test_two_processes_changing_two_seats_at_once_both_keep_their_change(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ann and Bob close their hand sheets (or go away) on two server processes at the same moment. Each wrote
    # the seats from its own copy, at the same move number: the later write put the other seat back as it was,
    # and the live match waited for ever on a sheet its player had closed (seen in a two-process kozel match).
    here, there = Referee(store), Referee(store)  # two processes on one database
    table = here.create("draw", "easy", seats=[{"kind": "human"}, {"kind": "human"}], player="ann")
    there.get(table.id)
    save_game = store.save_game
    raced: list[bool] = []

    def racing(*args: Any, **kwargs: Any) -> Any:
        if not raced:  # there's write: here's lands between its read and its write
            raced.append(True)
            here.set_away(table.id, 0, True)
        return save_game(*args, **kwargs)

    monkeypatch.setattr(store, "save_game", racing)
    there.set_away(table.id, 1, True)
    stored = store.load_game(table.id)
    assert stored is not None
    assert [seat.get("away", False) for seat in stored.seats] == [True, True]
    assert [seat.away for seat in here.get(table.id).seats] == [True, True]
    assert [seat.away for seat in there.get(table.id).seats] == [True, True]


def _play(referee: Referee, table_id: str, player: str, token: str | None, moves: int) -> dict[str, Any]:
    """``moves`` moves of a match (the player's, the computers' and hand sheets closed as they come)."""
    view = referee.view(table_id, player, token)
    start = view["move_number"]
    while view["move_number"] < start + moves and view["status"] != "over":
        if view["status"] == "sheet":
            view = referee.next_hand(table_id, player, token)
        elif view["to_move"] == 0 and view["legal_moves"] != ["pass"]:
            view = referee.play(table_id, player, token, view["legal_moves"][0], view["move_number"])
        else:
            view = referee.step(table_id, player, token, view["move_number"])
    return view


def _rows(store: Store, sql: str, **values: Any) -> list[Any]:
    from sqlalchemy import text

    with store.engine.begin() as connection:
        return list(connection.execute(text(sql), values).all())


def test_a_second_move_at_the_same_number_is_refused_by_the_database(store: Store) -> None:
    from sqlalchemy.exc import IntegrityError

    seats = [{"kind": "human", "name": "You", "token": "t"}]
    store.create_game("g", "draw", "easy", 2, seats, record([]))
    store.save_game("g", 0, ["6:6"], seats)
    # Whatever a writer believes the game's head is, the database holds one move per number.
    with pytest.raises(IntegrityError):
        _rows(store, "INSERT INTO bones_moves (game_id, number, move) VALUES ('g', 1, '6:5@left')")
    with pytest.raises(StaleError):
        store.save_game("g", 0, ["5:5"], seats)
    assert store.load_game("g").record["moves"] == ["6:6"]  # type: ignore[union-attr]


def test_moves_are_rows_and_a_whole_match_replays_from_them(store: Store) -> None:
    referee = Referee(store, allow_setup=True)
    table = referee.create("allfives", "normal", seed=2, player="ann")
    view = _play(referee, table.id, "ann", table.seats[0].token, 10_000)
    assert view["status"] == "over"
    # A move appended a row; the game's own record was never written again.
    stored_record = json.loads(_rows(store, "SELECT CAST(record AS TEXT) FROM bones_games")[0][0])
    assert stored_record["moves"] == []
    rows = _rows(store, "SELECT number, move FROM bones_moves WHERE game_id = :g ORDER BY number", g=table.id)
    assert [number for number, _move in rows] == list(range(1, view["move_number"] + 1))
    again = Referee(store).get(table.id)
    assert again.state.is_over and [str(m) for m in again.state.moves] == [move for _n, move in rows]
    assert again.view(0)["outcome"] == view["outcome"]


def test_an_old_format_database_opens_and_plays_on(store: Store) -> None:
    """A database of a bones that kept each game's moves in its record (no bones_moves table)."""
    from sqlalchemy import text

    referee = Referee(store, allow_setup=True)
    table = referee.create("draw", "normal", seed=5, player="ann")
    token = table.seats[0].token
    before = _play(referee, table.id, "ann", token, 4)["move_number"]
    old_record = json.dumps(referee.get(table.id).record.to_dict())
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE bones_moves"))
        connection.execute(text("UPDATE bones_games SET record = :record"), {"record": old_record})
    store.close()
    reopened = Store(store.url)
    try:
        again = Referee(reopened)
        assert again.get(table.id).move_number == before
        after = _play(again, table.id, "ann", token, 4)["move_number"]
        assert after > before
        fresh = Referee(reopened).get(table.id)
        assert fresh.move_number == after
        assert [str(m) for m in fresh.state.moves[:before]] == json.loads(old_record)["moves"]
        numbers = _rows(reopened, "SELECT number FROM bones_moves ORDER BY number")
        assert [n for (n,) in numbers] == list(range(before + 1, after + 1))  # only the new moves are rows
    finally:
        reopened.close()


def test_a_rewind_takes_moves_back_from_the_rows_and_from_an_old_record(store: Store) -> None:
    seats = [{"kind": "human", "name": "You", "token": "t"}]
    store.create_game("r", "draw", "easy", 2, seats, record(["1:1", "1:2"]))  # moves kept in the record
    store.save_game("r", 2, ["1:1", "1:2", "1:3", "1:4"], seats)
    store.save_game("r", 4, ["1:1", "1:2", "1:3"], seats)
    assert store.load_game("r").record["moves"] == ["1:1", "1:2", "1:3"]  # type: ignore[union-attr]
    store.save_game("r", 3, ["1:1"], seats)
    assert store.load_game("r").record["moves"] == ["1:1"]  # type: ignore[union-attr]
    store.save_game("r", 1, ["1:1", "2:2"], seats)
    loaded = store.load_game("r")
    assert loaded is not None and loaded.record["moves"] == ["1:1", "2:2"] and loaded.move_number == 2
