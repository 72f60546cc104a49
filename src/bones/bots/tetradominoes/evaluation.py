"""What a Tetradominoes position offers: the places where one more domino lets a player lay a tetromino.

A *template* is a tetromino-shaped group of four cells of which one or two are
still empty and the rest are uncovered numbers. A domino laid on its empty cells
(with, for one empty cell, its other half outside) lets its player lay that
tetromino when the numbers under it are the domino's numbers: two different
numbers under it need exactly that domino, one number needs any domino with it.
The shape must still be in the pool for the player's colour, and must not touch a
tetromino of that colour. The tiles that open some template for a colour are its
*enabling* tiles; a player holding one can lay a tetromino next turn unless the
board changes first.
"""

from __future__ import annotations

from math import comb

from bones.bits import bits
from bones.tetradominoes.kernel import Kernel
from bones.tetradominoes.pieces import ANCHORED, DARK, DIRS, LIGHT, WIDTH
from bones.tiles import pip_set

SET = pip_set(6)
WITH_PIP = SET.with_pip
PAIR_TILE: dict[int, int] = {}
for _a in range(7):
    for _b in range(_a + 1, 7):
        PAIR_TILE[1 << _a | 1 << _b] = 1 << (_b * (_b + 1) // 2 + _a)
SINGLE_TILES: dict[int, int] = {1 << v: WITH_PIP[v] for v in range(7)}
MIRROR_INDEX = (3, 4, 2, 0, 1, 5, 6)


TILES_FOR: dict[int, int] = {**SINGLE_TILES, **PAIR_TILE}  # the enabling tiles by the numbers a template shows


def _tiles_for(numbers: int) -> int:
    return TILES_FOR.get(numbers, 0)


class Template:
    __slots__ = ("cells", "colours", "shape", "tiles")

    def __init__(self, cells: tuple[int, ...], tiles: int, colours: int, shape: int) -> None:
        self.cells = cells
        self.shape = shape  # the shape seen from above (index into PIECES)
        self.tiles = tiles  # mask of enabling tiles
        self.colours = colours  # bit 0: light may lay it, bit 1: dark


def template_at(kernel: Kernel, cells: tuple[int, ...], shape: int) -> Template | None:
    """The template of these four cells on ``kernel``'s board, or None."""
    num, free = kernel.num, kernel.free
    numbers = 0
    empties = []
    for c in cells:
        n = num.get(c)
        if n is None:
            empties.append(c)
        elif c in free:
            numbers |= 1 << n
        else:
            return None
    count = len(empties)
    if count == 0 or count > 2 or not numbers:
        return None
    tiles = _tiles_for(numbers)
    if not tiles:
        return None
    if count == 2:
        if abs(empties[0] - empties[1]) not in (1, WIDTH):
            return None
    else:
        e = empties[0]
        if not any(e + d not in num and e + d not in cells for d in DIRS):
            return None
    pool = kernel.pool
    colours = (pool >> shape & 1) | (pool >> MIRROR_INDEX[shape] & 1) << 1
    colour_at = kernel.colour_at
    if colours and colour_at:
        # A covered neighbour is never one of the cells (they are empty or uncovered).
        for c in cells:
            for d in DIRS:
                touching = colour_at.get(c + d)
                if touching is not None:
                    colours &= ~(1 << touching)
    if not colours:
        return None
    return Template(cells, tiles, colours, shape)


def templates_through(kernel: Kernel, anchors: tuple[int, ...] | list[int]) -> dict[tuple[int, ...], Template]:
    """Every template whose cells include one of ``anchors``."""
    out: dict[tuple[int, ...], Template] = {}
    seen: set[tuple[int, ...]] = set()
    num, free = kernel.num, kernel.free
    for base in anchors:
        for offsets, shape in ANCHORED:
            # Most windows fail at once (a covered cell, no empty one, or three numbers): skip those
            # before building the cells, which the look-ahead does thousands of times a move.
            empty = numbers = 0
            for o in offsets:
                n = num.get(base + o)
                if n is None:
                    empty += 1
                elif base + o in free:
                    numbers |= 1 << n
                else:
                    empty = 3
                    break
            if not 0 < empty < 3 or numbers not in TILES_FOR:
                continue
            cells = tuple(base + o for o in offsets)
            if cells in seen:
                continue
            seen.add(cells)
            template = template_at(kernel, cells, shape)
            if template is not None:
                out[cells] = template
    return out


def frontier(kernel: Kernel) -> list[int]:
    """Empty cells next to an uncovered number."""
    num = kernel.num
    out: set[int] = set()
    for c in kernel.free:
        for d in DIRS:
            if c + d not in num:
                out.add(c + d)
    return sorted(out)


def all_templates(kernel: Kernel) -> dict[tuple[int, ...], Template]:
    return templates_through(kernel, frontier(kernel))


def enabling(templates: dict[tuple[int, ...], Template] | list[Template], colour: int) -> int:
    """Mask of tiles that open some template for ``colour``."""
    bit = 1 << colour
    mask = 0
    for t in templates.values() if isinstance(templates, dict) else templates:
        if t.colours & bit:
            mask |= t.tiles
    return mask


class Board:
    """The templates of one position, with cheap updates for a domino laid on two empty cells."""

    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel
        self.templates = all_templates(kernel)
        self.by_cell: dict[int, list[Template]] = {}
        self.counts = ([0] * 28, [0] * 28)
        for t in self.templates.values():
            for c in t.cells:
                self.by_cell.setdefault(c, []).append(t)
            for colour in (LIGHT, DARK):
                if t.colours >> colour & 1:
                    counts = self.counts[colour]
                    for i in bits(t.tiles):
                        counts[i] += 1

    def enabling(self, colour: int) -> int:
        counts = self.counts[colour]
        return sum(1 << i for i in range(28) if counts[i])

    def _templates_through_domino(self, a: int, b: int, x: int, y: int) -> dict[tuple[int, ...], Template]:
        """The templates through x or y while (a, b) lies there for a moment (the board is left as it was)."""
        kernel = self.kernel
        num, free = kernel.num, kernel.free
        num[x] = a
        num[y] = b
        free.add(x)
        free.add(y)
        try:
            return templates_through(kernel, (x, y))
        finally:
            del num[x], num[y]
            free.discard(x)
            free.discard(y)

    def templates_after(self, a: int, b: int, x: int, y: int) -> list[Template]:
        """The templates once (a, b) lies on the empty cells x and y."""
        kept = [t for t in self.templates.values() if x not in t.cells and y not in t.cells]
        fresh = self._templates_through_domino(a, b, x, y)
        return kept + list(fresh.values())

    def after_domino(self, a: int, b: int, x: int, y: int) -> tuple[int, int]:
        """Enabling masks (light, dark) once (a, b) lies on the empty cells x and y."""
        gone: dict[int, Template] = {}
        for c in (x, y):
            for t in self.by_cell.get(c, ()):
                gone[id(t)] = t
        fresh = self._templates_through_domino(a, b, x, y)
        out = []
        for colour in (LIGHT, DARK):
            counts = self.counts[colour]
            removed: dict[int, int] = {}
            for t in gone.values():
                if t.colours >> colour & 1:
                    for i in bits(t.tiles):
                        removed[i] = removed.get(i, 0) + 1
            mask = 0
            for i in range(28):
                if counts[i] - removed.get(i, 0) > 0:
                    mask |= 1 << i
            bit = 1 << colour
            for t in fresh.values():
                if t.colours & bit:
                    mask |= t.tiles
            out.append(mask)
        return out[0], out[1]


def after_tetromino(
    templates: list[Template], kernel: Kernel, x: int, y: int, tet: tuple[int, int, tuple[int, ...]]
) -> list[Template]:
    """The templates once a domino on x, y and then ``tet`` (piece, colour, cells) are laid on ``kernel``
    (which already shows both): the covered and filled ones go, the piece leaves the pool for both
    sides, its colour may no longer touch it, and new ones appear around the domino."""
    piece, colour, cells = tet
    gone = set(cells)
    gone.update((x, y))
    near = {c + d for c in cells for d in DIRS} - gone
    out = []
    for t in templates:
        if any(c in gone for c in t.cells):
            continue
        colours = t.colours
        if t.shape == piece:
            colours &= ~1
        if MIRROR_INDEX[t.shape] == piece:
            colours &= ~2
        if colours >> colour & 1 and any(c in near for c in t.cells):
            colours &= ~(1 << colour)
        if colours == t.colours:
            out.append(t)
        elif colours:
            out.append(Template(t.cells, t.tiles, colours, t.shape))
    fresh = templates_through(kernel, (x, y))
    return out + list(fresh.values())


def chance_to_hold(enabled: int, revealed: int, hidden_count: int, unknown: int) -> float:
    """Chance that a hand of ``revealed`` plus ``hidden_count`` tiles drawn from ``unknown`` meets ``enabled``."""
    if revealed & enabled:
        return 1.0
    if hidden_count <= 0:
        return 0.0
    total = unknown.bit_count()
    if hidden_count >= total:
        return 1.0 if unknown & enabled else 0.0
    misses = (unknown & ~enabled).bit_count()
    return 1.0 - comb(misses, hidden_count) / comb(total, hidden_count)
