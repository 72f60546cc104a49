"""The puzzle boards (Fujisan, Bee, Mountains and Valleys) in the browser: played by keyboard alone
and by drag, the hint beside the board and never over it, the cooperative partners' placements
shown at the table's pace, and the size of what the server sends for them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bones
from tests.web.test_web_browser import LANDSCAPE, PORTRAIT
from tests.web.test_web_games import READY, click_mountains, open_game

VIEW_BOUND = 32_000  # bytes of the whole first view of the Mountains solitaire (it was 222,240)


def test_the_first_mountains_view_stays_small(client: TestClient) -> None:
    created = client.post("/api/games", json={"game": "mountains", "level": "normal", "seed": 3})
    assert created.status_code == 201, created.text
    view: dict[str, Any] = created.json()
    assert len(view["legal_moves"]) > 1800  # every placement is still offered
    assert len(created.content) < VIEW_BOUND, len(created.content)
    assert len(json.dumps(view["board"])) < 4_000


@pytest.mark.parametrize("game", ["fujisan", "mountains"])
def test_a_puzzle_is_solved_hint_by_hint_without_being_refused(client: TestClient, game: str) -> None:
    """A puzzle's hint is its exact solver's (cached): no budget of searches refuses the 17th (it did, with a 429)."""
    view = client.post("/api/games", json={"game": game, "level": "normal", "seed": 5}).json()
    headers = {"X-Seat-Token": view["token"]}
    base = f"/api/games/{view['id']}"
    hints = 0
    while view["status"] == "playing" and hints < 40:
        if view["to_move"] != view["seat"]:
            view = client.post(f"{base}/step", headers=headers, json={"move_number": view["move_number"]}).json()
            continue
        found = client.get(f"{base}/hint", headers=headers)
        assert found.status_code == 200, (hints, found.text)
        hints += 1
        moved = client.post(
            f"{base}/moves", headers=headers, json={"move": found.json()["best"], "move_number": view["move_number"]}
        )
        assert moved.status_code == 200, moved.text
        view = moved.json()
    assert hints > 6  # past the burst a search is given


def test_a_hint_after_a_move_taken_back_is_for_the_position_now(client: TestClient) -> None:
    """Hints were kept by move number: after an undo and another move, the hint was the old position's."""

    def table() -> tuple[dict[str, Any], dict[str, str], str]:
        view = client.post("/api/games", json={"game": "fujisan", "level": "normal", "seed": 5}).json()
        return view, {"X-Seat-Token": view["token"]}, f"/api/games/{view['id']}"

    def fresh_hint_after(move: str) -> str:  # a new table abandons the one before: these come first
        _, headers, base = table()
        client.post(f"{base}/moves", headers=headers, json={"move": move, "move_number": 0})
        return str(client.get(f"{base}/hint", headers=headers).json()["best"])

    view, headers, base = table()
    first, other = view["legal_moves"][0], view["legal_moves"][1]
    expected = fresh_hint_after(first), fresh_hint_after(other)
    assert expected[0] != expected[1]
    view, headers, base = table()
    client.post(f"{base}/moves", headers=headers, json={"move": first, "move_number": 0})
    assert client.get(f"{base}/hint", headers=headers).json()["best"] == expected[0]
    client.post(f"{base}/undo", headers=headers, json={"move_number": 1})
    moved = client.post(f"{base}/moves", headers=headers, json={"move": other, "move_number": 0}).json()
    best = client.get(f"{base}/hint", headers=headers).json()["best"]
    assert best in moved["legal_moves"] and best == expected[1]


# -- in the browser ------------------------------------------------------------------------------

PICKED = "() => document.querySelector('#board .picked') !== null"
FOCUSED = (
    "() => { const e = document.activeElement; return e ? (e.dataset.square || e.dataset.cell || e.id || '') : ''; }"
)


def steps_of(page: Any, move: str) -> tuple[str, str]:
    """The square a move picks and the square it places on, as the board names them."""
    view = page.evaluate("() => window.BonesTable.state.view")
    choice = next(c for c in view["board"]["choices"] if c["move"] == move)
    return choice["from"], choice["to"]


def arrow_to(page: Any, name: str, key: str = "ArrowRight") -> None:
    """Arrow keys until ``name`` has focus (left and right reach every glowing square in turn)."""
    for _ in range(40):
        if page.evaluate(FOCUSED) == name:
            return
        page.keyboard.press(key)
    raise AssertionError(f"the arrow keys never reached {name} (focus on {page.evaluate(FOCUSED)!r})")


def move_by_keys(page: Any, move: str, enter: str = "Enter") -> None:
    number = page.evaluate("() => window.BonesTable.state.view.move_number")
    start, end = steps_of(page, move)
    arrow_to(page, start)
    page.keyboard.press(enter)
    page.wait_for_function(PICKED)
    arrow_to(page, end)
    page.keyboard.press(enter)
    page.wait_for_function(
        f"() => window.BonesTable.state.view.move_number > {number} && !window.BonesTable.state.busy"
    )


def wait_ready(page: Any) -> dict[str, Any]:
    page.wait_for_function(READY, timeout=20000)
    return page.evaluate("() => window.BonesTable.state.view")


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed", "size"), [("fujisan", 7, "360x740"), ("bee", 6, "1280x800")])
def test_a_puzzle_is_solved_by_keyboard_alone(
    browser: Any, live_server: Any, artifacts: Path, game: str, seed: int, size: str
) -> None:
    plan = [str(m) for m in bones.rules(game).new_game(seed=seed).solve()]
    viewport = PORTRAIT if size == "360x740" else LANDSCAPE
    page = open_game(browser, live_server, {"game": game, "level": "normal", "seed": seed}, viewport)
    wait_ready(page)
    # Escape puts a picked piece back, and the focus with it.
    start, _ = steps_of(page, plan[0])
    arrow_to(page, start)
    page.keyboard.press("Space")
    page.wait_for_function(PICKED)
    page.keyboard.press("Escape")
    page.wait_for_function(f"() => !({PICKED[6:]})")
    assert page.evaluate(FOCUSED) == start
    assert page.locator("#menu").is_hidden()
    # Two moves, then U takes one back and the restart button, reached by Shift+Tab, both.
    move_by_keys(page, plan[0])
    move_by_keys(page, plan[1], enter="Space")
    page.keyboard.press("u")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1 && !window.BonesTable.state.busy")
    arrow_to(page, steps_of(page, plan[1])[0])
    for _ in range(4):
        page.keyboard.press("Shift+Tab")
        if page.evaluate(FOCUSED) == "restart-btn":
            break
    assert page.evaluate(FOCUSED) == "restart-btn"
    # Restarting is asked first: Enter on the first button keeps the moves, Tab then Enter restarts.
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({FOCUSED})() === 'ask-no'")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('ask').hidden")
    assert page.evaluate("() => window.BonesTable.state.view.move_number") == 1
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({FOCUSED})() === 'ask-no'")
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "ask-yes"
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 0 && !window.BonesTable.state.busy")
    for number, move in enumerate(plan):
        view = wait_ready(page)
        assert view["move_number"] == number and move in view["legal_moves"], (move, view["legal_moves"])
        if number == 1:
            page.screenshot(path=str(artifacts / f"puzzle-{game}-keyboard-{size}.png"))
        move_by_keys(page, move)
    view = wait_ready(page)
    if view["status"] == "sheet":
        # The game's sheet takes the focus: Enter goes on to the results.
        page.wait_for_selector("#sheet:not([hidden])")
        page.wait_for_function("() => document.activeElement && document.activeElement.id === 'next-hand'")
        page.keyboard.press("Enter")
    page.wait_for_selector("#results:not([hidden])")
    view = page.evaluate("() => window.BonesTable.state.view")
    assert view["status"] == "over" and view["outcome"]["winners"] == [0], view["outcome"]
    assert not page.errors, page.errors


def drag(page: Any, source: str, target: str, lean: tuple[float, float] = (0.5, 0.5)) -> None:
    """Press on ``source``, move onto ``target`` (at ``lean`` of its box, measured once the drag has
    begun: the status line may say something longer then), release. A piece at the far end of a hand that
    scrolls (eighteen dominoes on a phone) is scrolled to first, as a player would."""
    page.locator(source).scroll_into_view_if_needed()
    a = page.locator(source).bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0 - 12, steps=3)
    page.wait_for_selector(".pick-ghost")
    b = page.locator(target).bounding_box()
    page.mouse.move(b["x"] + b["width"] * lean[0], b["y"] + b["height"] * lean[1], steps=8)
    page.mouse.up()


@pytest.mark.slow
def test_a_piece_is_dragged_to_its_square(browser: Any, live_server: Any) -> None:
    # Fujisan: a priest dragged onto a glowing square makes the move.
    page = open_game(browser, live_server, {"game": "fujisan", "level": "normal", "seed": 7}, LANDSCAPE)
    wait_ready(page)
    drag(page, '.fujisan-square[data-square="B0"]', '.fujisan-square[data-square="B3"]')
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1")
    assert page.evaluate("() => window.BonesTable.state.view.last.move") == "B0-B3"
    # Bee: a die dragged onto a glowing cell.
    page = open_game(browser, live_server, {"game": "bee", "level": "normal", "seed": 2}, PORTRAIT)
    wait_ready(page)
    move = str(bones.rules("bee").new_game(seed=2).solve()[0])
    start, end = steps_of(page, move)
    drag(page, f'.bee-cell[data-cell="{start}"]', f'.bee-cell[data-cell="{end}"]')
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1")
    assert page.evaluate("() => window.BonesTable.state.view.last.move") == move
    # Mountains: a domino dropped on a square, leaning right, covers it and its right neighbour;
    # the penalty beside the score follows each placement.
    page = open_game(browser, live_server, {"game": "mountains", "level": "normal", "seed": 3}, PORTRAIT)
    view = wait_ready(page)
    assert "0:0" in view["board"]["position"]["hand"]
    drag(page, '.hand .tile[data-tile="0:0"]', '.mountains-cell[data-cell="a1"]', lean=(0.85, 0.5))
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1")
    assert page.evaluate("() => window.BonesTable.state.view.last.move") == "a1=0,b1=0"
    drag(page, '.hand .tile[data-tile="6:6"]', '.mountains-cell[data-cell="a2"]', lean=(0.5, 0.9))
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 2")
    view = page.evaluate("() => window.BonesTable.state.view")
    assert view["last"]["move"] == "a2=6,a3=6"
    assert f"Penalty (lower is better) {view['board']['penalty']}" in page.locator("#chip-info").inner_text()
    assert not page.errors, page.errors


@pytest.mark.slow
@pytest.mark.parametrize("game", ["bee", "fujisan", "mountains"])
def test_the_hint_lies_beside_the_board_on_a_phone(browser: Any, live_server: Any, artifacts: Path, game: str) -> None:
    seeds = {"bee": 2, "fujisan": 7, "mountains": 3}
    page = open_game(browser, live_server, {"game": game, "level": "normal", "seed": seeds[game]}, PORTRAIT)
    wait_ready(page)
    page.locator("#hint-btn").click()
    page.wait_for_function("() => !window.BonesTable.state.hinting && window.BonesTable.state.hint", timeout=30000)
    # Whichever draws it (the shell's panel, the board's rows), the hint is shown...
    shown = page.locator("#hint-panel:not([hidden]), .puzzle-hint")
    shown.first.wait_for()
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts / f"puzzle-{game}-hint-360x740.png"))
    # ...and lies clear of the grid, inside the board's room.
    grid = page.locator("#board .fujisan, #board .bee, #board .mountains").bounding_box()
    hint = shown.first.bounding_box()
    board = page.locator("#board").bounding_box()
    apart = hint["y"] >= grid["y"] + grid["height"] or hint["x"] >= grid["x"] + grid["width"]
    assert apart, (grid, hint)
    assert hint["y"] + hint["height"] <= board["y"] + board["height"] + 1, (hint, board)
    assert page.locator(".puzzle-hint tr.best").count() == 1 and page.locator("#hint-panel").is_hidden()
    # every square of the grid is big enough to tap
    smallest = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('#board .fujisan > button, #board .bee > button, #board .mountains > button')].map((b) => b.getBoundingClientRect().width))"
    )
    assert smallest >= 28, smallest
    assert not page.errors, page.errors


# Each square brought into the board's view (its frame scrolls where the map is taller than the board):
# the squares whose middle shows something else (the hand row, a panel) are hidden from the finger.
COVERED = """() => [...document.querySelectorAll('#board .fujisan > button, #board .bee > button, #board .mountains > button')]
  .map((square) => {
    square.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = square.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === square || square.contains(hit) ? null : square.dataset.cell || square.getAttribute('aria-label');
  }).filter((name) => name !== null)"""


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), [("mountains", 3), ("fujisan", 7), ("bee", 2)])
def test_every_square_can_be_reached_on_a_phone_held_sideways(
    browser: Any, live_server: Any, artifacts: Path, game: str, seed: int
) -> None:
    # At 740x360 the 6x6 map is taller than the board: its squares stay a finger wide and the map
    # scrolls in its frame, none of them lying under the hand row.
    page = open_game(
        browser, live_server, {"game": game, "level": "normal", "seed": seed}, {"width": 740, "height": 360}
    )
    wait_ready(page)
    page.screenshot(path=str(artifacts / f"puzzle-{game}-740x360.png"))
    assert page.evaluate(COVERED) == []
    assert not page.errors, page.errors


COOP = {"game": "mountains", "level": "normal", "seed": 5, "players": 2, "options": {"version": "coop"}}
CELL_ANIMATED = """() => document.getAnimations().some((a) => a.effect && a.effect.target
  && a.effect.target.classList.contains('mountains-cell'))"""


def partner_places(page: Any) -> dict[str, Any]:
    """Our part of a cooperative round (place what we were passed, pass a domino); returns the view
    when the partner has placed what we passed."""
    view = wait_ready(page)
    if view["board"]["position"]["stage"] == "place":
        click_mountains(page, view["legal_moves"][0])
        view = wait_ready(page)
    number = view["move_number"]
    page.locator(".hand .tile.fits").first.click()
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    return view


def paced_page(
    browser: Any, server: Any, pace: int, body: dict[str, Any] = COOP, glides: str = "mountains-cell"
) -> Any:
    """A game (the cooperative one) at ``pace``, no reduced motion asked, each motion of an element
    of class ``glides`` counted."""
    page = browser.new_page(viewport=PORTRAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.errors = errors
    created = page.request.post(
        f"{server.url}/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.text()
    page.add_init_script(
        "window.glided = 0; const animate = Element.prototype.animate; Element.prototype.animate = function (...args) {"
        f" if (this.classList.contains('{glides}')) window.glided++; return animate.apply(this, args); }};"
    )
    page.goto(f"{server.url}/?pace={pace}")
    page.locator("#continue").click()
    page.wait_for_selector("#table:not([hidden])")
    return page


def squares_covered(view: dict[str, Any]) -> int:
    return sum(c["height"] is not None for row in view["board"]["rows"] for c in row)


@pytest.mark.slow
def test_a_partners_placement_glides_in_at_the_tables_pace(browser: Any, live_server: Any, artifacts: Path) -> None:
    page = paced_page(browser, live_server, 1500)
    before = partner_places(page)
    page.wait_for_function(CELL_ANIMATED, timeout=20000)
    page.screenshot(path=str(artifacts / "puzzle-mountains-coop-360x740.png"))
    view = wait_ready(page)
    assert squares_covered(view) == squares_covered(before) + 2
    assert page.locator(".mountains-cell.last").count() == 2
    assert page.evaluate("() => window.glided") == 2
    assert not page.errors, page.errors
    # At ?pace=0 nothing glides; the partner's squares are still marked.
    fast = paced_page(browser, live_server, 0)
    before = partner_places(fast)
    view = wait_ready(fast)
    assert squares_covered(view) == squares_covered(before) + 2
    assert fast.locator(".mountains-cell.last").count() == 2
    assert fast.evaluate("() => window.glided") == 0
    assert not fast.errors, fast.errors


@pytest.mark.slow
def test_mountains_is_played_by_keyboard(browser: Any, live_server: Any) -> None:
    page = open_game(browser, live_server, {"game": "mountains", "level": "normal", "seed": 3}, LANDSCAPE)
    view = wait_ready(page)
    hand = view["board"]["position"]["hand"]
    assert hand[:2] == ["0:0", "2:0"], hand
    tile = "() => (document.activeElement && document.activeElement.dataset.tile) || ''"
    # An arrow key brings the focus to the hand; Enter picks, Escape puts the domino back.
    page.keyboard.press("ArrowRight")
    assert page.evaluate(tile) == "0:0"
    page.keyboard.press("Enter")
    page.wait_for_function(PICKED.replace("#board .picked", ".hand .tile.picked"))
    assert page.evaluate(FOCUSED) == "a1"
    page.keyboard.press("Escape")
    assert page.evaluate(tile) == "0:0" and page.locator(".hand .tile.picked").count() == 0
    # The double on a1 and b1: pick, a square, its neighbour.
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    arrow_to(page, "b1")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1 && !window.BonesTable.state.busy")
    assert page.evaluate("() => window.BonesTable.state.view.last.move") == "a1=0,b1=0"
    # One arrow is one step along the hand, however often the hand was drawn.
    order = page.evaluate("() => [...document.querySelectorAll('.hand .tile')].map((t) => t.dataset.tile)")
    here = page.evaluate(tile)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(tile) == order[(order.index(here) + 1) % len(order)], (here, order)
    # Back in the hand: 2:0 on a2 and a3 asks which way round, and Enter answers.
    for _ in range(20):
        if page.evaluate(tile) == "2:0":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(tile) == "2:0"
    page.keyboard.press("Enter")
    arrow_to(page, "a2")
    page.keyboard.press("Enter")
    arrow_to(page, "a3", "ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_selector(".mountains-move")
    assert page.evaluate("() => document.activeElement.classList.contains('mountains-move')")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 2 && !window.BonesTable.state.busy")
    assert page.evaluate("() => window.BonesTable.state.view.last.move") in ("a2=0,a3=2", "a2=2,a3=0")
    # A placed domino is lifted from the map: Shift+Tab from the hand reaches it.
    for _ in range(4):
        page.keyboard.press("Shift+Tab")
        if page.evaluate(FOCUSED) in ("a1", "b1", "a2", "a3"):
            break
    assert page.evaluate(FOCUSED) in ("a1", "b1", "a2", "a3")
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 3 && !window.BonesTable.state.busy")
    assert page.evaluate("() => window.BonesTable.state.view.last.move").startswith("lift ")
    assert not page.errors, page.errors


@pytest.mark.slow
@pytest.mark.parametrize("pace", [900, 0])
def test_the_moved_priest_glides_at_the_tables_pace(browser: Any, live_server: Any, pace: int) -> None:
    body = {"game": "fujisan", "level": "normal", "seed": 7}
    page = paced_page(browser, live_server, pace, body, "fujisan-priest")
    wait_ready(page)
    page.locator('.fujisan-square.target[data-square="B0"]').click()
    page.locator('.fujisan-square.target[data-square="B3"]').click()
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1")
    assert page.evaluate("() => window.glided") == (1 if pace else 0)
    assert not page.errors, page.errors


@pytest.mark.parametrize("game", ["mountains", "fujisan"])
def test_giving_up_is_a_quiet_button_asked_first(browser: Any, live_server: Any, game: str) -> None:
    """One tap on the gold Give up in the middle of the grid ended the puzzle: now it is a secondary button off
    the grid, and a dialog asks first (keep playing is its first answer)."""
    page = open_game(browser, live_server, {"game": game, "level": "normal", "seed": 3}, PORTRAIT)
    page.wait_for_function(READY)
    button = page.locator('[data-move="give-up"]')
    assert "primary" not in (button.get_attribute("class") or "")
    grid, box = page.locator(".pick-grid").bounding_box(), button.bounding_box()
    assert box["y"] >= grid["y"] + grid["height"] or box["x"] >= grid["x"] + grid["width"], (grid, box)
    button.click()
    page.locator("#ask").wait_for(state="visible")
    assert page.locator("#ask").get_attribute("role") == "alertdialog"
    assert page.evaluate("() => document.activeElement.id") == "ask-no"
    page.keyboard.press("Escape")
    page.locator("#ask").wait_for(state="hidden")
    assert page.evaluate("() => window.BonesTable.state.view.status") == "playing"
    button.click()
    page.locator("#ask-yes").click()
    page.wait_for_function("() => window.BonesTable.state.view.status !== 'playing'")
    # A puzzle's sheet has no hands to tell from a match: no "This hand / Match" columns.
    page.wait_for_selector("#sheet:not([hidden]), #results:not([hidden])")
    if page.locator("#sheet").is_visible():
        head = page.locator("#sheet-hands tr").first.inner_text()
        assert "Score" in head and "This hand" not in head and "Match" not in head, head
    assert not page.errors, page.errors
    page.close()


def test_the_mountains_penalty_is_a_score_where_lower_is_better(client: TestClient) -> None:
    """The results said "BEST SCORE" of a penalty and kept the highest: the game says lower is better."""
    view = client.post("/api/games", json={"game": "mountains", "level": "normal", "seed": 3}).json()
    assert view["low_score_wins"] is True and view["teams"] is False  # results read "Best (lowest)", no goat
    entry = next(g for g in client.get("/api/catalog").json()["games"] if g["id"] == "mountains")
    assert entry["low_score_wins"] is True
