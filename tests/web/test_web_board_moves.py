"""Bingo, Tetradominoes, Domino Runners and Domino Finder beyond the tap, in Chromium.

Per board: a whole game played with the keyboard alone (arrow keys to a choice, Enter to take
it, Enter on the hand sheet), a move made by dragging a piece (and a drag let go away from every
target, which makes none), the computers' moves shown when the table has a pace (and nothing moving
at ``?pace=0``), and the board fitted to a desktop, a phone upright and a phone held sideways, with
screenshots in test-artifacts/. No console errors are allowed.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_browser import LANDSCAPE, PORTRAIT, SHORT
from tests.web.test_web_games import GAMES, READY

pytestmark = pytest.mark.slow

BOARDS = ["bingo", "finder", "runners", "tetradominoes"]

# Every animation a board starts (shell/motion.js), with the view it showed.
RECORD_ANIMATIONS = """
window.__shown = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  const v = window.BonesTable && window.BonesTable.state.view;
  const board = document.getElementById('board');
  window.__shown.push({
    move_number: v ? v.move_number : -1,
    seat: v && v.last ? v.last.seat : null,
    on_board: !!board && board.contains(this),
  });
  return animate.apply(this, args);
};
"""

MOVED = "(n) => window.BonesTable.state.view.move_number > n || window.BonesTable.state.busy"


def open_board(
    browser: Any, server: Any, game: str, viewport: dict[str, int], pace: int = 0, body: dict[str, Any] | None = None
) -> Any:
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.errors = errors
    page.add_init_script(RECORD_ANIMATIONS)
    body = body or GAMES[game][0]
    created = page.request.post(
        f"{server.url}/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.text()
    page.goto(f"{server.url}/?pace={pace}")
    page.locator("#continue").wait_for(state="visible")
    return page


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.BonesTable.state.view")


def choice_of(page: Any, move: str) -> dict[str, Any]:
    return next(c for c in view(page)["board"]["choices"] if c["move"] == move)


# -- the keyboard -----------------------------------------------------------------------------------


def key_to(page: Any, selector: str) -> None:
    """Arrow keys until the focus is on ``selector``, then Enter."""
    for _ in range(200):
        if page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {selector}")


def moved(page: Any, number: int) -> bool:
    return bool(page.evaluate(MOVED, number))


def keys_bingo(page: Any, move: str) -> None:
    tile = move.split("+")[0]
    if ":" not in tile:
        key_to(page, f'.bingo-move[data-move="{move}"]')
        return
    number = view(page)["move_number"]
    ways = [c for c in view(page)["board"]["choices"] if c["tile"] == tile]
    key_to(page, f'.hand .tile[data-tile="{tile}"]')
    if len(ways) > 1:
        # A double that may declare honours asks which: the focus is on the first answer.
        page.wait_for_function(f"(n) => ({MOVED})(n) || document.activeElement.matches('.bingo-move')", arg=number)
        key_to(page, f'.bingo-move[data-move="{move}"]')


def keys_finder(page: Any, move: str) -> None:
    key_to(page, f'.finder-square.target[data-square="{move}"]')


def keys_runners(page: Any, move: str) -> None:
    if move == "swap":
        key_to(page, '.runners-move[data-move="swap"]')
        return
    if "-" not in move:
        key_to(page, f'.runners-cell.target[data-cell="{move}"]')
        return
    _start, corner, rest = move.split("-")
    end = rest.split("x")[0]
    number = view(page)["move_number"]
    key_to(page, f'.runners-cell.target[data-cell="{corner}"]')
    # Each step puts the focus on the next one's first choice; Escape takes the step back.
    page.wait_for_selector(f'.runners-cell.picked[data-cell="{corner}"]')
    assert page.evaluate("() => document.activeElement.matches('.runners-cell.target')")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.runners-cell.picked')")
    assert page.evaluate("() => document.activeElement.matches('.runners-cell.target')")
    assert page.locator("#menu").is_hidden()
    key_to(page, f'.runners-cell.target[data-cell="{corner}"]')
    page.wait_for_selector(f'.runners-cell.picked[data-cell="{corner}"]')
    key_to(page, f'.runners-cell.target[data-cell="{end}"]')
    page.wait_for_function(f"(n) => ({MOVED})(n) || document.querySelector('.runners-move')", arg=number)
    if not moved(page, number):
        key_to(page, f'.runners-move[data-move="{move}"]')


def keys_tetradominoes(page: Any, move: str) -> None:
    choice = choice_of(page, move)
    if choice["kind"] not in ("domino", "tetromino"):
        key_to(page, f'.tetra-move[data-move="{move}"]')
        return
    number = view(page)["move_number"]
    source = (
        f'.hand .tile[data-tile="{choice["source"]}"]'
        if choice["kind"] == "domino"
        else f'.tetra-piece[data-source="{choice["source"]}"]'
    )
    key_to(page, source)
    # Picked up, the focus goes to the grid; Escape puts it down, and the focus back on it.
    page.wait_for_function("() => document.activeElement.matches('.tetra-cell.target')")
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => document.activeElement.matches('{source}')")
    assert page.locator(".tetra-cell.target").count() == 0
    key_to(page, source)
    for row, col in choice["cells"]:
        cell = f'.tetra-cell[data-cell="{row},{col}"]'
        page.wait_for_function(
            f"(n) => ({MOVED})(n) || document.querySelector('{cell}.target, {cell}.tapped')", arg=number
        )
        if moved(page, number):
            return
        if page.locator(f"{cell}.target").count():
            key_to(page, f"{cell}.target")
    page.wait_for_function(
        f"(n) => ({MOVED})(n) || document.querySelector('.tetra-move[data-move=\"{move}\"]')", arg=number
    )
    if not moved(page, number):
        key_to(page, f'.tetra-move[data-move="{move}"]')


KEYS = {"bingo": keys_bingo, "finder": keys_finder, "runners": keys_runners, "tetradominoes": keys_tetradominoes}


@pytest.mark.parametrize("game", BOARDS)
def test_a_whole_game_by_the_keyboard_alone(browser: Any, live_server: Any, game: str) -> None:
    page = open_board(browser, live_server, game, LANDSCAPE)
    page.locator("#continue").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#table:not([hidden])")
    rng = random.Random(1)
    for turn in range(400):
        page.wait_for_function(READY, timeout=20000)
        current = view(page)
        if current["status"] == "over":
            page.wait_for_selector("#results:not([hidden])")
            break
        if current["status"] == "sheet":
            page.wait_for_selector("#sheet:not([hidden])")
            page.wait_for_function("() => document.activeElement.id === 'next-hand'")
            page.keyboard.press("Enter")
            page.wait_for_function(f"() => window.BonesTable.state.view.status !== 'sheet' || {turn} < 0")
            continue
        # The focus waits on a choice: where the last move left it, or where the board put it.
        if turn:
            page.wait_for_function(f"() => document.activeElement.matches('{CHOICES}')", timeout=3000)
        number = current["move_number"]
        KEYS[game](page, rng.choice(current["legal_moves"]))
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    else:
        raise AssertionError("the game did not end")
    assert view(page)["outcome"] is not None
    # At ?pace=0 nothing moves on the board.
    assert page.evaluate("() => window.__shown.length") == 0
    assert not page.errors, page.errors


# -- drag -------------------------------------------------------------------------------------------


def drag(page: Any, source: str, target: str | None) -> None:
    """Press on ``source``, move past the threshold, let go over ``target`` (None: far from any)."""
    box = page.locator(source).first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 6, y - 12, steps=3)
    if target is None:
        to = page.locator("#menu-btn").bounding_box()
    else:
        page.wait_for_selector(target)
        to = page.locator(target).first.bounding_box()
    page.mouse.move(to["x"] + to["width"] / 2, to["y"] + to["height"] / 2, steps=6)
    page.mouse.up()


def until_my_turn(page: Any, game: str, wanted: Any, rng: random.Random) -> dict[str, Any]:
    """Play random moves by clicking until ``wanted(view)`` holds on our turn."""
    for _ in range(60):
        page.wait_for_function(READY, timeout=20000)
        current = view(page)
        assert current["status"] == "playing", "the game ended before the move to drag came"
        if wanted(current):
            return current
        number = current["move_number"]
        GAMES[game][1](page, rng.choice(current["legal_moves"]))
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    raise AssertionError("the move to drag never came")


def assert_no_move_after_a_drop_away(page: Any, source: str) -> None:
    number = view(page)["move_number"]
    drag(page, source, None)
    page.wait_for_timeout(150)
    assert view(page)["move_number"] == number
    assert page.evaluate("() => document.getElementById('status').classList.contains('warn')")
    assert page.locator(".drag-ghost").count() == 0


def test_bingo_a_tile_dragged_to_the_trick_is_played(browser: Any, live_server: Any) -> None:
    page = open_board(browser, live_server, "bingo", LANDSCAPE)
    page.locator("#continue").click()
    current = until_my_turn(page, "bingo", lambda v: any(c["tile"] for c in v["board"]["choices"]), random.Random(2))
    tiles = [c["tile"] for c in current["board"]["choices"] if c["tile"]]
    tile = next(t for t in tiles if tiles.count(t) == 1)
    assert_no_move_after_a_drop_away(page, f'.hand .tile[data-tile="{tile}"]')
    number = view(page)["move_number"]
    drag(page, f'.hand .tile[data-tile="{tile}"]', ".bingo-trick.drop")
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    # The tile is out of the hand: the drag played it.
    assert tile not in view(page)["board"]["hand"]
    assert not page.errors, page.errors


def test_finder_the_pawn_dragged_to_a_square_steps_there(browser: Any, live_server: Any) -> None:
    page = open_board(browser, live_server, "finder", LANDSCAPE)
    page.locator("#continue").click()
    current = until_my_turn(page, "finder", lambda v: True, random.Random(2))
    pawn = ".finder-pawn.draggable"
    square = current["legal_moves"][-1]
    assert_no_move_after_a_drop_away(page, pawn)
    number = current["move_number"]
    drag(page, pawn, f'.finder-square.target[data-square="{square}"]')
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    record = view(page)
    flips = [e for e in record["board"]["history"] if e["event"] == "flip" and e["seat"] == record["seat"]]
    assert flips and flips[-1]["square"] == square
    assert not page.errors, page.errors


def test_runners_the_runner_dragged_to_its_corner_and_end_runs(browser: Any, live_server: Any) -> None:
    page = open_board(browser, live_server, "runners", LANDSCAPE)
    page.locator("#continue").click()
    rng = random.Random(2)
    # Placing: the runner beside the player's words goes onto a glowing cell.
    current = until_my_turn(page, "runners", lambda v: any(c["kind"] == "place" for c in v["board"]["choices"]), rng)
    cell = next(c["cell"] for c in current["board"]["choices"] if c["kind"] == "place")
    number = current["move_number"]
    drag(page, ".runners-mine .runners-piece.draggable", f'.runners-cell.target[data-cell="{cell}"]')
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    assert view(page)["board"]["seats"][view(page)["seat"]]["runner"] == cell
    # Running: the runner to where it turns, then from there to where it stops.
    current = until_my_turn(page, "runners", lambda v: any(c["kind"] == "run" for c in v["board"]["choices"]), rng)
    assert_no_move_after_a_drop_away(page, ".runners-cell.draggable")
    run = next(c for c in current["board"]["choices"] if c["kind"] == "run" and not c["jumps"])
    number = current["move_number"]
    drag(page, ".runners-cell.draggable", f'.runners-cell.target[data-cell="{run["corner"]}"]')
    page.wait_for_selector(f'.runners-cell.picked.draggable[data-cell="{run["corner"]}"]')
    drag(page, ".runners-cell.draggable", f'.runners-cell.target[data-cell="{run["end"]}"]')
    page.wait_for_function(f"(n) => ({MOVED})(n) || document.querySelector('.runners-move')", arg=number)
    if not moved(page, number):
        page.locator(f'.runners-move[data-move="{run["move"]}"]').click()
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    after = view(page)["board"]
    assert after["seats"][view(page)["seat"]]["runner"] == run["end"]
    assert not page.errors, page.errors


def test_tetradominoes_a_domino_dragged_onto_the_grid_is_placed(browser: Any, live_server: Any) -> None:
    page = open_board(browser, live_server, "tetradominoes", LANDSCAPE)
    page.locator("#continue").click()
    rng = random.Random(2)
    current = until_my_turn(
        page, "tetradominoes", lambda v: any(c["kind"] == "domino" for c in v["board"]["choices"]), rng
    )
    choice = next(c for c in current["board"]["choices"] if c["kind"] == "domino")
    source = f'.hand .tile[data-tile="{choice["source"]}"]'
    assert_no_move_after_a_drop_away(page, source)
    number = current["move_number"]
    row, col = choice["cells"][0]
    drag(page, source, f'.tetra-cell.target[data-cell="{row},{col}"]')
    # The drop counts as a tap on that cell; the rest of the move by taps.
    page.wait_for_function(
        f"(n) => ({MOVED})(n) || document.querySelector('.tetra-cell.tapped[data-cell=\"{row},{col}\"]')", arg=number
    )
    for r, c in choice["cells"][1:]:
        if moved(page, number):
            break
        target = page.locator(f'.tetra-cell.target[data-cell="{r},{c}"]')
        if target.count():
            target.click()
    page.wait_for_function(
        f"(n) => ({MOVED})(n) || document.querySelector('.tetra-move[data-move=\"{choice['move']}\"]')", arg=number
    )
    if not moved(page, number):
        page.locator(f'.tetra-move[data-move="{choice["move"]}"]').click()
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    assert choice["move"] in [e["move"] for e in view(page)["board"]["events"]]
    assert not page.errors, page.errors


# -- the computers' moves, shown --------------------------------------------------------------------


@pytest.mark.parametrize("game", BOARDS)
def test_a_computer_move_is_shown_on_the_board(browser: Any, live_server: Any, game: str) -> None:
    page = open_board(browser, live_server, game, LANDSCAPE, pace=100)
    page.locator("#continue").click()
    page.wait_for_selector("#table:not([hidden])")
    rng = random.Random(3)
    shown = "() => window.__shown.some((a) => a.on_board && a.seat !== null && a.seat !== window.BonesTable.state.view.seat)"
    # Not every move of a computer is shown on the board (a draw, a pass): a searching computer's moves differ with
    # the machine's load, and twelve turns once brought none that was.
    for _ in range(40):
        if page.evaluate(shown):
            break
        page.wait_for_function(READY, timeout=30000)
        if page.evaluate(shown):
            break
        current = view(page)
        assert current["status"] == "playing"
        number = current["move_number"]
        GAMES[game][1](page, rng.choice(current["legal_moves"]))
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}", timeout=30000)
    assert page.evaluate(shown), page.evaluate("() => window.__shown")
    assert not page.errors, page.errors


# -- fitted to the screen ---------------------------------------------------------------------------

CHOICES = ".target, .tetra-piece, .tetra-move, .bingo-move, .runners-move, .hand .tile.fits"

MEASURE = """(sel) => {
  // A grid or a hand that cannot keep its targets a finger wide in the room scrolls (a board may, the issue of
  // tap sizes says): an element in such a scroller is measured where scrolling brings it, inside the scroller's box.
  const scroller = (e) => {
    for (let p = e.parentElement; p && p.id !== 'table'; p = p.parentElement) {
      const o = getComputedStyle(p);
      const scrolls = /auto|scroll/.test(o.overflowX + o.overflowY);
      if (scrolls && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1)) return p;
    }
    return null;
  };
  const box = (e) => {
    const r = e.getBoundingClientRect(), s = scroller(e);
    if (!s) return r;
    const o = s.getBoundingClientRect();
    const shift = (a, b, lo, hi) => (a < lo ? lo - a : b > hi ? hi - b : 0);
    const dx = shift(r.left, r.right, o.left, o.right), dy = shift(r.top, r.bottom, o.top, o.bottom);
    return { left: r.left + dx, right: r.right + dx, top: r.top + dy, bottom: r.bottom + dy, width: r.width, height: r.height };
  };
  const board = document.getElementById('board').getBoundingClientRect();
  const shown = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
  const items = shown.map(box), rects = shown.map((e) => e.getBoundingClientRect());
  const within = (r, o) => r.left >= o.left - 1 && r.top >= o.top - 1 && r.right <= o.right + 1 && r.bottom <= o.bottom + 1;
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const overlaps = [];
  rects.forEach((a, i) => rects.slice(i + 1).forEach((b) => {
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (x > 2 && y > 2) overlaps.push([a.left, a.top, b.left, b.top]);
  }));
  const cells = [...document.querySelectorAll('#board .runners-cell, #board .finder-square')].map(box);
  const inBoard = [...document.querySelectorAll('#board button')].filter((e) => e.getClientRects().length).map(box);
  return {
    count: items.length,
    offscreen: items.filter((r) => !within(r, screen)).length,
    outside_board: inBoard.filter((r) => !within(r, board)).length,
    overlaps,
    smallest: cells.length ? Math.min(...cells.map((r) => Math.min(r.width, r.height))) : null,
  };
}"""


@pytest.mark.parametrize("game", BOARDS)
def test_the_board_fits_every_screen(browser: Any, live_server: Any, artifacts: Path, game: str) -> None:
    # A whole deal, not one near the end, so the match goes on: three moves in (a hand that ended meanwhile is
    # closed), the table waits for a move with its choices shown.
    fresh = {key: value for key, value in GAMES[game][0].items() if key != "setup"}
    page = open_board(browser, live_server, game, LANDSCAPE, body=fresh)
    page.locator("#continue").click()
    rng = random.Random(0)
    for _ in range(3):
        page.wait_for_function(READY, timeout=20000)
        current = view(page)
        number = current["move_number"]
        GAMES[game][1](page, rng.choice(current["legal_moves"]))
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    page.wait_for_function(READY, timeout=20000)
    while view(page)["status"] == "sheet":
        page.locator("#next-hand").click()
        page.wait_for_function("() => window.BonesTable.state.view.status !== 'sheet'")
        page.wait_for_function(READY, timeout=20000)
    assert view(page)["status"] == "playing"
    for name, size in (("1280x800", LANDSCAPE), ("360x740", PORTRAIT), ("740x360", SHORT)):
        page.set_viewport_size(size)
        page.wait_for_timeout(400)
        page.screenshot(path=str(artifacts / f"game-{game}-{name}-fit.png"))
        found = page.evaluate(MEASURE, CHOICES)
        assert found["count"] > 0, (name, found)
        assert found["offscreen"] == 0, (name, found)
        assert found["outside_board"] == 0, (name, found)
        assert not found["overlaps"], (name, found)
        if found["smallest"] is not None:
            # A cell is a touch target: 32 px at least, at every size.
            assert found["smallest"] >= 32, (name, found)
    assert not page.errors, page.errors
