"""A match in the terminal: the human at seat 0, computer players elsewhere."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rich.console import Console
from rich.table import Table

from bones.bots import Bot
from bones.game import IllegalMoveError, Move, State
from bones.line.moves import end_name
from bones.line.state import HandResult, LineState

HUMAN = 0
HELP = """Type the number of a move from the list, or the move itself (6:3@left, 6:6, draw, pass).
Drawing and passing happen by themselves when they are all you can do.
hint shows every move with its estimate; q quits (the record is saved if you gave --save)."""


def play_match(
    state: State,
    bots: Mapping[int, Bot],
    names: Sequence[str],
    console: Console,
    rng: random.Random,
    ask: Callable[[str], str] | None = None,
) -> State:
    """Play until the match ends or the human quits; return the last state."""
    ask = ask or (lambda prompt: console.input(prompt))
    shown_results = 0
    while not state.is_over:
        if isinstance(state, LineState) and len(state.results) > shown_results:
            show_sheet(state.results[-1], state, names, console)
            shown_results = len(state.results)
        seat = state.to_move
        assert seat is not None
        if seat == HUMAN:
            move = _human_move(state, names, console, ask)
            if move is None:
                console.print("You left the table.")
                return state
        else:
            move = bots[seat].choose(state.observation(seat), rng)
        before = state
        state = state.play(move)
        console.print(describe(before, move, state, names))
    if isinstance(state, LineState) and len(state.results) > shown_results:
        show_sheet(state.results[-1], state, names, console)
    assert state.outcome is not None
    winners = ", ".join(names[s] for s in state.outcome.winners)
    console.print(f"[bold green]Match over:[/bold green] {state.outcome.reason}. Winner: {winners}.")
    return state


def _human_move(state: State, names: Sequence[str], console: Console, ask: Callable[[str], str]) -> Move | None:
    moves = state.legal_moves
    if len(moves) == 1 and str(moves[0]) in ("draw", "pass"):
        return moves[0]
    show_table(state, names, console)
    for number, move in enumerate(moves, start=1):
        console.print(f"  [cyan]{number}[/cyan] {move}")
    while True:
        try:
            text = ask("your move> ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text in ("?", "help"):
            console.print(HELP)
            continue
        if text.lower() == "hint":
            from bones.cli import show_hint

            show_hint(state, 1.0, len(state.moves))
            continue
        if text.isdigit() and 1 <= int(text) <= len(moves):
            return moves[int(text) - 1]
        try:
            move = state.rules.parse_move(text)
            state.play(move)
            return move
        except IllegalMoveError as error:
            console.print(f"[red]{error}[/red]")


def show_table(state: State, names: Sequence[str], console: Console) -> None:
    if not isinstance(state, LineState):
        console.print(state.render(HUMAN))
        return
    obs = state.observation(HUMAN)
    rules = state.rules
    console.rule(f"{rules.title} - hand {obs.hand_no} - {_scores(state, names)}")
    console.print(obs.layout.line_text())
    info = []
    if rules.scores_during_play and not obs.layout.is_empty:
        info.append(f"ends count {obs.layout.count}")
    if rules.draws:
        info.append(f"boneyard {obs.boneyard_size}")
    if state.eggs:
        info.append(f"eggs {state.eggs}")
    others = ", ".join(f"{names[s]} {n} tiles" for s, n in enumerate(obs.hand_sizes) if s != HUMAN)
    console.print(" | ".join(info + [others]))
    console.print("Your tiles: " + " ".join(f"[bold]{t}[/bold]" for t in obs.hand))


def _scores(state: LineState, names: Sequence[str]) -> str:
    rules = state.rules
    if rules.teams:
        text = f"you & {names[2]} {state.scores[0]}, {names[1]} & {names[3]} {state.scores[1]}"
    else:
        text = ", ".join(f"{names[s]} {v}" for s, v in enumerate(state.scores))
    return f"{text} (target {rules.target})"


def describe(before: State, move: Move, after: State, names: Sequence[str]) -> str:
    seat = before.to_move
    assert seat is not None
    who = names[seat]
    you = seat == HUMAN
    text = str(move)
    if text == "draw":
        if you and isinstance(before, LineState) and isinstance(after, LineState):
            drawn = set(after.hand(HUMAN)) - set(before.hand(HUMAN))
            return f"You draw {' '.join(map(str, drawn))} from the boneyard."
        return f"{who} draws from the boneyard."
    if text == "pass":
        return "You pass." if you else f"{who} passes."
    narrate = getattr(after, "narrate", None)
    if callable(narrate):  # games that tell their own story of a move (and of what followed by itself)
        return str(narrate(before, names))
    if isinstance(before, LineState) and isinstance(after, LineState):
        tile, _, end = text.partition("@")
        where = f" on the {end_name(int(end)) if end.isdigit() else end} end" if end else " to open"
        gained = ""
        side = before.rules.sides[seat]
        if after.hand_no == before.hand_no:
            points = after.hand_points[side] - before.hand_points[side]
            if points:
                gained = f" and scores {points}"
        return f"{who} {'play' if you else 'plays'} {tile}{where}{gained}."
    return f"{who}: {text}"


def show_sheet(result: HandResult, state: LineState, names: Sequence[str], console: Console) -> None:
    rules = state.rules
    table = Table(title=f"Hand {result.number}: {result.note}")
    table.add_column("player")
    table.add_column("tiles left")
    table.add_column("pips", justify="right")
    for seat, hand in enumerate(result.hands):
        table.add_row(names[seat], " ".join(str(t) for t in hand) or "-", str(result.pips[seat]))
    console.print(table)
    sides = range(rules.num_sides)
    label = "written" if rules.low_score_wins else "points"
    for side in sides:
        members = " & ".join(names[s] for s in range(rules.players) if rules.sides[s] == side)
        during = f" ({result.play_points[side]} during play)" if rules.scores_during_play else ""
        console.print(f"  {members}: {label} {result.points[side]}{during}, total {result.totals[side]}")
    if result.eggs:
        console.print(f"  eggs: {result.eggs} carried into the next hand")
