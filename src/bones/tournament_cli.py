"""``bones tournament``: bones' levels (and your own bots) against each other on duplicate deals (bones.tournament)."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress
from rich.table import Table

from bones.bots import fixed_work
from bones.cli import CliError, CrazySamples, Interrupted, bot_spec, console, make_rules, output_console


def register(app: typer.Typer) -> None:
    @app.command()
    def tournament(
        game: Annotated[str, typer.Argument(help="game id")],
        bots: Annotated[
            str, typer.Option("--bots", "-b", help="comma-separated levels or bots (module:attr)")
        ] = "easy,normal,hard,crazy",
        deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="deals per pair of levels")] = 50,
        jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="worker processes (use all cores)")] = 1,
        seed: Annotated[int, typer.Option("--seed", "-s")] = 0,
        players: Annotated[int | None, typer.Option("--players", "-p")] = None,
        option: Annotated[list[str] | None, typer.Option("--option", "-o", help="rule option name=value")] = None,
        crazy_seconds: Annotated[float | None, typer.Option("--crazy-seconds", help="Crazy's time per move")] = None,
        crazy_samples: CrazySamples = None,
        reproducible: Annotated[
            bool,
            typer.Option(
                "--reproducible",
                help="no clock decides a move: Crazy samples a fixed number of deals (--crazy-samples, default 1000)",
            ),
        ] = False,
        ray: Annotated[
            str | None, typer.Option("--ray", help="run the deals on Ray: auto, local or a cluster address")
        ] = None,
        results: Annotated[
            Path | None, typer.Option("--results", help="JSON-lines file of finished deals; a rerun resumes from it")
        ] = None,
    ) -> None:
        """Duplicate tournament: every pair of levels plays the same deals with the seats rotated."""
        from bones.tournament import REPRODUCIBLE_CRAZY_SAMPLES, TournamentInterrupted, run_tournament

        rules = make_rules(game, players, option)
        levels = [bot_spec(b) for b in bots.split(",") if b.strip()]
        if len(levels) < 2:
            raise CliError("a tournament needs at least two levels")
        if crazy_seconds is not None and (crazy_samples is not None or reproducible):
            raise CliError("--crazy-seconds is a clock: give it, or --crazy-samples/--reproducible, not both")
        if reproducible and crazy_samples is None:
            crazy_samples = REPRODUCIBLE_CRAZY_SAMPLES
        settings = {"crazy_seconds": crazy_seconds} if crazy_seconds is not None else fixed_work(crazy_samples)
        started = time.perf_counter()
        out = output_console()
        # Listed weakest first, so each pair puts the presumably stronger level first.
        pairs = [(b, a) for a, b in itertools.combinations(levels, 2)]
        with Progress(transient=True, console=console) as bar:
            shown = bar.add_task("deals", total=deals * len(pairs))
            try:
                result = run_tournament(
                    game,
                    levels,
                    deals,
                    dict(rules.options),
                    jobs,
                    seed,
                    settings,
                    pairs,
                    ray_address=ray,
                    results_path=results,
                    progress=lambda done, _total: bar.update(shown, completed=done),
                )
            except TournamentInterrupted as stopped:
                raise Interrupted(str(stopped)) from None
        elapsed = time.perf_counter() - started
        table = Table(title=f"{rules.title}: duplicate, {deals} deals per pair, {elapsed:.0f} s")
        for column in ("pair", "deals won", "95% CI", "pts share", "margin/hand", "p"):
            table.add_column(column, justify="left" if column == "pair" else "right")
        for pair in result.pairs:
            low, high = pair.win_interval()
            table.add_row(
                f"{pair.first} vs {pair.second}",
                f"{100 * pair.win_rate:.1f}%",
                f"{100 * low:.1f}-{100 * high:.1f}%",
                f"{100 * pair.points_share:.1f}%",
                f"{pair.margin_per_hand:+.2f}",
                f"{pair.p_value():.3g}",
            )
        out.print(table)
        out.print("p: one-sided chance of a margin this large if the first level were not stronger")
        ratings = Table(title="Elo-style ratings")
        ratings.add_column("level")
        ratings.add_column("rating", justify="right")
        for level, rating in sorted(result.ratings.items(), key=lambda kv: -kv[1]):
            ratings.add_row(level, f"{rating:.0f}")
        out.print(ratings)
