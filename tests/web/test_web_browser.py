"""The table in a real headless Chromium (Debian's), driven by Python Playwright.

Each scenario starts its match through the API of a test server (a fixed seed or
an explicit deal), then opens the page and presses CONTINUE, as a returning
player would. ``?pace=0`` lets the computer moves come without the reading pause.
Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import bones
from bones.web.tables import finished_layout

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 1280, "height": 800}

pytestmark = pytest.mark.slow


def open_table(browser: Any, server: Any, body: dict[str, Any], viewport: dict[str, int], pace: int = 0) -> Any:
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    created = page.request.post(
        f"{server.url}/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.text()
    page.goto(f"{server.url}/?pace={pace}")
    page.locator("#continue").click()
    page.wait_for_selector("#table:not([hidden])")
    return page


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.BonesTable.state.view")


def wait_ready(page: Any) -> dict[str, Any]:
    """Until the table waits for the player: their turn (not a forced pass), a hand sheet, or the end."""
    page.wait_for_function(
        """() => { const s = window.BonesTable.state, v = s.view;
                   if (!v || s.busy) return false;
                   if (v.status !== 'playing') return true;
                   return v.to_move === v.seat && !(v.legal_moves.length === 1 && v.legal_moves[0] === 'pass'); }""",
        timeout=20000,
    )
    return view(page)


def tap_move(page: Any, move: str) -> None:
    if move == "draw":
        page.locator("#boneyard-tiles .tile:not(.reserve)").first.click()
        return
    tile, _, end = move.partition("@")
    page.locator(f'.hand .tile[data-tile="{tile}"]').click()
    if page.locator(".slot.target").count() > 1:
        page.locator(f'.slot.target[data-name="{end}"]').click()


def drag_move(page: Any, move: str) -> None:
    tile, _, end = move.partition("@")
    box = page.locator(f'.hand .tile[data-tile="{tile}"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 5, y - 20, steps=3)  # past the drag threshold: the ends light up
    target = page.locator(f'.slot.target[data-name="{end or "centre"}"]').bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    page.mouse.up()


def play_hand(page: Any, act) -> dict[str, Any]:
    """Play our moves with ``act`` until the hand sheet opens."""
    for _ in range(60):
        current = wait_ready(page)
        if current["status"] != "playing":
            page.wait_for_selector("#sheet:not([hidden])")
            return current
        number = current["move_number"]
        act(page, current["legal_moves"][0])
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    raise AssertionError("the hand did not end")


def test_a_whole_hand_by_tapping(browser: Any, live_server: Any, artifacts: Path) -> None:
    page = open_table(browser, live_server, {"game": "block", "level": "normal", "seed": 21}, PORTRAIT)
    wait_ready(page)
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "portrait-table.png"))
    sheet = play_hand(page, tap_move)
    assert sheet["status"] == "sheet"
    rows = page.locator("#sheet-hands tr")
    assert rows.count() == 3  # the header, you, Lily
    assert page.locator("#next-hand").inner_text() == "NEXT HAND"
    page.wait_for_timeout(500)  # let the sheet finish fading in, so the artifact shows what a player sees
    page.screenshot(path=str(artifacts / "portrait-sheet.png"))
    assert not page.errors


def test_a_whole_hand_by_dragging(browser: Any, live_server: Any, artifacts: Path) -> None:
    page = open_table(browser, live_server, {"game": "draw", "level": "normal", "seed": 8}, LANDSCAPE)

    def act(page: Any, move: str) -> None:
        if move == "draw":
            tap_move(page, move)
        else:
            drag_move(page, move)

    wait_ready(page)
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "landscape-table.png"))
    play_hand(page, act)
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / "landscape-sheet.png"))
    assert not page.errors


BOTH_ENDS = {
    "hands": [["6:6", "6:3", "1:1", "2:1", "3:0", "4:0", "5:0"], ["5:5", "4:4", "3:3", "2:2", "5:4", "4:3", "3:2"]],
    "opener": 0,
    "opening": "6:6",
}


def test_a_tile_that_fits_both_ends_is_picked_up_then_placed(browser: Any, live_server: Any, artifacts: Path) -> None:
    page = open_table(browser, live_server, {"game": "block", "setup": BOTH_ENDS}, PORTRAIT, pace=250)
    wrong = page.locator('.hand .tile[data-tile="1:1"]')
    assert "dim" in wrong.get_attribute("class")
    wrong.click()
    assert page.locator("#status").inner_text() == "this hand must be opened with 6:6"
    assert "shake" in wrong.get_attribute("class")
    page.locator('.hand .tile[data-tile="6:6"]').click()
    # Lily has no six: her pass is said on the top line.
    page.wait_for_function(
        "() => document.querySelector('#status').textContent.includes('Lily can\\'t play and passes')"
    )
    tile = page.locator('.hand .tile[data-tile="6:3"]')
    assert tile.get_attribute("aria-label") == "six–three, fits both ends"
    # The hint names the best move and, with the analysis, what every move is worth.
    page.locator("#hint-btn").click()
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Hint: play 6:3 on the')")
    assert page.locator("#hint-panel tr").count() == 3  # the header and both ends
    assert "hinted" in page.locator('.hand .tile[data-tile="6:3"]').get_attribute("class")
    page.screenshot(path=str(artifacts / "portrait-hint.png"))
    page.locator('.hand .tile[data-tile="6:3"]').click()  # put the hinted tile back down
    tile = page.locator('.hand .tile[data-tile="6:3"]')
    tile.click()
    assert "picked" in tile.get_attribute("class") and tile.get_attribute("aria-pressed") == "true"
    assert page.locator(".slot.target").count() == 2
    assert page.locator("#status").inner_text() == "Place 6:3: tap a glowing end"
    page.locator('.slot.target[data-name="right"]').click()
    page.wait_for_function("() => window.BonesTable.state.view.layout.tiles.length === 2")
    placed = view(page)["layout"]["tiles"][-1]
    assert (placed["tile"], placed["slot"]) == ("6:3", 1)
    assert page.locator("#board .tile.last").get_attribute("data-tile") == "6:3"
    assert not page.errors


def test_keyboard_play(browser: Any, live_server: Any) -> None:
    page = open_table(browser, live_server, {"game": "block", "setup": BOTH_ENDS}, LANDSCAPE)
    page.locator('.hand .tile[data-tile="6:6"]').focus()
    page.keyboard.press("Enter")
    wait_ready(page)
    page.locator('.hand .tile[data-tile="5:0"]').focus()
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.dataset.tile") == "6:3"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.classList.contains('target')")
    first = page.evaluate("() => document.activeElement.dataset.name")
    page.keyboard.press("ArrowRight")
    other = page.evaluate("() => document.activeElement.dataset.name")
    assert {first, other} == {"left", "right"}
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.BonesTable.state.view.layout.tiles.length === 2")
    assert view(page)["layout"]["tiles"][-1]["slot"] == (0 if other == "left" else 1)


def test_drawing_from_the_boneyard(browser: Any, live_server: Any) -> None:
    setup = {"hands": [["6:6", "1:0"], ["6:5", "4:4"]], "boneyard": ["2:0", "3:1", "5:1", "2:2"], "opener": 0}
    page = open_table(browser, live_server, {"game": "draw", "setup": setup}, PORTRAIT)
    page.locator('.hand .tile[data-tile="6:6"]').click()
    current = wait_ready(page)
    assert current["legal_moves"] == ["draw"]
    assert page.locator("#boneyard").is_visible()
    assert page.locator("#boneyard-tiles .tile").count() == 4
    assert "tap the boneyard" in page.locator("#status").inner_text()
    for expected in ("2:0", "3:1", "5:1"):
        number = view(page)["move_number"]
        page.locator("#boneyard-tiles .tile").first.click()
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
        assert page.locator(f'.hand .tile[data-tile="{expected}"]').count() == 1
        assert f"You drew {expected}" in page.locator("#status").inner_text()
    assert "it fits" in page.locator("#status").inner_text()
    assert not page.locator("#boneyard").is_visible()
    assert [m.split("@")[0] for m in view(page)["legal_moves"]] == ["5:1"]


def test_an_automatic_pass_is_said_on_the_top_line(browser: Any, live_server: Any) -> None:
    setup = {"hands": [["6:6", "1:0", "2:0"], ["6:5", "5:5", "0:0"]], "opener": 0}
    page = open_table(browser, live_server, {"game": "block", "setup": setup}, PORTRAIT, pace=400)
    page.locator('.hand .tile[data-tile="6:6"]').click()
    page.wait_for_function(
        "() => document.querySelector('#status').textContent.includes('Nothing fits and you cannot draw: you pass')"
    )
    moves = [e["move"] for e in view(page)["history"] if e["seat"] == 0]
    assert moves == ["6:6", "pass"]


def test_the_hand_sheet_then_the_results(browser: Any, live_server: Any, artifacts: Path) -> None:
    setup = {"hands": [["6:6", "6:5"], ["1:0", "2:0"]], "opener": 0, "scores": [60, 0]}
    page = open_table(browser, live_server, {"game": "block", "setup": setup, "seed": 3}, LANDSCAPE)
    page.locator('.hand .tile[data-tile="6:6"]').click()
    wait_ready(page)
    tap_move(page, "6:5@left")
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.locator("#sheet-title").inner_text() == "Hand 1: You went out!"
    cells = page.locator("#sheet-hands tr").last.locator("td")
    assert (cells.first.inner_text(), cells.last.inner_text()) == ("Lily", "3")
    # Everyone's tiles are face up, the finished line is still on the table.
    assert page.locator("#seat-top .tile:not(.back)").count() == 2
    assert page.locator("#board .tile").count() == 2
    page.locator("#next-hand").click()
    page.wait_for_function("() => window.BonesTable.state.view.status === 'playing'")
    assert page.locator("#sheet").is_hidden()
    assert "You 63" in page.locator("#chip-score").inner_text()
    assert page.locator(".hand .tile").count() == 7
    page.close()

    setup = {"hands": [["6:6", "6:5"], ["1:0", "2:0"]], "opener": 0, "scores": [98, 40]}
    # The only block match at Crazy on this server, so its statistics are this match's.
    page = open_table(browser, live_server, {"game": "block", "level": "crazy", "setup": setup}, PORTRAIT)
    page.locator('.hand .tile[data-tile="6:6"]').click()
    wait_ready(page)
    tap_move(page, "6:5@left")
    page.wait_for_selector("#sheet:not([hidden])")
    assert page.locator("#next-hand").inner_text() == "SEE RESULTS"
    page.locator("#next-hand").click()
    page.wait_for_selector("#results:not([hidden])")
    page.wait_for_function("() => document.querySelectorAll('#stats div').length === 6")
    assert page.locator("#results-title").inner_text() == "You win the match!"
    assert page.locator("#results-score").inner_text() == "You 101 – Lily 40"
    stats = page.locator("#stats").inner_text()
    assert stats.upper().split("\n")[:6] == ["PLAYED", "1", "WON", "1", "WIN %", "100%"]
    page.wait_for_timeout(400)  # the card fades in
    page.screenshot(path=str(artifacts / "portrait-results.png"))


def test_continue_after_a_reload(browser: Any, live_server: Any) -> None:
    page = open_table(browser, live_server, {"game": "allfives", "level": "easy", "seed": 30}, PORTRAIT)
    before = wait_ready(page)
    tap_move(page, before["legal_moves"][0])
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {before['move_number']}")
    middle = wait_ready(page)
    page.reload()
    page.locator("#continue").wait_for(state="visible")
    assert "All Fives · Easy · hand" in page.locator("#continue-info").inner_text()
    page.locator("#continue").click()
    after = wait_ready(page)
    assert after["move_number"] == middle["move_number"]
    assert after["hand"] == middle["hand"] and after["layout"] == middle["layout"]
    assert page.locator(".hand .tile").count() == len(middle["hand"])


def test_a_new_match_from_the_settings_and_the_menu(browser: Any, live_server: Any, artifacts: Path) -> None:
    for name, viewport in (("portrait", PORTRAIT), ("landscape", LANDSCAPE)):
        page = browser.new_page(viewport=viewport)
        page.goto(f"{live_server.url}/?pace=0")
        page.locator('#levels [data-value="hard"]').click()
        page.locator('#games [data-value="kozel"]').click()
        assert page.locator("#players-box").is_hidden()
        page.screenshot(path=str(artifacts / f"{name}-settings.png"))
        page.locator("#play").click()
        current = wait_ready(page)
        assert current["game"] == "kozel" and current["level"] == "hard"
        assert [page.locator(f"#seat-{where} .name").inner_text() for where in ("left", "top", "right")] == [
            "Lily",
            "Max",
            "Zoe",
        ]
        for _ in range(4):
            current = wait_ready(page)
            if current["status"] != "playing":
                break
            number = current["move_number"]
            tap_move(page, current["legal_moves"][0])
            page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
        if wait_ready(page)["status"] == "sheet":
            page.locator("#next-hand").click()
            wait_ready(page)
        page.wait_for_timeout(500)  # the line settles after its last move
        page.screenshot(path=str(artifacts / f"{name}-kozel.png"))
        page.locator("#menu-btn").click()
        page.locator("#m-sound").click()
        assert page.locator("#m-sound").inner_text() == "SOUND: OFF"
        page.locator("#m-pause").click()
        assert page.locator("#paused").is_visible()
        page.locator("#unpause").click()
        page.locator("#menu-btn").click()
        page.locator("#m-new").click()
        page.wait_for_selector("#home:not([hidden])")
        page.locator("#continue").wait_for(state="visible")
        page.close()


def layouts() -> list[dict[str, Any]]:
    """Finished lines of many hands of every game, the longest and most branched there are."""
    out = []
    for game, options in (
        ("draw", {}),
        ("block", {}),
        ("allfives", {"spinner": True}),
        ("muggins", {}),
        ("kozel", {}),
        ("classic", {}),
        ("classic", {"players": 4}),
    ):
        for seed in range(6):
            state = bones.rules(game, **options).new_game(seed=seed)
            rng = random.Random(seed)
            while not state.is_over and len(out) < 400:
                move = rng.choice(state.legal_moves)
                after = state.play(move)
                if after.hand_no != state.hand_no or after.is_over:
                    out.append({"game": game, "layout": finished_layout(state, move)})
                state = after
    return out


def test_the_line_always_fits_the_board(browser: Any, live_server: Any) -> None:
    page = browser.new_page(viewport=PORTRAIT)
    page.goto(f"{live_server.url}/?pace=0")
    cases = layouts()
    report = page.evaluate(
        """([cases, sizes]) => {
            const out = [];
            for (const [w, h] of sizes) for (const c of cases) {
              const f = BonesLayout.fit(c.layout, w, h, {maxUnit: 40});
              const outside = f.tiles.concat(f.slots).some(r => r.left < -0.5 || r.top < -0.5 || r.left + r.width > w + 0.5 || r.top + r.height > h + 0.5);
              let detached = 0;
              c.layout.tiles.forEach((t, i) => {
                if (t.joins < 0) return;
                const a = f.tiles[i], b = f.tiles[t.joins];
                const gx = Math.max(a.x - (b.x + b.w), b.x - (a.x + a.w)), gy = Math.max(a.y - (b.y + b.h), b.y - (a.y + a.h));
                if (gx > 0.05 || gy > 0.05) detached++;
              });
              out.push({game: c.game, w, h, bad: f.bad, outside, detached, unit: f.unit, tiles: c.layout.tiles.length});
            }
            return out;
        }""",
        [cases, [[336, 430], [1240, 470], [700, 260]]],
    )
    assert len(report) == 3 * len(cases)
    assert not [r for r in report if r["outside"] or r["detached"]]
    # No tile lies on another, even in classic's most branched lines.
    assert not [r for r in report if r["bad"]]
    branching = ("classic", "allfives")
    small = [r for r in report if r["game"] not in branching and r["unit"] < 20]
    assert not small, small


def test_kozel_fish_and_eggs_sheets(browser: Any, live_server: Any) -> None:
    """Issue 10: the lighter pair wins a fish even when the fish maker's pair writes; eggs have no winner."""
    fish = {"hands": [["1:1", "0:0"], ["2:2", "3:0"], ["5:5", "4:0"], ["6:6", "3:3"]], "scores": [70, 0]}
    page = open_table(browser, live_server, {"game": "kozel", "setup": fish}, LANDSCAPE)
    page.locator('.hand .tile[data-tile="1:1"]').click()
    page.wait_for_selector("#sheet:not([hidden])")
    v = view(page)
    them = " & ".join(v["seats"][seat]["name"] for seat in (1, 3))
    assert page.locator("#sheet-title").inner_text() == "Hand 1: Fish! The hand is blocked"
    assert page.locator("#sheet-note").inner_text() == f"{them} win the hand; the others write their pips."
    starred = page.locator("#sheet-hands tr.winner td:first-child").all_inner_texts()
    assert starred == [v["seats"][1]["name"], v["seats"][3]["name"]]
    page.locator("#next-hand").click()  # 70 + 39: we are the goat
    page.wait_for_selector("#results:not([hidden])")
    assert page.locator("#results-hands").inner_text() == "Hands won: Us 0, Them 1"
    page.close()

    eggs = {"hands": [["1:1", "2:0"], ["4:0"], ["3:3"], ["2:2"]]}
    page = open_table(browser, live_server, {"game": "kozel", "setup": eggs}, PORTRAIT)
    page.locator('.hand .tile[data-tile="1:1"]').click()
    page.wait_for_selector("#sheet:not([hidden])")
    note = "Equal pips: eggs! Nobody writes. 8 points carried into the next hand."
    assert page.locator("#sheet-note").inner_text() == note
    assert page.locator("#sheet-hands tr.winner").count() == 0
    assert not page.errors
    page.close()
