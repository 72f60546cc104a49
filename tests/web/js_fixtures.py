"""Views of real tables, saved as JSON for the browser modules' unit tests (tests/web/js/).

The node tests read these files; ``test_web_js.py`` checks they are what the server sends today,
so a change of the view shows up there. Regenerate with ``python -m tests.web.js_fixtures``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import bones
from bones.web.table import COMPUTER, HUMAN, Seat, Table

FOLDER = Path(__file__).parent / "js" / "fixtures"

Done = Callable[[dict[str, Any], Table], bool]


def table(game: str, seed: int, **options: Any) -> Table:
    rules = bones.rules(game, **options)
    seats = [Seat(HUMAN, "You", token="t")] + [
        Seat(COMPUTER, name, "normal") for name in ["Lily", "Max", "Zoe"][: rules.num_players - 1]
    ]
    # A fixed id: the computers' choices are seeded by it, so the fixtures are the same every time.
    return Table(f"fixture-{game}-{seed}", "normal", seats, rules.new_game(seed=seed))


def play_until(tab: Table, done: Done, limit: int = 400) -> dict[str, Any]:
    """The human plays its first legal move, the computers theirs, until ``done(view, table)``."""
    for _ in range(limit):
        view = tab.view(0)
        if done(view, tab):
            return view
        if view["status"] == "sheet":
            tab.close_sheet(0)
        elif view["to_move"] == 0 and not view["forced"]:
            tab.play(0, view["legal_moves"][0], tab.move_number)
        else:
            tab.step(tab.move_number)
    raise AssertionError("the table never reached the position asked for")


def my_turn(view: dict[str, Any]) -> bool:
    return view["status"] == "playing" and view["to_move"] == 0


def line_views() -> dict[str, dict[str, Any]]:
    out = {}
    out["line-opening"] = play_until(table("draw", 3), lambda v, t: my_turn(v))
    # A spinner with a branch off its short side, and the player to move with a tile for two ends.
    out["line-spinner"] = play_until(
        table("allfives", 5, spinner=True),
        lambda v, t: (
            my_turn(v)
            and any(end["slot"] >= 2 for end in v["board"]["layout"]["ends"])
            and any(tile["slot"] >= 2 for tile in v["board"]["layout"]["tiles"])
        ),
    )
    out["line-must-draw"] = play_until(table("draw", 11), lambda v, t: my_turn(v) and v["legal_moves"] == ["draw"])
    out["line-kozel-sheet"] = play_until(table("kozel", 2), lambda v, t: v["status"] == "sheet")
    return out


def bingo_views() -> dict[str, dict[str, Any]]:
    out = {}
    honours = {
        "hands": [["5:5", "4:4", "6:1", "3:2", "2:1", "1:0", "6:0"], ["6:6", "5:0", "4:1", "3:1", "2:0", "5:1", "4:0"]],
        "trump_tile": "3:0",
        "leader": 0,
    }
    lead = table("bingo", 1)
    lead.state = bones.rules("bingo").new_game(seed=1, setup=honours)
    out["bingo-lead-honours"] = lead.view(0)
    out["bingo-answer"] = play_until(
        table("bingo", 4, target=2), lambda v, t: my_turn(v) and v["board"]["on_table"] is not None and v["last"]
    )
    out["bingo-take"] = play_until(
        table("bingo", 7, target=2), lambda v, t: my_turn(v) and v["board"]["phase"] == "choose"
    )
    out["bingo-hand-over"] = play_until(
        table("bingo", 0, target=3), lambda v, t: v["status"] == "sheet" and not v["sheet"]["final"]
    )
    return out


def finder_views() -> dict[str, dict[str, Any]]:
    def after(result: str) -> Done:
        def done(view: dict[str, Any], tab: Table) -> bool:
            flips = [e for e in view["board"]["history"] if e["event"] == "flip"]
            return my_turn(view) and bool(flips) and flips[-1]["result"] == result and flips[-1]["seat"] == 1

        return done

    return {
        "finder-first": play_until(table("finder", 2), lambda v, t: my_turn(v)),
        "finder-trap": play_until(table("finder", 2), after("trap")),
        "finder-treasure": play_until(table("finder", 2), after("treasure")),
    }


def runners_views() -> dict[str, dict[str, Any]]:
    def jumps(view: dict[str, Any], tab: Table) -> bool:
        return my_turn(view) and any(c.get("jumps") for c in view["board"]["choices"])

    return {
        "runners-place": play_until(table("runners", 5), lambda v, t: my_turn(v)),
        "runners-run": play_until(
            table("runners", 5), lambda v, t: my_turn(v) and v["board"]["last_path"]["kind"] == "run"
        ),
        "runners-jump": play_until(table("runners", 5), jumps),
    }


def tetra_views() -> dict[str, dict[str, Any]]:
    def kind(name: str) -> Done:
        return lambda v, t: my_turn(v) and any(c["kind"] == name for c in v["board"]["choices"])

    return {
        "tetra-first": play_until(table("tetradominoes", 5), lambda v, t: my_turn(v)),
        "tetra-tetromino": play_until(table("tetradominoes", 5), kind("tetromino")),
        "tetra-stuck": play_until(table("tetradominoes", 5), kind("reveal")),
    }


def views() -> dict[str, dict[str, Any]]:
    return line_views() | bingo_views() | finder_views() | runners_views() | tetra_views()


def write() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, view in views().items():
        (FOLDER / f"{name}.json").write_text(json.dumps(view, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    write()
