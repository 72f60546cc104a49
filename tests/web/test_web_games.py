"""Every board the browser draws besides the line: a whole game played by clicking, in Chromium.

Each game is started through the API of a test server (a seed, or a deal near the end of the
match so one hand decides it), then played from the page: our moves by clicking what glows, the
computers' at ``?pace=0``, hand sheets closed with NEXT HAND, until the results. No console
errors are allowed. Screenshots of each game mid-play at the three sizes land in test-artifacts/.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import bones
import bones.game
import bones.registry
from bones.web.entries import BOARDS, available_levels, game_catalog
from tests.web.test_web_api import advance, start
from tests.web.test_web_browser import LANDSCAPE, PORTRAIT, SHORT, tap_move

pytestmark = pytest.mark.slow

STATIC = Path(__file__).resolve().parents[2] / "src" / "bones" / "web" / "static"

READY = """() => { const s = window.BonesTable.state, v = s.view;
  if (!v || s.busy) return false;
  if (v.status !== 'playing') return true;
  // a move the table makes by itself (the board says which: a forced draw is the player's tap)
  const automatic = s.board && s.board.automatic ? s.board.automatic(v) : !!v.forced;
  return v.to_move === v.seat && !automatic; }"""


def until(page: Any, check: str, arg: Any = None, timeout: int = 20000) -> Any:
    """The first true value of ``check`` (a function of ``arg``, run in the page every frame), in one
    round trip (a wait, then a read, costs two); an error names the check after ``timeout`` ms."""
    return page.evaluate(
        f"""async ([arg, timeout]) => {{
          const check = {check}, stop = performance.now() + timeout;
          for (;;) {{
            const value = check(arg);
            if (value) return value;
            if (performance.now() > stop) throw new Error(`timed out after ${{timeout}} ms: ${{check}}`);
            await new Promise((next) => requestAnimationFrame(next));
          }}
        }}""",
        [arg, timeout],
    )


# After our move (or the sheet) the view the table waits on us with: READY, and past ``after``.
NEXT_VIEW = f"""([after, sheet]) => {{ const v = window.BonesTable.state.view;
  return v && (sheet ? v.status !== 'sheet' : v.move_number > after) && ({READY})() && v; }}"""


# What a tap leaves: the move sent (its number passed or the table busy), else what the selector finds.
AFTER_TAP = """([number, target, tapped]) => {
  const s = window.BonesTable.state;
  if (s.busy || s.view.move_number > number) return 'moved';
  if (document.querySelector(target)) return 'target';
  return !!(tapped && document.querySelector(tapped)) && 'tapped'; }"""


def tap(target: Any, quick: bool = False) -> None:
    """A click on ``target`` (a Locator); ``quick``: the click event sent to it at once, skipping
    Playwright's wait until it is still and nothing covers it (a bubble over the hand a moment after
    a move), and its pointer moves: about a fifth of a second a tap on a loaded machine."""
    if quick:
        target.dispatch_event("click")
    else:
        target.click()


def move_number(page: Any) -> int:
    return page.evaluate("() => window.BonesTable.state.view.move_number")


def bingo_near_the_end(seed: int) -> dict[str, Any]:
    """A shuffled deal with both players one set from the target: the first hand that gives sets ends it."""
    tiles = [str(t) for t in bones.tiles.pip_set(6).tiles]
    random.Random(seed).shuffle(tiles)
    return {
        "hands": [tiles[:7], tiles[7:14]],
        "trump_tile": tiles[14],
        "boneyard": tiles[15:],
        "leader": 0,
        "sets": [6, 6],
    }


def click_bingo(page: Any, move: str, quick: bool = False) -> None:
    tile = move.split("+")[0]
    if ":" not in tile:
        tap(page.locator(f'.bingo-move[data-move="{move}"]'), quick)
        return
    tap(page.locator(f'.hand .tile[data-tile="{tile}"]'), quick)
    # A double that may declare honours asks which: plain or with honours.
    if page.locator(f'.bingo-move[data-move="{move}"]').count():
        tap(page.locator(f'.bingo-move[data-move="{move}"]'), quick)


def click_finder(page: Any, move: str, quick: bool = False) -> None:
    tap(page.locator(f'.finder-square.target[data-square="{move}"]'), quick)


def click_runners(page: Any, move: str, quick: bool = False) -> None:
    if move == "swap":
        tap(page.locator('.runners-move[data-move="swap"]'), quick)
        return
    if "-" not in move:
        tap(page.locator(f'.runners-cell.target[data-cell="{move}"]'), quick)
        return
    # A run a step at a time: where the runner turns, where it stops, then the jumps (or none).
    _start, corner, rest = move.split("-")
    end = rest.split("x")[0]
    tap(page.locator(f'.runners-cell.target[data-cell="{corner}"]'), quick)
    tap(page.locator(f'.runners-cell.target[data-cell="{end}"]'), quick)
    button = page.locator(f'.runners-move[data-move="{move}"]')
    if button.count():
        tap(button, quick)


def click_tetradominoes(page: Any, move: str, quick: bool = False) -> None:
    number, choice = page.evaluate(
        "(move) => { const v = window.BonesTable.state.view; return [v.move_number, v.board.choices.find((c) => c.move === move)]; }",
        move,
    )
    if choice["kind"] not in ("domino", "tetromino"):
        tap(page.locator(f'.tetra-move[data-move="{move}"]'), quick)
        return
    # What the move uses (a domino in hand, a piece), then its cells until it is the only move left.
    if choice["kind"] == "domino":
        tap(page.locator(f'.hand .tile[data-tile="{choice["source"]}"]'), quick)
    else:
        tap(page.locator(f'.tetra-piece[data-source="{choice["source"]}"]'), quick)
    for row, col in choice["cells"]:
        # A tap that leaves one move sends it: then the next cell never glows.
        cell = f'.tetra-cell[data-cell="{row},{col}"]'
        found = until(page, AFTER_TAP, [number, f"{cell}.target", f"{cell}.tapped"])
        if found == "moved":
            return
        if found == "target":
            tap(page.locator(f"{cell}.target"), quick)
    button = f'.tetra-move[data-move="{move}"]'
    if until(page, AFTER_TAP, [number, button, None]) != "moved":
        tap(page.locator(button), quick)


def give_up(page: Any, button: str, quick: bool) -> None:
    """Giving up is asked first: the button, then yes in the dialog."""
    tap(page.locator(button), quick)
    page.locator("#ask-yes").wait_for(state="visible")
    tap(page.locator("#ask-yes"), quick)


def click_fujisan(page: Any, move: str, quick: bool = False) -> None:
    if move == "give-up":
        give_up(page, '.fujisan-move[data-move="give-up"]', quick)
        return
    start, end = move.split("-")
    tap(page.locator(f'.fujisan-square.target[data-square="{start}"]'), quick)
    tap(page.locator(f'.fujisan-square.target[data-square="{end}"]'), quick)


def click_bee(page: Any, move: str, quick: bool = False) -> None:
    if move == "give-up":
        give_up(page, '.bee-move[data-move="give-up"]', quick)
        return
    choice = page.evaluate("(move) => window.BonesTable.state.view.board.choices.find((c) => c.move === move)", move)
    tap(page.locator(f'.bee-cell.target[data-cell="{choice["from"]}"]'), quick)
    tap(page.locator(f'.bee-cell.target[data-cell="{choice["to"]}"]'), quick)


def placement(move: str) -> tuple[str, list[str]] | None:
    """A Mountains placement's domino and squares (``a6=4,b6=6``: 6:4 on a6 and b6), else None."""
    if "=" not in move:
        return None
    (first, a), (second, b) = (part.split("=") for part in move.split(","))
    return f"{max(a, b)}:{min(a, b)}", [first, second]


def click_mountains(page: Any, move: str, quick: bool = False) -> None:
    if move.startswith("pass "):  # the cooperative game: a tap on the domino hands it on
        tap(page.locator(f'.hand .tile[data-tile="{move.split()[1]}"]'), quick)
        return
    if move.startswith("lift "):  # a tap on a placed domino lifts it
        tap(page.locator(f'.mountains-cell[data-cell="{move.split()[1]}"]'), quick)
        return
    placed = placement(move)
    if move == "give-up":
        give_up(page, '.mountains-move[data-move="give-up"]', quick)
        return
    if placed is None:
        tap(page.locator(f'.mountains-move[data-move="{move}"]'), quick)
        return
    tile, cells = placed
    number = move_number(page)
    tap(page.locator(f'.hand .tile[data-tile="{tile}"]'), quick)
    for cell in cells:
        # A tap that leaves one placement makes it: then the next square never glows.
        square = f'.mountains-cell[data-cell="{cell}"]'
        found = until(page, AFTER_TAP, [number, f"{square}.target", f"{square}.tapped"])
        if found == "moved":
            return
        if found == "target":
            tap(page.locator(f"{square}.target"), quick)
    button = f'.mountains-move[data-move="{move}"]'
    if until(page, AFTER_TAP, [number, button, None]) != "moved":
        tap(page.locator(button), quick)


def place_then_done(legal: list[str], rng: random.Random) -> str:
    """The solitaire map: random placements until it is full, then accept it."""
    places = [move for move in legal if "=" in move]
    return rng.choice(places) if places else "done"


# How a game's moves are chosen where a random legal one would not do.
CHOOSERS: dict[str, Callable[[list[str], random.Random], str]] = {"mountains": place_then_done}

# A puzzle is solved by clicking its shortest solution (the exact solver's, from the same seed).
PLANS = {
    "fujisan": [str(m) for m in bones.rules("fujisan").new_game(seed=7).solve()],
    "bee": [str(m) for m in bones.rules("bee").new_game(seed=2).solve()],
}

GAMES: dict[str, tuple[dict[str, Any], Callable[[Any, str], None]]] = {
    "bingo": ({"game": "bingo", "level": "easy", "setup": bingo_near_the_end(3), "seed": 3}, click_bingo),
    "finder": ({"game": "finder", "level": "easy", "seed": 5}, click_finder),
    "runners": ({"game": "runners", "level": "easy", "seed": 5}, click_runners),
    "tetradominoes": ({"game": "tetradominoes", "level": "easy", "seed": 5}, click_tetradominoes),
    "fujisan": ({"game": "fujisan", "level": "normal", "seed": 7}, click_fujisan),
    "bee": ({"game": "bee", "level": "normal", "seed": 2}, click_bee),
    "mountains": ({"game": "mountains", "level": "normal", "seed": 3}, click_mountains),
}


def open_game(browser: Any, server: Any, body: dict[str, Any], viewport: dict[str, int]) -> Any:
    page = browser.new_page(viewport=viewport, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.errors = errors
    created = page.request.post(
        f"{server.url}/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert created.status == 201, created.text()
    page.goto(f"{server.url}/?pace=0")
    page.locator("#continue").click()
    page.wait_for_selector("#table:not([hidden])")
    return page


def play_to_the_end(
    page: Any,
    click: Callable[[Any, str], None],
    shots: Callable[[int], None],
    plan: list[str] | None = None,
    choose: Callable[[list[str], random.Random], str] | None = None,
    patience: int = 20000,
) -> dict[str, Any]:
    """Our moves by clicking (the plan's, else a random legal one, seeded), NEXT HAND on each sheet,
    until the results."""
    rng = random.Random(0)
    planned = iter(plan or [])
    after, sheet = -1, False
    for turn in range(400):
        try:
            view = until(page, NEXT_VIEW, [after, sheet], patience)
        except Exception as error:
            stuck = page.evaluate("() => [window.BonesTable.state.busy, window.BonesTable.state.view]")
            raise AssertionError(
                f"the table never waited for us: {stuck}, {page.locator('#status').inner_text()}"
            ) from error
        if view["status"] == "over":
            page.wait_for_selector("#results:not([hidden])")
            return view
        if view["status"] == "sheet":
            page.wait_for_selector("#sheet:not([hidden])")
            page.locator("#next-hand").click()
            after, sheet = -1, True
            continue
        shots(turn)
        number = view["move_number"]
        if plan:
            move = next(planned, None)
        else:
            move = (choose or (lambda legal, r: r.choice(legal)))(view["legal_moves"], rng)
        assert move in view["legal_moves"], (move, view["legal_moves"])
        click(page, move)
        after, sheet = number, False
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("size", ["1280x800", "360x740"])
def test_a_whole_game_by_clicking(browser: Any, live_server: Any, artifacts: Path, game: str, size: str) -> None:
    body, click = GAMES[game]
    viewport = LANDSCAPE if size == "1280x800" else PORTRAIT
    page = open_game(browser, live_server, body, viewport)

    def shots(turn: int) -> None:
        if turn == 1 and size == "1280x800":
            # The hint: the best move said on the top line, every move's estimate in the panel.
            page.locator("#hint-btn").click()
            page.wait_for_function(
                "() => !window.BonesTable.state.hinting && window.BonesTable.state.hint", timeout=30000
            )
            assert page.locator("#status").inner_text().startswith("Hint:")
            # (the puzzles' grids show the best rows beside the board instead of the panel over it)
            assert page.locator("#hint-panel:not([hidden]) tr, .puzzle-hint tr").count() >= 2
            page.screenshot(path=str(artifacts / f"game-{game}-hint.png"))
        # Mid-play, the first time the player chooses after a few moves (a puzzle's solution may
        # be short: after its first move): the board at every size.
        if turn != (1 if game in PLANS else 3 if game not in CHOOSERS else 6) or size != "1280x800":
            return
        for name, other in (("1280x800", LANDSCAPE), ("360x740", PORTRAIT), ("740x360", SHORT)):
            page.set_viewport_size(other)
            page.wait_for_timeout(400)
            page.screenshot(path=str(artifacts / f"game-{game}-{name}.png"))
        page.set_viewport_size(viewport)
        page.wait_for_timeout(200)

    final = play_to_the_end(page, click, shots, PLANS.get(game), CHOOSERS.get(game))
    assert final["outcome"] is not None
    if game in PLANS:
        assert final["outcome"]["winners"] == [0], final["outcome"]
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"game-{game}-{size}-results.png"))
    assert page.locator("#results-title").inner_text()
    if final["target"] is None and len(final["hands"]) <= 1:
        # one game with no match around it: the results speak of neither a match nor hands won
        said = page.locator("#results").inner_text()
        assert "match" not in said.lower() and "Hands won" not in said, said
    assert not page.errors, page.errors


def test_the_catalog_offers_every_board_the_browser_draws() -> None:
    # A kind of board is offered when its renderer exists and the page loads it.
    main = (STATIC / "main.js").read_text()
    for kind in BOARDS:
        assert (STATIC / "boards" / f"{kind}.js").exists(), kind
        assert f'import "./boards/{kind}.js";' in main, kind
    offered = {entry["board"] for entry in game_catalog()}
    assert offered == set(BOARDS)


def test_every_game_of_the_menu_starts_from_play(browser: Any, live_server: Any, artifacts: Path) -> None:
    page = browser.new_page(viewport=PORTRAIT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/?pace=0")
    page.wait_for_selector("#play")
    for entry in game_catalog():
        page.locator(f'#games [data-value="{entry["id"]}"]').click()
        page.locator("#play").click()
        # A match in progress (the one before) is given up for the new one.
        page.wait_for_selector("#table:not([hidden]), #confirm:not([hidden])")
        if page.locator("#confirm:not([hidden])").count():
            page.locator("#confirm-new").click()
        page.wait_for_function(f"() => (window.BonesTable.state.view || {{}}).game === '{entry['game_id']}'")
        assert page.locator("#board > *").count() >= 1, entry["id"]
        page.keyboard.press("Escape")
        page.locator("#m-new").click()
        page.wait_for_selector("#home:not([hidden])")
    assert not errors, errors


def versions_with_partners() -> list[tuple[str, str, Any]]:
    """A game for one offered, by one of its options, with computer partners: (entry, option, value)."""
    out = []
    for entry in game_catalog():
        if entry["players"] != [1]:
            continue
        for option in entry["options"]:
            for value in option["choices"] or ():
                rules = bones.rules(entry["game_id"], **{option["name"]: value})
                if rules.num_players > 1:
                    out.append((entry["id"], option["name"], value))
    return out


@pytest.mark.parametrize("version", versions_with_partners(), ids=lambda v: f"{v[0]}-{v[1]}-{v[2]}")
def test_a_version_with_computer_partners_from_the_menu(
    browser: Any, live_server: Any, artifacts: Path, version: tuple[str, str, Any]
) -> None:
    entry, name, value = version
    game_id = next(e["game_id"] for e in game_catalog() if e["id"] == entry)
    page = browser.new_page(viewport=LANDSCAPE, reduced_motion="reduce")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.errors = errors
    page.goto(f"{live_server.url}/?pace=0")
    page.locator(f'#games [data-value="{entry}"]').click()
    page.locator(f'#option-{name} [data-value="{value}"]').click()
    page.locator("#play").click()
    page.wait_for_selector("#table:not([hidden]), #confirm:not([hidden])")
    if page.locator("#confirm:not([hidden])").count():
        page.locator("#confirm-new").click()
    page.wait_for_function(f"() => (window.BonesTable.state.view || {{}}).game === '{game_id}'")
    view = page.evaluate("() => window.BonesTable.state.view")
    assert view["players"] > 1 and [s["kind"] for s in view["seats"][1:]] == ["computer"] * (view["players"] - 1)

    def shots(turn: int) -> None:
        if turn == 2:
            page.screenshot(path=str(artifacts / f"game-{entry}-{name}-{value}-1280x800.png"))

    final = play_to_the_end(page, GAMES[game_id][1], shots)
    assert final["outcome"] is not None and final["players"] > 1
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / f"game-{entry}-{name}-{value}-1280x800-results.png"))
    assert page.locator("#results-title").inner_text()
    # one game for all: how it ended is said, and no match
    assert page.locator("#results-hands").inner_text() == final["outcome"]["reason"]
    assert page.locator("#status").inner_text() == "The game is over"
    assert not errors, errors


# How each kind of board is played by clicking (the renderers' registry, static/boards/index.js).
CLICKS: dict[str, Callable[[Any, str], None]] = {
    "line": tap_move,
    "bingo": click_bingo,
    "tetradominoes": click_tetradominoes,
    "runners": click_runners,
    "finder": click_finder,
    "fujisan": click_fujisan,
    "bee": click_bee,
    "mountains": click_mountains,
}


def shortest_match(entry: dict[str, Any]) -> dict[str, Any]:
    """The least match target the game accepts (a whole match still: it ends when a side reaches it)."""
    option = next((o for o in entry["options"] if o["name"] == "target" and o["kind"] == "int"), None)
    if option is None:
        return {}
    info = bones.registry.game_info(entry["game_id"])
    declared = next(o for o in info.options if o.name == "target")
    for value in range(1, option["default"] + 1):
        try:
            declared.validate(entry["game_id"], value)
        except bones.game.GameOptionError:
            continue
        return {"target": value}
    return {}


def every_level() -> list[tuple[str, str]]:
    """Every registered game (its variants play its rules) at every level it has."""
    return [(e["id"], level) for e in game_catalog() if e["id"] == e["game_id"] for level in available_levels(e["id"])]


def never_draw_by_choice(legal: list[str], rng: random.Random) -> str:
    # a voluntary draw opens the boneyard first; a forced one the table makes by itself
    return rng.choice([move for move in legal if move != "draw"] or legal)


@pytest.mark.parametrize(("game", "level"), every_level())
def test_every_level_of_every_game_plays_a_whole_match(client: TestClient, game: str, level: str) -> None:
    # How the computers play every level to the end, through the web server's API: the browser shows every
    # level alike (what reaches each board's targets is checked by the tests of a whole game by clicking,
    # and a click of every level ran to 5 minutes of the suite on 2 cores).
    entry = next(e for e in game_catalog() if e["id"] == game)
    options = shortest_match(entry)
    body = {"game": game, "level": level, "seed": 11, **({"options": options} if options else {})}
    view, headers = start(client, **body)
    assert all(s["level"] == level for s in view["seats"] if s["kind"] == "computer")
    choose = CHOOSERS.get(entry["game_id"], never_draw_by_choice)
    rng = random.Random(0)
    for _ in range(5000):
        if view["status"] == "over":
            break
        response = advance(client, view, headers, pick=lambda legal: choose(legal, rng))
        assert response.status_code == 200, response.text
        view = response.json()
    assert view["status"] == "over" and view["outcome"] is not None and view["level"] == level
    record = client.get(f"/api/games/{view['id']}/record", headers=headers).json()
    assert len(record["moves"]) == view["move_number"]


def test_every_board_has_a_way_to_be_clicked() -> None:
    assert set(CLICKS) == set(BOARDS)


def test_the_bingo_sheet_fits_a_phone(browser: Any, live_server: Any, artifacts: Path) -> None:
    """At 360x740 the sheet's last column was cut ("Se…") and the top line ran to six lines."""
    body, click = GAMES["bingo"]
    page = open_game(browser, live_server, body, PORTRAIT)
    rng = random.Random(0)
    after = -1
    for _ in range(80):
        view = until(page, NEXT_VIEW, [after, False], 20000)
        if view["status"] != "playing":
            break
        after = view["move_number"]
        click(page, rng.choice(view["legal_moves"]))
    page.wait_for_selector("#sheet:not([hidden])")
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "bingo-sheet-360x740.png"))
    # The chip counts sets, the board points to 70: the chip names its unit (it read "/ 7" beside "/ 70").
    assert page.locator("#chip-score").inner_text().endswith("/ 7 sets"), page.locator("#chip-score").inner_text()
    cut = page.evaluate(
        """() => [...document.querySelectorAll('#sheet-hands th, #sheet-hands td')]
             .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > innerWidth)
             .map((c) => c.textContent)"""
    )
    assert not cut, cut
    card = page.locator("#sheet .card").bounding_box()
    table = page.locator("#sheet-hands").bounding_box()
    assert table["x"] + table["width"] <= card["x"] + card["width"] + 1, (table, card)
    lines = page.evaluate(
        "() => { const s = document.getElementById('status'); return Math.round(s.scrollHeight / parseFloat(getComputedStyle(s).lineHeight)); }"
    )
    assert lines <= 3, (lines, page.locator("#status").inner_text())
    # The top line tells the move that ended the hand, not the sheet's title over again: with both, an
    # answer declaring three doubles ran to four lines.
    title = page.locator("#sheet-title").inner_text()
    assert title and title.split(": ", 1)[-1] not in page.locator("#status").inner_text(), title
    assert not page.errors, page.errors
    page.close()


@pytest.mark.parametrize("size", ["1280x800", "360x740", "740x360"])
def test_the_mark_of_the_player_to_play_lies_inside_the_window(
    browser: Any, live_server: Any, artifacts: Path, size: str
) -> None:
    """At 1280x800 the "to play" mark of the player on the left ran to the window's edge (the side column is
    narrower than its nameplate with the mark): each player's nameplate and mark, when they are to play."""
    viewport = {"1280x800": LANDSCAPE, "360x740": PORTRAIT, "740x360": SHORT}[size]
    body = {"game": "kozel", "level": "easy", "seed": 11}
    page = open_game(browser, live_server, body, viewport)
    until(page, NEXT_VIEW, [-1, False])  # our turn: no view comes to draw the seats again meanwhile
    outside = []
    for where in ("left", "top", "right"):
        # The classes renderSeats gives the seat to move, as the others think between two of our moves.
        boxes = page.evaluate(
            """(where) => {
                 for (const p of document.querySelectorAll('.seat-panel')) p.classList.remove('active', 'thinking');
                 const seat = document.getElementById(`seat-${where}`);
                 seat.classList.add('active', 'thinking');
                 return [...seat.querySelectorAll('.nameplate, .turn-mark')]
                   .filter((e) => getComputedStyle(e).display !== 'none')
                   .map((e) => { const r = e.getBoundingClientRect(); return [e.className, r.left, r.right]; });
               }""",
            where,
        )
        assert boxes, where
        outside += [(where, *box) for box in boxes if box[1] < 2 or box[2] > viewport["width"] - 2]
        if where == "left":
            page.screenshot(path=str(artifacts / f"to-play-left-{size}.png"))
    assert not outside, outside
    assert not page.errors, page.errors
    page.close()
