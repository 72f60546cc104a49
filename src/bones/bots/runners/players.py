"""Computer players for Domino Runners: Easy, Normal, Hard and Crazy.

Everything is public, so the bots search the game tree itself.

- Easy: any legal move.
- Normal: one ply: every move is judged by the static evaluation of the
  position it leads to.
- Hard: a two-ply alpha-beta search (its move and the reply) over the same
  evaluation, so it sees the captures and traps the reply threatens.
- Crazy: iterative-deepening alpha-beta with a transposition table and move
  ordering (the previous iteration's best line, then captures, then the value
  of the cell the checker lands on), stopped by a node budget rather than a
  clock so that a seed always gives the same game; it searches the last moves
  of a game to the end.

The evaluation, for the player to move: the points difference (numbers under
checkers plus captures), a share of the best number the runner can turn on
now (the mover cashes it first), and mobility: the count of cells each runner
can turn on, with a steep penalty as it nears zero, because a runner that
cannot move loses at once. During the setup the pie rule is searched like any
move: a placement is worth what the best reply (a placement or the swap) leaves.
"""

from __future__ import annotations

import random

from bones.bots import Bot, Estimate, RandomBot, register_analyser, register_bot, work
from bones.bots.review import ReviewHooks, Scale, register_review
from bones.game import Observation, Rules
from bones.runners.kernel import (
    CHK,
    HAND,
    PERPENDICULAR,
    PLACE,
    RAYS,
    RUN,
    TURN,
    Board,
    KMove,
    Pos,
    apply,
    can_swap,
    in_setup,
    legal,
    points,
)
from bones.runners.moves import RunnerMove, to_public
from bones.runners.state import RunnersObservation

WIN = 100_000
SCALE = 10  # evaluation units per point
TEMPO = 5  # per point of the best number the mover can turn on now
# Value of having n cells to turn on (index capped at the end): nearly nothing to lose
# once there are plenty, a lot as the runner gets hemmed in.
MOBILITY = (-400, -160, -80, -40, -20, -8, 0, 6, 12, 16, 20, 23, 26, 28, 30, 32)


def reach(board: Board, pos: Pos, seat: int) -> tuple[int, int]:
    """How many cells the seat's runner could turn on now, and the best number among them."""
    start = pos[RUN + seat]
    other = pos[RUN + 1 - seat]
    occupied = pos[CHK] | pos[CHK + 1] | (1 << other if other >= 0 else 0)
    values = board.values
    count = best = 0
    for direction, ray in enumerate(RAYS[start]):
        for corner in ray:
            if occupied >> corner & 1:
                break
            value = values[corner]
            if not value:
                continue
            corner_rays = RAYS[corner]
            for side in PERPENDICULAR[direction]:
                beyond = corner_rays[side]
                if beyond and not occupied >> beyond[0] & 1:
                    count += 1
                    if value > best:
                        best = value
                    break
    return count, best


def final_value(board: Board, pos: Pos) -> int:
    """A finished game (all checkers placed) for the player to move."""
    me = pos[TURN]
    diff = points(board, pos, me) - points(board, pos, 1 - me)
    if diff > 0:
        return WIN + diff
    if diff < 0:
        return -WIN + diff
    return 0


def evaluate(board: Board, pos: Pos) -> int:
    """The static value of a position for the player to move (both runners placed)."""
    me = pos[TURN]
    opp = 1 - me
    if pos[HAND] == 0 and pos[HAND + 1] == 0:
        return final_value(board, pos)
    if pos[HAND + me] == 0:
        return -WIN
    moves_me, best_me = reach(board, pos, me)
    if moves_me == 0:
        return -WIN
    moves_opp, _ = reach(board, pos, opp)
    top = len(MOBILITY) - 1
    value = SCALE * (points(board, pos, me) - points(board, pos, opp)) + TEMPO * best_me
    value += MOBILITY[min(moves_me, top)]
    if pos[HAND + opp]:
        value -= MOBILITY[min(moves_opp, top)]
    return value


def evaluate_any(board: Board, pos: Pos) -> int:
    """``evaluate``, extended to the setup: a player about to place a runner takes the best free cell."""
    if not in_setup(pos):
        return evaluate(board, pos)
    if pos[RUN] < 0 and pos[RUN + 1] < 0:
        return 0
    options = [apply(pos, m) for m in legal(board, pos) if m[0] == PLACE]
    return max(-evaluate(board, child) for child in options)


def order_key(board: Board, move: KMove) -> int:
    if move[0] < 0:
        return 0
    return 16 * len(move[4]) + board.values[move[2]]


class OutOfNodes(Exception):
    """The node budget is spent."""


class Searcher:
    """Negamax alpha-beta over kernel positions with a transposition table."""

    def __init__(self, board: Board, budget: int | None = None) -> None:
        self.board = board
        self.budget = budget
        self.nodes = 0
        self.table: dict[Pos, tuple[int, int, int, KMove | None]] = {}
        self.partial: list[tuple[int, KMove]] = []  # the root moves searched so far at the current depth

    def search(self, pos: Pos, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfNodes
        board = self.board
        if depth <= 0:
            return evaluate_any(board, pos)
        if pos[HAND] == 0 and pos[HAND + 1] == 0 and not in_setup(pos):
            return final_value(board, pos)
        entry = self.table.get(pos)
        hint = None
        if entry is not None:
            stored_depth, stored, flag, hint = entry
            if stored_depth >= depth and (flag == 0 or (flag > 0 and stored >= beta) or (flag < 0 and stored <= alpha)):
                return stored
        moves = legal(board, pos)
        if not moves:
            return -WIN
        moves.sort(key=lambda m: order_key(board, m), reverse=True)
        if hint is not None and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)
        start_alpha = alpha
        best_value = -2 * WIN
        best_move = None
        for move in moves:
            value = -self.search(apply(pos, move), depth - 1, -beta, -alpha)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        flag = 1 if best_value >= beta else (-1 if best_value <= start_alpha else 0)
        self.table[pos] = (depth, best_value, flag, best_move)
        return best_value

    def root_values(self, pos: Pos, moves: list[KMove], depth: int) -> list[tuple[int, KMove]]:
        """Every root move's exact value at ``depth`` (a full window for each), best first."""
        results = [(-self.search(apply(pos, move), depth - 1, -2 * WIN, 2 * WIN), move) for move in moves]
        results.sort(key=lambda r: -r[0])
        return results

    def root(self, pos: Pos, moves: list[KMove], depth: int) -> list[tuple[int, KMove]]:
        """Every root move's value at ``depth`` (exact for the best, bounds for the rest), best first."""
        results: list[tuple[int, KMove]] = []
        self.partial = results
        alpha = -2 * WIN
        for move in moves:
            value = -self.search(apply(pos, move), depth - 1, -2 * WIN, -alpha)
            results.append((value, move))
            alpha = max(alpha, value)
        results.sort(key=lambda r: -r[0])
        return results


def remaining_plies(pos: Pos) -> int:
    plies = pos[HAND] + pos[HAND + 1]
    if pos[RUN] < 0:
        plies += 1
    if pos[RUN + 1] < 0:
        plies += 1
    if can_swap(pos):
        plies += 1
    return plies


class SearchBot:
    """Normal (depth 1), Hard (depth 2) and Crazy (iterative deepening to a node budget)."""

    def __init__(self, level: str, depth: int, budget: int | None = None) -> None:
        self.level = level
        self.depth = depth
        self.budget = budget

    def limit_thinking(self, seconds: float) -> None:
        if self.budget is not None:  # the fixed-depth levels are cheap already
            self.budget = work(seconds, CRAZY_NODES, 200)

    def choose(self, observation: RunnersObservation, rng: random.Random) -> RunnerMove:
        board, pos = observation.board, observation.pos
        moves = legal(board, pos)
        rng.shuffle(moves)  # ties go to a seeded random choice
        if len(moves) == 1:
            return to_public(pos, moves[0])
        moves.sort(key=lambda m: order_key(board, m), reverse=True)
        searcher = Searcher(board)
        if self.budget is None:
            best = searcher.root(pos, moves, self.depth)[0][1]
            return to_public(pos, best)
        best = self._deepen(searcher, pos, moves)
        return to_public(pos, best)

    def _deepen(self, searcher: Searcher, pos: Pos, moves: list[KMove]) -> KMove:
        best = moves[0]
        searcher.budget = self.budget
        horizon = remaining_plies(pos)
        depth = 1
        while depth <= horizon:
            try:
                results = searcher.root(pos, moves, depth)
            except OutOfNodes:
                # The previous best is searched first, so any move done at this depth is as good or better.
                if searcher.partial:
                    best = max(searcher.partial, key=lambda r: r[0])[1]
                break
            best = results[0][1]
            if abs(results[0][0]) >= WIN:  # a forced win or loss is known: deeper search cannot change it
                break
            moves = [m for _, m in results]
            depth += 1
        return best


def analyse(rules: Rules, observation: Observation, rng: random.Random, seconds: float) -> list[Estimate]:
    """Crazy's search with a value for every root move: deepened while the node budget lasts,
    each move searched with a full window, the last depth finished for all moves kept."""
    assert isinstance(observation, RunnersObservation)
    board, pos = observation.board, observation.pos
    moves = legal(board, pos)
    moves.sort(key=lambda m: order_key(board, m), reverse=True)
    searcher = Searcher(board, work(seconds, CRAZY_NODES, 200))
    results = [(evaluate_any(board, apply(pos, m)) * -1, m) for m in moves]  # one ply, always affordable
    results.sort(key=lambda r: -r[0])
    depth = 1
    for depth in range(2, remaining_plies(pos) + 1):
        try:
            deeper = searcher.root_values(pos, [m for _, m in results], depth)
        except OutOfNodes:
            depth -= 1
            break
        results = deeper
        if all(abs(v) >= WIN for v, _ in results):  # every move's result is known
            break
    return [_estimate(pos, value, move, depth) for value, move in results]


def _estimate(pos: Pos, value: int, move: KMove, depth: int) -> Estimate:
    """A search value in points for the mover (a known result: its final margin, and the win chance 1 or 0)."""
    unit = f"points ahead ({depth} plies)"
    if value >= WIN:
        return Estimate(to_public(pos, move), value - WIN, unit, 1.0, chance_of="a forced win")
    if value <= -WIN:
        return Estimate(to_public(pos, move), value + WIN, unit, 0.0, chance_of="a forced win")
    return Estimate(to_public(pos, move), value / SCALE, unit, None, chance_of="a forced win")


def _easy(_rules: Rules) -> Bot:
    return RandomBot()


def _normal(_rules: Rules) -> Bot:
    return SearchBot("normal", 1)


def _hard(_rules: Rules) -> Bot:
    return SearchBot("hard", 2)


CRAZY_NODES = 40_000


def _crazy(_rules: Rules) -> Bot:
    return SearchBot("crazy", 99, CRAZY_NODES)


register_bot("runners", "easy", _easy)
register_bot("runners", "normal", _normal)
register_bot("runners", "hard", _hard)
register_bot("runners", "crazy", _crazy)
register_analyser("runners", analyse)
register_review(
    "runners",
    ReviewHooks(
        # A point is a checker's worth; a forced result counts its final margin.
        (Scale("points ahead", inaccuracy=1.0, mistake=3.0, blunder=6.0),),
        not_shown="nothing is hidden in Domino Runners, so the fair verdict already sees every domino; "
        "a whole game is too long to solve exactly, so both rest on the same deepening search",
    ),
)
