"""``bones solve``, ``bones generate`` and ``bones puzzle``: the puzzles on the command line."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from bones.game import IllegalMoveError, LayoutTools, Solvable, State
from bones.registry import games
from bones.registry import rules as make_rules
from bones.rules_print import print_page

console = Console(highlight=False, soft_wrap=True)
notes = Console(highlight=False, stderr=True)


class PuzzleCliError(ValueError):
    """Bad input for a puzzle command (printed without a traceback by ``bones.cli.main``)."""


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise PuzzleCliError(f"cannot read {path}: {error.strerror}") from None


# -- solving and generating -----------------------------------------------------------


def _tools(game: str) -> LayoutTools:
    """The layout tools of ``game``; a game without them (not a puzzle) is refused with the puzzles."""
    game = game.lower()
    tools = {game_id: info.layouts for game_id, info in games().items() if info.layouts is not None}
    if game not in tools:
        raise PuzzleCliError(f"unknown puzzle {game!r}; the puzzles are: {', '.join(tools)}")
    return tools[game]


def solve_text(game: str, text: str, **options: Any) -> dict[str, Any]:
    """The solution of a layout given in the grid text format, as JSON data."""
    return _tools(game).solve_text(text, options)


def generate_text(game: str, seed: int, **options: Any) -> tuple[str, str]:
    """A new layout in the grid text format, and a line about it."""
    tools = _tools(game)
    return tools.generate_text(random.Random(f"bones:generate:{game.lower()}:{seed}"), options)


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
            print_page(console, state.rules.describe())
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
        game: Annotated[str, typer.Argument(help="a puzzle's game id (bones games)")],
        file: Annotated[Path, typer.Argument(help="a layout in the grid text format, as the books print it")],
        advanced: Annotated[bool, typer.Option("--advanced", help="Bee: only the queen's blank is wild")] = False,
        country_road: Annotated[bool, typer.Option("--country-road", help="Fujisan: up and back down")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="print the solution as JSON")] = False,
    ) -> None:
        """Solve a puzzle layout: a shortest solution (Bee: per queen), or the least penalty (Mountains)."""
        tools = _tools(game)
        data = tools.solve_text(_read(file), {"advanced": advanced, "country_road": country_road})
        if as_json:
            print(json.dumps(data, indent=1))
        else:
            for line in tools.solution_lines(data):
                console.print(line)

    @app.command("generate")
    def generate_command(
        game: Annotated[str, typer.Argument(help="a puzzle's game id (bones games)")],
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
        text, about = generate_text(
            game, seed, moves=moves, dice=dice, advanced=advanced, country_road=country_road, penalty=penalty
        )
        if out is not None:
            out.write_text(text, encoding="utf-8")
            console.print(f"{about} (seed {seed}); written to {out}")
        else:
            print(text, end="")
            notes.print(f"[dim]{about} (seed {seed})[/dim]")

    @app.command("puzzle")
    def puzzle_command(
        game: Annotated[str, typer.Argument(help="a puzzle's game id (bones games)")],
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
        given = {"advanced": advanced, "dice": dice, "moves": moves, "country_road": country_road}
        options = _tools(game).game_options({**given, "version": version, "players": players})
        game = game.lower()
        seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        state = _puzzle_state(game, file, seed, options)
        console.print(f"[bold]{state.rules.title}[/bold], seed {seed}. Type ? for help.")
        state = play_puzzle(state, console, lambda prompt: console.input(prompt))
        if save is not None:
            from bones.record import Record

            Record.of(state).save(save)
            console.print(f"record saved to {save}")
