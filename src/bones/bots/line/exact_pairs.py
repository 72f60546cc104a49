"""Exact solution of a partnership block hand: four players in two pairs, nothing to draw.

With every hand known, a partnership block hand without a spinner is a finite two-sided game of
perfect information in which the only choices are which tile goes on which end (a player who
cannot lay passes; when nobody can, the hand is blocked). The pair of the player who goes out, or
the lighter pair of a blocked hand, scores the pips of all four hands (``line.scoring``'s
partnership rule); equal pairs score nothing. So one number is a position's value: the points the
pair to move will make minus what the other pair makes, and ``Solver`` is a negamax with
alpha-beta and a transposition table, where partners move for their pair (a pass can hand the
move to the partner, whose value is then the same pair's). The match target is ignored: a hand is
worth its points.

Used by Crazy, which solves its sampled deals exactly once few tiles are left in the hands
(``exact_hidden_by_default``).
"""

from __future__ import annotations

from bones.bots.line.exact import NodeLimit
from bones.bots.line.exact_race import BlockSearch, plain_block
from bones.line.kernel import PLAYING, Kernel
from bones.line.rules import LineRules
from bones.tiles import PIPS, pips_of

EXACT, LOWER, UPPER = 0, 1, 2


def supported(rules: LineRules) -> bool:
    """Whether ``Solver`` handles these rules: partnership block (two pairs, nothing drawn, no spinner)."""
    return rules.partnership and rules.players == 4 and plain_block(rules)


class Solver(BlockSearch):
    """Exact values of the positions of one partnership block hand; keeps its table between calls."""

    def __init__(self, rules: LineRules, kernel: Kernel, node_limit: int | None = None) -> None:
        if not supported(rules):
            raise ValueError(f"the pairs solver plays partnership block without a spinner, not {rules.game_id}")
        super().__init__(rules, kernel, node_limit)
        self.sides = rules.sides

    def value_after(self, kernel: Kernel, move: tuple[int, int, int]) -> float:
        """The points the mover's pair makes minus the other pair's, after ``move`` (a legal move of ``kernel``)
        and perfect play."""
        seat = kernel.to_move
        child = kernel.copy()
        child.apply(*move)
        if child.status != PLAYING:
            if 0 in child.hands:  # the mover went out
                return float(sum(pips_of(hand) for hand in child.hands))
            return float(self._blocked(tuple(child.hands), self.sides[seat]))
        if not child.placed or len(child.ends) != 2:
            raise ValueError("the pairs solver needs an opened hand with two ends still in play")
        left, right = child.ends
        nxt = child.to_move
        value = self._search(tuple(child.hands), left, right, nxt, -(1 << 20), 1 << 20)
        return float(value if self.sides[nxt] == self.sides[seat] else -value)

    def _blocked(self, hands: tuple[int, ...], side: int) -> int:
        """The value to ``side`` of a blocked hand: the lighter pair scores every pip."""
        pips = [pips_of(hand) for hand in hands]
        mine = sum(p for seat, p in enumerate(pips) if self.sides[seat] == side)
        theirs = sum(pips) - mine
        if mine == theirs:
            return 0
        return sum(pips) if mine < theirs else -sum(pips)

    def _search(self, hands: tuple[int, ...], left: int, right: int, seat: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise NodeLimit(f"more than {self.node_limit} positions")
        with_pip = self.with_pip
        if left > right:
            left, right = right, left
        fit_ends = with_pip[left] | with_pip[right]
        sides, direction = self.sides, self.direction
        side = sides[seat]
        # A seat that cannot lay passes; when nobody can, the hand is blocked.
        for _ in range(4):
            if hands[seat] & fit_ends:
                break
            seat = (seat + direction) % 4
        else:
            return self._blocked(hands, side)
        if sides[seat] != side:  # the move passed to the other pair: its value, seen from ours
            return -self._search(hands, left, right, seat, -beta, -alpha)
        key = (*hands, left, right, seat)
        known = self.table.get(key)
        if known is not None:
            value, bound = known
            if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
                return value
        start_alpha = alpha
        me = hands[seat]
        nxt = (seat + direction) % 4
        same = sides[nxt] == side
        best = -(1 << 20)
        # Both ends showing the same number: laying on either gives the same position.
        for end, other in ((left, right), (right, left)) if left != right else ((left, right),):
            fit = me & with_pip[end]
            while fit:
                tile = fit.bit_length() - 1  # highest tile index first: a fixed order
                bit = 1 << tile
                fit ^= bit
                rest = me ^ bit
                after = list(hands)
                after[seat] = rest
                if not rest:
                    value = sum(pips_of(hand) for hand in after)
                elif same:
                    value = self._search(tuple(after), PIPS[tile] - end, other, nxt, alpha, beta)
                else:
                    value = -self._search(tuple(after), PIPS[tile] - end, other, nxt, -beta, -alpha)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            self.table[key] = (best, LOWER)
                            return best
        self.table[key] = (best, UPPER if best <= start_alpha else EXACT)
        return best
