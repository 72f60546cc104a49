"""Runners' explicit setups: a position's fields checked and read, and the reference diagrams' text format."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from bones.game import (
    IllegalMoveError,
)
from bones.runners.kernel import (
    BLACK,
    BLACK_SEAT,
    CAPT,
    CELLS,
    CHECKERS,
    CHK,
    COLS,
    HAND,
    ROWS,
    RUN,
    SWAPPED,
    TURN,
    WHITE,
    Board,
    Pos,
    cell_name,
    cell_of,
    check_tiles,
    grid_cells,
    parse_board,
    parse_cell,
)

# -- explicit setups --------------------------------------------------------------


def _read_setup(setup: Mapping[str, Any], rng: random.Random) -> tuple[Board, Pos]:
    """Check and read an explicit position (see ``setup_from_text`` for the fields)."""
    known = {"board", "runners", "checkers", "captured", "black_seat", "to_move", "swapped"}
    unknown = set(setup) - known
    if unknown:
        raise ValueError(f"unknown setup fields {sorted(unknown)}; known: {sorted(known)}")
    board_text = setup.get("board")
    board = Board.shuffled(rng) if board_text is None else parse_board(_text(board_text, "board"))
    black = setup.get("black_seat", 0)
    if black not in (0, 1):
        raise ValueError("setup 'black_seat' is 0 or 1")
    seats = {BLACK: black, WHITE: 1 - black}

    def by_colour(name: str, default: Any) -> dict[str, Any]:
        value = setup.get(name) or {}
        if not isinstance(value, Mapping) or set(value) - {BLACK, WHITE}:
            raise ValueError(f"setup {name!r} maps 'black' and 'white' to their values")
        return {BLACK: value.get(BLACK, default), WHITE: value.get(WHITE, default)}

    runners = by_colour("runners", None)
    checkers = by_colour("checkers", [])
    captured = by_colour("captured", 0)
    taken: dict[int, str] = {}
    runner_cells = {}
    masks = {}
    for colour in (BLACK, WHITE):
        cell = runners[colour]
        runner_cells[colour] = -1 if cell is None else _setup_cell(cell, f"the {colour} runner", taken)
        mask = 0
        for text in checkers[colour]:
            c = _setup_cell(text, f"a {colour} checker", taken)
            if board.values[c] == 0:
                raise ValueError(f"a {colour} checker on {cell_name(c)} would lie on a blank")
            mask |= 1 << c
        masks[colour] = mask
        if not isinstance(captured[colour], int) or captured[colour] < 0:
            raise ValueError(f"setup 'captured' for {colour} must be a count")
    hands = {}
    for colour, other in ((BLACK, WHITE), (WHITE, BLACK)):
        hands[colour] = CHECKERS - masks[colour].bit_count() - captured[other]
        if hands[colour] < 0:
            raise ValueError(f"{colour} would have placed more than {CHECKERS} checkers")
    swapped = bool(setup.get("swapped", False))
    if runner_cells[BLACK] < 0 and runner_cells[WHITE] >= 0:
        raise ValueError("the black runner is placed before the white one")
    to_move = setup.get("to_move")
    if to_move is None:
        if runner_cells[BLACK] < 0:
            to_move = BLACK
        elif runner_cells[WHITE] < 0:
            to_move = WHITE
        elif hands[BLACK] == hands[WHITE]:
            to_move = BLACK
        elif hands[BLACK] == hands[WHITE] - 1:
            to_move = WHITE
        else:
            raise ValueError(
                f"black has {hands[BLACK]} checkers to place and white {hands[WHITE]}: say who moves ('to_move')"
            )
    if to_move not in (BLACK, WHITE):
        raise ValueError("setup 'to_move' is 'black' or 'white'")
    pos = [0] * 11
    for colour in (BLACK, WHITE):
        seat = seats[colour]
        pos[CHK + seat] = masks[colour]
        pos[RUN + seat] = runner_cells[colour]
        pos[HAND + seat] = hands[colour]
        pos[CAPT + seat] = captured[colour]
    pos[TURN] = seats[to_move]
    pos[BLACK_SEAT] = black
    pos[SWAPPED] = int(swapped)
    return board, tuple(pos)


def _text(value: Any, name: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return "\n".join(value)
    raise ValueError(f"setup {name!r} is text (or a list of lines)")


def _setup_cell(text: Any, what: str, taken: dict[int, str]) -> int:
    if not isinstance(text, str):
        raise ValueError(f"{what}: cells are written like d4, got {text!r}")
    try:
        cell = parse_cell(text)
    except IllegalMoveError as error:
        raise ValueError(f"{what}: {error}") from None
    if cell in taken:
        raise ValueError(f"{what} and {taken[cell]} are both on {cell_name(cell)}")
    taken[cell] = what
    return cell


_MARKS_PLAIN = re.compile(r"([A-Za-z])(\d)")
_MARKS_AT = re.compile(r"\((\d),(\d)\)([A-Za-z])")


def setup_from_text(text: str, **extra: Any) -> dict[str, Any]:
    """A setup from the reference texts' diagrams: the grid, ``---``, then a marker line.

    Markers are ``B``/``W`` runners, ``b``/``w`` checkers and ``N`` the neutral runner
    (ignored). Either the letters stand in the grid and the marker line gives the number
    under each (``B4W6``: the black runner is on a 4, the white one on a 6), or the
    grid shows only numbers and the marker line places the pieces by coordinates
    (``(5,6)W,(0,6)b``: column from the left, row from the bottom, both from 0).
    ``arrows:`` lines are ignored. ``extra`` fields (``to_move``, ``captured``,
    ``black_seat``, ``swapped``) are added to the setup as they are.
    """
    grid_text, _, marker_text = text.partition("---")
    marker_lines = [line.strip() for line in marker_text.strip().split("\n") if line.strip()]
    marker_lines = [line for line in marker_lines if not line.startswith("arrows:")]
    markers = marker_lines[0] if marker_lines else ""
    chars, partner = grid_cells(grid_text)
    placed: dict[int, str] = {}
    if _MARKS_AT.search(markers):
        for x, y, letter in _MARKS_AT.findall(markers):
            cell = cell_of(int(x), int(y))
            if not (0 <= int(x) < COLS and 0 <= int(y) < ROWS):
                raise ValueError(f"marker ({x},{y}) is off the board")
            placed[cell] = letter
    else:
        queues: dict[str, list[int]] = {}
        for letter, number in _MARKS_PLAIN.findall(markers):
            queues.setdefault(letter, []).append(int(number))
        for y in range(ROWS - 1, -1, -1):
            for x in range(COLS):
                cell = cell_of(x, y)
                letter = chars[cell]
                if letter.isalpha():
                    if not queues.get(letter):
                        raise ValueError(
                            f"the marker line does not say what number is under {letter} at {cell_name(cell)}"
                        )
                    placed[cell] = letter
                    chars[cell] = str(queues[letter].pop(0))
    bad = [cell_name(c) for c, ch in chars.items() if ch not in "0123456"]
    if bad:
        raise ValueError(f"cells {', '.join(sorted(bad))} do not hold a number 0-6")
    board = Board(tuple(int(chars[c]) for c in range(CELLS)), tuple(partner[c] for c in range(CELLS)))
    check_tiles(board)
    setup: dict[str, Any] = {"board": board.text()}
    runners: dict[str, str] = {}
    checkers: dict[str, list[str]] = {BLACK: [], WHITE: []}
    for cell, letter in sorted(placed.items()):
        if letter in "BW":
            runners[BLACK if letter == "B" else WHITE] = cell_name(cell)
        elif letter in "bw":
            checkers[BLACK if letter == "b" else WHITE].append(cell_name(cell))
        elif letter != "N":
            raise ValueError(f"unknown marker {letter!r}: use B, W, b, w or N")
    if runners:
        setup["runners"] = runners
    if checkers[BLACK] or checkers[WHITE]:
        setup["checkers"] = checkers
    setup.update(extra)
    return setup
