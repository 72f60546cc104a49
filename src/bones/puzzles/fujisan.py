"""Fujisan (James Droscha, for dominoes and pawns): the board, the priests' moves, a solver, a generator.

The mountain is twelve dominoes standing side by side, so two rows of twelve
numbers; the two middle dominoes are the peak. Squares are named by row
(``T`` top, ``B`` bottom) and column: the mountain is columns 1-12, the peak
columns 6 and 7, and columns 0 and 13 are the priests' starting places beside
the two ends. A move is written ``T0-T3`` (from, to).

Moving (the reference text, rules 1-5): a priest moves along his row onto a
square whose number equals the unoccupied squares he crosses, the destination
included (occupied squares are not counted); he may step freely to the other
square of his domino (the only way onto a blank); from the ground he enters
along his own row. Once on the peak he refuses to leave it, but moves back and
forth in his domino and to and fro between the two peak dominoes (decision:
a priest on the peak steps freely to any unoccupied peak square; this reading
reproduces the published problems' designed progression of solution lengths).
He may pass over the peak.

Country Road: once all four priests are on the peak, the two peak dominoes go to
the starting places (column 6's to column 0, column 7's to column 13, turned as
they lay), the peak squares count as blanks, and the priests must all leave the
mountain: a priest who lands on an end domino has left and never steps back on.

The search state is one int: bit ``row * 14 + col`` for each occupied square,
plus bit 28 for the descent. Priests are alike, so a position is just the set
of occupied squares.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bones.puzzles.grid import Grid, GridFormatError

COLUMNS = 12
WIDTH = COLUMNS + 2  # with the two starting places
PEAK = (6, 7)
DESCENT = 1 << (2 * WIDTH)
TILES = tuple((a, b) for a in range(6) for b in range(a + 1, 6))  # the 15 dominoes: no sixes, no doubles


def square(row: int, col: int) -> int:
    return row * WIDTH + col


def square_name(sq: int) -> str:
    row, col = divmod(sq, WIDTH)
    return f"{'TB'[row]}{col}"


def parse_square(text: str) -> int:
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in "TB" or not (text[1:].isascii() and text[1:].isdigit()):
        raise ValueError(f"{text!r} is not a square: write T or B and a column 0-13, like T3")
    col = int(text[1:])
    if col >= WIDTH:
        raise ValueError(f"{text!r}: columns go from 0 to {WIDTH - 1}")
    return square("TB".index(text[0]), col)


PEAK_MASK = sum(1 << square(r, c) for r in (0, 1) for c in PEAK)
ENDS_MASK = sum(1 << square(r, c) for r in (0, 1) for c in (0, WIDTH - 1))
START = ENDS_MASK
PEAK_SQUARES = tuple(square(r, c) for r in (0, 1) for c in PEAK)
ROW_MASKS = (sum(1 << square(0, c) for c in range(WIDTH)), sum(1 << square(1, c) for c in range(WIDTH)))
# The squares whose occupancy decides a priest's moves: his row and his domino; on the peak
# during the climb, the peak alone.
NEAR_DOWN = tuple(ROW_MASKS[sq // WIDTH] | 1 << (sq + WIDTH if sq < WIDTH else sq - WIDTH) for sq in range(2 * WIDTH))
NEAR_UP = tuple(PEAK_MASK if sq % WIDTH in PEAK else NEAR_DOWN[sq] for sq in range(2 * WIDTH))


@dataclass(frozen=True)
class FujisanLayout:
    """The twelve dominoes of the mountain, left to right, as (top, bottom)."""

    columns: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if len(self.columns) != COLUMNS:
            raise GridFormatError(f"Fujisan needs {COLUMNS} dominoes side by side, got {len(self.columns)}")
        for top, bottom in self.columns:
            if not (0 <= top <= 9 and 0 <= bottom <= 9):
                raise GridFormatError(f"{top}|{bottom} is not a domino")

    @classmethod
    def from_grid(cls, grid: Grid) -> FujisanLayout:
        grid.require_full()
        if grid.height != 2 or grid.width != COLUMNS:
            raise GridFormatError(
                f"Fujisan is a row of {COLUMNS} upright dominoes (2 lines of {COLUMNS} numbers); "
                f"this grid is {grid.width} wide and {grid.height} high"
            )
        for c in range(COLUMNS):
            if grid.partner.get((0, c)) != (1, c):
                raise GridFormatError(f"column {c + 1} is not an upright domino (put a '-' under its top number)")
        return cls(tuple((grid.values[0][c], grid.values[1][c]) for c in range(COLUMNS)))  # type: ignore[misc]

    @classmethod
    def parse(cls, text: str) -> FujisanLayout:
        return cls.from_grid(Grid.parse(text))

    def grid(self) -> Grid:
        return Grid.from_dominoes(COLUMNS, 2, [((0, c), t, (1, c), b) for c, (t, b) in enumerate(self.columns)])

    def text(self) -> str:
        return self.grid().text()

    def values(self, descent: bool) -> tuple[int, ...]:
        """The number on every square (by index), for the ascent or the Country Road descent."""
        out = [0] * (2 * WIDTH)
        for c, (top, bottom) in enumerate(self.columns, start=1):
            if descent and c in PEAK:
                continue
            out[square(0, c)], out[square(1, c)] = top, bottom
        if descent:
            for end, peak in ((0, PEAK[0]), (WIDTH - 1, PEAK[1])):
                top, bottom = self.columns[peak - 1]
                out[square(0, end)], out[square(1, end)] = top, bottom
        return tuple(out)


class FujisanBoard:
    """Move generation and search for one layout."""

    def __init__(self, layout: FujisanLayout, country_road: bool) -> None:
        self.layout = layout
        self.country_road = country_road
        self.up = layout.values(False)
        self.down = layout.values(True)
        self._line_cache: dict[tuple[int, int, int], list[int]] = {}

    def is_goal(self, state: int) -> bool:
        if self.country_road:
            return bool(state & DESCENT) and state & ~DESCENT == ENDS_MASK
        return state == PEAK_MASK

    def moves(self, state: int) -> list[tuple[int, int, int]]:
        """Every (from, to, next state) from ``state``; the ascent's last move starts the descent."""
        out = []
        descent = state & DESCENT
        occ = state & ~DESCENT
        targets = self._targets
        bits = occ
        while bits:
            low = bits & -bits
            bits ^= low
            sq = low.bit_length() - 1
            for to in targets(sq, occ, descent):
                nxt = occ ^ low ^ (1 << to)
                if descent or (self.country_road and nxt == PEAK_MASK):
                    nxt |= DESCENT
                out.append((sq, to, nxt))
        return out

    def _targets(self, sq: int, occ: int, descent: int) -> list[int]:
        row, col = divmod(sq, WIDTH)
        if not descent and col in PEAK:
            free = PEAK_MASK & ~occ
            return [t for t in PEAK_SQUARES if free >> t & 1]
        key = (sq, occ & ROW_MASKS[row], descent)
        line = self._line_cache.get(key)
        if line is None:
            line = self._line_cache[key] = self._line_targets(sq, occ, descent)
        if 1 <= col <= WIDTH - 2 or descent:
            other = sq + WIDTH if row == 0 else sq - WIDTH
            if not occ >> other & 1:
                return line + [other]
        return line

    def _line_targets(self, sq: int, occ: int, descent: int) -> list[int]:
        """Where the count rule takes the priest on ``sq`` along his row."""
        row, col = divmod(sq, WIDTH)
        last = WIDTH - 1
        values = self.down if descent else self.up
        if descent:
            if col in (0, last):  # he has left the mountain: only his own domino
                return []
            directions: tuple[int, ...] = (-1, 1)
            lo, hi = 0, last
        else:
            directions = (1,) if col == 0 else (-1,) if col == last else (-1, 1)
            lo, hi = 1, last - 1  # the ascent lands on the mountain only
        out = []
        base = row * WIDTH
        for step in directions:
            count = 0
            c = col + step
            while lo <= c <= hi:
                here = base + c
                if not occ >> here & 1:
                    count += 1
                    if values[here] == count:
                        out.append(here)
                    elif count > 9:
                        break
                c += step
        return out

    def _relaxed_distances(self, descent: bool) -> list[float]:
        """Moves one priest needs to reach his goal squares when any other priests may lie in his way.

        With up to three others between, a run of d squares counts d - 3 to d
        unoccupied ones, so the priest may land on any number in that range. The
        sum over the priests is a lower bound that changes by at most one per
        move (each real move is a relaxed one), which keeps A* exact.
        """
        values = self.down if descent else self.up
        last = WIDTH - 1
        edges: list[list[int]] = [[] for _ in range(2 * WIDTH)]
        for sq in range(2 * WIDTH):
            row, col = divmod(sq, WIDTH)
            if not descent and col in PEAK:
                edges[sq] = [t for t in PEAK_SQUARES if t != sq]
                continue
            if descent and col in (0, last):
                continue
            if 1 <= col <= last - 1:
                edges[sq].append(sq + WIDTH if row == 0 else sq - WIDTH)
            lo, hi = (0, last) if descent else (1, last - 1)
            if not descent and col == 0:
                lo = 1
            for c in range(lo, hi + 1):
                if c == col or (not descent and col == last and c > col) or (not descent and col == 0 and c < col):
                    continue
                d = abs(c - col)
                if max(1, d - 3) <= values[row * WIDTH + c] <= d:
                    edges[sq].append(row * WIDTH + c)
        goals = ENDS_MASK if descent else PEAK_MASK
        dist = [float("inf")] * (2 * WIDTH)
        for sq in range(2 * WIDTH):
            if goals >> sq & 1:
                dist[sq] = 0
        changed = True
        while changed:  # tiny graph: relax until stable
            changed = False
            for sq in range(2 * WIDTH):
                best = min((dist[t] + 1 for t in edges[sq]), default=float("inf"))
                if best < dist[sq]:
                    dist[sq] = best
                    changed = True
        return dist

    def solve(self, state: int = START) -> list[tuple[int, int]] | None:
        """A shortest list of (from, to) squares from ``state`` to the goal, None if there is none.

        A* on the sum of the priests' relaxed distances (see ``_relaxed_distances``);
        each priest's moves are looked up by the squares that matter to them (his
        row, his domino, the peak), cached as xor masks.
        """
        if self.is_goal(state):
            return []
        goal = (DESCENT | ENDS_MASK) if self.country_road else PEAK_MASK
        climb_done = PEAK_MASK if self.country_road else -1
        up, down = self._relaxed_distances(False), self._relaxed_distances(True)
        later = sum(down[sq] for sq in PEAK_SQUARES) if self.country_road else 0

        def estimate(s: int) -> float:
            table, extra = (down, 0) if s & DESCENT else (up, later)
            total = extra
            bits = s & ~DESCENT
            while bits:
                low = bits & -bits
                bits ^= low
                total += table[low.bit_length() - 1]
            return total

        first = estimate(state)
        if first == float("inf"):
            return None
        parent: dict[int, int] = {state: -1}
        depth: dict[int, int] = {state: 0}
        guess: dict[int, int] = {state: int(first)}
        buckets: dict[int, list[int]] = {int(first): [state]}
        level = int(first)
        # (xor mask, change of the estimate) for each move of a priest, by the squares that decide it.
        cache: dict[int, tuple[tuple[int, int], ...]] = {}
        targets = self._targets
        big = 10**6  # an unreachable square: never worth a visit
        while buckets:
            while level not in buckets:
                level += 1
            todo = buckets.pop(level)
            while todo:
                s = todo.pop()
                g = depth[s]
                h = guess[s]
                if g + h < level:
                    continue  # reached again more cheaply and expanded at its lower level
                descent = s & DESCENT
                occ = s ^ descent
                near = NEAR_DOWN if descent else NEAR_UP
                bits = occ
                while bits:
                    low = bits & -bits
                    bits ^= low
                    sq = low.bit_length() - 1
                    key = occ & near[sq] | descent | sq << 29
                    moves = cache.get(key)
                    if moves is None:
                        table = down if descent else up
                        here = table[sq]
                        moves = cache[key] = tuple(
                            (low | (1 << to), big if table[to] == float("inf") else int(table[to] - here))
                            for to in targets(sq, occ, descent)
                        )
                    for delta, change in moves:
                        if change >= big:
                            continue
                        t = s ^ delta
                        if t == climb_done:
                            t |= DESCENT
                        known = depth.get(t)
                        if known is not None and known <= g + 1:
                            continue
                        depth[t] = g + 1
                        guess[t] = h + change
                        parent[t] = s
                        if t == goal:
                            return self._unwind(parent, t)
                        f = g + 1 + h + change
                        if f == level:
                            todo.append(t)
                        else:
                            buckets.setdefault(f, []).append(t)
        return None

    @staticmethod
    def _unwind(parent: dict[int, int], last: int) -> list[tuple[int, int]]:
        chain = [last]
        while parent[chain[-1]] != -1:
            chain.append(parent[chain[-1]])
        chain.reverse()
        steps = []
        for before, after in itertools.pairwise(chain):
            gone = (before & ~after) & ~DESCENT
            came = (after & ~before) & ~DESCENT
            steps.append((gone.bit_length() - 1, came.bit_length() - 1))
        return steps


@lru_cache(maxsize=256)
def board(layout: FujisanLayout, country_road: bool) -> FujisanBoard:
    return FujisanBoard(layout, country_road)


@lru_cache(maxsize=4096)
def shortest(layout: FujisanLayout, country_road: bool, state: int = START) -> tuple[tuple[int, int], ...] | None:
    """The solver's answer, remembered (outcomes and hints ask for it again and again)."""
    steps = board(layout, country_road).solve(state)
    return None if steps is None else tuple(steps)


def notation(steps: Sequence[tuple[int, int]]) -> list[str]:
    return [f"{square_name(a)}-{square_name(b)}" for a, b in steps]


def solve_layout(layout: FujisanLayout, country_road: bool = False) -> list[str] | None:
    steps = board(layout, country_road).solve()
    return None if steps is None else notation(steps)


def random_layout(rng: random.Random) -> FujisanLayout:
    """Twelve of the fifteen dominoes, shuffled and turned at random, as the book sets up."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    return FujisanLayout(tuple(t if rng.random() < 0.5 else (t[1], t[0]) for t in tiles[:COLUMNS]))


def generate(moves: int, rng: random.Random, country_road: bool = False, max_tries: int = 20_000) -> FujisanLayout:
    """A layout whose shortest solution has exactly ``moves`` moves (a hill climb over swaps and turns)."""
    if moves < 1:
        raise ValueError("a Fujisan solution has at least 1 move")

    def distance(layout: FujisanLayout) -> int:
        steps = board(layout, country_road).solve()
        return 1000 if steps is None else abs(len(steps) - moves)

    layout = random_layout(rng)
    score = distance(layout)
    for _ in range(max_tries):
        if score == 0:
            return layout
        columns = list(layout.columns)
        i = rng.randrange(COLUMNS)
        roll = rng.random()
        if roll < 0.3:
            columns[i] = columns[i][::-1]
        elif roll < 0.8:
            j = rng.randrange(COLUMNS)
            columns[i], columns[j] = columns[j], columns[i]
        else:  # bring in one of the face-down dominoes
            spare = [t for t in TILES if t not in {tuple(sorted(c)) for c in columns}]
            columns[i] = rng.choice(spare)
        candidate = FujisanLayout(tuple(columns))
        new = distance(candidate)
        if new <= score or rng.random() < 0.02:
            layout, score = candidate, new
    raise ValueError(f"no Fujisan layout needing {moves} moves found in {max_tries} tries")
