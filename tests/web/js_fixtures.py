"""Views of real tables, saved as JSON for the browser modules' unit tests (tests/web/js/).

The node tests read these files; ``test_web_js.py`` checks they are what the server sends today,
so a change of the view shows up there. Regenerate with ``python -m tests.web.js_fixtures``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import bones
from bones.web.table import COMPUTER, HUMAN, Seat, Table

FOLDER = Path(__file__).parent / "js" / "fixtures"


def table(game: str, seed: int, **options: Any) -> Table:
    rules = bones.rules(game, **options)
    seats = [Seat(HUMAN, "You", token="t")] + [
        Seat(COMPUTER, name, "normal") for name in ["Lily", "Max", "Zoe"][: rules.players - 1]
    ]
    # A fixed id: the computers' choices are seeded by it, so the fixtures are the same every time.
    return Table(f"fixture-{game}-{seed}", "normal", seats, rules.new_game(seed=seed))


def play_until(tab: Table, done: Any, limit: int = 200) -> None:
    """The human plays its first legal move, the computers theirs, until ``done(view)``."""
    for _ in range(limit):
        view = tab.view(0)
        if done(view):
            return
        if view["status"] == "sheet":
            tab.close_sheet(0)
        elif view["to_move"] == 0 and view["legal_moves"] != ["pass"]:
            tab.play(0, view["legal_moves"][0], tab.move_number)
        else:
            tab.step(tab.move_number)
    raise AssertionError("the table never reached the position asked for")


def board_view(state: Any, seat: int, before: Any = None) -> dict[str, Any]:
    """The table's fields every game has, and the game's own ``client_view`` as ``board``: the
    shape the generic table sends (a computer named Lily in seat 1)."""
    last = None
    if before is not None:
        last = {"seat": before.to_move, "move": str(state.moves[-1]), "points": 0, "move_number": len(state.moves)}
    return {
        "id": "fixture",
        "seat": seat,
        "game": state.rules.game_id,
        "title": state.rules.title,
        "level": "normal",
        "players": 2,
        "teams": False,
        "status": "over" if state.is_over else "playing",
        "to_move": state.to_move,
        "legal_moves": [str(m) for m in state.legal_moves] if state.to_move == seat else [],
        "move_number": len(state.moves),
        "seats": [{"name": "You", "kind": "human"}, {"name": "Lily", "kind": "computer", "level": "normal"}],
        "sides": [0, 1],
        "last": last,
        "board": state.client_view(seat),
    }


def bingo_until(state: Any, done: Any, limit: int = 400) -> tuple[Any, Any]:  # any game, in fact
    """Play the first legal move (seeded games) until ``done(state)``; the state and the one before."""
    before = None
    for _ in range(limit):
        if done(state):
            return state, before
        if state.is_over:
            break
        before, state = state, state.play(state.legal_moves[0])
    raise AssertionError("the game never reached the position asked for")


def bingo_views() -> dict[str, dict[str, Any]]:
    out = {}
    honours = {
        "hands": [["5:5", "4:4", "6:1", "3:2", "2:1", "1:0", "6:0"], ["6:6", "5:0", "4:1", "3:1", "2:0", "5:1", "4:0"]],
        "trump_tile": "3:0",
        "leader": 0,
    }
    out["bingo-lead-honours"] = board_view(bones.rules("bingo").new_game(seed=1, setup=honours), 0)
    rules = bones.rules("bingo", target=2)
    state, before = bingo_until(
        rules.new_game(seed=4),
        lambda s: s.to_move == 0 and s.client_view(0)["on_table"] is not None and s.moves,
    )
    out["bingo-answer"] = board_view(state, 0, before)
    state, before = bingo_until(
        rules.new_game(seed=4), lambda s: s.to_move == 0 and s.client_view(0)["phase"] == "choose"
    )
    out["bingo-take"] = board_view(state, 0, before)
    state, before = bingo_until(rules.new_game(seed=4), lambda s: len(s.results) == 1)
    out["bingo-hand-over"] = board_view(state, 0, before)
    return out


def finder_views() -> dict[str, dict[str, Any]]:
    out = {}
    rules = bones.rules("finder")
    state, before = bingo_until(rules.new_game(seed=2), lambda s: s.to_move == 0)
    out["finder-first"] = board_view(state, 0, before)

    def after(result: str) -> Any:
        def done(s: Any) -> bool:
            flips = [e for e in s.history if type(e).__name__ == "Flip"]
            return s.to_move == 0 and bool(flips) and flips[-1].result == result and flips[-1].seat == 1

        return done

    state, before = bingo_until(rules.new_game(seed=2), after("trap"))
    out["finder-trap"] = board_view(state, 0, before)
    state, before = bingo_until(rules.new_game(seed=2), after("treasure"))
    out["finder-treasure"] = board_view(state, 0, before)
    return out


def views() -> dict[str, dict[str, Any]]:
    out = {}
    opening = table("draw", 3)
    play_until(opening, lambda v: v["to_move"] == 0 and v["status"] == "playing")
    out["line-opening"] = opening.view(0)

    # A spinner with a branch off its short side, and the player to move with a tile for two ends.
    spinner = table("allfives", 5, spinner=True)
    play_until(
        spinner,
        lambda v: (
            v["status"] == "playing"
            and v["to_move"] == 0
            and any(end["slot"] >= 2 for end in v["layout"]["ends"])
            and any(t["slot"] >= 2 for t in v["layout"]["tiles"])
        ),
    )
    out["line-spinner"] = spinner.view(0)

    drawing = table("draw", 11)
    play_until(drawing, lambda v: v["status"] == "playing" and v["legal_moves"] == ["draw"] and v["to_move"] == 0)
    out["line-must-draw"] = drawing.view(0)

    sheet = table("kozel", 2)
    play_until(sheet, lambda v: v["status"] == "sheet")
    out["line-kozel-sheet"] = sheet.view(0)
    return out | bingo_views() | finder_views()


def write() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, view in views().items():
        (FOLDER / f"{name}.json").write_text(json.dumps(view, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    write()
