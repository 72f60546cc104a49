"""Why a Tetradominoes move is refused: one clear sentence for each rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bones.tetradominoes.kernel import (
    ANSWER,
    DISCARD,
    GIVE,
    KEEP,
    OFFER,
    PASS,
    PLACE,
    RETURN,
    RETURNING,
    REVEAL,
    SKIP,
    TET,
    TETRO,
    TILES_BY_PAIR,
)
from bones.tetradominoes.moves import TetraMove
from bones.tetradominoes.pieces import ANY_COLOUR, COLOURS, DIRS, PIECES, cell_text
from bones.tiles import TILES

if TYPE_CHECKING:
    from bones.tetradominoes.state import TetraState


def why_illegal(state: TetraState, move: TetraMove) -> str:
    kernel = state.kernel
    seat = kernel.to_move
    kind = move.kind
    phase = kernel.phase
    if phase == TETRO and kind not in (TET, SKIP):
        if state.rules.players == 1:
            return "lay a tetromino on the domino you just played first (the solitaire says you must)"
        return "lay a tetromino on the domino you just played, or skip"
    if phase in (OFFER, ANSWER) and kind not in (GIVE, KEEP):
        return "you are deciding on the trade: give a domino, or keep"
    if phase == RETURNING and kind != RETURN:
        return (
            f"put {kernel.returns} more domino{'es' if kernel.returns > 1 else ''} back in the pile first (return 6:3)"
        )
    if kind in (TET, SKIP) and phase != TETRO:
        return "a tetromino is laid right after playing a domino, on that domino"
    if kind in (GIVE, KEEP) and phase not in (OFFER, ANSWER):
        return "dominoes are traded only with 4 players, right after a tetromino is laid by the other pair"
    if kind == RETURN and phase != RETURNING:
        return "dominoes go back to the pile only in the solitaire, after a discard"
    if kind in (GIVE, RETURN):
        tile = move.tile
        return f"you do not hold {tile}"
    if kind == SKIP:
        return "in the solitaire a tetromino that can be laid must be laid"
    if kind == TET:
        return _why_tetromino(state, move)
    # The domino phase.
    can_place = bool(kernel.placements(seat))
    if kind == PLACE:
        return _why_domino(state, move)
    if can_place:
        return f"you cannot {_word(kind)}: you hold a domino that can be played"
    if kind == DISCARD:
        if state.rules.players != 1:
            return "only the solitaire discards tetrominoes; reveal two dominoes or pass"
        return f"the {PIECES[move.kernel[1]]} piece is no longer in the pool"
    hidden = kernel.hidden[seat]
    if kind == REVEAL:
        if state.rules.players == 1:
            return "in the solitaire a player who is stuck discards a tetromino"
        if hidden.bit_count() < 2:
            return "you cannot reveal: you hold fewer than two hidden dominoes, so you pass"
        if not kernel.boneyard:
            return "you cannot reveal: the pile is empty, so you pass"
        _, t, u = move.kernel
        missing = [TILES[x] for x in (t, u) if not hidden >> x & 1]
        return (
            f"{' and '.join(map(str, missing))} {'is' if len(missing) == 1 else 'are'} not among your hidden dominoes"
        )
    if kind == PASS:
        if state.rules.players == 1:
            return "in the solitaire a player who is stuck discards a tetromino"
        return "you cannot pass yet: reveal two hidden dominoes and draw"
    return f"{move} is not allowed now"


def _word(kind: int) -> str:
    return {REVEAL: "reveal", PASS: "pass", DISCARD: "discard"}.get(kind, "do that")


def _why_domino(state: TetraState, move: TetraMove) -> str:
    kernel = state.kernel
    seat = kernel.to_move
    _, a, b, x, y = move.kernel
    tile = TILES[TILES_BY_PAIR[a][b]]
    if not kernel.hand(seat) >> tile & 1:
        return f"you do not hold {tile}"
    if not kernel.num:
        return "the first domino is laid on cells 0,0 and 0,1 (write it like 6:3@0,0>)"
    for c in (x, y):
        if c in kernel.num:
            return f"cell {cell_text(c)} already holds a domino"
    if not kernel.free:
        return f"no number is uncovered, so a half of {tile} must touch a covered number"
    near = [n for c in (x, y) for n in (c + d for d in DIRS) if n in kernel.num]
    if not near:
        return f"{tile} would not touch the dominoes on the table"
    return f"neither half of {tile} is next to a matching uncovered number"


def _why_tetromino(state: TetraState, move: TetraMove) -> str:
    kernel = state.kernel
    seat = kernel.to_move
    _, piece, colour, cells = move.kernel
    allowed = kernel.spec.colours[seat]
    if allowed != ANY_COLOUR and allowed != colour:
        return f"you lay tetrominoes {COLOURS[allowed]} side up"
    if not kernel.pool >> piece & 1:
        return f"the {PIECES[piece]} piece has already been laid"
    x, y = kernel.last
    if x not in cells and y not in cells:
        return "the tetromino must cover a number of the domino just played"
    numbers = {kernel.num[x], kernel.num[y]}
    for c in cells:
        if c not in kernel.num:
            return f"the tetromino would hang off the dominoes at {cell_text(c)}"
        if c in kernel.cover:
            return f"cell {cell_text(c)} is already covered"
        if kernel.num[c] not in numbers:
            shown = " or ".join(str(n) for n in sorted(numbers))
            return f"the tetromino would cover a {kernel.num[c]} at {cell_text(c)}; it may cover only {shown}"
    return f"the tetromino would touch another {COLOURS[colour]} tetromino"
