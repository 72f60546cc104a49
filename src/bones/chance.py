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

import struct
from _random import Random as _MersenneTwister
from functools import cache
from hashlib import sha512


def _generator(key: str | int) -> _MersenneTwister:
    """``random.Random(key)``'s generator, seeded without the Python-level ``seed`` in
    between: a string is seeded (version 2) as the big-endian integer of its UTF-8 bytes
    followed by their SHA-512, an integer as itself."""
    if isinstance(key, str):
        data = key.encode()
        key = int.from_bytes(data + sha512(data).digest(), "big")
    return _MersenneTwister(key)


@cache
def _steps(count: int) -> tuple[tuple[int, int], ...]:
    """Per swap of the shuffle, the index ``i`` it fills and how far a 32-bit word is
    shifted to keep the bits that ``_randbelow(i + 1)`` draws."""
    return tuple((i, 32 - (i + 1).bit_length()) for i in range(count - 1, 0, -1))


@cache
def _words(count: int) -> struct.Struct:
    return struct.Struct(f"<{count}I")


def shuffled_range(key: str | int, count: int) -> list[int]:
    """``list(range(count))`` shuffled exactly as ``random.Random(key).shuffle`` would.

    The generator is private to the call: it may draw a few words more than
    ``shuffle`` would, which only matters to a caller that goes on using it.
    """
    items = list(range(count))
    if count < 2:
        return items
    getrandbits = _generator(key).getrandbits
    # One word per item, plus a margin for rejected draws; more are fetched if needed.
    wanted = count + count // 2 + 8
    unpack = _words(wanted).unpack
    words = unpack(getrandbits(32 * wanted).to_bytes(4 * wanted, "little"))
    k = 0
    for i, shift in _steps(count):
        try:
            j = words[k] >> shift
        except IndexError:
            words = unpack(getrandbits(32 * wanted).to_bytes(4 * wanted, "little"))
            k = 0
            j = words[0] >> shift
        k += 1
        # Rejection sampling, as _randbelow: a draw of i + 1 or more is thrown away.
        while j > i:
            if k == wanted:
                words = unpack(getrandbits(32 * wanted).to_bytes(4 * wanted, "little"))
                k = 0
            j = words[k] >> shift
            k += 1
        items[i], items[j] = items[j], items[i]
    return items
