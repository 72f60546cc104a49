"""One table of the web: a match, its seats (human or computer) and what each seat may see.

A table is a match of any registered game (a ``State``) with a seat list: every seat is a
human or a computer. The browser sends move texts with the move number it saw;
the table checks the seat's token, the number, whose turn it is and the move
itself (through the rules engine) before anything changes. A view is what every game
shares (seats, turn, legal moves, scores, the last move in words, the hand sheet) plus
``board``: the game's own ``client_view`` of the seat, which its board renderer draws. It
never holds another hand, the boneyard's order or the seed (which would give the deal away).
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bones.bots import bot_for, hint
from bones.game import Move, Rules, State
from bones.record import Record
from bones.web.entries import effective_level, entry_of
from bones.web.stats import MatchResult

HUMAN, COMPUTER = "human", "computer"
NAMES = {1: ["You"], 2: ["You", "Lily"], 3: ["You", "Lily", "Zoe"], 4: ["You", "Lily", "Max", "Zoe"]}


def default_names(players: int) -> list[str]:
    return NAMES.get(players) or ["You"] + [f"Player {n + 1}" for n in range(1, players)]


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
    state: State
    before: State | None = None
    status: str = "playing"
    problem: int | None = None  # the book's problem laid out, if the match is one
    live: bool = False  # the server plays the computers (a lobby's table): the pages follow its socket
    # The seats as the database holds them, as last read or written: a save is refused if another process
    # changed them since (a sheet closed, a player away), rather than writing them back as they were.
    stored_seats: list[dict[str, Any]] | None = field(default=None, repr=False, compare=False)
    # Views built for the current state, by seat and what else they show (status, seats): every socket of a
    # seat, and the answer to the move that made it, share one. Each remembers the state it was built from.
    _views: dict[tuple[Any, ...], tuple[State, dict[str, Any]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    # The sockets of a table hear a move at once: one builds the view while the others wait for it.
    _building: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False, compare=False)

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def move_number(self) -> int:
        return len(self.state.moves)

    @property
    def record(self) -> Record:
        meta = {"level": self.level} | ({"problem": self.problem} if self.problem is not None else {})
        return Record.of(self.state, **meta)

    # -- who is asking -----------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        if not token:
            raise Forbidden("this request needs the seat token of a player at this table (header X-Seat-Token)")
        for number, seat in enumerate(self.seats):
            if seat.kind == HUMAN and seat.token and secrets.compare_digest(seat.token, token):
                return number
        raise Forbidden("the seat token does not belong to a player at this table")

    def sheet_pending(self, seat: int) -> bool:
        return self.seats[seat].seen < self.state.hands_played()

    def _holds_up(self, seat: int) -> bool:
        # A computer playing for an absent human does not wait for them to read the sheet.
        return self.seats[seat].kind == HUMAN and not self.seats[seat].away and self.sheet_pending(seat)

    def _check_sheets_closed(self, asking: int | None = None) -> None:
        alone = [s.kind for s in self.seats].count(HUMAN) == 1
        for number, seat in enumerate(self.seats):
            if self._holds_up(number):
                # "you" only to the seat itself: at a table of several people, the others are told whose sheet it is.
                who = "you" if number == asking or (asking is None and alone) else seat.name
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
        self._check_sheets_closed(seat)
        to_move = self.state.to_move
        if to_move != seat:
            assert to_move is not None
            raise Conflict(f"it is {self.seats[to_move].name}'s turn, not yours")
        self._advance(self.state.rules.parse_move(text))

    def step(self, move_number: int) -> None:
        """Let the game go on by one move that needs nobody's choice: a computer's move, or a
        human's forced move (``State.forced_move``: a pass when nothing fits)."""
        self.check_step(move_number)
        seat = self.state.to_move
        assert seat is not None
        forced = self.state.forced_move()
        if forced is not None:
            move = forced
        elif self.seats[seat].played_by_computer:
            bot = bot_for(self.rules, self.level_of(seat))
            rng = random.Random(f"bones-web:{self.id}:{self.move_number}")
            move = bot.choose(self.state.observation(seat), rng)
        else:
            raise Conflict(f"it is {self.seats[seat].name}'s turn to choose a move")
        self._advance(move)

    def check_step(self, move_number: int) -> None:
        """Refuse a step at a stale move number, after the end, or while a hand sheet holds the table up."""
        self._check_fresh(move_number)
        self._check_sheets_closed()

    def level_of(self, seat: int) -> str:
        """The level of the bot that plays ``seat`` when a computer moves for it."""
        return effective_level(self.rules, seat, self.seats[seat].level or self.level)

    def needs_search(self) -> bool:
        """Whether the next move is a computer's choice (a search), not a person's nor a forced one."""
        seat = self.state.to_move
        return (
            seat is not None
            and not self.state.is_over
            and self.seats[seat].played_by_computer
            and self.state.forced_move() is None
        )

    def may_undo(self) -> bool:
        """Whether moves may be taken back here: the rules allow it and one person plays alone."""
        return self.rules.allows_undo and [s.kind for s in self.seats].count(HUMAN) == 1

    def rewind(self, moves: int, move_number: int) -> None:
        """Take back the last ``moves`` moves (all of them: restart) of a game that allows it, by
        replaying its record from the seed without them."""
        self._check_fresh(move_number)
        if not self.may_undo():
            raise Conflict(f"{self.rules.title} at this table does not allow taking moves back")
        if self.move_number == 0:
            raise Conflict("no move to take back")
        record = Record.of(self.state)
        shorter = replace(record, moves=record.moves[: max(0, self.move_number - moves)])
        previous: State | None = None
        state: State | None = None
        for step in shorter.states():
            previous, state = state, step
        assert state is not None
        self.moved_to(state, previous)

    def made(self, text: str) -> None:
        """``text`` was played here and saved by another process (a worker's search): the table follows it."""
        self._advance(self.rules.parse_move(text))

    def _advance(self, move: Move) -> None:
        before = self.state
        after = before.play(move)  # IllegalMoveError says why; nothing changed
        self.moved_to(after, before, "finished" if after.is_over else self.status)

    def moved_to(self, state: State, before: State | None, status: str | None = None) -> None:
        """Put the match at ``state`` (``before``: the state before its last move), never while a view is built."""
        with self._building:
            self.state, self.before, self.status = state, before, status or self.status

    def close_sheet(self, seat: int) -> None:
        if not self.sheet_pending(seat):
            raise Conflict("there is no hand sheet to close")
        self.seats[seat].seen = self.state.hands_played()

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
        outcome = self.state.outcome
        scores = self.state.side_scores()
        return MatchResult(
            game=entry_of(rules),
            level=self.level,
            won=bool(outcome and seat in outcome.winners),
            score=scores[rules.sides[seat]] if scores else 0,
            low_score_wins=rules.low_score_wins,
            problem=self.problem,
            moves=self.move_number,
        )

    # -- what a seat sees --------------------------------------------------

    def view(self, seat: int, token: bool = False) -> dict[str, Any]:
        """What every game shows (the shell of the table), and ``board``: the game's own view. Shared by the
        callers that ask for the same one: not to be changed."""
        with self._building:
            state = self.state
            key = (seat, self.status, tuple((s.kind, s.name, s.level, s.seen, s.away) for s in self.seats))
            kept = self._views.get(key)
            if kept is not None and kept[0] is state:
                view = kept[1]
            else:
                view = self._view(state, seat)
                # Only the views of the state now are wanted again (a view of a long match is some 30 KB).
                self._views = {k: v for k, v in self._views.items() if v[0] is state}
                self._views[key] = (state, view)
        return {**view, "token": self.seats[seat].token} if token else view

    def _view(self, state: State, seat: int) -> dict[str, Any]:
        rules = state.rules
        names = [s.name for s in self.seats]
        # The results as a player reads them: names, not seat numbers.
        results = state.named_results(names)
        outcome = state.named_outcome(names)
        sheet_open = self.sheet_pending(seat)
        if self.status == "abandoned":
            status = "abandoned"
        elif state.is_over and not sheet_open:
            status = "over"
        elif sheet_open:
            status = "sheet"
        else:
            status = "playing"
        mine = state.to_move == seat
        forced = state.forced_move() if mine else None
        scores = state.side_scores()
        difficulty = rules.difficulty()
        view: dict[str, Any] = {
            "id": self.id,
            "seat": seat,
            "game": rules.game_id,
            "title": rules.title,
            "level": self.level,
            "players": rules.num_players,
            "teams": rules.in_pairs(),
            "sides": list(rules.sides),
            "target": rules.match_target(),
            "low_score_wins": rules.low_score_wins,
            "status": status,
            "move_number": len(state.moves),
            "seats": [self._seat_view(n) for n in range(rules.num_players)],
            "to_move": state.to_move,
            "legal_moves": [str(m) for m in state.legal_moves] if mine else [],
            "forced": str(forced) if forced is not None else None,
            "undo": self.may_undo() and status == "playing",
            "problem": self.problem,
            # a generated puzzle's difficulty, and once it is over the best its layout allowed
            "difficulty": difficulty.name if difficulty else None,
            "par": state.par() if difficulty and state.is_over else None,
            "par_unit": difficulty.unit if difficulty else None,
            "hand_no": state.current_hand(),
            "scores": list(scores) if scores is not None else None,
            "last": self._last(seat),
            "hands": [result.to_dict() for result in results],
            "hands_won": self._hands_won(results),
            "outcome": outcome.to_dict() if outcome else None,
            "sheet": None,
            # The people whose hand sheet holds the table up: nobody plays on until they close it.
            "sheets_open": [n for n in range(len(self.seats)) if self._holds_up(n)],
            "live": self.live,
            "board": state.client_view(seat),
        }
        if sheet_open and results:
            view["sheet"] = {**results[-1].to_dict(), "final": state.is_over}
        return view

    def _seat_view(self, number: int) -> dict[str, Any]:
        seat = self.seats[number]
        data: dict[str, Any] = {"name": seat.name, "kind": seat.kind, "side": self.rules.sides[number]}
        if seat.away:
            data["away"] = True
        if seat.played_by_computer:
            asked = seat.level or self.level
            data["level"] = asked
            data["plays"] = effective_level(self.rules, number, asked)
        return data

    def _last(self, seat: int) -> dict[str, Any] | None:
        """The last move: who made it, its text, the points it scored, whether it ended a hand, and
        in words (the game's narration for ``seat``, which names what only the mover saw to the mover alone)."""
        before, after = self.before, self.state
        if before is None or not after.moves:
            return None
        mover = before.to_move
        assert mover is not None
        names = [s.name for s in self.seats]
        return {
            "seat": mover,
            "move": str(after.moves[-1]),
            "points": after.move_points(before),
            "hand_ended": after.hands_played() != before.hands_played() or after.is_over,
            "move_number": len(after.moves),
            "text": after.narrate(before, names, seat),
        }

    def _hands_won(self, results: Any) -> list[int]:
        won = [0] * self.rules.num_sides
        sides = self.rules.sides
        for result in results:
            for side in {sides[winner] for winner in result.winners}:
                won[side] += 1
        return won
