"""REVIEW and YOUR GAMES in the browser: a Kozel match and a Fujisan problem played to the end, reviewed
(the chart, the accuracy by name, the costliest moves, a step to one with the move played and the
better one marked on the board), listed among the player's games and nobody else's, and replayed."""

from __future__ import annotations

import functools
import random
import re
import time
from pathlib import Path
from typing import Any

from bones.web.entries import game_catalog
from tests.web.test_web_browser import tap_move
from tests.web.test_web_games import (
    LANDSCAPE,
    PORTRAIT,
    click_fujisan,
    never_draw_by_choice,
    open_game,
    play_to_the_end,
    shortest_match,
)

SIZES = {"1280x800": LANDSCAPE, "360x740": PORTRAIT, "740x360": {"width": 740, "height": 360}}
REVIEWED = 180_000  # ms a review may take on a loaded machine
HINTED = 120  # s a hint may take on a loaded machine


def shots(page: Any, artifacts: Path, name: str, back: dict[str, int]) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        page.screenshot(path=str(artifacts / f"{name}-{size}.png"))
        # Nothing of the panel is cut off: each of its buttons lies inside the window.
        for box in page.locator(
            "#review:not([hidden]) button:visible, #games-screen:not([hidden]) button:visible"
        ).all():
            rect = box.bounding_box()
            if rect is None:
                continue
            assert rect["x"] >= 0 and rect["x"] + rect["width"] <= viewport["width"] + 1, (name, size, rect)
    page.set_viewport_size(back)
    page.wait_for_timeout(200)


def open_review(page: Any) -> list[str]:
    """REVIEW from the results, until the review is shown: what the progress line said meanwhile."""
    page.evaluate(
        """() => { window.__said = [];
          new MutationObserver(() => window.__said.push(document.getElementById('review-progress').textContent))
            .observe(document.getElementById('review-progress'), { childList: true, characterData: true, subtree: true }); }"""
    )
    page.locator("#review-btn").click()
    page.wait_for_selector("#review:not([hidden])")
    page.wait_for_selector(".review-chart svg circle", timeout=REVIEWED)
    return page.evaluate("() => window.__said")


def hinted_worst_match(browser: Any, server: Any, seed: int) -> tuple[Any, dict[str, Any]]:
    """A one-hand Kozel match in which the player takes the worst move by the hint (its chance to win the hand,
    which in a match of one hand is the chance to win the match the review counts) at each choice the hint
    budget allows: the page and its final view."""
    entry = next(e for e in game_catalog() if e["id"] == "kozel")
    body = {"game": "kozel", "level": "easy", "seed": seed, "options": shortest_match(entry)}
    page = open_game(browser, server, body, LANDSCAPE)
    hints = iter(range(5))  # the hints a player may ask at once

    def worst(legal: list[str], rng: random.Random) -> str:
        if len(legal) > 1 and next(hints, None) is not None:
            v = page.evaluate("() => [window.BonesTable.state.view.id, window.BonesTable.state.token]")
            # 202: a worker still searches (10 s and more on a loaded machine); asked again after a pause, as
            # the page does.
            deadline = time.monotonic() + HINTED
            while True:
                hint = page.request.get(f"{server.url}/api/games/{v[0]}/hint", headers={"X-Seat-Token": v[1]})
                if hint.status != 202 or time.monotonic() > deadline:
                    break
                page.wait_for_timeout(250)
            assert hint.status == 200, (hint.status, hint.text())
            estimates = hint.json()["estimates"]
            chosen = min(estimates, key=lambda e: (e["win_chance"], e["expected_points"]))
            return str(chosen["move"])
        return never_draw_by_choice(legal, rng)

    final = play_to_the_end(page, functools.partial(tap_move, quick=True), lambda turn: None, None, worst)
    return page, final


def test_a_kozel_match_reviewed_stepped_through_and_listed(browser: Any, live_server: Any, artifacts: Path) -> None:
    # The computers' play differs from run to run (their generator is keyed by the table's id): a hand may leave
    # the player no choice that matters, and the hint's clock (1 s, few deals on a loaded machine) may call a
    # move worst that is not (CI, stops 31 and 33: the review, at its fixed work, found none of the player's
    # moves costly). Such a match is put aside for another deal, each with a new player. Whether the review marks
    # the moves the hint puts far below its best is tests/bots/line/test_line_review.py's question.
    for seed in (11, 12, 13, 14):
        page, final = hinted_worst_match(browser, live_server, seed)
        names = [s["name"] for s in final["seats"]]
        said = open_review(page)
        assert any(re.fullmatch(r"Analysing move \d+ of \d+…", text) for text in said), said
        # Each seat by name with its accuracy; the chart; the player's costliest moves.
        seats = page.locator(".review-seats li").all_inner_texts()
        assert len(seats) == 4 and all("accuracy" in s for s in seats)
        assert [s.split("\n")[0].replace(" (you)", "") for s in seats] == names
        assert "seat" not in " ".join(seats).lower()
        assert page.locator(".review-chart circle").count() >= 5
        costly = page.locator(".review-costly button")
        if costly.count():
            break
        assert "every move you made was the best one found" in page.locator("#review-body").inner_text()
        page.close()
    assert costly.count() >= 1, "four deals in which the review found none of the player's moves costly"
    number = int(costly.first.get_attribute("data-number"))
    costly.first.click()
    page.wait_for_function(
        "(n) => document.getElementById('review-move').textContent.startsWith(`Move ${n},`)", arg=number
    )
    said = page.locator("#review-move").inner_text()
    assert "Better:" in said, said
    # The board is the position before that move, the better move glowing in the hand and the move
    # played marked apart, each tile and the end it went on with its word.
    view = page.evaluate("() => window.BonesTable.state.view")
    assert view["move_number"] == number - 1 and view["past"]["number"] == number - 1
    assert page.locator(".hand .tile.hinted").count() == 1
    assert page.locator(".hand .tile.played").count() == 1
    marked = page.evaluate(
        """() => [...document.querySelectorAll('#hand [data-mark], #board [data-mark]')].map((e) => [
             e.classList.contains('slot') ? 'end' : 'tile', e.dataset.mark,
             getComputedStyle(e, '::after').content, e.getAttribute('aria-label')])"""
    )
    for where in ("tile", "end"):
        for word in ("played", "best"):
            assert any(w == where and word in mark for w, mark, _, _ in marked), (where, word, marked)
    for _, mark, content, label in marked:
        assert content == f'"{mark}"' and mark.replace(" · ", " and ") in label, marked
    assert page.locator(".review-chart circle.chosen").count() == 1
    shots(page, artifacts, "review-kozel", LANDSCAPE)
    # The arrow keys step to the next decision and back.
    page.keyboard.press("ArrowRight")
    page.wait_for_function("(n) => window.BonesTable.state.view.move_number > n - 1", arg=number)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("(n) => window.BonesTable.state.view.move_number === n - 1", arg=number)
    # A tap on the chart picks the move under it.
    page.locator(".review-chart svg").click(position={"x": 5, "y": 50})
    page.wait_for_function("() => document.getElementById('review-move').textContent.startsWith('Move ')")
    # CLOSE goes back to the results; a second look is at once (kept), not worked out again.
    page.locator("#review-close").click()
    page.wait_for_selector("#results:not([hidden])")
    page.locator("#review-btn").click()
    page.wait_for_selector(".review-chart svg circle", timeout=5000)
    page.locator("#review-close").click()
    # YOUR GAMES, from the statistics: the match with the player's accuracy, and REPLAY.
    page.locator("#to-home").click()
    page.locator("#stats-btn").click()
    page.locator("#games-btn").click()
    page.wait_for_selector(".games-entry")
    entries = page.locator(".games-entry")
    assert entries.count() == 1
    text = entries.first.inner_text()
    assert "Kozel" in text and "your accuracy" in text and "you" in text, text
    shots(page, artifacts, "games-list", LANDSCAPE)
    entries.first.get_by_role("button", name="replay", exact=False).click()
    page.wait_for_selector("#review:not([hidden]) #review-step:not([hidden])")
    page.keyboard.press("Home")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 0")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.BonesTable.state.view.move_number === 1")
    assert page.locator("#review-move").inner_text().startswith("After move 1 of")
    page.locator("#review-close").click()
    page.wait_for_selector("#games-screen:not([hidden])")
    assert not page.errors, page.errors
    # Another person sees none of it.
    other = browser.new_page(viewport=PORTRAIT)
    other.goto(f"{live_server.url}/?pace=0")
    other.locator("#stats-btn").click()
    other.locator("#games-btn").click()
    other.wait_for_selector("#games-list p")
    assert other.locator(".games-entry").count() == 0
    assert "No finished games yet" in other.locator("#games-list").inner_text()
    other.close()
    page.close()


def test_a_fujisan_problem_reviewed_with_the_better_move_on_the_board(
    browser: Any, live_server: Any, artifacts: Path
) -> None:
    page = open_game(browser, live_server, {"game": "fujisan", "level": "normal", "seed": 7}, PORTRAIT)
    view = page.evaluate("() => window.BonesTable.state.view")
    first = next(m for m in view["legal_moves"] if m != "give-up")
    # One move, then giving up: a blunder, with a better move to show.
    play_to_the_end(page, click_fujisan, lambda turn: None, [first, "give-up"])
    # REVIEW sits with PLAY AGAIN and MENU on the results, inside a phone's width.
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "results-fujisan-360x740.png"))
    for name in ("again", "review-btn", "to-home"):
        box = page.locator(f"#{name}").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PORTRAIT["width"], (name, box)
    open_review(page)
    assert "moves to" in page.locator(".review-chart figcaption").inner_text()
    costly = page.locator(".review-costly button")
    assert costly.count() >= 1
    costly.first.click()
    page.wait_for_function("() => document.getElementById('review-move').textContent.includes('Better:')")
    assert "blunder" in page.locator("#review-move").inner_text()
    assert page.locator(".fujisan-square.hinted").count() >= 1
    # The move played (one move, then giving up) and the better one, both on the board with their words.
    words = page.locator("#board [data-mark]").evaluate_all("(es) => es.map((e) => e.dataset.mark)")
    assert any("best" in w for w in words) and any("played" in w for w in words), words
    assert page.locator("#board .played").count() >= 1
    shots(page, artifacts, "review-fujisan", PORTRAIT)
    assert not page.errors, page.errors
    page.close()
