"""The rules dialog in a real headless Chromium: every entry of the menu shows its page with
headings, real tables and drawn tiles, and nothing runs past the dialog on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bones.web.entries import table_games

pytestmark = pytest.mark.slow

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
SHORT = {"width": 740, "height": 360}

# What sticks out of the dialog's card, and what reads as markup or a developer's note.
OVERFLOW = """() => {
  const card = document.querySelector('#rules .text-card') || document.querySelector('#rules-text').parentElement;
  const right = card.getBoundingClientRect().right + 0.5;
  const box = document.querySelector('#rules-text');
  const out = [...box.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > right)
    .map((e) => e.tagName + ': ' + e.textContent.slice(0, 40));
  if (box.scrollWidth > box.clientWidth + 1) out.push('the text scrolls sideways');
  for (const t of box.querySelectorAll('.rules-table')) {
    if (t.scrollWidth > t.clientWidth + 1) out.push('a table scrolls sideways: ' + t.textContent.slice(0, 40));
  }
  return out;
}"""


def open_rules(page: Any, entry: str) -> None:
    page.locator(f'#games [data-value="{entry}"]').click()
    page.locator("#rules-btn").click()
    page.wait_for_selector("#rules-text h3")


def test_every_rules_page_shows_tables_as_tables_and_fits_a_phone(
    browser: Any, live_server: Any, artifacts: Path
) -> None:
    page = browser.new_page(viewport=PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/?pace=0")
    for entry in table_games():
        api = page.request.get(f"{live_server.url}/api/rules/{entry}").json()
        tables = sum(1 for s in api["sections"] for b in s["blocks"] if b["kind"] == "table")
        tiles = sum(str(s).count("'tile'") for s in api["sections"])
        open_rules(page, entry)
        text = page.locator("#rules-text").inner_text()
        headings = page.locator("#rules-text h3").all_inner_texts()
        assert headings[:6] == ["The goal", "What you need", "A turn", "Scoring", "How it ends", "Tips"], entry
        assert page.locator("#rules-text table").count() == tables, entry
        assert page.locator("#rules-text .rule-tile").count() == tiles, entry
        for raw in ("|", "`", "##", "\n= ", "seed", ".md", "seat 0"):
            assert raw not in text, f"{entry}: {raw!r} on the page"
        assert page.evaluate(OVERFLOW) == [], entry
        if entry in ("partnership", "allfives", "tetradominoes", "fujisan", "bingo"):
            page.wait_for_timeout(250)  # the dialog fades in
            page.screenshot(path=str(artifacts / f"rules-{entry}-360.png"))
            page.locator("#rules-text table, #rules-text .rule-tile").first.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"rules-{entry}-360-example.png"))
        page.keyboard.press("Escape")
        assert page.locator("#rules").is_hidden()
    assert errors == []
    page.close()


@pytest.mark.parametrize(("size", "viewport"), [("1280", DESKTOP), ("740x360", SHORT)])
def test_the_rules_page_on_a_wide_or_short_screen(
    browser: Any, live_server: Any, artifacts: Path, size: str, viewport: dict[str, int]
) -> None:
    page = browser.new_page(viewport=viewport)
    page.goto(f"{live_server.url}/?pace=0")
    for entry in ("draw", "kozel", "bee"):
        open_rules(page, entry)
        assert page.evaluate(OVERFLOW) == [], entry
        page.wait_for_timeout(250)
        page.locator("#rules-text table").first.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"rules-{entry}-{size}.png"))
        page.keyboard.press("Escape")
    page.close()
