"""Plain-text pictures of a Bingo dominoes position, and words for each move."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bones.bingo.kernel import CLOSE, TAKE_TRUMP
from bones.bits import bits
from bones.game import name_seats
from bones.tiles import TILES

if TYPE_CHECKING:
    from bones.bingo.history import HandResult, Trick
    from bones.bingo.moves import BingoMove
    from bones.bingo.state import BingoState


def _tiles(mask: int) -> str:
    return " ".join(str(TILES[t]) for t in bits(mask)) or "-"


def render_state(state: BingoState, seat: int | None) -> str:
    k = state.kernel
    rules = state.rules
    sets = ", ".join(f"seat {s}: {v}" for s, v in enumerate(state.sets))
    lines = [f"{rules.title}, hand {state.hand_no}; sets: {sets} (first to {rules.target})"]
    if state.results and (state.is_over or not k.log):
        lines.append(f"last hand: {state.results[-1].note}")
    if state.is_over:
        assert state.outcome is not None
        lines.append(f"over: {state.outcome.reason}")
        return "\n".join(lines)
    if state.cut is not None and not k.log:
        a, b = (TILES[t] for t in state.cut)
        lines.append(f"the cut: seat 0 turned {a}, seat 1 turned {b}; seat {k.leader} leads")
    trump = f"trumps: {k.trump}"
    if k.trump_tile >= 0:
        where = ""
        if k.trump_in_stock:
            where = " face down under the boneyard" if k.closed >= 0 else " face up under the boneyard"
        trump += f" (trump tile {TILES[k.trump_tile]}{where})"
    stock = f"boneyard: {len(k.stock)} tile{'s' if len(k.stock) != 1 else ''}"
    if seat is None and k.stock:
        stock += " [" + " ".join(str(TILES[t]) for t in reversed(k.stock)) + "]"
    lines.append(f"{trump}; {stock}")
    if k.closed >= 0:
        lines.append(f"closed by seat {k.closed}: answers must follow, nobody draws")
    elif not k.stock:
        lines.append("the boneyard is empty: answers must follow")
    points = []
    for s in (0, 1):
        extra = f", honours {k.honours[s]}" if k.honours[s] else ""
        points.append(f"seat {s}: {k.points[s]} ({k.captures[s]} trick{'s' if k.captures[s] != 1 else ''}{extra})")
    lines.append("points: " + ", ".join(points))
    tricks = state.tricks
    current = tricks[-1] if tricks and tricks[-1].answer is None else None
    done = [t for t in tricks if t.answer is not None]
    if done:
        lines.append("last trick: " + trick_text(done[-1]))
    if current is not None:
        honours = f" declaring honours ({current.led_honours} if it wins)" if current.led_honours else ""
        lines.append(f"on the table: seat {current.leader} led {current.led}{honours}")
    for s in (0, 1):
        marker = "*" if state.to_move == s else " "
        if seat is None or s == seat:
            lines.append(f"{marker} seat {s}{' (you)' if s == seat else ''}: {_tiles(k.hands[s])}")
        else:
            known = f" (known: {_tiles(k.known[s])})" if k.known[s] else ""
            lines.append(f"{marker} seat {s}: {k.hands[s].bit_count()} tiles{known}")
    if state.to_move is not None:
        lines.append(f"seat {state.to_move} to {_phase_verb(state)}")
    return "\n".join(lines)


def _phase_verb(state: BingoState) -> str:
    from bones.bingo.kernel import ANSWER, CHOOSE

    phase = state.kernel.phase
    if phase == ANSWER:
        return "answer"
    if phase == CHOOSE:
        return "choose: take-trump or take-hidden"
    return "lead"


def trick_text(trick: Trick) -> str:
    led = f"{trick.led}" + (f"+honours ({trick.led_honours})" if trick.led_honours else "")
    answer = f"{trick.answer}" + (f"+honours ({trick.answer_honours})" if trick.answer_honours else "")
    return f"seat {trick.leader} led {led}, seat {1 - trick.leader} answered {answer}: seat {trick.winner} takes {trick.points}"


def _says(names: Sequence[str], seat: int, verb: str) -> str:
    """ "You lead" / "Lily leads"."""
    name = names[seat]
    if name.lower() == "you":
        return f"{name} {verb}"
    if verb.endswith(("s", "sh", "ch", "x")):
        return f"{name} {verb}es"
    return f"{name} {verb}s"


def narrate(before: BingoState, move: BingoMove, after: BingoState, names: Sequence[str], viewer: int = 0) -> str:
    """What ``viewer`` sees happen when ``move`` is played in ``before``."""
    from bones.bingo.history import tricks_of
    from bones.bingo.state import declaration_name

    seat = before.kernel.to_move
    k = before.kernel
    out: list[str] = []
    if move.code == CLOSE:
        out.append(_says(names, seat, "close") + " the match: the trump tile is turned face down, nobody draws again.")
    elif not move.is_play:
        taken = "the trump tile " + str(TILES[k.trump_tile]) if move.code == TAKE_TRUMP else "the face-down tile"
        other = "the face-down tile" if move.code == TAKE_TRUMP else "the trump tile " + str(TILES[k.trump_tile])
        out.append(f"{_says(names, seat, 'take')} {taken}; {names[1 - seat]} gets {other}.")
    else:
        played = k.copy()
        played.apply(move.code)
        verb = "lead" if k.led < 0 else "answer"
        text = f"{_says(names, seat, verb)} {move.tile}"
        if move.honours:
            shown = played.shown[seat]
            text += f" and declare{'s' if names[seat].lower() != 'you' else ''} honours"
            text += f": {declaration_name(shown)} ({_tiles(shown)})"
        out.append(text + ".")
        if verb == "answer":
            trick = tricks_of(played)[-1]
            out.append(f"{_says(names, trick.winner or 0, 'take')} the trick: {trick.points} points.")
    if len(after.results) > len(before.results):
        out.append(result_text(after.results[-1], names))
    elif after.hand_no == before.hand_no and not after.is_over:
        drawn = after.kernel.hands[viewer] & ~before.kernel.hands[viewer]
        if drawn and move.code != TAKE_TRUMP and move.code != CLOSE:
            who = "You draw" if names[viewer].lower() == "you" else f"{names[viewer]} draws"
            out.append(f"{who} {_tiles(drawn)}.")
    if after.is_over and after.outcome is not None:
        winner = after.outcome.winners[0]
        out.append(f"{names[winner]} won the match, {after.sets[winner]} sets to {after.sets[1 - winner]}.")
    return " ".join(out)


def result_text(result: HandResult, names: Sequence[str]) -> str:
    pts = ", ".join(f"{names[s]} {result.points[s]}" for s in (0, 1))
    return f"Hand {result.number} over: {name_seats(result.note, names)} (points: {pts}; sets now {result.totals[0]}-{result.totals[1]})."
