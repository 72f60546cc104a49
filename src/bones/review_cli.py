"""``bones review RECORD``: the review of a finished game in the terminal (``bones.bots.review``).

Each seat's accuracy and costliest moves, every decision with both verdicts (as the seat knew it,
and with every tile shown), and how the game went as a text sparkline; ``--json`` for scripts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

from bones.bots.review import DEFAULT_DEPTH, Decision, Judgement, Review, review_game
from bones.cli import seat_names
from bones.record import Record

console = Console(highlight=False, soft_wrap=True)

SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float]) -> str:
    """``values`` as a row of block characters, lowest to highest (a flat series sits mid-height)."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high - low < 1e-12:
        return SPARKS[len(SPARKS) // 2 - 1] * len(values)
    top = len(SPARKS) - 1
    return "".join(SPARKS[round((v - low) / (high - low) * top)] for v in values)


def register(app: typer.Typer) -> None:
    @app.command("review")
    def review_command(
        record: Annotated[Path, typer.Argument(help="a game record (JSON), as bones play --save writes it")],
        depth: Annotated[
            float, typer.Option("--depth", min=0.001, help="analysis work per decision, in seconds of thinking")
        ] = DEFAULT_DEPTH,
        seed: Annotated[int, typer.Option("--seed", help="seed of the analysis' sampling")] = 0,
        as_json: Annotated[bool, typer.Option("--json", help="print the review as JSON")] = False,
    ) -> None:
        """Review a finished game: every decision's loss and mark, each seat's accuracy and costliest moves."""
        rec = Record.load(record)
        states = list(rec.states())
        if as_json:
            result = review_game(states, depth, seed)
            data = result.to_dict()
            data["names"] = seat_names(states[0].rules)
            console.print(json.dumps(data, indent=1), markup=False)
            return
        with Progress(transient=True, console=console) as bar:
            task = bar.add_task("reviewing", total=max(1, len(states) - 1))
            result = review_game(states, depth, seed, lambda done, _total: bar.update(task, completed=done))
        show(result, seat_names(states[0].rules))


def show(review: Review, names: Sequence[str]) -> None:
    console.print(
        f"[bold]{review.title}[/bold]: {review.moves} moves, {len(review.decisions)} decisions reviewed "
        f"(depth {review.depth:g}, seed {review.seed})"
    )
    if review.outcome:
        console.print(review.outcome, markup=False)
    decisions = {d.number: d for d in review.decisions}
    for summary in review.seats:
        name = names[summary.seat] if summary.seat < len(names) else f"Seat {summary.seat}"
        accuracy = "-" if summary.accuracy is None else f"{summary.accuracy:.0f}%"
        counts = ", ".join(f"{n} {mark}" for mark, n in summary.marks.items() if n)
        console.print(
            f"\n[bold]{name}[/bold]: accuracy {accuracy} over {summary.decisions} decisions ({counts or 'none'})",
            markup=True,
        )
        for decision in summary.costliest:
            console.print(f"  costly: {_costly(decisions[decision.number])}", markup=False)
    if review.not_shown:
        console.print(f"\nWith every tile shown: not given ({review.not_shown}).", markup=False)
    shown = any(d.shown is not None for d in review.decisions)
    unit = review.decisions[0].fair.unit if review.decisions else ""
    console.print(f"\nEvery decision, as the seat knew it{' | with every tile shown' if shown else ''} ({unit}):")
    for line in _lines(review, names):
        console.print(line, markup=False)
    label = review.chart_label()
    for seat in _chart_seats(review):
        points = review.chart(seat)
        if points:
            values = [v for _, v in points]
            low, high = (f"{100 * v:.0f}%" if label.startswith("chance") else _n(v) for v in (min(values), max(values)))
            name = names[seat] if seat < len(names) else f"Seat {seat}"
            console.print(f"{name}, {label} after each move ({low} to {high}): {sparkline(values)}", markup=False)


def _chart_seats(review: Review) -> list[int]:
    """One chart per side: its first seat's."""
    seen: dict[int, int] = {}
    for seat, side in enumerate(review.sides):
        seen.setdefault(side, seat)
    return list(seen.values())


def _costly(decision: Decision) -> str:
    fair = decision.fair
    if fair.loss is None:
        loss = "leaves the goal out of reach"
    elif _chance(fair.unit):
        loss = f"loses {_in(fair.loss, fair.unit)} of the {fair.unit}"
    else:
        loss = f"loses {_n(fair.loss)} {fair.unit}"
    return f"move {decision.number}: {decision.move}, best {fair.best_move}, {loss} ({fair.mark})"


def _lines(review: Review, names: Sequence[str]) -> list[str]:
    """A line per decision: the move, its mark and numbers as the seat knew it, then with every tile shown."""
    out = []
    for d in review.decisions:
        name = names[d.seat] if d.seat < len(names) else f"Seat {d.seat}"
        line = f"{d.number:>4} {name}: {d.move} {_verdict(d.fair)}"
        if d.goal_before is not None:
            line += f"; moves to the goal {_n(d.goal_before)} -> {_n(d.goal_after)}"
        if d.shown is not None:
            line += f" | shown: {_verdict(d.shown)}"
        out.append(line)
    return out


def _verdict(judgement: Judgement) -> str:
    mark = judgement.mark or "unvalued"
    unit = judgement.unit
    if judgement.mark == "best":
        return f"{mark} ({_in(judgement.chosen, unit)})"
    loss = "out of reach" if judgement.loss is None else f"loses {_in(judgement.loss, unit)}"
    return f"{mark} ({_in(judgement.chosen, unit)}; best {judgement.best_move} {_in(judgement.best, unit)}, {loss})"


def _chance(unit: str) -> bool:
    return unit.startswith("chance")


def _in(value: float | None, unit: str) -> str:
    """A value in its unit's words: a chance as a percentage (one decimal: a loss is often below 1%)."""
    if value is None or not _chance(unit):
        return _n(value)
    return f"{100 * value:.1f}%"


def _n(value: float | None) -> str:
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}"
