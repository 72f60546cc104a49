"""Exact solution of a line hand with 3 or 4 players each for himself and nothing to draw.

With every hand known, a block hand of 3 or 4 players without a spinner is a
finite game of perfect information in which the only choices are which tile
goes on which end (a player who cannot lay passes; when nobody can, the hand is
blocked). With more than two players no single number is the value of a
position: each seat plays for itself. ``Solver`` is a max-n search with a
transposition table: at every position the player to move takes the move best
for itself, where a hand's worth to a seat is its points minus the mean of the
others' (what Crazy maximises in its playouts); between moves of equal worth to
it, the one with the lesser result (winner, points). A position's result is the
seat that wins the hand and the points it scores, so the table holds one small
pair per position. The match target is ignored: a hand is worth its points.

Used by Crazy, which solves its sampled deals exactly once few tiles are left
in the hands (``exact_race_by_default``).
"""

from __future__ import annotations

from bones.bots.line.exact import NodeLimit
from bones.line.kernel import PLAYING, Kernel
from bones.line.rules import PIPS_TO_WINNER, LineRules
from bones.tiles import PIPS, pips_of

NOBODY = -1


def supported(rules: LineRules) -> bool:
    """Whether ``Solver`` handles these rules: 3 or more players each for himself, nothing drawn, no spinner,
    pips to the winner."""
    return rules.players >= 3 and not rules.teams and plain_block(rules)


def plain_block(rules: LineRules) -> bool:
    """Nothing drawn, no spinner, pips to the winner: a hand whose only choices are the tiles laid."""
    return not rules.draws and not rules.spinner and rules.scoring == PIPS_TO_WINNER


class BlockSearch:
    """What the solvers of block hands share: the order of play, the tiles by number, the table of solved
    positions (two numbers each) and the count of positions visited, which may not pass ``node_limit``."""

    def __init__(self, rules: LineRules, kernel: Kernel, node_limit: int | None) -> None:
        self.direction = rules.direction
        self.with_pip = kernel.masks
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else 1 << 62


class Solver(BlockSearch):
    """Exact results of the positions of one block hand; keeps its table between calls."""

    def __init__(self, rules: LineRules, kernel: Kernel, node_limit: int | None = None) -> None:
        if not supported(rules):
            raise ValueError(f"the race solver plays 3- and 4-player block without a spinner, not {rules.game_id}")
        super().__init__(rules, kernel, node_limit)
        self.players = rules.players
        self.blocked_difference = rules.blocked_difference

    def worth(self, seat: int, result: tuple[int, int]) -> float:
        """What ``result`` (winner, points) is worth to ``seat``: its points minus the mean of the others'."""
        winner, points = result
        if winner == NOBODY:
            return 0.0
        return float(points) if winner == seat else -points / (self.players - 1)

    def value_after(self, kernel: Kernel, move: tuple[int, int, int]) -> float:
        """The mover's worth (``worth``) of playing ``move``, a legal move of ``kernel``, then perfect play."""
        seat = kernel.to_move
        return self.worth(seat, self.result_after(kernel, move))

    def result_after(self, kernel: Kernel, move: tuple[int, int, int]) -> tuple[int, int]:
        child = kernel.copy()
        child.apply(*move)
        if child.status != PLAYING:
            return self._final(child.hands, child.hands.index(0) if 0 in child.hands else NOBODY)
        return self.result(child)

    def result(self, kernel: Kernel) -> tuple[int, int]:
        """(winner, points) of ``kernel`` under perfect play (the hand must have been opened)."""
        if kernel.status != PLAYING or not kernel.placed or len(kernel.ends) != 2:
            raise ValueError("the race solver needs an opened hand with two ends still in play")
        left, right = kernel.ends
        return self._search(tuple(kernel.hands), left, right, kernel.to_move)

    def _final(self, hands: list[int] | tuple[int, ...], went_out: int) -> tuple[int, int]:
        # line.scoring.score_hand on bare hands (it needs a kernel): the solver reaches it at every leaf.
        pips = [pips_of(hand) for hand in hands]
        if went_out != NOBODY:
            return went_out, sum(pips)
        lightest = min(pips)
        if pips.count(lightest) > 1:
            return NOBODY, 0
        winner = pips.index(lightest)
        if self.blocked_difference:
            return winner, sum(p - lightest for p in pips)
        return winner, sum(pips) - lightest

    def _search(self, hands: tuple[int, ...], left: int, right: int, seat: int) -> tuple[int, int]:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise NodeLimit(f"more than {self.node_limit} positions")
        with_pip = self.with_pip
        if left > right:
            left, right = right, left
        fit_ends = with_pip[left] | with_pip[right]
        players, direction = self.players, self.direction
        # A seat that cannot lay passes; when nobody can, the hand is blocked.
        for _ in range(players):
            if hands[seat] & fit_ends:
                break
            seat = (seat + direction) % players
        else:
            return self._final(hands, NOBODY)
        key = (*hands, left, right, seat)
        known = self.table.get(key)
        if known is not None:
            return known
        me = hands[seat]
        nxt = (seat + direction) % players
        best: tuple[int, int] | None = None
        best_worth = -float("inf")
        # Both ends showing the same number: laying on either gives the same position.
        for end, other in ((left, right), (right, left)) if left != right else ((left, right),):
            fit = me & with_pip[end]
            while fit:
                bit = fit & -fit
                fit ^= bit
                rest = me ^ bit
                if not rest:
                    outcome = (seat, sum(pips_of(hand) for hand in hands) - pips_of(me))
                else:
                    tile = bit.bit_length() - 1
                    after = list(hands)
                    after[seat] = rest
                    outcome = self._search(tuple(after), PIPS[tile] - end, other, nxt)
                worth = self.worth(seat, outcome)
                # Where the mover is indifferent, the lesser result, so that the search order never matters.
                if worth > best_worth or (worth == best_worth and best is not None and outcome < best):
                    best_worth, best = worth, outcome
        assert best is not None  # the seat holds a tile that fits
        self.table[key] = best
        return best
