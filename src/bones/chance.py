"""Seeded chance shared by the games: the standard library's results, made faster.

Every deal is ``random.Random(key).shuffle(tiles)``, and records replay from seeds,
so the permutation must stay exactly the standard library's. ``random.shuffle`` makes
two method calls per item (``_randbelow`` and ``getrandbits``), which made dealing
half the cost of a whole hand through the public state. ``shuffled_range`` makes the
same draws from whole 32-bit words taken in one call: ``getrandbits(k)`` for k <= 32
is the top k bits of the generator's next 32-bit word, and ``getrandbits(32 * n)``
returns the next n words, the first in the lowest bits.
"""

from __future__ import annotations

import random

_WORD = 0xFFFFFFFF


def shuffled_range(key: str | int, count: int) -> list[int]:
    """``list(range(count))`` shuffled exactly as ``random.Random(key).shuffle`` would.

    The generator is private to the call: it may draw a few words more than
    ``shuffle`` would, which only matters to a caller that goes on using it.
    """
    items = list(range(count))
    if count < 2:
        return items
    getrandbits = random.Random(key).getrandbits
    # One word per item, plus a margin for rejected draws; more are fetched if needed.
    wanted = count + 8
    words = getrandbits(32 * wanted)
    left = wanted
    for i in range(count - 1, 0, -1):
        bound = i + 1
        shift = 32 - bound.bit_length()
        while True:
            if not left:
                words = getrandbits(32 * wanted)
                left = wanted
            j = (words & _WORD) >> shift
            words >>= 32
            left -= 1
            if j < bound:
                break
        items[i], items[j] = items[j], items[i]
    return items
