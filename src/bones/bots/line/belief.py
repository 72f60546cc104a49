"""What each hidden hand can and cannot hold, and deals sampled consistently with it.

Reasoning from one seat's observation of a line-of-play hand:

* The unknown tiles are all tiles but the observer's hand and the table; they
  lie in the other hands (whose sizes are public) or in the boneyard (which, in
  block and kozel, includes the undealt tiles).
* A *stuck run* is a seat's unbroken series of draws and passes at one layout.
  Every tile the seat kept after the run held none of the numbers then at the
  open ends (the tile that ended a run of draws by being played is the last one
  drawn: it was the only tile that fitted). Tiles drawn in later runs are not
  bound by an earlier run, so a seat's *void numbers* are the ends of its last
  run with draws and of every run after it (all its runs if it never drew);
  a run still going on (the seat has just drawn) binds only through the exact
  check below, since its last tile may fit.
* Sampling: tiles are grouped by the seats whose voids they avoid; exact counts
  of the ways to fill every hand to its size (a small dynamic programme over
  those groups) pick each group's split, so every assignment that respects the
  voids and sizes is equally likely, with no rejection. The boneyard order is a
  uniform shuffle.
* The first hand is opened by the holder of the highest double (classic: of
  6:6 first, every hand; kozel: of 1:1), so nobody was *dealt* a higher double
  (with no double dealt, no double and no heavier tile): `forbidden_dealt`.
* Once a seat has drawn, hands are not equally likely: a deal is what is
  equally likely, and one hand arises from as many deals as there are ways its
  tiles could have come in (dealt or in which draw). `belief_draws` counts
  those ways exactly and samples deals uniformly; without draws every
  consistent hand comes from exactly one deal, and the counting by groups
  below is exact and faster.
* `consistent_hand` checks one seat's hand exactly (a matching of the tiles it
  ever held to the moments they entered its hand).

Observed draws of known tiles do not exist in these games (the boneyard is
face down and drawn from the top), so the only evidence is plays, draws,
passes and counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from bones.bots.counting import PlacementCounter, weighted_index
from bones.bots.line.belief_draws import DrawSampler, SeatHistory, TooLarge
from bones.line.kernel import DRAW, PLAY, Kernel
from bones.line.observation import LineObservation
from bones.line.rules import HIGHEST_DOUBLE, ONE_ONE, TOP_DOUBLE, LineRules
from bones.tiles import HIGH, LOW, PIPS, pip_set, tiles_of

MAX_REDRAWS = 8
# The constructive fallback: searches from fresh random orders, each of at most this many partial hands.
CONSTRUCTIVE_TRIES = 20
CONSTRUCTIVE_STEPS = 20_000


@dataclass(frozen=True)
class StuckRun:
    """A seat's series of draws/passes at one layout: when, at which ends, and how many draws."""

    start: int  # index in the hand's event log
    end: int
    ends: frozenset[int]  # numbers at the open ends
    draws: int


@dataclass
class SeatEvidence:
    """Everything public about one other seat in the current hand."""

    seat: int
    size: int  # tiles it holds now
    dealt: int  # tiles it was dealt
    plays: list[tuple[int, int]] = field(default_factory=list)  # (event index, tile)
    draws: list[int] = field(default_factory=list)  # event indices of its draws
    stuck: list[tuple[int, frozenset[int]]] = field(default_factory=list)  # (event index, open ends)
    runs: list[StuckRun] = field(default_factory=list)
    voids: frozenset[int] = frozenset()


@dataclass
class Belief:
    """What the observer knows of the hidden tiles of one hand."""

    observer: int
    unknown: list[int]  # tile indices
    seats: dict[int, SeatEvidence]  # the other seats
    boneyard_size: int
    forbidden_dealt: int = 0  # tiles nobody else was dealt (the first opening's rule)
    _draw_sampler: DrawSampler | None = field(default=None, repr=False)
    _draws_too_large: bool = field(default=False, repr=False)
    _cached_plan: tuple[list[int], dict[int, list[int]], PlacementCounter, tuple[int, ...]] | None = field(
        default=None, repr=False
    )

    @classmethod
    def of(cls, obs: LineObservation) -> Belief:
        kernel = obs.public
        spec = kernel.spec
        scratch = Kernel(spec, [0] * spec.players, [], 0, -1)
        seats = {seat: SeatEvidence(seat, obs.hand_sizes[seat], 0) for seat in range(spec.players) if seat != obs.seat}
        for index, (seat, code, tile, slot) in enumerate(kernel.log):
            evidence = seats.get(seat)
            if code == PLAY:
                if evidence is not None:
                    evidence.plays.append((index, tile))
                scratch.log.append((seat, code, tile, slot))
                scratch.place(tile, slot)
                continue
            if evidence is None:
                continue
            evidence.stuck.append((index, frozenset(scratch.ends)))
            if code == DRAW:
                evidence.draws.append(index)
        for evidence in seats.values():
            evidence.dealt = evidence.size + len(evidence.plays) - len(evidence.draws)
            evidence.runs = _runs(evidence, kernel.log)
            # A seat that has just drawn and not yet played may hold that last tile fitting the ends.
            open_run = bool(evidence.draws) and evidence.draws[-1] == len(kernel.log) - 1
            evidence.voids = _voids(evidence.runs, open_run)
        known = obs.hand_mask | kernel.table
        unknown = [t for t in range(len(_tile_set(spec.max_pip))) if not known >> t & 1]
        forbidden = forbidden_dealt(obs.rules, obs.hand_no, kernel) if isinstance(obs.rules, LineRules) else 0
        return cls(obs.seat, unknown, seats, obs.boneyard_size, forbidden)

    def can_hold(self, seat: int, tile: int) -> bool:
        """Whether the voids (and, for a seat that never drew, the opening's rule) allow ``seat`` to hold ``tile``."""
        evidence = self.seats[seat]
        voids = evidence.voids
        if not evidence.draws and self.forbidden_dealt >> tile & 1:
            return False
        return HIGH[tile] not in voids and LOW[tile] not in voids

    def sample(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        """A deal of the unknown tiles: hand masks of the other seats and the boneyard (drawn from its end).

        Every deal consistent with the observation is equally likely.
        """
        hands, boneyard, _ = self.sample_timed(rng)
        return hands, boneyard

    def sample_timed(
        self, rng: random.Random
    ) -> tuple[dict[int, int], list[int], dict[int, list[tuple[int, int]]] | None]:
        """As ``sample``, with every seat's draws in the deal: (event index, tile drawn); None where the
        sampler could not say (the near-uniform fallback after many draws)."""
        no_draws: dict[int, list[tuple[int, int]]] = {seat: [] for seat in self.seats}
        if not self._draws_too_large and any(evidence.draws for evidence in self.seats.values()):
            try:
                return self._sample_with_draws(rng)
            except TooLarge:
                # Three or four hidden hands after many draws: hands uniform over the consistent ones instead.
                self._draws_too_large = True
                self._draw_sampler = None
        for _ in range(MAX_REDRAWS):
            hands, boneyard = self._sample_by_voids(rng)
            # Voids say everything about a seat that never drew; only drawers need the exact check.
            if all(not self.seats[seat].draws or self.consistent_hand(seat, mask) for seat, mask in hands.items()):
                return hands, boneyard, None if self._draws_too_large else no_draws
        hands, boneyard = self._sample_constructively(rng)
        return hands, boneyard, None if self._draws_too_large else no_draws

    def _sample_with_draws(
        self, rng: random.Random
    ) -> tuple[dict[int, int], list[int], dict[int, list[tuple[int, int]]] | None]:
        if self._draw_sampler is None:
            histories = [
                SeatHistory(
                    seat,
                    evidence.dealt,
                    tuple(evidence.draws),
                    tuple(evidence.plays),
                    tuple(evidence.stuck),
                    self.forbidden_dealt,
                )
                for seat, evidence in sorted(self.seats.items())
            ]
            sampler = DrawSampler(histories, self.unknown)
            sampler.feasible()
            self._draw_sampler = sampler
        masks, rest, drawn = self._draw_sampler.sample_timed(rng)
        seats = sorted(self.seats)
        return dict(zip(seats, masks)), rest, dict(zip(seats, drawn))

    # -- exact uniform sampling under the voids -------------------------------

    def _classes(self) -> list[int]:
        return sorted(self.seats)

    def _plan(self) -> tuple[list[int], dict[int, list[int]], PlacementCounter, tuple[int, ...]]:
        """Tiles grouped by the seats that may hold them, with the counter of ways (built once)."""
        if self._cached_plan is None:
            seats = self._classes()
            groups: dict[int, list[int]] = {}
            for tile in self.unknown:
                allowed = 0
                for bit, seat in enumerate(seats):
                    if self.can_hold(seat, tile):
                        allowed |= 1 << bit
                groups.setdefault(allowed, []).append(tile)
            keys = tuple(sorted(groups))
            sizes = tuple(len(groups[k]) for k in keys)
            capacity = tuple(self.seats[s].size for s in seats)
            self._cached_plan = (seats, groups, PlacementCounter(keys, sizes), capacity)
        return self._cached_plan

    def _sample_by_voids(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        seats, groups, counter, capacity = self._plan()
        keys = counter.keys
        if counter.ways(0, capacity) == 0:
            return self._sample_constructively(rng)
        hands = {seat: 0 for seat in seats}
        boneyard: list[int] = []
        remaining = capacity
        for index, key in enumerate(keys):
            splits = counter.splits(index, remaining)
            weights = [w for _, w in splits]
            split = splits[weighted_index(rng, weights)][0]
            tiles = groups[key][:]
            rng.shuffle(tiles)
            position = 0
            for bit, take in enumerate(split):
                for tile in tiles[position : position + take]:
                    hands[seats[bit]] |= 1 << tile
                position += take
            boneyard.extend(tiles[position:])
            remaining = tuple(r - t for r, t in zip(remaining, split))
        rng.shuffle(boneyard)
        return hands, boneyard

    # -- exact consistency ------------------------------------------------------

    def consistent_hand(self, seat: int, mask: int, partial: bool = False) -> bool:
        """Whether ``seat`` can hold exactly ``mask`` now given every play, draw and pass it made.

        Each tile it ever held (held now or played) must have entered its hand at
        one of the moments tiles entered (the deal, or one of its draws), and it
        must then have missed every open end at the seat's stuck moments between
        entering and leaving. A perfect matching of tiles to moments exists
        exactly when the seat's history is possible. With ``partial`` the mask may
        be smaller than the hand: the other places stay free for tiles to come.
        """
        evidence = self.seats[seat]
        if mask.bit_count() > evidence.size or (not partial and mask.bit_count() != evidence.size):
            return False
        items = [(tile, 1 << 30) for tile in tiles_of(mask)] + [(tile, when) for when, tile in evidence.plays]
        slots = [-1] * evidence.dealt + evidence.draws
        stuck = evidence.stuck
        forbidden = self.forbidden_dealt

        def fits(item: tuple[int, int], entered: int) -> bool:
            tile, left = item
            if entered >= left or (entered < 0 and forbidden >> tile & 1):
                return False
            hi, lo = HIGH[tile], LOW[tile]
            for when, ends in stuck:
                if entered < when < left and (hi in ends or lo in ends):
                    return False
            return True

        return _perfect_matching(items, slots, fits)

    def _sample_constructively(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        """A consistent deal found by a search over the tiles in a random order (the rare fallback when
        sampling by the voids keeps missing). Every partial hand is checked exactly, and a seat whose hand
        cannot be completed sends the search back: 200 greedy tries had missed the only deals left in
        one position of five (4-player all fives after many draws, issue 15), and Crazy stopped the game.
        """
        seats = self._classes()
        for _ in range(CONSTRUCTIVE_TRIES):
            pool = self.unknown[:]
            rng.shuffle(pool)
            try:
                found = self._complete(seats, 0, pool, {}, [CONSTRUCTIVE_STEPS])
            except TooLarge:
                continue
            if found is not None:
                return found
            break  # the search is complete: no deal fits
        raise RuntimeError("no deal is consistent with the observation")

    def _complete(
        self, seats: list[int], index: int, pool: list[int], hands: dict[int, int], steps: list[int]
    ) -> tuple[dict[int, int], list[int]] | None:
        """Hands for ``seats[index:]`` from ``pool`` (tried in its order), or None if there are none."""
        if index == len(seats):
            return dict(hands), pool
        seat = seats[index]
        need = self.seats[seat].size

        def grow(mask: int, start: int) -> tuple[dict[int, int], list[int]] | None:
            steps[0] -= 1
            if steps[0] < 0:
                raise TooLarge
            if mask.bit_count() == need:
                if not self.consistent_hand(seat, mask):
                    return None
                hands[seat] = mask
                found = self._complete(seats, index + 1, [t for t in pool if not mask >> t & 1], hands, steps)
                del hands[seat]
                return found
            for position in range(start, len(pool) - (need - mask.bit_count()) + 1):
                grown = mask | 1 << pool[position]
                if self.consistent_hand(seat, grown, partial=True):
                    found = grow(grown, position + 1)
                    if found is not None:
                        return found
            return None

        return grow(0, 0)


def forbidden_dealt(rules: LineRules, hand_no: int, kernel: Kernel) -> int:
    """Tiles nobody was dealt, read from a rule-made opening: doubles above the opening double, or, when the
    opening tile is no double (none was dealt), every double and every heavier tile."""
    ruled = rules.first_opener == TOP_DOUBLE or (hand_no == 1 and rules.first_opener in (HIGHEST_DOUBLE, ONE_ONE))
    if not ruled or kernel.opening < 0:
        return 0
    opening = kernel.opening
    tiles = pip_set(rules.max_pip)
    top = int(tiles.tile(f"{rules.max_pip}:{rules.max_pip}"))
    if (rules.first_opener == ONE_ONE and opening == int(tiles.tile("1:1"))) or (
        rules.first_opener == TOP_DOUBLE and opening == top
    ):
        return 0
    mask = 0
    for tile in (int(t) for t in tiles.tiles):
        double = HIGH[tile] == LOW[tile]
        if HIGH[opening] == LOW[opening]:
            above = double and HIGH[tile] > HIGH[opening]
        else:
            above = double or (PIPS[tile], HIGH[tile]) > (PIPS[opening], HIGH[opening])
        # Kozel's 1:1 and classic's top double open before any other double: dealt, they would have opened.
        special = (rules.first_opener == ONE_ONE and tile == int(tiles.tile("1:1"))) or (
            rules.first_opener == TOP_DOUBLE and tile == top
        )
        if above or special:
            mask |= 1 << tile
    return mask


def _runs(evidence: SeatEvidence, log: Sequence[tuple[int, int, int, int]]) -> list[StuckRun]:
    """Group a seat's stuck moments into runs: consecutive draws/passes with no table change between."""
    runs: list[StuckRun] = []
    for index, ends in evidence.stuck:
        code = log[index][1]
        last = runs[-1] if runs else None
        if last is not None and _no_play_between(log, last.end, index):
            runs[-1] = StuckRun(last.start, index, last.ends, last.draws + (code == DRAW))
        else:
            runs.append(StuckRun(index, index, ends, int(code == DRAW)))
    return runs


def _no_play_between(log: Sequence[tuple[int, int, int, int]], first: int, last: int) -> bool:
    return all(log[i][1] != PLAY for i in range(first + 1, last))


def _voids(runs: list[StuckRun], open_run: bool) -> frozenset[int]:
    last_with_draws = max((i for i, run in enumerate(runs) if run.draws), default=0)
    binding = runs[last_with_draws:]
    if open_run:
        binding = binding[:-1]
    voids: set[int] = set()
    for run in binding:
        voids |= run.ends
    return frozenset(voids)


def _perfect_matching(
    items: list[tuple[int, int]], slots: list[int], fits: Callable[[tuple[int, int], int], bool]
) -> bool:
    owner: list[int] = [-1] * len(slots)
    allowed = [[j for j, entered in enumerate(slots) if fits(item, entered)] for item in items]

    def augment(i: int, seen: list[bool]) -> bool:
        for j in allowed[i]:
            if not seen[j]:
                seen[j] = True
                if owner[j] < 0 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(augment(i, [False] * len(slots)) for i in range(len(items)))


@cache
def _tile_set(max_pip: int) -> tuple[int, ...]:
    from bones.tiles import pip_set

    return tuple(int(t) for t in pip_set(max_pip).tiles)
