"""The Bingo belief sampler draws every consistent deal with the same probability.

The reference is a rejection sampler written from the rules alone: keep the
observer's own hand, the tiles it drew and the trump tile, put the tiles the
other player showed or played on random places among its own (its deal and its
draws), shuffle every other tile into the remaining places, replay the hand's
moves on a fresh kernel and keep the deal only if every move was legal and the
honours shown were the same. A two-sample chi-square test compares the other
hand's hidden tiles in both samplers, on positions where the other player
declared honours (so held no other double then) and drew afterwards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

import bones
from bones.bingo.kernel import HONOURS, TILE_PART, Hand
from bones.bingo.setup import HAND_SIZE, deal
from bones.bingo.state import BingoState
from bones.bits import bits
from bones.bots.bingo.belief import Belief
from bones.tiles import HIGH, LOW
from tests.bots.line.test_belief_exact import chi_square_p


def _replay_places(state: BingoState) -> tuple[Hand, dict[int, list[int]]]:
    """The hand's starting kernel and, per seat, the stock positions (indices into the start's stock) it drew."""
    d = deal(state.seed, state.hand_no)
    kernel = Hand(HIGH[d.trump_tile], d.hands[:], d.face_down, d.trump_tile, d.leader, True)
    start = kernel.copy()
    drawn: dict[int, list[int]] = {0: [], 1: []}
    for move in state.moves:
        before = len(kernel.stock)
        hands = kernel.hands[:]
        kernel.apply(move.code)
        for index in range(len(kernel.stock), before):
            tile = start.stock[index]
            seat = 0 if kernel.hands[0] >> tile & 1 and not hands[0] >> tile & 1 else 1
            drawn[seat].append(index)
    return start, drawn


def reference_sampler(state: BingoState, observer: int) -> Callable[[random.Random], int | None]:
    """One try of rejection sampling: the other hand's hidden tiles in a deal consistent with the view, or None."""
    other = 1 - observer
    start, drawn = _replay_places(state)
    shown = {move.code & TILE_PART for move, seat in zip(state.moves, _movers(state)) if seat == other}
    shown |= set(bits(state.kernel.known[other]))
    shown.discard(start.stock[0])  # the trump tile stays where it is (in the stock, or drawn from it)
    places: list[tuple[int, int]] = [(other, t) for t in range(HAND_SIZE)] + [(-1, i) for i in drawn[other]]
    fixed = {0} | set(drawn[observer])
    free = [(-1, i) for i in range(len(start.stock)) if i not in fixed and i not in drawn[other]]
    seen = start.hands[observer] | sum(1 << start.stock[i] for i in fixed)
    rest = [t for t in range(28) if not seen >> t & 1 and t not in shown]
    shown_tiles = sorted(shown)

    def attempt(rng: random.Random) -> int | None:
        hands = [0, 0]
        hands[observer] = start.hands[observer]
        stock = start.stock[:]
        order = places[:]
        rng.shuffle(order)
        rng.shuffle(rest)
        for (seat, i), tile in zip(order, shown_tiles + rest):
            if seat >= 0:
                hands[seat] |= 1 << tile
            else:
                stock[i] = tile
        for (_, i), tile in zip(free, rest[len(order) - len(shown_tiles) :]):
            stock[i] = tile
        kernel = Hand(start.table.trump, hands, stock[1:][::-1], stock[0], start.leader, True)
        for move in state.moves:
            if move.code not in kernel.legal():
                return None
            kernel.apply(move.code)
        if kernel.shown != state.kernel.shown:
            return None
        return kernel.hands[other] & ~kernel.known[other]

    return attempt


def _movers(state: BingoState) -> list[int]:
    return [seat for seat, _ in state.kernel.log]


def summary(state: BingoState, hidden: int) -> tuple[int, ...]:
    """The other hand's hidden tiles: how many doubles, how many trumps, how many of 8 pips or more."""
    trump = state.kernel.trump
    tiles = bits(hidden)
    return (
        sum(HIGH[t] == LOW[t] for t in tiles),
        sum(trump in (HIGH[t], LOW[t]) for t in tiles),
        sum(HIGH[t] + LOW[t] >= 8 for t in tiles),
    )


def find_position(seed: int, tricks_after: int) -> tuple[BingoState, int]:
    """A seeded game with random moves, stopped ``tricks_after`` tricks after a seat declared honours."""
    state = bones.rules("bingo").new_game(seed=seed)
    assert isinstance(state, BingoState)
    rng = random.Random(seed)
    declarer, after = -1, 0
    while True:
        legal = state.legal_moves
        honours = [m for m in legal if m.code & HONOURS]
        move = honours[0] if honours and declarer < 0 else rng.choice(legal)
        if move.code & HONOURS:
            declarer = state.kernel.to_move
        state = state.play(move)
        assert isinstance(state, BingoState) and state.hand_no == 1
        if declarer >= 0 and state.kernel.phase == 0 and state.kernel.led < 0:
            after += 1 if state.kernel.log[-1][1] < 28 and len(state.kernel.log) % 2 == 0 else 0
        if declarer >= 0 and after >= tricks_after and state.kernel.to_move != declarer:
            return state, 1 - declarer


# Seeded games with random moves in which the first seat that could declared honours, stopped one or
# three tricks (each followed by draws) later, the declarer's opponent observing.
POSITIONS = [(0, 1), (1, 1), (0, 3), (2, 3)]


@pytest.mark.parametrize(("seed", "tricks_after"), POSITIONS)
def test_samples_match_rejection_sampling(seed: int, tricks_after: int) -> None:
    state, observer = find_position(seed, tricks_after)
    other = 1 - observer
    attempt = reference_sampler(state, observer)
    rng = random.Random(seed)
    reference: Counter[tuple[int, ...]] = Counter()
    tries = 0
    while sum(reference.values()) < 2000 and tries < 100_000:
        tries += 1
        hidden = attempt(rng)
        if hidden is not None:
            reference[summary(state, hidden)] += 1
    assert sum(reference.values()) >= 2000, f"only {sum(reference.values())} of {tries} tries were consistent"
    obs = state.observation(observer)
    belief = Belief(obs.public, observer, obs.hand_sizes[other])
    sampled: Counter[tuple[int, ...]] = Counter()
    for _ in range(3000):
        world = belief.sample(rng)
        sampled[summary(state, world.hands[other] & ~state.kernel.known[other])] += 1
    p = chi_square_p(reference, sampled)
    assert p > 0.001, (p, sorted(reference.items())[:8], sorted(sampled.items())[:8])


def test_a_late_played_trump_double_taken_from_the_table_is_placed_where_it_came_in() -> None:
    # The player declared honours, then took the turned-up trump (a double) and played it: its place is
    # where it was taken, not among the tiles drawn; the belief used to look it up there and fail.
    import random as _random

    import bones
    from bones.bots import hint

    moves = ["1:0", "3:3", "0:0", "2:1", "6:4", "5:2", "4:1", "5:4", "4:3", "2:0", "6:6+honours"]
    moves += ["4:2", "3:1", "4:0", "take-trump", "4:4"]
    state = bones.rules("bingo").replay(moves, seed=1)
    seat = state.to_move
    assert seat is not None
    for seed in range(20):
        advice = hint(state.rules, state.observation(seat), _random.Random(seed), 0.015)
        assert advice.estimates and {str(e.move) for e in advice.estimates} == {str(m) for m in state.legal_moves}
