"""The Tetradominoes belief sampler draws every consistent deal with the same probability.

The reference is a rejection sampler written from the rules alone: keep the
observer's own hand and the dominoes it drew, shuffle every other domino into
the other hands and the rest of the pile, replay the game's moves on a fresh
kernel and keep the deal only if every move was legal. A two-sample chi-square
test compares what both samplers put in the other hands, on early positions
where a player was stuck (revealed two dominoes and drew) more than once, and then
laid a domino that more than one of its slots could have held.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

import bones
from bones.bots.tetradominoes.belief import NUMBERS, Belief
from bones.tetradominoes.kernel import DRAW, PASS, PLACE, REVEAL, TILES_BY_PAIR, Kernel
from bones.tetradominoes.state import TetraState, deal
from bones.tiles import HIGH, LOW, tiles_of
from tests.bots.line.test_belief_exact import chi_square_p

Hands = tuple[int, ...]


def reference_sampler(state: TetraState, observer: int) -> Callable[[random.Random], Hands | None]:
    """One try of rejection sampling: the hidden hands of a deal consistent with what ``observer`` saw, or None.

    A domino another seat laid or showed must have come to it in its deal or one of its draws before
    that; drawing a uniform deal under that condition (those dominoes put on random places among the
    seat's earlier ones, every other place shuffled) keeps deals uniform and makes rejection rare
    enough to run."""
    players = state.rules.players
    hands, pile = deal(state.seed, state.game_no, players)
    log = state.kernel.log
    assert log is not None
    # Places: (seat, i) is the i-th dealt domino of a hand, (-1, i) is pile[i]; draws pop from the end.
    entries: dict[int, list[tuple[int, int]]] = {s: [(s, i) for i in range(4)] for s in range(players)}
    shown: dict[int, dict[int, int]] = {s: {} for s in range(players)}  # tile -> places it came in by
    draws = 0
    for seat, kind, a, b, _c in log:
        if kind == DRAW:
            entries[seat].append((-1, len(pile) - 1 - draws))
            draws += 1
        elif kind == PLACE:
            shown[seat].setdefault(TILES_BY_PAIR[a >> 4][a & 15], len(entries[seat]))
        elif kind == REVEAL:
            shown[seat].setdefault(a, len(entries[seat]))
            shown[seat].setdefault(b, len(entries[seat]))
        elif kind == PASS:
            for t in tiles_of(a):
                shown[seat].setdefault(int(t), len(entries[seat]))
    observer_tiles = {int(t) for t in tiles_of(hands[observer])} | {pile[i] for _, i in entries[observer][4:]}
    others = [s for s in range(players) if s != observer]
    seat_places = {s: entries[s] for s in others}
    taken = {place for s in others for place in entries[s]} | set(entries[observer][4:])
    free_pile = [(-1, i) for i in range(len(pile)) if (-1, i) not in taken]
    known = {t for s in others for t in shown[s]}
    rest = [t for t in range(28) if t not in observer_tiles and t not in known]

    def attempt(rng: random.Random) -> Hands | None:
        new_hands = [0] * players
        new_hands[observer] = hands[observer]
        new_pile = pile[:]

        def put(place: tuple[int, int], tile: int) -> None:
            if place[0] >= 0:
                new_hands[place[0]] |= 1 << tile
            else:
                new_pile[place[1]] = tile

        open_places = free_pile[:]
        for s in others:
            # Tiles by how early they showed, each on a random free place among those before then:
            # the number of choices is the same whatever came before, so each arrangement is as likely.
            places = seat_places[s][:]
            for tile, before in sorted(shown[s].items(), key=lambda item: item[1]):
                index = rng.randrange(before - (len(seat_places[s]) - len(places)))
                put(places.pop(index), tile)
            open_places += places
        rng.shuffle(rest)
        for place, tile in zip(open_places, rest):
            put(place, tile)
        kernel = Kernel(state.rules.spec(state.first), new_hands, new_pile, state.first)
        for move in moves:
            if move not in kernel.legal():
                return None
            kernel.apply(move)
        return tuple(kernel.hidden)

    moves = [m.kernel for m in state.moves]
    return attempt


def summary(state: TetraState, observer: int, hands: Hands) -> tuple[int, ...]:
    """Per other seat: its hidden dominoes counted by how many numbers it was stuck on they carry, and its doubles."""
    log = state.kernel.log
    assert log is not None
    out: list[int] = []
    for seat in range(state.rules.players):
        if seat == observer:
            continue
        stuck = 0
        for s, kind, _a, b, c in log:
            if s == seat and kind in (REVEAL, PASS):
                stuck |= c if kind == REVEAL else b
        by_banned: Counter[int] = Counter()
        doubles = 0
        for tile in tiles_of(hands[seat]):
            by_banned[(NUMBERS[tile] & stuck).bit_count()] += 1
            doubles += HIGH[tile] == LOW[tile]
        out += [seat, doubles] + [x for pair in sorted(by_banned.items()) for x in pair]
    return tuple(out)


def find_position(players: int, seed: int, moves: int) -> TetraState:
    state = bones.rules("tetradominoes", players=players).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = state.play(rng.choice(state.legal_moves))
    assert isinstance(state, TetraState) and not state.is_over
    return state


# Seeded games with random moves where one player was stuck twice in a row (each time revealing
# two dominoes and drawing one), so the domino drawn first is bound by the second stuck turn.
# In the last, seat 1 then lays a hidden domino that fits slots with different bans: which of them
# held it changes what the hand can still hold (taking the most constrained one always put
# p = 2e-15 on this test).
POSITIONS = [(3, 3, 3, 2), (3, 15, 4, 0), (2, 19, 6, 0), (2, 26, 10, 0)]


@pytest.mark.parametrize(("players", "seed", "moves", "observer"), POSITIONS)
def test_samples_match_rejection_sampling(players: int, seed: int, moves: int, observer: int) -> None:
    state = find_position(players, seed, moves)
    attempt = reference_sampler(state, observer)
    rng = random.Random(seed)
    reference: Counter[tuple[int, ...]] = Counter()
    tries = 0
    while sum(reference.values()) < 1500 and tries < 300_000:
        tries += 1
        hands = attempt(rng)
        if hands is not None:
            reference[summary(state, observer, hands)] += 1
    assert sum(reference.values()) >= 1500, f"only {sum(reference.values())} of {tries} tries were consistent"
    belief = Belief(state.observation(observer))
    sampled: Counter[tuple[int, ...]] = Counter()
    for _ in range(3000):
        hands, _ = belief.sample(rng)
        sampled[summary(state, observer, tuple(hands))] += 1
    p = chi_square_p(reference, sampled)
    assert p > 0.001, (p, sorted(reference.items())[:8], sorted(sampled.items())[:8])
