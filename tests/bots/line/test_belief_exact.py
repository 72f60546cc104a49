"""The belief sampler draws every consistent deal with the same probability.

The reference is a rejection sampler written from the rules alone: keep the
observer's own deal and draws, shuffle every other tile into the other places
(other hands, the boneyard), open the hand by the rules' own `first_opener`,
replay the public history on a kernel and keep the deal only if every move was
legal. A two-sample chi-square test compares what both samplers put in the
other hands (how many held tiles could first have come in at each moment, and
how many doubles above the opening tile), on positions where the first
opening's rule and several draws matter.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable

import pytest

import bones
from bones.bots.line.belief import Belief
from bones.line.deal import deal, first_opener
from bones.line.kernel import DRAW, PASS, PLAY, Kernel
from bones.line.rules import LineRules
from bones.line.state import LineState
from bones.tiles import HIGH, LOW

Sample = dict[int, int]


def chi_square_p(a: Counter[Hashable], b: Counter[Hashable]) -> float:
    """p-value of the two-sample chi-square test that ``a`` and ``b`` come from one distribution."""
    na, nb = sum(a.values()), sum(b.values())
    bins: list[tuple[int, int]] = []
    small = [0, 0]
    for key in set(a) | set(b):
        if a[key] + b[key] < 10:
            small[0] += a[key]
            small[1] += b[key]
        else:
            bins.append((a[key], b[key]))
    if sum(small):
        bins.append((small[0], small[1]))
    stat = 0.0
    for x, y in bins:
        ea = (x + y) * na / (na + nb)
        eb = (x + y) * nb / (na + nb)
        stat += (x - ea) ** 2 / ea + (y - eb) ** 2 / eb
    return _upper_gamma(len(bins) - 1, stat)


def _upper_gamma(dof: int, stat: float) -> float:
    """P(chi-square with ``dof`` degrees of freedom > stat), by the series of the lower incomplete gamma."""
    if dof <= 0:
        return 1.0
    s, x = dof / 2, stat / 2
    term = total = 1.0 / s
    k = 1
    while term > 1e-15 * total:
        term *= x / (s + k)
        total += term
        k += 1
    lower = math.exp(-x + s * math.log(x) - math.lgamma(s)) * total if x > 0 else 0.0
    return max(0.0, 1.0 - lower)


def reference_sampler(state: LineState, observer: int) -> Callable[[random.Random], Sample | None]:
    """One try of rejection sampling: the other hands of a deal consistent with what ``observer`` saw, or None."""
    rules = state.rules
    hands, boneyard = deal(rules, state.seed, 1)
    log = state.kernel.log
    draws = [seat for seat, code, _, _ in log if code == DRAW]
    fixed_bone = {i for i, seat in enumerate(draws) if seat == observer}
    mine = hands[observer]
    places = [(seat, i) for seat in range(rules.players) if seat != observer for i in range(rules.hand_size)]
    places += [(-1, i) for i in range(len(boneyard)) if i not in fixed_bone]
    pool = [t for t in range(len(bones.pip_set(rules.max_pip))) if not mine >> t & 1]
    pool = [t for t in pool if t not in {boneyard[i] for i in fixed_bone}]
    true_opening = (state.opener, state.kernel.opening)

    def attempt(rng: random.Random) -> Sample | None:
        rng.shuffle(pool)
        new_hands = [0] * rules.players
        new_hands[observer] = mine
        new_bone = boneyard[:]
        for (seat, i), tile in zip(places, pool):
            if seat >= 0:
                new_hands[seat] |= 1 << tile
            else:
                new_bone[i] = tile
        if first_opener(rules, new_hands) != true_opening:
            return None
        kernel = Kernel(rules.spec(), new_hands, new_bone[::-1], *true_opening)
        for _seat, code, tile, slot in log:
            move = (code, tile, slot)
            if move not in kernel.legal():
                return None
            kernel.apply(*move)
        return {seat: kernel.hands[seat] for seat in range(rules.players) if seat != observer}

    return attempt


def summary(state: LineState, observer: int, hands: Sample) -> tuple[int, ...]:
    """Per other seat: how many doubles above the opening tile and how many tiles of 7 pips or more it holds,
    and its tiles counted by the last moment it was stuck on one of their numbers."""
    opening = state.kernel.opening
    scratch = Kernel(state.kernel.spec, [0] * state.rules.players, [], 0, -1)
    stuck: list[tuple[int, int, frozenset[int]]] = []
    for index, (seat, code, tile, slot) in enumerate(state.kernel.log):
        if code == PLAY:
            scratch.log.append((seat, code, tile, slot))
            scratch.place(tile, slot)
        elif code in (DRAW, PASS):
            stuck.append((seat, index, frozenset(scratch.ends)))
    out: list[int] = []
    for seat in sorted(hands):
        by_moment: Counter[int] = Counter()
        high_doubles = heavy = 0
        for tile in range(len(bones.pip_set(state.rules.max_pip))):
            if not hands[seat] >> tile & 1:
                continue
            last = max(
                (i for s, i, ends in stuck if s == seat and (HIGH[tile] in ends or LOW[tile] in ends)), default=-1
            )
            by_moment[last] += 1
            high_doubles += HIGH[tile] == LOW[tile] and HIGH[tile] > HIGH[opening]
            heavy += HIGH[tile] + LOW[tile] >= 7
        out += [seat, high_doubles, heavy] + [x for pair in sorted(by_moment.items()) for x in pair]
    return tuple(out)


def find_position(game: str, options: dict, seed: int, moves: int) -> tuple[LineState, int]:
    rules = bones.rules(game, **options)
    assert isinstance(rules, LineRules)
    state = rules.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves))
    assert isinstance(state, LineState) and state.hand_no == 1 and not state.is_over
    assert state.to_move is not None
    return state, state.to_move


# Positions chosen (seeded games with random moves) where another seat drew in two runs or more, or the
# opening double was low enough that a higher double could have been dealt, and few tiles were played.
POSITIONS = [
    ("draw", {"hand_size": 3}, 21, 4),  # the other seat drew twice; 5:5 opened, so 6:6 was not dealt
    ("block", {"hand_size": 4}, 20, 4),  # 2:2 opened: no higher double was dealt, all are in the undealt tiles
]


@pytest.mark.parametrize(("game", "options", "seed", "moves"), POSITIONS)
def test_samples_match_rejection_sampling(game: str, options: dict, seed: int, moves: int) -> None:
    state, observer = find_position(game, options, seed, moves)
    attempt = reference_sampler(state, observer)
    rng = random.Random(seed)
    reference: Counter[tuple[int, ...]] = Counter()
    tries = 0
    while sum(reference.values()) < 1000 and tries < 200_000:
        tries += 1
        hands = attempt(rng)
        if hands is not None:
            reference[summary(state, observer, hands)] += 1
    assert sum(reference.values()) >= 1000, f"only {sum(reference.values())} of {tries} tries were consistent"
    belief = Belief.of(state.observation(observer))
    sampled: Counter[tuple[int, ...]] = Counter()
    for _ in range(3000):
        hands, _ = belief.sample(rng)
        sampled[summary(state, observer, hands)] += 1
    p = chi_square_p(reference, sampled)
    assert p > 0.001, (p, sorted(reference.items())[:8], sorted(sampled.items())[:8])
