"""What one Tetradominoes player can infer about the hidden dominoes, and deals sampled consistently with it.

Every hidden domino of another player is a *slot*. A slot made by the deal or a
draw may be any unseen domino. When a player is stuck (reveals two dominoes or
passes), every domino they hold lacks every number the table offered then, so
each of their hidden slots gets those numbers *banned*. A slot leaves the hand
when the player plays or reveals a domino that was hidden: the most constrained
slot that the domino fits is taken (slots drawn earlier carry every ban of later
ones, so this keeps the true deal possible). A domino handed over in a trade is
known to the two partners; to the other pair it is an unconstrained slot.
Sampling fills the slots, most constrained first, from the unseen dominoes and
shuffles the rest into the pile.
"""

from __future__ import annotations

import random

from bones.bots.counting import PlacementCounter, weighted_index
from bones.tetradominoes.kernel import DRAW, GIVE, KEEP, PASS, PLACE, REVEAL, TILES_BY_PAIR, Kernel
from bones.tetradominoes.state import TetraObservation
from bones.tiles import HIGH, LOW, tiles_of

ALL_TILES = (1 << 28) - 1
NUMBERS = tuple(1 << HIGH[t] | 1 << LOW[t] for t in range(28))


def known_tiles(obs: TetraObservation) -> int:
    """Tiles whose place ``obs.seat`` knows: the board, its hand, every revealed tile, a visible offer."""
    kernel = obs.table
    mask = 0
    for c, n in kernel.num.items():
        mate = kernel.mate[c]
        mask |= 1 << TILES_BY_PAIR[n][kernel.num[mate]]
    mask |= kernel.hidden[obs.seat]
    for r in kernel.revealed:
        mask |= r
    if kernel.offer >= 0:
        mask |= 1 << kernel.offer
    return mask


class Belief:
    """The slots of every other seat's hidden hand, read from one observation's history."""

    def __init__(self, obs: TetraObservation) -> None:
        players = obs.rules.players
        self.seat = obs.seat
        self.players = players
        # How many hidden dominoes each seat started with (dealt, or given by a setup) is the
        # count now less the net change the history shows; a first reading finds it, and the
        # second gives those slots the bans of every stuck turn from the start, so a domino that
        # leaves a hand cannot be put down to a dealt slot that is already gone.
        self.net = [0] * players
        self._read(obs, None)
        start = [obs.hidden_counts[s] - self.net[s] for s in range(players)]
        if all(n >= 0 for n in start):
            self._read(obs, start)

    def _read(self, obs: TetraObservation, start: list[int] | None) -> None:
        kernel = obs.table
        players = self.players
        self.explicit_start = start is not None
        self.net = [0] * players
        self.slots: list[list[int]] = [
            [0] * n if start and s != obs.seat else [] for s, n in enumerate(start or [0] * players)
        ]
        self.first_ban = [0] * players
        self.known_hidden: list[int] = [0] * players  # tiles known to lie in a seat's hidden hand
        self.consistent = True
        revealed = [0] * players
        pending: tuple[int, int, bool, int] | None = None  # giver, tile (-1 unknown), was revealed, slot ban
        for e in obs.events:
            seat, kind = e.seat, e.kind
            mine = seat == obs.seat
            if kind == GIVE:
                tile, was_revealed = e.a, bool(e.b)
                if not mine:
                    if was_revealed:
                        revealed[seat] &= ~(1 << tile)
                        ban = 0
                    else:
                        ban = self._remove(seat, tile)
                else:
                    ban = 0
                if pending is None:
                    pending = (seat, tile, was_revealed, ban)
                else:
                    # The answer: this domino goes to the giver, the offer to this seat.
                    giver, offered, offered_revealed, offered_ban = pending
                    self._receive(giver, tile, was_revealed, revealed, ban)
                    self._receive(seat, offered, offered_revealed, revealed, offered_ban)
                    pending = None
            elif kind == KEEP:
                if pending is not None:
                    giver, offered, offered_revealed, offered_ban = pending
                    self._receive(giver, offered, offered_revealed, revealed, offered_ban)
                pending = None
            elif mine:
                continue
            elif kind == DRAW:
                self.net[seat] += 1
                self.slots[seat].append(0)
            elif kind == PLACE:
                tile = _placed_tile(e.a)
                if revealed[seat] >> tile & 1:
                    revealed[seat] ^= 1 << tile
                else:
                    self._remove(seat, tile)
            elif kind == REVEAL:
                self._stuck(seat, e.c)
                for tile in (e.a, e.b):
                    self._remove(seat, tile)
                    revealed[seat] |= 1 << tile
            elif kind == PASS:
                self._stuck(seat, e.b)
                for tile in tiles_of(e.a):
                    self._remove(seat, int(tile))
                revealed[seat] |= e.a
        for s in range(players):
            if s == obs.seat:
                continue
            want = obs.hidden_counts[s] - self.known_hidden[s].bit_count()
            first = want - len(self.slots[s])
            self.slots[s] += [self.first_ban[s]] * max(0, first)
            if first < 0 or revealed[s] != kernel.revealed[s]:
                self.consistent = False
                self.slots[s] = [0] * max(0, want)
        self._cached_plan: tuple[list[tuple[int, int]], dict[int, list[int]], PlacementCounter] | None = None
        self.unknown = ALL_TILES & ~known_tiles(obs)
        for s in range(players):
            self.unknown &= ~self.known_hidden[s]

    def _stuck(self, seat: int, numbers: int) -> None:
        self.slots[seat] = [ban | numbers for ban in self.slots[seat]]
        self.first_ban[seat] |= numbers

    def _remove(self, seat: int, tile: int) -> int:
        """Take the hidden ``tile`` out of ``seat``'s slots; returns the ban of the slot it filled."""
        self.net[seat] -= 1
        if tile >= 0 and self.known_hidden[seat] >> tile & 1:
            self.known_hidden[seat] ^= 1 << tile
            return 0
        numbers = NUMBERS[tile] if tile >= 0 else 0
        if not self.explicit_start and not self.first_ban[seat] & numbers:
            return self.first_ban[seat]
        slots = self.slots[seat]
        if not slots:
            self.consistent = False
            return 0
        fitting = [i for i, ban in enumerate(slots) if not ban & numbers]
        pool = fitting or list(range(len(slots)))
        if not fitting:
            self.consistent = False
        index = max(pool, key=lambda i: slots[i].bit_count())
        return slots.pop(index)

    def _receive(self, seat: int, tile: int, was_revealed: bool, revealed: list[int], ban: int) -> None:
        if seat == self.seat:
            return
        if not was_revealed:
            self.net[seat] += 1
        if was_revealed:
            revealed[seat] |= 1 << tile
        elif tile >= 0:
            self.known_hidden[seat] |= 1 << tile
        else:
            self.slots[seat].append(ban)

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hidden hands (masks, this seat's left 0) and a pile order for one consistent deal.

        Every filling of the slots that respects their bans is equally likely: the slots are
        grouped by seat and ban, the unseen dominoes by the groups they fit, and exact counts
        of the ways to fill every group pick how many of each kind go where (filling the most
        constrained slot first from the front of a shuffle favoured the kinds it skipped)."""
        groups, kinds, counter = self._plan()
        hands = [self.known_hidden[s] for s in range(self.players)]
        capacity = tuple(self.slots[s].count(ban) for s, ban in groups)
        if counter.ways(0, capacity) == 0:  # an inconsistent history: fill what fits, as well as can be
            return self._sample_loosely(rng)
        pile: list[int] = []
        remaining = capacity
        for index, key in enumerate(counter.keys):
            splits = counter.splits(index, remaining)
            split = splits[weighted_index(rng, [w for _, w in splits])][0]
            tiles = kinds[key][:]
            rng.shuffle(tiles)
            position = 0
            for group, take in enumerate(split):
                for tile in tiles[position : position + take]:
                    hands[groups[group][0]] |= 1 << tile
                position += take
            pile.extend(tiles[position:])
            remaining = tuple(r - t for r, t in zip(remaining, split))
        rng.shuffle(pile)
        return hands, pile

    def _plan(self) -> tuple[list[tuple[int, int]], dict[int, list[int]], PlacementCounter]:
        if self._cached_plan is None:
            groups = sorted({(s, ban) for s in range(self.players) for ban in self.slots[s]})
            kinds: dict[int, list[int]] = {}
            for tile in tiles_of(self.unknown):
                key = sum(1 << g for g, (_, ban) in enumerate(groups) if not NUMBERS[tile] & ban)
                kinds.setdefault(key, []).append(int(tile))
            keys = tuple(sorted(kinds))
            sizes = tuple(len(kinds[k]) for k in keys)
            self._cached_plan = (groups, kinds, PlacementCounter(keys, sizes))
        return self._cached_plan

    def _sample_loosely(self, rng: random.Random) -> tuple[list[int], list[int]]:
        remaining = [int(t) for t in tiles_of(self.unknown)]
        rng.shuffle(remaining)
        hands = [self.known_hidden[s] for s in range(self.players)]
        for s in range(self.players):
            for _ in self.slots[s]:
                if remaining:
                    hands[s] |= 1 << remaining.pop()
        return hands, remaining

    def world(self, public: Kernel, rng: random.Random) -> Kernel:
        """A kernel with the hidden dominoes dealt by one sample (no log)."""
        hands, pile = self.sample(rng)
        world = public.copy()
        for s in range(self.players):
            if s != self.seat:
                world.hidden[s] = hands[s]
        size = len(public.boneyard)
        world.boneyard = (pile + [-1] * size)[:size]
        return world


def _placed_tile(packed: int) -> int:
    a, b = packed >> 4, packed & 15
    hi, lo = max(a, b), min(a, b)
    return hi * (hi + 1) // 2 + lo
