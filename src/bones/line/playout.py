"""Whole hands at full speed: random play on bare integers, for benchmarks and search.

``random_hand`` plays one hand of a two-ended line (no spinner) from a deal to
its end choosing uniformly among the legal (tile, end) moves, with exactly the
choices ``Kernel.legal()`` lists and in the same order, so a seeded run matches
the public ``LineState`` move for move (tests/test_kernel.py checks it). Games
with spinners go through the general kernel.
"""

from __future__ import annotations

from collections.abc import Callable

from bones.line.kernel import BLOCKED, DOMINO
from bones.tiles import HIGH, PIPS


def random_hand(
    hands: list[int],
    boneyard: list[int],
    to_move: int,
    opening: int,
    with_pip: tuple[int, ...],
    players: int,
    draws: bool,
    reserve: int,
    rnd: Callable[[], float],
) -> tuple[int, int]:
    """Play out one hand in place; return (status, last player to play a tile).

    ``hands`` are masks and are left as they end; ``boneyard`` is drawn from its
    end; ``opening`` is the forced first tile or -1 (any tile, chosen at random).
    """
    pips = PIPS
    seat = to_move
    hand = hands[seat]
    if opening < 0:
        count = hand.bit_count()
        k = int(rnd() * count)
        while k:
            hand &= hand - 1
            k -= 1
        opening = (hand & -hand).bit_length() - 1
        hand = hands[seat]
    hand ^= 1 << opening
    hands[seat] = hand
    left = HIGH[opening]
    right = PIPS[opening] - left
    last = seat
    stuck = 0
    limit = reserve if draws else len(boneyard)
    while True:
        seat += 1
        if seat == players:
            seat = 0
        hand = hands[seat]
        while True:
            fit_left = hand & with_pip[left]
            fit_right = hand & with_pip[right]
            if fit_left or fit_right:
                break
            if len(boneyard) > limit:
                hand |= 1 << boneyard.pop()
                continue
            break
        if not (fit_left or fit_right):
            hands[seat] = hand
            stuck += 1
            if stuck == players:
                return BLOCKED, last
            continue
        stuck = 0
        on_left = fit_left.bit_count()
        k = int(rnd() * (on_left + fit_right.bit_count()))
        if k < on_left:
            fit = fit_left
            play_left = True
        else:
            fit = fit_right
            k -= on_left
            play_left = False
        while k:
            fit &= fit - 1
            k -= 1
        low = fit & -fit
        tile = low.bit_length() - 1
        hand ^= low
        hands[seat] = hand
        last = seat
        if not hand:
            return DOMINO, seat
        if play_left:
            left = pips[tile] - left
        else:
            right = pips[tile] - right
