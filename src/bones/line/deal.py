"""How a hand of a line game starts: its deal from the match's seed, who opens it, and a deal
set up by hand (``new_game(setup=...)``) read and checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bones.chance import shuffled_range
from bones.game import check_setup_fields, setup_seat
from bones.line import entered
from bones.line.rules import ONE_ONE, TOP_DOUBLE, LineRules
from bones.tiles import HIGH, PIPS, TILES, SetupTiles, Tile, mask_of, pip_set, tiles_of


def deal(rules: LineRules, seed: int, hand_no: int) -> tuple[list[int], list[int]]:
    """Hands (masks) and boneyard (first tile drawn first) of hand ``hand_no``."""
    tiles = shuffled_range(f"bones:{seed}:{hand_no}", len(pip_set(rules.max_pip).tiles))
    size = rules.hand_size
    hands = [sum(map(_BIT.__getitem__, tiles[start : start + size])) for start in range(0, rules.players * size, size)]
    return hands, tiles[rules.players * size :]


_BIT = tuple(1 << index for index in range(len(TILES)))


def first_opener(rules: LineRules, hands: Sequence[int]) -> tuple[int, int]:
    """Seat and forced tile of a first hand (classic: of every hand)."""
    held = 0
    for hand in hands:
        held |= hand
    if rules.first_opener == ONE_ONE:
        one_one = int(Tile.of(1, 1))
        if held >> one_one & 1:
            return _holder(hands, one_one), one_one
    if rules.first_opener == TOP_DOUBLE:
        top = int(Tile.of(rules.max_pip, rules.max_pip))
        if held >> top & 1:
            return _holder(hands, top), top
    doubles = [t for t in tiles_of(held & pip_set(rules.max_pip).doubles_mask)]
    if doubles:
        tile = max(doubles, key=lambda t: HIGH[t])
    else:
        tile = max(tiles_of(held), key=lambda t: (PIPS[t], HIGH[t]))
    return _holder(hands, int(tile)), int(tile)


def _holder(hands: Sequence[int], tile: int) -> int:
    for seat, hand in enumerate(hands):
        if hand >> tile & 1:
            return seat
    raise ValueError(f"nobody holds {TILES[tile]}")


def read_setup(
    rules: LineRules, setup: Mapping[str, Any]
) -> tuple[list[int], list[int], int, int, tuple[int, ...], int, int]:
    """Check and read an explicit deal: hands, boneyard order, who opens."""
    check_setup_fields(
        setup, ("hands", "boneyard", "opener", "opening", "scores", "eggs", "hand", entered.DRAWS, entered.DEALS)
    )
    entered.check(rules, setup)
    tile_set = pip_set(rules.max_pip)
    reader = SetupTiles(tile_set)
    hands = [mask_of(hand) for hand in reader.per_seat(setup.get("hands"), rules.players, "hands", "hand")]
    boneyard = reader.read(setup.get("boneyard", []), "boneyard")
    raw_scores = setup.get("scores", [0] * rules.num_sides)
    if not isinstance(raw_scores, list | tuple) or len(raw_scores) != rules.num_sides:
        raise ValueError(f"setup 'scores' needs a list of {rules.num_sides} numbers, got {raw_scores!r}")
    scores = tuple(_whole(s, "scores") for s in raw_scores)
    eggs = _whole(setup.get("eggs", 0), "eggs")
    hand_no = _whole(setup.get("hand", 1), "hand")
    if "opener" in setup:
        opener = setup_seat(setup["opener"], rules.players, "opener")
        tile = -1
        if setup.get("opening") is not None:
            tile = int(tile_set.tile(str(setup["opening"])))
            if not hands[opener] >> tile & 1:
                raise ValueError(f"the opener (seat {opener}) does not hold {TILES[tile]}")
    else:
        opener, tile = first_opener(rules, hands)
    return hands, boneyard, opener, tile, scores, eggs, hand_no


def _whole(value: Any, name: str) -> int:
    """A whole number from a setup's JSON (true and false are not numbers here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"setup '{name}' must be a whole number, got {value!r}")
    return value
