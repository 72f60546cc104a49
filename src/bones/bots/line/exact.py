"""Exact perfect-information solution of a 2-player two-ended line hand.

With every tile known (both hands and the boneyard order) a 2-player hand of
draw, block, all fives or muggins without a spinner is a finite game of perfect
information: drawing is forced (a stuck player draws from the top until a tile
fits, or passes when nothing may be drawn), so the only choices are which tile
goes on which end. ``solve`` is a negamax with alpha-beta and a transposition
table; a value is the points the player to move will make from here to the end
of the hand minus what the opponent makes (points during play plus the end of
the hand). The match target is ignored: a hand is worth its points.

Used by ``bench/omniscient.py`` (the omniscient yardstick, which sees the
hidden tiles) and by Crazy, which solves its sampled deals exactly once the
hidden part of the hand is small.
"""

from __future__ import annotations

from dataclasses import dataclass

from bones.line.kernel import PASS, PLAY, PLAYING, Kernel
from bones.line.rules import FIVES, MUGGINS, PIPS_TO_WINNER, LineRules
from bones.tiles import HIGH, LOW, PIPS, pips_of

EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = 1 << 20
DOUBLES = tuple(hi == lo for hi, lo in zip(HIGH, LOW))


class NodeLimit(Exception):
    """The search visited more positions than its ``node_limit`` allowed (the answer is unknown)."""


def supported(rules: LineRules) -> bool:
    """Whether ``solve`` handles these rules (2 players, no spinner, a pip or fives scoring)."""
    return rules.players == 2 and not rules.spinner and rules.scoring in (PIPS_TO_WINNER, FIVES, MUGGINS)


def round_to_five(points: int) -> int:
    return (points + 2) // 5 * 5


@dataclass(frozen=True)
class _Game:
    with_pip: tuple[int, ...]
    boneyard: tuple[int, ...]  # drawn from its end
    limit: int  # tiles that stay in the boneyard
    scoring: int  # 0 none, 1 fives, 2 muggins
    blocked_difference: bool


class Solver:
    """Exact values of the positions of one hand (the boneyard order fixed); keeps its table between calls."""

    def __init__(self, rules: LineRules, kernel: Kernel, node_limit: int | None = None) -> None:
        if not supported(rules):
            raise ValueError(f"the exact solver plays 2-player lines without a spinner, not {rules.game_id}")
        self.rules = rules
        self.game = _Game(
            kernel.masks,
            tuple(kernel.boneyard),
            rules.reserve if rules.draws else len(kernel.boneyard),
            {FIVES: 1, MUGGINS: 2}.get(rules.scoring, 0),
            rules.blocked_difference,
        )
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        # Past this many positions searched (over the solver's life) a call raises NodeLimit; the
        # table keeps only finished results, so the solver stays usable.
        self.node_limit = node_limit if node_limit is not None else 1 << 62

    def move_values(self, kernel: Kernel) -> list[tuple[tuple[int, int, int], int]]:
        """Every legal move of ``kernel`` (its boneyard must be this solver's) with its exact value for the mover."""
        moves = kernel.legal()
        if moves[0][0] != PLAY:
            return [(moves[0], self.value_after(kernel, moves[0]))]
        return [(move, self.value_after(kernel, move)) for move in moves]

    def value_after(self, kernel: Kernel, move: tuple[int, int, int]) -> int:
        """The mover's exact value of playing ``move`` (a legal move of ``kernel``)."""
        child = kernel.copy()
        seat = child.to_move
        points = child.apply(*move)
        if child.status != PLAYING:
            return points + _final(self.game, child.hands[seat], child.hands[1 - seat], child.status == 1)
        if child.to_move == seat:  # a draw: the same player moves again
            return points + self.value(child)
        return points - self.value(child)

    def value(self, kernel: Kernel) -> int:
        """Exact value of ``kernel`` for the player to move (the hand must have been opened or be about to be)."""
        if kernel.status != PLAYING:
            raise ValueError("the hand is over")
        seat = kernel.to_move
        me, opp = kernel.hands[seat], kernel.hands[1 - seat]
        stuck = 1 if kernel.log and kernel.log[-1][1] == PASS else 0
        if not kernel.placed:
            best = -INFINITY
            for _, tile, _ in kernel.legal():
                hi, lo = HIGH[tile], LOW[tile]
                weight = 2 if hi == lo else 1
                points = _score(self.game.scoring, hi + lo)
                rest = me & ~(1 << tile)
                if not rest:
                    value = points + _final(self.game, rest, opp, True)
                else:
                    value = points - self._search(
                        opp, rest, hi, lo, weight, weight, len(kernel.boneyard), 0, -INFINITY, INFINITY
                    )
                best = max(best, value)
            return best
        left, right = kernel.ends
        left_weight, right_weight = kernel.kinds
        return self._search(
            me, opp, left, right, left_weight, right_weight, len(kernel.boneyard), stuck, -INFINITY, INFINITY
        )

    def _search(
        self,
        me: int,
        opp: int,
        left: int,
        right: int,
        left_weight: int,
        right_weight: int,
        remaining: int,
        stuck: int,
        alpha: int,
        beta: int,
    ) -> int:
        game = self.game
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise NodeLimit(f"more than {self.node_limit} positions")
        with_pip = game.with_pip
        fit_left = me & with_pip[left]
        fit_right = me & with_pip[right]
        if not (fit_left or fit_right):
            boneyard = game.boneyard
            while remaining > game.limit:
                remaining -= 1
                me |= 1 << boneyard[remaining]
                fit_left = me & with_pip[left]
                fit_right = me & with_pip[right]
                if fit_left or fit_right:
                    break
            if not (fit_left or fit_right):
                if stuck:
                    return _final(game, me, opp, False)
                return -self._search(opp, me, left, right, left_weight, right_weight, remaining, 1, -beta, -alpha)
        scoring = game.scoring
        if not scoring:
            left_weight = right_weight = 1
        if (left, left_weight) > (right, right_weight):
            left, right, left_weight, right_weight = right, left, right_weight, left_weight
            fit_left, fit_right = fit_right, fit_left
        key = (me, opp, left, right, left_weight, right_weight, remaining)
        entry = self.table.get(key)
        if entry is not None:
            value, flag = entry
            if flag == EXACT:
                return value
            if flag == LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        # The window after the table's bounds: a result outside it is only a bound.
        alpha_in, beta_in = alpha, beta
        children: list[tuple[int, int, int, int, int, int, int]] = []  # (order, tile, new ends, weights, points)
        same_end = left == right and left_weight == right_weight
        pips, doubles = PIPS, DOUBLES
        for fit, on_left in ((fit_left, True), (fit_right, False)):
            if not on_left and same_end:
                break
            end = left if on_left else right
            # The count of the end left alone, and whether a tile's points must be worked out at all.
            other = right * right_weight if on_left else left * left_weight
            while fit:
                bit = fit & -fit
                fit ^= bit
                tile = bit.bit_length() - 1
                double = doubles[tile]
                far = pips[tile] - end
                weight = 2 if double else 1
                points = 0
                if scoring:
                    count = far * weight + other
                    if count and not count % 5:
                        points = count if scoring == 1 else count // 5
                order = points * 4 + pips[tile] + (3 if double else 0)
                if on_left:
                    children.append((order, tile, far, right, weight, right_weight, points))
                else:
                    children.append((order, tile, left, far, left_weight, weight, points))
        children.sort(reverse=True)
        best = -INFINITY
        for _, tile, new_left, new_right, new_lw, new_rw, points in children:
            rest = me & ~(1 << tile)
            if not rest:
                value = points + _final(game, rest, opp, True)
            else:
                value = points - self._search(
                    opp, rest, new_left, new_right, new_lw, new_rw, remaining, 0, points - beta, points - alpha
                )
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best <= alpha_in:
            self.table[key] = (best, UPPER)
        elif best >= beta_in:
            self.table[key] = (best, LOWER)
        else:
            self.table[key] = (best, EXACT)
        return best


def _score(scoring: int, count: int) -> int:
    if not scoring or count % 5 or not count:
        return 0
    return count if scoring == 1 else count // 5


def _final(game: _Game, me: int, opp: int, went_out: bool) -> int:
    """End-of-hand points for the player whose hand is ``me``, minus the opponent's."""
    mine, theirs = pips_of(me), pips_of(opp)
    if went_out:
        won = theirs if not me else mine
        sign = 1 if not me else -1
    elif mine == theirs:
        return 0
    else:
        sign = 1 if mine < theirs else -1
        won = abs(mine - theirs) if game.blocked_difference else max(mine, theirs)
    if game.scoring == 1:
        won = round_to_five(won)
    elif game.scoring == 2:
        won = round_to_five(won) // 5
    return sign * won


def best_move(rules: LineRules, kernel: Kernel) -> tuple[tuple[int, int, int], int]:
    """The best move of a complete kernel (every hand and the boneyard known) and its exact value."""
    values = Solver(rules, kernel).move_values(kernel)
    return max(values, key=lambda pair: pair[1])
