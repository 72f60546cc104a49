"""The ``bones`` command: play in the terminal, simulate, replay records, read rules."""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bones import registry
from bones.bots import LEVELS, Bot, at_least, fixed_work, resolve_bot
from bones.game import GameOptionError, IllegalMoveError, Rules, State
from bones.record import Record, RecordError
from bones.rules_print import print_page

app = typer.Typer(
    help="Domino games against computer players, puzzles and analysis.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)
#: Columns for output that is not a terminal (a file, a pipe): wide enough that no table is cut.
UNCUT_WIDTH = 10_000


def output_console(**settings: Any) -> Console:
    """A console for this run's output: the terminal's width on a terminal, else no cut (Rich says 80)."""
    return Console(highlight=False, width=None if sys.stdout.isatty() else UNCUT_WIDTH, **settings)


#: ``--crazy-samples``, shared by every command that runs Crazy.
CrazySamples = Annotated[
    int | None,
    typer.Option(
        "--crazy-samples",
        min=1,
        help="Crazy samples this many deals a move and has no clock: the same seed replays bit for bit",
    ),
]

#: The entry-point group of the functions that add their own commands: each is ``register(app)``
#: (pyproject.toml's ``[project.entry-points."bones.commands"]``).
COMMANDS_GROUP = "bones.commands"
_extended = False


class CliError(Exception):
    """A problem with what the user asked for; printed without a traceback."""


class Interrupted(Exception):
    """A long run stopped by Ctrl-C: how far it got and how to go on, printed in one line (exit 130)."""


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CliError(f"options are written name=value, got {pair!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def make_rules(game: str, players: int | None, options: list[str] | None) -> Rules:
    chosen = parse_options(options)
    if players is not None:
        if "players" in chosen and str(chosen["players"]) != str(players):
            raise CliError(f"--players {players} and -o players={chosen['players']} disagree: give the number once")
        chosen["players"] = players
    return registry.rules(game, **chosen)


def seat_names(rules: Rules) -> list[str]:
    names = {1: ["You"], 2: ["You", "Lily"], 3: ["You", "Lily", "Zoe"], 4: ["You", "Lily", "Max", "Zoe"]}
    return names.get(rules.num_players, [f"Seat {i}" for i in range(rules.num_players)])


def table_bots(rules: Rules, level: str, settings: dict[str, Any] | None = None) -> dict[int, Bot]:
    """Computer players for every seat but 0; a kozel partner plays at least Hard (a bot of the
    player's own plays every seat)."""
    bots: dict[int, Bot] = {}
    for seat in range(1, rules.num_players):
        seat_level = level
        if rules.in_pairs() and seat % 2 == 0 and level in LEVELS:
            seat_level = at_least(rules, level, "hard")
        bots[seat] = resolve_bot(seat_level, rules, settings)
    return bots


def bot_spec(text: str) -> str:
    """A level as typed (any case), or a ``module:attr`` kept as written (module names have case)."""
    text = text.strip()
    return text if ":" in text else text.lower()


@app.command()
def play(
    game: Annotated[
        str | None, typer.Argument(help="game id, see `bones games` (default: the registry's default game)")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of players")] = None,
    level: Annotated[
        str, typer.Option("--level", "-l", help="easy, normal, hard, crazy, a registered level or module:attr")
    ] = "normal",
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="seed of the deal (random if not given)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="rule option name=value")] = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="write the game record here when the game ends or you quit")
    ] = None,
    crazy_samples: CrazySamples = None,
) -> None:
    """Play a whole match in the terminal against computer players."""
    level = bot_spec(level)
    rules = make_rules(game or registry.default_game(), players, option)
    if save is not None:
        check_writable(save)
    bots = table_bots(rules, level, fixed_work(crazy_samples))
    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    state = rules.new_game(seed=seed)
    from bones.terminal import play_match

    console.print(
        f"[bold]{rules.title}[/bold] at [bold]{level}[/bold], seed {seed}. Type a move number or text, ? for help, q to quit."
    )
    state = play_match(state, bots, seat_names(rules), console, random.Random(seed))
    if save is not None:
        Record.of(state, level=level).save(save)
        console.print(f"record saved to {save}")


def check_writable(path: Path) -> None:
    """Refuses a record path that could not be written, before a match is played for nothing."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise CliError(f"--save {path}: that is a folder; give a file name")
    if not folder.is_dir():
        raise CliError(f"--save {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(f"--save {path}: cannot write there")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="matches to play")] = 10,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="comma-separated levels, given to seats in turn")
    ] = "easy,normal",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="rule option name=value")] = None,
    crazy_samples: CrazySamples = None,
) -> None:
    """Computer players against each other; seats rotate between matches."""
    rules = make_rules(game, players, option)
    levels = [bot_spec(b) for b in bots.split(",") if b.strip()]
    if not levels:
        raise CliError("--bots needs at least one level")
    players_by_level = {lv: resolve_bot(lv, rules, fixed_work(crazy_samples)) for lv in levels}
    wins: dict[str, float] = {lv: 0.0 for lv in levels}
    seats_played: dict[str, int] = {lv: 0 for lv in levels}
    points: dict[str, int] = {lv: 0 for lv in levels}
    hands = 0
    started = time.perf_counter()
    for number in range(games):
        seating = [levels[(seat + number) % len(levels)] for seat in range(rules.num_players)]
        state = rules.new_game(seed=seed + number)
        rng = random.Random(seed * 7919 + number)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state = state.play(players_by_level[seating[seat]].choose(state.observation(seat), rng))
        outcome = state.outcome
        assert outcome is not None
        hands += state.hands_played() or 1
        for seat, lv in enumerate(seating):
            seats_played[lv] += 1
            points[lv] += outcome.scores[seat]
            if seat in outcome.winners:
                wins[lv] += 1
    elapsed = time.perf_counter() - started
    table = Table(title=f"{rules.title}: {games} matches, {hands} hands, {elapsed:.1f} s")
    for column in ("bot", "seats played", "seats won", "win %", "avg final score"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for lv in levels:
        played = seats_played[lv]
        table.add_row(
            lv, str(played), f"{wins[lv]:.0f}", f"{100 * wins[lv] / played:.1f}", f"{points[lv] / played:.1f}"
        )
    output_console().print(table)


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="a game record (JSON)")],
    seat: Annotated[int | None, typer.Option("--seat", help="show the game as this seat saw it")] = None,
    step: Annotated[bool, typer.Option("--step", help="wait for Enter after each move")] = False,
) -> None:
    """Step through a game record, checking every move."""
    rec = Record.load(record)
    if seat is not None:
        seats = rec.start().rules.num_players
        if not 0 <= seat < seats:
            raise CliError(f"--seat {seat}: this game has seats 0-{seats - 1}")
    previous: State | None = None
    for number, state in enumerate(rec.states()):
        if previous is None:
            console.print(f"[bold]{state.rules.title}[/bold], seed {rec.seed}, {len(rec.moves)} moves")
        else:
            console.print(f"[bold]move {number}[/bold]: seat {previous.to_move} {rec.moves[number - 1]}")
        console.print(state.render(seat))
        previous = state
        if step and not state.is_over:
            typer.prompt("", default="", show_default=False, prompt_suffix="")
    assert previous is not None
    if previous.outcome:
        console.print(f"[bold green]{previous.outcome.reason}[/bold green]")


@app.command()
def hint(
    record: Annotated[Path, typer.Argument(help="a game record (JSON); the position after its last move, or --move")],
    move: Annotated[int | None, typer.Option("--move", help="analyse the position after this many moves")] = None,
    seconds: Annotated[float, typer.Option("--seconds", min=0.01, help="thinking budget")] = 1.0,
    seed: Annotated[int, typer.Option("--seed")] = 0,
) -> None:
    """Every legal move of the player to move with its estimate from the game's strongest search, best first."""
    rec = Record.load(record)
    if move is not None and not 0 <= move <= len(rec.moves):
        raise CliError(f"--move must be between 0 and {len(rec.moves)}")
    state = rec.start()
    for number, current in enumerate(rec.states()):
        state = current
        if number == move:
            break
    if state.is_over or state.to_move is None:
        raise CliError("the game in this record is over: there is nothing to hint")
    show_hint(state, seconds, seed)


def show_hint(state: State, seconds: float, seed: int) -> None:
    """Every legal move of the seat to move with its estimate, best first (``bones.bots.hint``)."""
    from bones.bots import hint as make_hint

    seat = state.to_move
    assert seat is not None
    advice = make_hint(state.rules, state.observation(seat), random.Random(seed), seconds)
    console.print(state.render(seat), markup=False)
    console.print(f"[bold]best for seat {seat}:[/bold] {advice.best}")
    estimates = advice.estimates or []
    if not estimates:
        return
    chances = any(e.win_chance is not None for e in estimates)
    samples = any(e.samples > 1 for e in estimates)
    table = Table()
    table.add_column("move")
    table.add_column(estimates[0].unit or "value", justify="right")
    if chances:
        table.add_column(next(e.chance_of for e in estimates if e.win_chance is not None), justify="right")
    if samples:
        table.add_column("samples", justify="right")
    for estimate in estimates:
        row = [str(estimate.move), _number(estimate.value)]
        if chances:
            row.append("-" if estimate.win_chance is None else f"{100 * estimate.win_chance:.0f}%")
        if samples:
            row.append(str(estimate.samples))
        table.add_row(*row)
    console.print(table)


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:+.2f}"


@app.command("rules")
def rules_command(
    game: Annotated[str, typer.Argument(help="game id, or a variant's (partnership)")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="rule option name=value")] = None,
) -> None:
    """Print the rules page of a game or variant, for the options chosen."""
    variant = next((v for i in registry.games().values() for v in i.variants if v.variant_id == game), None)
    game_id = next(i.game_id for i in registry.games().values() if variant in i.variants) if variant else game
    info = registry.game_info(game_id)
    fixed = dict(variant.options) if variant else {}
    print_page(console, registry.rules(game_id, **fixed, **parse_options(option)).describe())
    if info.options:
        console.print("\nOptions (bones play GAME -o name=value):")
        for opt in (o for o in info.options if o.name not in fixed):
            choices = f" [{', '.join(map(str, opt.choices))}]" if opt.choices else ""
            console.print(f"  {opt.name} (default {opt.default}){choices}: {opt.help}")


@app.command("games")
def games_command() -> None:
    """List the games."""
    table = Table()
    table.add_column("id")
    table.add_column("game")
    table.add_column("family")
    for game_id, info in registry.games().items():
        table.add_row(game_id, info.title, info.family)
    console.print(table)


def _load_extensions() -> None:
    global _extended
    if not _extended:
        for register in registry.load_entry_points(COMMANDS_GROUP):
            register(app)
        _extended = True


def main(argv: list[str] | None = None) -> None:
    try:
        _load_extensions()
    except registry.NothingRegisteredError as error:
        console.print(f"[bold red]error:[/bold red] {escape(str(error))}", soft_wrap=True)
        raise SystemExit(2) from None
    run: Callable[..., Any] = app
    try:
        run(args=argv, standalone_mode=False)
    except (CliError, GameOptionError, RecordError, IllegalMoveError, ValueError) as error:
        console.print(f"[bold red]error:[/bold red] {escape(str(error))}", soft_wrap=True)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        console.print("\nbye")
        raise SystemExit(130) from None
    except Interrupted as stopped:
        console.print(f"[bold red]{escape(str(stopped))}[/bold red]", soft_wrap=True)
        raise SystemExit(130) from None
    except typer.Exit as done:
        raise SystemExit(done.exit_code) from None
    except typer.Abort:
        console.print("\nbye")
        raise SystemExit(1) from None
    except Exception as error:
        # Usage errors come from the click that Typer ships; they know how to show themselves.
        show = getattr(error, "show", None)
        if callable(show) and hasattr(error, "exit_code"):
            show()
            raise SystemExit(error.exit_code) from None
        raise
