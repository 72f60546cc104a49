"""Inference from plays: how well a sampled deal explains the choices the other seats made.

Sampling deals consistent with passes and draws treats every play as if it
said nothing beyond the tile; but a seat that had a choice and did not put
down its heaviest tile probably lacks it. Card-game programs weigh each
sampled deal by the likelihood of every observed choice under a model of how
the others play; so does Crazy, with this module.

A *decision* is one play of another seat (not the opening) made when it could
have laid some other tile or end. In a sampled deal the hand it held then is
known exactly: its hand now, plus what it played since, less what it drew
since (the draw sampler says which tile came in at which draw). A model gives
each legal move of that moment a value and the choice a softmax probability.

The models, each with equal prior weight:

* ``uniform``: every legal move alike (Easy; and a safe floor when no model fits);
* ``normal``: points first, then doubles, then pips (Normal's order), two temperatures;
* ``hard``: Hard's main terms (pips, doubles, tiles kept that follow the new
  ends, ends answered, points), two temperatures.

A seat is assumed to play one way all hand, but to make an arbitrary (uniform)
move now and then, with probability ``CARELESS`` (a small and a large rate):
each hypothesis (model, rate) gives every choice the probability
rate/moves + (1 - rate) * model's, and a deal's weight is the average over the
hypotheses of the likelihood of all the seat's choices (the data pick the
hypothesis). Without the careless moves, one odd move of a seat that mixes
styles (Easy, Normal or Hard at random each move) made the true deal nearly
impossible.

Every value is a sum of terms of the move and of the hand it was made from,
so a deal's weight costs a few bit operations per decision.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bones.line.kernel import DRAW, PLAY, SCORE_FIVES, Kernel
from bones.line.observation import LineObservation
from bones.tiles import HIGH, LOW, PIPS

# (kind, temperature); the uniform model's temperature is unused.
MODELS: tuple[tuple[str, float], ...] = (
    ("uniform", 1.0),
    ("normal", 0.5),
    ("normal", 2.0),
    ("hard", 1.0),
    ("hard", 3.0),
)
CARELESS = (0.1, 0.5)
# Hard's weights (bots/hard.py) for the terms the model keeps.
SHED, DOUBLE, FOLLOW, ANSWER, POINTS, DOMINO = 1.0, 4.0, 2.0, 1.5, 1.2, 1000.0


@dataclass(frozen=True)
class Option:
    """One legal placement of a tile at a decision, with what the model needs of it."""

    tile: int
    slot: int
    points: int
    fit_after: int  # tiles that fit some open end after the placement
    ends_after: tuple[int, ...]  # the distinct numbers then open


@dataclass
class Decision:
    seat: int
    event: int  # index in the hand's log
    options: dict[int, list[Option]]  # by tile: every tile not on the table that fitted
    fit: int  # mask of those tiles
    chosen: Option
    played_since: int  # tiles the seat played at this event or later (all were in its hand then)
    drew_since: bool  # whether the seat drew after this event


class PlayModel:
    """The likelihood of the other seats' choices in the current hand, for any sampled deal."""

    def __init__(self, decisions: Sequence[Decision], with_pip: Sequence[int]) -> None:
        self.decisions = list(decisions)
        self.with_pip = with_pip

    @classmethod
    def of(cls, obs: LineObservation) -> PlayModel:
        public = obs.public
        spec = public.spec
        scratch = Kernel(spec, [0] * spec.players, [], 0, -1)
        decisions: list[Decision] = []
        for index, (seat, code, tile, slot) in enumerate(public.log):
            if code == PLAY and seat != obs.seat and slot >= 0:
                decisions.append(_decision(scratch, seat, index, tile, slot))
            scratch.log.append((seat, code, tile, slot))
            if code == PLAY:
                scratch.table |= 1 << tile
                scratch.place(tile, slot)
        last_draw = {seat: index for index, (seat, code, _, _) in enumerate(public.log) if code == DRAW}
        played: dict[int, int] = {}
        for decision in reversed(decisions):
            decision.drew_since = last_draw.get(decision.seat, -1) > decision.event
            played[decision.seat] = played.get(decision.seat, 0) | 1 << decision.chosen.tile
            decision.played_since = played[decision.seat]
        return cls(decisions, spec.with_pip)

    def weight(self, hands: Mapping[int, int], drawn: Mapping[int, Sequence[tuple[int, int]]] | None) -> float:
        """The mixture likelihood of every decision given the deal's current hands and draws.

        ``drawn`` gives each seat's draws in the deal, (event index, tile); without it only the
        decisions after a seat's last draw are used (its hand then is certain).
        """
        likes = [1.0] * (1 + (len(MODELS) - 1) * len(CARELESS))
        for decision in self.decisions:
            hand = hands[decision.seat] | decision.played_since
            if decision.drew_since:
                if drawn is None:
                    continue
                for when, tile in drawn[decision.seat]:
                    if when > decision.event:
                        hand &= ~(1 << tile)
            factors = self.choice_probabilities(decision, hand)
            uniform = factors[0]
            likes[0] *= uniform
            index = 1
            for factor in factors[1:]:
                for rate in CARELESS:
                    likes[index] *= rate * uniform + (1.0 - rate) * factor
                    index += 1
        return sum(likes) / len(likes)

    def choice_probabilities(self, decision: Decision, hand: int) -> list[float]:
        """Per model, the probability of the choice made from ``hand``."""
        fitting = hand & decision.fit
        options: list[Option] = []
        while fitting:
            low = fitting & -fitting
            fitting ^= low
            options += decision.options[low.bit_length() - 1]
        if len(options) <= 1:
            return [1.0] * len(MODELS)
        chosen = decision.chosen
        # A double outranks any pip count, and a point any double.
        heaviest = 2.0 * (len(self.with_pip) - 1) + 1.0
        normal = [2 * heaviest * o.points + heaviest * (HIGH[o.tile] == LOW[o.tile]) + PIPS[o.tile] for o in options]
        hard = [self._hard(o, hand) for o in options]
        picked = options.index(chosen)
        out: list[float] = []
        for kind, temperature in MODELS:
            if kind == "uniform":
                out.append(1.0 / len(options))
                continue
            values = normal if kind == "normal" else hard
            top = max(values)
            exps = [math.exp((v - top) / temperature) for v in values]
            out.append(exps[picked] / sum(exps))
        return out

    def _hard(self, option: Option, hand: int) -> float:
        tile = option.tile
        rest = hand & ~(1 << tile)
        value = SHED * PIPS[tile] + (DOUBLE if HIGH[tile] == LOW[tile] else 0.0) + POINTS * option.points
        if not rest:
            return value + DOMINO
        with_pip = self.with_pip
        value += FOLLOW * (rest & option.fit_after).bit_count()
        value += ANSWER * sum(1 for end in option.ends_after if rest & with_pip[end])
        return value


def _decision(scratch: Kernel, seat: int, event: int, chosen_tile: int, chosen_slot: int) -> Decision:
    """Every placement any tile off the table had at this moment, and the one made."""
    spec = scratch.spec
    with_pip = spec.with_pip
    options: dict[int, list[Option]] = {}
    fit = 0
    chosen: Option | None = None
    for tile in range((spec.max_pip + 1) * (spec.max_pip + 2) // 2):
        if scratch.table >> tile & 1:
            continue
        seen: list[Option] = []
        shapes: dict[tuple[int, int, bool], Option] = {}
        for slot, end in enumerate(scratch.ends):
            if end != HIGH[tile] and end != LOW[tile]:
                continue
            # The same tile on two ends alike is one choice (as Crazy counts its candidates).
            shape = (end, scratch.kinds[slot], scratch.spin[slot] >= 0)
            if shape in shapes:
                if tile == chosen_tile and slot == chosen_slot:
                    chosen = shapes[shape]
                continue
            after = scratch.copy()
            after.log.append((seat, PLAY, tile, slot))
            after.place(tile, slot)
            points = 0
            if spec.scoring:
                count = after.ends_count()
                if count and count % 5 == 0:
                    points = count if spec.scoring == SCORE_FIVES else count // 5
            fit_after = 0
            for value in after.ends:
                fit_after |= with_pip[value]
            option = Option(tile, slot, points, fit_after, tuple(sorted(set(after.ends))))
            seen.append(option)
            shapes[shape] = option
            if tile == chosen_tile and slot == chosen_slot:
                chosen = option
        if seen:
            options[tile] = seen
            fit |= 1 << tile
    assert chosen is not None, "the move played was legal"
    return Decision(seat, event, options, fit, chosen, 0, False)
