"""Plain-text pictures of a line-of-play position (the CLI adds colour)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bones.tiles import format_tiles

if TYPE_CHECKING:
    from bones.line.state import LineState


def render_state(state: LineState, seat: int | None) -> str:
    rules, kernel = state.rules, state.kernel
    lines = [f"{rules.title}, hand {state.hand_no}; scores: {score_line(state)}"]
    lines.append(state.layout.line_text())
    if rules.scores_during_play and kernel.placed:
        lines.append(f"ends count {state.layout.count}")
    for s in range(rules.players):
        marker = "*" if state.to_move == s else " "
        if seat is None or s == seat:
            lines.append(f"{marker} seat {s}: {format_tiles(state.hand(s))}")
        else:
            lines.append(f"{marker} seat {s}: {kernel.hands[s].bit_count()} tiles")
    if kernel.boneyard:
        lines.append(f"boneyard: {len(kernel.boneyard)}")
    if state.outcome:
        lines.append(f"over: {state.outcome.reason}")
    return "\n".join(lines)


def score_line(state: LineState) -> str:
    rules = state.rules
    if rules.teams:
        text = f"seats 0+2: {state.scores[0]}, seats 1+3: {state.scores[1]}"
    else:
        text = ", ".join(f"seat {s}: {v}" for s, v in enumerate(state.scores))
    text += f" (target {rules.target})"
    if state.eggs:
        text += f", eggs {state.eggs}"
    return text
