"""The public record of a Bingo match: tricks (read back from a hand's log) and finished hands' results."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bones.bingo.kernel import (
    CLOSE,
    HONOURS,
    TILE_PART,
    Hand,
    honours_points,
)
from bones.tiles import TILES, Tile


@dataclass(frozen=True)
class Trick:
    """One finished trick, or the trick in progress (``answer`` None)."""

    leader: int
    led: Tile
    led_honours: int  # points declared with the led tile (0: no declaration)
    answer: Tile | None = None
    answer_honours: int = 0
    winner: int | None = None
    points: int = 0  # captured tile values plus the winner's scored honours

    def to_dict(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "led": str(self.led),
            "led_honours": self.led_honours,
            "answer": None if self.answer is None else str(self.answer),
            "answer_honours": self.answer_honours,
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True)
class HandResult:
    """What a finished hand gave: points, captures, sets."""

    number: int
    trump: int
    ending: str  # "reached", "closer-failed", "no-sets", or "match" (won by the bingo set mid-hand)
    winner: int | None  # the seat that won sets by the hand's end
    sets: tuple[int, int]  # sets won in this hand, the double trump taken with bingo included
    points: tuple[int, int]
    captures: tuple[int, int]
    honours: tuple[int, int]
    closed_by: int | None
    totals: tuple[int, int]  # match sets after the hand
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "trump": self.trump,
            "ending": self.ending,
            "winner": self.winner,
            "sets": list(self.sets),
            "points": list(self.points),
            "captures": list(self.captures),
            "honours": list(self.honours),
            "closed_by": self.closed_by,
            "totals": list(self.totals),
            "note": self.note,
        }


def tricks_of(hand: Hand) -> tuple[Trick, ...]:
    """The tricks of the hand so far, from its public log."""
    table = hand.table
    out: list[Trick] = []
    current: Trick | None = None
    for seat, code in hand.log:
        if code >= CLOSE:
            continue
        tile = code & TILE_PART
        honours = honours_points(hand.shown[seat]) if code & HONOURS else 0
        if current is None:
            current = Trick(seat, TILES[tile], honours)
            continue
        led = int(current.led)
        winner = seat if table.beaten_by[led] >> tile & 1 else current.leader
        won_honours = current.led_honours if winner == current.leader else honours
        points = table.value[led] + table.value[tile] + won_honours
        out.append(replace(current, answer=TILES[tile], answer_honours=honours, winner=winner, points=points))
        current = None
    if current is not None:
        out.append(current)
    return tuple(out)
