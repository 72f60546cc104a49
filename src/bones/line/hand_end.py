"""How a line game's hand ends: its sheet (the hands left, the pips, the points and the totals) and whether the
match ends with it."""

from __future__ import annotations

from bones.game import Outcome
from bones.line.kernel import Kernel
from bones.line.observation import HandSheet
from bones.line.rules import KOZEL, LineRules
from bones.line.scoring import seat_pips
from bones.tiles import TILES


def hand_sheet(
    rules: LineRules,
    hand_no: int,
    kernel: Kernel,
    ending: str,
    winner: int | None,
    points: tuple[int, ...],
    totals: tuple[int, ...],
    eggs: int,
    note: str,
    play_points: tuple[int, ...],
    pips: list[int] | None = None,
) -> HandSheet:
    """The sheet of hand ``hand_no``, ended on ``kernel``."""
    faces = []
    for mask in kernel.hands:
        # tiles_of written out: this runs for every hand of every playout through the state.
        tiles = []
        while mask:
            low = mask & -mask
            tiles.append(TILES[low.bit_length() - 1])
            mask ^= low
        faces.append(tuple(tiles))
    return HandSheet(
        number=hand_no,
        ending=ending,
        winner=winner,
        hands=tuple(faces),
        pips=tuple(seat_pips(rules, kernel) if pips is None else pips),
        play_points=play_points,
        points=points,
        totals=totals,
        eggs=eggs,
        note=note,
        table=kernel,
    )


def match_outcome(rules: LineRules, hand_no: int, totals: tuple[int, ...], winning_side: int | None) -> Outcome | None:
    """How the match ends with hand ``hand_no``, whose totals are ``totals``; None where it goes on."""
    if rules.scoring == KOZEL:
        goats = [side for side, total in enumerate(totals) if total >= rules.target]
        if not goats:
            return None
        goat = goats[0]
        other = 1 - goat
        dry = totals[other] == 0
        reason = f"{side_words(rules, goat)} reached {rules.target}: {'dry goat' if dry else 'goat'}"
        return Outcome(rules.seats_of(other), rules.seat_scores(totals), reason)
    if winning_side is not None and totals[winning_side] >= rules.target:
        return Outcome(
            rules.seats_of(winning_side),
            rules.seat_scores(totals),
            f"{side_words(rules, winning_side)} reached {rules.target} after hand {hand_no}",
        )
    return None


def side_words(rules: LineRules, side: int) -> str:
    """``rules.side_name`` as the line family's outcomes have always put a pair: "the pair of seats 0 and 2"."""
    name = rules.side_name(side)
    return f"the pair of {name}" if len(rules.seats_of(side)) > 1 else name
