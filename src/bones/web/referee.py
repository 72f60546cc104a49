"""The referee of the web table: tables by id, kept in a store, one move at a time per table.

A request names its player (from the signed cookie) and a seat token: the token picks the
seat, and the seat must be held by that player (``Store.holders``). A token alone, leaked or
guessed, is worth nothing to another player, and a player can hold several seats (each
with its own token).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from bones.game import IllegalMoveError, Solvable
from bones.web.kept import KeptTables, table_cache_size
from bones.web.limits import LRU, HintBudgets, Limiter, LockTable, hints_from_env
from bones.web.newtable import new_table, problem_book, shortest_solution
from bones.web.stats import MatchResult
from bones.web.storage import StaleError, Store
from bones.web.table import (
    HUMAN,
    Conflict,
    Forbidden,
    Table,
    TableError,
)

SEAT_CHANGE_TRIES = 3  # a seat's own change, refused because another seat changed meanwhile, is made again


class Referee:
    """Tables by id, kept in a store; one lock per table so its moves are applied one at a time."""

    def __init__(
        self,
        store: Store,
        allow_setup: bool = False,
        cache_size: int | None = None,  # tables kept built: BONES_TABLE_CACHE, else TABLE_CACHE
        hint_limit: Limiter | None = None,
        hints: HintBudgets | None = None,
    ) -> None:
        self.store = store
        self.allow_setup = allow_setup
        self._locks: LockTable[str] = LockTable()
        size = cache_size or table_cache_size()
        self.tables = KeptTables(store, size, self._locks, lambda table_id: self.served(table_id))
        # A hint is a search: a few at once, then one every few seconds; each position searched once (limits.py).
        budgets = hints or hints_from_env()
        self._hints = budgets.found
        self.hint_limit = hint_limit or budgets.searches
        # A puzzle's hint is its exact solver's, found again only for a new position: a person solving one hint
        # by hint asks one a move (the search budget refused the 17th); a bound still holds a script back.
        self.puzzle_hint_limit: Limiter = budgets.puzzles
        # Who holds each seat: a holder row, once written, never changes, so a seat found here needs no query.
        self._holders: LRU[str, dict[int, str]] = LRU(size)
        # Told (table id, move number, what changed) after each change is saved: web/sockets.py pushes it to the players.
        self.listeners: list[Callable[[str, int, str], None]] = []
        # Whether the server plays a table's computers itself (a lobby's table, web/live.py): its pages follow it
        # over the socket and never step it.
        self.served: Callable[[str], bool] = lambda table_id: False
        # Asks a worker for a computer's move (table, move number, seat, the level that searches: web/thinking.py), so
        # that a web process never searches; None: this referee searches itself (a worker's).
        self.thinker: Callable[[str, int, int, str], None] | None = None
        # Asks a worker for a hint (table, move number, seat, the moves' digest, and what to do before it is sent:
        # spend the player's budget); None: this referee searches itself.
        self.hinter: Callable[[str, int, int, str, Callable[[], None]], None] | None = None

    def _changed(self, table: Table, what: str) -> None:
        self.changed(table.id, table.move_number, what)

    def changed(self, table_id: str, move_number: int, what: str = "moved") -> None:
        """Tell the listeners of a change saved (here, or by a local worker process)."""
        for listener in self.listeners:
            listener(table_id, move_number, what)

    def learned(self, game_id: str, move_number: int, move: str) -> None:
        """A local worker saved ``move`` at ``move_number``: a kept table still there makes it too, rather than read and
        replay the stored match; the listeners are told."""
        self.follow(game_id, [(move_number + 1, move)])
        self.changed(game_id, move_number + 1)

    # The kept tables (web/kept.py), asked of the referee by the faces and the driver.

    def get(self, game_id: str, heard: int | None = None, held: bool = False) -> Table:
        """The table, current (``KeptTables.get``)."""
        return self.tables.get(game_id, heard, held)

    def kept(self, game_id: str, move_number: int | None) -> Table | None:
        return self.tables.kept(game_id, move_number)

    def follows(self, game_id: str, move_number: int) -> bool:
        return self.tables.follows(game_id, move_number)

    def follow(self, game_id: str, moves: Sequence[tuple[int, str]]) -> None:
        self.tables.follow(game_id, moves)

    def move_at(self, game_id: str, move_number: int) -> str | None:
        return self.tables.move_at(game_id, move_number)

    @contextmanager
    def _locked(self, game_id: str) -> Iterator[None]:
        with self._locks.hold(game_id):
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
        *,
        options: Mapping[str, Any] | None = None,
        problem: int | None = None,
        player: str,
        name: str | None = None,
        table_id: str | None = None,
        holders: Mapping[int, str] | None = None,
        give_up_solo: bool = True,
    ) -> Table:
        """A new table; ``player`` takes seat 0 (shown as ``name`` unless the seat list names it). Other
        human seats stay free for players who take them (``take_seat``), or are held from the start by the
        players ``holders`` names (seat -> player: a lobby's table, whose id is ``table_id``). The player's
        unfinished match against computers, if any, is abandoned (unless ``give_up_solo`` is false: a table made
        for them by someone else, as a rematch, asks them nothing and so gives up nothing of theirs)."""
        made = new_table(
            game,
            level,
            players,
            seed,
            setup,
            seats,
            options=options,
            problem=problem,
            name=name,
            allow_setup=self.allow_setup,
        )
        seat_holders = {**(holders or {}), 0: player}
        for seat in seat_holders:
            if not 0 <= seat < len(made.seats) or made.seats[seat].kind != HUMAN:
                raise TableError(f"seat {seat} is not a seat for a person at this table")
        # One match against computers at a time (the page's PLAY gives the unfinished one up, after asking), but
        # tables with seats for other people stay: a player may sit at several. Nobody else's match is touched.
        if give_up_solo:
            self._replace_solo_matches(player)
        table_id = table_id or uuid.uuid4().hex
        table = Table(table_id, made.level, made.seats, made.state, problem=problem, live=self.served(table_id))
        table.stored_seats = [s.to_row() for s in made.seats]
        self.store.create_game(
            table.id,
            made.game,
            made.level,
            made.state.rules.num_players,
            table.stored_seats,
            table.record.to_dict(),
            holders=seat_holders,
        )
        self.tables.remember(table)
        self._changed(table, "started")
        return table

    def problems(self, game: str, player: str) -> dict[str, Any]:
        """A puzzle's book of problems: each with its shortest solution and the player's best."""
        game_id, book = problem_book(game)
        solved = self.store.problem_progress(player, game_id)
        return {
            "game": game,
            "problems": [
                {"number": p.number, "shortest": shortest_solution(game_id, p.number), "best": solved.get(p.number)}
                for p in book
            ],
        }

    def solo_matches(self, player: str) -> list[str]:
        """The player's unfinished matches against computers (one seat for a person): a new match gives them up."""
        return [
            game.id
            for game in self.store.games_of(player)
            if game.owner == player and sum(seat.get("kind") == HUMAN for seat in game.seats) == 1
        ]

    def _replace_solo_matches(self, player: str) -> None:
        for game_id in self.store.abandon(self.solo_matches(player)):
            self.tables.forget(game_id)

    def current(self, player: str) -> Table | None:
        """The player's unfinished game that moved last, for CONTINUE."""
        stored = self.store.latest_unfinished(player)
        return self.get(stored.id) if stored else None

    def seat(
        self, game_id: str, player: str, token: str | None, heard: int | None = None, held: bool = False
    ) -> tuple[Table, int]:
        """The table and the seat the token names, if ``player`` holds that seat (``heard``, ``held``: as for ``get``)."""
        table = self.get(game_id, heard, held)
        seat = table.seat_of(token)
        if self.holders(game_id, seat).get(seat) != player:
            raise Forbidden("this seat belongs to another player")
        return table, seat

    def holders(self, game_id: str, seat: int | None = None) -> dict[int, str]:
        """Seat -> player at this game; asks the store unless ``seat`` is known taken (a taken seat stays taken)."""
        known = self._holders.get(game_id)
        if known is not None and seat is not None and seat in known:
            return known
        found = self.store.holders(game_id)
        self._holders.put(game_id, found)
        return found

    def seats_held(self, game_id: str, player: str) -> list[int]:
        return sorted(seat for seat, holder in self.holders(game_id).items() if holder == player)

    def take_seat(self, game_id: str, player: str, seat: int) -> Table:
        """Give a free human seat of an unfinished game to ``player`` (who gets its token in the view)."""
        table = self.get(game_id)
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind != HUMAN:
            raise TableError(f"seat {seat} is not a seat for a person at this table")
        if table.status != "playing":
            raise Conflict("this match is no longer played")
        held = self.holders(game_id)
        if held.get(seat) == player:
            return table
        if player in held.values():
            # One person, one seat: an invitation is for someone else, and one player must not take them all.
            raise Conflict("you sit at this table already: its other seats are for other people")
        if not self.store.take_seat(game_id, seat, player):
            raise Conflict(f"seat {seat} is taken")
        return table

    def _save(self, table: Table, old_move_number: int, old_status: str) -> None:
        # The statistics count a match once: when the move that ends it is saved, for each player at the table.
        result: list[MatchResult] = []
        if table.status == "finished" and old_status == "playing":
            for seat, player in sorted(self.holders(table.id).items()):
                result.append(replace(table.match_result(seat), player=player))
        seats = [s.to_row() for s in table.seats]
        try:
            # The moves' texts: the store appends those past the old number (a row each), not the whole record.
            moves = [str(move) for move in table.state.moves]
            self.store.save_game(table.id, old_move_number, moves, seats, table.status, result, table.stored_seats)
        except StaleError:
            self.tables.forget(table.id)
            raise Conflict("the game was changed by another request; reload it") from None
        table.stored_seats = seats

    # -- requests ------------------------------------------------------------

    def _change(
        self, game_id: str, player: str | None, token: str | None, action: str, *args: Any, seat: int | None = None
    ) -> dict[str, Any] | None:
        """Apply one change for the seat of ``token``, which ``player`` must hold, and save it (its view); or, with
        ``seat`` (no player, no token), the server's own change for that seat."""
        tries = 1
        while True:
            try:
                table, changed = self._apply(game_id, player, token, action, *args, seat=seat)
                return table.view(changed) if player is not None else None
            except Conflict:
                # A change of one seat (a sheet closed, a player away) refused because another process changed
                # another seat at the same move number is made again on the table as it is now.
                if action not in ("next_hand", "away") or tries == SEAT_CHANGE_TRIES:
                    raise
                tries += 1

    def _apply(
        self,
        game_id: str,
        player: str | None,
        token: str | None,
        action: str,
        *args: Any,
        seat: int | None = None,
        kept: Table | None = None,
    ) -> tuple[Table, int]:
        with self._locked(game_id):
            if seat is None:
                assert player is not None
                table, seat = self.seat(game_id, player, token)
            elif kept is not None and self.tables.at(game_id) is kept:
                # The server's own change on the table it just read: not read again, since a write is refused
                # unless the stored game is still at the move number the change started from.
                table = kept
            else:
                table = self.get(game_id)
            if table.status == "abandoned":
                raise Conflict("this game was abandoned for a newer one")
            if action == "step" and self.thinker is not None and table.needs_search():
                table.check_step(*args)
                # A worker saves the move (over this move number only) and tells the table's listeners.
                to_move = int(table.state.to_move or 0)
                self.thinker(game_id, table.move_number, to_move, table.level_of(to_move))
                return table, seat
            old = table.move_number
            snapshot = (table.state, table.before, table.status, [(s.seen, s.away) for s in table.seats])
            try:
                if action == "play":
                    table.play(seat, *args)
                elif action == "step":
                    table.step(*args)
                elif action == "next_hand":
                    table.close_sheet(seat)
                elif action == "away":
                    table.seats[seat].away = args[0]
                    if not args[0]:
                        # Back at the table: the sheets of the hands they missed are not theirs to close.
                        table.seats[seat].seen = table.state.hands_played()
                elif action == "rewind":
                    table.rewind(*args)
                self._save(table, old, snapshot[2])
            except (IllegalMoveError, ValueError) as error:
                self._restore(table, snapshot)
                if isinstance(error, TableError):
                    raise
                raise TableError(str(error)) from None
            except BaseException:  # a refusal, or the database failing: the kept table stays what is stored
                self._restore(table, snapshot)
                raise
            self._changed(table, "moved" if table.move_number != old else action)
            return table, seat

    @staticmethod
    def _restore(table: Table, snapshot: tuple[Any, ...]) -> None:
        state, before, status, seen = snapshot
        table.moved_to(state, before, status)
        for seat, (count, away) in zip(table.seats, seen):
            seat.seen, seat.away = count, away

    def view(self, game_id: str, player: str, token: str | None, heard: int | None = None) -> dict[str, Any]:
        # Under the table's lock: a kept table is changed in place, and a view built while a move is made
        # would say one move number with the next move's tiles in it.
        with self._locked(game_id):
            table, seat = self.seat(game_id, player, token, heard, held=True)
            return table.view(seat)

    def seat_view(self, game_id: str, seat: int, token: bool = False) -> dict[str, Any]:
        """One seat's view (with its token when asked), built whole between two changes of the table."""
        with self._locked(game_id):
            return self.get(game_id, held=True).view(seat, token=token)

    def play(self, game_id: str, player: str, token: str | None, move: str, move_number: int) -> dict[str, Any]:
        return self._answer(self._change(game_id, player, token, "play", move, move_number))

    def step(self, game_id: str, player: str, token: str | None, move_number: int) -> dict[str, Any]:
        return self._answer(self._change(game_id, player, token, "step", move_number))

    def undo(self, game_id: str, player: str, token: str | None, move_number: int) -> dict[str, Any]:
        return self._answer(self._change(game_id, player, token, "rewind", 1, move_number))

    def restart(self, game_id: str, player: str, token: str | None, move_number: int) -> dict[str, Any]:
        return self._answer(self._change(game_id, player, token, "rewind", move_number, move_number))

    def next_hand(self, game_id: str, player: str, token: str | None) -> dict[str, Any]:
        return self._answer(self._change(game_id, player, token, "next_hand"))

    @staticmethod
    def _answer(view: dict[str, Any] | None) -> dict[str, Any]:
        assert view is not None  # a change asked with a token answers with that seat's view
        return view

    def drive(self, game_id: str, move_number: int, seat: int | None = None, table: Table | None = None) -> Table:
        """The server's own step at a live table: a computer's move, an absent human's, or a forced pass, for
        ``seat`` (whoever is to move, if not given: ``step`` refuses a seat not to move), on ``table`` if it is the
        kept one (read just before). The table, as saved."""
        if seat is None:
            seat = self.get(game_id).state.to_move
            if seat is None:
                raise Conflict("nobody is to move")
        return self._apply(game_id, None, None, "step", move_number, seat=seat, kept=table)[0]

    def set_away(self, game_id: str, seat: int, away: bool) -> None:
        """A human left a live table (a computer plays for them) or came back to it."""
        self._change(game_id, None, None, "away", away, seat=seat)

    def abandon(self, game_id: str, player: str, token: str | None) -> dict[str, Any]:
        """Give up an unfinished match (it counts as abandoned for every player at the table)."""
        with self._locked(game_id):
            table, seat = self.seat(game_id, player, token)
            if table.status != "playing":
                raise Conflict(f"this match is {'over' if table.status == 'finished' else 'abandoned already'}")
            self.store.abandon([game_id])
            self.tables.forget(game_id)
            table = self.get(game_id)
            self._changed(table, "abandoned")
            return table.view(seat)

    def hint(self, game_id: str, player: str, token: str | None) -> dict[str, Any] | None:
        """The hint for this position: searched once, then kept; a player who asks for many waits. None: a worker was
        asked for it (``hinter``), and tells the hints channel of the table once it is kept."""
        table, seat = self.seat(game_id, player, token)
        played = _played(table)
        found = self._hints.get(_hint_key(table.id, played, table.move_number, seat))
        if found is not None:
            return dict(found)
        if table.state.to_move != seat or table.sheet_pending(seat):  # a refused hint costs nothing
            raise Conflict("a hint is given on your turn")
        limit = self.puzzle_hint_limit if isinstance(table.state, Solvable) else self.hint_limit
        if self.hinter is not None:
            # The budget is spent when the job is sent, not each time the page asks again while it is searched.
            self.hinter(table.id, table.move_number, seat, played, lambda: limit.take(player))
            return None
        limit.take(player)
        return self._search_hint(table, seat, played)

    def search_hint(self, game_id: str, move_number: int, seat: int, played: str) -> dict[str, Any] | None:
        """A worker's hint job: the hint of that position, searched and kept; None if the table is no longer there."""
        table = self.get(game_id)
        if _played(table) != played:
            # Moves taken back and others made (a puzzle's undo, in another process): the same move number, another
            # position, which the stored head does not tell apart from the kept table's.
            self.tables.forget(game_id)
            table = self.get(game_id)
        if table.move_number != move_number or _played(table) != played:
            return None
        if table.state.to_move != seat or table.sheet_pending(seat):
            return None
        return self._search_hint(table, seat, played)

    def _search_hint(self, table: Table, seat: int, played: str) -> dict[str, Any]:
        key = _hint_key(table.id, played, table.move_number, seat)
        found = self._hints.get(key)
        if found is None:
            found = table.hint(seat)
            self._hints.put(key, found)
        return dict(found)

    def keep_hint(self, game_id: str, move_number: int, seat: int, played: str, found: dict[str, Any]) -> None:
        """A hint a local worker process found, kept here (its own cache is its process's)."""
        self._hints.put(_hint_key(game_id, played, move_number, seat), found)

    def stats(self, player: str, game: str, level: str) -> dict[str, Any]:
        return self.store.stats(player, game, level)


def _played(table: Table) -> str:
    # Where moves may be taken back, one move number can be another position: the moves name it.
    return hashlib.sha256(" ".join(map(str, table.state.moves)).encode()).hexdigest()[:16]


def _hint_key(game_id: str, played: str, move_number: int, seat: int) -> tuple[str, int, int]:
    return (f"{game_id}:{played}", move_number, seat)
