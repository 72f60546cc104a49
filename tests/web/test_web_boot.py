"""The page before its catalog has come: nothing on the menu can be clicked to no effect."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_web_browser import LANDSCAPE

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_play_and_play_with_people_wait_for_the_catalog(browser: Any, live_server: Any) -> None:
    # Under load a click on PLAY WITH PEOPLE came before the catalog: the lobby never opened (and PLAY threw).
    page = browser.new_page(viewport=LANDSCAPE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    held: list[Any] = []
    page.route("**/api/catalog", lambda route: held.append(route))
    page.goto(f"{live_server.url}/?pace=0", wait_until="domcontentloaded")
    page.wait_for_function("() => window.BonesTable !== undefined")
    assert held, "the page asked for no catalog"
    assert page.locator("#people").is_disabled() and page.locator("#play").is_disabled()
    held[0].continue_()
    page.locator("#people").click()
    page.wait_for_selector("#lobby:not([hidden])")
    assert not errors, errors
    page.close()
