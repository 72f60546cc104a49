"""Advice on a Mountains and Valleys position: the open solitaire solved ahead (``solve``), every move
valued by the penalty of the map it leaves (``appraise``, the hints and the analysis), and the Normal
player's greedy move (``greedy``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bones.game import Move
from bones.puzzles.base import GIVE_UP_MOVE, PuzzleMove, best_first
from bones.puzzles.mountains.puzzle import NEIGHBOURS, cell_name, penalty, place_text, tile_text
from bones.puzzles.mountains.puzzle import solve as solve_tiles

if TYPE_CHECKING:
    from bones.puzzles.mountains.rules import MountainsState, Tile

SOLVER_SECONDS = 1.0  # the least thinking budget at which a hint runs the solitaire's exact solver


def solve(state: MountainsState) -> list[Move]:
    """Solitaire: the moves to a map of the least possible penalty, keeping what is placed when it can."""
    if state.rules.variant != "solitaire":
        raise ValueError("only the open solitaire can be solved ahead; the other versions hide dominoes")
    if state.is_over:
        return []
    tiles = list(state.hands[0]) + [state.tile_at(a) for a, b in enumerate(state.partner) if 0 <= a < b]
    best = solve_tiles(tiles)
    assert best.arrangement is not None and best.penalty is not None
    out: list[Move] = []
    kept = state.board_tiles()
    if kept:
        mine = solve_tiles(tiles, fixed=kept)
        if mine.penalty == best.penalty:
            best = mine
        else:
            out += [PuzzleMove(f"lift {cell_name(a)}") for a, _, _, _ in kept]
            kept = []
    arrangement = best.arrangement
    assert arrangement is not None
    done = {(a, b) for a, _, b, _ in kept}
    for a, b in enumerate(arrangement.partner):
        if a < b and (a, b) not in done:
            out.append(PuzzleMove(place_text(a, arrangement.values[a], b, arrangement.values[b])))
    if best.penalty:
        out.append(PuzzleMove("done"))
    return out


def appraise(state: MountainsState, seconds: float = 1.0) -> list[tuple[Move, float | None]]:
    """Each placement (or domino to pass) with the penalty of the map it leaves, least first;
    lifting and ending have no number. The strongest player's own move comes first: the
    greedy choice where dominoes are hidden; in the open solitaire the exact solver's, when
    the budget allows it (it takes one to a few seconds), else the greedy one."""
    out: list[tuple[Move, float | None]] = []
    if state.stage == "pass":
        out = [(PuzzleMove(f"pass {tile_text(t)}"), best_placement(state, t)[0][0]) for t in state.hands[state.mover]]
    values = [None if v < 0 else v for v in state.values]
    for tile in state.placeable() if state.stage != "pass" else ():
        for c1, v1, c2, v2 in state.placements(tile):
            values[c1], values[c2] = v1, v2
            out.append((PuzzleMove(place_text(c1, v1, c2, v2)), penalty(values)))
            values[c1] = values[c2] = None
    numbered = {move for move, _ in out}
    out += [(move, None) for move in state.legal_moves if move not in numbered]
    ordered = best_first(out)
    exact = state.rules.variant == "solitaire" and seconds >= SOLVER_SECONDS
    first = solve(state)[0] if exact else greedy(state)
    return [mv for mv in ordered if mv[0] == first] + [mv for mv in ordered if mv[0] != first]


def greedy(state: MountainsState) -> Move:
    """The Normal player's move: the placement that leaves the cheapest map, passing the domino that fits best."""
    if state.stage == "pass":
        hand = state.hands[state.mover]
        best = min(hand, key=lambda t: best_placement(state, t)[0])
        return PuzzleMove(f"pass {tile_text(best)}")
    options = [best_placement(state, t) for t in state.placeable()]
    if options:
        return PuzzleMove(place_text(*min(options)[1]))
    return PuzzleMove("done") if state.full else GIVE_UP_MOVE


def best_placement(state: MountainsState, tile: Tile) -> tuple[tuple[int, int], tuple[int, int, int, int]]:
    values = [None if v < 0 else v for v in state.values]
    scored = []
    for c1, v1, c2, v2 in state.placements(tile):
        values[c1], values[c2] = v1, v2
        cost = penalty(values)
        values[c1] = values[c2] = None
        steps = 0
        for cell, value, other in ((c1, v1, c2), (c2, v2, c1)):
            for n in NEIGHBOURS[cell]:
                vn = values[n]
                if n != other and vn is not None:
                    steps += 1 if abs(vn - value) <= 1 else -1
        scored.append(((cost, -steps), (c1, v1, c2, v2)))
    return min(scored)
