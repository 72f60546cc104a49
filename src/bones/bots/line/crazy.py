"""Crazy for the line-of-play games, and the move analysis behind hints.

Crazy remembers the whole hand (the observation's history), works out what
each other seat cannot hold (``belief.Belief``), samples complete deals that fit
everything it saw, and plays every candidate move to the end of the hand in each
sample with a greedy playout policy (``search``). Candidates that lead to
the same position (the same tile on two ends showing the same number) are played
once. All candidates share each sample and its playout seed, so their
differences are not drowned in deal noise. It stops at the sample budget or the
time budget, whichever comes first (before a sample as long as the last would end
past the seconds, which cover working out the beliefs too, and no exact solve runs
past them); with no time budget the choice depends only
on the seed. The time budget is wall-clock by default (what a person waits); with
``clock="cpu"`` it counts the thread's own CPU time (``time.thread_time``), so
on a loaded machine Crazy thinks as much as on a quiet one (the benchmarks).
The bot stops sooner once its choice is settled (``settle``): the leading move
is more standard errors ahead of every other than ``settle`` says, the error
of each paired difference over the same samples (their shared deal luck
cancels). The check runs at fixed sample counts, so a budget without a clock
still gives the same move for a seed. The analysis uses its whole budget: it
values every move, not only the best. Measured at 1 CPU second a move in the
first hands of 40 deals of Hard against Hard, 2 players (the settled choice
read off the same run that went on to the whole budget, each choice's loss
against the exact solver on the true deal): draw, 366 decisions, the same
choice in every one, median 0.85 s a move before and 0.35 s after (mean 0.82
and 0.43); all fives, 371 decisions, 3 changed, loss -0.24 points a decision
(interval -0.66..+0.05), median 0.77 s before and 0.25 s after (mean 0.61 and 0.36).

With ``infer`` (on by default where it was measured to help, ``infers_by_default``: 2-player draw and
block, 3-player block, partnership block)
each sampled deal counts by how well it explains the other seats' earlier
choices (``play_model``): a seat that had a choice and laid a light tile
probably held no heavier one that fitted.

In a 2-player hand without a spinner (at most ``exact_hidden`` tiles hidden
from it) Crazy can solve each sampled deal exactly instead of playing it out:
fewer samples, but each valued by perfect play rather than a greedy policy that
loses control of the ends for an immediate score. On by default where it was
measured to help (``exact_hidden_by_default``: all fives). A solve that
searches more than ``exact_nodes`` positions (a deal early in the hand with a
big boneyard) turns the rest of that move over to playouts, so a move stays
within its time. In 3-player block (hands of five, nothing drawn) it solves
each sampled deal with the max-n race solver (``exact_race``), the opening tile
included. In partnership block it can solve them with the pairs' solver (``exact_pairs``) once at
most ``exact_hidden`` tiles are hidden; off by default (below).

With 4 players each for himself and nothing to draw (block, classic), the hand
is a race to go out, and the playouts lay a tile after which the next player
holds none that fits before a heavier one (``race``, ``races_by_default``): the
greedy policy alone did not see what Hard's race term plays for, and Crazy was
no stronger than that Hard there.

Options measured and left off by default: in partnership block, the sampled deals solved exactly late in
the hand (``exact_hidden``; issue 28, bench/outside.py against ``dominoes:pab_bg`` at 1 CPU second a
move, the same deals: see ``exact_hidden_by_default``). Issue 15: in all fives the playouts
can look one move ahead at the next player's best answer (``reply``; +0.2 points
a hand against Hard, interval -5.8..+6.0, at 30% more time a move). Measured and
dropped: in the playouts, a bonus for a tile after which the next player holds none
that fits (what Hard's race term weighs, seen in the sampled deal): 2-player draw,
bench/crazy_regret.py, 20 deals (136 decisions), +1.09 points lost a decision
(-0.15..+2.35).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from typing import Protocol

from bones.bots import Estimate, work
from bones.bots.line import exact as line_exact
from bones.bots.line import exact_pairs, exact_race
from bones.bots.line.belief import Belief
from bones.bots.line.crazy_defaults import exact_hidden_by_default, infers_by_default, races_by_default
from bones.bots.line.play_model import PlayModel
from bones.bots.line.search import playout, value
from bones.bots.line.tally import Tally, settled
from bones.line.kernel import Kernel
from bones.line.moves import LineMove
from bones.line.observation import LineObservation
from bones.line.rules import LineRules

DEFAULT_SECONDS = 1.0
DEFAULT_SAMPLES = 4000
DEFAULT_EXACT_SAMPLES = 200
# Positions one sampled deal's solve may search (about 0.1 s) before Crazy plays out the rest instead.
DEFAULT_EXACT_NODES: int | None = 30_000
EXACT_NODES_PER_SECOND = 300_000  # the solver's pace on one core, for a budget given as work (limit_thinking)
PACE_NODES = 1_000  # positions solved in a move before their own pace replaces EXACT_NODES_PER_SECOND
DEFAULT_REPLY = 0.0  # playouts' look-ahead at the next player's best answer (line_search.playout)
# What the time budget counts: seconds a person waits, or the thread's own CPU seconds (load-independent).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.thread_time}
DEFAULT_CLOCK = "wall"
NOISE = 97  # a prime, so cycling noise does not line up with turns
# The stopping rule (``settle``): checked after SETTLE_FIRST samples, then each time the samples
# grow by an eighth (at least SETTLE_EVERY), so that checking costs little next to the playouts and
# where it stops depends on the samples made, never on a clock.
DEFAULT_SETTLE = 3.0
SETTLE_FIRST = 48
SETTLE_EVERY = 16


class DealSource(Protocol):
    """Where Crazy's sampled deals come from: ``Belief``, or a yardstick's player who knows more."""

    unknown: list[int]

    def sample_timed(
        self, rng: random.Random
    ) -> tuple[dict[int, int], list[int], dict[int, list[tuple[int, int]]] | None]: ...


def _key(kernel: Kernel, move: LineMove) -> tuple[int, ...]:
    """Moves with equal keys lead to the same game (the same tile on equal ends)."""
    if move.slot < 0:
        return (int(move.tile or 0), -1)
    slot = move.slot
    return (int(move.tile or 0), kernel.ends[slot], kernel.kinds[slot], int(kernel.spin[slot] >= 0))


def estimate_moves(
    rules: LineRules,
    obs: LineObservation,
    rng: random.Random,
    seconds: float | None = DEFAULT_SECONDS,
    samples: int = DEFAULT_SAMPLES,
    stats: dict[str, int] | None = None,
    exact_hidden: int | None = None,
    exact_samples: int = DEFAULT_EXACT_SAMPLES,
    exact_nodes: int | None = DEFAULT_EXACT_NODES,
    exact_work: int | None = None,
    infer: bool | None = None,
    reply: float = DEFAULT_REPLY,
    clock: str = DEFAULT_CLOCK,
    settle: float | None = None,
    race: float = 0.0,
    belief: DealSource | None = None,
    judged: LineMove | None = None,
    tie: float = 0.0,
    settle_after: int = SETTLE_FIRST,
) -> list[Estimate]:
    """Every legal move of the seat to move with its expected points and chance to win the hand, best first.

    ``stats``, when given, receives the numbers of samples and playouts made, of samples solved, of
    positions the solver searched and of samples weighed by the others' plays. ``infer`` weighs the
    sampled deals by the other seats' choices (``play_model``); None: where it was measured to help.
    ``exact_work``: at most about this many positions solved in all (a budget without a clock).
    ``clock`` says what ``seconds`` counts: ``"wall"`` or ``"cpu"`` (this thread's CPU time).
    ``settle``: stop as soon as the best move is settled (``settled``, this many standard errors ahead
    of every other); None: use the whole budget (the analysis, which values every move).
    ``race``: the playouts' bonus for making the next player pass in a race to go out (``RACE``).
    ``judged`` (with ``settle``): stop once that move's place is settled rather than the best move (the
    review's move played), each rival more than ``settle`` standard errors above or below it or within
    ``tie`` of it; the first check after ``settle_after`` samples.
    ``belief``: where the sampled deals come from (default: what the observation allows, ``Belief.of``);
    the yardstick's seer (bench/omniscient.py) passes one that knows the other hands.
    """
    if clock not in CLOCKS:
        raise ValueError(f"clock must be one of {sorted(CLOCKS)}, not {clock!r}")
    now = CLOCKS[clock]
    started = now()  # the budget covers working out the beliefs too
    if infer is None:
        infer = infers_by_default(rules)
    if exact_hidden is None:
        exact_hidden = exact_hidden_by_default(rules)
    moves = list(obs.legal_moves)
    public = obs.public
    groups: dict[tuple[int, ...], Tally] = {}
    for move in moves:
        key = _key(public, move) if move.is_play else (-1, move.code)
        groups.setdefault(key, Tally([])).moves.append(move)
    tallies = list(groups.values())
    seat = obs.seat
    side = rules.sides[seat]
    belief = belief or Belief.of(obs)
    model = PlayModel.of(obs) if infer else None
    solver_of = _solver_of(rules)
    # The race solver values the opening tile too (hands of five solve from the start); a 2-player
    # opening, with hands of seven and the boneyard to come, is too big to solve in a move.
    opened = public.placed > 0 or solver_of is exact_race.Solver
    exact = solver_of is not None and len(belief.unknown) <= exact_hidden and opened
    done = 0
    searched = 0
    weights: list[float] = []
    check = 0 if len(tallies) < 2 else settle_after  # one distinct move: nothing to weigh
    mine = None
    if judged is not None:
        mine = next((t for t in tallies if judged in t.moves), None)
        if mine is None:
            raise ValueError(f"{judged} is not a legal move here: there is nothing to judge")
    previous = started
    solving = 0.0  # time spent solving: with ``searched``, the solver's pace in this move
    while done < samples:
        moment = now()
        last, previous = moment - previous, moment
        # The next sample takes about as long as the last: stop if it would end past the budget, so a
        # move keeps to its seconds (an exact solve can take a tenth of a second).
        if seconds is not None and done and moment - started + last > seconds:
            break
        if settle is not None and done >= check:
            if settled(tallies, weights, settle, mine, tie):
                break
            check = done + max(SETTLE_EVERY, done // 8)
        hands, boneyard, drawn = belief.sample_timed(rng)
        weight = model.weight(hands, drawn) if model is not None else 1.0
        if stats is not None and model is not None:
            stats["weighed"] = stats.get("weighed", 0) + 1
        base = public.copy()
        for other, mask in hands.items():
            base.hands[other] = mask
        base.boneyard = boneyard
        if exact and solver_of is not None:
            limit = exact_nodes
            solve_started = now()
            if seconds is not None:
                # Nor may a solve run past the budget: the positions the time left allows, at the pace the
                # solver has kept in this move (a loaded machine solves fewer in a CPU second).
                pace = searched / solving if searched >= PACE_NODES and solving > 0 else EXACT_NODES_PER_SECOND
                left = max(1, int((seconds - (solve_started - started)) * pace))
                limit = left if limit is None else min(limit, left)
            solver = solver_of(rules, base, limit)
            try:
                solved = [solver.value_after(base, tally.moves[0].kernel_move) for tally in tallies]
            except line_exact.NodeLimit:  # every solver's
                searched += solver.nodes
                # Too big to solve in the budget: this sample and the rest are played out.
                exact = False
            else:
                weights.append(weight)
                for tally, points in zip(tallies, solved):
                    tally.trace.append(points)
                    tally.value += weight * points
                    tally.points += weight * points
                    tally.wins += weight * (points > 0)
                    tally.weight += weight
                    tally.samples += 1
                done += 1
                if stats is not None:
                    stats["solved"] = stats.get("solved", 0) + 1
                searched += solver.nodes
                solving += now() - solve_started
                if done >= exact_samples or (exact_work is not None and searched >= exact_work):
                    break
                continue
        # The playouts' noise, shared by every candidate of this sample.
        noise = [rng.random() for _ in range(NOISE)]
        weights.append(weight)
        for tally in tallies:
            kernel = base.copy()
            made = [0] * rules.num_sides
            points = kernel.apply(*tally.moves[0].kernel_move)
            scores = list(obs.scores)
            if points:
                scores[side] += points
                made[side] = points
            result = playout(kernel, rules, tuple(scores), obs.eggs, itertools.cycle(noise).__next__, reply, race)
            if made[side]:
                result = type(result)(
                    tuple(p + m for p, m in zip(result.points, made)),
                    result.hand_winner,
                    side if obs.scores[side] + made[side] >= rules.target else result.match_end,
                )
            worth = value(rules, side, obs.scores, result)
            tally.trace.append(worth)
            tally.value += weight * worth
            diff = result.points[side] - sum(p for s, p in enumerate(result.points) if s != side) / max(
                1, rules.num_sides - 1
            )
            if rules.low_score_wins:
                diff = -diff
            tally.points += weight * diff
            tally.wins += weight * (result.hand_winner == side)
            tally.weight += weight
            tally.samples += 1
        done += 1
    if stats is not None:
        stats["samples"] = stats.get("samples", 0) + done
        stats["positions"] = stats.get("positions", 0) + searched
        stats["playouts"] = stats.get("playouts", 0) + done * len(tallies)
    estimates: list[tuple[float, Estimate]] = []
    for tally in tallies:
        n = tally.weight or 1.0
        for move in tally.moves:
            estimates.append(
                (
                    tally.value / n,
                    Estimate(move, tally.points / n, "expected points", tally.wins / n, tally.samples, "win the hand"),
                )
            )
    estimates.sort(key=lambda pair: -pair[0])
    return [e for _, e in estimates]


def _solver_of(
    rules: LineRules,
) -> Callable[[LineRules, Kernel, int | None], line_exact.Solver | exact_race.Solver | exact_pairs.Solver] | None:
    """The exact solver of a sampled deal for these rules: two players (``exact``), a race of three or
    four players each for himself with nothing to draw (``exact_race``), or partnership block
    (``exact_pairs``); None where none plays."""
    if line_exact.supported(rules):
        return line_exact.Solver
    if exact_race.supported(rules):
        return exact_race.Solver
    if exact_pairs.supported(rules):
        return exact_pairs.Solver
    return None


class CrazyLineBot:
    level = "crazy"

    def __init__(
        self, rules: LineRules, seconds: float | None = DEFAULT_SECONDS, samples: int = DEFAULT_SAMPLES
    ) -> None:
        self.rules = rules
        self.seconds = seconds
        self.samples = samples
        self.exact_hidden = exact_hidden_by_default(rules)
        self.exact_samples = DEFAULT_EXACT_SAMPLES
        self.exact_nodes = DEFAULT_EXACT_NODES
        self.exact_work: int | None = None
        self.infer = infers_by_default(rules)
        self.reply = DEFAULT_REPLY
        self.clock = DEFAULT_CLOCK
        self.settle: float | None = DEFAULT_SETTLE
        self.race = races_by_default(rules)

    def limit_thinking(self, seconds: float) -> None:
        """A fixed amount of work for ``seconds`` (samples, positions solved) and no clock, so a seed replays
        the same game."""
        self.seconds = None
        self.samples = work(seconds, DEFAULT_SAMPLES)
        self.exact_work = work(seconds, EXACT_NODES_PER_SECOND)
        self.exact_nodes = min(DEFAULT_EXACT_NODES or self.exact_work, self.exact_work)

    def estimates(
        self, observation: LineObservation, rng: random.Random, belief: DealSource | None = None
    ) -> list[Estimate]:
        """Every legal move valued with this bot's settings, best first; ``belief``: where the sampled deals
        come from (default: what the observation allows)."""
        return estimate_moves(
            self.rules,
            observation,
            rng,
            self.seconds,
            self.samples,
            exact_hidden=self.exact_hidden,
            exact_samples=self.exact_samples,
            exact_nodes=self.exact_nodes,
            exact_work=self.exact_work,
            infer=self.infer,
            reply=self.reply,
            clock=self.clock,
            settle=self.settle,
            race=self.race,
            belief=belief,
        )

    def choose(self, observation: LineObservation, rng: random.Random) -> LineMove:
        moves = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        best = self.estimates(observation, rng)[0].move
        assert isinstance(best, LineMove)  # estimates are of the observation's legal moves
        return best
