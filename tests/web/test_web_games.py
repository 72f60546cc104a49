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

import bones
import bones.game
from bones.web.entries import BOARDS, available_levels, game_catalog
from tests.web.test_web_browser import LANDSCAPE, PORTRAIT, SHORT, tap_move

pytestmark = pytest.mark.slow

STATIC = Path(__file__).resolve().parents[2] / "src" / "bones" / "web" / "static"

READY = """() => { const s = window.BonesTable.state, v = s.view;
  if (!v || s.busy) return false;
  if (v.status !== 'playing') return true;
  // a move the table makes by itself (the board says which: a forced draw is the player's tap)
  const automatic = s.board && s.board.automatic ? s.board.automatic(v) : !!v.forced;
  return v.to_move === v.seat && !automatic; }"""


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


def click_bingo(page: Any, move: str) -> None:
    tile = move.split("+")[0]
    if ":" not in tile:
        page.locator(f'.bingo-move[data-move="{move}"]').click()
        return
    page.locator(f'.hand .tile[data-tile="{tile}"]').click()
    # A double that may declare honours asks which: plain or with honours.
    if page.locator(f'.bingo-move[data-move="{move}"]').count():
        page.locator(f'.bingo-move[data-move="{move}"]').click()


def click_finder(page: Any, move: str) -> None:
    page.locator(f'.finder-square.target[data-square="{move}"]').click()


def click_runners(page: Any, move: str) -> None:
    if move == "swap":
        page.locator('.runners-move[data-move="swap"]').click()
        return
    if "-" not in move:
        page.locator(f'.runners-cell.target[data-cell="{move}"]').click()
        return
    # A run a step at a time: where the runner turns, where it stops, then the jumps (or none).
    _start, corner, rest = move.split("-")
    end = rest.split("x")[0]
    page.locator(f'.runners-cell.target[data-cell="{corner}"]').click()
    page.locator(f'.runners-cell.target[data-cell="{end}"]').click()
    button = page.locator(f'.runners-move[data-move="{move}"]')
    if button.count():
        button.click()


def click_tetradominoes(page: Any, move: str) -> None:
    view = page.evaluate("() => window.BonesTable.state.view")
    choice = next(c for c in view["board"]["choices"] if c["move"] == move)
    if choice["kind"] not in ("domino", "tetromino"):
        page.locator(f'.tetra-move[data-move="{move}"]').click()
        return
    # What the move uses (a domino in hand, a piece), then its cells until it is the only move left.
    if choice["kind"] == "domino":
        page.locator(f'.hand .tile[data-tile="{choice["source"]}"]').click()
    else:
        page.locator(f'.tetra-piece[data-source="{choice["source"]}"]').click()
    number = view["move_number"]
    moved = f"window.BonesTable.state.view.move_number > {number} || window.BonesTable.state.busy"
    for row, col in choice["cells"]:
        # A tap that leaves one move sends it: then the next cell never glows.
        cell = f'.tetra-cell[data-cell="{row},{col}"]'
        page.wait_for_function(f"() => {moved} || document.querySelector('{cell}.target, {cell}.tapped')")
        if page.evaluate(f"() => {moved}"):
            return
        target = page.locator(f"{cell}.target")
        if target.count():
            target.click()
    button = page.locator(f'.tetra-move[data-move="{move}"]')
    page.wait_for_function(f"() => {moved} || document.querySelector('.tetra-move[data-move=\"{move}\"]')")
    if not page.evaluate(f"() => {moved}"):
        button.click()


def click_fujisan(page: Any, move: str) -> None:
    if move == "give-up":
        page.locator('.fujisan-move[data-move="give-up"]').click()
        return
    start, end = move.split("-")
    page.locator(f'.fujisan-square.target[data-square="{start}"]').click()
    page.locator(f'.fujisan-square.target[data-square="{end}"]').click()


def click_bee(page: Any, move: str) -> None:
    if move == "give-up":
        page.locator('.bee-move[data-move="give-up"]').click()
        return
    view = page.evaluate("() => window.BonesTable.state.view")
    choice = next(c for c in view["board"]["choices"] if c["move"] == move)
    page.locator(f'.bee-cell.target[data-cell="{choice["from"]}"]').click()
    page.locator(f'.bee-cell.target[data-cell="{choice["to"]}"]').click()


def placement(move: str) -> tuple[str, list[str]] | None:
    """A Mountains placement's domino and squares (``a6=4,b6=6``: 6:4 on a6 and b6), else None."""
    if "=" not in move:
        return None
    (first, a), (second, b) = (part.split("=") for part in move.split(","))
    return f"{max(a, b)}:{min(a, b)}", [first, second]


def click_mountains(page: Any, move: str) -> None:
    view = page.evaluate("() => window.BonesTable.state.view")
    if move.startswith("pass "):  # the cooperative game: a tap on the domino hands it on
        page.locator(f'.hand .tile[data-tile="{move.split()[1]}"]').click()
        return
    if move.startswith("lift "):  # a tap on a placed domino lifts it
        page.locator(f'.mountains-cell[data-cell="{move.split()[1]}"]').click()
        return
    placed = placement(move)
    if placed is None:
        page.locator(f'.mountains-move[data-move="{move}"]').click()
        return
    tile, cells = placed
    page.locator(f'.hand .tile[data-tile="{tile}"]').click()
    number = view["move_number"]
    moved = f"window.BonesTable.state.view.move_number > {number} || window.BonesTable.state.busy"
    for cell in cells:
        # A tap that leaves one placement makes it: then the next square never glows.
        square = f'.mountains-cell[data-cell="{cell}"]'
        page.wait_for_function(f"() => {moved} || document.querySelector('{square}.target, {square}.tapped')")
        if page.evaluate(f"() => {moved}"):
            return
        if page.locator(f"{square}.target").count():
            page.locator(f"{square}.target").click()
    page.wait_for_function(f"() => {moved} || document.querySelector('.mountains-move[data-move=\"{move}\"]')")
    if not page.evaluate(f"() => {moved}"):
        page.locator(f'.mountains-move[data-move="{move}"]').click()


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
    for turn in range(400):
        try:
            page.wait_for_function(READY, timeout=patience)
        except Exception as error:
            stuck = page.evaluate("() => [window.BonesTable.state.busy, window.BonesTable.state.view]")
            raise AssertionError(
                f"the table never waited for us: {stuck}, {page.locator('#status').inner_text()}"
            ) from error
        view = page.evaluate("() => window.BonesTable.state.view")
        if view["status"] == "over":
            page.wait_for_selector("#results:not([hidden])")
            return view
        if view["status"] == "sheet":
            page.wait_for_selector("#sheet:not([hidden])")
            page.locator("#next-hand").click()
            page.wait_for_function(f"() => window.BonesTable.state.view.status !== 'sheet' || {turn} < 0")
            continue
        shots(turn)
        number = view["move_number"]
        if plan:
            move = next(planned, None)
        else:
            move = (choose or (lambda legal, r: r.choice(legal)))(view["legal_moves"], rng)
        assert move in view["legal_moves"], (move, view["legal_moves"])
        click(page, move)
        page.wait_for_function(f"() => window.BonesTable.state.view.move_number > {number}")
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
    info = bones.game.game_info(entry["game_id"])
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
def test_every_level_of_every_game_by_clicking(
    browser: Any, live_server: Any, artifacts: Path, game: str, level: str
) -> None:
    entry = next(e for e in game_catalog() if e["id"] == game)
    options = shortest_match(entry)
    body = {"game": game, "level": level, "seed": 11, **({"options": options} if options else {})}
    page = open_game(browser, live_server, body, LANDSCAPE)
    view = page.evaluate("() => window.BonesTable.state.view")
    assert all(s["level"] == level for s in view["seats"] if s["kind"] == "computer")
    # the strongest computers think for seconds a move, longer on a loaded machine
    choose = CHOOSERS.get(entry["game_id"], never_draw_by_choice)
    final = play_to_the_end(page, CLICKS[entry["board"]], lambda turn: None, None, choose, 120000)
    assert final["outcome"] is not None and final["level"] == level
    page.wait_for_selector("#results:not([hidden])")
    assert page.locator("#results-title").inner_text()
    assert not page.errors, page.errors
    page.close()


def test_every_board_has_a_way_to_be_clicked() -> None:
    assert set(CLICKS) == set(BOARDS)
