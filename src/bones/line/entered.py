"""Games entered by hand: a match played at a real table, typed in to be replayed and reviewed.

Such a game has no seed to deal from. Its setup says ``"draws": "named"``: the hands are given
(``hands`` for the first hand, ``deals`` for each later one: one list of tiles per seat), the boneyard
holds every tile of the set that no hand holds (or the setup's ``boneyard``, in any order), and each
draw of the record names the tile it took (``draw:6:3``), so the boneyard's order is the order of the
draws. A named draw is checked as strictly as a seeded one: it must be a legal draw (the seat to move,
nothing fitting, the boneyard open) of a tile nobody has seen, which lies in the boneyard; in a seeded
game (or a setup with its boneyard order) a named draw must name the very tile the deal gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bones.game import IllegalMoveError
from bones.line.kernel import Kernel
from bones.line.rules import LineRules
from bones.tiles import TILES, SetupTiles, mask_of, pip_set, tiles_of

#: The setup field and value that mark a game entered by hand.
DRAWS = "draws"
NAMED = "named"
#: The setup field with the hands of each hand after the first.
DEALS = "deals"


def entered(setup: Mapping[str, Any] | None) -> bool:
    """Whether ``setup`` is a game entered by hand (its draws name their tiles)."""
    return setup is not None and setup.get(DRAWS) is not None


def check(rules: LineRules, setup: Mapping[str, Any]) -> None:
    """Refuses a malformed ``draws`` or ``deals`` field in words."""
    if setup.get(DRAWS) not in (None, NAMED):
        raise ValueError(f"setup '{DRAWS}' is {NAMED!r} (a game entered by hand) or absent, got {setup.get(DRAWS)!r}")
    if DEALS in setup:
        if not entered(setup):
            raise ValueError(
                f'setup \'{DEALS}\' (the later hands) belongs to a game entered by hand: add "draws": "named"'
            )
        deals = setup[DEALS]
        if not isinstance(deals, list):
            raise ValueError(
                f"setup '{DEALS}' must be a list: for each hand after the first, one list of tiles per seat"
            )
        for number in range(len(deals)):
            later_deal(rules, setup, number + 2)


def boneyard_of(rules: LineRules, setup: Mapping[str, Any], hands: list[int], listed: list[int]) -> list[int]:
    """The boneyard of an entered first hand: the setup's list, or else every tile no hand holds."""
    if listed or "boneyard" in setup:
        return listed
    held = 0
    for hand in hands:
        held |= hand
    return [int(t) for t in pip_set(rules.max_pip).tiles if not held >> int(t) & 1]


def later_deal(rules: LineRules, setup: Mapping[str, Any], hand_no: int) -> tuple[list[int], list[int]]:
    """Hands and boneyard of hand ``hand_no`` (the setup's first hand counting as its ``hand``) of an
    entered match, from the setup's ``deals``; a hand not entered is refused in words."""
    first = setup.get("hand", 1)
    index = hand_no - first - 1
    deals = setup.get(DEALS) or []
    if not 0 <= index < len(deals):
        raise IllegalMoveError(
            f"hand {hand_no} was not entered: add its hands to the setup's '{DEALS}' "
            "(for each hand after the first, one list of tiles per seat)"
        )
    reader = SetupTiles(pip_set(rules.max_pip))
    hands = [mask_of(hand) for hand in reader.per_seat(deals[index], rules.players, f"{DEALS}[{index}]", "hand")]
    return hands, boneyard_of(rules, {}, hands, [])


def named_draw(kernel: Kernel, tile: int, free: bool) -> Kernel:
    """``kernel`` with ``tile`` next to be drawn (the boneyard is drawn from its end), or the reason
    it cannot be: a tile already seen, or (``free`` false: the order is the deal's) not the next one."""
    if tile not in kernel.boneyard:
        raise IllegalMoveError(f"{TILES[tile]} cannot be drawn: it is already {_where(kernel, tile)}")
    if kernel.boneyard[-1] == tile:
        return kernel
    if not free:
        raise IllegalMoveError(
            f"draw:{TILES[tile]} does not follow this deal: the next tile in the boneyard is another"
        )
    changed = kernel.copy()
    at = changed.boneyard.index(tile)
    changed.boneyard[at], changed.boneyard[-1] = changed.boneyard[-1], changed.boneyard[at]
    return changed


def _where(kernel: Kernel, tile: int) -> str:
    if tile in tiles_of(kernel.table):
        return "on the table"
    for seat, hand in enumerate(kernel.hands):
        if hand >> tile & 1:
            return f"in the hand of seat {seat}"
    return "out of the game"
