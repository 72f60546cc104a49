"""Issue 13's done-when: two browsers play a whole Kozel match against each other, each with a computer partner,
through two server processes (one PostgreSQL, one Redis), and neither ever sees the other's tiles.

Ann, on the first process, makes the table in the lobby screen (Bob's seat open, the two partners' seats given to
computers) and copies its invitation link; Bob opens the link on the second process, names himself and sits down;
Ann starts. Then both play by clicking their tiles, the others' moves pushed to each page over its WebSocket. At
every point where both pages show the same move, each page's document (its text and attributes, the hand sheets
left aside) is searched for the tiles hidden from its seat, and at the end so is every view each page received over
its socket. Bob's socket is dropped once in mid-match, while Ann plays on: the page connects again and catches up.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonpatch
import pytest

from bones.record import Record
from bones.web.storage import Store
from tests.web.conftest import free_port
from tests.web.live_players import Player, assert_no_hidden_tiles, hidden_pattern
from tests.web.test_web_browser import LANDSCAPE, VIEWPORTS, tap_move
from tests.web.test_web_processes import SERVER_LOGS, serving, tail

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

WORDS = ["blank", "one", "two", "three", "four", "five", "six"]

SNAPSHOT = """() => {
  const s = window.BonesTable.state, live = window.BonesLive.live, shown = (id) => !document.getElementById(id).hidden;
  return { view: s.view, busy: s.busy, queued: live.queue.length, sheet: shown('sheet'), results: shown('results'),
           table: shown('table'), reconnects: live.reconnects };
}"""

# What the page shows: its text and every attribute, but not the hand sheets and results (the hands of a finished
# hand are shown face up there, and those tiles are dealt again).
PAGE_TEXT = """() => {
  const parts = [document.body.innerText];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('#sheet, #results')) continue;
    for (const a of e.attributes) parts.push(a.value);
  }
  return parts.join('\\n');
}"""

# The page's view and its text read in one evaluation: a move pushed between two reads would pair a view with the text
# of the next move, whose tile is no longer hidden.
PAGE_SEEN = f"""() => {{
  const s = window.BonesTable.state;
  return {{ view: s.view, settled: !s.busy && !window.BonesLive.live.queue.length, text: ({PAGE_TEXT})() }};
}}"""


class Browser:
    """One person: a browser context (its own cookie, so its own player) with the frames its sockets received."""

    def __init__(self, browser: Any, name: str) -> None:
        self.name = name
        self.context = browser.new_context(viewport=LANDSCAPE)
        self.context.grant_permissions(["clipboard-read", "clipboard-write"])
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.frames: list[dict[str, Any]] = []
        self.hellos: list[dict[str, Any]] = []
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        shown: dict[str, Any] = {}  # this socket's last view: what its next patch changes

        def received(payload: str) -> None:
            frame = json.loads(payload)
            if "patch" in frame:
                # The page asked for patches: the view it holds is the last one changed by this patch.
                frame["view"] = jsonpatch.apply_patch(shown["view"], frame["patch"])
            if "view" in frame:
                shown["view"] = frame["view"]
            self.frames.append(frame)

        socket.on("framereceived", received)
        socket.on("framesent", lambda payload: self.hellos.append(json.loads(payload)))

    def snapshot(self) -> dict[str, Any]:
        return dict(self.page.evaluate(SNAPSHOT))

    def views(self) -> list[dict[str, Any]]:
        """Every view the page's sockets brought, whole or as a patch of the one before."""
        return [frame["view"] for frame in self.frames if "view" in frame]

    def shots(self, artifacts: Path, what: str) -> None:
        for size, viewport in VIEWPORTS.items():
            self.page.set_viewport_size(viewport)
            self.page.wait_for_timeout(300)
            self.page.screenshot(path=str(artifacts / f"live-{what}-{size}.png"))
        self.page.set_viewport_size(LANDSCAPE)


def word_forms(tile: str) -> list[str]:
    high, low = (int(n) for n in tile.split(":"))
    if high == low:
        return [f"double {WORDS[high]}"]
    return [f"{WORDS[high]}–{WORDS[low]}", f"{WORDS[low]}–{WORDS[high]}"]


def assert_page_hides(person: Browser, states: list[Any]) -> bool:
    """The page's document names none of the tiles hidden from its seat, in numbers or in words.

    Checked against the position the page shows at that instant; False where there is nothing to check (a hand
    ended, the page between two views, or a move the record given does not hold yet)."""
    seen = person.page.evaluate(PAGE_SEEN)
    view, text = seen["view"], seen["text"]
    if not seen["settled"] or view["status"] != "playing" or (view["last"] or {}).get("hand_ended"):
        return False
    if view["move_number"] >= len(states):
        return False
    hidden = states[view["move_number"]].hidden_from(view["seat"])
    for tile in hidden:
        found = hidden_pattern(tile).search(text)
        for words in word_forms(tile):
            found = found or re.search(rf"(?<![a-z]){re.escape(words)}(?![a-z])", text)
        assert not found, (
            f"{person.name} sees {tile} at move {view['move_number']}: {text[max(0, found.start() - 200) : found.end() + 50]!r}"
        )
    return True


def stuck(a: dict[str, Any], b: dict[str, Any], store: Store, table_id: str) -> str:
    """Where the match stopped, as each page and the database see it."""
    stored = store.load_game(table_id)
    keys = ("move_number", "status", "to_move", "seat", "legal_moves", "forced")
    pages = [
        {**{k: snap["view"].get(k) for k in keys}, **{k: snap[k] for k in ("busy", "queued", "sheet", "reconnects")}}
        for snap in (a, b)
    ]
    return f"pages {pages}; stored move {stored.move_number if stored else None}, {stored.seats if stored else None}"


def test_two_browsers_play_a_whole_kozel_match_on_two_server_processes(
    postgres_url: str, redis_url: str, browser: Any, artifacts: Path
) -> None:
    began = time.monotonic()
    with serving(postgres_url, redis_url) as first, serving(postgres_url, redis_url) as second:
        served = time.monotonic()
        ann, bob = Browser(browser, "Ann"), Browser(browser, "Bob")
        # Ann, on the first process: the menu, Kozel, PLAY WITH PEOPLE; Bob's seat open, the partners computers.
        ann.page.goto(f"{first}/?pace=0")
        ann.page.locator('#games button[data-value="kozel"]').click()
        ann.page.locator("#people").click()
        ann.page.wait_for_selector("#lobby:not([hidden])")
        ann.page.locator("#lobby-name").fill("Ann")
        for seat in (2, 3):
            ann.page.locator(f'#lobby-seats [data-seat="{seat}"] button[data-value="computer"]').click()
        ann.shots(artifacts, "lobby")
        ann.page.locator("#lobby-create").click()
        ann.page.wait_for_selector("#room:not([hidden])")
        ann.page.locator("#room-copy").click()
        link = ann.page.locator("#room-link").input_value()
        assert re.fullmatch(rf"{re.escape(first)}/\?join=[0-9a-f]+", link), link
        assert ann.page.evaluate("() => navigator.clipboard.readText()") == link  # COPY copied it
        table_id = link.rsplit("=", 1)[1]
        # Bob, on the second process, opens the link (the page's pace set for the test), names himself and sits.
        bob.page.goto(link.replace(first, second) + "&pace=0")
        bob.page.wait_for_selector("#room:not([hidden])")
        bob.page.locator("#room-name").fill("Bob")
        bob.page.locator('#room-seats [data-seat="1"] button').click()
        bob.page.wait_for_function(
            "() => document.getElementById('room-note').textContent.startsWith('Waiting for Ann')"
        )
        # Ann's room hears of Bob over her socket (Bob sat down on the other process).
        ann.page.wait_for_selector('#room-seats [data-seat="1"].human')
        assert "Bob" in ann.page.locator('#room-seats [data-seat="1"]').inner_text()
        ann.shots(artifacts, "room")
        ann.page.locator("#room-start").click()
        for person in (ann, bob):
            person.page.wait_for_selector("#table:not([hidden])")
        store = Store(postgres_url)
        rng = random.Random(13)
        moves_clicked = {"Ann": 0, "Bob": 0}
        checked = 0
        dropped_at: int | None = None
        shot = False
        try:
            deadline = time.monotonic() + 600
            progress = (-1, time.monotonic())  # the last move number both pages showed, and when it changed
            while True:
                a, b = ann.snapshot(), bob.snapshot()
                if a["view"]["move_number"] == b["view"]["move_number"] != progress[0]:
                    progress = (a["view"]["move_number"], time.monotonic())
                # A page left behind catches up within a sync (15 s): a minute without progress is a stuck match.
                assert time.monotonic() < min(deadline, progress[1] + 90), (
                    f"the match did not go on: {stuck(a, b, store, table_id)}; servers' logs: "
                    + " | ".join(tail(log, 1500) for log in SERVER_LOGS[-2:])
                )
                if a["results"] and b["results"]:
                    break
                settled = not (a["busy"] or b["busy"] or a["queued"] or b["queued"])
                if not settled or a["view"]["move_number"] != b["view"]["move_number"]:
                    time.sleep(0.03)
                    continue
                number = a["view"]["move_number"]
                record = store.load_game(table_id)
                assert record is not None
                states = list(Record.from_dict(record.record).states())
                if len(states) - 1 != number:
                    time.sleep(0.03)  # a computer moved meanwhile
                    continue
                for person in (ann, bob):
                    checked += assert_page_hides(person, states)
                acted = False
                for person, snap in ((ann, a), (bob, b)):
                    if snap["view"]["status"] == "sheet" and snap["sheet"]:
                        person.page.locator("#next-hand").click()
                        acted = True
                if acted or "sheet" in (a["view"]["status"], b["view"]["status"]):
                    time.sleep(0.03)
                    continue
                if not shot and number >= 30 and a["view"]["status"] == "playing":
                    shot = True
                    ann.shots(artifacts, "table")
                    bob.shots(artifacts, "table-bob")
                for person, snap in ((ann, a), (bob, b)):
                    view = snap["view"]
                    mine = view["status"] == "playing" and view["to_move"] == view["seat"]
                    if not mine or view["legal_moves"] == ["pass"]:
                        continue
                    if dropped_at is None and person is ann and number >= 12:
                        # Bob's network drops while Ann plays on: his page connects again and catches up.
                        dropped_at = number
                        bob.page.evaluate("() => window.BonesLive.drop()")
                    tap_move(person.page, rng.choice(view["legal_moves"]))
                    person.page.wait_for_function(
                        f"() => window.BonesTable.state.view.move_number > {number}", timeout=20000
                    )
                    moves_clicked[person.name] += 1
                    acted = True
                    break
                if not acted:
                    time.sleep(0.03)
            played = time.monotonic()
            final = store.load_game(table_id)
            assert final is not None and final.status == "finished"
            states = list(Record.from_dict(final.record).states())
        finally:
            store.close()
        a, b = ann.snapshot(), bob.snapshot()
        # Both see the same end: the same outcome and match score, the one the server stored.
        names = [seat["name"] for seat in a["view"]["seats"]]
        assert a["view"]["outcome"] == b["view"]["outcome"] == states[-1].named_outcome(names).to_dict()  # type: ignore[union-attr]
        assert a["view"]["scores"] == b["view"]["scores"] == list(states[-1].side_scores())
        assert ann.page.locator("#results-score").inner_text()
        ann.page.screenshot(path=str(artifacts / "live-results-landscape.png"))
        # Bob's page came back with the last move number it had heard of, and heard every move after it.
        assert dropped_at is not None and b["reconnects"] >= 1
        sinces = [hello["since"] for hello in bob.hellos if hello.get("type") == "hello"]
        assert len(sinces) >= 2 and sinces[1] is not None and sinces[1] >= dropped_at
        for person, seat in ((ann, 0), (bob, 1)):
            heard = Player(socket=None, token="", seat=seat, views=person.views())  # type: ignore[arg-type]
            assert assert_no_hidden_tiles(final.record, heard) > 20
            assert sum("patch" in frame for frame in person.frames) > 10  # most views came as patches, and were checked
            assert not person.errors, person.errors
        assert moves_clicked["Ann"] > 10 and moves_clicked["Bob"] > 10
        assert checked > 20  # the pages were searched all through the match, not once or twice
        caught_up = sum(tail(log, 10**6).count("missed moves") for log in SERVER_LOGS[-2:])
        print(
            f"\nprocesses up in {served - began:.1f} s; match of {len(states) - 1} moves, {states[-1].hands_played()} hands "
            f"({moves_clicked} clicked, {checked} page checks) in {played - served:.1f} s; {caught_up} catch-ups by sync"
        )
        for person in (ann, bob):
            person.context.close()


class ServerURL(str):
    """A test server's address, with its app at hand (this process's), for a test to reach inside."""

    def __new__(cls, url: str, app: Any) -> ServerURL:
        made = super().__new__(cls, url)
        made.app = app
        return made

    app: Any


@pytest.fixture
def quick_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """One server process of its own (SQLite), whose computers move at once and whose heartbeat is short."""
    import threading

    import uvicorn

    from bones.web.app import create_app

    monkeypatch.setenv("BONES_COMPUTER_PACE", "0")
    monkeypatch.setenv("BONES_HEARTBEAT", "0.5")
    monkeypatch.delenv("BONES_REDIS_URL", raising=False)
    store = Store(f"sqlite:///{tmp_path / 'bones.sqlite3'}")
    port = free_port()
    app = create_app(store)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    yield ServerURL(f"http://127.0.0.1:{port}", app)
    server.should_exit = True
    thread.join(timeout=10)
    store.close()


def open_draw_room(
    host: Browser, server: str, pace: int = 0, name: str | None = None, replace: str | None = None
) -> str:
    """The host makes a two-player Draw table from the menu (PLAY WITH PEOPLE): its invitation link, the host in
    its room."""
    host.page.goto(f"{server}/?pace={pace}")
    host.page.locator('#games button[data-value="draw"]').click()
    host.page.locator('#players button[data-value="2"]').click()
    host.page.locator("#people").click()
    if name is not None:
        host.page.locator("#lobby-name").fill(name)
    if replace is not None:
        host.page.locator("#lobby-replace").fill(replace)
    host.page.locator("#lobby-create").click()
    host.page.wait_for_selector("#room:not([hidden])")
    return str(host.page.locator("#room-link").input_value())


def sit_and_start(host: Browser, guest: Browser, link: str) -> None:
    """The guest opens the link and takes seat 1; the host, told of it, starts; both are at the table."""
    guest.page.goto(link + "&pace=0")
    guest.page.locator('#room-seats [data-seat="1"] button').click()
    host.page.wait_for_selector('#room-seats [data-seat="1"].human')
    host.page.locator("#room-start").click()
    guest.page.wait_for_selector("#table:not([hidden])")


def start_lobby_table(page: Any, server: str, body: dict[str, Any]) -> dict[str, Any]:
    """A lobby's table made and started by the page's player, its host: the lobby's answer (with the host's token)."""
    headers = {"Content-Type": "application/json"}
    made = page.request.post(f"{server}/api/lobby", data=json.dumps(body), headers=headers)
    assert made.status == 201, made.text()
    table = dict(made.json())
    # The player's earlier table alone with computers is a match against computers: starting gives it up when told so.
    started = page.request.post(
        f"{server}/api/lobby/{table['id']}/start",
        data=json.dumps({"give_up": True}),
        headers={**headers, "X-Seat-Token": table["token"]},
    )
    assert started.status == 200, started.text()
    return table


def play_on(person: Browser, rng: random.Random, close_sheets: bool = True) -> None:
    """One step of a person who plays whatever is theirs to do: a sheet closed (unless not wanted), a tile clicked.

    Nothing is tapped while another person's hand sheet is still open: the page only says whom it waits for, so the
    tap would wait in vain for its tile to go. A caller that checked the table a moment earlier cannot tell (its own
    NEXT HAND may be answered in between, with the next hand its turn), so this step decides on what it reads now."""
    snap = person.snapshot()
    view = snap["view"]
    if snap["busy"] or snap["queued"]:
        return
    if view["status"] == "sheet" and snap["sheet"]:
        if not close_sheets:
            return
        person.page.locator("#next-hand").click()
    elif (
        view["status"] == "playing"
        and view["to_move"] == view["seat"]
        and not view["forced"]
        and not view["sheets_open"]
    ):
        tap_move(person.page, rng.choice(view["legal_moves"]))
        person.page.wait_for_function(
            f"() => window.BonesTable.state.view.move_number > {view['move_number']}", timeout=20000
        )


def test_a_person_who_leaves_is_shown_away_played_by_a_computer_and_comes_back_by_the_link(
    quick_server: str, browser: Any, artifacts: Path
) -> None:
    ann, bob = Browser(browser, "Ann"), Browser(browser, "Bob")
    link = open_draw_room(ann, quick_server, replace="5") + "&pace=0"
    # Ann's page opened again finds her room, as its host.
    ann.page.goto(link)
    ann.page.wait_for_selector("#room-start:not([hidden])")
    # Bob finds the table in the lobby's list of open tables.
    bob.page.set_viewport_size(VIEWPORTS["portrait"])
    bob.page.goto(f"{quick_server}/?pace=0")
    bob.page.locator("#people").click()
    bob.page.wait_for_selector("#lobby-list button")
    bob.page.screenshot(path=str(artifacts / "live-lobby-list-portrait.png"))
    bob.page.locator("#lobby-list button").first.click()
    bob.page.wait_for_selector('#room-seats [data-seat="1"] button')
    bob.page.screenshot(path=str(artifacts / "live-join-portrait.png"))
    bob.page.locator('#room-seats [data-seat="1"] button').click()
    ann.page.wait_for_selector('#room-seats [data-seat="1"].human')
    # Unnamed, each is "Player N" to the other.
    assert "Player 2" in ann.page.locator('#room-seats [data-seat="1"]').inner_text()
    ann.page.locator("#room-start").click()
    bob.page.wait_for_selector("#table:not([hidden])")
    assert bob.snapshot()["view"]["seats"][0]["name"] == "Player 1"
    bob.page.set_viewport_size(LANDSCAPE)
    bob.page.close()  # Bob's browser tab goes: his socket with it
    left = time.monotonic()
    rng = random.Random(7)
    deadline = left + 60
    # He is shown gone at once (test_web_live_gone.py), and away once a computer takes his seat.
    note = "() => { const chip = document.getElementById('live-note'); return chip ? chip.textContent : ''; }"
    while "away" not in ann.page.evaluate(note):
        assert time.monotonic() < deadline, "Bob was never shown away"
        play_on(ann, rng)
        time.sleep(0.05)
    assert time.monotonic() - left >= 5
    assert "Player 2 away" in ann.page.locator("#live-note").inner_text()
    # The computer plays Bob's seat while he is away: the match goes on with Ann alone.
    while not any((v.get("last") or {}).get("seat") == 1 and v["seats"][1].get("away") for v in ann.views()):
        assert time.monotonic() < deadline, "nobody played for Bob"
        play_on(ann, rng)
        time.sleep(0.05)
    for size in ("landscape", "portrait"):
        ann.page.set_viewport_size(VIEWPORTS[size])
        ann.page.wait_for_timeout(300)
        ann.page.screenshot(path=str(artifacts / f"live-away-{size}.png"))
    ann.page.set_viewport_size(LANDSCAPE)
    # Bob opens the link again: back at his seat, and Ann's page says so.
    bob.page = bob.context.new_page()
    bob.page.on("console", lambda message: message.type == "error" and bob.errors.append(message.text))
    bob.page.goto(link)
    bob.page.wait_for_selector("#table:not([hidden])")
    assert bob.snapshot()["view"]["seat"] == 1
    deadline = time.monotonic() + 30
    while ann.page.locator("#live-note:not([hidden])").count():
        assert time.monotonic() < deadline, "Bob was not shown back"
        play_on(ann, rng)
        time.sleep(0.05)
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    for person in (ann, bob):
        person.context.close()


def test_every_catalog_game_opens_at_a_live_table_in_the_browser(quick_server: str, browser: Any) -> None:
    """No game named: each the catalog offers, at a lobby's table, drawn by its board and followed over the socket."""
    person = Browser(browser, "Ann")
    page = person.page
    page.goto(f"{quick_server}/?pace=0")
    catalog = page.request.get(f"{quick_server}/api/catalog").json()["games"]
    for entry in catalog:
        players = min(entry["players"])
        body: dict[str, Any] = {"game": entry["id"], "level": "easy", "computers": list(range(1, players))}
        if len(entry["players"]) > 1:
            body["players"] = players
        table = start_lobby_table(page, quick_server, body)
        page.goto(f"{quick_server}/?join={table['id']}&pace=0")
        page.wait_for_selector("#table:not([hidden])")
        # The computers' moves come over the socket until the table waits for its person (or the game ends).
        page.wait_for_function(
            """(id) => { const v = window.BonesTable.state.view, live = window.BonesLive.live;
                         return v && v.id === id && live.id === id && live.socket && live.socket.readyState === 1
                                && (v.status !== 'playing' || v.to_move === v.seat); }""",
            arg=table["id"],
            timeout=30000,
        )
        assert page.locator("#toast").is_hidden(), (entry["id"], page.locator("#toast").inner_text())
        assert page.locator("#board *").count() > 0, f"{entry['id']}: nothing drawn"
        # The socket's first answer may come a moment after the table shows the view it fetched.
        deadline = time.monotonic() + 10
        while not any(frame.get("view", {}).get("id") == table["id"] for frame in person.frames):
            assert time.monotonic() < deadline, f"{entry['id']}: no view came over the socket"
            page.wait_for_timeout(50)
    assert not person.errors, person.errors
    person.context.close()


def test_the_hand_sheet_shows_though_the_other_person_closes_theirs_first(
    quick_server: str, browser: Any, artifacts: Path
) -> None:
    """A page waits a moment before it opens the hand sheet (longer at a slower pace); the other person closing
    theirs meanwhile sends this page the same sheet again, and the sheet must open all the same."""
    ann, bob = Browser(browser, "Ann"), Browser(browser, "Bob")
    sit_and_start(ann, bob, open_draw_room(ann, quick_server, pace=2000))
    rng = random.Random(3)
    deadline = time.monotonic() + 180
    while bob.snapshot()["view"]["hand_no"] < 2 or bob.snapshot()["view"]["status"] == "sheet":
        assert time.monotonic() < deadline, "the first hand did not end"
        play_on(ann, rng, close_sheets=False)  # Ann's page opens her sheet later: she leaves it open
        play_on(bob, rng)  # Bob closes his sheet at once
        time.sleep(0.05)
    # Bob has closed his; Ann's page got the sheet again meanwhile, and opens it.
    ann.page.wait_for_selector("#sheet:not([hidden])", timeout=10000)
    ann.page.locator("#next-hand").click()
    ann.page.wait_for_function("() => window.BonesTable.state.view.status === 'playing'")
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    for person in (ann, bob):
        person.context.close()
