"""What one Tetradominoes player can infer about the hidden dominoes, and deals sampled consistently with it.

Every hidden domino of another player is a *slot*. A slot made by the deal or a
draw may be any unseen domino. When a player is stuck (reveals two dominoes or
passes), every domino they hold lacks every number the table offered then, so
each of their hidden slots gets those numbers *banned*. A slot leaves the hand
when the player plays or reveals a domino that was hidden. When the domino fits
slots with different bans, any of them may have held it, and which one changes
what the hand can still hold: the reading keeps every possibility as a
*hypothesis* (each seat's bans), weighted by the number of ways the dominoes that
left could have come from the slots (slots with the same ban are alike; a
hypothesis where a domino fits no slot is impossible and goes). A domino handed
over in a trade is known to the two partners; to the other pair it is a slot
with the ban of the slot it left. Sampling picks a hypothesis by its weight times
the number of ways to fill its slots, then fills them (``sample``) and shuffles
the rest into the pile.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

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


class Plan(NamedTuple):
    """How to sample one hypothesis: its weight times the ways to fill its slots, the (seat, ban) groups
    of its slots, the unseen dominoes by the groups they fit, the counter of fillings, the group sizes."""

    weight: int
    groups: list[tuple[int, int]]
    kinds: dict[int, list[int]]
    counter: PlacementCounter
    capacity: tuple[int, ...]


MAX_HYPOTHESES = 256  # beyond this many the lightest go (never reached in bench games)


class Hypothesis:
    """One way the dominoes that left the hands could have come from their slots: every seat's slot
    bans, the bans of slots handed over unseen and not yet received, and how many ways lead here."""

    __slots__ = ("carry", "slots", "weight")

    def __init__(self, slots: list[list[int]], weight: int, carry: dict[int, int]) -> None:
        self.slots = slots
        self.weight = weight
        self.carry = carry

    def key(self) -> tuple:
        return tuple(tuple(sorted(s)) for s in self.slots), tuple(sorted(self.carry.items()))


def _merged(hypotheses: list[Hypothesis]) -> list[Hypothesis]:
    """Hypotheses with the same slots made one, their weights added."""
    out: dict[tuple, Hypothesis] = {}
    for h in hypotheses:
        key = h.key()
        if key in out:
            out[key].weight += h.weight
        else:
            out[key] = h
    kept = list(out.values())
    if len(kept) > MAX_HYPOTHESES:
        kept = sorted(kept, key=lambda h: -h.weight)[:MAX_HYPOTHESES]
    return kept


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
        dealt = [[0] * n if start and s != obs.seat else [] for s, n in enumerate(start or [0] * players)]
        self.hypotheses = [Hypothesis(dealt, 1, {})]
        self._tokens = 0
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
                token = -1  # where each hypothesis keeps the ban of the slot a domino left (-1: none)
                if not mine:
                    if was_revealed:
                        revealed[seat] &= ~(1 << tile)
                    else:
                        token = self._remove(seat, tile)
                if pending is None:
                    pending = (seat, tile, was_revealed, token)
                else:
                    # The answer: this domino goes to the giver, the offer to this seat.
                    giver, offered, offered_revealed, offered_token = pending
                    self._receive(giver, tile, was_revealed, revealed, token)
                    self._receive(seat, offered, offered_revealed, revealed, offered_token)
                    pending = None
            elif kind == KEEP:
                if pending is not None:
                    giver, offered, offered_revealed, offered_token = pending
                    self._receive(giver, offered, offered_revealed, revealed, offered_token)
                pending = None
            elif mine:
                continue
            elif kind == DRAW:
                self.net[seat] += 1
                for h in self.hypotheses:
                    h.slots[seat].append(0)
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
            first = want - len(self.hypotheses[0].slots[s])
            broken = first < 0 or revealed[s] != kernel.revealed[s]
            if broken:
                self.consistent = False
            for h in self.hypotheses:
                h.slots[s] = [0] * max(0, want) if broken else h.slots[s] + [self.first_ban[s]] * first
        self.hypotheses = _merged(self.hypotheses)
        self._cached_plans: list[Plan] | None = None
        self.unknown = ALL_TILES & ~known_tiles(obs)
        for s in range(players):
            self.unknown &= ~self.known_hidden[s]

    @property
    def slots(self) -> list[list[int]]:
        """The slots of the likeliest hypothesis (the only one unless a domino fitted slots with different bans)."""
        return max(self.hypotheses, key=lambda h: h.weight).slots

    def _stuck(self, seat: int, numbers: int) -> None:
        for h in self.hypotheses:
            h.slots[seat] = [ban | numbers for ban in h.slots[seat]]
        self.first_ban[seat] |= numbers

    def _remove(self, seat: int, tile: int) -> int:
        """Take the hidden ``tile`` (-1: unseen) out of ``seat``'s slots, in every way it can leave; returns
        the token under which each hypothesis keeps the ban of the slot it left (-1: none)."""
        self.net[seat] -= 1
        if tile >= 0 and self.known_hidden[seat] >> tile & 1:
            self.known_hidden[seat] ^= 1 << tile
            return -1
        token = self._tokens
        self._tokens += 1
        numbers = NUMBERS[tile] if tile >= 0 else 0
        if not self.explicit_start and not self.first_ban[seat] & numbers:
            for h in self.hypotheses:  # the first reading only counts
                h.carry[token] = self.first_ban[seat]
            return token
        out = []
        for h in self.hypotheses:
            for ban, alike in Counter(b for b in h.slots[seat] if not b & numbers).items():
                copied = [list(held) for held in h.slots]
                copied[seat].remove(ban)
                out.append(Hypothesis(copied, h.weight * alike, {**h.carry, token: ban}))
        if out:
            self.hypotheses = _merged(out)
            return token
        # No way to explain it: the history is not one this reading follows; go on as well as can be.
        self.consistent = False
        for h in self.hypotheses:
            held = h.slots[seat]
            if held:
                h.carry[token] = held.pop(max(range(len(held)), key=lambda i: held[i].bit_count()))
        return token

    def _receive(self, seat: int, tile: int, was_revealed: bool, revealed: list[int], token: int) -> None:
        if seat == self.seat:
            for h in self.hypotheses:
                h.carry.pop(token, None)
            return
        if not was_revealed:
            self.net[seat] += 1
        if was_revealed:
            revealed[seat] |= 1 << tile
        elif tile >= 0:
            self.known_hidden[seat] |= 1 << tile
        else:
            for h in self.hypotheses:
                h.slots[seat].append(h.carry.get(token, 0))
        for h in self.hypotheses:
            h.carry.pop(token, None)
        self.hypotheses = _merged(self.hypotheses)

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hidden hands (masks, this seat's left 0) and a pile order for one consistent deal.

        Every filling of the slots that respects their bans is equally likely: the slots are
        grouped by seat and ban, the unseen dominoes by the groups they fit, and exact counts
        of the ways to fill every group pick how many of each kind go where (filling the most
        constrained slot first from the front of a shuffle favoured the kinds it skipped)."""
        plans = self._plans()
        weights = [plan.weight for plan in plans]
        if not any(weights):  # an inconsistent history: fill what fits, as well as can be
            return self._sample_loosely(rng)
        plan = plans[weighted_index(rng, weights)] if len(plans) > 1 else plans[0]
        groups, kinds, counter, capacity = plan.groups, plan.kinds, plan.counter, plan.capacity
        hands = [self.known_hidden[s] for s in range(self.players)]
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

    def _plans(self) -> list[Plan]:
        """Per hypothesis: its weight times the ways to fill its slots, its groups, kinds and counter."""
        if self._cached_plans is None:
            self._cached_plans = []
            for h in self.hypotheses:
                groups = sorted({(s, ban) for s in range(self.players) for ban in h.slots[s]})
                kinds: dict[int, list[int]] = {}
                for tile in tiles_of(self.unknown):
                    key = sum(1 << g for g, (_, ban) in enumerate(groups) if not NUMBERS[tile] & ban)
                    kinds.setdefault(key, []).append(int(tile))
                keys = tuple(sorted(kinds))
                counter = PlacementCounter(keys, tuple(len(kinds[k]) for k in keys))
                capacity = tuple(h.slots[s].count(ban) for s, ban in groups)
                ways = counter.ways(0, capacity)
                self._cached_plans.append(Plan(h.weight * ways, groups, kinds, counter, capacity))
        return self._cached_plans

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
