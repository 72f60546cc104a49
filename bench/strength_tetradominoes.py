"""Tetradominoes: does each computer level beat the one below it, and how fast does it think?

Adjacent levels meet in a duplicate tournament (``bones.tournament``): every deal
is played once per seating, so both levels hold the same dominoes, and a deal is
won by the level that won more of its games (a tie counts half; a blocked game
with equal tetrominoes is a draw). The p-value is one-sided: "the stronger level
is not stronger". With 3 players the stronger level sits in one seat against the
weaker in two, and its share of the games won is tested against the fair third.
Target: every adjacent pair wins more than half its deals (3 players: more than a
third of the games) with p < 0.05, and Crazy takes at most about 1 s for a move
(``--timing``, which also counts how often its choice differs from Hard's).

    .venv/bin/python bench/strength_tetradominoes.py --deals 150 --jobs 2
    .venv/bin/python bench/strength_tetradominoes.py --pairs hard:crazy --deals 200 --players 4
    .venv/bin/python bench/strength_tetradominoes.py --pairs none --timing 10 --solitaire 100
    .venv/bin/python bench/strength_tetradominoes.py --pairs none --omniscient 4 --players 3
    .venv/bin/python bench/strength_tetradominoes.py --pairs none --cover 40 --players 3

``--omniscient`` asks where Crazy's domino choices lose: in seeded games among Hard
players, at each domino choice of one seat it scores Crazy's candidates (Hard's best
few) twice with Crazy's look-ahead, once over Crazy's sampled deals and once over the
true deal (the pile shuffled 32 ways), and reports how often the look-ahead cannot
tell the candidates apart even knowing every hand, and the mean loss, in the
omniscient look-ahead's tetrominoes, of Crazy's choice and of Hard's against the
omniscient best.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time

import bones
from bones.bots import LEVELS, bot_for
from bones.bots.tetradominoes.evaluation import Board
from bones.bots.tetradominoes.search import CrazyBot
from bones.tetradominoes.kernel import PLACE
from bones.tournament import run_tournament


def strength(pairs: list[tuple[str, str]], deals: int, players: int, jobs: int, seed: int) -> None:
    if players == 3:
        return strength_three(pairs, deals, jobs, seed)
    print(f"\nTetradominoes, {players} players: {deals} deals per pair, each played in every seating")
    print("| weaker | stronger | deals | stronger wins deals | 95% CI | games won by stronger | p | minutes |")
    print("|---|---|---|---|---|---|---|---|")
    for weak, strong in pairs:
        started = time.perf_counter()
        result = run_tournament(
            "tetradominoes", [strong, weak], deals, {"players": players}, jobs=jobs, seed=seed, pairs=[(strong, weak)]
        )
        (pair,) = result.pairs
        low, high = pair.win_interval()
        minutes = (time.perf_counter() - started) / 60
        print(
            f"| {weak} | {strong} | {pair.deals} | {pair.win_rate:.3f} | {low:.3f}-{high:.3f} "
            f"| {pair.points_share:.3f} | {_p(pair.p_value())} | {minutes:.1f} |",
            flush=True,
        )


def strength_three(pairs: list[tuple[str, str]], deals: int, jobs: int, seed: int) -> None:
    """With 3 players the stronger level takes one seat, in turn, against the weaker in the other two;
    its share of the games won is compared with the fair third (exact one-sided binomial test)."""
    print(f"\nTetradominoes, 3 players: {deals} deals per pair, the stronger level in one seat of three, in turn")
    print("| weaker | stronger | games won | by stronger | share | fair share | p | minutes |")
    print("|---|---|---|---|---|---|---|---|")
    for weak, strong in pairs:
        started = time.perf_counter()
        result = run_tournament(
            "tetradominoes", [weak, strong], deals, {"players": 3}, jobs=jobs, seed=seed, pairs=[(weak, strong)]
        )
        (pair,) = result.pairs
        won, total = pair.points[1], sum(pair.points)
        p_value = sum(math.comb(total, k) * (1 / 3) ** k * (2 / 3) ** (total - k) for k in range(won, total + 1))
        minutes = (time.perf_counter() - started) / 60
        print(
            f"| {weak} | {strong} | {total} | {won} | {won / total:.3f} | 0.333 | {_p(p_value)} | {minutes:.1f} |",
            flush=True,
        )


def _p(value: float) -> str:
    return "<1e-6" if value < 1e-6 else f"{value:.2g}"


def timing(levels: list[str], games: int, seed: int, players: int) -> None:
    """Seconds per move of each level, in one seat of games against Hard, and how often its choice
    (among two or more legal moves) differs from Hard's on the same observation and random state:
    a search that rarely differs cannot play much better than Hard, whatever its look-ahead."""
    print(f"\nCPU seconds per move over {games} {players}-player games, the other seats hard (one process)")
    print("| level | moves | mean s | median s | 95th percentile s | slowest s | choices | differs from hard |")
    print("|---|---|---|---|---|---|---|---|")
    rules = bones.rules("tetradominoes", players=players)
    for level in levels:
        bot, other = bot_for(rules, level), bot_for(rules, "hard")
        spent: list[float] = []
        choices = differ = 0
        for n in range(games):
            state = rules.new_game(seed=seed + n)
            rng = random.Random(n)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                chooser = bot if seat == n % players else other
                observation = state.observation(seat)
                hard_move = None
                if chooser is bot and len(observation.legal_moves) > 1:
                    twin = random.Random()
                    twin.setstate(rng.getstate())
                    hard_move = other.choose(observation, twin)
                # CPU time, not the wall clock: on a loaded machine the clock counts the others' work.
                begun = time.process_time()
                move = chooser.choose(observation, rng)
                if chooser is bot:
                    spent.append(time.process_time() - begun)
                if hard_move is not None:
                    choices += 1
                    differ += move != hard_move
                state = state.play(move)
        spent.sort()
        print(
            f"| {level} | {len(spent)} | {sum(spent) / len(spent):.3f} | {spent[len(spent) // 2]:.3f} "
            f"| {spent[int(0.95 * (len(spent) - 1))]:.3f} | {spent[-1]:.3f} | {choices} "
            f"| {differ / max(choices, 1):.1%} |",
            flush=True,
        )


def omniscient(games: int, seed: int, players: int) -> None:
    rules = bones.rules("tetradominoes", players=players)
    hard, crazy = bot_for(rules, "hard"), CrazyBot()
    hard_weight = crazy.SETTINGS[players][2]
    decisions = flat_sampled = flat_true = differs = 0
    loss_crazy = loss_hard = 0.0
    for n in range(games):
        state = rules.new_game(seed=seed + n)
        rng = random.Random(n)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            observation = state.observation(seat)
            kinds = [m.kernel for m in observation.legal_moves]
            if seat == n % players and kinds[0][0] == PLACE and len(kinds) > 1:
                ranked = sorted(crazy.weigh_dominoes(observation, kinds, random.Random(n)), key=lambda c: -c.value)
                kept = ranked[: crazy.SETTINGS[players][1]]
                board = Board(observation.table)
                sampled = crazy.values(observation, kept, random.Random(n), board)
                looks = [v - hard_weight * c.value for v, c in zip(sampled, kept, strict=True)]
                worlds = []
                for shuffle in range(32):
                    world = state.kernel.copy()
                    random.Random(shuffle).shuffle(world.boneyard)
                    worlds.append(world)
                truth = []
                for candidate in kept:
                    templates = crazy.threats(observation, board, candidate)
                    total = sum(
                        crazy.play_forward(w, observation, candidate, templates, random.Random(i))
                        for i, w in enumerate(worlds)
                    )
                    truth.append(total / len(worlds))
                pick = max(range(len(kept)), key=lambda i: sampled[i])
                decisions += 1
                flat_sampled += max(looks) - min(looks) < 1e-9
                flat_true += max(truth) - min(truth) < 1e-9
                differs += pick != 0
                loss_crazy += max(truth) - truth[pick]
                loss_hard += max(truth) - truth[0]
            state = state.play(hard.choose(observation, rng))
    print(f"\nCrazy's domino choices against the omniscient look-ahead, {games} {players}-player games among Hard")
    print(
        "| choices | look-ahead flat (sampled) | flat (true deal) | Crazy differs from Hard | loss of Crazy | of Hard |"
    )
    print("|---|---|---|---|---|---|")
    print(
        f"| {decisions} | {flat_sampled / decisions:.0%} | {flat_true / decisions:.0%} | {differs / decisions:.0%} "
        f"| {loss_crazy / decisions:.3f} | {loss_hard / decisions:.3f} |"
    )


def cover(games: int, seed: int, players: int) -> None:
    """How often an opponent covers a template we can open next turn: in seeded games among Hard
    players, at each domino move of one seat, Crazy's look-ahead on the true deal tells whether the
    seat keeps a domino that opens a tetromino next turn (a live template) and whether an opponent
    who cannot lay a tetromino before then could cover it; the next turn tells whether it was laid.
    The cover chance Crazy uses (``CrazyBot.BLOCK``) is one minus the ratio of the two rates."""
    rules = bones.rules("tetradominoes", players=players)
    hard = bot_for(rules, "hard")
    probe = CrazyBot()
    probe.FOLLOW, probe.NEXT = (0.0, 0.0, 0.0), 1.0  # the look-ahead then counts only our next tetromino
    cases: dict[str, list[int]] = {"no live template": [0, 0], "nobody could cover": [0, 0], "could cover": [0, 0]}
    for n in range(games):
        state = rules.new_game(seed=seed + n)
        rng = random.Random(n)
        me, pending = n % players, None
        while not state.is_over:
            seat = state.to_move
            observation = state.observation(seat)
            move = hard.choose(observation, rng)
            if seat == me and observation.legal_moves[0].kernel[0] == PLACE:
                (candidate,) = hard.weigh_dominoes(observation, [move.kernel], random.Random(0))
                if pending is not None:
                    cases[pending][1] += candidate.tet is not None
                    pending = None
                if candidate.tet is not None and state.kernel.counts[rules.sides[me]] + 1 >= rules.target:
                    state = state.play(move)  # this tetromino wins: there is no next turn to count
                    continue
                board = Board(observation.table)
                templates = probe.threats(observation, board, candidate)
                own = 0.0 if candidate.tet is None else 1.0
                looks = []
                for chance in (0.0, 1.0):
                    probe.BLOCK = {players: chance}
                    looks.append(
                        probe.play_forward(state.kernel, observation, candidate, templates, random.Random(0)) - own
                    )
                pending = (
                    "no live template" if looks[0] <= 0 else "could cover" if looks[1] <= 0 else "nobody could cover"
                )
                cases[pending][0] += 1
            state = state.play(move)
    print(f"\nOur next tetromino after a live template, {games} {players}-player games among Hard (true deal)")
    print("| case | moves | laid next turn |")
    print("|---|---|---|")
    for name, (moves, laid) in cases.items():
        print(f"| {name} | {moves} | {laid / max(moves, 1):.2f} |")
    free, covered = cases["nobody could cover"], cases["could cover"]
    if free[1] and covered[0]:
        print(f"cover chance: {1 - (covered[1] / covered[0]) / (free[1] / free[0]):.2f}")


def solitaire(games: int, seed: int) -> None:
    for level_number in (1, 2):
        rules = bones.rules("tetradominoes", players=1, solitaire_level=level_number)
        mark = 10 if level_number == 1 else 15
        print(f"\nSolitaire Level {level_number}: {games} games per level (lower is better; a win is under {mark})")
        print("| level | mean score | won |")
        print("|---|---|---|")
        for level in LEVELS:
            bot = bot_for(rules, level)
            scores = []
            for n in range(games):
                state = rules.new_game(seed=seed + n)
                rng = random.Random(n)
                while not state.is_over:
                    state = state.play(bot.choose(state.observation(0), rng))
                assert state.outcome is not None
                scores.append(state.outcome.scores[0])
            won = sum(1 for s in scores if s < mark)
            print(f"| {level} | {sum(scores) / games:.1f} | {won / games:.0%} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=150, help="deals per pair")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--pairs", default="", help="weaker:stronger,... (default: every adjacent pair; 'none')")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--timing", type=int, default=0, help="games per level for seconds per move")
    parser.add_argument("--solitaire", type=int, default=0, help="solitaires per level and scoring level")
    parser.add_argument("--omniscient", type=int, default=0, help="games for Crazy's choices against the true deal")
    parser.add_argument("--cover", type=int, default=0, help="games for how often opponents cover our live templates")
    args = parser.parse_args()
    if args.pairs != "none":
        pairs = [(p.split(":")[0], p.split(":")[1]) for p in args.pairs.split(",") if p] or list(
            itertools.pairwise(LEVELS)
        )
        strength(pairs, args.deals, args.players, args.jobs, args.seed)
    if args.timing:
        timing(["hard", "crazy"], args.timing, args.seed, args.players)
    if args.omniscient:
        omniscient(args.omniscient, args.seed, args.players)
    if args.cover:
        cover(args.cover, args.seed, args.players)
    if args.solitaire:
        solitaire(args.solitaire, args.seed)


if __name__ == "__main__":
    main()
