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
along his own row. Once on the peak he refuses to leave it, but moves "back and
forth (in the same domino) or to and fro (between the two dominoes)": every
priest move is in a straight line, so from a peak square he may step only to
the other square of his domino or to the same row of the other peak domino,
never diagonally (the book's solutions use only these steps: ``PU``/``PD`` and
a bare ``PR``/``PL``). He may pass over the peak.

Country Road: once all four priests are on the peak, the two peak dominoes go to
the starting places, each to the end on its own side (column 6's to column 0,
column 7's to column 13) and the way up it lay, so top stays top. The text says
only "move the dominoes at the peak to the Priests' original setup positions";
the nearer end for each keeps the two in their left-to-right order, and no
turning is mentioned, so none is made: the move that changes the fewest things
the text does not mention. The peak squares count as blanks, and the
priests must all leave the mountain: a priest who lands on an end domino has
left and never steps back on.

A position is one int: bit ``row * 14 + col`` for each occupied square, plus
bit 28 for the descent. Priests are alike, so a position is just the set of
occupied squares. The solver searches the climb and the descent each on its own,
without the descent bit.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
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
TOP_ROW, BOTTOM_ROW = (sum(1 << square(row, c) for c in range(WIDTH)) for row in (0, 1))


def _peak_steps(sq: int) -> tuple[int, int]:
    """Where a priest on peak square ``sq`` may step during the climb: his domino's other square, then across."""
    row, col = divmod(sq, WIDTH)
    across = PEAK[1] if col == PEAK[0] else PEAK[0]
    return square(1 - row, col), square(row, across)


PEAK_STEPS = {sq: _peak_steps(sq) for sq in PEAK_SQUARES}
DOMINO = 1 | 1 << WIDTH  # times a top square's bit: both squares of its domino


def _reach(sq: int, descent: bool) -> tuple[int, int]:
    """The squares a count move from ``sq`` may land on, to his right and to his left, as masks.

    On the way up a priest lands on the mountain only and enters it from the
    ground along his row, inwards; on the way down he may land on the end
    dominoes, and one who is there has left and makes no count moves.
    """
    row, col = divmod(sq, WIDTH)
    last = WIDTH - 1
    if descent:
        if col in (0, last):
            return 0, 0
        lo, hi = 0, last
    else:
        lo, hi = 1, last - 1
    right = sum(1 << square(row, c) for c in range(max(col + 1, lo), hi + 1))
    left = sum(1 << square(row, c) for c in range(lo, min(col, hi + 1)))
    if not descent and col == last:
        right = 0
    if not descent and col == 0:
        left = 0
    return right, left


REACH_UP = tuple(_reach(sq, False) for sq in range(2 * WIDTH))
REACH_DOWN = tuple(_reach(sq, True) for sq in range(2 * WIDTH))
# Every square of a square's row to its right, and to its left.
SIDES = tuple(
    (
        sum(1 << square(sq // WIDTH, c) for c in range(sq % WIDTH + 1, WIDTH)),
        sum(1 << square(sq // WIDTH, c) for c in range(sq % WIDTH)),
    )
    for sq in range(2 * WIDTH)
)


def _origins(sq: int, descent: bool) -> int:
    """The squares from which a count move may land on ``sq``: none onto the ground on the way up, none from the peak."""
    if not descent and sq % WIDTH in (0, WIDTH - 1):
        return 0
    reach = REACH_DOWN if descent else REACH_UP
    return sum(
        1 << a for a in range(2 * WIDTH) if (reach[a][0] | reach[a][1]) >> sq & 1 and (descent or a % WIDTH not in PEAK)
    )


ORIGINS_UP = tuple(_origins(sq, False) for sq in range(2 * WIDTH))
ORIGINS_DOWN = tuple(_origins(sq, True) for sq in range(2 * WIDTH))


@dataclass(frozen=True)
class FujisanLayout:
    """The twelve dominoes of the mountain, left to right, as (top, bottom)."""

    columns: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if len(self.columns) != COLUMNS:
            raise GridFormatError(f"Fujisan needs {COLUMNS} dominoes side by side, got {len(self.columns)}")
        seen: dict[tuple[int, int], int] = {}
        for column, (top, bottom) in enumerate(self.columns, start=1):
            where = f"column {column}: {top}|{bottom}"
            if not (0 <= top <= 9 and 0 <= bottom <= 9):
                raise GridFormatError(f"{where} is not a domino")
            if top == bottom:
                raise GridFormatError(f"{where} is a double; Fujisan is played without doubles")
            if max(top, bottom) > 5:
                raise GridFormatError(f"{where} has a {max(top, bottom)}; Fujisan's dominoes go from 0 to 5")
            tile = (min(top, bottom), max(top, bottom))
            if tile in seen:
                raise GridFormatError(f"{where} is there twice (column {seen[tile]} too); the set has one of each")
            seen[tile] = column

    @classmethod
    def from_grid(cls, grid: Grid) -> FujisanLayout:
        values = grid.require_full()
        if grid.height != 2 or grid.width != COLUMNS:
            raise GridFormatError(
                f"Fujisan is a row of {COLUMNS} upright dominoes (2 lines of {COLUMNS} numbers); "
                f"this grid is {grid.width} wide and {grid.height} high"
            )
        for c in range(COLUMNS):
            if grid.partner.get((0, c)) != (1, c):
                raise GridFormatError(f"column {c + 1} is not an upright domino (put a '-' under its top number)")
        return cls(tuple((values[0][c], values[1][c]) for c in range(COLUMNS)))

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


class _Lookup(dict[int, tuple[int, ...]]):
    """Xor masks of moves, made on first use: a plain dict's lookups, so cheap when hit."""

    def __init__(self, make: Callable[[int], tuple[int, ...]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> tuple[int, ...]:
        value = self[key] = self.make(key)
        return value


class _RowMoves(dict[int, tuple[int, ...]]):
    """The xor masks of the moves along one row, keyed by its occupied squares (or of the moves that led there).

    A count move between two squares ``d`` apart over a number ``n`` (the
    destination's forwards, the priest's own backwards) crosses ``n``
    unoccupied squares, the far one included, so it is open exactly when the
    far square is unoccupied and ``d - n`` of the squares between are occupied:
    each square's candidates (far square, squares between, how many of those
    occupied, xor mask) are listed once per board and tested here.
    """

    def __init__(self, candidates: list[list[tuple[int, int, int, int]]]) -> None:
        super().__init__()
        self.candidates = candidates

    def __missing__(self, row_occ: int) -> tuple[int, ...]:
        candidates = self.candidates
        masks: list[int] = []
        bits = row_occ
        while bits:
            low = bits & -bits
            bits ^= low
            for far, between, occupied, mask in candidates[low.bit_length() - 1]:
                if not row_occ & far and (row_occ & between).bit_count() == occupied:
                    masks.append(mask)
        value = self[row_occ] = tuple(masks)
        return value


class FujisanBoard:
    """Move generation and search for one layout."""

    def __init__(self, layout: FujisanLayout, country_road: bool) -> None:
        self.layout = layout
        self.country_road = country_road
        self.up = layout.values(False)
        self.down = layout.values(True)
        self._most_up, self._most_down = max(self.up), max(self.down)
        self._hopeful = tuple(
            [d != float("inf") for d in self._relaxed_distances(descent)] for descent in (False, True)
        )
        self._hopeful_mask = tuple(sum(1 << sq for sq, ok in enumerate(hopeful) if ok) for hopeful in self._hopeful)
        # the moves along a row, by phase and direction, made when first needed
        self._row_steps: list[list[_RowMoves | None]] = [[None, None], [None, None]]
        self._domino_steps = _Lookup(self._domino_masks)
        # the dominoes on which a priest alone may step to the other square, as top squares, by phase and direction
        self._partner_ok = tuple(
            tuple(self._partner_mask(descent, backward) for backward in (False, True)) for descent in (False, True)
        )

    def _partner_mask(self, descent: bool, backward: bool) -> int:
        """The top squares of the dominoes on which a priest alone may step to the other square.

        On the way up only the mountain's dominoes (columns 1-12, the peak's
        included); on the way down any, the ends included. Forwards, never onto
        a square from which the goal cannot be reached; the two squares of a
        domino are alike in that (each is a step from the other, and both ends
        are goals on the way down), so top and bottom priests need no masks
        of their own.
        """
        cols = range(WIDTH) if descent else range(1, WIDTH - 1)
        reachable = self._hopeful[descent]
        return sum(1 << square(0, c) for c in cols if backward or (reachable[square(0, c)] and reachable[square(1, c)]))

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
            return [t for t in PEAK_STEPS[sq] if not occ >> t & 1]
        line = self._line_targets(sq, occ, descent)
        if 1 <= col <= WIDTH - 2 or descent:
            other = sq + WIDTH if row == 0 else sq - WIDTH
            if not occ >> other & 1:
                line.append(other)
        return line

    def _line_targets(self, sq: int, occ: int, descent: int) -> list[int]:
        """Where the count rule takes the priest on ``sq`` along his row.

        The k-th unoccupied square in a direction is a target when it shows k, so
        each direction looks at no more unoccupied squares than the highest number.
        """
        values, most = (self.down, self._most_down) if descent else (self.up, self._most_up)
        rightwards, leftwards = (REACH_DOWN if descent else REACH_UP)[sq]
        out = []
        free = rightwards & ~occ
        count = 0
        while free and count < most:
            low = free & -free
            free ^= low
            count += 1
            here = low.bit_length() - 1
            if values[here] == count:
                out.append(here)
        free = leftwards & ~occ
        count = 0
        while free and count < most:
            here = free.bit_length() - 1
            free ^= 1 << here
            count += 1
            if values[here] == count:
                out.append(here)
        return out

    def _relaxed_distances(self, descent: bool) -> list[float]:
        """Moves one priest needs to reach his goal squares when any other priests may lie in his way.

        With up to three others between, a run of d squares counts d - 3 to d
        unoccupied ones, so the priest may land on any number in that range.
        The search uses only which distances are finite: a priest on any other
        square can never reach the goal, so moves onto those squares are dropped.
        """
        values = self.down if descent else self.up
        last = WIDTH - 1
        edges: list[list[int]] = [[] for _ in range(2 * WIDTH)]
        for sq in range(2 * WIDTH):
            row, col = divmod(sq, WIDTH)
            if not descent and col in PEAK:
                edges[sq] = list(PEAK_STEPS[sq])
                continue
            if descent and col in (0, last):
                continue
            if 1 <= col <= last - 1:
                edges[sq].append(sq + WIDTH if row == 0 else sq - WIDTH)
            lo, hi = (0, last) if descent else (1, last - 1)  # inwards only from the ground
            for there in range(row * WIDTH + lo, row * WIDTH + hi + 1):
                d = there - sq if there > sq else sq - there
                if max(1, d - 3) <= values[there] <= d:  # a number of 1 or more never lands on sq itself
                    edges[sq].append(there)
        goals = ENDS_MASK if descent else PEAK_MASK
        came_from: list[list[int]] = [[] for _ in range(2 * WIDTH)]
        for sq, ends in enumerate(edges):
            for t in ends:
                came_from[t].append(sq)
        dist = [float("inf")] * (2 * WIDTH)
        frontier = [sq for sq in range(2 * WIDTH) if goals >> sq & 1]
        for sq in frontier:
            dist[sq] = 0
        for sq in frontier:  # breadth-first backwards from the goals; the list grows as it is read
            for before in came_from[sq]:
                if dist[before] == float("inf"):
                    dist[before] = dist[sq] + 1
                    frontier.append(before)
        return dist

    def solve(self, state: int = START) -> list[tuple[int, int]] | None:
        """A shortest list of (from, to) squares from ``state`` to the goal, None if there is none.

        Country Road's way down starts from one position only, all four priests
        on the peak, so its shortest solution is the shortest climb followed by
        the shortest descent, each found on its own.
        """
        if self.is_goal(state):
            return []
        occ = state & ~DESCENT
        if state & DESCENT:
            return self._shortest(occ, ENDS_MASK, True)
        climb = self._shortest(occ, PEAK_MASK, False)
        if climb is None or not self.country_road:
            return climb
        descent = self._shortest(PEAK_MASK, ENDS_MASK, True)
        return None if descent is None else climb + descent

    def _shortest(self, source: int, target: int, descent: bool) -> list[tuple[int, int]] | None:
        """Breadth-first from both ends, one whole layer at a time on the side with the smaller one.

        The first layer to touch the other side's newest layer gives a shortest
        path (nothing met before, so it cannot be shorter); the path is read back
        through the stored layers, so no parents are kept. Layers are sets of
        positions and grow by xor masks looked up per row.
        """
        if source == target:
            return []
        sides = ([{source}], [{target}])
        seen = ({source}, {target})
        while True:
            side = 0 if len(sides[0][-1]) <= len(sides[1][-1]) else 1
            grown = self._layer(sides[side][-1], descent, backward=side == 1)
            grown -= seen[side]
            if not grown:
                return None
            seen[side].update(grown)
            sides[side].append(grown)
            meet = grown & sides[1 - side][-1]
            if meet:
                break
        middle = min(meet)
        chain = [middle]
        for layer in reversed(sides[0][:-1]):
            chain.append(min(layer & self._layer({chain[-1]}, descent, backward=True)))
        chain.reverse()
        for layer in reversed(sides[1][:-1]):
            chain.append(min(layer & self._layer({chain[-1]}, descent, backward=False)))
        steps = []
        for before, after in itertools.pairwise(chain):
            gone, came = before & ~after, after & ~before
            steps.append((gone.bit_length() - 1, came.bit_length() - 1))
        return steps

    def _layer(self, positions: set[int], descent: bool, backward: bool) -> set[int]:
        """Every position one move after (or, ``backward``, before) one of ``positions``.

        Moves along a row depend on that row alone, so each row's moves are
        looked up by its occupied squares; the steps to the other square of a
        domino (the same both ways) are found for all priests at once by shifts
        and looked up by which dominoes' priests may step; one xor map per position.
        """
        rows = self._row_steps[descent][backward]
        if rows is None:
            rows = self._row_steps[descent][backward] = _RowMoves(self._count_candidates(descent, backward))
        alone_ok = self._partner_ok[descent][backward]
        dominoes = self._domino_steps
        out: list[int] = []
        extend = out.extend
        for s in positions:
            # the domino steps keyed by the dominoes holding one priest, as top squares
            extend(map(s.__xor__, rows[s & TOP_ROW] + rows[s & BOTTOM_ROW] + dominoes[(s ^ s >> WIDTH) & alone_ok]))
        return set(out)

    @staticmethod
    def _domino_masks(tops: int) -> tuple[int, ...]:
        """Both squares of each domino whose top square is in ``tops``."""
        masks = []
        while tops:
            low = tops & -tops
            tops ^= low
            masks.append(low * DOMINO)
        return tuple(masks)

    def _count_candidates(self, descent: bool, backward: bool) -> list[list[tuple[int, int, int, int]]]:
        """For every square, the row moves that the count rule may allow from it (or, ``backward``, into it).

        Each is (far square, squares between, how many of those must be
        occupied, xor mask). On the peak a priest steps across (or, backwards,
        may also have counted his way up); forwards, squares from which a priest
        can never reach his goal are left out.
        """
        values = self.down if descent else self.up
        hopeful = self._hopeful_mask[descent]
        reach = REACH_DOWN if descent else REACH_UP
        origins = ORIGINS_DOWN if descent else ORIGINS_UP
        table: list[list[tuple[int, int, int, int]]] = [[] for _ in range(2 * WIDTH)]
        for sq in range(2 * WIDTH):
            low = 1 << sq
            row, col = divmod(sq, WIDTH)
            out = table[sq]
            if not descent and col in PEAK:
                across = 1 << PEAK_STEPS[sq][1]
                out.append((across, 0, 0, low | across))
                if not backward:
                    continue
            allowed = origins[sq] if backward else (reach[sq][0] | reach[sq][1]) & hopeful
            for other in range(row * WIDTH, row * WIDTH + WIDTH):
                far = 1 << other
                n = values[sq] if backward else values[other]
                lo, hi = (sq, other) if sq < other else (other, sq)
                if not 0 < n <= hi - lo <= n + 3 or not allowed & far:
                    continue
                d = hi - lo
                between = (1 << hi) - (1 << lo + 1)
                out.append((far, between, d - n, low | far))
        return table


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
