"""Explicit Tetradominoes positions for tests and study: reading and checking a setup."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bones.game import IllegalMoveError
from bones.tetradominoes.kernel import PLACE, TET, TILES_BY_PAIR, Kernel
from bones.tetradominoes.moves import TetraMove, parse_move
from bones.tetradominoes.pieces import ANY_COLOUR, COLOURS, PIECES
from bones.tiles import TILES, SetupTiles, mask_of, pip_set

if TYPE_CHECKING:
    from bones.tetradominoes.rules import TetraRules

KNOWN = ("hands", "revealed", "boneyard", "board", "tetrominoes", "discarded", "first", "to_move", "game", "scores")


def read_setup(
    rules: TetraRules, seed: int, setup: Mapping[str, Any]
) -> tuple[Kernel, int, int, tuple[int, ...], tuple[int, ...]]:
    """The kernel, game number, first player, tournament scores and tiles set aside of ``setup``."""
    unknown = set(setup) - set(KNOWN)
    if unknown:
        raise ValueError(f"unknown setup fields {sorted(unknown)}; known: {list(KNOWN)}")
    players = rules.players
    game_no = int(setup.get("game", 1))
    if game_no < 1:
        raise ValueError("setup 'game' counts from 1")
    first = _seat(setup.get("first", rules.first_player(game_no)), players, "first")
    to_move = _seat(setup.get("to_move", first), players, "to_move")
    tile_set = pip_set(6)
    given = SetupTiles(tile_set)
    read = given.read

    raw_hands = setup.get("hands")
    if not isinstance(raw_hands, Sequence) or len(raw_hands) != players:
        raise ValueError(f"setup needs 'hands': one list of dominoes for each of the {players} seats")
    hidden = [mask_of(read(h, f"hand {i}")) for i, h in enumerate(raw_hands)]
    raw_revealed = setup.get("revealed", [[] for _ in range(players)])
    if not isinstance(raw_revealed, Sequence) or len(raw_revealed) != players:
        raise ValueError(f"setup 'revealed' needs one list for each of the {players} seats")
    revealed = [mask_of(read(r, f"revealed {i}")) for i, r in enumerate(raw_revealed)]
    board = []
    for text in setup.get("board", []):
        move = _parse(text, "board")
        if move.kernel[0] != PLACE:
            raise ValueError(f"setup 'board' holds dominoes like '4:6@1,2>', not {text!r}")
        _, a, b, x, y = move.kernel
        read([TILES[TILES_BY_PAIR[a][b]]], "board")
        board.append((a, b, x, y))
    pile_given = "boneyard" in setup
    pile = read(setup.get("boneyard", []), "boneyard")
    rest = [int(t) for t in tile_set.tiles if int(t) not in given.seen]
    aside: tuple[int, ...] = ()
    if pile_given:
        aside = tuple(rest)
    else:
        random.Random(f"bones:{seed}:setup").shuffle(rest)
        pile += rest

    kernel = Kernel(rules.spec(first), hidden, pile[::-1], to_move, f"bones:{seed}:{game_no}")
    kernel.revealed = revealed
    for a, b, x, y in board:
        for c in (x, y):
            if c in kernel.num:
                raise ValueError(f"setup 'board': two dominoes on one cell ({_cell_name(c)})")
        kernel.num[x], kernel.num[y] = a, b
        kernel.mate[x], kernel.mate[y] = y, x
        kernel.free.update((x, y))
    _lay_tetrominoes(kernel, rules, setup.get("tetrominoes", []), first)
    for letter in setup.get("discarded", []):
        if players != 1:
            raise ValueError("setup 'discarded' is for the solitaire")
        piece = _piece(letter)
        if not kernel.pool >> piece & 1:
            raise ValueError(f"setup: the {letter} piece is used twice")
        kernel.pool &= ~(1 << piece)
        kernel.discarded |= 1 << piece
    if players == 1 and not kernel.pool:
        raise ValueError("setup: every tetromino is already used")
    if rules.target and max(kernel.counts) >= rules.target:
        raise ValueError(f"setup: a side already has {rules.target} tetrominoes")
    scores = tuple(int(s) for s in setup.get("scores", (0,) * rules.num_sides))
    if len(scores) != rules.num_sides:
        raise ValueError(f"setup 'scores' needs {rules.num_sides} numbers")
    return kernel, game_no, first, scores, aside


def _lay_tetrominoes(kernel: Kernel, rules: TetraRules, entries: Any, first: int) -> None:
    colours = rules.colours(first)
    for entry in entries:
        text, seat = (entry.get("move"), entry.get("seat")) if isinstance(entry, Mapping) else (entry, None)
        move = _parse(str(text), "tetrominoes")
        if move.kernel[0] != TET:
            raise ValueError(f"setup 'tetrominoes' holds moves like 'J/light@0,1 1,1 1,2 1,3', not {text!r}")
        _, piece, colour, cells = move.kernel
        if seat is None:
            seat = next((s for s, c in enumerate(colours) if c in (colour, ANY_COLOUR)), 0)
        seat = _seat(seat, rules.players, "tetromino seat")
        if colours[seat] not in (colour, ANY_COLOUR):
            raise ValueError(f"setup: seat {seat} lays tetrominoes {COLOURS[colours[seat]]} side up ({text!r})")
        if not kernel.pool >> piece & 1:
            raise ValueError(f"setup: the {PIECES[piece]} piece is laid twice")
        for c in cells:
            if c not in kernel.num:
                raise ValueError(f"setup: {text!r} hangs off the dominoes at {_cell_name(c)}")
            if c in kernel.cover:
                raise ValueError(f"setup: {text!r} overlaps another tetromino at {_cell_name(c)}")
        index = len(kernel.tets)
        kernel.tets.append((piece, colour, seat, cells))
        for c in cells:
            kernel.cover[c] = index
            kernel.colour_at[c] = colour
            kernel.free.discard(c)
        kernel.pool &= ~(1 << piece)
        kernel.counts[rules.sides[seat]] += 1


def _parse(text: str, where: str) -> TetraMove:
    try:
        return parse_move(str(text))
    except IllegalMoveError as error:
        raise ValueError(f"setup '{where}': {error}") from None


def _piece(letter: Any) -> int:
    text = str(letter).upper()
    if len(text) != 1 or text not in PIECES:
        raise ValueError(f"setup: no piece {letter!r}; the pieces are {' '.join(PIECES)}")
    return PIECES.index(text)


def _seat(value: Any, players: int, where: str) -> int:
    seat = int(value)
    if not 0 <= seat < players:
        raise ValueError(f"setup '{where}' must be a seat 0..{players - 1}")
    return seat


def _cell_name(code: int) -> str:
    from bones.tetradominoes.pieces import cell_text

    return cell_text(code)
