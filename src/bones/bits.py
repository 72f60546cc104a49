"""Bit masks: the sets of tiles and cells that hands, boards and searches are made of."""

from __future__ import annotations


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
