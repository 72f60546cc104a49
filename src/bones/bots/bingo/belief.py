"""What one Bingo seat knows of the hidden tiles, and worlds sampled consistently with it.

The other hand is uniform over the tiles it may hold (``Hand.cannot``) while
nothing it showed binds tiles it drew later. Honours do: a player who declared
held no double but the ones it showed, so every tile it still holds from before
the declaration is no double, while tiles drawn since may be. Then a world is
drawn from the other player's whole history: every tile it played or showed is
put on a random place among the places it could have come in by (its deal or a
draw before it played it), the other places get shuffled unseen tiles, and the
deal is kept only if no double but the shown ones was in its hand at the
declaration and its hand now avoids ``cannot``. Every consistent deal is
equally likely, as the rejection-sampling test checks.
"""

from __future__ import annotations

import random

from bones.bingo.kernel import CLOSE, DOUBLES, HONOURS, TAKE_HIDDEN, TAKE_TRUMP, TILE_PART, Hand
from bones.bits import bits

HAND_SIZE = 7  # tiles dealt to each player
STOCK_SIZE = 28 - 2 * HAND_SIZE  # the boneyard with the trump tile
TRIES = 2000  # rejections before a world is drawn by the per-hand rule alone


class History:
    """The other player's tiles in the order they came in: where its plays and honours bind them."""

    def __init__(self, public: Hand, other: int) -> None:
        self.entries = HAND_SIZE
        self.declared_at = -1  # tiles it had received when it declared honours
        self.latest: dict[int, int] = {}  # tile it played or showed -> the last place it can have come in by
        self.trump_place = -1  # where the turned-up trump tile came in, if this player took it
        self.late = 0  # tiles it played after declaring: not in its hand when it declared
        stock, closed, answer = STOCK_SIZE, False, False
        for seat, move in public.log:
            if move == CLOSE:
                closed = True
            elif move in (TAKE_TRUMP, TAKE_HIDDEN):
                if (seat == other) == (move == TAKE_TRUMP):
                    self.trump_place = self.entries
                self.entries += 1
                stock = 0
            else:
                tile = move & TILE_PART
                if seat == other:
                    if move & HONOURS:
                        self.declared_at = self.entries
                        for shown in bits(public.shown[other]):
                            self.latest[shown] = min(self.latest.get(shown, self.entries), self.entries - 1)
                    elif self.declared_at >= 0:
                        self.late |= 1 << tile
                    self.latest.setdefault(tile, self.entries - 1)
                if answer and not closed and stock > 2:
                    stock -= 2
                    self.entries += 1
                answer = not answer
        self.shown = public.shown[other]

    @property
    def binds(self) -> bool:
        """Whether the declaration binds tiles the player drew after it."""
        return 0 <= self.declared_at < self.entries


class Belief:
    """The hidden tiles as seen from ``seat``: who might hold what.

    ``unseen`` are the tiles ``seat`` has not seen (the other hand's unknown part and
    the face-down boneyard); ``allowed`` those of them the other may hold.
    """

    __slots__ = ("allowed", "history", "known", "need", "public", "seat", "unseen")

    def __init__(self, public: Hand, seat: int, other_size: int) -> None:
        other = 1 - seat
        self.public = public
        self.seat = seat
        self.known = public.known[other]
        trump_bit = 1 << public.trump_tile if public.trump_in_stock else 0
        self.unseen = public.universe & ~public.hands[seat] & ~public.gone & ~self.known & ~trump_bit
        self.need = other_size - self.known.bit_count()
        allowed = self.unseen & ~public.cannot[other]
        if allowed.bit_count() < self.need:  # cannot happen with sound deductions; stay safe
            allowed = self.unseen
        self.allowed = allowed
        history = History(public, other) if public.declared[other] else None
        self.history = history if history is not None and history.binds else None

    @property
    def possible(self) -> int:
        """Tiles the other seat might hold now."""
        return self.allowed | self.known

    @property
    def exact(self) -> bool:
        """Whether only one world is possible (the boneyard is empty)."""
        return self.need == self.allowed.bit_count() and not any(t < 0 for t in self.public.stock)

    def sample(self, rng: random.Random) -> Hand:
        """A world: the public hand with the hidden tiles dealt at random, consistently."""
        mask = self._sample_history(rng) if self.history is not None else None
        if mask is None:
            allowed = bits(self.allowed)
            rng.shuffle(allowed)
            mask = 0
            for tile in allowed[: self.need]:
                mask |= 1 << tile
        rest = bits(self.unseen & ~mask)
        rng.shuffle(rest)
        world = self.public.copy()
        world.hands[1 - self.seat] = self.known | mask
        stock = world.stock
        for i in range(len(stock)):
            if stock[i] < 0:
                stock[i] = rest.pop()
        return world

    def _sample_history(self, rng: random.Random) -> int | None:
        """The other hand's hidden tiles from one consistent history, or None after ``TRIES`` rejections."""
        history = self.history
        assert history is not None
        other = 1 - self.seat
        cannot = self.public.cannot[other]
        trump = self.public.trump_tile
        places = [p for p in range(history.entries) if p != history.trump_place]
        bound = sorted(
            (last, tile) for tile, last in history.latest.items() if tile != trump or history.trump_place < 0
        )
        unseen = bits(self.unseen)
        banned = DOUBLES & ~history.shown
        for _ in range(TRIES):
            free = places[:]
            at: dict[int, int] = {}
            fits = True
            for last, tile in bound:
                # Uniform among the places still free up to the tile's latest: the choices multiply
                # to the same count whatever was picked before, so every history is equally likely.
                limit = sum(1 for p in free if p <= last)
                if not limit:
                    fits = False
                    break
                at[tile] = free.pop(rng.randrange(limit))
            if not fits:
                continue
            if len(free) != self.need:  # a history this reading does not follow; never seen
                return None
            rng.shuffle(unseen)
            mask = 0
            for place, tile in zip(free, unseen):
                if place < history.declared_at and banned >> tile & 1:
                    fits = False
                    break
                mask |= 1 << tile
            late = history.late & banned
            # The turned-up trump, taken from the table, came in at its own place, not among the draws.
            came = [at.get(t, history.trump_place) for t in bits(late)]
            if fits and not mask & cannot and not any(place < history.declared_at for place in came):
                return mask
        return None
