"""The room in the browser (issues 24 and 26): the host removes a seated guest by name, who is told and may sit
again; START asks before giving up the host's match against computers, as PLAY does; the site's own page, which
always sends Origin, changes things and opens its socket. One Chromium, one server process (SQLite)."""

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
    assert "Ann took you off this table" in bob.page.locator("#toast").inner_text()
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


OPEN_SOCKET = """async (id) => await new Promise((resolve) => {
  const ws = new WebSocket(location.origin.replace("http", "ws") + "/api/live/" + id);
  ws.onopen = () => { ws.close(); resolve("open"); };
  ws.onerror = () => resolve("refused");
})"""


def test_the_sites_own_page_sends_origin_and_is_answered(quick_server: str, browser: Any) -> None:  # noqa: F811
    """What the refusal of other origins rests on: a browser sends Origin with a page's changes and its sockets, and
    the site's own page, Origin and Host agreeing, is answered (other origins: tests/web/test_web_origin.py)."""
    ann = Browser(browser, "Ann")
    ann.page.goto(f"{quick_server}/?pace=0")
    made = ann.page.request.post(
        f"{quick_server}/api/lobby", data=json.dumps({"game": "draw", "players": 2}), headers=JSON
    ).json()
    # Waited for: the request's event may reach the test after the page's answer (CI, stop 34, under load: no
    # request seen by a listener read as soon as the fetch returned).
    with ann.page.expect_request(lambda r: r.method == "PUT" and r.url.endswith("/api/player/name")) as put:
        status = ann.page.evaluate(
            """async () => (await fetch("/api/player/name", {method: "PUT", headers: {"Content-Type": "application/json"},
               body: JSON.stringify({name: "Ann"})})).status"""
        )
    sent = put.value.all_headers()
    assert status == 200 and sent.get("origin") == quick_server, sent
    assert ann.page.evaluate(OPEN_SOCKET, made["id"]) == "open"
    assert not ann.errors, ann.errors
    ann.context.close()
