"""Random playouts per second: 2-player draw, 2-player block, 4-player kozel.

Each playout deals a fresh hand and plays it to its end with uniformly random
legal moves (kozel's first-hand rule: 1:1 opens). Deals are made in batches
with NumPy (a shuffled 28-tile row per hand); the play itself is the
pure-Python bit-mask loop of bones.line.playout, which tests/line/test_kernel.py
checks move for move against the public LineState.

The public, validated, immutable state is compared with the ``dominoes`` package's
mutable game on the same work, a 4-player hand dealt and played out at random:
hands per CPU second, target ratio >= 1 (issue 11). Hands, not moves, are counted:
the public state takes a pass as a move while the ``dominoes`` package passes
inside ``make_move``, so counting moves would credit us about 3 passes a hand
(both play about 22.5 tiles a hand).

Target (issue 2): kozel at least 10x the `dominoes` package's 4-player random
game, which plays about 7,500 games a second on this kind of machine, so
75,000 hands a second. Both wall-clock and CPU-time rates are printed; the CPU
rate is the fair one on a shared machine.

    .venv/bin/python bench/engine.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import bones
from bones.line.playout import random_hand
from bones.tiles import Tile, pip_set

REFERENCE_DOMINOES = 7_500
TARGET = 10 * REFERENCE_DOMINOES
BATCH = 20_000


def deals(rng: np.random.Generator, count: int, players: int, hand_size: int) -> list[list[int]]:
    """``count`` shuffled double-six sets, each as hand masks followed by the boneyard tiles."""
    perm = rng.permuted(np.tile(np.arange(28, dtype=np.int64), (count, 1)), axis=1)
    dealt = players * hand_size
    masks = (np.int64(1) << perm[:, :dealt]).reshape(count, players, hand_size).sum(axis=2)
    return np.concatenate([masks, perm[:, dealt:]], axis=1).tolist()


def run(game: str, players: int, seconds: float) -> tuple[float, float, int]:
    rules = bones.rules(game, players=players) if game != "kozel" else bones.rules("kozel")
    with_pip = pip_set(6).with_pip
    np_rng = np.random.default_rng(1)
    rnd = random.Random(1).random
    one_one = int(Tile.of(1, 1))
    draws, reserve, size = rules.draws, rules.reserve, rules.hand_size
    hands_played = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    while time.perf_counter() - wall < seconds:
        for row in deals(np_rng, BATCH, players, size):
            hands = row[:players]
            boneyard = row[players:]
            if game == "kozel":
                opener = next(seat for seat in range(4) if hands[seat] >> one_one & 1)
                random_hand(hands, boneyard, opener, one_one, with_pip, 4, False, 0, rnd)
            else:
                random_hand(hands, boneyard, 0, -1, with_pip, players, draws, reserve, rnd)
        hands_played += BATCH
    return hands_played / (time.perf_counter() - wall), hands_played / (time.process_time() - cpu), hands_played


def public_state_rate(seconds: float) -> tuple[float, float]:
    """Hands and validated moves per CPU second through the immutable public state, on the
    4-player work the ``dominoes`` package does: deal a kozel hand, play it out at random."""
    rules = bones.rules("kozel")
    rng = random.Random(2)
    moves = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rules.new_game(seed=seed)
        seed += 1
        while not state.is_over and state.hand_no == 1:
            state = state.play(rng.choice(state.legal_moves))
            moves += 1
    spent = time.process_time() - start
    return seed / spent, moves / spent


def dominoes_package_rates(seconds: float) -> tuple[float, float] | None:
    """Games and moves per CPU second of the ``dominoes`` package's mutable 4-player game."""
    try:
        import dominoes  # type: ignore[import-not-found]
    except ImportError:
        return None
    rng = random.Random(3)
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = dominoes.Game.new()
        while game.result is None:
            game.make_move(*rng.choice(game.valid_moves))
            moves += 1
        games += 1
    spent = time.process_time() - start
    return games / spent, moves / spent


def public_api_ratio(seconds: float) -> tuple[float, float, float] | None:
    """Best hand rates of many short alternating runs of both, so a busy machine slows both alike."""
    if dominoes_package_rates(0.01) is None:
        return None
    ours = theirs = 0.0
    rounds = max(4, int(seconds / 0.2))
    for _ in range(rounds):
        ours = max(ours, public_state_rate(0.1)[0])
        rates = dominoes_package_rates(0.1)
        assert rates is not None
        theirs = max(theirs, rates[0])
    return ours, theirs, ours / theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"{'game':<16}{'hands/s (wall)':>16}{'hands/s (cpu)':>16}")
    results = {}
    for label, game, players in (("draw 2p", "draw", 2), ("block 2p", "block", 2), ("kozel 4p", "kozel", 4)):
        wall, cpu, _ = run(game, players, args.seconds)
        results[label] = cpu
        print(f"{label:<16}{wall:>16,.0f}{cpu:>16,.0f}")
    compared = public_api_ratio(args.seconds)
    if compared is None:
        hands, moves = public_state_rate(args.seconds)
        print(f"public LineState: {hands:,.0f} hands/s, {moves:,.0f} validated moves/s (dominoes not installed)")
    else:
        ours, theirs, ratio = compared
        print(f"public LineState: {ours:,.0f} hands/s; dominoes package: {theirs:,.0f} hands/s")
        print(f"public API ratio (target >= 1): {ratio:.2f}")
        reference = dominoes_package_rates(args.seconds)
        assert reference is not None
        print(
            f"dominoes package (installed here): {reference[0]:,.0f} games/s; kozel is {results['kozel 4p'] / reference[0]:.1f}x"
        )
    verdict = "meets" if results["kozel 4p"] >= TARGET else "misses"
    print(f"kozel target {TARGET:,}/s (10x the dominoes package's {REFERENCE_DOMINOES:,}): {verdict} it")


if __name__ == "__main__":
    main()
