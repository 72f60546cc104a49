"""What each seat of a line-of-play match sees: its observation, the public events of the hand in play, and the
sheet shown after each hand (``LineState`` in state.py makes them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from bones.game import Observation, Outcome
from bones.line.kernel import Kernel
from bones.line.layout import Layout, layout_dict
from bones.line.moves import LineMove
from bones.line.rules import LineRules
from bones.tiles import Tile, mask_of


@dataclass(frozen=True)
class HandSheet:
    """The sheet shown after a hand: every hand face up, pips, points, totals (the family's own
    detail behind ``bones.game.HandResult``), and the table as the hand ended."""

    number: int
    ending: str  # "domino", "blocked" or "target" (the match was won during play)
    winner: int | None
    hands: tuple[tuple[Tile, ...], ...]
    pips: tuple[int, ...]
    play_points: tuple[int, ...]  # per side, scored during play
    points: tuple[int, ...]  # per side, scored (kozel: written) when the hand ended
    totals: tuple[int, ...]  # per side, after the hand
    eggs: int
    note: str
    table: Kernel | None = field(default=None, compare=False, repr=False)  # never changed once the hand is over

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "ending": self.ending,
            "winner": self.winner,
            "hands": [[str(t) for t in hand] for hand in self.hands],
            "pips": list(self.pips),
            "play_points": list(self.play_points),
            "points": list(self.points),
            "totals": list(self.totals),
            "eggs": self.eggs,
            "note": self.note,
        }

    # A finished hand never changes, and every view of the match after it shows its sheet: made once (a view of a
    # long match rebuilt each hand's layout for every seat after every move), shared, never to be changed.
    @cached_property
    def shown(self) -> dict[str, Any]:
        """``to_dict``, made once."""
        return self.to_dict()

    @cached_property
    def details(self) -> dict[str, Any]:
        """The sheet with the table as the hand ended: the ``details`` of the hand's ``HandResult``, made once."""
        details = self.to_dict()
        if self.table is not None:
            details["layout"] = layout_dict(self.table)
        return details


@dataclass(frozen=True)
class Event:
    """One public event of the hand in progress; a drawn tile is never shown."""

    seat: int
    move: LineMove

    def __str__(self) -> str:
        return f"{self.seat}:{self.move}"


@dataclass(frozen=True)
class LineObservation(Observation):
    rules: LineRules
    seat: int
    to_move: int | None
    legal_moves: tuple[LineMove, ...]
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    drawable: int
    layout: Layout
    history: tuple[Event, ...]
    hand_no: int
    opener: int
    scores: tuple[int, ...]
    eggs: int
    results: tuple[HandSheet, ...]
    move_number: int
    outcome: Outcome | None
    public: Kernel = field(repr=False, compare=False)

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    def points_for(self, move: LineMove) -> int:
        """Points ``move`` scores at once (all fives, muggins); 0 for other games and moves."""
        if not move.is_play or not self.rules.scores_during_play:
            return 0
        kernel = self.public.copy()
        return kernel.apply(*move.kernel_move)

    def ends_after(self, move: LineMove) -> tuple[int, ...]:
        """The numbers at the open ends after ``move``."""
        if not move.is_play:
            # A draw or a pass leaves the table as it is, and the public boneyard is unknown tiles.
            return tuple(self.public.ends)
        kernel = self.public.copy()
        kernel.apply(*move.kernel_move)
        return tuple(kernel.ends)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game_id,
            "seat": self.seat,
            "to_move": self.to_move,
            "legal_moves": [str(m) for m in self.legal_moves],
            "hand": [str(t) for t in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "boneyard_size": self.boneyard_size,
            "drawable": self.drawable,
            "layout": self.layout.to_dict(),
            "history": [{"seat": e.seat, "move": str(e.move)} for e in self.history],
            "hand_no": self.hand_no,
            "opener": self.opener,
            "scores": list(self.scores),
            "sides": list(self.rules.sides),
            "eggs": self.eggs,
            "results": [r.shown for r in self.results],
            "move_number": self.move_number,
            "outcome": self.outcome.to_dict() if self.outcome else None,
        }
