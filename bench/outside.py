"""bones' levels against the best outside programs, at full strength on both sides (issue 28).

Duplicate deals with the seats swapped (``bones arena``), Crazy on a CPU-clock budget so a
loaded machine does not weaken it. Prints, per match: deals; the margin in points a hand
with a 95% bootstrap interval (deals resampled, so each deal's seatings stay together);
the share of hands won (2-player) or deals won (4-player partnership) with its bootstrap
interval; and the CPU seconds a move of each side (every move, forced ones included, which
take none).

The matches:
- 2p block: Crazy vs OpenSpiel's ISMCTS at equal CPU: ISMCTS runs ``--sims`` simulations a
  move; its CPU a move is measured first on a few positions and Crazy gets as much (CPU clock);
- 2p block: Hard vs ISMCTS;
- 4p partnership block: Crazy (``--crazy-seconds`` CPU a move) vs ``dominoes:pab_bg``, and Hard
  vs ``dominoes:pab_bg``;
- ``omniscient-ismcts`` and ``omniscient-pab`` (on request): what no fair player can be expected to pass
  against ISMCTS or ``dominoes:pab_bg`` on the same deals. The omniscient player sees the other hands (in
  block nothing is drawn, so it knows every tile's place) and plays the exactly solved best move
  (``bones.bots.line.exact``; in partnership ``exact_pairs``, both partners omniscient).

    nice .venv/bin/python bench/outside.py --deals 200          # the issue's runs
    nice .venv/bin/python bench/outside.py --deals 20 --crazy-seconds 0.25   # a quick look
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from bones.arena import ArenaPair, TimedBot, player_for, run_arena
from bones.bots.line import exact_pairs
from bones.bots.line.exact import Solver
from bones.bots.line.exact_pairs import Solver as PairsSolver
from bones.game import Move, Observation, Rules
from bones.line.moves import from_kernel
from bones.line.state import LineState
from bones.registry import rules as make_rules
from bones.tournament import PairStats, play_rotations

TWO = {"players": 2}
PARTNERSHIP = {"players": 4, "teams": True}
RESAMPLES = 2000


def bootstrap(
    deals: Sequence[list[int]], statistic: Callable[[Sequence[list[int]]], float], seed: int = 0
) -> tuple[float, float]:
    """95% percentile interval of ``statistic`` over deals drawn again with replacement."""
    rng = random.Random(seed)
    values = sorted(statistic([rng.choice(deals) for _ in deals]) for _ in range(RESAMPLES))
    return values[int(0.025 * RESAMPLES)], values[int(0.975 * RESAMPLES) - 1]


def margin_per_hand(deals: Sequence[list[int]]) -> float:
    hands = [m for deal in deals for m in deal]
    return sum(hands) / len(hands)


def hands_won(deals: Sequence[list[int]]) -> float:
    hands = [m for deal in deals for m in deal]
    return sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in hands) / len(hands)


def deals_won(deals: Sequence[list[int]]) -> float:
    return sum(1.0 if sum(d) > 0 else 0.5 if sum(d) == 0 else 0.0 for d in deals) / len(deals)


def ismcts_cpu_per_move(spec: str, positions: int, seed: int) -> float:
    """The CPU seconds a move ``spec`` spends, on the positions of a few hands where it has a choice."""
    rules = make_rules("block", **TWO)
    bot, hard = player_for(rules, spec), player_for(rules, "hard")
    rng = random.Random(seed)
    spent, measured, deal = 0.0, 0, 0
    while measured < positions:
        state = rules.new_game(seed=10_000 + seed + deal)
        deal += 1
        while not state.is_over and state.hand_no == 1 and measured < positions:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            if seat == 0 and len(observation.legal_moves) > 1:
                started = time.process_time()
                move = bot.choose(observation, rng)
                spent += time.process_time() - started
                measured += 1
            else:
                move = hard.choose(observation, rng)
            state = state.play(move)
    return spent / measured


class Omniscient:
    """Sees every tile of the deal it is told (``seed``): the true position is the deal with the observation's
    public moves replayed (block: nothing is drawn), and its move the exactly solved best (2-player block:
    ``exact``, its own points minus the other's; partnership block: ``exact_pairs``, its pair's minus the
    other pair's)."""

    level = "omniscient"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.seed = 0
        self._solver: tuple[int, Solver | PairsSolver] | None = None

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        state = self.rules.new_game(seed=self.seed)
        for event in observation.history:  # type: ignore[attr-defined]
            state = state.play(event.move)
        assert isinstance(state, LineState) and state.observation(observation.seat).hand == observation.hand  # type: ignore[attr-defined]
        if self._solver is None or self._solver[0] != self.seed:
            solver = PairsSolver if exact_pairs.supported(state.rules) else Solver
            self._solver = (self.seed, solver(state.rules, state.kernel))
        moves = state.kernel.legal()
        if len(moves) == 1:
            return from_kernel(moves[0])
        values = [(move, self._solver[1].value_after(state.kernel, move)) for move in moves]
        return from_kernel(max(values, key=lambda pair: pair[1])[0])


def omniscient_pair(spec: str, deals: int, seed: int, options: dict[str, object]) -> ArenaPair:
    """The omniscient player (a pair of them in partnership) against ``spec`` on the arena's duplicate deals
    (the same deals as run_arena's)."""
    rules = make_rules("block", **options)
    seer = Omniscient(rules)
    ours, theirs = TimedBot(seer), TimedBot(player_for(rules, spec))
    stats, margins = PairStats("omniscient", spec), []
    for deal in range(deals):
        seer.seed = seed + deal
        each: list[tuple[int, int]] = []
        points, hands = play_rotations(rules, (ours, theirs), seed, deal, "arena:omniscient", each)  # type: ignore[arg-type]
        margins.append([a - b for a, b in each])
        stats.margins.append(points[0] - points[1])
        stats.hands += hands
    return ArenaPair(
        stats,
        (ours.seconds_per_move, theirs.seconds_per_move),
        (ours.cpu_per_move, theirs.cpu_per_move),
        (ours.moves, theirs.moves),
        margins,
    )


def row(name: str, pair: ArenaPair, share: str) -> str:
    deals = pair.hand_margins
    margin = margin_per_hand(deals)
    low, high = bootstrap(deals, margin_per_hand)
    won = hands_won if share == "hands" else deals_won
    won_low, won_high = bootstrap(deals, won)
    return (
        f"| {name} | {len(deals)} | {margin:+.2f} a hand ({low:+.2f}..{high:+.2f}) | "
        f"{share} won {won(deals):.3f} ({won_low:.3f}..{won_high:.3f}) | "
        f"{pair.cpu_per_move[0]:.3f} / {pair.cpu_per_move[1]:.3f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sims", type=int, default=500, help="ISMCTS's simulations a move")
    parser.add_argument("--crazy-seconds", type=float, default=1.0, help="Crazy's CPU a move in 4-player block")
    parser.add_argument("--calibrate", type=int, default=20, help="positions measuring ISMCTS's CPU a move")
    parser.add_argument("--matches", default="crazy-ismcts,hard-ismcts,crazy-pab,hard-pab")
    parser.add_argument(
        "--crazy-settings", default="", help="more of Crazy's settings, as in a spec: settle=1000&exact_hidden=0"
    )
    args = parser.parse_args()
    ismcts = f"openspiel:ismcts?sims={args.sims}"
    wanted = args.matches.split(",")
    more = f"&{args.crazy_settings}" if args.crazy_settings else ""
    print("| match | deals | margin (95% bootstrap) | share won (95% bootstrap) | CPU s a move: bones / outside |")
    print("|---|---|---|---|---|")
    if "crazy-ismcts" in wanted:
        budget = ismcts_cpu_per_move(ismcts, args.calibrate, args.seed)
        crazy = f"crazy?seconds={budget:.3f}&clock=cpu" + more
        pair = run_arena("block", [crazy], [ismcts], args.deals, TWO, args.seed).pairs[0]
        print(
            row(f"2p block: Crazy{more} ({budget:.3f} CPU s) vs ISMCTS ({args.sims} sims)", pair, "hands"), flush=True
        )
    if "omniscient-ismcts" in wanted:
        pair = omniscient_pair(ismcts, args.deals, args.seed, TWO)
        print(row(f"2p block: omniscient vs ISMCTS ({args.sims} sims)", pair, "hands"), flush=True)
    if "hard-ismcts" in wanted:
        pair = run_arena("block", ["hard"], [ismcts], args.deals, TWO, args.seed).pairs[0]
        print(row(f"2p block: Hard vs ISMCTS ({args.sims} sims)", pair, "hands"), flush=True)
    if "crazy-pab" in wanted:
        crazy = f"crazy?seconds={args.crazy_seconds}&clock=cpu" + more
        pair = run_arena("block", [crazy], ["dominoes:pab_bg"], args.deals, PARTNERSHIP, args.seed).pairs[0]
        print(row(f"4p partnership: Crazy{more} ({args.crazy_seconds} CPU s) vs pab_bg", pair, "deals"), flush=True)
    if "omniscient-pab" in wanted:
        pair = omniscient_pair("dominoes:pab_bg", args.deals, args.seed, PARTNERSHIP)
        print(row("4p partnership: omniscient vs pab_bg", pair, "deals"), flush=True)
    if "hard-pab" in wanted:
        pair = run_arena("block", ["hard"], ["dominoes:pab_bg"], args.deals, PARTNERSHIP, args.seed).pairs[0]
        print(row("4p partnership: Hard vs pab_bg", pair, "deals"), flush=True)


if __name__ == "__main__":
    main()
