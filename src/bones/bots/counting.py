"""Exact counting of hidden deals, shared by the samplers of every game that hides tiles.

A sampler sorts the unseen tiles into kinds (tiles that may go to the same holders: seats, or
a seat's slots with the same ban) and draws a deal kind by kind, choosing how many of each
kind every holder gets with probability proportional to the number of whole deals that
choice leaves possible. That makes every possible deal equally likely, which is what the
chi-square tests against rejection sampling check.
"""

from __future__ import annotations

import random
from functools import cache
from math import comb


class PlacementCounter:
    """Ways to place kinds of distinct tiles into holders of given sizes (the rest stay unseen).

    Kind ``k`` has ``sizes[k]`` tiles that may go to the holders whose bits are set in
    ``keys[k]``, or stay in the boneyard or pile; ``ways(k, capacity)`` counts the assignments
    of kinds k.. that fill every holder exactly, and ``splits(k, capacity)`` lists each way of
    sharing kind k out with the count of whole assignments it leaves.
    """

    def __init__(self, keys: tuple[int, ...], sizes: tuple[int, ...]) -> None:
        self.keys = keys
        self.sizes = sizes
        self.ways = cache(self._ways)
        self.splits = cache(self._splits)

    def _splits(self, kind: int, capacity: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        out = []
        for split in compositions(self.sizes[kind], self.keys[kind], capacity):
            rest = tuple(c - s for c, s in zip(capacity, split))
            ways = multinomial(self.sizes[kind], split) * self.ways(kind + 1, rest)
            if ways:
                out.append((split, ways))
        return out

    def _ways(self, kind: int, capacity: tuple[int, ...]) -> int:
        if kind == len(self.keys):
            return 0 if any(capacity) else 1
        return sum(w for _, w in self.splits(kind, capacity))


def compositions(total: int, allowed: int, capacity: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Ways to send up to ``total`` tiles to the allowed holders within capacity (the rest stay unseen)."""
    out: list[tuple[int, ...]] = []

    def rec(holder: int, left: int, prefix: tuple[int, ...]) -> None:
        if holder == len(capacity):
            out.append(prefix)
            return
        if not allowed >> holder & 1:
            rec(holder + 1, left, (*prefix, 0))
            return
        for take in range(min(left, capacity[holder]) + 1):
            rec(holder + 1, left - take, (*prefix, take))

    rec(0, total, ())
    return out


def multinomial(total: int, split: tuple[int, ...]) -> int:
    """Ways to choose which of ``total`` distinct tiles go to each holder (order within one does not matter)."""
    ways = 1
    for take in split:
        ways *= comb(total, take)
        total -= take
    return ways


def weighted_index(rng: random.Random, weights: list[int]) -> int:
    """An index drawn with probability proportional to its (integer) weight."""
    pick = rng.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if pick < weight:
            return index
        pick -= weight
    raise AssertionError("weights changed")
