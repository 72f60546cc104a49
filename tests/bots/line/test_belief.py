"""Deals sampled from an observation agree with every pass, draw and count."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import bones
from bones.bots.line.belief import Belief
from bones.line.kernel import DRAW, PASS, PLAY, Kernel
from bones.line.observation import LineObservation
from bones.line.state import LineState
from bones.tiles import HIGH, LOW, mask_of, tiles_of
from tests.line.helpers import play, setup

CASES = [
    ("draw", {}),
    ("draw", {"players": 4}),
    ("draw", {"players": 3, "reserve": True}),
    ("block", {"players": 3}),
    ("allfives", {"spinner": True}),
    ("muggins", {"players": 4, "teams": True}),
    ("kozel", {}),
    ("classic", {"players": 3}),
]


def ends_at_each_event(obs: LineObservation) -> list[frozenset[int]]:
    """The open ends before each event, rebuilt independently of the belief module."""
    kernel = obs.public
    scratch = Kernel(kernel.spec, [0] * kernel.spec.players, [], 0, -1)
    out = []
    for seat, code, tile, slot in kernel.log:
        out.append(frozenset(scratch.ends))
        if code == PLAY:
            scratch.log.append((seat, code, tile, slot))
            scratch.place(tile, slot)
    return out


def check_sample(obs: LineObservation, hands: dict[int, int], boneyard: list[int]) -> None:
    known = obs.hand_mask | obs.public.table
    everything = set(range(len(bones.pip_set(obs.rules.max_pip))))
    hidden = [t for mask in hands.values() for t in tiles_of(mask)] + boneyard
    assert sorted(map(int, hidden)) == sorted(t for t in everything if not known >> t & 1), (
        "not a partition of the unknown tiles"
    )
    assert len(boneyard) == obs.boneyard_size
    log = obs.public.log
    ends = ends_at_each_event(obs)
    for seat, mask in hands.items():
        assert mask.bit_count() == obs.hand_sizes[seat]
        held = [(HIGH[t], LOW[t]) for t in tiles_of(mask)]
        for index, (who, code, _tile, _slot) in enumerate(log):
            if who != seat or code not in (DRAW, PASS):
                continue
            # A held tile that fits the ends of a moment the seat was stuck came in a draw made then
            # or later; a draw followed at once by the seat's own play gave the tile it played.
            draws = [j for j in range(index, len(log)) if log[j][0] == seat and log[j][1] == DRAW]
            spent = sum(1 for j in draws if j + 1 < len(log) and log[j + 1][0] == seat and log[j + 1][1] == PLAY)
            matching = sum(1 for hi, lo in held if hi in ends[index] or lo in ends[index])
            assert matching <= len(draws) - spent, (
                f"seat {seat} holds {matching} tiles fitting {sorted(ends[index])} after event {index}, "
                f"but only {len(draws) - spent} drawn tiles could be among them"
            )


@pytest.mark.slow  # every game and variant: make test runs it, make check does not
@pytest.mark.parametrize(("game", "options"), CASES)
def test_samples_agree_with_every_pass_draw_and_count(game: str, options: dict) -> None:
    rules = bones.rules(game, **options)
    checked = 0
    for seed in range(25):
        state = rules.new_game(seed=seed)
        rng = random.Random(seed)
        hand_no = 1
        while not state.is_over and state.hand_no == hand_no:
            for seat in range(rules.players):
                obs = state.observation(seat)
                belief = Belief.of(obs)
                truth = state.kernel.hands
                for other in belief.seats:
                    assert belief.consistent_hand(other, truth[other]), "the real hand was judged impossible"
                    assert all(belief.can_hold(other, t) for t in tiles_of(truth[other]))
                hands, boneyard = belief.sample(rng)
                check_sample(obs, hands, boneyard)
                checked += 1
            state = state.play(rng.choice(state.legal_moves))
    assert checked > 300


def test_a_seat_that_passed_on_a_number_is_never_dealt_it() -> None:
    # Kozel: seat 1 passes on 1, so it holds no tile with a 1.
    state = setup("kozel", ["1:1 1:2 3:3", "5:5 4:4 6:6", "1:3 2:2 6:5", "1:0 4:0 0:0"])
    state = play(state, "1:1", "pass")
    obs = state.observation(0)
    belief = Belief.of(obs)
    assert belief.seats[1].voids == {1}
    rng = random.Random(1)
    for _ in range(200):
        hands, _ = belief.sample(rng)
        assert not any(1 in (HIGH[t], LOW[t]) for t in tiles_of(hands[1]))


def test_sampling_is_uniform_over_consistent_deals() -> None:
    # Seat 1 passed on 1; the 8 unknown tiles split 3/2/3 between seats 1, 2 and 3.
    state = setup("kozel", ["1:1 6:6", "5:5 4:4 2:2", "1:3 3:3", "6:1 4:3 0:0"])
    state = play(state, "1:1", "pass")
    obs = state.observation(0)
    assert isinstance(state, LineState)
    belief = Belief.of(obs)
    unknown = belief.unknown
    sizes = {s: obs.hand_sizes[s] for s in belief.seats}
    consistent = []
    for first in itertools.combinations(unknown, sizes[1]):
        if any(1 in (HIGH[t], LOW[t]) for t in first):
            continue
        rest = [t for t in unknown if t not in first]
        for second in itertools.combinations(rest, sizes[2]):
            consistent.append((mask_of(first), mask_of(second)))
    rng = random.Random(7)
    draws = 6000
    counts = Counter()
    for _ in range(draws):
        hands, _ = belief.sample(rng)
        counts[(hands[1], hands[2])] += 1
    assert set(counts) <= set(consistent)
    expected = draws / len(consistent)
    chi2 = sum((counts[key] - expected) ** 2 / expected for key in consistent)
    # degrees of freedom = len(consistent) - 1; this bound is far in the upper tail (p < 0.001)
    dof = len(consistent) - 1
    assert chi2 < dof + 4.5 * (2 * dof) ** 0.5, (chi2, dof)


def test_a_deal_is_found_where_few_fit_after_many_draws() -> None:
    # 4-player all fives: three hidden hands after eleven draws, too many to count draw orders exactly, so
    # deals come from the voids, checked, and else are built tile by tile. Of the 11 unknown tiles few
    # deals fit every draw and stuck moment: the 200 greedy tries of old missed them in one sample of
    # five, and Crazy stopped the game ("no deal is consistent with the observation").
    moves = (
        "6:6 draw draw draw draw 6:5@right 5:0@right draw 6:2@left 5:2@left 5:5@left 3:0@right 4:3@right "
        "5:3@left 5:4@right draw draw 3:3@left draw pass 6:3@left 5:1@right"
    )
    state = play(bones.rules("allfives", players=4).new_game(seed=103), *moves.split())  # type: ignore[arg-type]
    assert state.to_move == 1
    observation = state.observation(1)
    belief = Belief.of(observation)
    for index in range(100):
        hands, boneyard, _ = belief.sample_timed(random.Random(index))
        assert sorted(hands) == [0, 2, 3]
        for seat, mask in hands.items():
            assert mask.bit_count() == observation.hand_sizes[seat]
            assert belief.consistent_hand(seat, mask)
        assert sorted(list(tiles_of(sum(hands.values()))) + boneyard) == sorted(belief.unknown)
