"""Text that players choose reaches the page as text: a seat's name is shown, never run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_browser import LANDSCAPE, wait_ready

pytestmark = pytest.mark.slow

NAME = "<iframe onload=alert(1)>"


def test_a_seat_name_with_markup_shows_as_text_and_runs_nothing(
    browser: Any, live_server: Any, artifacts: Path
) -> None:
    page = browser.new_page(viewport=LANDSCAPE)
    errors: list[str] = []
    dialogs: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    body = {
        "game": "draw",
        "level": "normal",
        "seed": 4,
        "seats": [{"kind": "human"}, {"kind": "computer", "name": NAME}],
    }
    created = page.request.post(
        f"{live_server.url}/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.text()
    page.goto(f"{live_server.url}/?pace=0")
    page.locator("#continue").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_ready(page)
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "seat-name-as-text.png"))
    assert dialogs == []
    assert page.locator("iframe").count() == 0
    assert page.locator(".seat-panel .nameplate .name").inner_text() == NAME
    assert NAME in page.locator("#chip-score").inner_text()
    assert not errors
