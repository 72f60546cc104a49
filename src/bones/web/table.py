"""One table of the web: a match, its seats (human or computer) and what each seat may see.

A table is a match of a line-of-play game with a seat list: every seat is a
human or a computer. The browser sends move texts with the move number it saw;
the table checks the seat's token, the number, whose turn it is and the move
itself (through the rules engine) before anything changes. A view is one seat's
observation plus names and the hand sheet; it never holds another hand, the
boneyard's order or the seed (which would give the deal away).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bones.bots import bot_for, hint
from bones.game import IllegalMoveError
from bones.line.layout import Layout
from bones.line.moves import LineMove
from bones.line.rules import LineRules
from bones.line.state import LineState
from bones.record import Record
from bones.web.entries import effective_level, entry_of
from bones.web.storage import MatchResult

HUMAN, COMPUTER = "human", "computer"
NAMES = {2: ["You", "Lily"], 3: ["You", "Lily", "Zoe"], 4: ["You", "Lily", "Max", "Zoe"]}


class TableError(Exception):
    """A request the referee refuses; ``status`` is the HTTP status that fits."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(TableError):
    status = 404


class Forbidden(TableError):
    status = 403


class Conflict(TableError):
    status = 409


@dataclass
class Seat:
    kind: str
    name: str
    level: str | None = None  # the level asked for (computers)
    token: str | None = None  # the secret a human seat's requests carry
    seen: int = 0  # hand sheets this human has closed
    # A human who left a live table (web/live.py): a computer at the table's level plays for them until they return.
    away: bool = False

    @property
    def played_by_computer(self) -> bool:
        return self.kind == COMPUTER or self.away

    def to_row(self) -> dict[str, Any]:
        row = {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token, "seen": self.seen}
        if self.away:
            row["away"] = True
        return row

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Seat:
        return cls(
            row["kind"], row["name"], row.get("level"), row.get("token"), int(row.get("seen", 0)), bool(row.get("away"))
        )


@dataclass
class Table:
    """One match in progress (or over) and the state just before its last move."""

    id: str
    level: str
    seats: list[Seat]
    state: LineState
    before: LineState | None = None
    status: str = "playing"
    finished_layout: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def rules(self) -> LineRules:
        return self.state.rules

    @property
    def move_number(self) -> int:
        return len(self.state.moves)

    @property
    def record(self) -> Record:
        return Record.of(self.state, level=self.level)

    # -- who is asking -----------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        if not token:
            raise Forbidden("this request needs the seat token of a player at this table (header X-Seat-Token)")
        for number, seat in enumerate(self.seats):
            if seat.kind == HUMAN and seat.token and secrets.compare_digest(seat.token, token):
                return number
        raise Forbidden("the seat token does not belong to a player at this table")

    def sheet_pending(self, seat: int) -> bool:
        return self.seats[seat].seen < len(self.state.results)

    def _check_sheets_closed(self) -> None:
        for seat in self.seats:
            # A computer playing for an absent human does not wait for them to read the sheet.
            if seat.kind == HUMAN and not seat.away and seat.seen < len(self.state.results):
                who = "you" if seat is self.seats[0] else seat.name
                raise Conflict(f"the hand is over: {who} must close the hand sheet (NEXT HAND) first")

    def _check_fresh(self, move_number: int) -> None:
        if move_number != self.move_number:
            raise Conflict(
                f"stale move: the game is at move {self.move_number}, the request was made at move {move_number}"
            )
        if self.state.is_over:
            raise Conflict("the match is over")

    # -- changes -----------------------------------------------------------

    def play(self, seat: int, text: str, move_number: int) -> None:
        """The human at ``seat`` plays ``text``; refused unless it is their legal move now."""
        self._check_fresh(move_number)
        self._check_sheets_closed()
        to_move = self.state.to_move
        if to_move != seat:
            assert to_move is not None
            raise Conflict(f"it is {self.seats[to_move].name}'s turn, not yours")
        self._advance(self.state.rules.parse_move(text))

    def step(self, move_number: int) -> None:
        """Let the game go on by one move that needs nobody's choice: a computer's move, or a forced pass."""
        self._check_fresh(move_number)
        self._check_sheets_closed()
        seat = self.state.to_move
        assert seat is not None
        legal = self.state.legal_moves
        if self.seats[seat].played_by_computer:
            level = effective_level(self.rules, seat, self.seats[seat].level or self.level)
            bot = bot_for(self.rules, level)
            rng = random.Random(f"bones-web:{self.id}:{self.move_number}")
            move = bot.choose(self.state.observation(seat), rng)
        elif len(legal) == 1 and str(legal[0]) == "pass":
            move = legal[0]
        else:
            raise Conflict(f"it is {self.seats[seat].name}'s turn to choose a move")
        self._advance(move)

    def _advance(self, move: LineMove | Any) -> None:
        before = self.state
        after = before.play(move)  # IllegalMoveError says why; nothing changed
        if after.hand_no != before.hand_no or after.is_over:
            self.finished_layout = finished_layout(before, move)
        self.before, self.state = before, after
        if after.is_over:
            self.status = "finished"

    def close_sheet(self, seat: int) -> None:
        if not self.sheet_pending(seat):
            raise Conflict("there is no hand sheet to close")
        self.seats[seat].seen = len(self.state.results)

    def hint(self, seat: int) -> dict[str, Any]:
        if self.state.to_move != seat or self.sheet_pending(seat):
            raise Conflict("a hint is given on your turn")
        rng = random.Random(f"bones-hint:{self.id}:{self.move_number}")
        found = hint(self.rules, self.state.observation(seat), rng)
        data = found.to_dict()
        data["move_number"] = self.move_number
        return data

    def match_result(self, seat: int = 0) -> MatchResult:
        """How this match counts in seat ``seat``'s statistics (an unfinished one is lost)."""
        rules = self.rules
        side = rules.sides[seat]
        outcome = self.state.outcome
        return MatchResult(
            game=entry_of(rules),
            level=self.level,
            won=bool(outcome and seat in outcome.winners),
            score=self.state.scores[side],
            low_score_wins=rules.low_score_wins,
        )

    # -- what a seat sees --------------------------------------------------

    def view(self, seat: int, token: bool = False) -> dict[str, Any]:
        state, rules = self.state, self.rules
        obs = state.observation(seat).to_dict()
        sheet_open = self.sheet_pending(seat)
        if self.status == "abandoned":
            status = "abandoned"
        elif state.is_over and not sheet_open:
            status = "over"
        elif sheet_open:
            status = "sheet"
        else:
            status = "playing"
        view: dict[str, Any] = {
            "id": self.id,
            "seat": seat,
            "game": rules.game_id,
            "title": rules.title,
            "level": self.level,
            "players": rules.players,
            "teams": rules.teams,
            "target": rules.target,
            "low_score_wins": rules.low_score_wins,
            "carries_eggs": rules.carries_eggs,
            "draws": rules.draws,
            "scores_during_play": rules.scores_during_play,
            "status": status,
            "move_number": self.move_number,
            "seats": [self._seat_view(n, obs["hand_sizes"][n]) for n in range(rules.players)],
            "to_move": obs["to_move"],
            "hand_no": obs["hand_no"],
            "hand": obs["hand"],
            "legal_moves": obs["legal_moves"],
            "why": self._why_not(seat) if obs["legal_moves"] else {},
            "layout": layout_dict(state.kernel),
            "boneyard_size": obs["boneyard_size"],
            "drawable": obs["drawable"],
            "scores": obs["scores"],
            "sides": obs["sides"],
            "eggs": obs["eggs"],
            "history": obs["history"],
            "last": self._last(),
            "results": obs["results"],
            "hands_won": self._hands_won(),
            "outcome": obs["outcome"],
            "sheet": None,
        }
        if sheet_open and state.results:
            sheet = dict(state.results[-1].to_dict())
            sheet["layout"] = self.finished_layout or layout_dict(state.kernel)
            sheet["final"] = state.is_over
            view["sheet"] = sheet
        if token:
            view["token"] = self.seats[seat].token
        return view

    def _seat_view(self, number: int, hand_size: int) -> dict[str, Any]:
        seat = self.seats[number]
        data: dict[str, Any] = {
            "name": seat.name,
            "kind": seat.kind,
            "hand_size": hand_size,
            "side": self.rules.sides[number],
        }
        if seat.away:
            data["away"] = True
        if seat.played_by_computer:
            asked = seat.level or self.level
            data["level"] = asked
            data["plays"] = effective_level(self.rules, number, asked)
        return data

    def _why_not(self, seat: int) -> dict[str, str]:
        """For each tile of the seat to move that fits nowhere: the reason, in the engine's words."""
        state = self.state
        legal = {str(m) for m in state.legal_moves}
        playable = {text.partition("@")[0] for text in legal}
        ends = state.kernel.ends
        reasons: dict[str, str] = {}
        for tile in state.hand(seat):
            text = str(tile)
            if text in playable:
                continue
            if not ends:
                try:
                    state.play(text)
                except IllegalMoveError as error:
                    reasons[text] = str(error)
                continue
            shown = sorted(set(ends))
            numbers = " or ".join(str(v) for v in shown)
            reasons[text] = f"{text} does not fit: {'the end shows' if len(shown) == 1 else 'the ends show'} {numbers}"
        return reasons

    def _last(self) -> dict[str, Any] | None:
        before, after = self.before, self.state
        if before is None or not after.moves:
            return None
        seat = before.to_move
        assert seat is not None
        side = before.rules.sides[seat]
        ended = after.hand_no != before.hand_no or after.is_over
        if ended:
            scored = after.results[-1].play_points[side] - before.hand_points[side]
        else:
            scored = after.hand_points[side] - before.hand_points[side]
        return {
            "seat": seat,
            "move": str(after.moves[-1]),
            "points": scored,
            "hand_ended": ended,
            "move_number": len(after.moves),
        }

    def _hands_won(self) -> list[int]:
        won = [0] * self.rules.num_sides
        for result in self.state.results:
            if result.winner is not None:
                won[self.rules.sides[result.winner]] += 1
        return won


def layout_dict(kernel: Any) -> dict[str, Any]:
    """The public layout, with the tile each open end grows from (the browser draws branching arms)."""
    data = Layout.of(kernel).to_dict()
    placement_of_log: dict[int, int] = {}
    count = 0
    for index, (_seat, code, _tile, _slot) in enumerate(kernel.log):
        if code == 0:  # a play
            placement_of_log[index] = count
            count += 1
    for end, origin in zip(data["ends"], kernel.origins):
        end["origin"] = placement_of_log.get(origin, 0)
    return data


def finished_layout(before: LineState, move: LineMove | Any) -> dict[str, Any]:
    """The table as it lay when ``move`` ended the hand (the state after it already holds the next deal)."""
    if not isinstance(move, LineMove):
        move = before.rules.parse_move(str(move))
    kernel = before.kernel.copy()
    kernel.apply(*move.kernel_move)
    return layout_dict(kernel)
