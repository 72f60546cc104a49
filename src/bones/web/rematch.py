"""REMATCH at the results of a finished live table: the same game, options, level and host rules, the same people
and computers, the seats turned round the table.

``POST /api/lobby/{id}/rematch`` (a player who held a seat there, by their cookie) makes the new table, started at
once, or answers with the one made already: the finished table keeps its rematch's id (a conditional write, so two
presses at once make one rematch). The seats turn to the next person round the table, who becomes the host at seat
0 (``seating.rematch_shift``): one place where the seat after the host's is a person's, so the opener changes. Every
person keeps a seat, with a new token; the sockets still at the finished table are each sent
``{"type": "rematch", "table": ID, "seat": N, "token": T}`` (``sockets.py``), and a page that comes back to the finished
table later is sent it when it connects. A person who is not there to follow is played by a computer after the
host's ``replace_after``, as at any live table, until they come (``GET /api/lobby/{id}`` of the finished table names
the rematch; the new table's answers their seat and token by their cookie). Nobody's unfinished match against
computers is given up: the new host did not ask for the table (START asks first; a rematch asks nobody).
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from fastapi import APIRouter

from bones.web.events import REMATCH, Event
from bones.web.live import Hub
from bones.web.lobby import LobbyId, Player, new_token
from bones.web.seating import HUMAN, STARTED, Lobby, moved_to, rematch_shift
from bones.web.security import StrictJSONRoute
from bones.web.table import Conflict, Forbidden, NotFound

MADE_WAIT = 5.0  # seconds a second press waits for the first to finish making the table it claimed


def rotated(lobby: Lobby, rematch_id: str) -> Lobby:
    """The rematch of ``lobby``: its seats turned by ``rematch_shift``, each person's with a new token."""
    shift = rematch_shift(lobby.seats)
    seats = []
    for number in range(lobby.players):
        seat = dict(lobby.seats[(number + shift) % lobby.players])
        if seat["kind"] == HUMAN:
            seat = {"kind": HUMAN, "name": seat["name"], "token": new_token(), "player": seat["player"]}
        seats.append(seat)
    return Lobby(
        rematch_id,
        lobby.game,
        lobby.level,
        lobby.players,
        lobby.public,
        lobby.replace_after,
        seats,
        STARTED,
        0,
        time.time(),
        dict(lobby.options or {}),
    )


def router(hub: Hub) -> APIRouter:
    routes = APIRouter(prefix="/api/lobby", tags=["lobby"], route_class=StrictJSONRoute)
    seating = hub.seating

    def make(lobby: Lobby, rematch_id: str) -> None:
        new = rotated(lobby, rematch_id)
        try:
            seating.create(new)
            humans = [n for n, seat in enumerate(new.seats) if seat["kind"] == HUMAN]
            seating.seat_humans(new.id, humans)
            hub.referee.create(
                new.game,
                new.level,
                new.players,
                seats=new.seats,
                options=new.options,
                player=str(new.seats[0]["player"]),
                table_id=new.id,
                holders={n: str(new.seats[n]["player"]) for n in humans},
                give_up_solo=False,  # the new host did not ask for it: their match against computers stays
            )
        except Exception:
            seating.discard(new.id)  # made or not: else a started table with no match stays in the database for good
            seating.release_rematch(lobby.id, rematch_id)
            raise
        hub.bus.publish(Event(lobby.id, -1, REMATCH))

    def made(rematch_id: str) -> Lobby:
        """The rematch's table once its match exists (another press may be making it this moment)."""
        deadline = time.monotonic() + MADE_WAIT
        while True:
            lobby = seating.get(rematch_id)
            if lobby is not None and hub.referee.store.load_game(rematch_id) is not None:
                return lobby
            if time.monotonic() > deadline:
                raise Conflict("the rematch is still being made; ask again")
            time.sleep(0.05)

    @routes.post(
        "/{lobby_id}/rematch",
        summary="At a finished match with people: the same table again, seats turned (one table however many ask)",
    )
    def rematch(lobby_id: LobbyId, player: Player) -> dict[str, Any]:
        lobby = seating.get(lobby_id)
        if lobby is None:
            raise NotFound(f"no table {lobby_id[:40]!r} in the lobby")
        mine = [n for n, seat in enumerate(lobby.seats) if seat.get("player") == player]
        if not mine:
            raise Forbidden("only a player of this table may ask for a rematch")
        if lobby.status != STARTED or not hub.referee.get(lobby_id).state.is_over:
            raise Conflict("a rematch is asked for when the match is over")
        rematch_id = lobby.rematch
        if rematch_id is None:
            claimed = uuid.uuid4().hex
            rematch_id = seating.claim_rematch(lobby.id, claimed) or claimed
            if rematch_id == claimed:
                make(lobby, claimed)
        new = made(rematch_id)
        seat = moved_to(lobby, mine[0])
        data = new.public_view()
        data["seat"] = seat
        data["token"] = new.seats[seat]["token"]
        data["tokens"] = {str(n): s["token"] for n, s in enumerate(new.seats) if s.get("player") == player}
        return data

    return routes
