"""The review of a finished game: every decision of every seat weighed twice.

``review_game(states)`` walks a finished game (the start and the state after each move, as
``Record.states()`` gives them) and, at each decision (a position where the seat to move had a
real choice: forced draws and passes and lone moves are skipped), asks two questions:

* **as that seat knew it** (the fair verdict): the family's analysis of ``state.observation(seat)``,
  the same analysis ``hint`` gives, at a fixed amount of work, so it sees nothing the seat did not;
* **with every tile shown**: the family's exact solver on the true position, where one is feasible
  (``ReviewHooks.shown``); where it is not, ``ReviewHooks.not_shown`` says why.

Each judgement gives the chosen move's estimate, the best move's, the loss (best less chosen, in
the analysis' unit, never below 0) and a mark from the family's thresholds for that unit
(``Scale``): *best* (no loss), *good* (below ``inaccuracy``), *inaccuracy* (below ``mistake``),
*mistake* (below ``blunder``), *blunder*. A move the analysis gives no number while the best has
one is a blunder where the unit says so (a puzzle left unsolvable) and unvalued otherwise.

A seat's **accuracy** is the mean over its valued decisions of ``100 * max(0, 1 - loss / blunder)``
(fair verdict): 100 for best play throughout, 0 for a blunder at every turn. Its **costliest
moves** are the three with the largest loss measured in blunders (``loss / blunder``).

Every decision's analysis draws from ``random.Random(f"bones:review:{seed}:{number}")`` and a fixed
amount of work (``depth``: seconds of thinking turned into work, never a clock), so a review of the
same record, seed and depth is the same review.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bones.bots import Estimate, analyser_for
from bones.game import Move, Observation, Rules, State
from bones.registry import game_info

#: The analysis work per decision (seconds of thinking turned into fixed work) unless asked otherwise.
DEFAULT_DEPTH = 0.015
MARKS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: A loss this small is no loss (below what a review shows: values are given to three decimals).
TOLERANCE = 1e-3


@dataclass(frozen=True)
class Scale:
    """The loss thresholds for one unit of analysis (``Estimate.unit`` starts with ``unit``).

    ``goal``: the unit counts the moves to the goal (the puzzles), so a review shows the moves to the
    goal before and after each move. ``none_is_blunder``: a move without a number (a puzzle left
    unsolvable, giving up) is a blunder rather than unvalued. ``fewest_first``: less is better (moves to
    the goal, a penalty). ``measure``: false where the number only says which move the strongest player
    would choose (1 for it, 0 for the rest): such a decision is marked best when it agrees, else not at all."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float
    goal: bool = False
    none_is_blunder: bool = False
    fewest_first: bool = False
    measure: bool = True

    def mark(self, loss: float) -> str:
        if loss <= TOLERANCE:
            return "best"
        if loss < self.inaccuracy:
            return "good"
        if loss < self.mistake:
            return "inaccuracy"
        if loss < self.blunder:
            return "mistake"
        return "blunder"


#: (rules, observation, rng, depth, chosen move) -> every legal move's estimate, best first.
FairAnalysis = Callable[[Rules, Observation, random.Random, float, Move], list[Estimate]]
#: (rules, state, depth, memo) -> every legal move's exact value with every tile shown, best first;
#: raises ``NotSolved`` where this position is too big for the depth. ``memo`` lives for one review.
ShownAnalysis = Callable[[Rules, State, float, dict[str, Any]], list[Estimate]]


class NotSolved(Exception):
    """The exact solver gave up on a position within the review's work (too big at this depth)."""


@dataclass(frozen=True)
class ReviewHooks:
    """How a family answers the review: its units' thresholds, a fixed-work fair analysis where its
    ``hint`` analysis keeps a clock (None: the hint's analyser), and the exact solver with every tile
    shown (None: ``not_shown`` says why there is none)."""

    scales: tuple[Scale, ...]
    fair: FairAnalysis | None = None
    shown: ShownAnalysis | None = None
    not_shown: str = ""


_HOOKS: dict[str, ReviewHooks] = {}


def register_review(family: str, hooks: ReviewHooks) -> None:
    _HOOKS[family] = hooks


def hooks_for(rules: Rules) -> ReviewHooks:
    analyser_for(rules)  # loads the families' registrations, and refuses a game without analysis
    family = game_info(rules.game_id).family
    hooks = _HOOKS.get(family)
    if hooks is None:
        raise LookupError(f"{rules.game_id} has no review yet")
    return hooks


def scale_for(hooks: ReviewHooks, unit: str) -> Scale:
    for scale in hooks.scales:
        if unit.startswith(scale.unit):
            return scale
    raise LookupError(f"no review thresholds for the unit {unit!r}")


@dataclass(frozen=True)
class Judgement:
    """One verdict on one decision: the chosen and the best move's estimates, the loss, the mark."""

    unit: str
    chosen: float | None
    best_move: str
    best: float | None
    loss: float | None
    mark: str | None  # None: the chosen move has no number to weigh
    blunders: float | None  # the loss in blunders (loss / the unit's blunder threshold)
    chance_chosen: float | None = None
    chance_best: float | None = None
    chance_of: str = ""

    @property
    def chance_loss(self) -> float | None:
        if self.chance_chosen is None or self.chance_best is None:
            return None
        return max(0.0, self.chance_best - self.chance_chosen)

    def to_dict(self) -> dict[str, Any]:
        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 3)

        return {
            "unit": self.unit,
            "chosen": rounded(self.chosen),
            "best_move": self.best_move,
            "best": rounded(self.best),
            "loss": rounded(self.loss),
            "mark": self.mark,
            "chance_of": self.chance_of or None,
            "chance_chosen": rounded(self.chance_chosen),
            "chance_best": rounded(self.chance_best),
            "chance_loss": rounded(self.chance_loss),
        }


def judge(estimates: Sequence[Estimate], chosen: Move, hooks: ReviewHooks) -> Judgement:
    """The verdict on playing ``chosen`` where the analysis gave ``estimates`` (best first)."""
    best = estimates[0]
    mine = next((e for e in estimates if str(e.move) == str(chosen)), None)
    if mine is None:
        raise ValueError(f"the analysis gave no estimate for the move played, {chosen}")
    scale = scale_for(hooks, best.unit)
    loss: float | None = None
    mark: str | None = None
    if mine is best or str(mine.move) == str(best.move):
        loss, mark = 0.0, "best"
    elif not scale.measure:
        pass
    elif mine.value is not None and best.value is not None:
        # An analysis may order its moves by more than the number it shows (the line games rank by the
        # match, show points of the hand): a move ranked below the best never gains.
        loss = max(0.0, mine.value - best.value if scale.fewest_first else best.value - mine.value)
        mark = scale.mark(loss)
        if mark == "best":
            loss = 0.0
    elif mine.value is None and best.value is not None and scale.none_is_blunder:
        loss, mark = None, "blunder"
    blunders = None if loss is None else loss / scale.blunder
    if mark == "blunder" and loss is None:
        blunders = 1.0
    return Judgement(
        best.unit,
        mine.value,
        str(best.move),
        best.value,
        loss,
        mark,
        blunders,
        mine.win_chance,
        best.win_chance,
        best.chance_of if best.win_chance is not None else "",
    )


@dataclass(frozen=True)
class Decision:
    """One decision of one seat: the move played (``number`` counts the record's moves from 1)."""

    number: int
    seat: int
    hand: int
    move: str
    fair: Judgement
    shown: Judgement | None
    shown_note: str = ""
    goal_before: float | None = None
    goal_after: float | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "seat": self.seat,
            "hand": self.hand,
            "move": self.move,
            "fair": self.fair.to_dict(),
            "shown": None if self.shown is None else self.shown.to_dict(),
        }
        if self.shown_note:
            data["shown_note"] = self.shown_note
        if self.goal_before is not None or self.goal_after is not None:
            data["goal_before"] = self.goal_before
            data["goal_after"] = self.goal_after
        return data


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    decisions: int
    accuracy: float | None
    marks: Mapping[str, int]
    costliest: tuple[Decision, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "marks": dict(self.marks),
            "costliest": [d.number for d in self.costliest],
        }


@dataclass(frozen=True)
class Review:
    """A whole game's review: every decision, and each seat's accuracy and costliest moves."""

    game: str
    title: str
    depth: float
    seed: int
    moves: int
    decisions: tuple[Decision, ...]
    seats: tuple[SeatSummary, ...]
    sides: tuple[int, ...]
    not_shown: str = ""
    outcome: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def chart(self, seat: int = 0) -> list[tuple[int, float]]:
        """How ``seat``'s side stood after each decision, by the fair verdict: the chance (where the
        analysis gives one) or the value of the move played, from that side's view. With two sides
        the other side's decisions count too (their gain is this side's loss); with more, a seat's own."""
        side = self.sides[seat]
        two = len(set(self.sides)) == 2
        points: list[tuple[int, float]] = []
        chances = all(d.fair.chance_chosen is not None for d in self.decisions)
        for decision in self.decisions:
            value = decision.fair.chance_chosen if chances else decision.fair.chosen
            if value is None:
                continue
            if self.sides[decision.seat] == side:
                points.append((decision.number, value))
            elif two:
                points.append((decision.number, 1.0 - value if chances else -value))
        return points

    def chart_label(self) -> str:
        if self.decisions and all(d.fair.chance_chosen is not None for d in self.decisions):
            return f"chance to {self.decisions[0].fair.chance_of}"
        return self.decisions[0].fair.unit if self.decisions else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "depth": self.depth,
            "seed": self.seed,
            "moves": self.moves,
            "outcome": self.outcome,
            "not_shown": self.not_shown or None,
            "seats": [s.to_dict() for s in self.seats],
            "decisions": [d.to_dict() for d in self.decisions],
            "chart": {
                "label": self.chart_label(),
                "by_seat": [[[n, round(v, 3)] for n, v in self.chart(seat)] for seat in range(len(self.sides))],
            },
        }


Progress = Callable[[int, int], None]


def review_game(
    states: Sequence[State], depth: float = DEFAULT_DEPTH, seed: int = 0, progress: Progress | None = None
) -> Review:
    """The review of the game through ``states`` (its start, then the state after each move)."""
    if not states:
        raise ValueError("a review needs the game's states")
    first = states[0]
    rules = first.rules
    hooks = hooks_for(rules)
    fair_analysis = hooks.fair or _hint_analysis(rules)
    memo: dict[str, Any] = {}
    decisions: list[Decision] = []
    total = len(states) - 1
    for number in range(1, len(states)):
        before, after = states[number - 1], states[number]
        seat = before.to_move
        if progress is not None:
            progress(number, total)
        if seat is None or len(before.legal_moves) < 2 or before.forced_move() is not None:
            continue
        move = after.moves[-1]
        rng = random.Random(f"bones:review:{seed}:{number}")
        estimates = fair_analysis(rules, before.observation(seat), rng, depth, move)
        fair = judge(estimates, move, hooks)
        shown, note = _shown(hooks, rules, before, move, depth, memo)
        goal_before = goal_after = None
        if scale_for(hooks, fair.unit).goal:
            goal_before = fair.best
            goal_after = None if fair.chosen is None else fair.chosen - 1
        decisions.append(
            Decision(number, seat, before.current_hand(), str(move), fair, shown, note, goal_before, goal_after)
        )
    last = states[-1]
    return Review(
        game=rules.game_id,
        title=rules.title,
        depth=depth,
        seed=seed,
        moves=total,
        decisions=tuple(decisions),
        seats=tuple(_summary(seat, decisions) for seat in range(rules.num_players)),
        sides=tuple(rules.sides),
        not_shown=_not_shown(hooks, decisions),
        outcome=last.outcome.reason if last.outcome else "",
    )


def _not_shown(hooks: ReviewHooks, decisions: Sequence[Decision]) -> str:
    """Why the game has no verdict with every tile shown: the family's reason, or the solver's
    when it gave up on every decision for the same one (rules it does not play)."""
    if hooks.shown is None:
        return hooks.not_shown
    notes = {d.shown_note for d in decisions}
    if decisions and all(d.shown is None for d in decisions) and len(notes) == 1:
        return notes.pop()
    return ""


def _hint_analysis(rules: Rules) -> FairAnalysis:
    analyser = analyser_for(rules)

    def fair(rules: Rules, observation: Observation, rng: random.Random, depth: float, chosen: Move) -> list[Estimate]:
        return analyser(rules, observation, rng, depth)

    return fair


def _shown(
    hooks: ReviewHooks, rules: Rules, before: State, move: Move, depth: float, memo: dict[str, Any]
) -> tuple[Judgement | None, str]:
    if hooks.shown is None:
        return None, ""
    try:
        return judge(hooks.shown(rules, before, depth, memo), move, hooks), ""
    except NotSolved as why:
        return None, str(why)


def _summary(seat: int, decisions: Sequence[Decision]) -> SeatSummary:
    mine = [d for d in decisions if d.seat == seat]
    weighed = [d for d in mine if d.fair.blunders is not None]
    accuracy = None
    if weighed:
        accuracy = sum(100.0 * max(0.0, 1.0 - (d.fair.blunders or 0.0)) for d in weighed) / len(weighed)
    marks = {mark: sum(d.fair.mark == mark for d in mine) for mark in MARKS}
    costly = sorted(
        (d for d in weighed if (d.fair.blunders or 0.0) > 0), key=lambda d: (-(d.fair.blunders or 0), d.number)
    )
    return SeatSummary(seat, len(mine), accuracy, marks, tuple(costly[:3]))
