"""Tap targets on every board, on phones: nothing a finger may tap is under 40 CSS px on its smaller side
(phone makers ask for 44; a board that cannot give that scrolls or lays itself out otherwise).

Each board is measured when the player is to move, and again once a piece is picked (the places it may go
light up: a line's ends, a puzzle's squares), at 360x740 and 740x360, and at 1280x800 (Tetradominoes' cells were
31 px on a desktop). Screenshots land in test-artifacts/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_browser import BOTH_ENDS, LANDSCAPE, PORTRAIT, SHORT
from tests.web.test_web_games import GAMES, READY, open_game

pytestmark = pytest.mark.slow

LEAST = 40  # CSS px: the smallest side of anything tapped

BODIES = {
    "block": {"game": "block", "level": "easy", "setup": BOTH_ENDS},
    "draw": {"game": "draw", "level": "easy", "seed": 4},
    **{game: body for game, (body, _) in GAMES.items()},
}

# What a finger may tap on the table (not under a dialog): enabled buttons, the hand's tiles, the grids' squares.
# Each target's smaller side, biggest first; scrolled into view only where its box has room to scroll to.
MEASURE = """() => {
  const found = [];
  for (const e of document.querySelectorAll('#table button, #table [role=button], #table input, #table select')) {
    if (e.disabled || e.getAttribute('aria-disabled') === 'true' || e.closest('[hidden]') || e.closest('[inert]')) continue;
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden' || getComputedStyle(e).pointerEvents === 'none') continue;
    const name = e.id || e.dataset.tile || e.dataset.name || e.dataset.cell || e.dataset.square || e.dataset.move
      || e.dataset.source || e.className;
    found.push([Math.round(Math.min(r.width, r.height) * 10) / 10, `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]}[${name}]`]);
  }
  return found.sort((a, b) => a[0] - b[0]);
}"""

# A first piece picked, so that the places it may go are drawn too: a tile that fits, a square that glows.
PICK = """() => {
  const piece = document.querySelector('.hand .tile.fits, #board .target, #board .tetra-piece');
  if (!piece) return false;
  piece.click();
  return true;
}"""


def smallest(page: Any) -> list[tuple[float, str]]:
    return [tuple(t) for t in page.evaluate(MEASURE)]


@pytest.mark.parametrize("size", ["360x740", "740x360", "1280x800"])
@pytest.mark.parametrize("game", sorted(BODIES))
def test_every_target_is_big_enough_for_a_finger(
    browser: Any, live_server: Any, artifacts: Path, game: str, size: str
) -> None:
    page = open_game(
        browser, live_server, BODIES[game], {"360x740": PORTRAIT, "740x360": SHORT, "1280x800": LANDSCAPE}[size]
    )
    page.wait_for_function(READY, timeout=20000)
    page.wait_for_timeout(300)
    targets = smallest(page)
    page.screenshot(path=str(artifacts / f"taps-{game}-{size}.png"))
    # Twice: a first tile may go at once where it fits one place only (a line's opening).
    for _ in range(2):
        if not page.evaluate(PICK):
            break
        page.wait_for_timeout(300)
        page.wait_for_function(READY, timeout=20000)
        targets += smallest(page)
    page.screenshot(path=str(artifacts / f"taps-{game}-{size}-picked.png"))
    small = sorted(t for t in targets if t[0] < LEAST)
    assert targets, "nothing to tap"
    print(game, size, "smallest", min(t[0] for t in targets))
    assert not small, f"{game} at {size}: {small[:8]} (and {max(0, len(small) - 8)} more)"
    assert not page.errors, page.errors
    page.close()
