"""What one seat sees of a Bingo match, as JSON data for a client (``BingoState.client_view``).

The observation's data, plus what a picture of the table needs and would otherwise have to work
out with the rules: the tile on the table to answer, the last trick taken, what each tile in
sight is worth under these trumps, whether the answer must follow, and each legal move spelled
out (the tile, whether it declares honours, in words). Nothing the seat may not see is added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bones.bingo.kernel import CLOSE, TABLES, TAKE_HIDDEN, TAKE_TRUMP, honours_points
from bones.bingo.state import declaration_name
from bones.bits import bits
from bones.tiles import TILES

if TYPE_CHECKING:
    from bones.bingo.state import BingoState

ACTION_WORDS = {
    CLOSE: "Close: turn the trump tile down, nobody draws again",
    TAKE_TRUMP: "Take the trump tile",
    TAKE_HIDDEN: "Take the face-down tile",
}


def client_view(state: BingoState, seat: int) -> dict[str, Any]:
    obs = state.observation(seat)
    data = obs.to_dict()
    table = TABLES[obs.trump]
    tricks = obs.tricks
    on_table = tricks[-1] if tricks and tricks[-1].answer is None else None
    taken = [t for t in tricks if t.answer is not None]
    data["on_table"] = on_table.to_dict() if on_table else None
    data["last_trick"] = taken[-1].to_dict() if taken else None
    data["tricks_taken"] = [sum(1 for t in taken if t.winner == s) for s in (0, 1)]
    # Once closed, or with the boneyard empty, an answer must follow (RULES.md section 2).
    data["must_follow"] = obs.closed_by is not None or obs.boneyard_size == 0
    in_sight = [*obs.hand, *(t for tiles in obs.known for t in tiles)]
    for trick in tricks:
        in_sight += [trick.led] + ([trick.answer] if trick.answer is not None else [])
    if obs.trump_tile is not None:
        in_sight.append(obs.trump_tile)
    data["tile_points"] = {str(t): table.value[int(t)] for t in in_sight}
    hand_doubles = 0
    for tile in obs.hand:
        if tile.is_double:
            hand_doubles |= 1 << int(tile)
    data["choices"] = [_choice(move, hand_doubles) for move in obs.legal_moves]
    data["honours_now"] = _declaration(hand_doubles) if any(c["honours"] for c in data["choices"]) else None
    return data


def _choice(move: Any, doubles: int) -> dict[str, Any]:
    if not move.is_play:
        return {"move": str(move), "tile": None, "honours": False, "words": ACTION_WORDS[move.code]}
    words = f"Play {move.tile}"
    if move.honours:
        words += f" and declare honours: {_declaration(doubles)['name']}"
    return {"move": str(move), "tile": str(move.tile), "honours": bool(move.honours), "words": words}


def _declaration(doubles: int) -> dict[str, Any]:
    """The honours the doubles in hand would declare: their name and points."""
    return {
        "name": declaration_name(doubles),
        "points": honours_points(doubles),
        "tiles": [str(TILES[t]) for t in bits(doubles)],
    }
