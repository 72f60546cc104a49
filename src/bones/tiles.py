"""Domino tiles as small integers.

A tile ``hi:lo`` (``hi >= lo``) has the index ``hi * (hi + 1) // 2 + lo``, so the
double-six set is 0..27, the double-nine set 0..54 and the double-twelve set
0..90, and a smaller set is a prefix of a bigger one. Hands and layouts are bit
masks over these indices; ``PipSet.with_pip[v]`` is the mask of tiles that carry
``v``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bones.bits import bits

MAX_PIPS = (6, 9, 12)
_TILE_TEXT = re.compile(r"^\s*(\d{1,2})\s*[:\-|]\s*(\d{1,2})\s*$")


def _index(hi: int, lo: int) -> int:
    return hi * (hi + 1) // 2 + lo


class Tile(int):
    """A domino as its index; ``str(tile)`` is ``"hi:lo"`` and parses back."""

    __slots__ = ()

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        if a < 0 or b < 0 or a > 12 or b > 12:
            raise ValueError(f"pips must be 0..12, got {a}:{b}")
        hi, lo = (a, b) if a >= b else (b, a)
        return TILES[_index(hi, lo)]

    @classmethod
    def parse(cls, text: str) -> Tile:
        match = _TILE_TEXT.match(text)
        if not match:
            raise ValueError(f"not a tile: {text!r} (write it like 6:3)")
        return cls.of(int(match[1]), int(match[2]))

    @property
    def high(self) -> int:
        return _HIGH[self]

    @property
    def low(self) -> int:
        return _LOW[self]

    @property
    def pips(self) -> int:
        return _HIGH[self] + _LOW[self]

    @property
    def is_double(self) -> bool:
        return _HIGH[self] == _LOW[self]

    def has(self, pip: int) -> bool:
        return pip in (_HIGH[self], _LOW[self])

    def other(self, pip: int) -> int:
        """The number at the far end when the ``pip`` side is joined."""
        if pip == _HIGH[self]:
            return _LOW[self]
        if pip == _LOW[self]:
            return _HIGH[self]
        raise ValueError(f"{self} has no {pip}")

    def __str__(self) -> str:
        return f"{_HIGH[self]}:{_LOW[self]}"

    def __repr__(self) -> str:
        return f"Tile({self})"


_HIGH: list[int] = []
_LOW: list[int] = []
for _hi in range(13):
    for _lo in range(_hi + 1):
        _HIGH.append(_hi)
        _LOW.append(_lo)
TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(len(_HIGH)))
HIGH: tuple[int, ...] = tuple(_HIGH)
LOW: tuple[int, ...] = tuple(_LOW)
PIPS: tuple[int, ...] = tuple(h + lo for h, lo in zip(_HIGH, _LOW))


@dataclass(frozen=True)
class PipSet:
    """A double-N set with the masks the engines need."""

    max_pip: int
    tiles: tuple[Tile, ...] = field(init=False)
    with_pip: tuple[int, ...] = field(init=False)
    full_mask: int = field(init=False)
    doubles_mask: int = field(init=False)

    def __post_init__(self) -> None:
        if self.max_pip not in MAX_PIPS:
            raise ValueError(f"sets are double-6, double-9 or double-12, not double-{self.max_pip}")
        count = _index(self.max_pip, self.max_pip) + 1
        object.__setattr__(self, "tiles", TILES[:count])
        masks = []
        for pip in range(self.max_pip + 1):
            mask = 0
            for tile in TILES[:count]:
                if HIGH[tile] == pip or LOW[tile] == pip:
                    mask |= 1 << tile
            masks.append(mask)
        object.__setattr__(self, "with_pip", tuple(masks))
        object.__setattr__(self, "full_mask", (1 << count) - 1)
        doubles = 0
        for pip in range(self.max_pip + 1):
            doubles |= 1 << _index(pip, pip)
        object.__setattr__(self, "doubles_mask", doubles)

    def __len__(self) -> int:
        return len(self.tiles)

    def tile(self, text: str) -> Tile:
        tile = Tile.parse(text)
        if tile.high > self.max_pip:
            raise ValueError(f"{tile} is not in a double-{self.max_pip} set")
        return tile


class SetupTiles:
    """Reads the tile lists of an explicit setup (hands, boneyard...) of one set, refusing
    a tile that the setup names twice, wherever the two are."""

    def __init__(self, tile_set: PipSet) -> None:
        self.tile_set = tile_set
        self.seen: set[int] = set()

    def read(self, texts: Any, where: str) -> list[int]:
        if not isinstance(texts, Sequence) or isinstance(texts, str):
            raise ValueError(f"setup {where} must be a list of tiles like '6:3'")
        out = []
        for text in texts:
            tile = int(self.tile_set.tile(str(text)))
            if tile in self.seen:
                raise ValueError(f"{TILES[tile]} appears twice in the setup ({where})")
            self.seen.add(tile)
            out.append(tile)
        return out

    def per_seat(self, texts: Any, players: int, name: str, label: str) -> list[list[int]]:
        """A setup field holding one list of tiles for each seat (``label`` and the seat name
        each list in errors: "hand 0")."""
        if not isinstance(texts, Sequence) or isinstance(texts, str) or len(texts) != players:
            raise ValueError(f"setup needs '{name}': one list of tiles for each of the {players} seats")
        return [self.read(seat_texts, f"{label} {seat}") for seat, seat_texts in enumerate(texts)]


@cache
def pip_set(max_pip: int = 6) -> PipSet:
    return PipSet(max_pip)


def mask_of(tiles: Iterable[int]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of a mask, lowest index first."""
    return [TILES[index] for index in bits(mask)]


def pips_of(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[low.bit_length() - 1]
        mask ^= low
    return total


def format_tiles(tiles: Iterable[object]) -> str:
    return " ".join(str(t) for t in tiles)
