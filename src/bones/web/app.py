"""The HTTP side of the web table: the page, the static files and the JSON API.

Every request comes from a player (``players.py``: a signed cookie made on the first
visit). A request for a seat carries the seat's token (header ``X-Seat-Token``), and the
player must hold that seat; a request that changes a game also carries the move number
the browser saw. The referee (``referee.py``, ``table.py``) checks all three. The token
also keeps other sites out: their pages cannot send a custom header without CORS.
``security.py`` guards the input (body size, NUL bytes, strict JSON) and adds the
security headers. Handlers are plain functions, so FastAPI runs them in its thread pool:
a slow computer player never holds up other requests.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from bones import __version__, rulebook
from bones.bots import LEVELS
from bones.game import GameOptionError
from bones.registry import game_info
from bones.web import history, live, lobby, rematch, reviews, sockets
from bones.web.entries import all_games, available_levels, find_entry, game_catalog, resolve_game
from bones.web.events import bus_from_env
from bones.web.jobs import HintJob, Job, MoveJob, ReviewJob, hint_event, hints_channel
from bones.web.limits import TooManyRequests
from bones.web.params import GameId, Player, Token
from bones.web.players import PlayerCookies, PlayerMiddleware, clean_name, load_secret
from bones.web.referee import Referee
from bones.web.schemas import MoveIn, NameIn, NewGame, Pending, PlayerOut, Problem, RulesPage, StepIn, View
from bones.web.security import Guard, StrictJSONRoute, validation_problems
from bones.web.storage import Store, data_dir
from bones.web.table import Conflict, NotFound, TableError
from bones.web.thinking import hint_waiting, redis_from_env, step_waiting, thinking_for

HERE = Path(__file__).parent


class Invalid(TableError):
    status = 422


class FreshStaticFiles(StaticFiles):
    """The front end's files, which the browser asks again about on each load (it still gets a 304
    when nothing changed): a new release must not run next to modules of the old one from the cache."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def create_app(store: Store | None = None, allow_setup: bool = False, referee: Referee | None = None) -> FastAPI:
    """The web table; ``allow_setup`` lets requests choose the deal (tests only)."""
    app = FastAPI(
        title="bones web table",
        version=__version__,
        description=(
            "Domino games against computer players. The server referees: it checks every move, "
            "refuses stale ones (move_number) and never sends a tile that the seat may not see."
        ),
    )
    app.router.route_class = StrictJSONRoute
    referee = referee or Referee(store or Store(), allow_setup=allow_setup)
    store = referee.store
    app.state.referee = referee
    app.state.hub = hub = live.Hub(referee, bus_from_env())

    # The computers think on workers (thinking.py), and hints and reviews are searched there too: this process asks, a
    # worker saves the move (and tells the table), keeps the hint (and tells its asker) or keeps the review.
    def learned(job: Job, done: dict[str, Any]) -> None:
        """A job a local worker process did (with Redis, ``bones worker`` keeps and tells all this itself)."""
        if isinstance(job, MoveJob):
            referee.learned(job.table, job.move_number, str(done["move"]))
        elif isinstance(job, HintJob):
            referee.keep_hint(job.table, job.move_number, job.seat, job.played, done)
        event = hint_event(job)
        if event is not None:
            hub.bus.publish(event)

    thinking = thinking_for(store.url, redis_from_env(), learned)
    referee.thinker = lambda table_id, move_number, seat, level: thinking.ask(
        MoveJob(table_id, move_number, seat, level)
    )
    referee.hinter = lambda table_id, move_number, seat, played, before: thinking.ask(
        HintJob(table_id, move_number, seat, played), before
    )
    app.router.on_shutdown.append(thinking.close)
    app.router.on_shutdown.append(hub.bus.aclose)  # the events still in the outbox go out before the process ends
    app.include_router(sockets.router(hub))
    app.include_router(lobby.router(hub))
    app.include_router(rematch.router(hub))
    app.state.reviews = review_jobs = reviews.Reviews(
        store, lambda game_id, depth: thinking.ask(ReviewJob(game_id, depth))
    )
    app.include_router(reviews.router(referee, review_jobs))
    app.include_router(history.router(history.History(referee, review_jobs)))
    templates = Jinja2Templates(directory=HERE / "templates")
    app.mount("/static", FreshStaticFiles(directory=HERE / "static"), name="static")
    # The last added runs first: the guard sees every request before anything else.
    app.add_middleware(PlayerMiddleware, cookies=PlayerCookies(load_secret(data_dir(store.url))))
    app.add_middleware(Guard)

    @app.exception_handler(TableError)
    def table_error(_request: Request, error: TableError) -> JSONResponse:
        headers = {}
        if isinstance(error, TooManyRequests):
            headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
        return JSONResponse({"detail": error.message}, status_code=error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer quotes each bad value whole (a 60 KB string, the whole body): only excerpts here.
        detail, items = validation_problems(error.errors())
        return JSONResponse({"detail": detail, "errors": items}, status_code=422)

    errors: dict[int | str, dict[str, Any]] = {
        400: {"model": Problem, "description": "an illegal move or bad value; nothing changed"},
        403: {"model": Problem, "description": "missing or wrong seat token"},
        404: {"model": Problem, "description": "no such game"},
        409: {"model": Problem, "description": "stale move number, not your turn, or the hand sheet is open"},
    }

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "index.html", {"version": __version__})

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        # Browsers ask for it on pages that name no icon (the API docs); a 404 there is noise in the console.
        return FileResponse(HERE / "static" / "favicon.svg", media_type="image/svg+xml")

    @app.get("/api/catalog", summary="The games, levels and player counts the table offers")
    def catalog() -> dict[str, Any]:
        games = game_catalog()
        for game in games:
            game["levels_ready"] = available_levels(game["id"])
        return {"games": games, "levels": list(LEVELS)}

    @app.get("/api/player", response_model=PlayerOut, summary="You: your name and your unfinished matches")
    def who(player: Player) -> dict[str, Any]:
        games = []
        for game in store.games_of(player):
            # The seat token of each: the cookie proves the player, and other sites cannot read this answer.
            seat = referee.seats_held(game.id, player)[0]
            games.append(
                {
                    "id": game.id,
                    "game": game.game,
                    "level": game.level,
                    "move_number": game.move_number,
                    "updated": game.updated_at,
                    "seat": seat,
                    "token": game.seats[seat].get("token"),
                }
            )
        return {"name": store.name_of(player), "games": jsonable(games)}

    @app.put("/api/player/name", response_model=PlayerOut, responses=errors, summary="Set the name others see")
    def set_name(body: NameIn, player: Player) -> dict[str, Any]:
        try:
            name = clean_name(body.name)
        except ValueError as error:
            raise Invalid(str(error)) from None
        store.set_name(player, name)
        return who(player)

    @app.post("/api/games", status_code=201, response_model=View, responses=errors, summary="Start a match")
    def new_game(body: NewGame, player: Player) -> dict[str, Any]:
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        table = referee.create(
            body.game,
            body.level,
            body.players,
            body.seed,
            body.setup,
            seats,
            options=body.options,
            problem=body.problem,
            player=player,
            name=store.name_of(player),
        )
        return table.view(0, token=True)

    @app.get("/api/problems/{game}", summary="A puzzle's problems from the book, with your progress")
    def problems(game: Annotated[str, PathParam(max_length=32)], player: Player) -> dict[str, Any]:
        if find_entry(game) is None:
            raise NotFound(f"no game {game!r}")
        return referee.problems(game, player)

    @app.get("/api/rules/{game}", response_model=RulesPage, responses=errors, summary="The rules page of a game")
    def rules_page(
        game: str,
        players: Annotated[
            int | None, Query(ge=1, le=8, description="the players chosen (the page's own table)")
        ] = None,
    ) -> dict[str, Any]:
        # An entry of the table's list may be a registered game with options fixed (a variant).
        game_id, fixed = resolve_game(game)
        try:
            info = game_info(game_id)
            chosen = dict(fixed)
            counts = next((o.choices for o in info.options if o.name == "players" and o.name not in fixed), None)
            if players is not None and counts and players in counts:
                chosen["players"] = players
            text = info.make(**chosen).describe()
        except GameOptionError as error:
            raise NotFound(str(error)) from None
        options = [
            {"name": o.name, "default": o.default, "choices": list(o.choices) if o.choices else None, "help": o.help}
            for o in info.options
            if o.name not in fixed
        ]
        entry = find_entry(game)
        sections = rulebook.parse(text)
        title = entry.title if entry else info.title
        return {
            "game": game,
            "title": title,
            "text": rulebook.plain(sections),
            "sections": rulebook.to_json(sections),
            "options": options,
        }

    @app.get(
        "/api/games/current",
        response_model=View,
        responses={**errors, 204: {"description": "there is no unfinished match"}},
        summary="Your unfinished match that moved last, for CONTINUE (with your seat token)",
    )
    def current(player: Player) -> Any:
        table = referee.current(player)
        if table is None:
            # Having no match to continue is normal, not an error: a 404 would be logged on every first visit.
            return Response(status_code=204)
        return referee.seat_view(table.id, referee.seats_held(table.id, player)[0], token=True)

    @app.get("/api/games/{game_id}", response_model=View, responses=errors, summary="Your view of a match")
    def view(game_id: GameId, player: Player, token: Token = None) -> dict[str, Any]:
        return referee.view(game_id, player, token)

    @app.post(
        "/api/games/{game_id}/seats/{seat}",
        response_model=View,
        responses=errors,
        summary="Take a free seat for a person (the match's id is its invitation); the answer has its token",
    )
    def take_seat(game_id: GameId, seat: Annotated[int, PathParam(ge=0, le=8)], player: Player) -> dict[str, Any]:
        referee.take_seat(game_id, player, seat)
        return referee.seat_view(game_id, seat, token=True)

    @app.post("/api/games/{game_id}/moves", response_model=View, responses=errors, summary="Play your move")
    def move(game_id: GameId, body: MoveIn, player: Player, token: Token = None) -> dict[str, Any]:
        return referee.play(game_id, player, token, body.move, body.move_number)

    @app.post(
        "/api/games/{game_id}/step",
        response_model=View,
        responses=errors,
        summary="Let a computer make its move (or make a human's forced move, the view's forced)",
    )
    async def step(game_id: GameId, body: StepIn, player: Player, token: Token = None) -> dict[str, Any]:
        # A computer's move is a worker's: the answer waits (holding no thread) a while for it, else the page asks again.
        return await step_waiting(
            hub.bus,
            game_id,
            body.move_number,
            lambda: referee.step(game_id, player, token, body.move_number),
            lambda: referee.view(game_id, player, token),
        )

    @app.post(
        "/api/games/{game_id}/undo",
        response_model=View,
        responses=errors,
        summary="Take your last move back (a puzzle played alone: the view's undo says where)",
    )
    def undo(game_id: GameId, body: StepIn, player: Player, token: Token = None) -> dict[str, Any]:
        return referee.undo(game_id, player, token, body.move_number)

    @app.post(
        "/api/games/{game_id}/restart",
        response_model=View,
        responses=errors,
        summary="Take every move back: the puzzle as it was dealt (where the view's undo is true)",
    )
    def restart(game_id: GameId, body: StepIn, player: Player, token: Token = None) -> dict[str, Any]:
        return referee.restart(game_id, player, token, body.move_number)

    @app.post("/api/games/{game_id}/next-hand", response_model=View, responses=errors, summary="Close the hand sheet")
    def next_hand(game_id: GameId, player: Player, token: Token = None) -> dict[str, Any]:
        return referee.next_hand(game_id, player, token)

    @app.post(
        "/api/games/{game_id}/abandon",
        response_model=View,
        responses=errors,
        summary="Give up an unfinished match (your statistics count it as abandoned)",
    )
    def abandon(game_id: GameId, player: Player, token: Token = None) -> dict[str, Any]:
        return referee.abandon(game_id, player, token)

    @app.get(
        "/api/games/{game_id}/hint",
        responses={
            **errors,
            202: {"model": Pending, "description": "still searched: ask again (the answer waits a while for it)"},
            429: {"model": Problem, "description": "too many hints: wait Retry-After seconds"},
        },
        summary="The best move now, with every move's estimate when the game has an analysis",
    )
    async def get_hint(game_id: GameId, player: Player, token: Token = None) -> Any:
        # A hint is a worker's search: the answer waits (holding no thread) a while for it, else the page asks again.
        found = await hint_waiting(hub.bus, hints_channel(game_id), lambda: referee.hint(game_id, player, token))
        if found is None:
            pending = {"pending": True, "detail": "the hint is still being searched: ask again"}
            return JSONResponse(pending, status_code=202, headers={"Retry-After": "1"})
        return found

    @app.get("/api/games/{game_id}/record", responses=errors, summary="The game record, once the match is over")
    def record(game_id: GameId, player: Player, token: Token = None) -> dict[str, Any]:
        table, _seat = referee.seat(game_id, player, token)
        if not table.state.is_over:
            # The record holds the seed, which gives every hidden tile away.
            raise Conflict("the record is available when the match is over")
        return table.record.to_dict()

    @app.get("/api/stats", summary="Your statistics for one game and level (or all of them)")
    def stats(
        player: Player,
        game: Annotated[str | None, Query(max_length=32, description="game id")] = None,
        level: Annotated[str | None, Query(max_length=32, description="level")] = None,
    ) -> dict[str, Any]:
        if game is None and level is None:
            return {"stats": store.all_stats(player)}
        offered = all_games()
        if game not in offered or level not in LEVELS:
            raise TableError(f"stats need a game ({', '.join(offered)}) and a level ({', '.join(LEVELS)})")
        return referee.stats(player, game, level)

    return app


def jsonable(value: Any) -> Any:
    from fastapi.encoders import jsonable_encoder

    return jsonable_encoder(value, custom_encoder={Exception: str})
