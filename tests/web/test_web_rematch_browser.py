"""REMATCH in the browser: two people finish a one-hand match; Ann presses REMATCH at the results and both pages go to
the new table, the seats turned (Bob now opens as host), without Bob touching anything."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_browser import VIEWPORTS
from tests.web.test_web_live_browser import Browser, ServerURL, play_on, quick_server  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning")]

HEADERS = {"Content-Type": "application/json"}


def test_rematch_takes_both_people_to_the_new_table_with_seats_turned(
    quick_server: ServerURL,  # noqa: F811
    browser: Any,
    artifacts: Path,
) -> None:
    ann, bob = Browser(browser, "Ann"), Browser(browser, "Bob")
    server = str(quick_server)
    body = {"game": "draw", "players": 2, "level": "easy", "name": "Ann", "options": {"target": 1}}
    made = ann.page.request.post(f"{server}/api/lobby", data=json.dumps(body), headers=HEADERS)
    assert made.status == 201, made.text()
    table = made.json()
    took = bob.page.request.post(
        f"{server}/api/lobby/{table['id']}/seats", data=json.dumps({"name": "Bob"}), headers=HEADERS
    )
    assert took.status == 201, took.text()
    started = ann.page.request.post(
        f"{server}/api/lobby/{table['id']}/start", headers={**HEADERS, "X-Seat-Token": table["token"]}
    )
    assert started.status == 200, started.text()
    for person in (ann, bob):
        person.page.goto(f"{server}/?pace=0&join={table['id']}")
        person.page.wait_for_selector("#table:not([hidden])")
    rng = random.Random(5)
    deadline = time.monotonic() + 120
    while not all(p.page.locator("#results").is_visible() for p in (ann, bob)):
        assert time.monotonic() < deadline, "the match did not end"
        for person in (ann, bob):
            if person.snapshot()["view"]["status"] != "over":
                play_on(person, rng)
        time.sleep(0.05)
    for person in (ann, bob):
        assert person.page.locator("#rematch").is_visible()
    for size, viewport in VIEWPORTS.items():
        bob.page.set_viewport_size(viewport)
        bob.page.screenshot(path=str(artifacts / f"rematch-results-{size}.png"))
        box = bob.page.locator("#rematch").bounding_box()
        assert box is not None and box["height"] >= 40 and box["width"] >= 40

    ann.page.locator("#rematch").click()
    for person in (ann, bob):
        person.page.wait_for_function(
            f"() => window.BonesTable.state.view && window.BonesTable.state.view.id !== {table['id']!r}", timeout=15000
        )
        assert not person.page.locator("#results").is_visible()
    ann_view, bob_view = ann.snapshot()["view"], bob.snapshot()["view"]
    assert ann_view["id"] == bob_view["id"]
    assert [s["name"] for s in bob_view["seats"]] == ["Bob", "Ann"]
    assert (bob_view["seat"], ann_view["seat"]) == (0, 1)
    bob.page.screenshot(path=str(artifacts / "rematch-table.png"))
    assert not ann.errors and not bob.errors, (ann.errors, bob.errors)
    for person in (ann, bob):
        person.context.close()
