"""The boards whose words name squares (Runners "runs d5–g5–g2", Finder "flipped 1|5 at c5", Fujisan "the priest on
B13", Mountains "3 on c4") show those names on their edges, as chess boards do: over each column of squares the
letters (or number) its squares share, beside each row the rest, at 1280x800, 360x740 and 740x360."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_browser import VIEWPORTS, open_table, wait_ready

pytestmark = pytest.mark.slow

BOARDS = {"runners": "[data-cell]", "finder": "[data-square]", "fujisan": "[data-square]", "mountains": "[data-cell]"}

# Each square with the edge labels nearest its column (above) and its row (to the left), as drawn.
READ = """(selector) => {
  const labels = [...document.querySelectorAll('#board .edge-label')].map((e) => ({ text: e.textContent,
    box: e.getBoundingClientRect() }));
  const mid = (b) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });
  return [...document.querySelectorAll('#board ' + selector)].map((cell) => {
    const box = cell.getBoundingClientRect(), c = mid(box);
    const column = labels.filter((l) => Math.abs(mid(l.box).x - c.x) < box.width / 2 && l.box.bottom <= box.top + 1);
    const row = labels.filter((l) => Math.abs(mid(l.box).y - c.y) < box.height / 2 && l.box.right <= box.left + 1);
    return { name: cell.dataset.cell || cell.dataset.square, column: column.map((l) => l.text),
             row: row.map((l) => l.text), width: box.width };
  });
}"""

# The labels above or left of the board's scrolling box once it is scrolled to its start: no scroll shows them.
UNREACHABLE = """() => {
  const labels = [...document.querySelectorAll('#board .edge-label')];
  const scroller = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    const style = getComputedStyle(p);
    if (/(auto|scroll|hidden)/.test(style.overflowX + style.overflowY)) return p; } return document.documentElement; };
  for (const l of labels) { const s = scroller(l); s.scrollTop = 0; s.scrollLeft = 0; }
  return labels.filter((l) => { const box = l.getBoundingClientRect(), room = scroller(l).getBoundingClientRect();
    return box.top < room.top - 1 || box.left < room.left - 1; }).map((l) => l.textContent);
}"""


@pytest.mark.parametrize("game", BOARDS)
def test_every_square_has_its_name_on_the_edges(browser: Any, live_server: Any, artifacts: Path, game: str) -> None:
    for size, viewport in VIEWPORTS.items():
        page = open_table(browser, live_server, {"game": game}, viewport)
        wait_ready(page)
        page.wait_for_selector("#board .edge-label")
        page.wait_for_timeout(200)
        cells = page.evaluate(READ, BOARDS[game])
        assert cells
        for cell in cells:
            letters, number = re.fullmatch(r"([A-Za-z]+)(\d+)", cell["name"]).groups()
            # One label over the column and one beside the row: together they spell the square's name.
            assert len(cell["column"]) == 1 and len(cell["row"]) == 1, (size, cell)
            assert {cell["column"][0], cell["row"][0]} == {letters, number}, (size, cell)
        # A board larger than its room scrolls: every label can be scrolled to, none left before the scroll's start.
        cut = page.evaluate(UNREACHABLE)
        assert not cut, (size, cut)
        page.screenshot(path=str(artifacts / f"edge-labels-{game}-{size}.png"))
        assert not page.errors, page.errors
        page.close()
