"""The line games in words: plain-text pictures of a position (the CLI adds colour), each move
for the terminal, the table before a move and the hand sheet."""

from __future__ import annotations

from collections.abc import Sequence

from bones.game import State, name_seats
from bones.line.kernel import DRAW, PASS
from bones.line.moves import LineMove, end_name
from bones.line.observation import HandSheet
from bones.line.state import LineState
from bones.tiles import TILES, format_tiles


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


def narrate(before: State, after: LineState, names: Sequence[str], viewer: int = 0) -> str:
    """The last move for ``viewer`` (the tiles it draws named, points scored said), and the
    hand's sheet when the move ended a hand."""
    seat = before.to_move
    if seat is None or not after.moves or not isinstance(before, LineState):
        return State.narrate(after, before, names, viewer)
    you = seat == viewer
    who = "You" if you else names[seat]
    move = after.moves[-1]
    assert isinstance(move, LineMove)
    if move.code == DRAW:
        if you:
            drawn = set(after.hand(seat)) - set(before.hand(seat))
            text = f"You draw {' '.join(map(str, drawn))} from the boneyard."
        else:
            text = f"{who} draws from the boneyard."
    elif move.code == PASS:
        text = "You pass." if you else f"{who} passes."
    else:
        where = _where(before, move.slot)
        gained = ""
        side = before.rules.sides[seat]
        if after.hand_no == before.hand_no:
            points = after.hand_points[side] - before.hand_points[side]
            if points:
                gained = f" and scores {points}"
        text = f"{who} {'play' if you else 'plays'} {move.tile}{where}{gained}."
    if len(after.results) > len(before.results):
        text += "\n" + name_seats(sheet(after.results[-1], after, names), names)
    return text


def table_text(state: LineState, seat: int, names: Sequence[str]) -> str:
    """The table as ``seat`` sees it before moving: scores, the line, counts, its tiles."""
    obs = state.observation(seat)
    rules = state.rules
    lines = [f"-- {rules.title} - hand {obs.hand_no} - {_scores(state, names)} --", obs.layout.line_text()]
    info = []
    if rules.scores_during_play and not obs.layout.is_empty:
        info.append(f"ends count {obs.layout.count}")
    if rules.draws:
        info.append(f"boneyard {obs.boneyard_size}")
    if state.eggs:
        info.append(f"eggs {state.eggs}")
    others = ", ".join(f"{names[s]} {n} tiles" for s, n in enumerate(obs.hand_sizes) if s != seat)
    lines.append(" | ".join(info + [others]))
    lines.append("Your tiles: " + " ".join(str(t) for t in obs.hand))
    return "\n".join(lines)


def _scores(state: LineState, names: Sequence[str]) -> str:
    rules = state.rules
    if rules.teams:
        text = f"you & {names[2]} {state.scores[0]}, {names[1]} & {names[3]} {state.scores[1]}"
    else:
        text = ", ".join(f"{names[s]} {v}" for s, v in enumerate(state.scores))
    return f"{text} (target {rules.target})"


def _where(before: LineState, slot: int) -> str:
    """Where a tile went, in words. Ends past the first spinner's are numbered (``@4``), and a
    bare number reads like the number the end shows, so those name the double they grow from."""
    if slot < 0:
        return " to open"
    if slot < 4:
        return f" on the {end_name(slot)} end"
    kernel = before.kernel
    double = TILES[kernel.log[kernel.origins[slot]][2]]
    return f" beside {double} (end @{slot})"


def sheet(result: HandSheet, state: LineState, names: Sequence[str]) -> str:
    """The sheet after a hand: every hand face up with its pips, the points and totals."""
    rules = state.rules
    width = max(len(name) for name in names)
    lines = [f"Hand {result.number}: {result.note}"]
    for seat, hand in enumerate(result.hands):
        tiles = " ".join(str(t) for t in hand) or "-"
        lines.append(f"  {names[seat]:<{width}}  {result.pips[seat]:>3} pips  {tiles}")
    label = "written" if rules.low_score_wins else "points"
    for side in range(rules.num_sides):
        members = " & ".join(names[s] for s in range(rules.players) if rules.sides[s] == side)
        during = f" ({result.play_points[side]} during play)" if rules.scores_during_play else ""
        lines.append(f"  {members}: {label} {result.points[side]}{during}, total {result.totals[side]}")
    if result.eggs:
        lines.append(f"  eggs: {result.eggs} carried into the next hand")
    return "\n".join(lines)
