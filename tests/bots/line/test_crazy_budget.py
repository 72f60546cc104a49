"""Crazy's time budget: wall-clock seconds by default, or the thread's own CPU seconds (``clock="cpu"``)."""

from __future__ import annotations

import random
import time

import pytest

import bones
from bones.bots.line import crazy
from bones.bots.line.belief import Belief
from bones.line.observation import LineObservation
from tests.bots.line.positions import a_few_moves_in

WAIT = 0.04  # seconds each sampled deal waits (sleeping: no CPU time) in these tests
SAMPLES = 8


def _observation() -> tuple[bones.Rules, LineObservation]:
    return a_few_moves_in("draw", seed=5)


def _stats(game: str, seed: int, seconds: float, samples: int, clock: str) -> dict[str, int]:
    """What Crazy did (samples, positions solved) in ``seconds`` on a position a few moves into ``game``."""
    rules, observation = a_few_moves_in(game, seed=seed)
    stats: dict[str, int] = {}
    crazy.estimate_moves(
        rules,  # type: ignore[arg-type]
        observation,
        random.Random(1),
        seconds=seconds,
        samples=samples,
        stats=stats,
        clock=clock,
    )
    return stats


def _samples_made(monkeypatch: pytest.MonkeyPatch, clock: str) -> int:
    """Samples made in a 0.1 s budget when every sample first waits ``WAIT`` seconds (a busy machine's stall)."""
    original = Belief.sample_timed

    def slow(self: Belief, rng: random.Random):  # type: ignore[no-untyped-def]
        time.sleep(WAIT)
        return original(self, rng)

    monkeypatch.setattr(Belief, "sample_timed", slow)
    return _stats("draw", 5, 0.1, SAMPLES, clock)["samples"]


def test_a_wall_clock_budget_counts_time_spent_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _samples_made(monkeypatch, "wall") < SAMPLES


def test_a_move_stops_before_a_sample_would_end_past_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Samples of 0.04 s in 0.1 s: after two (0.08 s) a third would end at 0.12 s, so there is no third.
    assert _samples_made(monkeypatch, "wall") * WAIT <= 0.1


def test_a_cpu_budget_ignores_time_spent_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    # Eight waits are 0.32 s of wall clock, but only the sampling and playouts use the thread's CPU.
    assert _samples_made(monkeypatch, "cpu") == SAMPLES


def test_the_bot_passes_its_clock_on(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    original = crazy.estimate_moves

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs["clock"])
        return original(*args, **kwargs)

    monkeypatch.setattr(crazy, "estimate_moves", spy)
    rules, observation = _observation()
    bot = crazy.CrazyLineBot(rules, seconds=0.05, samples=4)  # type: ignore[arg-type]
    assert bot.clock == "wall"
    bot.clock = "cpu"
    bot.choose(observation, random.Random(2))
    assert seen == ["cpu"]


def test_an_unknown_clock_is_refused() -> None:
    rules, observation = _observation()
    with pytest.raises(ValueError, match="clock"):
        crazy.estimate_moves(rules, observation, random.Random(1), seconds=0.1, clock="sundial")  # type: ignore[arg-type]


def test_an_exact_solve_stops_where_the_budget_does() -> None:
    # All fives solves its sampled deals; early in the hand one solve may search 30,000 positions (0.1 s).
    # In a budget of a thousandth of a second it searches no more than that time allows at the solver's pace.
    stats = _stats("allfives", 3, 0.001, 3, "cpu")
    assert stats["samples"] >= 1
    assert stats["positions"] <= 0.001 * crazy.EXACT_NODES_PER_SECOND + 1
