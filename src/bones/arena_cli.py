"""``bones arena``: bones' levels against players from outside (see bones.arena, docs/arena.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from bones.cli import CrazySamples


def register(app: typer.Typer) -> None:
    @app.command()
    def arena(
        game: Annotated[str, typer.Argument(help="game id")],
        against: Annotated[
            str,
            typer.Option(
                "--against",
                "-a",
                help="comma-separated outside players: MODULE:BOT, dominoes:NAME, openspiel:NAME, python:MODULE:NAME,"
                " cmd:COMMAND; settings after ?, e.g. openspiel:ismcts?sims=500",
            ),
        ],
        bots: Annotated[
            str,
            typer.Option(
                "--bots",
                "-b",
                help="comma-separated bones levels (registered levels or MODULE:BOT too); settings after ?,"
                " e.g. crazy?seconds=1&clock=cpu",
            ),
        ] = "easy,normal,hard,crazy",
        deals: Annotated[int, typer.Option("--deals", "-n", min=1, help="deals per pair")] = 50,
        seed: Annotated[int, typer.Option("--seed", "-s")] = 0,
        players: Annotated[int | None, typer.Option("--players", "-p")] = None,
        option: Annotated[list[str] | None, typer.Option("--option", "-o", help="rule option name=value")] = None,
        crazy_samples: CrazySamples = None,
        as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
    ) -> None:
        """Duplicate deals between bones' levels and outside players (same statistics as bones tournament)."""
        import json
        import time

        from rich.table import Table

        from bones.arena import ArenaError, run_arena
        from bones.bots import fixed_work
        from bones.cli import CliError, make_rules, output_console

        console = output_console(soft_wrap=True)
        rules = make_rules(game, players, option)
        levels = [b.strip() for b in bots.split(",") if b.strip()]
        # Commands may hold commas; split on ",cmd:" style boundaries only where a new spec starts.
        opponents = _split_specs(against)
        if not levels or not opponents:
            raise CliError("the arena needs at least one bones level and one outside player")
        started = time.perf_counter()
        try:
            result = run_arena(
                game, levels, opponents, deals, dict(rules.options), seed, bot_settings=fixed_work(crazy_samples)
            )
        except ArenaError as error:
            raise CliError(str(error)) from None
        elapsed = time.perf_counter() - started
        if as_json:
            print(json.dumps({**result.to_dict(), "seconds": elapsed}))
            return
        table = Table(title=f"{rules.title}: duplicate, {deals} deals per pair, {elapsed:.0f} s")
        for column in (
            "bones vs outside",
            "deals won",
            "95% CI",
            "pts share",
            "margin/hand",
            "p",
            "ms/move",
            "their ms/move",
            "CPU ms/move",
            "their CPU ms/move",
        ):
            table.add_column(column, justify="left" if column == "bones vs outside" else "right")
        for pair in result.pairs:
            stats = pair.stats
            low, high = stats.win_interval()
            table.add_row(
                f"{stats.first} vs {stats.second}",
                f"{100 * stats.win_rate:.1f}%",
                f"{100 * low:.1f}-{100 * high:.1f}%",
                f"{100 * stats.points_share:.1f}%",
                f"{stats.margin_per_hand:+.2f}",
                f"{stats.p_value():.3g}",
                f"{1000 * pair.seconds_per_move[0]:.2f}",
                f"{1000 * pair.seconds_per_move[1]:.2f}",
                f"{1000 * pair.cpu_per_move[0]:.2f}",
                f"{1000 * pair.cpu_per_move[1]:.2f}",
            )
        console.print(table)
        console.print("p: one-sided chance of a margin this large if the bones level were not stronger")


KINDS = ("dominoes:", "openspiel:", "python:", "cmd:", "bones:")


def _split_specs(text: str) -> list[str]:
    """Split on commas, except inside a cmd: command (which runs to the next spec)."""
    specs: list[str] = []
    for part in text.split(","):
        piece = part.strip()
        if not piece:
            continue
        if specs and specs[-1].startswith("cmd:") and not piece.startswith(KINDS):
            specs[-1] += "," + part
        else:
            specs.append(piece)
    return specs
