"""The ladder: does every level beat the one below it with p < 0.01, in every game and player count?

Issue 15's goal, checked for every game with computer players (the puzzles have no
opponent) and every player count its rules allow (the solitaire aside). Adjacent
levels meet on duplicate deals (``bones.tournament``): every deal is played once per
seating, so both levels hold the same tiles.

- Two sides (two players, or two pairs): the stronger level's share of the good
  points, the deals it won, and the one-sided p-value that it is not stronger (the
  mean margin per deal, ``PairStats.p_value``).
- Three or four players each alone: the stronger level sits in some seats of each
  seating (one of three; two of four) and the weaker in the rest. Its fair share of
  the good points is the share of the seats it holds; the p-value is one-sided on
  the mean per-deal excess over that fair share (normal approximation; a deal's
  seatings are one observation, so their correlation is counted).

The number of deals per step is sized to reach p < 0.01 from earlier runs
(``DEALS``; ``--deals`` overrides it): the lower steps are decided in a few dozen
deals, Crazy against Hard needs hundreds where its edge is small. A row that misses
p < 0.01 says so at the end.

    nice .venv/bin/python bench/ladder.py --games tetradominoes --jobs 2
    nice .venv/bin/python bench/ladder.py --games block --players 4 --steps crazy --crazy-clock cpu
    nice .venv/bin/python bench/ladder.py --games draw,allfives --players 2 --steps hard --deals 100
    nice .venv/bin/python bench/ladder.py --list
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path

import bones
from bones.bots import levels_for
from bones.registry import games_in_order
from bones.tournament import PairStats, run_tournament, seatings

ALPHA = 0.01
DEFAULT_DEALS = 200
# The line games' lower steps cost seconds a thousand deals, and their edges are small with three and four
# players alone (Normal over Easy in 4-player block: share 0.538 of 1,000 deals, p = 0.0003): a thousand
# each, more where that was not enough (players 0: a game without the option, kozel).
LINE_GAMES = ("draw", "block", "allfives", "muggins", "kozel", "classic")
# Deals per step where the default is too few or wastefully many: (game, players, stronger level).
DEALS: dict[tuple[str, int, str], int] = {
    **{(game, players, level): 1000 for game in LINE_GAMES for players in (0, 2, 3, 4) for level in ("normal", "hard")},
    # Three-player line games: a deal's points go to one winner, so small edges need thousands of deals
    # (Normal over Easy in draw: share 0.351 of 3,000 deals against a fair 0.333, before Normal's doubles).
    ("draw", 3, "normal"): 3000,
    ("block", 3, "hard"): 3000,
    ("muggins", 3, "hard"): 3000,  # share 0.343 of 1,000 deals, p = 0.0086
    ("classic", 3, "hard"): 2000,
    ("block", 2, "crazy"): 400,  # share 0.550 of 200 deals against Hard with its race term, p = 0.006
    # Share 0.348 of 1,000 deals (p = 0.006) solving its sampled deals, 0.350 (p = 0.003) with playouts;
    # 0.341 of 100 (p = 0.32), and 0.329 after the first 386 of the 1,000. At 1 CPU second a move
    # (--crazy-clock cpu): 0.347 of 1,000 (p = 0.0086), 0.344 of 2,000 (p = 0.004); weighing its samples
    # by the others' plays, 0.345 of the first 1,000 (p = 0.03) and 0.348 of 2,000 (p = 0.0003).
    ("block", 3, "crazy"): 2000,
    # Share 0.530 of 1,000 deals at 1 CPU second a move (--crazy-clock cpu), p = 0.0017; 0.531 of the first
    # 600 (p = 0.0101), 0.529 (p = 0.017) at 1 s of wall clock on a loaded machine: a small edge.
    ("block", 4, "crazy"): 1000,
    # Crazy over Hard with 3 and 4 players alone, at 0.5 s a move: small edges against a fair share.
    ("draw", 4, "crazy"): 600,  # share 0.539 of the first 300 deals (p = 0.03), 0.572 of 600 (p < 1e-6)
    ("allfives", 3, "crazy"): 300,  # 0.357 of 100 deals (p = 0.03), 0.360 of 300 (p = 0.0001)
    ("allfives", 4, "crazy"): 600,  # 0.521 of the first 300 deals (p = 0.02), 0.534 of 600 (p = 5e-6)
    ("muggins", 4, "crazy"): 300,  # 0.541 of 100 deals (p = 0.02), 0.525 of 300 (p = 0.009)
    ("tetradominoes", 2, "normal"): 100,
    ("tetradominoes", 3, "normal"): 100,
    ("tetradominoes", 4, "normal"): 100,
    ("tetradominoes", 2, "hard"): 100,
    ("tetradominoes", 3, "hard"): 100,
    ("tetradominoes", 4, "hard"): 100,
    # Many 2-player Finder deals are drawn; of 200, 46 won and 27 lost (p = 0.012); of 1,000, 226 and 122
    # (p < 1e-6), in seconds.
    ("finder", 2, "crazy"): 1000,
    ("tetradominoes", 2, "crazy"): 200,  # 0.585 of the games won, deals won 67 and lost 36, p = 0.0002
    # With its quiet dominoes: 0.463 of 218 games won over 100 deals (fair 0.333), p < 1e-6.
    ("tetradominoes", 3, "crazy"): 100,
    ("tetradominoes", 4, "crazy"): 100,  # with its quiet dominoes: 0.656 of the points, deals 43 won, 12 lost
}


@dataclass(frozen=True)
class Config:
    game: str
    players: int | None  # None: the game has no player-count option

    @property
    def options(self) -> dict[str, int]:
        return {} if self.players is None else {"players": self.players}

    @property
    def label(self) -> str:
        rules = bones.rules(self.game, **self.options)
        return f"{self.game} {rules.num_players}p"


def configs(games: list[str] | None, players: list[int] | None) -> list[Config]:
    """Every game with at least two levels and every player count it offers (two or more)."""
    out = []
    for info in games_in_order():
        if games is not None and info.game_id not in games:
            continue
        option = next((o for o in info.options if o.name == "players"), None)
        counts: list[int | None] = (
            [n for n in option.choices if n >= 2] if option is not None and option.choices else [None]
        )
        for count in counts:
            config = Config(info.game_id, count)
            rules = bones.rules(info.game_id, **config.options)
            if rules.num_players < 2 or len(levels_for(rules)) < 2:
                continue
            if players is not None and rules.num_players not in players:
                continue
            out.append(config)
    return out


def fair_share(game: str, options: dict[str, int]) -> float:
    """The share of the seats the stronger level (the second of the pair) holds over the seatings."""
    rules = bones.rules(game, **options)
    rows = seatings(rules, ("weaker", "stronger"))
    return sum(sum(row) for row in rows) / (len(rows) * rules.num_players)


def excess_p_value(deals: list[tuple[int, int]], fair: float) -> float:
    """One-sided p-value that the stronger level's points (the second of each pair) do not exceed ``fair``
    of each deal's points."""
    excess = [strong - fair * (weak + strong) for weak, strong in deals]
    n = len(excess)
    if n < 2:
        return 1.0
    mean = sum(excess) / n
    var = sum((e - mean) ** 2 for e in excess) / (n - 1)
    if var == 0:
        return 0.0 if mean > 0 else 1.0
    return 0.5 * math.erfc(mean / math.sqrt(var / n) / math.sqrt(2))


@dataclass
class Row:
    label: str
    weaker: str
    stronger: str
    deals: int
    share: float
    fair: float
    detail: str
    p: float
    minutes: float

    def line(self) -> str:
        p = "<1e-6" if self.p < 1e-6 else f"{self.p:.2g}"
        mark = "" if self.p < ALPHA else " **not significant**"
        return (
            f"| {self.label} | {self.weaker} < {self.stronger} | {self.deals} | {self.detail} | {self.share:.3f} "
            f"| {self.fair:.3f} | {p}{mark} | {self.minutes:.1f} |"
        )


def step(
    config: Config, weaker: str, stronger: str, deals: int, jobs: int, seed: int, settings: dict, results: Path
) -> Row:
    options = config.options
    rules = bones.rules(config.game, **options)
    started = time.perf_counter()
    # Every deal's points go to a results file: the per-deal test reads them back, and a run
    # that stopped resumes where it was (deals already there are not played again).
    path = results / f"{config.game}-{rules.num_players}p-{weaker}-{stronger}-{seed}.jsonl"
    # The weaker level first: with three players alone the seatings give the second level one
    # seat of three, which is the test of the stronger level.
    result = run_tournament(
        config.game,
        [weaker, stronger],
        deals,
        options,
        jobs=jobs,
        seed=seed,
        bot_settings=settings,
        pairs=[(weaker, stronger)],
        results_path=path,
    )
    (pair,) = result.pairs
    minutes = (time.perf_counter() - started) / 60
    total = sum(pair.points)
    share = pair.points[1] / total if total else 0.5
    if rules.num_sides == 2:
        fair = 0.5
        won = sum(1 for m in pair.margins if m < 0)  # margins are the weaker level's
        lost = sum(1 for m in pair.margins if m > 0)
        detail = f"deals won {won}, lost {lost}"
        p = _flipped(pair).p_value()
    else:
        fair = fair_share(config.game, options)
        detail = f"points {pair.points[1]}/{total}"
        p = excess_p_value(_deal_points(path, deals), fair)
    return Row(config.label, weaker, stronger, pair.deals, share, fair, detail, p, minutes)


def _flipped(pair: PairStats) -> PairStats:
    """The same results with the stronger level (second) as the first, for ``PairStats.p_value``."""
    flipped = PairStats(pair.second, pair.first)
    flipped.margins = [-m for m in pair.margins]
    flipped.points = [pair.points[1], pair.points[0]]
    flipped.hands = pair.hands
    return flipped


def _deal_points(path: Path, deals: int) -> list[tuple[int, int]]:
    """Each of the first ``deals`` deals' points (weaker, stronger) from a tournament results file."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [(row["points"][0], row["points"][1]) for row in rows if row["deal"] < deals]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="", help="game ids, comma-separated (default: every game with bots)")
    parser.add_argument("--players", default="", help="player counts, comma-separated (default: all)")
    parser.add_argument("--steps", default="", help="the stronger level of each step to run (default: all)")
    parser.add_argument("--deals", type=int, default=0, help="deals per step (default: DEALS, else 200)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--crazy-seconds", type=float, default=0.0, help="a thinking budget for Crazy (0: its own)")
    parser.add_argument(
        "--crazy-clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what Crazy's budget counts where it has a clock: a loaded machine gives fewer CPU seconds a wall second",
    )
    parser.add_argument("--results", default="bench-results/ladder", help="folder of the per-step results files")
    parser.add_argument("--list", action="store_true", help="list the games and player counts, run nothing")
    args = parser.parse_args()
    games = args.games.split(",") if args.games else None
    players = [int(n) for n in args.players.split(",")] if args.players else None
    chosen = configs(games, players)
    if args.list:
        for config in chosen:
            print(config.label, " < ".join(levels_for(bones.rules(config.game, **config.options))))
        return
    results = Path(args.results)
    results.mkdir(parents=True, exist_ok=True)
    settings: dict[str, object] = {"crazy_seconds": args.crazy_seconds} if args.crazy_seconds else {}
    if args.crazy_clock != "wall":
        settings["crazy_clock"] = args.crazy_clock  # a bot without a clock ignores it
    print("| game | step | deals | stronger's result | share | fair share | p | minutes |")
    print("|---|---|---|---|---|---|---|---|")
    missed = []
    for config in chosen:
        levels = levels_for(bones.rules(config.game, **config.options))
        for weaker, stronger in itertools.pairwise(levels):
            if args.steps and stronger not in args.steps.split(","):
                continue
            deals = args.deals or DEALS.get((config.game, config.players or 0, stronger), DEFAULT_DEALS)
            row = step(config, weaker, stronger, deals, args.jobs, args.seed, settings, results)
            print(row.line(), flush=True)
            if row.p >= ALPHA:
                missed.append(f"{row.label} {weaker} < {stronger}")
    print("every step at p < 0.01" if not missed else "not significant: " + "; ".join(missed))


if __name__ == "__main__":
    main()
