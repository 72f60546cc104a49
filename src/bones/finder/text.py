"""Finder in words: the layout as a seat sees it and each event of the history."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bones.finder.board import (
    COLUMN_NAMES,
    COLUMNS,
    DOWN,
    GONE,
    ROWS,
    domino_name,
    square_name,
)
from bones.finder.moves import (
    TAKEN,
    TRAP,
    TREASURE,
    UNDER_PAWN,
    Event,
    Flip,
    Hide,
    Roll,
)
from bones.tiles import Tile

if TYPE_CHECKING:
    from bones.finder.state import FinderState

PAWN_LETTERS = "ABCD"


# -- text ----------------------------------------------------------------------


def render(state: FinderState, seat: int | None) -> str:
    """The layout as ``seat`` sees it; ``None`` shows face-down numbers too (as ``?3``)."""
    rules = state.rules
    lines = []
    head = f"{rules.title}, {rules.players} players, {rules.to_win} treasures to win"
    if state.treasure is not None:
        head += f"; the treasure is {state.treasure}"
    lines.append(head)
    lines.append("     " + "".join(f" {COLUMN_NAMES[2 * k]}  {COLUMN_NAMES[2 * k + 1]}   " for k in range(4)).rstrip())
    at = {square: PAWN_LETTERS[s] for s, square in enumerate(state.pawns) if square is not None}
    for row in range(ROWS):
        parts = []
        for k in range(COLUMNS // 2):
            position = row * 4 + k
            cells = []
            for square in (2 * position, 2 * position + 1):
                face = state.faces[position]
                if face == DOWN:
                    cells.append("?" + (str(state.numbers[square]) if seat is None else " "))
                else:
                    symbol = "." if face == GONE else str(state.numbers[square])
                    cells.append(symbol + at.get(square, " "))
            parts.append(f"[{cells[0]} {cells[1]}]")
        lines.append(f"  {row + 1}  " + " ".join(parts))
    for s in range(rules.players):
        you = " (you)" if s == seat else ""
        pawn = state.pawns[s]
        where = "off the board" if pawn is None else f"on {square_name(pawn)}"
        found = " ".join(str(t) for t in state.found[s]) or "none"
        marker = "*" if state.turn == s else " "
        note = ", skips the next turn" if state.skipping[s] and not state.final else ""
        lines.append(f"{marker} {PAWN_LETTERS[s]} seat {s}{you}: pawn {where}; treasures {found}{note}")
    recent = state.history[-(2 * rules.players + 2) :]
    if recent:
        lines.append("lately: " + " ".join(describe_event(e) for e in recent))
    if state.final:
        lines.append(f"over: {state.final.reason}")
    elif seat is not None and seat == state.turn and state.enters_from_edge and state.pawns[seat] is not None:
        lines.append("your pawn is walled in: it comes in again from the edge")
    return "\n".join(lines)


def describe_event(event: Event, names: Sequence[str] | None = None) -> str:
    """One event in words; ``names`` name the seats (default "seat 0", ...; "You" takes plain verbs)."""

    def who(seat: int, verb: str) -> str:
        name = names[seat] if names else f"seat {seat}"
        return f"{name} {verb}" if name == "You" else f"{name} {verb}s"

    if isinstance(event, Flip):
        how = " in from the edge" if event.entered else ""
        plain = names is not None and names[event.seat] == "You"
        text = f"{who(event.seat, 'step')}{how} onto {square_name(event.square)} and {'flip' if plain else 'flips'}"
        text += f" {event.numbers[0]}|{event.numbers[1]} on {domino_name(event.position)}"
        if event.result == TREASURE:
            return text + ": the treasure!"
        if event.result == TRAP:
            return text + ": a trap, the next turn is lost."
        return text + "."
    if isinstance(event, Roll):
        if event.purpose == "start":
            return f"{who(event.seat, 'roll')} {event.dice[0]}+{event.dice[1]} to start."
        tile = Tile.of(*event.dice)
        if event.result == TREASURE:
            return f"The dice choose the treasure {tile}."
        if event.result == TAKEN:
            return f"Rolled {tile}, already taken: roll again."
        if event.result == UNDER_PAWN:
            return f"Rolled {tile}, under a pawn: roll again."
        assert event.position is not None
        return f"Rolled {tile}, face up on {domino_name(event.position)}: turned face down, roll again."
    if isinstance(event, Hide):
        return "Traps turned face down: " + ", ".join(domino_name(p) for p in event.positions) + "."
    return f"{who(event.seat, 'skip')} a turn."
