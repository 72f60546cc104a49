"""The board as drawn: whole matches of every game at three screen sizes, phone layouts, words.

The orientation check reads what the page drew (each board tile's half boxes and
the pips in each half) and compares it with the layout the page got from the
server: every tile shows its two numbers, its halves lie along its long side,
and where a tile joins another the matching numbers touch. The check runs in the
page after every change of the board, so no move goes unchecked.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import bones
from bones.tiles import TILES
from bones.web.table import COMPUTER, HUMAN, Seat, Table
from tests.web.test_web_browser import LANDSCAPE, PORTRAIT, tap_move, view, wait_ready
from tests.web.test_web_games import until

PHONE_SIDEWAYS = {"width": 740, "height": 360}
PHONE_SIDEWAYS_WIDE = {"width": 844, "height": 390}
SIZES = {
    "1280x800": LANDSCAPE,
    "360x740": PORTRAIT,
    "740x360": PHONE_SIDEWAYS,
    "844x390": PHONE_SIDEWAYS_WIDE,
}
VIEWPORTS = {"1280x800": LANDSCAPE, "360x740": PORTRAIT, "740x360": PHONE_SIDEWAYS}
GAMES = ("draw", "block", "allfives", "muggins", "kozel", "classic")

pytestmark = pytest.mark.slow

# Runs in the page: after every change of the board, compare each drawn tile with the layout.
BOARD_CHECK = """
(() => {
  const record = { checks: 0, boards: 0, problems: [] };
  window.__boardCheck = record;
  const valueOf = (half) => {
    const num = half.querySelector('.num');
    return num ? Number(num.textContent) : half.querySelectorAll('.pip').length;
  };
  const gap = (a, b) => Math.hypot(
    Math.max(0, a.left - b.right, b.left - a.right), Math.max(0, a.top - b.bottom, b.top - a.bottom));
  // How long an edge two boxes share (tiles are drawn a pixel inside their places); 0 unless they touch.
  const contact = (a, b) => (gap(a, b) > 4 ? 0
    : Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) + Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)));
  // The half that lies against rect: the longest shared edge (a tile hooked beside a double touches it with both).
  const nearest = (halves, rect) => halves.reduce((best, h) => {
    const [c, cb] = [contact(h.rect, rect), contact(best.rect, rect)];
    return c > cb + 1 || (Math.abs(c - cb) <= 1 && gap(h.rect, rect) < gap(best.rect, rect)) ? h : best;
  });
  function check() {
    const S = window.BonesTable && window.BonesTable.state, v = S && S.view;
    const board = document.getElementById('board');
    if (!v || !board || !board.clientWidth || document.getElementById('table').hidden) return;
    const layout = v.status !== 'playing' && v.sheet ? v.sheet.layout : v.layout;
    const problem = (text) => {
      // The first wrong board is kept whole, so a failure can be replayed with BonesLayout.fit.
      if (!record.layout) record.layout = { layout, width: board.clientWidth, height: board.clientHeight };
      if (record.problems.length < 50) record.problems.push(`move ${v.move_number}: ${text}`);
    };
    record.checks += 1;
    const drawn = [];
    for (const t of layout.tiles) {
      const found = board.querySelectorAll(`.tile[data-tile="${t.tile}"]`);
      if (found.length !== 1) { problem(`${t.tile} drawn ${found.length} times`); return; }
      const e = found[0], box = e.getBoundingClientRect();
      const halves = [...e.querySelectorAll(':scope > .half')].map((h) => ({ value: valueOf(h), rect: h.getBoundingClientRect() }));
      drawn.push({ t, box, halves });
      if (halves.length !== 2) { problem(`${t.tile} has ${halves.length} halves`); continue; }
      const shown = halves.map((h) => h.value).sort().join(':'), wanted = [t.near, t.far].sort().join(':');
      if (shown !== wanted) problem(`${t.tile} shows ${shown}`);
      // The halves lie along the tile's long side, each about square (not stretched).
      const across = box.width >= box.height;
      const [c0, c1] = halves.map((h) => [h.rect.left + h.rect.width / 2, h.rect.top + h.rect.height / 2]);
      const along = Math.abs(across ? c1[0] - c0[0] : c1[1] - c0[1]), aside = Math.abs(across ? c1[1] - c0[1] : c1[0] - c0[0]);
      if (!(along > aside + 1)) problem(`${t.tile}: halves lie across a ${Math.round(box.width)}x${Math.round(box.height)} tile`);
      for (const h of halves) {
        const ratio = h.rect.width / h.rect.height;
        if (ratio > 2 || ratio < 0.5) problem(`${t.tile}: a half drawn ${Math.round(h.rect.width)}x${Math.round(h.rect.height)}`);
      }
    }
    // Where a tile joins another, its near half touches the joined tile, and the numbers there match.
    layout.tiles.forEach((t, i) => {
      if (t.joins < 0 || t.near === t.far) return;
      const child = drawn[i], parent = drawn[t.joins];
      if (!child || !parent || child.halves.length !== 2 || parent.halves.length !== 2) return;
      const touching = nearest(child.halves, parent.box);
      if (touching.value !== t.near) problem(`${t.tile}: the half next to ${parent.t.tile} shows ${touching.value}, not ${t.near}`);
      const near = child.halves.find((h) => h.value === t.near) || touching;
      const facing = nearest(parent.halves, near.rect);
      if (facing.value !== t.near) problem(`${t.tile}: ${parent.t.tile} shows ${facing.value} where ${t.near} touches it`);
    });
    record.boards += 1;
  }
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(check).observe(document.getElementById('board'), { childList: true, subtree: true, attributes: true });
  });
})();
"""

# Tiles slide to their new places; the check reads boxes, so it wants them where they end up.
NO_SLIDING = ".board .tile { transition: none !important; }"


def near_the_end(game: str, seed: int, players: int | None = None) -> dict[str, Any]:
    """The seed's first deal, with the scores close enough to the target that a hand or two ends the match."""
    rules = bones.rules(game, **({"players": players} if players else {}))
    state = rules.new_game(seed=seed)
    close = rules.target - 12 if rules.scores_during_play else rules.target - 1
    return {
        "hands": [[str(t) for t in state.hand(seat)] for seat in range(rules.players)],
        "boneyard": [str(TILES[t]) for t in state.kernel.boneyard[::-1]],
        "scores": [close] * rules.num_sides,
    }


def open_checked(
    browser: Any, server: Any, body: dict[str, Any], viewport: dict[str, int], pace: int = 0, init: str = ""
) -> Any:
    """A table page with the board check (and ``init``) installed; console errors and page errors are collected."""
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.errors = errors
    page.add_init_script(BOARD_CHECK)
    if init:
        page.add_init_script(init)
    created = page.request.post(
        f"{server.url}/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.text()
    page.goto(f"{server.url}/?pace={pace}")
    page.add_style_tag(content=NO_SLIDING)
    page.locator("#continue").click()
    page.wait_for_selector("#table:not([hidden])")
    return page


# The view once the table waits for the player past move ``after``: their turn (not a forced pass),
# a hand sheet, or the end (wait_ready's test, and the view, in one round trip).
READY_AFTER = """(after) => { const s = window.BonesTable.state, v = s.view;
  if (!v || s.busy || !(v.move_number > after)) return false;
  if (v.status !== 'playing') return v;
  return v.to_move === v.seat && !(v.legal_moves.length === 1 && v.legal_moves[0] === 'pass') && v; }"""


def board_check(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.__boardCheck")


# What lies outside its card, above or below: cut off, or there only by scrolling.
CLIPPED = """(card) => {
  const box = card.getBoundingClientRect();
  return [...card.querySelectorAll('*')]
    .filter((e) => e.getClientRects().length)
    .filter((e) => { const r = e.getBoundingClientRect(); return r.top < box.top - 1 || r.bottom > box.bottom + 1; })
    .map((e) => e.id || e.className || e.tagName);
}"""


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["x"] >= 0 and box["y"] + box["height"] <= size["height"]


# Every game at the three sizes; the four-player sheet on the wider sideways phone as well.
MATCHES = [(game, size) for game in GAMES for size in VIEWPORTS] + [("kozel", "844x390"), ("classic", "844x390")]


@pytest.mark.parametrize(("game", "size"), MATCHES)
def test_whole_match_draws_every_tile_as_laid_out(
    browser: Any, live_server: Any, artifacts: Path, game: str, size: str
) -> None:
    seed = 5
    body = {"game": game, "level": "easy", "seed": seed, "setup": near_the_end(game, seed)}
    page = open_checked(browser, live_server, body, SIZES[size])
    moves = hands = 0
    shot = False
    after = -1
    for _ in range(400):
        current = until(page, READY_AFTER, after)
        if current["status"] == "sheet":
            page.wait_for_selector("#sheet:not([hidden])")
            assert in_view(page, "#sheet-title"), f"the sheet opens with its title off screen at {size}"
            if not hands:
                page.screenshot(path=str(artifacts / f"match-{game}-{size}-sheet.png"))
            hands += 1
            page.locator("#next-hand").click()
            page.wait_for_function("() => window.BonesTable.state.view.status !== 'sheet'")
            after = -1
            continue
        if current["status"] == "over":
            break
        if not shot and len(current["layout"]["tiles"]) >= 9:
            page.screenshot(path=str(artifacts / f"match-{game}-{size}.png"))
            shot = True
        tap_move(page, current["legal_moves"][0])
        after = current["move_number"]
        moves += 1
    page.wait_for_selector("#results:not([hidden])")
    assert in_view(page, "#results-title"), f"the results open with their title off screen at {size}"
    outside = page.locator(".results-card").evaluate(CLIPPED)
    assert not outside, f"the results card cuts off {outside} at {size}"
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts / f"match-{game}-{size}-results.png"))
    checked = board_check(page)
    assert not checked["problems"], (checked["problems"], json.dumps(checked.get("layout")))
    assert hands >= 1 and checked["boards"] > moves >= 3
    assert view(page)["move_number"] >= moves
    assert not page.errors, page.errors
    page.close()


# The parts of the table that must never lie on each other, each as the boxes of what it draws.
PARTS = """() => {
  const boxes = (selector) => [...document.querySelectorAll(selector)]
    .filter((e) => e.offsetParent !== null).map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => ({ x: r.left, y: r.top, w: r.width, h: r.height }));
  const parts = {
    bar: boxes('#menu-btn, #status, #hint-btn'),
    chips: boxes('.chip'),
    board: boxes('#board'),
    me: boxes('#me-label, .hand .tile'),
  };
  for (const where of ['top', 'left', 'right']) parts[where] = boxes(`#seat-${where} .nameplate, #seat-${where} .backs > *`);
  return parts;
}"""


def overlaps(parts: dict[str, list[dict[str, float]]]) -> list[str]:
    found = []
    names = list(parts)
    for i, one in enumerate(names):
        for other in names[i + 1 :]:
            for a in parts[one]:
                for b in parts[other]:
                    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
                    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
                    if dx > 1 and dy > 1:
                        found.append(f"{one} {a} overlaps {other} {b}")
    return found


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", ["draw", "kozel"])
def test_the_table_fits_the_screen(browser: Any, live_server: Any, artifacts: Path, game: str, size: str) -> None:
    viewport = SIZES[size]
    page = open_checked(browser, live_server, {"game": game, "level": "easy", "seed": 11}, viewport)
    for _ in range(3):
        current = wait_ready(page)
        number = current["move_number"]
        tap_move(page, current["legal_moves"][0])
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    wait_ready(page)
    page.screenshot(path=str(artifacts / f"table-{game}-{size}.png"))
    parts = page.evaluate(PARTS)
    assert not overlaps(parts)
    for name, rects in parts.items():
        for r in rects:
            assert r["x"] >= -1 and r["y"] >= -1, (name, r)
            assert r["x"] + r["w"] <= viewport["width"] + 1 and r["y"] + r["h"] <= viewport["height"] + 1, (name, r)
    board = parts["board"][0]
    assert board["h"] >= 160, f"the board is {board['h']:.0f} px tall at {size}"
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("size", ["360x740", "740x360", "844x390"])
def test_play_is_on_the_first_screen(browser: Any, live_server: Any, artifacts: Path, size: str) -> None:
    # An unfinished match shows CONTINUE as well, and Draw shows the players' choice: the tallest settings.
    page = open_checked(browser, live_server, {"game": "draw", "level": "easy", "seed": 4}, SIZES[size])
    page.locator("#menu-btn").click()
    page.locator("#m-new").click()
    page.locator("#continue").wait_for(state="visible")
    page.locator('#games [data-value="draw"]').click()
    page.locator('#levels [data-value="crazy"]').click()  # the longest note under the levels
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"settings-{size}.png"))
    for selector in ("#continue", "#players", "#play"):
        assert in_view(page, selector), f"{selector} is below the fold at {size}"
    assert not page.errors, page.errors
    page.close()


# The registered games the table does not list yet: with them the list holds 14 entries.
MORE_GAMES = [
    "Bee Donimoes",
    "Bingo dominoes",
    "Domino Finder",
    "Fujisan",
    "Mountains and Valleys",
    "Domino Runners",
    "Tetradominoes",
]


@pytest.mark.parametrize("size", ["360x740", "740x360", "844x390"])
def test_play_stays_on_the_first_screen_as_the_game_list_grows(
    browser: Any, live_server: Any, artifacts: Path, size: str
) -> None:
    page = browser.new_page(viewport=SIZES[size])

    def longer_list(route: Any) -> None:
        response = route.fetch()
        catalog = response.json()
        # Up to fourteen entries (thirteen games and a variant), whichever the catalog offers already.
        model = catalog["games"][0]
        titles = {game["title"] for game in catalog["games"]}
        more = [title for title in MORE_GAMES if title not in titles][: max(0, 14 - len(catalog["games"]))]
        catalog["games"] += [{**model, "id": f"more-{i}", "title": title} for i, title in enumerate(more)]
        route.fulfill(response=response, json=catalog)

    page.route("**/api/catalog", longer_list)
    created = page.request.post(
        f"{live_server.url}/api/games",
        data=json.dumps({"game": "draw", "level": "easy", "seed": 4}),
        headers={"Content-Type": "application/json"},
    )
    assert created.status == 201
    page.goto(f"{live_server.url}/?pace=0")
    page.locator("#continue").wait_for(state="visible")
    page.locator('#games [data-value="draw"]').click()
    assert page.locator("#games [role=radio]").count() >= 14
    page.screenshot(path=str(artifacts / f"settings-13-games-{size}.png"))
    for selector in ("#continue", "#players", "#play"):
        assert in_view(page, selector), f"{selector} is below the fold at {size}"
    assert page.locator("#game-note").inner_text() == "Stuck? Draw from the boneyard. First to 100."
    page.close()


def test_a_drawn_tile_that_fits_is_said_in_one_sentence(browser: Any, live_server: Any) -> None:
    setup = {"hands": [["6:6", "1:0"], ["6:5", "4:4"]], "boneyard": ["2:0", "3:1", "5:1", "2:2"], "opener": 0}
    page = open_checked(browser, live_server, {"game": "draw", "setup": setup}, PORTRAIT)
    page.locator('.hand .tile[data-tile="6:6"]').click()
    for _ in range(3):
        number = wait_ready(page)["move_number"]
        page.locator("#boneyard-tiles .tile").first.click()
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    assert page.locator("#status").inner_text() == "You drew 5:1 and it fits. Your turn"
    assert not page.errors, page.errors


# Classic: whatever Lily does, the 2:2 becomes a spinner on the line and its branches open for us.
BRANCHES = {
    "hands": [["6:6", "6:2", "2:2", "2:0", "2:1", "3:3", "4:4"], ["6:5", "5:5", "5:4", "4:3", "3:1", "1:0", "0:0"]],
    "opener": 0,
}
MOVE_WORDS = r"^(Draw|Pass|\d+:\d+ (to open the line|on the (left|right) end|on the (upper|lower|left|right) branch of \d+:\d+))$"


def way_from(page: Any, double: str, selector: str) -> str:
    """Where the box of ``selector`` lies from the tile ``double`` on the board."""
    spinner = page.locator(f'#board .tile[data-tile="{double}"]').bounding_box()
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if y < spinner["y"]:
        return "upper"
    if y > spinner["y"] + spinner["height"]:
        return "lower"
    return "left" if x < spinner["x"] else "right"


def test_ends_are_named_in_words(browser: Any, live_server: Any, artifacts: Path) -> None:
    page = open_checked(browser, live_server, {"game": "classic", "level": "easy", "setup": BRANCHES}, PORTRAIT, 500)
    for _ in range(20):
        current = wait_ready(page)
        legal = current["legal_moves"]
        branch = [m for m in legal if m.partition("@")[2].isdigit()]
        if branch:
            break
        move = next((m for t in ("6:6", "6:2", "2:2", "2:0", "2:1") for m in legal if m.split("@")[0] == t), legal[0])
        tap_move(page, move)
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {current['move_number']}")
    else:
        raise AssertionError("no branch of a later spinner opened")
    page.locator("#hint-btn").click()
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Hint: play')")
    assert "@" not in page.locator("#status").inner_text()
    cells = page.locator("#hint-panel td:first-child").all_inner_texts()
    assert cells and all(re.match(MOVE_WORDS, c) for c in cells), cells
    assert len(set(cells)) == len(cells), cells  # the two branches of one double are told apart
    page.screenshot(path=str(artifacts / "hint-words-360x740.png"))
    # The words say where the branch leaves the double on the board: its open end now, its tile once played.
    for move in branch:
        tile, _, end = move.partition("@")
        way = way_from(page, "2:2", f'#board .slot[data-name="{end}"]')
        assert f"{tile} on the {way} branch of 2:2" in cells, (move, cells)
    # Play the branch the hint picked up when it advised one (its ends already glow), else the first.
    picked = page.locator(".hand .tile.picked").all()
    advised = [m for m in branch if picked and m.split("@")[0] == picked[0].get_attribute("data-tile")]
    move = (advised or branch)[0]
    tile = move.split("@")[0]
    tap_move(page, move)
    # The words are kept as they first show: at the game's pace the computer's reply soon takes the line.
    said = page.wait_for_function(
        "(tile) => { const t = document.querySelector('#status').textContent;"
        " return t.startsWith(`You played ${tile} `) && t; }",
        arg=tile,
    ).json_value()
    # The page was asked for less motion: the tile lies in its place at once, it does not fly in from the hand.
    played = f'#board .tile[data-tile="{tile}"]'
    assert page.evaluate(f"() => document.querySelector('{played}').getAnimations().length") == 0
    # Once the hand and the status line have taken their room, the words and the board agree.
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    way = way_from(page, "2:2", played)
    assert said.startswith(f"You played {tile} on the {way} branch of 2:2. "), (way, said)
    assert not page.errors, page.errors


BOTH_ENDS = {
    "hands": [["6:6", "6:3", "1:1", "2:1", "3:0", "4:0", "5:0"], ["5:5", "4:4", "3:3", "2:2", "5:4", "4:3", "3:2"]],
    "opener": 0,
    "opening": "6:6",
}


def test_the_hint_panel_names_moves_in_words(browser: Any, live_server: Any) -> None:
    page = open_checked(browser, live_server, {"game": "block", "setup": BOTH_ENDS}, LANDSCAPE)
    page.locator('.hand .tile[data-tile="6:6"]').click()
    wait_ready(page)
    page.locator("#hint-btn").click()
    page.wait_for_selector("#hint-panel:not([hidden])")
    cells = page.locator("#hint-panel td:first-child").all_inner_texts()
    assert sorted(cells) == ["6:3 on the left end", "6:3 on the right end"]
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_bubbles_keep_off_the_score(browser: Any, live_server: Any, artifacts: Path, size: str) -> None:
    page = open_checked(browser, live_server, {"game": "block", "setup": BOTH_ENDS}, SIZES[size], pace=300)
    page.locator('.hand .tile[data-tile="6:6"]').click()  # Lily has no six: she passes
    page.wait_for_selector(".bubble")
    covered = """() => {
      const b = document.querySelector('.bubble');
      if (!b) return [];
      const r = b.getBoundingClientRect();
      return [...document.querySelectorAll('.chip, #status')].filter((c) => {
        const o = c.getBoundingClientRect();
        return r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom;
      }).map((c) => c.id);
    }"""
    assert page.locator(".bubble").inner_text() == "Pass"
    for _ in range(4):
        assert page.evaluate(covered) == []
        page.wait_for_timeout(250)
    page.screenshot(path=str(artifacts / f"bubble-{size}.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_the_gold_rim_is_explained(browser: Any, live_server: Any, artifacts: Path, size: str) -> None:
    page = open_checked(browser, live_server, {"game": "block", "setup": BOTH_ENDS}, SIZES[size])
    page.locator('.hand .tile[data-tile="6:6"]').click()
    wait_ready(page)
    last = page.locator("#board .tile.last")
    assert "played last" in last.get_attribute("title")
    page.locator("#menu-btn").click()
    legend = page.locator("#legend")
    assert legend.is_visible() and "Gold rim" in legend.inner_text() and "played last" in legend.inner_text()
    assert in_view(page, "#menu-title")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"menu-{size}.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", ["360x740", "740x360"])
def test_the_hint_panel_leaves_the_ends_in_sight(browser: Any, live_server: Any, artifacts: Path, size: str) -> None:
    page = open_checked(browser, live_server, {"game": "block", "setup": BOTH_ENDS}, SIZES[size])
    page.locator('.hand .tile[data-tile="6:6"]').click()
    wait_ready(page)
    page.locator("#hint-btn").click()
    page.wait_for_selector("#hint-panel:not([hidden])")
    assert page.locator(".slot.target").count() == 2  # the hint picked 6:3 up: both ends glow
    hidden = page.evaluate(
        """() => {
          const p = document.querySelector('#hint-panel').getBoundingClientRect();
          return [...document.querySelectorAll('.slot.target')].filter((s) => {
            const r = s.getBoundingClientRect();
            return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
          }).map((s) => s.dataset.name);
        }"""
    )
    page.screenshot(path=str(artifacts / f"hint-{size}.png"))
    assert hidden == []
    number = view(page)["move_number"]
    page.locator('.slot.target[data-name="right"]').click()
    page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
    assert not page.errors, page.errors


# Counts what is drawn again in the board, the boneyard and the hand over a while, from two frames
# after the table is ready (a draw that answers the move itself lands within those). The old loop
# redrew every frame, so a few hundred milliseconds show it many times over.
QUIET = """() => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    let changes = 0;
    const watch = new MutationObserver((records) => { changes += records.length; });
    for (const id of ["board", "boneyard-tiles", "hand"]) {
      const el = document.getElementById(id) || document.querySelector("." + id);
      if (el) watch.observe(el, { childList: true, subtree: true });
    }
    setTimeout(() => { watch.disconnect(); done(changes); }, 400);
  }));
})"""


# Each game and each size once: the status line and the hand row differ by game and by size, and
# the loop came from either of them changing the board's room.
WAITING = [("draw", "1280x800"), ("classic", "360x740"), ("kozel", "740x360")]


@pytest.mark.parametrize(("game", "size"), WAITING)
def test_a_waiting_table_is_not_drawn_again_and_again(browser: Any, live_server: Any, game: str, size: str) -> None:
    # A redraw can change the room the board has (the status line wraps, the hand row grows), and
    # the board's resize observer redraws: two sizes taking turns redrew every frame, so the tile a
    # player was about to tap was detached again and again and the tap never landed.
    page = open_checked(browser, live_server, {"game": game, "level": "easy", "seed": 11}, SIZES[size])
    for _ in range(3):
        current = wait_ready(page)
        if current["status"] != "playing":
            break
        changes = page.evaluate(QUIET)
        assert changes == 0, f"the table was drawn again {changes} times while it waited for you ({game}, {size})"
        tap_move(page, current["legal_moves"][0])
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {current['move_number']}")
    assert not page.errors, page.errors
    page.close()


# After each draw of the hand, keeps its tiles and, three frames later (the resize observer's answer
# to a draw comes within two), notes those taken away meanwhile by a draw of the same move.
HAND_KEPT = """
(() => {
  const record = { pending: 0, redrawn: [] };
  window.__handKept = record;
  document.addEventListener("DOMContentLoaded", () => {
    const hand = document.getElementById("hand");
    new MutationObserver(() => {
      const held = [...hand.children], S = window.BonesTable && window.BonesTable.state;
      const move = () => (S && S.view ? S.view.move_number : null), drawnAt = move();
      if (!held.length) return;
      record.pending += 1;
      const frame = (n) => requestAnimationFrame(() => {
        if (n) return frame(n - 1);
        record.pending -= 1;
        const gone = held.filter((t) => !t.isConnected).map((t) => t.dataset.tile);
        if (gone.length && move() === drawnAt) record.redrawn.push(`move ${drawnAt}: ${gone.join(" ")}`);
      });
      frame(2);
    }).observe(hand, { childList: true });
  });
})();
"""


# The tiles on the board that do not lie where the line fitted to the board's room now puts them.
MISPLACED = """() => {
  const board = document.getElementById("board"), v = window.BonesTable.state.view, L = window.BonesLayout;
  const [W, H] = [board.clientWidth, board.clientHeight];
  const fit = L.fit(v.layout, W, H, { maxUnit: L.maxUnitFor(W, H) });
  return v.layout.tiles.filter((t, i) => {
    const e = board.querySelector(`.tile[data-tile="${t.tile}"]`);
    return e.style.left !== `${fit.tiles[i].left + 1}px` || e.style.top !== `${fit.tiles[i].top + 1}px`;
  }).map((t) => t.tile);
}"""


@pytest.mark.parametrize("size", ["1280x800", "360x740", "740x360"])
def test_a_table_drawn_for_its_room_is_not_drawn_again(browser: Any, live_server: Any, size: str) -> None:
    # Coming to the table, or a move, draws the table for the room it has. The board's resize observer
    # took that size for a new one and drew everything again a frame later; and with less motion asked
    # for, every property (the hand's height too) took a frame to land, so the board shrank after the
    # draw and was drawn again. Each redraw detached the tile a quick player was tapping.
    page = open_checked(
        browser, live_server, {"game": "classic", "level": "easy", "seed": 11}, SIZES[size], init=HAND_KEPT
    )
    for _ in range(4):
        current = wait_ready(page)
        page.wait_for_function("() => window.__handKept.pending === 0")
        redrawn = page.evaluate("() => window.__handKept.redrawn")
        assert redrawn == [], f"the hand was drawn again for nothing at {size}: {redrawn}"
        # Drawn once, but for the room it has now (the words for a move may fit the board first).
        assert page.evaluate(MISPLACED) == [], f"the board was drawn for another room at {size}"
        if current["status"] != "playing":
            break
        tap_move(page, current["legal_moves"][0])
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {current['move_number']}")
    assert not page.errors, page.errors
    page.close()


# Once the tap on a tile has been handled, keeps what it drew (the hand and the glowing ends) and, eight frames
# later, names what was taken away since; and the board's room before the tap and after it.
PICK_KEPT = """() => {
  const board = document.getElementById('board'), before = board.clientHeight;
  window.__pickKept = new Promise((done) => window.addEventListener('click', () => {
    const drawn = [...document.querySelectorAll('#hand .tile, .slot.target')];
    const after = board.clientHeight;
    const frame = (n) => requestAnimationFrame(() => {
      if (n) return frame(n - 1);
      done({ gone: drawn.filter((e) => !e.isConnected).map((e) => e.dataset.tile || e.dataset.name), before, after });
    });
    frame(8);
  }, { once: true }));
}"""


def test_a_tile_picked_to_choose_its_end_is_drawn_once(browser: Any, live_server: Any) -> None:
    # On a phone, picking a tile that fits both ends changes the words ("tap a glowing end") and with them the
    # board's room. The resize observer took that for a new room and drew the hand and the board again a frame
    # later, so the end a quick player was tapping was no longer on the page.
    page = open_checked(browser, live_server, {"game": "classic", "level": "easy", "seed": 11}, PORTRAIT)
    for _ in range(20):
        current = wait_ready(page)
        assert current["status"] == "playing", "no tile fitting both ends came up on this deal"
        ends: dict[str, int] = {}
        for move in current["legal_moves"]:
            ends[move.partition("@")[0]] = ends.get(move.partition("@")[0], 0) + 1
        both = [tile for tile, count in ends.items() if count > 1]
        if both:
            break
        tap_move(page, current["legal_moves"][0])
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {current['move_number']}")
    # The words before the pick take two lines or three by the computer's move; they are made three.
    page.evaluate(
        "() => { document.getElementById('status').textContent = 'Lily played 6:4 on the upper branch of 6:6, and the next to play is you. Your turn'; }"
    )
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done))))"
    )
    page.evaluate(PICK_KEPT)
    page.locator(f'.hand .tile[data-tile="{both[0]}"]').click()
    kept = page.evaluate("() => window.__pickKept")
    assert kept["before"] != kept["after"], (
        f"the pick left the board's room as it was, so this no longer tests it: {kept}"
    )
    assert kept["gone"] == [], f"the pick was drawn again: {kept}"
    assert not page.errors, page.errors
    page.close()


# Where a tap on each lit end lands: the end under the middle of its place (a mark drawn for another end must not
# take the tap).
TAPPED = """() => [...document.querySelectorAll('.slot.target')].map((slot) => {
  const r = slot.getBoundingClientRect();
  const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [slot.dataset.name, under && under.closest('.slot') ? under.closest('.slot').dataset.name : null];
})"""


def test_a_tap_on_an_end_lands_there_though_another_is_drawn_just_below(browser: Any, live_server: Any) -> None:
    # Classic, deal 8, 161 seeded random moves in: 2:0 fits both arms of a spinner, and at some sizes of a phone
    # held sideways the later arm's place is drawn just below the other's, its mark over the other's middle.
    state = bones.rules("classic").new_game(seed=8)
    rng = random.Random(8)
    for _ in range(161):
        state = state.play(rng.choice(list(state.legal_moves)))
    # The second seat is to move: that is the person at the page.
    table = Table("stacked-ends", "easy", [Seat(COMPUTER, "Lily", "easy"), Seat(HUMAN, "You", token="t")], state)
    while table.view(1)["status"] == "sheet":
        table.close_sheet(1)
    stacked = json.loads(json.dumps(table.view(1)))
    assert stacked["legal_moves"] == ["2:0@4", "2:0@5"]
    # A classic table on the page, then this position drawn on it as the server would send it.
    page = open_checked(browser, live_server, {"game": "classic", "level": "easy", "seed": 5}, SIZES["740x360"])
    wait_ready(page)
    page.evaluate("async (v) => (await import('/static/shell/table.js')).applyView(v)", stacked)
    page.locator('.hand .tile[data-tile="2:0"]').click()
    page.wait_for_function("() => document.querySelectorAll('.slot.target').length === 2")
    wrong = {}
    for width in (636, 648, 664, 676):
        for height in (348, 356, 364, 372):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("() => document.querySelectorAll('.slot.target').length === 2")
            page.wait_for_timeout(50)
            taps = page.evaluate(TAPPED)
            if any(name != under for name, under in taps):
                wrong[f"{width}x{height}"] = taps
    assert not wrong, wrong
    assert not page.errors, page.errors
