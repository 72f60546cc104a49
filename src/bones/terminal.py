"""A match in the terminal: the human at seat 0, computer players elsewhere."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape

from bones.bots import Bot
from bones.game import Move, State

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
    legend = state.legend()
    if legend:
        console.print(legend, markup=False)
    last = None
    while not state.is_over:
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
    if last != HUMAN:
        # The human has not seen the position that decided the game.
        console.print(state.table_text(HUMAN, names), markup=False)
    assert state.outcome is not None
    if state.hands_played() > 1:
        console.print(hand_summary(state, names), markup=False)
    outcome = state.named_outcome(names)
    assert outcome is not None
    winners = ", ".join(names[s] for s in outcome.winners) or "nobody (a draw)"
    console.print(f"[bold green]Match over:[/bold green] {escape(outcome.reason)}. Winner: {escape(winners)}.")
    return state


def hand_summary(state: State, names: Sequence[str]) -> str:
    """The match hand by hand (``State.hand_results``): each side's points and how the hand ended."""
    sides = state.rules.sides
    side_names = [" & ".join(names[s] for s in range(len(sides)) if sides[s] == side) for side in range(max(sides) + 1)]
    lines = ["Hands:"]
    for result in state.named_results(names):
        points = ", ".join(f"{name} {p}" for name, p in zip(side_names, result.points))
        lines.append(f"  {result.number:>2}. {points} ({result.note})")
    return "\n".join(lines)


def game_help(state: State) -> str:
    """The terminal's ``?``: how this game writes its moves, what its pictures show, the controls."""
    parts = [state.rules.move_help, state.legend(), CONTROLS]
    return "\n\n".join(part for part in parts if part)


def _human_move(state: State, names: Sequence[str], console: Console, ask: Callable[[str], str]) -> Move | None:
    forced = state.forced_move()
    if forced is not None:
        return forced
    moves = state.legal_moves
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
    console.print(state.table_text(HUMAN, names), markup=False)
