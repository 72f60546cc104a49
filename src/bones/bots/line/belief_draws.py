"""Exact sampling of hidden hands when seats drew: every consistent deal equally likely.

A deal is every seat's dealt hand and the boneyard order; all deals are equally
likely, so given what the observer saw, every deal consistent with it is. For
a seat that drew, the same current hand arises from several deals (which of its
tiles came in which draw), so hands are *not* equally likely: a hand whose
tiles could have come at many moments is worth more than one whose tiles must
have come in one particular draw. This module counts those deals exactly.

Each seat has *entry slots* in time order: its dealt places, then one per draw.
A tile it held (now, or until it played it) may fill a slot only if it then
missed every open end at the seat's later stuck moments (draws and passes)
until it left; in the first hand, a double above the opening tile (or, when no
double was dealt, any tile beyond it) was dealt to nobody. So each tile has a
window of slots. A dynamic programme over the slots of all seats (dealt places
first, then draws in the order they happened) counts the ways to fill every
slot with a distinct tile within its window: played tiles are known, hidden
tiles are interchangeable within groups of equal windows. Sampling walks the
same programme with the counts as weights, so every consistent deal is drawn
with the same probability (the order of the dealt places is a constant factor).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bones.tiles import HIGH, LOW

NEVER = 1 << 30
# The programme's states grow with the number of seats that share the hidden tiles; past this many the
# caller falls back to sampling hands uniformly (exact without draws, close with them).
MAX_STATES = 400


class TooLarge(Exception):
    """The counting programme would take too long for this position."""


@dataclass(frozen=True)
class SeatHistory:
    """One seat's public history in one hand."""

    seat: int
    dealt: int
    draws: tuple[int, ...]  # event indices of its draws
    plays: tuple[tuple[int, int], ...]  # (event index, tile)
    stuck: tuple[tuple[int, frozenset[int]], ...]  # (event index, open ends) of its draws and passes
    forbidden_dealt: int  # tiles it cannot have been dealt (the first opening's rule)

    def window(self, tile: int, left: int = NEVER) -> tuple[int, int]:
        """Slots [first, last) where ``tile``, leaving the hand at event ``left``, may have entered it."""
        hi, lo = HIGH[tile], LOW[tile]
        last_conflict = -1
        for when, ends in self.stuck:
            if when < left and (hi in ends or lo in ends) and when > last_conflict:
                last_conflict = when
        if last_conflict < 0 and not self.forbidden_dealt >> tile & 1:
            first = 0
        else:
            # A draw made at the stuck moment itself brought a tile in after the seat was found stuck.
            first = self.dealt + sum(1 for d in self.draws if d < last_conflict)
        end = self.dealt + sum(1 for d in self.draws if d < left)
        return first, end


class DrawSampler:
    """Uniform sampling over the deals consistent with the seats' histories."""

    def __init__(self, histories: Sequence[SeatHistory], unknown: Sequence[int]) -> None:
        self.histories = list(histories)
        seats = range(len(self.histories))
        steps: list[tuple[int, int, int]] = []  # (seat position, slot, event index)
        for position, history in enumerate(self.histories):
            steps += [(position, slot, -1) for slot in range(history.dealt)]
        draws = sorted((when, position) for position, h in enumerate(self.histories) for when in h.draws)
        counters = [h.dealt for h in self.histories]
        for when, position in draws:
            steps.append((position, counters[position], when))
            counters[position] += 1
        self.steps = steps
        # Played tiles: one bit each, with their windows.
        self.played: list[tuple[int, int, int, int]] = []  # (seat position, tile, first, end)
        for position, history in enumerate(self.histories):
            for when, tile in history.plays:
                first, end = history.window(tile, when)
                self.played.append((position, tile, first, end))
        self.full = (1 << len(self.played)) - 1
        groups: dict[tuple[int, ...], list[int]] = {}
        self.outside: list[int] = []  # tiles no seat may hold: the boneyard's
        for tile in unknown:
            key = tuple(self._first_slot(position, tile) for position in seats)
            if all(first == NEVER for first in key):
                self.outside.append(tile)
            else:
                groups.setdefault(key, []).append(tile)
        self.group_keys = list(groups)
        self.group_tiles = [groups[k] for k in self.group_keys]
        self.sizes = tuple(len(t) for t in self.group_tiles)
        self.memo: dict[tuple[int, int, tuple[int, ...]], int] = {}
        # What may fill each step's slot, and which played tiles must be placed before it (fixed per step).
        self.step_played: list[list[int]] = []
        self.step_due: list[int] = []
        self.step_groups: list[list[int]] = []
        for position, slot, _ in steps:
            mine = [i for i, (owner, *_rest) in enumerate(self.played) if owner == position]
            self.step_played.append([i for i in mine if self.played[i][2] <= slot < self.played[i][3]])
            self.step_due.append(sum(1 << i for i in mine if self.played[i][3] <= slot))
            self.step_groups.append([g for g, key in enumerate(self.group_keys) if key[position] <= slot])

    def _first_slot(self, position: int, tile: int) -> int:
        history = self.histories[position]
        first, end = history.window(tile)
        return first if first < end else NEVER

    def _options(self, step: int, used_played: int, used: tuple[int, ...]) -> list[tuple[int, int, int]]:
        """(kind, index, multiplicity): kind 0 a played tile, 1 a hidden tile of a group."""
        due = self.step_due[step]
        if used_played & due != due:
            return []  # a tile played later had to be in the hand already
        options = [(0, index, 1) for index in self.step_played[step] if not used_played >> index & 1]
        sizes = self.sizes
        for index in self.step_groups[step]:
            free = sizes[index] - used[index]
            if free:
                options.append((1, index, free))
        return options

    def ways(self, step: int = 0, used_played: int = 0, used: tuple[int, ...] | None = None) -> int:
        """How many ways the slots from ``step`` on can be filled."""
        if used is None:
            used = (0,) * len(self.sizes)
        if step == len(self.steps):
            return 1 if used_played == self.full else 0
        key = (step, used_played, used)
        cached = self.memo.get(key)
        if cached is not None:
            return cached
        if len(self.memo) >= MAX_STATES:
            raise TooLarge
        total = 0
        memo = self.memo
        last = step + 1 == len(self.steps)
        for kind, index, count in self._options(step, used_played, used):
            if kind == 0:
                played, after = used_played | 1 << index, used
            else:
                played, after = used_played, used[:index] + (used[index] + 1,) + used[index + 1 :]
            if last:
                child = 1 if played == self.full else 0
            else:
                known = memo.get((step + 1, played, after))
                child = self.ways(step + 1, played, after) if known is None else known
            total += count * child
        memo[key] = total
        return total

    @staticmethod
    def _after(kind: int, index: int, used_played: int, used: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        if kind == 0:
            return used_played | 1 << index, used
        return used_played, used[:index] + (used[index] + 1,) + used[index + 1 :]

    def feasible(self) -> bool:
        """Whether some deal fits (raises ``TooLarge`` when counting is too big a job)."""
        return self.ways() > 0

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hand masks (in the order of the histories) and the other tiles, shuffled, for the boneyard."""
        hands, rest, _ = self.sample_timed(rng)
        return hands, rest

    def sample_timed(self, rng: random.Random) -> tuple[list[int], list[int], list[list[tuple[int, int]]]]:
        """As ``sample``, with each seat's draws of the deal: (event index, tile drawn) in the order of the histories.

        A play model needs the hand a seat held at each of its past choices, which the draws decide.
        """
        drawn: list[list[tuple[int, int]]] = [[] for _ in self.histories]
        used_played = 0
        used = (0,) * len(self.sizes)
        if not self.ways(0, used_played, used):
            raise RuntimeError("no deal is consistent with the observation")
        pools = [rng.sample(tiles, len(tiles)) for tiles in self.group_tiles]
        hands = [0] * len(self.histories)
        for step in range(len(self.steps)):
            options = self._options(step, used_played, used)
            weights = [
                count * self.ways(step + 1, *self._after(kind, index, used_played, used))
                for kind, index, count in options
            ]
            pick = rng.randrange(sum(weights))
            chosen = 0
            while pick >= weights[chosen]:
                pick -= weights[chosen]
                chosen += 1
            kind, index, _ = options[chosen]
            position, _, when = self.steps[step]
            if kind == 1:
                tile = pools[index][used[index]]
                hands[position] |= 1 << tile
            else:
                tile = self.played[index][1]
            if when >= 0:
                drawn[position].append((when, tile))
            used_played, used = self._after(kind, index, used_played, used)
        rest = list(self.outside)
        for index, pool in enumerate(pools):
            rest += pool[used[index] :]
        rng.shuffle(rest)
        return hands, rest, drawn
