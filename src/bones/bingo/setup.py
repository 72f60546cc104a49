"""How a Bingo hand starts: the deal from the seed (the cut, hands, boneyard, trump tile) or an explicit setup checked and read."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bones.bingo.kernel import (
    Hand,
)
from bones.tiles import HIGH, PIPS, TILES, SetupTiles, pip_set

HAND_SIZE = 7


@dataclass(frozen=True)
class Deal:
    cut: tuple[int, int]  # the tile each seat turned over to decide who leads
    leader: int
    hands: list[int]
    face_down: list[int]  # drawing order
    trump_tile: int


def cut_key(tile: int) -> tuple[int, int]:
    return (PIPS[tile], HIGH[tile])


def deal(seed: int, hand_no: int) -> Deal:
    """The cut, hands and boneyard of hand ``hand_no``, all from the seed."""
    rng = random.Random(f"bones:{seed}:{hand_no}")
    tiles = list(range(28))
    rng.shuffle(tiles)
    cut = (tiles[0], tiles[1])
    # Distinct tiles never tie on (total, higher number).
    leader = 0 if cut_key(cut[0]) > cut_key(cut[1]) else 1
    rng.shuffle(tiles)  # the cut tiles go back and the tiles are mixed again
    hands = [_mask(tiles[:HAND_SIZE]), _mask(tiles[HAND_SIZE : 2 * HAND_SIZE])]
    trump_tile = tiles[2 * HAND_SIZE]
    return Deal(cut, leader, hands, tiles[2 * HAND_SIZE + 1 :], trump_tile)


def _mask(tiles: Sequence[int]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask


def read_setup(setup: Mapping[str, Any]) -> tuple[Hand, tuple[int, int], int]:
    """Check and read an explicit position: hands, boneyard order, trump tile, leader."""
    known = {"hands", "boneyard", "trump_tile", "trump", "leader", "sets", "points", "captures", "hand"}
    unknown = set(setup) - known
    if unknown:
        raise ValueError(f"unknown setup fields {sorted(unknown)}; known: {sorted(known)}")
    tile_set = pip_set(6)
    read = SetupTiles(tile_set).read

    raw_hands = setup.get("hands")
    if not isinstance(raw_hands, Sequence) or len(raw_hands) != 2:
        raise ValueError("setup needs 'hands': two lists of tiles")
    hands = [read(h, f"hand {i}") for i, h in enumerate(raw_hands)]
    if len(hands[0]) != len(hands[1]) or not 1 <= len(hands[0]) <= HAND_SIZE:
        raise ValueError(f"setup hands must hold the same number of tiles, 1 to {HAND_SIZE}")
    face_down = read(setup.get("boneyard", []), "boneyard")
    trump_tile = -1
    if setup.get("trump_tile") is not None:
        text = str(setup["trump_tile"])
        trump_tile = int(tile_set.tile(text))
        held = any(trump_tile in h for h in hands)
        if face_down and held:
            raise ValueError(f"the trump tile {TILES[trump_tile]} lies under the boneyard, so no hand holds it yet")
        if trump_tile in face_down:
            raise ValueError(
                f"the trump tile {TILES[trump_tile]} is listed in the boneyard; give it only as trump_tile"
            )
        if not held:
            read([text], "trump_tile")
    if face_down and trump_tile < 0:
        raise ValueError("a setup with a boneyard needs 'trump_tile', the tile turned up under it")
    if face_down and len(face_down) % 2 == 0:
        raise ValueError("the boneyard and the trump tile are drawn in pairs: give an odd number of face-down tiles")
    trump = HIGH[trump_tile] if trump_tile >= 0 else None
    if setup.get("trump") is not None:
        given = int(setup["trump"])
        if not 0 <= given <= 6:
            raise ValueError("setup 'trump' must be a number 0..6")
        if trump is not None and given != trump:
            raise ValueError(f"the trump tile {TILES[trump_tile]} makes {trump} trumps, not {given}")
        trump = given
    if trump is None:
        raise ValueError("setup needs 'trump_tile' (or 'trump', the trump number, when the boneyard is empty)")
    leader = int(setup.get("leader", 0))
    if leader not in (0, 1):
        raise ValueError("setup 'leader' must be seat 0 or 1")
    in_stock = bool(face_down)
    kernel = Hand(trump, [_mask(h) for h in hands], face_down, trump_tile, leader, in_stock)
    if not in_stock and trump_tile >= 0 and not any(trump_tile in h for h in hands):
        kernel.gone |= 1 << trump_tile  # captured earlier in the hand
        kernel.universe |= 1 << trump_tile
    for name in ("points", "captures"):
        if name in setup:
            values = [int(v) for v in setup[name]]
            if len(values) != 2 or min(values) < 0:
                raise ValueError(f"setup '{name}' needs two numbers, not negative")
            setattr(kernel, name, values)
    if max(kernel.points) >= 70:
        raise ValueError("setup 'points' must stay below 70")
    sets = tuple(int(s) for s in setup.get("sets", (0, 0)))
    if len(sets) != 2 or min(sets) < 0:
        raise ValueError("setup 'sets' needs two numbers, not negative")
    hand_no = int(setup.get("hand", 1))
    return kernel, (sets[0], sets[1]), hand_no
