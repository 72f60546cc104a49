"""Rules of the line-of-play games: one frozen dataclass, six presets (see presets.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bones.game import Rules
from bones.line.kernel import SCORE_FIVES, SCORE_MUGGINS, SCORE_NONE, SPINNER_FIRST, Spec
from bones.line.moves import LineMove
from bones.rulebook import page_with_table

if TYPE_CHECKING:
    from bones.line.encoding import LineEncoding
    from bones.line.state import LineState

# How a hand is scored.
PIPS_TO_WINNER = "pips"  # draw, block, classic: the winner scores the others' pips
FIVES = "fives"  # allfives: multiples of 5 during play, rounded pips at the end
MUGGINS = "muggins"  # one point per 5, during play and at the end
KOZEL = "kozel"  # the losing pair writes its pips; low is good

# Who opens the first hand.
HIGHEST_DOUBLE = "highest-double"
ONE_ONE = "one-one"
TOP_DOUBLE = "top-double"  # classic: the set's top double, else the highest dealt, every hand


@dataclass(frozen=True)
class LineRules(Rules):
    game_id: str
    title: str
    version: int
    players: int
    max_pip: int
    hand_size: int
    draws: bool
    reserve: int
    spinner: int
    scoring: str
    blocked_difference: bool  # blocked winner scores the difference (else the others' total)
    target: int
    teams: bool
    first_opener: str
    direction: int
    doc: str = field(repr=False, compare=False)
    page: str = field(default="", repr=False, compare=False)  # the rules page for players (bones.rulebook)
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def in_pairs(self) -> bool:
        return self.teams

    def match_target(self) -> int:
        return self.target

    # Asked on every point scored and at the end of every hand; the rules are frozen, so
    # each is worked out once (kept in the instance's __dict__, outside the fields).
    @cached_property
    def sides(self) -> tuple[int, ...]:
        return super().sides

    @cached_property
    def num_sides(self) -> int:
        return super().num_sides

    @property
    def move_help(self) -> str:
        return """A move is a tile and the end it goes on: 6:3@left, 6:3@right (up and down: the
spinner's sides, then ends by number, @4, @5...); 6:6 alone opens the hand;
draw and pass happen by themselves when they are all you can do."""

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def partnership(self) -> bool:
        """The Latin and Cuban partnership game: pairs, pips to the winning pair from all four hands."""
        return self.teams and self.scoring == PIPS_TO_WINNER

    @property
    def carries_eggs(self) -> bool:
        """Whether a hand nobody wins carries its points into the next (kozel's eggs; a blocked hand is a fish)."""
        return self.scoring == KOZEL

    @property
    def low_score_wins(self) -> bool:
        return self.scoring == KOZEL

    @property
    def scores_during_play(self) -> bool:
        return self.scoring in (FIVES, MUGGINS)

    @property
    def every_hand_top_double(self) -> bool:
        return self.first_opener == TOP_DOUBLE

    def spec(self) -> Spec:
        # Made once per rules object (the rules are frozen): every hand's kernel asks for it.
        made: Spec | None = self.__dict__.get("_spec")
        if made is None:
            made = self._make_spec()
            self.__dict__["_spec"] = made
        return made

    def _make_spec(self) -> Spec:
        return Spec(
            players=self.players,
            max_pip=self.max_pip,
            direction=self.direction,
            draws=self.draws,
            reserve=self.reserve,
            spinner=self.spinner,
            scoring={FIVES: SCORE_FIVES, MUGGINS: SCORE_MUGGINS}.get(self.scoring, SCORE_NONE),
        )

    def new_game(self, seed: int = 0, setup: Mapping[str, Any] | None = None) -> LineState:
        from bones.line.state import LineState

        return LineState.start(self, seed, setup)

    def encoding(self, relative: bool = False) -> LineEncoding:
        from bones.line.encoding import LineEncoding

        return LineEncoding(self, relative)

    def parse_move(self, text: str) -> LineMove:
        return LineMove.parse(text, self.max_pip)

    def describe(self) -> str:
        tiles = (self.max_pip + 1) * (self.max_pip + 2) // 2
        players = f"{self.players} players" + (", two pairs with partners sitting opposite" if self.teams else "")
        stuck = "pass"
        if self.draws:
            kept = {0: "", 1: " (the last tile of the boneyard is never drawn)"}
            stuck = "draw until a tile fits" + kept.get(
                self.reserve, f" (the last {self.reserve} tiles of the boneyard are never drawn)"
            )
        lines = [
            players,
            f"a double-{self.max_pip} set ({tiles} tiles), {self.hand_size} tiles each",
            f"when you cannot play: {stuck}",
        ]
        if self.spinner == SPINNER_FIRST:
            lines.append("the first double is a spinner")
        lines.append(
            f"a pair reaching {self.target} is the goat" if self.low_score_wins else f"first to {self.target} points"
        )
        return page_with_table(self.page or self.doc, lines)
