"""Plain-text pictures of a Tetradominoes position.

The grid follows the donimoes text format with coordinates: each cell shows its
number, ``|`` joins the two halves of a horizontal domino and ``-`` (on the line
below) of a vertical one. A covered cell shows the letter of the tetromino on it,
upper case light side up and lower case dark side up; ``.`` is an empty cell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bones.game import name_seats
from bones.tetradominoes.kernel import (
    ANSWER,
    DISCARD,
    DRAW,
    GIVE,
    KEEP,
    OFFER,
    PASS,
    PLACE,
    RETURN,
    RETURNING,
    REVEAL,
    SKIP,
    SOLO_DRAW,
    TET,
    TETRO,
    Kernel,
)
from bones.tetradominoes.moves import place_move
from bones.tetradominoes.pieces import ANY_COLOUR, COLOURS, DARK, OFFSET, PIECES, WIDTH, cell_text, row_col
from bones.tiles import TILES, format_tiles, tiles_of

if TYPE_CHECKING:
    from bones.tetradominoes.state import Event, TetraState


LEGEND = """Numbers are the dominoes' halves: | joins the two halves of a domino lying
flat, - (on the line below) those of one standing; . is an empty cell. A letter is
a tetromino on that cell (I O T S Z J L): upper case light side up, lower case
dark side up. The pool lists the tetrominoes still to lay; * marks who moves."""


def board_lines(kernel: Kernel) -> list[str]:
    """The grid with row and column numbers (empty list for an empty table)."""
    if not kernel.num:
        return []
    cells = [row_col(c) for c in kernel.num]
    top, bottom = min(r for r, _ in cells), max(r for r, _ in cells)
    left, right = min(c for _, c in cells), max(c for _, c in cells)
    cols = range(left, right + 1)
    lines = ["    " + "".join(f"{c:>3}" for c in cols)]
    for r in range(top, bottom + 1):
        row = [f"{r:>4} "]
        joints = ["     "]
        for c in cols:
            code = (r + OFFSET) * WIDTH + c + OFFSET
            if code not in kernel.num:
                row.append(" . ")
                joints.append("   ")
                continue
            mate = kernel.mate[code]
            if code in kernel.cover:
                piece, colour, _, _ = kernel.tets[kernel.cover[code]]
                letter = PIECES[piece].lower() if colour == DARK else PIECES[piece]
            else:
                letter = str(kernel.num[code])
            row.append(f" {letter}{'|' if mate == code + 1 else ' '}")
            joints.append(f" {'-' if mate == code + WIDTH else ' '} ")
        lines.append("".join(row).rstrip())
        if r < bottom:
            lines.append("".join(joints).rstrip())
    return lines


def render_state(state: TetraState, seat: int | None) -> str:
    rules, kernel = state.rules, state.kernel
    head = f"{rules.title}, {'solitaire Level ' + str(rules.solitaire_level) if rules.players == 1 else str(rules.players) + ' players'}"
    if rules.tournament:
        head += f", game {state.game_no}; points: " + ", ".join(
            f"{state.rules.side_name(s)} {p}" for s, p in enumerate(state.live_scores)
        )
    lines = [head]
    lines += board_lines(kernel) or ["(no dominoes on the table yet)"]
    for piece, colour, who, cells in kernel.tets:
        by = "" if rules.players == 1 else f" by seat {who}"
        numbers = " ".join(str(kernel.num[c]) for c in cells)
        lines.append(
            f"  {PIECES[piece]} {COLOURS[colour]} side up{by} on {' '.join(map(cell_text, cells))} ({numbers})"
        )
    pool = "".join(PIECES[p] for p in range(7) if kernel.pool >> p & 1)
    lines.append(
        f"pool: {' '.join(pool) or '-'}"
        + (
            f"; discarded: {' '.join(p for i, p in enumerate(PIECES) if kernel.discarded >> i & 1)}"
            if kernel.discarded
            else ""
        )
    )
    if rules.players > 1:
        lines.append(
            "tetrominoes: "
            + ", ".join(f"{state.rules.side_name(s)} {n}" for s, n in enumerate(kernel.counts))
            + f" (game won at {rules.target})"
        )
    for s in range(rules.players):
        marker = "*" if state.to_move == s else " "
        colour = kernel.spec.colours[s]
        name = f"seat {s}" + ("" if colour == ANY_COLOUR else f" ({COLOURS[colour]})")
        hidden = tiles_of(kernel.hidden[s])
        if seat is None or s == seat:
            text = format_tiles(hidden) or "-"
        else:
            text = f"{len(hidden)} hidden"
        shown = tiles_of(kernel.revealed[s])
        if shown:
            text += f"; revealed {format_tiles(shown)}"
        lines.append(f"{marker} {name}: {text}")
    lines.append(f"pile: {len(kernel.boneyard)}")
    lines += _phase_lines(state, seat)
    if state.outcome:
        lines.append(f"over: {state.outcome.reason}")
    return "\n".join(lines)


def _phase_lines(state: TetraState, seat: int | None) -> list[str]:
    kernel = state.kernel
    if state.outcome:
        return []
    who = kernel.to_move
    if kernel.phase == TETRO and state.last_domino is not None:
        extra = "" if state.rules.players == 1 else " (or skip)"
        return [f"seat {who} may lay a tetromino on {state.last_domino}{extra}"]
    if kernel.phase == OFFER:
        return [f"trade: seat {who} may give a domino to seat {(kernel.trader + 1) % 4} (or keep)"]
    if kernel.phase == ANSWER:
        shown = str(TILES[kernel.offer]) if seat is None or state.offer_visible_to(seat) else "a hidden domino"
        return [f"trade: seat {(kernel.trader + 3) % 4} offers {shown}; seat {who} may give one back (or keep)"]
    if kernel.phase == RETURNING:
        return [f"put {kernel.returns} domino{'es' if kernel.returns > 1 else ''} back in the pile"]
    return []


def narrate(before: object, after: TetraState, names: Sequence[str], viewer: int = 0) -> str:
    """What happened between two states, in words, hiding what ``viewer`` may not see."""
    from bones.tetradominoes.state import TetraState

    partners = after._partners(viewer)
    if not isinstance(before, TetraState):
        return ""
    told = after
    if before.game_no != after.game_no:
        # The move ended a game of the tournament: tell it on the finished game's table.
        kernel = before.kernel.copy(log=True)
        kernel.apply(after.moves[len(before.moves)].kernel)
        told = replace(before, kernel=kernel)
    start = len(before.events_for(viewer, partners))
    parts = [_event_text(e, told, names, viewer) for e in told.events_for(viewer, partners)[start:]]
    if before.game_no != after.game_no and after.past_games:
        result = after.past_games[-1]
        totals = ", ".join(f"{after.rules.side_name(s)} {p}" for s, p in enumerate(result.totals))
        parts.append(f"Game {result.number} is over: {result.note}. Points: {totals}.")
        if not after.is_over:
            parts.append(f"Game {after.game_no} begins; {names[after.first]} goes first.")
    return name_seats(" ".join(parts), names)


def _event_text(e: Event, state: TetraState, names: Sequence[str], viewer: int) -> str:
    you = e.seat == viewer
    who = "You" if you else names[e.seat]
    verb = lambda plain, third: plain if you else third  # noqa: E731 - "you play" / "Lily plays"
    kind = e.kind
    if kind == PLACE:
        move = place_move(e.a >> 4, e.a & 15, e.b, e.c)
        return f"{who} {verb('play', 'plays')} {move}."
    if kind == TET:
        piece = PIECES[e.a]
        count = state.kernel.counts[state.rules.sides[e.seat]]
        return f"{who} {verb('lay', 'lays')} the {piece} {COLOURS[e.b]} side up ({count} so far)."
    if kind == SKIP:
        return f"{who} {verb('lay', 'lays')} no tetromino."
    if kind == REVEAL:
        return f"{who} cannot play and {verb('show', 'shows')} {TILES[e.a]} and {TILES[e.b]}."
    if kind in (DRAW, SOLO_DRAW):
        return f"{who} {verb('draw', 'draws')} {TILES[e.a]}." if e.a >= 0 else f"{who} {verb('draw', 'draws')}."
    if kind == PASS:
        shown = format_tiles(tiles_of(e.a))
        return (
            f"{who} cannot play, {verb('show', 'shows')} {shown} and {verb('pass', 'passes')}."
            if shown
            else f"{who} {verb('pass', 'passes')}."
        )
    if kind == GIVE:
        tile = str(TILES[e.a]) if e.a >= 0 else "a domino"
        return f"{who} {verb('trade', 'trades')} {tile}."
    if kind == KEEP:
        return f"{who} {verb('keep', 'keeps')} {verb('your', 'their')} dominoes."
    if kind == DISCARD:
        return f"{who} {verb('discard', 'discards')} the {PIECES[e.a]} (it counts as unplayed)."
    if kind == RETURN:
        return f"{who} {verb('put', 'puts')} {TILES[e.a]} back in the pile."
    return "The pile is shuffled."
