"""Moves of the line-of-play games and their text form.

``6:3@left`` plays 6:3 on the left end (the matching number touches the end);
``6:6`` alone opens the hand; ``draw`` takes a tile from the boneyard (``draw:6:3``
names the tile taken: a game entered by hand, ``bones.line.entered``); ``pass``
gives up the turn. Ends are named left, right, up and down (the first spinner's
short sides) and then by number, ``@4``, ``@5``...

Moves are interned (one object for each tile on each end), and a position's legal moves are read
from its kernel (``legal_moves_of``) through a cache of the moves of each set of tiles fitting an end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bones.game import IllegalMoveError, Move
from bones.line.kernel import DRAW, PASS, PLAY, Kernel
from bones.tiles import TILES, Tile

END_NAMES = ("left", "right", "up", "down")


def end_name(slot: int) -> str:
    return END_NAMES[slot] if slot < len(END_NAMES) else str(slot)


def parse_end(text: str) -> int:
    text = text.strip().lower()
    if text in END_NAMES:
        return END_NAMES.index(text)
    if text.isascii() and text.isdigit():
        return int(text)
    raise IllegalMoveError(f"unknown end {text!r}: use left, right, up, down or an end number")


@dataclass(frozen=True, order=True)
class LineMove(Move):
    code: int
    tile: Tile | None = None
    slot: int = -1
    # (code, tile index, slot), kept ready: the public state and the bots apply moves
    # through it on every play. Made by __post_init__; not compared, not shown.
    _kernel_move: tuple[int, int, int] = field(init=False, repr=False, compare=False)

    @classmethod
    def play(cls, tile: Tile | int, slot: int = -1) -> LineMove:
        return cls(PLAY, TILES[tile], slot)

    @classmethod
    def parse(cls, text: str, max_pip: int = 12) -> LineMove:
        word = text.strip().lower()
        if word == "draw":
            return DRAW_MOVE
        if word.startswith("draw:"):
            try:
                drawn = Tile.parse(word.removeprefix("draw:"))
            except ValueError as error:
                raise IllegalMoveError(f"not a move: {text!r} (a named draw looks like draw:6:3)") from error
            if drawn.high > max_pip:
                raise IllegalMoveError(f"{drawn} is not in a double-{max_pip} set")
            return cls(DRAW, drawn)
        if word == "pass":
            return PASS_MOVE
        tile_text, _, end_text = word.partition("@")
        try:
            tile = Tile.parse(tile_text)
        except ValueError as error:
            raise IllegalMoveError(f"not a move: {text!r} (moves look like 6:3@left, 6:6, draw, pass)") from error
        if tile.high > max_pip:
            raise IllegalMoveError(f"{tile} is not in a double-{max_pip} set")
        slot = parse_end(end_text) if end_text else -1
        return cls(PLAY, tile, slot)

    @property
    def is_play(self) -> bool:
        return self.code == PLAY

    def __post_init__(self) -> None:
        object.__setattr__(self, "_kernel_move", (self.code, -1 if self.tile is None else int(self.tile), self.slot))

    @property
    def kernel_move(self) -> tuple[int, int, int]:
        return self._kernel_move

    def __str__(self) -> str:
        if self.code == DRAW:
            return "draw" if self.tile is None else f"draw:{self.tile}"
        if self.code == PASS:
            return "pass"
        if self.slot < 0:
            return str(self.tile)
        return f"{self.tile}@{end_name(self.slot)}"

    def __repr__(self) -> str:
        return f"LineMove({self})"


DRAW_MOVE = LineMove(DRAW)
PASS_MOVE = LineMove(PASS)


# Moves are immutable and few (tiles x ends), so each is made once: the public state
# turns every legal kernel move into a LineMove, and building them anew dominated play.
_INTERNED: dict[tuple[int, int, int], LineMove] = {}


def from_kernel(move: tuple[int, int, int]) -> LineMove:
    found = _INTERNED.get(move)
    if found is not None:
        return found
    code, tile, slot = move
    if code == DRAW:
        made = DRAW_MOVE
    elif code == PASS:
        made = PASS_MOVE
    else:
        made = LineMove(PLAY, TILES[tile], slot)
    _INTERNED[move] = made
    return made


_PLAY_MOVES: list[tuple[LineMove, ...]] = []


def play_moves(slot: int) -> tuple[LineMove, ...]:
    """Every tile's move onto end ``slot``, by tile index (made once, shared)."""
    while len(_PLAY_MOVES) <= slot:
        at = len(_PLAY_MOVES)
        _PLAY_MOVES.append(tuple(from_kernel((PLAY, tile, at)) for tile in range(len(TILES))))
    return _PLAY_MOVES[slot]


def legal_moves_of(kernel: Kernel) -> tuple[LineMove, ...]:
    """``kernel.legal()`` as LineMoves, in the same order, without the tuples in between
    (this is most of the work of a move through the public state)."""
    if not kernel.placed:
        return tuple(map(from_kernel, kernel.legal()))
    hand = kernel.hands[kernel.to_move]
    masks = kernel.masks
    moves: tuple[LineMove, ...] = ()
    for slot, value in enumerate(kernel.ends):
        fit = hand & masks[value]
        if fit:
            key = fit << SLOT_BITS | slot
            found = _FITTING.get(key)
            moves += found if found is not None else _fitting(key, fit, slot)
    if moves:
        return moves
    return (DRAW_MOVE,) if kernel.drawable() else (PASS_MOVE,)


# The moves of a set of tiles fitting one end, by (tiles, end): hands repeat, and one
# lookup is cheaper than walking the bits of each. Bounded, for the double-twelve sets.
_FITTING: dict[int, tuple[LineMove, ...]] = {}
FITTING_LIMIT = 100_000
SLOT_BITS = 6  # a hand has 2 ends and 2 more per spinner: 28 at most (13 doubles)


def fitting_moves(fit: int, slot: int) -> tuple[LineMove, ...]:
    """The moves that lay each tile of ``fit`` (a tile mask) on end ``slot``, in tile order; shared."""
    key = fit << SLOT_BITS | slot
    found = _FITTING.get(key)
    return found if found is not None else _fitting(key, fit, slot)


def _fitting(key: int, fit: int, slot: int) -> tuple[LineMove, ...]:
    at_slot = play_moves(slot)
    moves = []
    while fit:
        low = fit & -fit
        moves.append(at_slot[low.bit_length() - 1])
        fit ^= low
    made = tuple(moves)
    if len(_FITTING) < FITTING_LIMIT:
        _FITTING[key] = made
    return made


def refusal(kernel: Kernel, move: LineMove) -> str:
    """Why ``move``, which is not legal in the hand ``kernel`` holds, is refused: one line a player can act on."""
    seat = kernel.to_move
    if move.code == DRAW:
        if kernel.playable_mask(seat):
            return "you cannot draw: you hold a tile that fits"
        return "you cannot draw: the boneyard is closed" if kernel.spec.draws else "this game has no drawing"
    if move.code == PASS:
        if kernel.playable_mask(seat):
            return "you cannot pass: you hold a tile that fits, and you must play if you can"
        return "you cannot pass: draw from the boneyard first"
    tile = move.tile
    assert tile is not None
    if not kernel.hands[seat] >> tile & 1:
        return f"you do not hold {tile}"
    if kernel.placed == 0:
        if move.slot >= 0:
            return f"the table is empty: open with a tile alone, like {tile}"
        return f"this hand must be opened with {TILES[kernel.opening]}"
    if move.slot < 0:
        return f"say which end: {tile}@left or {tile}@right"
    if move.slot >= len(kernel.ends):
        open_ends = ", ".join(end_name(s) for s in range(len(kernel.ends)))
        return f"there is no end {end_name(move.slot)}; the open ends are {open_ends}"
    return f"{tile} does not fit the {end_name(move.slot)} end, which shows {kernel.ends[move.slot]}"
