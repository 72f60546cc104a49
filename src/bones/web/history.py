"""The player's finished matches: their list (YOUR GAMES) and any position of one, for replay and REVIEW.

``GET /api/my-games?page=N`` lists the finished matches where the asking player (the cookie) holds a seat,
the latest first, a page at a time: nobody can ask for another person's list, since the cookie is the
only way to name the player. Each row carries that player's seat token, so the page can ask for the
match's review and positions (as ``/api/player`` does for unfinished ones).

``GET /api/games/{id}/positions/{n}`` is the table as it stood after ``n`` moves of a finished match,
drawn as the seat to move then saw it (its legal moves included, so a board can mark the move played and
the best one the way it marks a hint). Only a player holding a seat may ask, and only once the match is
over: by then the record (``/api/games/{id}/record``) shows every tile anyway.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi import Path as PathParam
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bones.game import State
from bones.record import Record
from bones.web.params import GameId, Player, Token
from bones.web.referee import Referee
from bones.web.reviews import ReviewRow, Reviews
from bones.web.schema import GameRow, SeatHolderRow
from bones.web.security import StrictJSONRoute
from bones.web.storage import Store, StoredGame, stored_with_moves
from bones.web.table import Conflict, Table, TableError

#: Finished matches on one page of YOUR GAMES.
PAGE_SIZE = 20
#: The replayed states of this many matches are kept, so stepping through one does not replay it each time.
KEPT = 8


class History:
    """The finished matches of players, and the positions of one."""

    def __init__(self, referee: Referee, reviews: Reviews) -> None:
        self.referee = referee
        self.store: Store = referee.store
        self.reviews = reviews
        self._states: OrderedDict[str, list[State]] = OrderedDict()
        self._lock = threading.Lock()

    def games(self, player: str, page: int) -> dict[str, Any]:
        mine = select(SeatHolderRow.game_id).where(SeatHolderRow.player == player)
        finished = GameRow.status == "finished"
        with Session(self.store.engine) as session:
            total = session.scalar(select(func.count()).where(GameRow.id.in_(mine), finished)) or 0
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.id.in_(mine), finished)
                .order_by(GameRow.updated_at.desc(), GameRow.id)
                .offset(page * PAGE_SIZE)
                .limit(PAGE_SIZE)
            ).all()
            stored = stored_with_moves(session, rows)
            reviewed = {
                row.game_id: row.review
                for row in session.scalars(
                    select(ReviewRow).where(
                        ReviewRow.game_id.in_([g.id for g in stored]), ReviewRow.depth == self.reviews.depth
                    )
                )
            }
        return {
            "page": page,
            "pages": max(1, -(-total // PAGE_SIZE)),
            "total": total,
            "games": [self._row(game, player, reviewed.get(game.id)) for game in stored],
        }

    def _row(self, game: StoredGame, player: str, review: dict[str, Any] | None) -> dict[str, Any]:
        seat = self.referee.seats_held(game.id, player)[0]
        state = _last_state(game)
        outcome = state.outcome
        accuracy = None
        if review is not None:
            accuracy = {s["seat"]: s["accuracy"] for s in review.get("seats", [])}.get(seat)
        return {
            "id": game.id,
            "game": game.game,
            "title": state.rules.title,
            "level": game.level,
            "finished": game.updated_at.isoformat(),
            "seat": seat,
            "token": game.seats[seat].get("token"),
            "names": [s.get("name", "") for s in game.seats],
            "sides": list(state.rules.sides),
            "scores": list(state.side_scores() or []),
            "low_score_wins": state.rules.low_score_wins,
            "won": bool(outcome and seat in outcome.winners),
            "winners": list(outcome.winners) if outcome else [],
            "moves": len(state.moves),
            "accuracy": accuracy,
        }

    def _states_of(self, table: Table) -> list[State]:
        with self._lock:
            kept = self._states.get(table.id)
            if kept is not None:
                self._states.move_to_end(table.id)
                return kept
        states = list(table.record.states())
        with self._lock:
            self._states[table.id] = states
            while len(self._states) > KEPT:
                self._states.popitem(last=False)
        return states

    def position(self, game_id: str, player: str, token: str | None, number: int) -> dict[str, Any]:
        table, mine = self.referee.seat(game_id, player, token)
        if not table.state.is_over:
            raise Conflict("past positions are shown once the match is over")
        states = self._states_of(table)
        if number >= len(states):
            raise TableError(f"this match has {len(states) - 1} moves")
        state = states[number]
        seat = mine if state.to_move is None else state.to_move
        # Every sheet counted as closed: a past position is drawn as play went on, never as a hand sheet.
        seats = [replace(s, seen=state.hands_played(), away=False) for s in table.seats]
        past = Table(
            table.id, table.level, seats, state, states[number - 1] if number else None, "finished", table.problem
        )
        view = past._view(state, seat)
        view["legal_moves"] = [str(m) for m in state.legal_moves] if state.to_move == seat else []
        view["undo"] = False
        view["past"] = {"number": number, "moves": len(states) - 1, "mine": mine}
        return view


def _last_state(game: StoredGame) -> State:
    state: State | None = None
    for state in Record.from_dict(game.record).states():  # noqa: B007 (the last one is wanted)
        pass
    assert state is not None
    return state


def router(history: History) -> APIRouter:
    routes = APIRouter(tags=["history"], route_class=StrictJSONRoute)

    @routes.get("/api/my-games", summary="Your finished matches, the latest first, a page at a time")
    def my_games(player: Player, page: Annotated[int, Query(ge=0, le=100_000)] = 0) -> dict[str, Any]:
        return history.games(player, page)

    @routes.get(
        "/api/games/{game_id}/positions/{number}",
        summary="A finished match after `number` moves, as the seat to move then saw it",
    )
    def position(
        game_id: GameId, number: Annotated[int, PathParam(ge=0, le=1_000_000)], player: Player, token: Token = None
    ) -> dict[str, Any]:
        return history.position(game_id, player, token, number)

    return routes
