"""Variants of Crazy's 2-player block search against OpenSpiel's ISMCTS at equal CPU (issue 28, goal 2).

Crazy is perfect-information Monte Carlo (PIMC): it samples the other hand (weighted by the others' plays),
solves each sampled deal exactly and plays the move of the best mean. Its known faults are *strategy fusion*
(each deal's solve chooses our later moves as if that deal were known) and a *clairvoyant opponent* (in each
solve the opponent answers knowing our hand). Each variant here changes one thing; ``bench/outside.py``'s
match is played with it on the arena's duplicate deals (the same deals for the same ``--seed``), the variant
given the CPU a move ISMCTS takes.

- ``crazy``: Crazy as it plays (the baseline);
- ``win``: the move with the best chance to win the hand (expected points break ties), not the best points;
- ``noinfer``: the sampled deals not weighed by the others' plays;
- ``unfused``: no fusion at our next move: per candidate and deal the opponent's exact best reply, then our
  next move chosen once for every deal that shows that reply (our information then), exact below;
- ``fair``: the opponent's next reply is the one a fair player picks by Hard's terms (pips shed, doubles,
  tiles kept that follow the new ends, ends answered; it does not see our hand), exact below; ``halffair``
  values the reply half that way and half by the exact best.

The variants other than ``crazy``, ``win`` and ``noinfer`` solve up to ``WORLDS`` deals a move within the
budget and stop there (no stopping rule).

    nice .venv/bin/python bench/crazy_variants.py --variant fair --deals 100 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

from bones.arena import run_arena
from bones.bots.line.belief import Belief
from bones.bots.line.crazy import CrazyLineBot
from bones.bots.line.exact import Solver
from bones.bots.line.play_model import Option, PlayModel
from bones.line.kernel import PLAY, PLAYING, Kernel
from bones.line.moves import LineMove
from bones.line.observation import LineObservation

sys.path.insert(0, str(Path(__file__).parent))
from outside import TWO, ismcts_cpu_per_move, row

WORLDS = 200


class WinCrazy(CrazyLineBot):
    """Crazy choosing by the chance to win the hand."""

    def choose(self, observation: LineObservation, rng: random.Random) -> LineMove:
        if len(observation.legal_moves) == 1:
            return observation.legal_moves[0]
        estimates = self.estimates(observation, rng)
        best = max(estimates, key=lambda e: (round(e.win_chance or 0.0, 6), e.value or 0.0)).move
        assert isinstance(best, LineMove)
        return best


class NoInferCrazy(CrazyLineBot):
    def __init__(self, rules, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        super().__init__(rules, *args, **kwargs)
        self.infer = False


class _Worlds(CrazyLineBot):
    """Samples and solves deals as Crazy does; ``value`` says what a candidate is worth in one of them."""

    def choose(self, observation: LineObservation, rng: random.Random) -> LineMove:
        moves = observation.legal_moves
        if len(moves) == 1 or not observation.public.placed:
            return super().choose(observation, rng)
        started = time.thread_time()
        belief = Belief.of(observation)
        model = PlayModel.of(observation) if self.infer else None
        self.start([m.kernel_move for m in moves])
        for done in range(WORLDS):
            if self.seconds is not None and done >= 8 and time.thread_time() - started > self.seconds:
                break
            hands, boneyard, drawn = belief.sample_timed(rng)
            weight = model.weight(hands, drawn) if model is not None else 1.0
            base = observation.public.copy()
            for other, mask in hands.items():
                base.hands[other] = mask
            base.boneyard = boneyard
            self.world(Solver(self.rules, base), base, observation.seat, weight)
        scores = self.scores()
        return moves[max(range(len(moves)), key=scores.__getitem__)]

    def start(self, candidates: list[tuple[int, int, int]]) -> None:
        raise NotImplementedError

    def world(self, solver: Solver, base: Kernel, seat: int, weight: float) -> None:
        raise NotImplementedError

    def scores(self) -> list[float]:
        raise NotImplementedError


class Unfused(_Worlds):
    def start(self, candidates: list[tuple[int, int, int]]) -> None:
        self.candidates = candidates
        # (candidate, the reply seen) -> our next move -> the weighted sum of our exact values
        self.groups: dict[tuple[int, object], dict[object, float]] = defaultdict(lambda: defaultdict(float))

    def world(self, solver: Solver, base: Kernel, seat: int, weight: float) -> None:
        for index, move in enumerate(self.candidates):
            made, after, replies, values = answers(solver, base, move, seat)
            if after is None:
                self.groups[(index, None)][None] += weight * made
                continue
            best = max(range(len(replies)), key=values.__getitem__)
            answered = after.copy()
            lost = answered.apply(*replies[best])
            if answered.status != PLAYING or answered.to_move != seat:
                self.groups[(index, replies[best])][None] += weight * (made - values[best])
                continue
            for mine in answered.legal():
                self.groups[(index, replies[best])][mine] += weight * (made - lost + solver.value_after(answered, mine))

    def scores(self) -> list[float]:
        scores = [0.0] * len(self.candidates)
        for (index, _reply), options in self.groups.items():
            scores[index] += max(options.values())
        return scores


def hard_terms(kernel: Kernel, reply: tuple[int, int, int], seat: int) -> float:
    """What Hard's main terms (the play model's ``hard``) make of ``seat``'s ``reply`` from its own hand (it does not
    see ours)."""
    code, tile, slot = reply
    if code != PLAY:
        return -1e9
    after = kernel.copy()
    after.apply(*reply)
    fit_after = 0
    for end in after.ends:
        fit_after |= after.masks[end]
    option = Option(tile, slot, 0, fit_after, tuple(sorted(set(after.ends))))  # block scores nothing during play
    return PlayModel([], kernel.masks)._hard(option, kernel.hands[seat])


def answers(
    solver: Solver, base: Kernel, move: tuple[int, int, int], seat: int
) -> tuple[int, Kernel | None, list[tuple[int, int, int]], list[int]]:
    """``move`` made in a sampled deal: the points it makes and, where the opponent is to answer, the position, its
    replies and each reply's exact value for the opponent; where nobody answers (the hand over), the move's exact
    value and no position."""
    after = base.copy()
    made = after.apply(*move)
    if after.status != PLAYING or after.to_move == seat:
        return solver.value_after(base, move), None, [], []
    replies = after.legal()
    return made, after, replies, [solver.value_after(after, reply) for reply in replies]


class Fair(_Worlds):
    mix = 1.0  # the share of the fair reply in the opponent's answer; the rest is its exact best

    def start(self, candidates: list[tuple[int, int, int]]) -> None:
        self.candidates = candidates
        self.totals = [0.0] * len(candidates)

    def world(self, solver: Solver, base: Kernel, seat: int, weight: float) -> None:
        for index, move in enumerate(self.candidates):
            made, after, replies, values = answers(solver, base, move, seat)
            if after is None:
                self.totals[index] += weight * made
                continue
            other = after.to_move
            fair = values[max(range(len(replies)), key=lambda i: hard_terms(after, replies[i], other))]
            self.totals[index] += weight * (made - ((1 - self.mix) * max(values) + self.mix * fair))

    def scores(self) -> list[float]:
        return self.totals


class HalfFair(Fair):
    mix = 0.5


VARIANTS = {
    "crazy": "crazy",
    "win": "crazy_variants:WinCrazy",
    "noinfer": "crazy_variants:NoInferCrazy",
    "unfused": "crazy_variants:Unfused",
    "fair": "crazy_variants:Fair",
    "halffair": "crazy_variants:HalfFair",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="crazy")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sims", type=int, default=500, help="ISMCTS's simulations a move")
    args = parser.parse_args()
    ismcts = f"openspiel:ismcts?sims={args.sims}"
    budget = ismcts_cpu_per_move(ismcts, 20, args.seed)
    pair = run_arena(
        "block", [f"{VARIANTS[args.variant]}?seconds={budget:.3f}&clock=cpu"], [ismcts], args.deals, TWO, args.seed
    ).pairs[0]
    print(row(f"2p block: {args.variant} ({budget:.3f} CPU s) vs ISMCTS ({args.sims} sims)", pair, "hands"), flush=True)


if __name__ == "__main__":
    main()
