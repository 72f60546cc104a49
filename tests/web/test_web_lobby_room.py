"""The room in the browser (issues 24 and 26): the host removes a seated guest by name, who is told and may sit
again; START asks before giving up the host's match against computers, as PLAY does; a page of another origin
can neither change anything nor open a table's socket, while the site's own page (which always sends Origin) can.
One Chromium, one server process (SQLite)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_live_browser import Browser, open_draw_room, quick_server  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore::DeprecationWarning")]

JSON = {"Content-Type": "application/json"}


def test_the_host_removes_a_guest_by_name_and_start_asks_before_giving_up_a_solo_match(
    quick_server: str,  # noqa: F811
    browser: Any,
    artifacts: Path,
) -> None:
    ann, bob = Browser(browser, "Ann"), Browser(browser, "Bob")
    ann.page.goto(f"{quick_server}/?pace=0")
    solo = ann.page.request.post(f"{quick_server}/api/games", data=json.dumps({"game": "block"}), headers=JSON).json()
    link = open_draw_room(ann, quick_server, name="Ann")
    bob.page.goto(link + "&pace=0")
    bob.page.locator("#room-name").fill("Bob")
    bob.page.locator('#room-seats [data-seat="1"] button').click()
    ann.page.wait_for_selector('#room-seats [data-seat="1"].human')
    remove = ann.page.get_by_role("button", name="Remove Bob from the table")
    assert remove.inner_text() == "REMOVE"
    ann.shots(artifacts, "room-remove")
    remove.click()
    ann.page.wait_for_selector('#room-seats [data-seat="1"].open')
    # Bob is told, by name, and may sit again; his page keeps no seat.
    bob.page.wait_for_selector('#room-seats [data-seat="1"] button:text("SIT HERE")')
    assert "Ann gave your seat" in bob.page.locator("#toast").inner_text()
    assert bob.page.evaluate("() => window.BonesTable.state.token") is None
    bob.page.locator('#room-seats [data-seat="1"] button').click()
    ann.page.wait_for_selector('#room-seats [data-seat="1"].human')
    # START asks first: BACK keeps both the solo match and the room.
    ann.page.locator("#room-start").click()
    ann.page.wait_for_selector("#confirm:not([hidden])")
    assert "Block" in ann.page.locator("#confirm-info").inner_text()
    ann.shots(artifacts, "room-ask")
    ann.page.locator("#confirm-back").click()
    assert ann.page.locator("#room").is_visible()
    kept = ann.page.request.get(f"{quick_server}/api/games/{solo['id']}", headers={"X-Seat-Token": solo["token"]})
    assert kept.json()["status"] == "playing"
    # Asked again, GIVE IT UP starts the match for both.
    ann.page.locator("#room-start").click()
    ann.page.locator("#confirm-new").click()
    for person in (ann, bob):
        person.page.wait_for_selector("#table:not([hidden])")
    gone = ann.page.request.get(f"{quick_server}/api/games/{solo['id']}", headers={"X-Seat-Token": solo["token"]})
    assert gone.json()["status"] == "abandoned"
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    for person in (ann, bob):
        person.context.close()


TRY_FROM_ELSEWHERE = """async ([target, id]) => {
  const put = await fetch(target + "/api/player/name", {method: "PUT", credentials: "include", mode: "no-cors",
    headers: {"Content-Type": "text/plain"}, body: JSON.stringify({name: "Mallory"})}).then(() => "sent", () => "failed");
  const socket = await new Promise((resolve) => {
    const ws = new WebSocket(target.replace("http", "ws") + "/api/live/" + id);
    ws.onopen = () => { ws.close(); resolve("open"); };
    ws.onerror = () => resolve("refused");
  });
  return {put, socket};
}"""


def test_a_page_of_another_origin_changes_nothing_and_opens_no_socket(
    quick_server: str,  # noqa: F811
    browser: Any,
) -> None:
    ann = Browser(browser, "Ann")
    ann.page.goto(f"{quick_server}/?pace=0")
    made = ann.page.request.post(
        f"{quick_server}/api/lobby", data=json.dumps({"game": "draw", "players": 2}), headers=JSON
    ).json()
    # The same server under another name is another origin: the browser sends Origin: http://localhost:PORT.
    elsewhere = quick_server.replace("127.0.0.1", "localhost")
    ann.page.goto(f"{elsewhere}/?pace=0")
    tried = ann.page.evaluate(TRY_FROM_ELSEWHERE, [quick_server, made["id"]])
    assert tried["socket"] == "refused", tried
    ann.page.goto(f"{quick_server}/?pace=0")
    assert ann.page.request.get(f"{quick_server}/api/player").json()["name"] is None
    # The site's own page sends Origin too, and is answered.
    own = ann.page.evaluate(
        """async () => (await fetch("/api/player/name", {method: "PUT", headers: {"Content-Type": "application/json"},
           body: JSON.stringify({name: "Ann"})})).status"""
    )
    assert own == 200
    opened = ann.page.evaluate(TRY_FROM_ELSEWHERE, [quick_server, made["id"]])
    assert opened["socket"] == "open", opened
    ann.context.close()
