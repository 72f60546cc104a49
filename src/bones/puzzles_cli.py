"""``bones solve``, ``bones generate`` and ``bones puzzle``: the puzzles on the command line."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from bones.game import IllegalMoveError, Solvable, State
from bones.game import rules as make_rules
from bones.puzzles import bee, fujisan, mountains
from bones.puzzles.grid import Grid

PUZZLES = ("bee", "fujisan", "mountains")
console = Console(highlight=False, soft_wrap=True)
notes = Console(highlight=False, stderr=True)


class PuzzleCliError(ValueError):
    """Bad input for a puzzle command (printed without a traceback by ``bones.cli.main``)."""


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleCliError(f"cannot read {path}: {error.strerror}") from None


def _check_game(game: str) -> str:
    game = game.lower()
    if game not in PUZZLES:
        raise PuzzleCliError(f"unknown puzzle {game!r}; the puzzles are: {', '.join(PUZZLES)}")
    return game


# -- solving ------------------------------------------------------------------------


def solve_text(game: str, text: str, advanced: bool = False, country_road: bool = False) -> dict[str, Any]:
    """The solution of a layout given in the grid text format, as JSON data."""
    game = _check_game(game)
    if game == "bee":
        grid = Grid.parse(text)
        layout = bee.BeeLayout.from_grid(grid)
        dice = grid.dice()
        position = {k: r * layout.width + c for k, (r, c) in dice.items()}
        strange = sorted(k for k in position if not 1 <= k <= layout.dice)
        if strange:
            raise PuzzleCliError(f"dice: this layout has dice 1-{layout.dice}, not die {strange[0]}")
        if position == {k: layout.starts[k] for k in range(1, max(position, default=0) + 1)}:
            position = {}  # the starting position, as the book sets up: the whole round sequence
        try:
            rounds = bee.solve_layout(layout, advanced, position or None)
        except bee.BeeMoveError as error:
            raise PuzzleCliError(f"dice: {error}") from None
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
    if game == "fujisan":
        layout_f = fujisan.FujisanLayout.parse(text)
        steps = fujisan.solve_layout(layout_f, country_road)
        return {
            "game": "fujisan",
            "variant": "country-road" if country_road else "solitaire",
            "moves": steps,
            "length": None if steps is None else len(steps),
            "solvable": steps is not None,
        }
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


def _print_solution(data: dict[str, Any]) -> None:
    game = data["game"]
    if game == "bee":
        console.print(f"Bee Donimoes, {data['rule']} rule: {data['length']} moves in all")
        for queen, steps in data["rounds"].items():
            if steps is None:
                console.print(f"  queen {queen}: impossible")
            else:
                console.print(f"  queen {queen}: {len(steps)} moves: {' '.join(steps) or '(already connected)'}")
    elif game == "fujisan":
        if data["moves"] is None:
            console.print(f"Fujisan ({data['variant']}): no solution")
        else:
            console.print(f"Fujisan ({data['variant']}): {data['length']} moves")
            console.print("  " + " ".join(data["moves"]))
    else:
        proof = (
            "" if data["penalty"] == data["lower_bound"] else f" (proved: no map does better than {data['penalty']})"
        )
        console.print(f"Mountains and Valleys: least penalty {data['penalty']}{proof}")
        console.print(data["map"].rstrip())


# -- generating -------------------------------------------------------------------


def generate_text(
    game: str,
    seed: int,
    moves: int = 0,
    dice: int = 4,
    advanced: bool = False,
    country_road: bool = False,
    penalty: int | None = None,
) -> tuple[str, str]:
    """A new layout in the grid text format, and a line about it."""
    game = _check_game(game)
    rng = random.Random(f"bones:generate:{game}:{seed}")
    if game == "bee":
        layout = bee.generate(dice, moves, advanced, rng) if moves else bee.random_layout(dice, rng)
        lengths = {q: layout.round(q, advanced).solve() for q in range(3, dice + 1)}
        about = ", ".join(f"queen {q}: {'impossible' if s is None else len(s)}" for q, s in lengths.items())
        return layout.text(), f"Bee Donimoes, {dice} dice, {'advanced' if advanced else 'basic'} rule; {about}"
    if game == "fujisan":
        if moves:
            layout_f = fujisan.generate(moves, rng, country_road)
        else:
            layout_f = fujisan.random_layout(rng)
            while fujisan.shortest(layout_f, country_road) is None:
                layout_f = fujisan.random_layout(rng)
        steps = fujisan.shortest(layout_f, country_road)
        return layout_f.text(), f"Fujisan{' (Country Road)' if country_road else ''}: {len(steps or ())} moves"
    for _ in range(10_000):
        tiles = mountains.deal(rng)
        if penalty is None:
            return mountains.hand_grid(tiles).text(), "Mountains and Valleys: 18 dominoes"
        if mountains.gap_bound(tiles) > penalty:
            continue
        result = mountains.solve(tiles)
        if result.penalty == penalty:
            return mountains.hand_grid(tiles).text(), f"Mountains and Valleys: least penalty {penalty}"
    raise PuzzleCliError(f"no deal with least penalty {penalty} found")


# -- playing -------------------------------------------------------------------------

HELP = """Type a move (as listed by `moves`), or:
  moves   list the legal moves        hint   the next move of a shortest solution
  solve   show a shortest solution    undo   take back your last move
  auto    let the computer play your move
  rules   the rules                   q      quit"""


def play_puzzle(
    state: State,
    console: Console,
    ask: Callable[[str], str],
    rng: random.Random | None = None,
) -> State:
    """Play a puzzle in the terminal, checking every move; other seats (cooperative games) are Normal bots."""
    from bones.bots import bot_for

    rng = rng or random.Random(state.seed)
    bots = {seat: bot_for(state.rules, "normal") for seat in range(1, state.rules.num_players)}
    helper = bot_for(state.rules, "normal")
    history: list[State] = []
    console.print(state.render(0))
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat != 0:
            chosen = bots[seat].choose(state.observation(seat), rng)
            state = state.play(chosen)
            console.print(f"seat {seat}: {chosen}")
            continue
        try:
            text = ask("move> ").strip()
        except EOFError:
            break
        word = text.lower()
        if word in ("q", "quit", "exit"):
            break
        if word in ("?", "help", ""):
            console.print(HELP)
            continue
        if word == "rules":
            console.print(state.rules.describe())
            continue
        if word == "moves":
            console.print(" ".join(str(m) for m in state.legal_moves))
            continue
        if word in ("hint", "solve"):
            try:
                if not isinstance(state, Solvable):
                    raise ValueError(f"{state.rules.title} cannot be solved ahead")
                solution = state.solve()
            except ValueError as error:
                # Hidden dominoes: no solving ahead, but the Normal player's choice is a fair hint.
                console.print(f"{error}; the computer would play {helper.choose(state.observation(0), rng)}")
                continue
            if word == "hint":
                console.print(f"hint: {solution[0]}" if solution else "nothing left to do")
            else:
                console.print(f"{len(solution)} moves: " + " ".join(str(m) for m in solution))
            continue
        if word == "undo":
            if history:
                state = history.pop()
                console.print(state.render(0))
            else:
                console.print("nothing to undo")
            continue
        if word == "auto":
            text = str(helper.choose(state.observation(0), rng))
            console.print(f"auto: {text}")
        try:
            # The rules take any spelling of a listed move and record the listed one.
            after = state.play(text)
        except (IllegalMoveError, ValueError) as error:
            console.print(f"[red]{error}[/red]")
            continue
        history.append(state)
        state = after
        console.print(state.render(0))
    return state


def _puzzle_state(game: str, file: Path | None, seed: int, options: dict[str, Any]) -> State:
    rules = make_rules(game, **options)
    if file is None:
        return rules.new_game(seed=seed)
    return rules.new_game(seed=seed, setup={"grid": _read(file)})


def register(app: typer.Typer) -> None:
    @app.command("solve")
    def solve_command(
        game: Annotated[str, typer.Argument(help="bee, fujisan or mountains")],
        file: Annotated[Path, typer.Argument(help="a layout in the grid text format, as the books print it")],
        advanced: Annotated[bool, typer.Option("--advanced", help="Bee: only the queen's blank is wild")] = False,
        country_road: Annotated[bool, typer.Option("--country-road", help="Fujisan: up and back down")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="print the solution as JSON")] = False,
    ) -> None:
        """Solve a puzzle layout: a shortest solution (Bee: per queen), or the least penalty (Mountains)."""
        data = solve_text(game, _read(file), advanced=advanced, country_road=country_road)
        if as_json:
            print(json.dumps(data, indent=1))
        else:
            _print_solution(data)

    @app.command("generate")
    def generate_command(
        game: Annotated[str, typer.Argument(help="bee, fujisan or mountains")],
        moves: Annotated[int, typer.Option("--moves", "-m", min=0, help="solution length wanted (0: any)")] = 0,
        dice: Annotated[int, typer.Option("--dice", min=3, max=6, help="Bee: number of dice")] = 4,
        advanced: Annotated[bool, typer.Option("--advanced", help="Bee: the advanced rule")] = False,
        country_road: Annotated[bool, typer.Option("--country-road", help="Fujisan: Country Road")] = False,
        penalty: Annotated[
            int | None, typer.Option("--penalty", min=0, help="Mountains: the least penalty wanted")
        ] = None,
        seed: Annotated[int | None, typer.Option("--seed", "-s", help="seed (random if not given)")] = None,
        out: Annotated[Path | None, typer.Option("--out", "-o", help="write the layout to this file")] = None,
    ) -> None:
        """Make a new puzzle of a chosen difficulty, printed in the grid text format."""
        seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        text, about = generate_text(game, seed, moves, dice, advanced, country_road, penalty)
        if out is not None:
            out.write_text(text, encoding="utf-8")
            console.print(f"{about} (seed {seed}); written to {out}")
        else:
            print(text, end="")
            notes.print(f"[dim]{about} (seed {seed})[/dim]")

    @app.command("puzzle")
    def puzzle_command(
        game: Annotated[str, typer.Argument(help="bee, fujisan or mountains")],
        file: Annotated[Path | None, typer.Argument(help="a layout to play (default: a new one)")] = None,
        seed: Annotated[int | None, typer.Option("--seed", "-s")] = None,
        advanced: Annotated[bool, typer.Option("--advanced", help="Bee: the advanced rule")] = False,
        dice: Annotated[int, typer.Option("--dice", min=3, max=6, help="Bee: number of dice")] = 4,
        moves: Annotated[
            int, typer.Option("--moves", "-m", min=0, help="a generated layout needing this many moves")
        ] = 0,
        country_road: Annotated[bool, typer.Option("--country-road", help="Fujisan: Country Road")] = False,
        version: Annotated[str, typer.Option("--version", help="Mountains: solitaire, coop or drawn")] = "solitaire",
        players: Annotated[int, typer.Option("--players", "-p", help="Mountains coop: 2-4")] = 0,
        save: Annotated[Path | None, typer.Option("--save", help="write the game record here")] = None,
    ) -> None:
        """Play a puzzle in the terminal; every move is checked."""
        game = _check_game(game)
        options: dict[str, Any]
        if game == "bee":
            options = {"advanced": advanced, "dice": dice, "moves": moves}
        elif game == "fujisan":
            options = {"country_road": country_road, "moves": moves}
        else:
            options = {"version": version, "players": players}
        seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        state = _puzzle_state(game, file, seed, options)
        console.print(f"[bold]{state.rules.title}[/bold], seed {seed}. Type ? for help.")
        state = play_puzzle(state, console, lambda prompt: console.input(prompt))
        if save is not None:
            from bones.record import Record

            Record.of(state).save(save)
            console.print(f"record saved to {save}")
