"""One game of Tetradominoes as plain integers: mutable, cheap to copy, used by the state and by search.

Cells are the integers of ``pieces``; a hand is a bit mask over tile indices
(``bones.tiles``); pieces are 0..6 (``PIECES``) and the pool is a 7-bit mask.
Moves are tuples whose first item is the kind:

``(PLACE, a, b, x, y)`` number ``a`` on cell ``x``, ``b`` on the neighbouring cell ``y``;
``(TET, piece, colour, cells)`` a tetromino on four sorted cells; ``(SKIP,)`` no tetromino;
``(REVEAL, t, u)`` show two hidden tiles (and draw one); ``(PASS,)``; ``(GIVE, t)`` and
``(KEEP,)`` the 4-player trade; ``(DISCARD, piece)`` and ``(RETURN, t)`` the solitaire's
way out when stuck.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bones.tetradominoes.pieces import ANCHORED, ANY_COLOUR, DARK, DIRS, LIGHT, OFFSET, WIDTH
from bones.tiles import HIGH, LOW, TILES, tiles_of

PLACE, TET, SKIP, REVEAL, PASS, GIVE, KEEP, DISCARD, RETURN = range(9)
DOMINO, TETRO, OFFER, ANSWER, RETURNING, OVER = range(6)
PHASE_NAMES = ("domino", "tetromino", "offer", "answer", "return", "over")

# Log entries: (seat, kind, a, b, c); PLACE logs (seat, PLACE, a << 4 | b, x, y). Kinds beyond the moves:
DRAW = 20  # (seat, DRAW, tile, 0, 0): a hidden tile drawn at the end of a turn or after a reveal
SOLO_DRAW = 21  # (seat, SOLO_DRAW, tile, 0, 0): solitaire, drawn after a discard
SHUFFLE = 22

ORIGIN = OFFSET * WIDTH + OFFSET  # cell 0,0: the first domino lies on 0,0 and 0,1
ALL_NUMBERS = (1 << 7) - 1
HAND = 4  # dominoes each player holds
FULL_POOL = (1 << 7) - 1


@dataclass(frozen=True)
class Spec:
    """The fixed facts of one game that the kernel needs."""

    players: int
    sides: tuple[int, ...]  # scoring side of each seat (partners share one)
    colours: tuple[int, ...]  # LIGHT, DARK or ANY_COLOUR (solitaire) per seat
    target: int  # tetrominoes that win (0: solitaire, played to the end)

    @property
    def solitaire(self) -> bool:
        return self.players == 1

    @property
    def trade(self) -> bool:
        return self.players == 4

    @property
    def num_sides(self) -> int:
        return max(self.sides) + 1


class Kernel:
    __slots__ = (
        "boneyard",
        "colour_at",
        "counts",
        "cover",
        "discarded",
        "free",
        "hidden",
        "last",
        "log",
        "mate",
        "num",
        "offer",
        "offer_revealed",
        "passes",
        "phase",
        "pool",
        "returns",
        "revealed",
        "shuffle_key",
        "shuffles",
        "spec",
        "tets",
        "to_move",
        "trader",
        "winner",
    )

    def __init__(self, spec: Spec, hands: list[int], boneyard: list[int], to_move: int, shuffle_key: str = "") -> None:
        self.spec = spec
        self.num: dict[int, int] = {}
        self.mate: dict[int, int] = {}
        self.cover: dict[int, int] = {}  # cell -> index into tets
        self.colour_at: dict[int, int] = {}
        self.free: set[int] = set()  # board cells not covered
        self.tets: list[tuple[int, int, int, tuple[int, ...]]] = []  # piece, colour, seat, cells
        self.hidden = list(hands)
        self.revealed = [0] * spec.players
        self.boneyard = list(boneyard)  # the next tile drawn is the last one
        self.pool = FULL_POOL
        self.discarded = 0
        self.counts = [0] * spec.num_sides
        self.to_move = to_move
        self.phase = DOMINO
        self.last: tuple[int, int] = (-1, -1)
        self.passes = 0
        self.offer = -1
        self.offer_revealed = False
        self.trader = -1
        self.returns = 0
        self.shuffle_key = shuffle_key
        self.shuffles = 0
        self.winner: int | None = None  # winning side once over (None: nobody)
        self.log: list[tuple[int, int, int, int, int]] | None = []

    def copy(self, log: bool = False) -> Kernel:
        k = Kernel.__new__(Kernel)
        k.spec = self.spec
        k.num = self.num.copy()
        k.mate = self.mate.copy()
        k.cover = self.cover.copy()
        k.colour_at = self.colour_at.copy()
        k.free = self.free.copy()
        k.tets = self.tets.copy()
        k.hidden = self.hidden.copy()
        k.revealed = self.revealed.copy()
        k.boneyard = self.boneyard.copy()
        k.pool = self.pool
        k.discarded = self.discarded
        k.counts = self.counts.copy()
        k.to_move = self.to_move
        k.phase = self.phase
        k.last = self.last
        k.passes = self.passes
        k.offer = self.offer
        k.offer_revealed = self.offer_revealed
        k.trader = self.trader
        k.returns = self.returns
        k.shuffle_key = self.shuffle_key
        k.shuffles = self.shuffles
        k.winner = self.winner
        k.log = self.log.copy() if log and self.log is not None else None
        return k

    # -- facts -------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def hand(self, seat: int) -> int:
        return self.hidden[seat] | self.revealed[seat]

    def open_numbers(self) -> int:
        """Mask of the numbers a domino may bring to the board now (all seven when every number is covered)."""
        if not self.num:
            return ALL_NUMBERS
        mask = 0
        for x, allowed in self._need().items():
            if allowed & ~mask and any(x + d not in self.num for d in DIRS):
                mask |= allowed
        return mask

    def _need(self) -> dict[int, int]:
        """Each empty cell next to the board, with the mask of numbers that may be played on it."""
        num = self.num
        need: dict[int, int] = {}
        if self.free:
            for c in self.free:
                bit = 1 << num[c]
                for d in DIRS:
                    n = c + d
                    if n not in num:
                        need[n] = need.get(n, 0) | bit
        else:
            # Every number is covered: a domino only has to touch a covered number.
            for c in num:
                for d in DIRS:
                    n = c + d
                    if n not in num:
                        need[n] = ALL_NUMBERS
        return need

    def placements(self, seat: int) -> list[tuple[int, int, int, int]]:
        """Every (a, b, x, y) placing a domino of ``seat``'s hand, with x < y."""
        hand = self.hidden[seat] | self.revealed[seat]
        if not hand:
            return []
        tiles = [(HIGH[t], LOW[t]) for t in tiles_of(hand)]
        if not self.num:
            out = []
            for a, b in tiles:
                out.append((a, b, ORIGIN, ORIGIN + 1))
                if a != b:
                    out.append((b, a, ORIGIN, ORIGIN + 1))
            return out
        num = self.num
        found: dict[tuple[int, int, int, int], None] = {}
        for x, allowed in self._need().items():
            empties = [x + d for d in DIRS if x + d not in num]
            if not empties:
                continue
            for a, b in tiles:
                for p, q in ((a, b), (b, a)) if a != b else ((a, b),):
                    if allowed >> p & 1:
                        for y in empties:
                            found[(p, q, x, y) if x < y else (q, p, y, x)] = None
        return list(found)

    def can_place(self, seat: int) -> bool:
        hand = self.hidden[seat] | self.revealed[seat]
        if not hand:
            return False
        if not self.num:
            return True
        numbers = 0
        for t in tiles_of(hand):
            numbers |= 1 << HIGH[t] | 1 << LOW[t]
        return bool(self.open_numbers() & numbers)

    def tetrominoes(self, seat: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """Every (piece, colour, cells) ``seat`` may lay on the domino just played."""
        x, y = self.last
        if x < 0:
            return []
        return self._tets(x, y, self.spec.colours[seat])

    def _tets(self, x: int, y: int, colour: int) -> list[tuple[int, int, tuple[int, ...]]]:
        num, free = self.num, self.free
        allowed = 1 << num[x] | 1 << num[y]
        colours = (LIGHT, DARK) if colour == ANY_COLOUR else (colour,)
        pool = self.pool
        seen: set[tuple[int, ...]] = set()
        out: list[tuple[int, int, tuple[int, ...]]] = []
        for base in (x, y):
            for offsets, shape in ANCHORED:
                ok = True
                for o in offsets:
                    c = base + o
                    if c not in free or not allowed >> num[c] & 1:
                        ok = False
                        break
                if not ok:
                    continue
                cells = tuple(base + o for o in offsets)
                if cells in seen:
                    continue
                seen.add(cells)
                for col in colours:
                    piece = shape if col == LIGHT else _MIRROR_INDEX[shape]
                    if pool >> piece & 1 and not self._touches(cells, col):
                        out.append((piece, col, cells))
        return out

    def tetromino_fits(self, a: int, b: int, x: int, y: int, seat: int) -> bool:
        """Whether ``seat`` could lay a tetromino after placing (a, b, x, y); stops at the first one."""
        num, free = self.num, self.free
        allowed = 1 << a | 1 << b
        # Cheap test first: the uncovered a's and b's joined to the domino must make four cells.
        seen = {x, y}
        stack = [x, y]
        while stack and len(seen) < 4:
            c = stack.pop()
            for d in DIRS:
                n = c + d
                if n not in seen and n in free and allowed >> num[n] & 1:
                    seen.add(n)
                    stack.append(n)
        if len(seen) < 4:
            return False
        colour = self.spec.colours[seat]
        colours = (LIGHT, DARK) if colour == ANY_COLOUR else (colour,)
        pool = self.pool
        num[x] = a
        num[y] = b
        try:
            for base in (x, y):
                for offsets, shape in ANCHORED:
                    ok = True
                    for o in offsets:
                        c = base + o
                        if c != x and c != y and (c not in free or not allowed >> num[c] & 1):
                            ok = False
                            break
                    if not ok:
                        continue
                    cells = tuple(base + o for o in offsets)
                    for col in colours:
                        piece = shape if col == LIGHT else _MIRROR_INDEX[shape]
                        if pool >> piece & 1 and not self._touches(cells, col):
                            return True
            return False
        finally:
            del num[x], num[y]

    def _any_tet(self, x: int, y: int, colour: int) -> bool:
        num, free = self.num, self.free
        allowed = 1 << num[x] | 1 << num[y]
        colours = (LIGHT, DARK) if colour == ANY_COLOUR else (colour,)
        pool = self.pool
        for base in (x, y):
            for offsets, shape in ANCHORED:
                ok = True
                for o in offsets:
                    c = base + o
                    if c not in free or not allowed >> num[c] & 1:
                        ok = False
                        break
                if ok:
                    cells = tuple(base + o for o in offsets)
                    for col in colours:
                        piece = shape if col == LIGHT else _MIRROR_INDEX[shape]
                        if pool >> piece & 1 and not self._touches(cells, col):
                            return True
        return False

    def _touches(self, cells: tuple[int, ...], colour: int) -> bool:
        colour_at = self.colour_at
        if not colour_at:
            return False
        for c in cells:
            for d in DIRS:
                if colour_at.get(c + d, -1) == colour and c + d not in cells:
                    return True
        return False

    # -- legal moves ----------------------------------------------------------

    def legal(self) -> list[tuple]:
        phase, seat = self.phase, self.to_move
        if phase == DOMINO:
            places = self.placements(seat)
            if places:
                return [(PLACE, *p) for p in places]
            if self.spec.solitaire:
                return [(DISCARD, p) for p in range(7) if self.pool >> p & 1]
            hidden = tiles_of(self.hidden[seat])
            if len(hidden) >= 2 and self.boneyard:
                return [(REVEAL, int(t), int(u)) for i, t in enumerate(hidden) for u in hidden[i + 1 :]]
            return [(PASS,)]
        if phase == TETRO:
            moves: list[tuple] = [(TET, *t) for t in self.tetrominoes(seat)]
            if not self.spec.solitaire:
                moves.append((SKIP,))
            return moves
        if phase in (OFFER, ANSWER):
            return [(GIVE, int(t)) for t in tiles_of(self.hand(seat))] + [(KEEP,)]
        if phase == RETURNING:
            return [(RETURN, int(t)) for t in tiles_of(self.hand(seat))]
        return []

    # -- applying moves (the move must be legal) --------------------------------

    def apply(self, move: tuple) -> None:
        kind = move[0]
        seat = self.to_move
        log = self.log
        if kind == PLACE:
            _, a, b, x, y = move
            tile = TILES_BY_PAIR[a][b]
            bit = 1 << tile
            if self.hidden[seat] & bit:
                self.hidden[seat] ^= bit
            else:
                self.revealed[seat] ^= bit
            self.num[x] = a
            self.num[y] = b
            self.mate[x] = y
            self.mate[y] = x
            self.free.add(x)
            self.free.add(y)
            self.last = (x, y)
            self.passes = 0
            if log is not None:
                log.append((seat, PLACE, a << 4 | b, x, y))
            if self._any_tet(x, y, self.spec.colours[seat]):
                self.phase = TETRO
            else:
                self._end_turn(seat, False)
        elif kind == TET:
            _, piece, colour, cells = move
            index = len(self.tets)
            self.tets.append((piece, colour, seat, cells))
            for c in cells:
                self.free.discard(c)
                self.cover[c] = index
                self.colour_at[c] = colour
            self.pool &= ~(1 << piece)
            side = self.spec.sides[seat]
            self.counts[side] += 1
            if log is not None:
                log.append((seat, TET, piece, colour, index))
            if self.spec.target and self.counts[side] >= self.spec.target:
                self.phase = OVER
                self.winner = side
                self.to_move = -1
            elif self.spec.solitaire and not self.pool:
                self._finish()
            else:
                self._end_turn(seat, True)
        elif kind == SKIP:
            if log is not None:
                log.append((seat, SKIP, 0, 0, 0))
            self._end_turn(seat, False)
        elif kind == REVEAL:
            _, t, u = move
            opened = self.open_numbers()
            self.hidden[seat] &= ~(1 << t | 1 << u)
            self.revealed[seat] |= 1 << t | 1 << u
            drawn = self.boneyard.pop()
            if drawn >= 0:  # a bot's copy may hold an unknown pile (-1)
                self.hidden[seat] |= 1 << drawn
            self.passes = 0
            if log is not None:
                log.append((seat, REVEAL, t, u, opened))
                log.append((seat, DRAW, drawn, 0, 0))
        elif kind == PASS:
            opened = self.open_numbers()
            shown = self.hidden[seat]
            self.revealed[seat] |= shown
            self.hidden[seat] = 0
            if log is not None:
                log.append((seat, PASS, shown, opened, 0))
            # The refill ends a passed turn too; a domino drawn may play, so that pass blocks nothing.
            self.passes = 0 if self._refill(seat) else self.passes + 1
            if self.passes >= self.spec.players:
                self._blocked()
            else:
                self._next(seat + 1)
        elif kind == GIVE:
            tile = move[1]
            bit = 1 << tile
            was_revealed = bool(self.revealed[seat] & bit)
            if was_revealed:
                self.revealed[seat] ^= bit
            else:
                self.hidden[seat] ^= bit
            if log is not None:
                log.append((seat, GIVE, tile, int(was_revealed), 0))
            if self.phase == OFFER:
                self.offer = tile
                self.offer_revealed = was_revealed
                self.phase = ANSWER
                self.to_move = (self.trader + 1) % 4
            else:
                giver = (self.trader + 3) % 4
                if was_revealed:
                    self.revealed[giver] |= bit
                else:
                    self.hidden[giver] |= bit
                self._take_offer(seat)
                self._next(self.trader + 1)
        elif kind == KEEP:
            if log is not None:
                log.append((seat, KEEP, 0, 0, 0))
            if self.phase == ANSWER:
                self._take_offer((self.trader + 3) % 4)
            self._next(self.trader + 1)
        elif kind == DISCARD:
            piece = move[1]
            self.pool &= ~(1 << piece)
            self.discarded |= 1 << piece
            if log is not None:
                log.append((seat, DISCARD, piece, 0, 0))
            if not self.pool:
                self._finish()
                return
            count = min(HAND, len(self.boneyard))
            for _ in range(count):
                drawn = self.boneyard.pop()
                if drawn >= 0:
                    self.hidden[seat] |= 1 << drawn
                if log is not None:
                    log.append((seat, SOLO_DRAW, drawn, 0, 0))
            if count:
                self.phase = RETURNING
                self.returns = count
        elif kind == RETURN:
            tile = move[1]
            bit = 1 << tile
            self.hidden[seat] &= ~bit
            self.revealed[seat] &= ~bit
            self.boneyard.append(tile)
            self.returns -= 1
            if log is not None:
                log.append((seat, RETURN, tile, 0, 0))
            if not self.returns:
                random.Random(f"{self.shuffle_key}:shuffle:{self.shuffles}").shuffle(self.boneyard)
                self.shuffles += 1
                if log is not None:
                    log.append((seat, SHUFFLE, 0, 0, 0))
                self.phase = DOMINO
        else:
            raise ValueError(f"unknown move kind {kind}")

    def _take_offer(self, seat: int) -> None:
        bit = 1 << self.offer
        if self.offer_revealed:
            self.revealed[seat] |= bit
        else:
            self.hidden[seat] |= bit
        self.offer = -1
        self.offer_revealed = False

    def _refill(self, seat: int) -> bool:
        """The end of every turn: a player holding fewer than four dominoes draws one. Whether one was drawn."""
        if (self.hidden[seat] | self.revealed[seat]).bit_count() >= HAND or not self.boneyard:
            return False
        drawn = self.boneyard.pop()
        if drawn >= 0:
            self.hidden[seat] |= 1 << drawn
        if self.log is not None:
            self.log.append((seat, DRAW, drawn, 0, 0))
        return True

    def _end_turn(self, seat: int, tetromino: bool) -> None:
        self._refill(seat)
        if tetromino and self.spec.trade:
            giver, taker = (seat + 3) % 4, (seat + 1) % 4
            if self.hand(giver) and self.hand(taker):
                self.trader = seat
                self.phase = OFFER
                self.to_move = giver
                return
            self.trader = seat
        self._next(seat + 1)

    def _next(self, seat: int) -> None:
        self.to_move = seat % self.spec.players
        self.phase = DOMINO
        self.last = (-1, -1)
        if self.spec.solitaire and not self.hand(0) and not self.boneyard:
            self._finish()

    def _blocked(self) -> None:
        best = max(self.counts)
        leaders = [side for side, n in enumerate(self.counts) if n == best]
        self.phase = OVER
        self.to_move = -1
        self.winner = leaders[0] if len(leaders) == 1 else None

    def _finish(self) -> None:
        """The end of a solitaire: every tetromino played or discarded, or no dominoes left."""
        self.phase = OVER
        self.to_move = -1
        self.winner = None

    # -- solitaire score ---------------------------------------------------------

    def solitaire_score(self, level: int) -> tuple[int, int, int, int, int]:
        """(score, black, white, unplayed, longest side)."""
        black = sum(1 for t in self.tets if t[1] == DARK)
        white = len(self.tets) - black
        unplayed = 7 - len(self.tets)
        side = 0
        if level >= 2 and self.num:
            rows = [c // WIDTH for c in self.num]
            cols = [c % WIDTH for c in self.num]
            side = max(max(rows) - min(rows), max(cols) - min(cols)) + 1
        return black * white + 7 * unplayed + side, black, white, unplayed, side


TILES_BY_PAIR: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(TILES[max(a, b) * (max(a, b) + 1) // 2 + min(a, b)]) for b in range(13)) for a in range(13)
)
_MIRROR_INDEX = (3, 4, 2, 0, 1, 5, 6)  # L<->J, S<->Z; I T O are their own mirror
