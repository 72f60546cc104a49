"""The path of a computer's move, cheap end to end: a web process makes a worker's move from its event (no read of the
stored match), a worker reads only the moves made since the table it keeps, and a quick computer's job never waits
behind a slow search."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bones.web.events import Event
from bones.web.jobs import MoveJob
from bones.web.referee import Referee
from bones.web.storage import Store
from bones.web.table import COMPUTER, HUMAN
from bones.web.thinking import QueueThinking
from tests.web.test_web_live import HOST, connect, live, lobby  # noqa: F401 (the fixture)
from tests.web.test_web_processes import tail
from tests.web.test_web_workers import HEARTBEAT_TIMEOUT, crazy_table, until, working

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def counted_loads(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``counted_loads(store)``: a list that gets the id of each game ``store`` reads and replays whole."""

    def count(store: Store) -> list[str]:
        loads: list[str] = []
        original = store.load_game

        def load_game(game_id: str) -> Any:
            loads.append(game_id)
            return original(game_id)

        monkeypatch.setattr(store, "load_game", load_game)
        return loads

    yield count


def test_a_web_process_makes_a_workers_move_from_its_event_without_reading_the_stored_match(
    live: TestClient,  # noqa: F811
    counted_loads: Any,
) -> None:
    # A worker elsewhere (its own referee and store) saves each computer's move and publishes its event, as
    # ``bones worker`` does. The web process kept the table one move before: reading the stored match and replaying it,
    # once for the socket's view and once for the driver, was a third of a web process's CPU.
    referee = live.app.state.referee  # type: ignore[attr-defined]
    hub = live.app.state.hub  # type: ignore[attr-defined]
    worker_store = Store(referee.store.url)
    worker = Referee(worker_store)
    worker.listeners.append(
        lambda table, number, kind: hub.bus.publish(Event.told(table, number, kind, worker.move_at))
    )
    told: list[Event] = []
    publish = hub.bus.publish
    hub.bus.publish = lambda event: (told.append(event), publish(event))

    def think(table_id: str, move_number: int, seat: int, level: str = "") -> None:
        job = MoveJob(table_id, move_number, seat, level)  # asked twice (no lease here): the second is refused
        threading.Thread(target=job.perform, args=(worker,), daemon=True).start()

    referee.thinker = think
    table = lobby(live, computers=[1, 2, 3])
    ann = connect(live, table["id"], table["token"])
    ann.until(lambda p: p.lobby is not None)
    live.post(f"/api/lobby/{table['id']}/start", headers={HOST: table["token"]})
    ann.until(lambda p: p.view is not None and p.view["move_number"] >= 4)
    loads = counted_loads(referee.store)
    at = ann.view["move_number"]  # type: ignore[index]
    ann.until(lambda p: p.view is not None and p.view["move_number"] >= at + 20)
    assert any(e.kind == "moved" and e.move is not None for e in told)  # the workers' moves came with their text
    assert loads == []
    # The kept table, made of the events' moves, is the stored match (the match goes on meanwhile: a prefix).
    kept = [str(move) for move in referee.get(table["id"]).state.moves]
    stored = worker_store.load_game(table["id"])
    assert stored is not None and len(kept) >= at + 20
    assert stored.record["moves"][: len(kept)] == kept
    worker_store.close()


def kozel(referee: Referee, seed: int, level: str = "easy") -> str:
    seats = [{"kind": HUMAN, "name": "Ann"}] + [{"kind": COMPUTER, "name": f"C{n}", "level": level} for n in (1, 2, 3)]
    return referee.create("kozel", level, seed=seed, seats=seats, player=f"ann-{seed}").id


def play_on(web: Referee, worker: Referee, table_id: str, moves: int) -> None:
    """``moves`` moves: the person's made on ``web``, the computers' by ``worker``."""
    for _ in range(moves):
        table = web.get(table_id)
        seat = table.state.to_move
        assert seat is not None and table.status == "playing"
        if table.sheet_pending(0):
            web.next_hand(table_id, f"ann-{table.id}", table.seats[0].token)
        elif seat == 0 and table.state.forced_move() is None:
            web.play(
                table_id, f"ann-{table.id}", table.seats[0].token, str(table.state.legal_moves[0]), table.move_number
            )
        else:
            worker.drive(table_id, table.move_number, seat)


def test_a_workers_next_job_reads_only_the_moves_made_since_the_table_it_keeps(
    tmp_path: Path, counted_loads: Any
) -> None:
    # Between a worker's jobs at a table, the person moved (on a web process) or another worker did: it read the whole
    # stored match and replayed it for each job (12% of a worker's time). Now it reads the moves it lacks.
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    web, worker = Referee(Store(database), allow_setup=True), Referee(Store(database))
    web.holders = lambda game_id, seat=None: {0: f"ann-{game_id}"}  # type: ignore[method-assign]
    table_id = kozel(web, 5)
    play_on(web, worker, table_id, 2)
    loads = counted_loads(worker.store)
    play_on(web, worker, table_id, 30)
    assert loads == []
    stored = worker.store.load_game(table_id)
    assert stored is not None
    assert [str(m) for m in worker.get(table_id).state.moves] == stored.record["moves"]


def test_a_kept_table_two_moves_behind_follows_no_event_and_is_read_from_the_store(tmp_path: Path) -> None:
    # An event was lost: the kept table must not take the next move told for its own next one.
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    web, worker = Referee(Store(database), allow_setup=True), Referee(Store(database))
    other = Referee(Store(database))  # another web process
    for referee in (web, other):
        referee.holders = lambda game_id, seat=None: {0: f"ann-{game_id}"}  # type: ignore[method-assign]
    table_id = kozel(web, 9)
    play_on(web, worker, table_id, 3)
    kept = web.get(table_id)
    number = kept.move_number
    play_on(other, worker, table_id, 2)
    last = worker.move_at(table_id, number + 2)
    assert last is not None
    assert not web.follows(table_id, number + 2)
    web.follow(table_id, [(number + 2, last)])
    assert web.kept(table_id, number) is kept  # untouched
    assert web.kept(table_id, number + 2) is None
    now = web.get(table_id, heard=number + 2)
    assert [str(m) for m in now.state.moves] == [str(m) for m in worker.get(table_id).state.moves]


def test_a_quick_computers_job_is_not_queued_behind_slow_searches(
    redis_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # One queue: an Easy computer's move waited behind every Crazy search before it (about a second each).
    monkeypatch.setenv("BONES_WORKER_HEARTBEAT_TIMEOUT", HEARTBEAT_TIMEOUT)
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    referee = Referee(Store(database), allow_setup=True)

    slow = [replace(crazy_table(referee, seed), level="crazy") for seed in (7, 8)]  # about a second's search each
    table_id = kozel(referee, 30, "easy")
    table = referee.get(table_id)
    while not table.needs_search():
        token = table.seats[0].token
        referee.play(table_id, "ann-30", token, str(table.state.legal_moves[0]), table.move_number)
        table = referee.get(table_id)
    seat = table.state.to_move
    assert seat is not None
    quick = MoveJob(table_id, table.move_number, seat, table.level_of(seat))
    assert all(j.slow for j in slow) and not quick.slow
    thinking = QueueThinking(redis_url)
    with working(database, redis_url, count=1) as [(_worker, log)]:
        for each in slow:
            thinking.ask(each)
        until(lambda: f"thinking for {slow[0].key}" in log.read_text(), 60, lambda: tail(log))
        thinking.ask(quick)
        until(lambda: f"{slow[-1].key} saved" in log.read_text(), 120, lambda: tail(log))
        until(lambda: f"{quick.key} saved" in log.read_text(), 30, lambda: tail(log))
        text = log.read_text()
        assert f"{quick.key} saved" in text, tail(log)
        # Made while the first search still ran: not behind it, nor behind the search queued after it.
        assert text.index(f"{quick.key} saved") < text.index(f"{slow[0].key} saved"), tail(log)
    thinking.close()
    referee.store.close()


def test_the_embedded_servers_slow_searches_have_worker_processes_of_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without Redis the local worker processes were one pool: a quick move waited behind every Crazy search in it.
    from concurrent.futures import Future

    from bones.web import thinking

    sent: dict[str, list[str]] = {"quick": [], "slow": []}

    def taking(lane: str) -> Any:
        def submit(_database_url: str, data: dict[str, Any]) -> tuple[Any, Future[dict[str, Any] | None]]:
            sent[lane].append(data["level"])
            return None, Future()

        return submit

    monkeypatch.setattr(thinking._POOL, "submit", taking("quick"))
    monkeypatch.setattr(thinking._SLOW_POOL, "submit", taking("slow"))
    local = thinking.LocalThinking("sqlite://", done=lambda job, move: None)
    for number, level in enumerate(("crazy", "easy", "hard", "crazy", "normal")):
        local.ask(MoveJob("table", number, 1, level))
    assert sent == {"quick": ["easy", "hard", "normal"], "slow": ["crazy", "crazy"]}


def test_a_kept_table_of_a_game_whose_moves_are_taken_back_is_read_whole_when_behind(tmp_path: Path) -> None:
    # Rows past a number are deleted by an undo: the stored moves up to a kept table's number may then not be its
    # own, so reading only the moves it lacks would make a position that was never played.
    import bones
    from bones.registry import games

    game = sorted(g for g in games() if bones.rules(g).allows_undo)[0]
    database = f"sqlite:///{tmp_path / 'bones.sqlite3'}"
    here, there = Referee(Store(database), allow_setup=True), Referee(Store(database))
    table = here.create(game, "easy", seed=5, player="ann")
    token = table.seats[0].token

    def play(referee: Referee, choice: int) -> None:
        now = referee.get(table.id)
        moves = now.state.legal_moves
        referee.play(table.id, "ann", token, str(moves[choice % len(moves)]), now.move_number)

    play(here, 0)
    play(here, 0)
    kept = here.get(table.id)
    there.undo(table.id, "ann", token, 2)
    there.undo(table.id, "ann", token, 1)
    for _ in range(3):
        play(there, 1)
    assert [str(m) for m in here.get(table.id).state.moves] == [str(m) for m in there.get(table.id).state.moves]
    assert here.get(table.id) is not kept
