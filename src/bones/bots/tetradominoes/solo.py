"""Weighing a Tetradominoes solitaire position, in score points (higher is better).

The score is B×W + 7×X (+ the longest side at Level 2). A tetromino is unplayed
mostly because the player got stuck (a stuck player discards one) or because the
dominoes ran out, so the weighing counts what is already settled (the colours laid,
the discards, the table's size at Level 2), a bonus for every piece laid (one that
can no longer end unplayed), the risk of being stuck next turn and the chance of
laying a piece of the leading colour next turn, both judged on the dominoes kept
(before the next draw). Weighing the draw exactly over every domino the pile can
give made the players get stuck more often (a hand that fits only by luck of the
draw tends to be stuck a turn later), so it is not done.
"""

from __future__ import annotations

from bones.bots.tetradominoes.evaluation import WITH_PIP, all_templates, enabling
from bones.tetradominoes.kernel import Kernel
from bones.tetradominoes.pieces import DARK, LIGHT, WIDTH

LAID = 4.0  # a piece on the table can no longer end unplayed
STUCK = 6.0  # stuck next turn: a discard (7 points), softened by the exchange of dominoes that follows
NEXT_MINE = 2.0  # a piece of the leading colour can be laid next turn
NEXT_ANY = 0.7  # only one of the other colour


def longest_side(kernel: Kernel) -> int:
    """Cells along the longest side of the rectangle around the dominoes played."""
    if not kernel.num:
        return 0
    rows = [c // WIDTH for c in kernel.num]
    cols = [c % WIDTH for c in kernel.num]
    return max(max(rows) - min(rows), max(cols) - min(cols)) + 1


def solo_value(kernel: Kernel, level: int) -> float:
    dark = sum(1 for t in kernel.tets if t[1] == DARK)
    light = len(kernel.tets) - dark
    value = -float(light * dark) - 7.0 * kernel.discarded.bit_count() + LAID * len(kernel.tets)
    if level == 2:
        value -= longest_side(kernel)
    if kernel.over:
        return value - 7.0 * kernel.pool.bit_count()
    templates = all_templates(kernel)
    colour = LIGHT if light >= dark else DARK
    mine = enabling(templates, colour)
    either = mine | enabling(templates, 1 - colour)
    numbers = kernel.open_numbers()
    playable = 0
    for n in range(7):
        if numbers >> n & 1:
            playable |= WITH_PIP[n]

    def hand_value(hand: int) -> float:
        v = 0.0 if hand & playable else -STUCK
        if hand & mine:
            v += NEXT_MINE
        elif hand & either:
            v += NEXT_ANY
        return v

    return value + hand_value(kernel.hidden[0] | kernel.revealed[0])
