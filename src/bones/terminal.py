"""A match in the terminal: the human at seat 0, computer players elsewhere."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from bones.bots import Bot
from bones.game import Move, State
from bones.line.state import HandResult, LineState

HUMAN = 0
CONTROLS = """Type the number of a move from the list, or the move itself as the list writes it.
hint shows every move with its estimate; ? shows this help; q quits (the record is saved
if you gave --save). `bones rules GAME` has the whole rules."""


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
    legend = state.legend()
    if legend:
        console.print(legend, markup=False)
    last = None
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
        before, last = state, seat
        state = state.play(move)
        console.print(state.narrate(before, names), markup=False)
    if isinstance(state, LineState) and len(state.results) > shown_results:
        show_sheet(state.results[-1], state, names, console)
    elif last != HUMAN:
        # The human has not seen the position that decided the game.
        console.print(state.render(HUMAN), markup=False)
    assert state.outcome is not None
    winners = ", ".join(names[s] for s in state.outcome.winners) or "nobody (a draw)"
    console.print(f"[bold green]Match over:[/bold green] {state.outcome.reason}. Winner: {winners}.")
    return state


def game_help(state: State) -> str:
    """The terminal's ``?``: how this game writes its moves, what its pictures show, the controls."""
    parts = [state.rules.move_help, state.legend(), CONTROLS]
    return "\n\n".join(part for part in parts if part)


def _human_move(state: State, names: Sequence[str], console: Console, ask: Callable[[str], str]) -> Move | None:
    moves = state.legal_moves
    if len(moves) == 1 and str(moves[0]) in ("draw", "pass"):
        return moves[0]
    show_table(state, names, console)
    show_moves(moves, console)
    while True:
        try:
            text = ask("your move> ").strip()
        except EOFError:
            return None
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text in ("?", "help"):
            console.print(game_help(state), markup=False)
            continue
        if text.lower() == "hint":
            from bones.cli import show_hint

            show_hint(state, 1.0, len(state.moves))
            continue
        if text.isascii() and text.isdigit():
            if 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            console.print(f"[red]there is no move {text}: choose a number from 1 to {len(moves)}[/red]")
            continue
        try:
            move = state.rules.parse_move(text)
            state.play(move)
            return move
        except ValueError as error:  # IllegalMoveError, or text no move is written like
            console.print(f"[red]{escape(str(error))}[/red]")


def show_moves(moves: Sequence[Move], console: Console) -> None:
    """The numbered legal moves: one a line when they are few, in columns when there are many."""
    entries = [f"[cyan]{number}[/cyan] {move}" for number, move in enumerate(moves, start=1)]
    if len(entries) <= 12:
        for entry in entries:
            console.print("  " + entry)
    else:
        console.print(Columns(entries, padding=(0, 3), column_first=True))


def show_table(state: State, names: Sequence[str], console: Console) -> None:
    if not isinstance(state, LineState):
        console.print(state.render(HUMAN), markup=False)
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
