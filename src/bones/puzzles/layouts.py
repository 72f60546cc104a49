"""The puzzles' layouts in the grid text format, outside a game: solved (``bones solve``), made
(``bones generate``) and turned into the options of a game to play (``bones puzzle``).

Each puzzle's tools answer ``bones.game.LayoutTools`` and hang on its ``GameInfo.layouts``, so the
commands name no puzzle. ``options`` is what the command line gave (every puzzle's flags: advanced,
country_road, dice, moves, penalty, version, players); each puzzle reads its own.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bones.game import GameOptionError
from bones.puzzles.bee import generate as bee_layouts
from bones.puzzles.bee import puzzle as bee
from bones.puzzles.fujisan import puzzle as fujisan
from bones.puzzles.grid import Grid
from bones.puzzles.mountains import puzzle as mountains


class BeeLayouts:
    def solve_text(self, text: str, options: Mapping[str, Any]) -> dict[str, Any]:
        advanced = bool(options.get("advanced", False))
        grid = Grid.parse(text)
        layout = bee.BeeLayout.from_grid(grid)
        dice = grid.dice()
        position = {k: r * layout.width + c for k, (r, c) in dice.items()}
        strange = sorted(k for k in position if not 1 <= k <= layout.dice)
        if strange:
            raise GameOptionError(f"dice: this layout has dice 1-{layout.dice}, not die {strange[0]}")
        if position == {k: layout.starts[k] for k in range(1, max(position, default=0) + 1)}:
            position = {}  # the starting position, as the book sets up: the whole round sequence
        try:
            rounds = bee_layouts.solve_layout(layout, advanced, position or None)
        except bee.BeeMoveError as error:
            raise GameOptionError(f"dice: {error}") from None
        moves: list[str] = []
        for steps in rounds.values():
            moves += ["give-up"] if steps is None else steps
        return {
            "game": "bee",
            "rule": "advanced" if advanced else "basic",
            "moves": moves,
            "length": sum(len(s) for s in rounds.values() if s is not None),
            "lengths": {str(q): None if s is None else len(s) for q, s in rounds.items()},
            "rounds": {str(q): s for q, s in rounds.items()},
            "solvable": all(s is not None for s in rounds.values()),
        }

    def solution_lines(self, data: Mapping[str, Any]) -> list[str]:
        lines = [f"Bee Donimoes, {data['rule']} rule: {data['length']} moves in all"]
        for queen, steps in data["rounds"].items():
            if steps is None:
                lines.append(f"  queen {queen}: impossible")
            else:
                lines.append(f"  queen {queen}: {len(steps)} moves: {' '.join(steps) or '(already connected)'}")
        return lines

    def generate_text(self, rng: random.Random, options: Mapping[str, Any]) -> tuple[str, str]:
        dice, moves, advanced = int(options.get("dice", 4)), int(options.get("moves", 0)), bool(options.get("advanced"))
        layout = bee_layouts.generate(dice, moves, advanced, rng) if moves else bee_layouts.random_layout(dice, rng)
        lengths = {q: layout.round(q, advanced).solve() for q in range(3, dice + 1)}
        about = ", ".join(f"queen {q}: {'impossible' if s is None else len(s)}" for q, s in lengths.items())
        return layout.text(), f"Bee Donimoes, {dice} dice, {'advanced' if advanced else 'basic'} rule; {about}"

    def game_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "advanced": bool(options.get("advanced")),
            "dice": options.get("dice", 4),
            "moves": options.get("moves", 0),
        }


class FujisanLayouts:
    def solve_text(self, text: str, options: Mapping[str, Any]) -> dict[str, Any]:
        country_road = bool(options.get("country_road", False))
        layout = fujisan.FujisanLayout.parse(text)
        steps = fujisan.solve_layout(layout, country_road)
        return {
            "game": "fujisan",
            "variant": "country-road" if country_road else "solitaire",
            "moves": steps,
            "length": None if steps is None else len(steps),
            "solvable": steps is not None,
        }

    def solution_lines(self, data: Mapping[str, Any]) -> list[str]:
        if data["moves"] is None:
            return [f"Fujisan ({data['variant']}): no solution"]
        return [f"Fujisan ({data['variant']}): {data['length']} moves", "  " + " ".join(data["moves"])]

    def generate_text(self, rng: random.Random, options: Mapping[str, Any]) -> tuple[str, str]:
        moves, country_road = int(options.get("moves", 0)), bool(options.get("country_road"))
        if moves:
            layout = fujisan.generate(moves, rng, country_road)
        else:
            layout = fujisan.random_layout(rng)
            while fujisan.shortest(layout, country_road) is None:
                layout = fujisan.random_layout(rng)
        steps = fujisan.shortest(layout, country_road)
        return layout.text(), f"Fujisan{' (Country Road)' if country_road else ''}: {len(steps or ())} moves"

    def game_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"country_road": bool(options.get("country_road")), "moves": options.get("moves", 0)}


class MountainsLayouts:
    def solve_text(self, text: str, options: Mapping[str, Any]) -> dict[str, Any]:
        grid = Grid.parse(text)
        tiles = mountains.tiles_from_grid(grid)
        result = mountains.solve(tiles)
        arrangement = result.arrangement
        assert arrangement is not None
        placements = [
            f"{mountains.cell_name(a)}={arrangement.values[a]},{mountains.cell_name(b)}={arrangement.values[b]}"
            for a, b in enumerate(arrangement.partner)
            if a < b
        ]
        given = mountains.arrangement_from_grid(grid)
        return {
            "game": "mountains",
            "penalty": result.penalty,
            "lower_bound": result.lower_bound,
            "proved_least": True,
            "given_penalty": None if given is None else given.penalty,
            "map": arrangement.text(),
            "moves": placements,
            "length": len(placements),
            "seconds": round(result.seconds, 3),
        }

    def solution_lines(self, data: Mapping[str, Any]) -> list[str]:
        proof = (
            "" if data["penalty"] == data["lower_bound"] else f" (proved: no map does better than {data['penalty']})"
        )
        return [f"Mountains and Valleys: least penalty {data['penalty']}{proof}", data["map"].rstrip()]

    def generate_text(self, rng: random.Random, options: Mapping[str, Any]) -> tuple[str, str]:
        penalty = options.get("penalty")
        for _ in range(10_000):
            tiles = mountains.deal(rng)
            if penalty is None:
                return mountains.hand_grid(tiles).text(), "Mountains and Valleys: 18 dominoes"
            if mountains.gap_bound(tiles) > penalty:
                continue
            result = mountains.solve(tiles)
            if result.penalty == penalty:
                return mountains.hand_grid(tiles).text(), f"Mountains and Valleys: least penalty {penalty}"
        raise GameOptionError(f"no deal with least penalty {penalty} found")

    def game_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"version": options.get("version", "solitaire"), "players": options.get("players", 0)}
