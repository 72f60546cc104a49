"""The lobby: tables with open seats that people take before their host starts the match.

``POST /api/lobby`` makes a table whose seat 0 is the host (the answer carries the
host's seat token and an invite link); ``GET /api/lobby`` lists the open public
tables whose host is there (their room's socket open, or the table just made); ``POST /api/lobby/{id}/seats`` takes a seat and answers with its token (the
token the seat keeps through the match); each request's player (the cookie of
``players.py``) is written with the seat it takes, and a seat's token is honoured only
for that player. ``PUT /api/lobby/{id}/seats/{n}`` lets the
host give a seat to a computer or open it again; ``DELETE`` leaves a seat before the
start; ``DELETE /api/lobby/{id}`` lets the host close a table that has not started (it is listed no more);
``POST /api/lobby/{id}/start`` starts the match, computers taking the seats
still open. The match then has the lobby's id, each player holding the seat they took
(the store's seat holders, as ``POST /api/games/{id}/seats/{n}`` records them), and
its players follow it over the WebSocket of ``sockets.py``. Lobby changes are table events of kind ``lobby``.
"""

from __future__ import annotations

import secrets
import time
import uuid
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

import bones
from bones.bots import LEVELS
from bones.game import GameOptionError
from bones.registry import game_info
from bones.web.entries import all_games, chosen_options, resolve_game, table_games
from bones.web.events import Event
from bones.web.live import Hub
from bones.web.params import Player, Token
from bones.web.players import NAME_LENGTH
from bones.web.seating import CLOSED, COMPUTER, HUMAN, OPEN, STARTED, WAITING, Lobby
from bones.web.security import StrictJSONRoute
from bones.web.table import NAMES, Conflict, Forbidden, NotFound, TableError

# Seconds without the host's room socket after which a waiting table leaves the list (a page reloading, a phone
# switching networks, come back well within it). Back again, the table is listed again.
HOST_GONE_AFTER = 30.0

# A display name: short, and no control characters (it is shown to other people).
NAME = Field(None, max_length=NAME_LENGTH, pattern=r"^[^\x00-\x1f\x7f]*$", description="the name shown at the table")
LobbyId = Annotated[str, PathParam(pattern=r"^[A-Za-z0-9_-]{1,64}$", description="the id of a lobby table")]
SeatNumber = Annotated[int, PathParam(ge=0, le=8, description="a seat of the table, from 0")]


class Strict(BaseModel):
    # As the game API's bodies: no coercion (true is no number), no unknown fields.
    model_config = ConfigDict(strict=True, extra="forbid")


class NewLobby(Strict):
    game: str = Field(
        default_factory=lambda: table_games()[0], max_length=32, description="an id of the games /api/catalog lists"
    )
    level: str = Field(
        "normal", max_length=32, description="how well the computers play (and those that replace absent players)"
    )
    players: int | None = Field(None, ge=1, le=8, description="number of players where the game allows a choice")
    name: str | None = NAME
    public: bool = Field(True, description="listed in GET /api/lobby; a private table is joined by its invite link")
    replace_after: float = Field(
        60, ge=1, le=3600, description="seconds after which a computer plays for a player who left"
    )
    computers: list[int] = Field([], max_length=8, description="seats given to computers now; the others stay open")
    options: dict[Annotated[str, Field(max_length=32)], bool | int | str] | None = Field(
        None,
        max_length=16,
        description="rule options by name, as the catalog's options list them (players has its own field)",
    )


class TakeSeat(Strict):
    name: str | None = NAME
    seat: int | None = Field(None, ge=0, le=8, description="the seat wanted; default: the first open one")


class SetSeat(Strict):
    kind: str = Field(..., max_length=32, description="'computer', 'open', or 'human' (with holder)")
    level: str | None = Field(None, max_length=32, description="the computer's level (default: the table's)")
    holder: int | None = Field(
        None,
        ge=0,
        le=8,
        description="with kind 'human': the taken seat whose player gets this seat as well (one person, two hands)",
    )


class StartIn(Strict):
    give_up: bool = Field(
        False, description="give up your unfinished match against computers (without it, a 409 names the match)"
    )


def router(hub: Hub) -> APIRouter:
    routes = APIRouter(prefix="/api/lobby", tags=["lobby"], route_class=StrictJSONRoute)
    seating = hub.seating

    def load(lobby_id: str) -> Lobby:
        lobby = seating.get(lobby_id)
        if lobby is None:
            raise NotFound(f"no table {lobby_id[:40]!r} in the lobby")
        return lobby

    def waiting(lobby: Lobby) -> None:
        if lobby.status == CLOSED:
            raise Conflict("the host closed this table")
        if lobby.status != WAITING:
            raise Conflict("the match has started; its seats are taken")

    def host(lobby: Lobby, token: str | None, player: str) -> None:
        if lobby.seat_of(token, player) != 0:
            raise Forbidden("only the host (seat 0, with its token) may do that")

    def name_of(player: str, asked: str | None, default: str) -> str:
        return asked or hub.referee.store.name_of(player) or default

    def changed(lobby: Lobby, seats: list[dict[str, Any]], status: str | None = None) -> Lobby:
        if not seating.change(lobby, seats, status):
            raise Conflict("the table changed meanwhile; try again")
        hub.bus.publish(Event(lobby.id, 0, "lobby"))
        return load(lobby.id)

    def answer(lobby: Lobby, seat: int | None = None, player: str | None = None) -> dict[str, Any]:
        data = lobby.public_view()
        data["invite"] = f"/?join={lobby.id}"
        if seat is not None:
            data["seat"] = seat
            data["token"] = lobby.seats[seat]["token"]
        if player is not None:
            # Every seat of the player's: the host may have given them more than one.
            data["tokens"] = {str(n): s["token"] for n, s in enumerate(lobby.seats) if s.get("player") == player}
        return data

    def solo_view(player: str) -> dict[str, Any] | None:
        """The player's unfinished match against computers, which starting a table gives up: the host's seat's view."""
        solo = hub.referee.solo_matches(player)
        if not solo:
            return None
        return hub.referee.seat_view(solo[0], hub.referee.seats_held(solo[0], player)[0], token=True)

    def seated_at(lobby: Lobby, player: str) -> int | None:
        return next((n for n, seat in enumerate(lobby.seats) if seat.get("player") == player), None)

    @routes.post("", status_code=201, summary="Make a table with open seats; you are its host at seat 0")
    def create(body: NewLobby, player: Player) -> dict[str, Any]:
        options = body.options or {}
        players = rules_players(body.game, body.level, body.players, options)
        computers = set(body.computers)
        if not computers <= set(range(1, players)):
            raise TableError(f"computers: seats are 1 to {players - 1} (the host sits at 0)")
        names = NAMES[players]
        seats: list[dict[str, Any]] = [
            {"kind": HUMAN, "name": name_of(player, body.name, "Player 1"), "token": new_token(), "player": player}
        ]
        for number in range(1, players):
            if number in computers:
                seats.append({"kind": COMPUTER, "name": names[number], "level": body.level.lower()})
            else:
                seats.append({"kind": OPEN, "name": f"Seat {number + 1}"})
        lobby = Lobby(
            uuid.uuid4().hex,
            body.game,
            body.level.lower(),
            players,
            body.public,
            body.replace_after,
            seats,
            WAITING,
            0,
            time.time(),
            options,
        )
        seating.create(lobby)
        return answer(lobby, 0)

    @routes.get("", summary="The open public tables")
    def listing() -> dict[str, Any]:
        # A host's room socket is touched every heartbeat: a table not touched for several is one left behind.
        since = time.time() - max(HOST_GONE_AFTER, 6 * hub.settings.heartbeat)
        return {"tables": [lobby.public_view() for lobby in seating.open_public(host_seen_since=since)]}

    @routes.get(
        "/{lobby_id}",
        summary="A table of the lobby: its seats, whether it started, your seats there, and (the host's) the match "
        "against computers that starting gives up (gives_up)",
    )
    def show(lobby_id: LobbyId, player: Player) -> dict[str, Any]:
        lobby = load(lobby_id)
        # A page opened again (the host's, a seated guest's) finds its seat and token: the cookie proves the player.
        mine = seated_at(lobby, player)
        data = answer(lobby, mine, player if mine is not None else None)
        if mine == 0 and lobby.status == WAITING:
            # The host's page asks about it before START, as PLAY does, instead of being refused.
            data["gives_up"] = solo_view(player)
        return data

    @routes.post("/{lobby_id}/seats", status_code=201, summary="Take a seat; the answer holds its token")
    def take(lobby_id: LobbyId, body: TakeSeat, player: Player) -> dict[str, Any]:
        lobby = load(lobby_id)
        waiting(lobby)
        if seated_at(lobby, player) is not None:
            # One person, one seat: the others are for other people (the host may give a player more: PUT).
            raise Conflict("you sit at this table already: the other seats are for other people")
        open_seats = [n for n, seat in enumerate(lobby.seats) if seat["kind"] == OPEN]
        seat = body.seat if body.seat is not None else (open_seats[0] if open_seats else None)
        if seat is None or seat not in open_seats:
            raise Conflict("that seat is not open" if open_seats else "the table is full")
        seats = [dict(s) for s in lobby.seats]
        seats[seat] = {
            "kind": HUMAN,
            "name": name_of(player, body.name, f"Player {seat + 1}"),
            "token": new_token(),
            "player": player,
        }
        return answer(changed(lobby, seats), seat)

    @routes.delete(
        "/{lobby_id}/seats/{seat}",
        summary="Leave your seat before the start, or (the host) remove the person seated there: it opens again",
    )
    def leave(lobby_id: LobbyId, seat: SeatNumber, player: Player, token: Token = None) -> dict[str, Any]:
        lobby = load(lobby_id)
        waiting(lobby)
        if seat == 0:
            raise Forbidden("the host stays: closing the table is DELETE /api/lobby/{id}")
        if seat >= lobby.players or lobby.seats[seat]["kind"] != HUMAN:
            raise Conflict("nobody sits there to leave or be removed")
        if lobby.seat_of(token, player) not in (seat, 0):
            raise Forbidden("only the player of a seat may leave it, or the host remove them")
        seats = [dict(s) for s in lobby.seats]
        seats[seat] = {"kind": OPEN, "name": f"Seat {seat + 1}"}
        return answer(changed(lobby, seats))

    @routes.put("/{lobby_id}/seats/{seat}", summary="The host gives a seat to a computer, or opens it again")
    def set_seat(
        lobby_id: LobbyId, seat: SeatNumber, body: SetSeat, player: Player, token: Token = None
    ) -> dict[str, Any]:
        lobby = load(lobby_id)
        waiting(lobby)
        host(lobby, token, player)
        if not 0 < seat < lobby.players:
            raise TableError(f"seat: 1 to {lobby.players - 1}")
        if lobby.seats[seat]["kind"] == HUMAN:
            raise Conflict("a player sits there")
        level = (body.level or lobby.level).lower()
        seats = [dict(s) for s in lobby.seats]
        if body.kind == HUMAN:
            # The host's explicit choice: one person plays this seat too (two hands at one table, a pass-the-phone).
            holder = body.holder
            if holder is None or not 0 <= holder < lobby.players or lobby.seats[holder]["kind"] != HUMAN:
                raise TableError("holder: the seat of a person at this table, who gets this seat as well")
            taker = lobby.seats[holder]
            seats[seat] = {"kind": HUMAN, "name": taker["name"], "token": new_token(), "player": taker["player"]}
            return answer(changed(lobby, seats), seat if holder == 0 else None)
        if body.holder is not None:
            raise TableError("holder goes with kind 'human'")
        if body.kind == COMPUTER:
            if level not in LEVELS:
                raise TableError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
            seats[seat] = {"kind": COMPUTER, "name": NAMES[lobby.players][seat], "level": level}
        elif body.kind == OPEN:
            seats[seat] = {"kind": OPEN, "name": f"Seat {seat + 1}"}
        else:
            raise TableError("kind: 'computer', 'open' or 'human'")
        return answer(changed(lobby, seats))

    @routes.delete("/{lobby_id}", summary="Close the table before the start (host only); it is listed no more")
    def close(lobby_id: LobbyId, player: Player, token: Token = None) -> dict[str, Any]:
        lobby = load(lobby_id)
        waiting(lobby)
        host(lobby, token, player)
        return answer(changed(lobby, lobby.seats, CLOSED))

    @routes.post(
        "/{lobby_id}/start",
        summary="Start the match (host only); computers take the open seats",
        responses={409: {"description": "the host's unfinished match against computers would be given up: `solo`"}},
    )
    def start(lobby_id: LobbyId, player: Player, token: Token = None, body: StartIn | None = None) -> Any:
        lobby = load(lobby_id)
        waiting(lobby)
        host(lobby, token, player)
        mine = None if body and body.give_up else solo_view(player)
        if mine is not None:
            # The match replaces the host's game against computers, as PLAY's would: asked first, never silently.
            detail = f"starting gives up your unfinished {mine['title']} against computers; send give_up to start"
            return JSONResponse({"detail": detail, "solo": mine}, status_code=409)
        names = NAMES[lobby.players]
        seats = [
            {"kind": COMPUTER, "name": names[n], "level": lobby.level} if seat["kind"] == OPEN else dict(seat)
            for n, seat in enumerate(lobby.seats)
        ]
        lobby = changed(lobby, seats, STARTED)
        humans = [n for n, seat in enumerate(seats) if seat["kind"] == HUMAN]
        seating.seat_humans(lobby.id, humans)
        # Each player holds the seat they took from the start: the HTTP routes and the sockets check it.
        table = hub.referee.create(
            lobby.game,
            lobby.level,
            lobby.players,
            seats=seats,
            options=lobby.options,
            player=player,
            table_id=lobby.id,
            holders={n: str(seats[n]["player"]) for n in humans},
        )
        return table.view(0)

    return routes


def new_token() -> str:
    return secrets.token_urlsafe(24)


def rules_players(game: str, level: str, players: int | None, chosen: dict[str, Any]) -> int:
    """The number of players of a table of ``game`` with the ``chosen`` options; refuses what the web table does
    not offer (the match is made at the start: a bad option refused then would leave a room nobody can start)."""
    offered = all_games()
    if game not in offered:
        raise TableError(f"unknown game {game[:40]!r}; the web table plays {', '.join(offered)}")
    if level.lower() not in LEVELS:
        raise TableError(f"unknown level {level[:40]!r}; the levels are {', '.join(LEVELS)}")
    try:
        checked = chosen_options(game, chosen)
    except GameOptionError as error:
        raise TableError(str(error)) from None
    game_id, options = resolve_game(game)
    options.update(checked)
    if players is not None and "players" in game_info(game_id).option_names() and "players" not in options:
        options["players"] = players
    try:
        rules = bones.rules(game_id, **options)
    except GameOptionError as error:
        raise TableError(str(error)) from None
    if players is not None and players != rules.num_players:
        raise TableError(f"{rules.title} is played by {rules.num_players} players")
    return int(rules.num_players)
