"""The fast core of one hand of a line-of-play game: plain integers and lists.

Hands are bit masks over tile indices; the layout is a list of open *slots*.
Each slot has the number showing at that end (``ends``) and a count weight
(``kinds``): 1 for an ordinary end, 2 for a double lying across the end (it
counts both halves), 0 for a spinner's short side that nobody has played on
yet. Slots never move or vanish, so a slot number names an end for the whole
hand: 0 is left, 1 is right, 2 and 3 are the first spinner's short sides, and
every further spinner adds two more.

``Kernel`` is mutable and cheap to copy. The public ``LineState`` wraps one and
never mutates it; search code (bots) copies it and plays on the copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from bones.bits import bits
from bones.tiles import HIGH, LOW, PIPS, pip_set

NORMAL, ACROSS, SHORT = 1, 2, 0

PLAY, DRAW, PASS = 0, 1, 2
# Hand status.
PLAYING, DOMINO, BLOCKED = 0, 1, 2

SPINNER_NONE, SPINNER_FIRST, SPINNER_EVERY = 0, 1, 2
SCORE_NONE, SCORE_FIVES, SCORE_MUGGINS = 0, 1, 2


@dataclass(frozen=True)
class Spec:
    """What the kernel needs to know of the rules, precomputed."""

    players: int
    max_pip: int
    direction: int  # +1: seat order; -1: counter-clockwise (classic)
    draws: bool  # stuck players draw (else pass)
    reserve: int  # boneyard tiles that may not be drawn
    spinner: int
    scoring: int

    @property
    def with_pip(self) -> tuple[int, ...]:
        return pip_set(self.max_pip).with_pip


_new_kernel = object.__new__


class Kernel:
    """One hand in progress. Moves are (code, tile, slot) with slot -1 for the opening tile."""

    __slots__ = (
        "boneyard",
        "ends",
        "hands",
        "kinds",
        "last_player",
        "log",
        "masks",
        "opening",
        "origins",
        "pending",
        "placed",
        "spec",
        "spin",
        "spin_origin",
        "spin_value",
        "status",
        "table",
        "to_move",
    )

    def __init__(self, spec: Spec, hands: list[int], boneyard: list[int], to_move: int, opening: int) -> None:
        """``boneyard`` is drawn from its end; ``opening`` is the tile the opener must lead (-1: any)."""
        self.spec = spec
        self.masks = spec.with_pip
        self.hands = hands
        self.boneyard = boneyard
        self.ends: list[int] = []
        self.kinds: list[int] = []
        # Per slot, as tuples for the same reason as the spinner facts below: they change
        # only when a hand opens or a spinner is played.
        self.spin: tuple[int, ...] = ()  # spinner id whose long side this slot is, or -1
        # Per spinner, as tuples: they change only when a spinner is played or spun, so a
        # copy shares them instead of copying three lists on every move.
        self.pending: tuple[int, ...] = ()  # long sides not yet played on
        self.spin_value: tuple[int, ...] = ()
        self.spin_origin: tuple[int, ...] = ()  # index in log of its tile
        self.origins: tuple[int, ...] = ()  # index in log of the tile it grows from
        self.placed = 0
        self.table = 0
        self.to_move = to_move
        self.opening = opening
        self.status = PLAYING
        self.last_player = -1
        self.log: list[tuple[int, int, int, int]] = []  # (seat, code, tile, slot)

    def copy(self) -> Kernel:
        new = _new_kernel(Kernel)
        new.spec = self.spec
        new.masks = self.masks
        new.hands = self.hands[:]
        new.boneyard = self.boneyard[:]
        new.ends = self.ends[:]
        new.kinds = self.kinds[:]
        new.spin = self.spin
        new.pending = self.pending
        new.spin_value = self.spin_value
        new.spin_origin = self.spin_origin
        new.origins = self.origins
        new.placed = self.placed
        new.table = self.table
        new.to_move = self.to_move
        new.opening = self.opening
        new.status = self.status
        new.last_player = self.last_player
        new.log = self.log[:]
        return new

    def after(self, code: int, tile: int, slot: int) -> tuple[Kernel, int]:
        """``copy()`` with the legal move applied, and the points it scored: what the public
        state does on every move. The usual move, a tile that is not a double onto an end
        that is not a spinner's long side in a game that scores no fives, is made in one
        pass; every other move is ``copy().apply()``."""
        spec = self.spec
        if code != PLAY or slot < 0 or spec.scoring or self.spin[slot] >= 0:
            new = self.copy()
            return new, new.apply(code, tile, slot)
        hi = HIGH[tile]
        lo = LOW[tile]
        if hi == lo:
            new = self.copy()
            return new, new.apply(code, tile, slot)
        seat = self.to_move
        hands = self.hands[:]
        hand = hands[seat] & ~(1 << tile)
        hands[seat] = hand
        ends = self.ends[:]
        ends[slot] = lo if ends[slot] == hi else hi
        kinds = self.kinds[:]
        kinds[slot] = NORMAL
        log = self.log[:]
        log.append((seat, PLAY, tile, slot))
        new = _new_kernel(Kernel)
        new.spec = spec
        new.masks = masks = self.masks
        new.hands = hands
        new.boneyard = self.boneyard[:]
        new.ends = ends
        new.kinds = kinds
        new.spin = self.spin
        new.pending = self.pending
        new.spin_value = self.spin_value
        new.spin_origin = self.spin_origin
        new.origins = self.origins
        new.placed = self.placed + 1
        new.table = self.table | 1 << tile
        new.opening = self.opening
        new.last_player = seat
        new.log = log
        if not hand:
            new.to_move = seat
            new.status = DOMINO
            return new, 0
        new.to_move = (seat + spec.direction) % spec.players
        new.status = PLAYING
        # Blocked as in apply: nobody may draw and no hand holds a tile that fits an end.
        if not (spec.draws and len(self.boneyard) > spec.reserve):
            fit = 0
            for value in ends:
                fit |= masks[value]
            for held in hands:
                if held & fit:
                    return new, 0
            new.status = BLOCKED
        return new, 0

    # -- questions -------------------------------------------------------

    def drawable(self) -> int:
        """How many tiles the player to move may still draw."""
        if not self.spec.draws:
            return 0
        return max(0, len(self.boneyard) - self.spec.reserve)

    def playable_mask(self, seat: int) -> int:
        """Tiles of ``seat`` that fit some open end (all tiles before the opening)."""
        hand = self.hands[seat]
        if self.placed == 0:
            if self.opening >= 0:
                return hand & (1 << self.opening)
            return hand
        masks = self.masks
        fit = 0
        for value in self.ends:
            fit |= masks[value]
        return hand & fit

    def legal(self) -> list[tuple[int, int, int]]:
        """Legal moves of the player to move, as (code, tile, slot)."""
        seat = self.to_move
        hand = self.hands[seat]
        if self.placed == 0:
            if self.opening >= 0:
                return [(PLAY, self.opening, -1)] if hand >> self.opening & 1 else []
            return [(PLAY, t, -1) for t in bits(hand)]
        moves = []
        masks = self.masks
        for slot, value in enumerate(self.ends):
            fit = hand & masks[value]
            while fit:
                low = fit & -fit
                moves.append((PLAY, low.bit_length() - 1, slot))
                fit ^= low
        if moves:
            return moves
        if self.drawable():
            return [(DRAW, -1, -1)]
        return [(PASS, -1, -1)]

    def ends_count(self) -> int:
        """The all-fives count of the open ends."""
        if self.placed == 1:
            return PIPS[self.log_first_tile()]
        total = 0
        for value, weight in zip(self.ends, self.kinds):
            total += value * weight
        return total

    def log_first_tile(self) -> int:
        for _seat, code, tile, _slot in self.log:
            if code == PLAY:
                return tile
        raise ValueError("no tile has been played")

    def can_anyone_play(self) -> bool:
        fit = 0
        for value in self.ends:
            fit |= self.masks[value]
        for hand in self.hands:
            if hand & fit:
                return True
        return False

    def next_seat(self, seat: int) -> int:
        return (seat + self.spec.direction) % self.spec.players

    # -- changes ---------------------------------------------------------

    def apply(self, code: int, tile: int, slot: int) -> int:
        """Apply a move known to be legal; return the points it scored during play."""
        seat = self.to_move
        self.log.append((seat, code, tile, slot))
        if code == DRAW:
            drawn = self.boneyard.pop()
            self.hands[seat] |= 1 << drawn
            self._check_blocked()
            return 0
        spec = self.spec
        if code == PASS:
            self.to_move = (seat + spec.direction) % spec.players
            self._check_blocked()
            return 0
        hand = self.hands[seat] & ~(1 << tile)
        self.hands[seat] = hand
        self.table |= 1 << tile
        self.place(tile, slot)
        self.last_player = seat
        points = 0
        if spec.scoring:
            count = self.ends_count()
            if count and count % 5 == 0:
                points = count if spec.scoring == SCORE_FIVES else count // 5
        if not hand:
            self.status = DOMINO
            return points
        self.to_move = (seat + spec.direction) % spec.players
        # Blocked when nobody can draw and no hand holds a tile that fits an end (the
        # play above placed a tile, so the table is not empty).
        if not (spec.draws and len(self.boneyard) > spec.reserve):
            masks = self.masks
            fit = 0
            for value in self.ends:
                fit |= masks[value]
            for held in self.hands:
                if held & fit:
                    return points
            self.status = BLOCKED
        return points

    def place(self, tile: int, slot: int) -> None:
        hi, lo = HIGH[tile], LOW[tile]
        double = hi == lo
        self.placed += 1
        if slot < 0:
            index = len(self.log) - 1
            if double and self.spec.spinner != SPINNER_NONE:
                self._new_spinner(hi, 2)
                sid = len(self.pending) - 1
                self.ends += [hi, hi]
                self.kinds += [ACROSS, ACROSS]
                self.spin += (sid, sid)
            else:
                self.ends += [hi, lo]
                weight = ACROSS if double else NORMAL
                self.kinds += [weight, weight]
                self.spin += (-1, -1)
            self.origins += (index, index)
            return
        value = self.ends[slot]
        far = lo if value == hi else hi
        sid = self.spin[slot]
        if sid >= 0:
            self.spin = _with(self.spin, slot, -1)
            left = self.pending[sid] - 1
            self.pending = _with(self.pending, sid, left)
            if left == 0:
                spun = self.spin_value[sid]
                self.ends += [spun, spun]
                self.kinds += [SHORT, SHORT]
                self.spin += (-1, -1)
                origin = self.spin_origin[sid]
                self.origins += (origin, origin)
        self.ends[slot] = far
        if double:
            self.kinds[slot] = ACROSS
            spinner = self.spec.spinner
            if spinner == SPINNER_EVERY or (spinner == SPINNER_FIRST and not self.pending):
                self._new_spinner(hi, 1)
                self.spin = _with(self.spin, slot, len(self.pending) - 1)
        else:
            self.kinds[slot] = NORMAL

    def _new_spinner(self, value: int, long_sides: int) -> None:
        self.pending += (long_sides,)
        self.spin_value += (value,)
        self.spin_origin += (len(self.log) - 1,)

    def _check_blocked(self) -> None:
        if self.placed and not self.drawable_any() and not self.can_anyone_play():
            self.status = BLOCKED

    def drawable_any(self) -> bool:
        return self.spec.draws and len(self.boneyard) > self.spec.reserve

    def pips(self, seat: int) -> int:
        total = 0
        hand = self.hands[seat]
        while hand:
            low = hand & -hand
            total += PIPS[low.bit_length() - 1]
            hand ^= low
        return total


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]
