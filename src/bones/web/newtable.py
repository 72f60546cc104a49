"""What a new table is made of, before anything is stored: the game and its options resolved, the seats, the
deal; and the puzzles' books of problems. Every refusal is a ``TableError`` (or ``Forbidden``) in words a
person can act on; the referee (referee.py) stores what this makes and gives the table out."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import bones
from bones.bots import LEVELS
from bones.game import GameOptionError, Rules, Solvable, State
from bones.registry import PuzzleProblem, game_info
from bones.web.entries import all_games, chosen_options, resolve_game
from bones.web.table import COMPUTER, HUMAN, Forbidden, Seat, TableError, default_names


@dataclass(frozen=True)
class NewTable:
    """A table's makings: the registered game (a variant resolved to its game and options), the level of its
    computers, its seats and its first state."""

    game: str
    level: str
    seats: list[Seat]
    state: State


def new_table(
    game: str,
    level: str,
    players: int | None = None,
    seed: int | None = None,
    setup: Mapping[str, Any] | None = None,
    seats: Sequence[Mapping[str, Any]] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    problem: int | None = None,
    name: str | None = None,
    allow_setup: bool = False,
) -> NewTable:
    """The makings of a table of ``game`` (a catalog entry) at ``level``, seat 0 shown as ``name`` unless the seat
    list names it; ``problem``: the book's problem of that number; ``seed`` and a ``setup`` of one's own only where
    ``allow_setup`` (a test server)."""
    offered = all_games()
    if game not in offered:
        raise TableError(f"unknown game {game!r}; the web table plays {', '.join(offered)}")
    level = level.lower()
    if level not in LEVELS:
        raise TableError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    if (seed is not None or (setup is not None and problem is None)) and not allow_setup:
        # The seed gives the whole deal away; only tests may choose it.
        raise Forbidden("choosing the seed or the deal is only allowed on a test server")
    try:
        chosen = chosen_options(game, options or {})
    except GameOptionError as error:
        raise TableError(str(error)) from None
    game, resolved = resolve_game(game)
    resolved.update(chosen)
    if problem is not None:
        # the book's layout, which the player chose by number: no secret in it, unlike a seed
        laid_out = book_problem(game, problem, chosen)
        resolved.update(laid_out.options)
        setup = laid_out.setup
    # A game with a fixed number of players (no players option) refuses another number below.
    if players is not None and "players" in game_info(game).option_names() and "players" not in resolved:
        resolved["players"] = players
    try:
        rules = bones.rules(game, **resolved)
    except GameOptionError as error:
        raise TableError(str(error)) from None
    if players is not None and players != rules.num_players:
        raise TableError(f"{rules.title} is played by {rules.num_players} players")
    seat_list = seats_of(rules, level, seats, name)
    if seed is None:
        # 128 bits: a player's own hands must not narrow the seed down to a few the deals can be read from.
        seed = secrets.randbits(128)
    try:
        state = rules.new_game(seed=seed, setup=setup)
    except ValueError as error:
        # a layout generated to a difficulty may not come in its bounded number of deals
        raise TableError(f"the setup is not valid: {error}" if setup is not None else str(error)) from None
    return NewTable(game, level, seat_list, state)


def seats_of(
    rules: Rules, level: str, seats: Sequence[Mapping[str, Any]] | None, host: str | None = None
) -> list[Seat]:
    """The seats ``seats`` asks for (kind, name, a computer's level, a person's token), else the host against
    computers at ``level``; seat 0 is the host's."""
    defaults = default_names(rules.num_players)
    names = [host or defaults[0], *defaults[1:]]
    if seats is None:
        return [Seat(HUMAN, names[0], token=secrets.token_urlsafe(24))] + [
            Seat(COMPUTER, name, level) for name in names[1:]
        ]
    if len(seats) != rules.num_players:
        raise TableError(f"{rules.title} needs {rules.num_players} seats, {len(seats)} were given")
    out = []
    # Where several people sit, an unnamed one is "Player N" to the others (the solo default "You" would
    # name the host to everybody else as themselves).
    people = sum(spec.get("kind", COMPUTER) == HUMAN for spec in seats)
    for number, spec in enumerate(seats):
        kind = spec.get("kind", COMPUTER)
        default = names[number]
        if kind == HUMAN and people > 1 and not (number == 0 and host):
            default = f"Player {number + 1}"
        name = str(spec.get("name") or default)[:24]
        if kind == HUMAN:
            # A lobby (web/lobby.py) hands out each seat's token when the seat is taken, before the match starts.
            out.append(Seat(HUMAN, name, token=str(spec.get("token") or secrets.token_urlsafe(24))))
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


def book_problem(game: str, number: int, chosen: Mapping[str, Any]) -> PuzzleProblem:
    """Problem ``number`` of ``game``'s book, if the options ``chosen`` do not contradict its own."""
    info = game_info(game)
    book = info.problems() if info.problems else ()
    found = next((p for p in book if p.number == number), None)
    if found is None:
        numbers = f"problems 1-{len(book)}" if book else "no problem set"
        raise TableError(f"{info.title} has no problem {number}: it has {numbers}")
    clash = [name for name, value in chosen.items() if found.options.get(name, value) != value]
    if clash:
        raise TableError(f"problem {number} is played with {', '.join(f'{n}={found.options[n]}' for n in clash)}")
    return found


def problem_book(game: str) -> tuple[str, Sequence[PuzzleProblem]]:
    """The registered game of catalog entry ``game`` and its book of problems (empty without one)."""
    game_id, _fixed = resolve_game(game)
    info = game_info(game_id)
    return game_id, (info.problems() if info.problems else ())


@functools.cache
def shortest_solution(game: str, number: int) -> int | None:
    """The moves of a shortest solution of a book's problem (the exact solver's; None if it has none)."""
    problem = book_problem(game, number, {})
    state = bones.rules(game, **problem.options).new_game(setup=problem.setup)
    return len(state.solve()) if isinstance(state, Solvable) else None
