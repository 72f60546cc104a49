"""The referee of the web table: seats, moves, computer players, and what each seat may see.

A table is a match of a line-of-play game with a seat list: every seat is a
human or a computer. The browser sends move texts with the move number it saw;
the referee checks the seat's token, the number, whose turn it is and the move
itself (through the rules engine) before anything changes. A view is one seat's
observation plus names and the hand sheet; it never holds another hand, the
boneyard's order or the seed (which would give the deal away).
"""

from __future__ import annotations

import random
import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import bones
from bones.bots import LEVELS, at_least, bot_for, hint, levels_for
from bones.game import GameOptionError, IllegalMoveError, Rules, game_info, games_in_order
from bones.line.layout import Layout
from bones.line.moves import LineMove
from bones.line.rules import LineRules
from bones.line.state import LineState
from bones.record import Record, RecordError
from bones.web.storage import MatchResult, StaleError, Store, StoredGame

# The boards the browser draws (static/layout.js); a registered game names its board.
BOARDS = ("line",)


@dataclass(frozen=True)
class Entry:
    """One entry of the web table's list: a registered game, or a variant of one (options fixed)."""

    id: str
    game_id: str
    title: str
    summary: str
    tagline: str
    options: Mapping[str, Any]


def table_entries() -> list[Entry]:
    """The games the web table seats (those drawn on a board it knows), then their variants,
    in the order the games registered; statistics are kept by entry."""
    infos = [info for info in games_in_order() if info.board in BOARDS]
    out = [Entry(i.game_id, i.game_id, i.title, i.summary, i.tagline or i.summary, {}) for i in infos]
    for info in infos:
        out += [
            Entry(v.variant_id, info.game_id, v.title, v.summary, v.summary, dict(v.options)) for v in info.variants
        ]
    return out


def table_games() -> tuple[str, ...]:
    return tuple(entry.id for entry in table_entries())


def find_entry(entry_id: str) -> Entry | None:
    return next((entry for entry in table_entries() if entry.id == entry_id), None)


def resolve_game(entry_id: str) -> tuple[str, dict[str, Any]]:
    """The registered game and fixed options behind an entry of the web table's list."""
    entry = find_entry(entry_id)
    return (entry.game_id, dict(entry.options)) if entry else (entry_id, {})


def entry_of(rules: LineRules) -> str:
    """The entry of the web table's list that ``rules`` were made from (statistics are kept by entry)."""
    for entry in table_entries():
        same_game = entry.options and rules.game_id == entry.game_id
        if same_game and all(rules.options.get(k) == v for k, v in entry.options.items()):
            return entry.id
    return rules.game_id


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

    def to_row(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "level": self.level, "token": self.token, "seen": self.seen}

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> Seat:
        return cls(row["kind"], row["name"], row.get("level"), row.get("token"), int(row.get("seen", 0)))


def game_catalog() -> list[dict[str, Any]]:
    """The games the web table offers, with the choices the settings screen shows."""
    out = []
    for entry in table_entries():
        info = game_info(entry.game_id)
        players = next((o for o in info.options if o.name == "players"), None)
        rules = bones.rules(entry.game_id, **entry.options)
        fixed = bool(entry.options)
        choices = list(players.choices) if players and players.choices and not fixed else [rules.num_players]
        out.append(
            {
                "id": entry.id,
                "title": entry.title,
                "summary": entry.summary,
                "tagline": entry.tagline,
                "players": choices,
                "default_players": rules.num_players,
                "in_pairs": rules.in_pairs(),
                "target": getattr(rules, "target", None),
                "low_score_wins": getattr(rules, "low_score_wins", False),
            }
        )
    return out


def effective_level(rules: Rules, seat: int, level: str) -> str:
    """The bot that plays ``seat``: the strongest that exists up to ``level``; a partner of the
    human (playing in pairs) at least Hard, so that the pair is not carried by one player."""
    if rules.in_pairs() and seat % 2 == 0:
        return at_least(rules, level, "hard")
    return at_least(rules, level, level)


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
            if seat.kind == HUMAN and seat.seen < len(self.state.results):
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
        if self.seats[seat].kind == COMPUTER:
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
        if seat.kind == COMPUTER:
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


class Referee:
    """Tables by id, kept in a store; one lock per table so its moves are applied one at a time."""

    def __init__(self, store: Store, allow_setup: bool = False, cache_size: int = 64) -> None:
        self.store = store
        self.allow_setup = allow_setup
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._cache_size = cache_size
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def _locked(self, game_id: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(game_id, threading.Lock())
        with lock:
            yield

    # -- making and finding tables -------------------------------------------

    def create(
        self,
        game: str,
        level: str,
        players: int | None = None,
        seed: int | None = None,
        setup: Mapping[str, Any] | None = None,
        seats: Sequence[Mapping[str, Any]] | None = None,
    ) -> Table:
        offered = table_games()
        if game not in offered:
            raise TableError(f"unknown game {game!r}; the web table plays {', '.join(offered)}")
        level = level.lower()
        if level not in LEVELS:
            raise TableError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
        if (seed is not None or setup is not None) and not self.allow_setup:
            # The seed gives the whole deal away; only tests may choose it.
            raise Forbidden("choosing the seed or the deal is only allowed on a test server")
        game, options = resolve_game(game)
        # A game with a fixed number of players (no players option) refuses another number below.
        if players is not None and "players" in game_info(game).option_names() and "players" not in options:
            options["players"] = players
        try:
            rules = bones.rules(game, **options)
        except GameOptionError as error:
            raise TableError(str(error)) from None
        assert isinstance(rules, LineRules)
        if players is not None and players != rules.players:
            raise TableError(f"{rules.title} is played by {rules.players} players")
        seat_list = self._seats(rules, level, seats)
        if seed is None:
            seed = secrets.randbelow(2**31)
        try:
            state = rules.new_game(seed=seed, setup=setup)
        except ValueError as error:
            raise TableError(f"the setup is not valid: {error}") from None
        # One match at a time for the local player: a new game abandons the unfinished one.
        self.abandon_unfinished()
        table = Table(uuid.uuid4().hex, level, seat_list, state)
        self.store.create_game(
            table.id, game, level, rules.players, [s.to_row() for s in seat_list], table.record.to_dict()
        )
        self._remember(table)
        return table

    def _seats(self, rules: LineRules, level: str, seats: Sequence[Mapping[str, Any]] | None) -> list[Seat]:
        names = NAMES[rules.players]
        if seats is None:
            return [Seat(HUMAN, names[0], token=secrets.token_urlsafe(24))] + [
                Seat(COMPUTER, name, level) for name in names[1:]
            ]
        if len(seats) != rules.players:
            raise TableError(f"{rules.title} needs {rules.players} seats, {len(seats)} were given")
        out = []
        for number, spec in enumerate(seats):
            kind = spec.get("kind", COMPUTER)
            name = str(spec.get("name") or names[number])[:24]
            if kind == HUMAN:
                out.append(Seat(HUMAN, name, token=secrets.token_urlsafe(24)))
            elif kind == COMPUTER:
                seat_level = str(spec.get("level") or level).lower()
                if seat_level not in LEVELS:
                    raise TableError(f"seat {number}: unknown level {seat_level!r}; the levels are {', '.join(LEVELS)}")
                out.append(Seat(COMPUTER, name, seat_level))
            else:
                raise TableError(f"seat {number}: kind must be 'human' or 'computer', not {kind!r}")
        if out[0].kind != HUMAN:
            raise TableError("seat 0 must be a human: the one who creates the table sits there")
        return out

    def get(self, game_id: str) -> Table:
        stored = self.store.load_game(game_id)
        if stored is None:
            raise NotFound(f"no game {game_id!r}")
        with self._guard:
            cached = self._cache.get(game_id)
            if cached is not None and cached.move_number == stored.move_number and cached.status == stored.status:
                cached.seats = [Seat.from_row(s) for s in stored.seats]
                self._cache.move_to_end(game_id)
                return cached
        table = self._rebuild(stored)
        self._remember(table)
        return table

    def current(self) -> Table | None:
        """The latest unfinished game, for CONTINUE."""
        stored = self.store.latest_unfinished()
        return self.get(stored.id) if stored else None

    def _rebuild(self, stored: StoredGame) -> Table:
        try:
            record = Record.from_dict(stored.record)
            previous: LineState | None = None
            state: LineState | None = None
            finished: dict[str, Any] | None = None
            for step in record.states():
                assert isinstance(step, LineState)
                if state is not None and (step.hand_no != state.hand_no or step.is_over):
                    finished = finished_layout(state, step.moves[-1])
                previous, state = state, step
        except RecordError as error:
            raise Conflict(f"game {stored.id} cannot be replayed: {error}") from None
        assert state is not None
        seats = [Seat.from_row(s) for s in stored.seats]
        return Table(stored.id, stored.level, seats, state, previous, stored.status, finished)

    def _remember(self, table: Table) -> None:
        with self._guard:
            self._cache[table.id] = table
            self._cache.move_to_end(table.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _forget(self, game_id: str) -> None:
        with self._guard:
            self._cache.pop(game_id, None)

    def _save(self, table: Table, old_move_number: int, old_status: str) -> None:
        # The statistics count a match once: when the move that ends it is saved.
        result = table.match_result() if table.status == "finished" and old_status == "playing" else None
        try:
            self.store.save_game(
                table.id,
                old_move_number,
                table.record.to_dict(),
                [s.to_row() for s in table.seats],
                table.status,
                result,
            )
        except StaleError:
            self._forget(table.id)
            raise Conflict("the game was changed by another request; reload it") from None

    def abandon_unfinished(self) -> None:
        abandoned = [stored.id for stored in self.store.unfinished()]
        self.store.abandon(abandoned)
        for game_id in abandoned:
            self._forget(game_id)

    # -- requests ------------------------------------------------------------

    def _change(self, game_id: str, token: str | None, action: str, *args: Any) -> dict[str, Any]:
        with self._locked(game_id):
            table = self.get(game_id)
            seat = table.seat_of(token)
            if table.status == "abandoned":
                raise Conflict("this game was abandoned for a newer one")
            old = table.move_number
            snapshot = (table.state, table.before, table.finished_layout, table.status, [s.seen for s in table.seats])
            try:
                if action == "play":
                    table.play(seat, *args)
                elif action == "step":
                    table.step(*args)
                elif action == "next_hand":
                    table.close_sheet(seat)
                self._save(table, old, snapshot[3])
            except (IllegalMoveError, ValueError) as error:
                self._restore(table, snapshot)
                if isinstance(error, TableError):
                    raise
                raise TableError(str(error)) from None
            except TableError:
                self._restore(table, snapshot)
                raise
            return table.view(seat)

    @staticmethod
    def _restore(table: Table, snapshot: tuple[Any, ...]) -> None:
        table.state, table.before, table.finished_layout, table.status, seen = snapshot
        for seat, count in zip(table.seats, seen):
            seat.seen = count

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        table = self.get(game_id)
        return table.view(table.seat_of(token))

    def play(self, game_id: str, token: str | None, move: str, move_number: int) -> dict[str, Any]:
        return self._change(game_id, token, "play", move, move_number)

    def step(self, game_id: str, token: str | None, move_number: int) -> dict[str, Any]:
        return self._change(game_id, token, "step", move_number)

    def next_hand(self, game_id: str, token: str | None) -> dict[str, Any]:
        return self._change(game_id, token, "next_hand")

    def hint(self, game_id: str, token: str | None) -> dict[str, Any]:
        table = self.get(game_id)
        return table.hint(table.seat_of(token))

    def stats(self, game: str, level: str) -> dict[str, Any]:
        return self.store.stats(game, level)


def available_levels(game: str) -> list[str]:
    game_id, options = resolve_game(game)
    return levels_for(bones.rules(game_id, **options))
