"""What Crazy's sampling keeps of each distinct move, and when more samples would change nothing (``settled``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bones.line.moves import LineMove


@dataclass
class Tally:
    """One distinct move's samples (its equivalent moves share them): sums weighed by the samples' weights,
    and each sample's value for the stopping rule."""

    moves: list[LineMove]
    value: float = 0.0
    points: float = 0.0
    wins: float = 0.0
    samples: int = 0
    weight: float = 0.0  # sum of the samples' weights (inference from plays)
    trace: list[float] = field(default_factory=list)  # each sample's value, for the stopping rule


def settled(
    tallies: list[Tally], weights: list[float], z: float, judged: Tally | None = None, tie: float = 0.0
) -> bool:
    """Whether the leading move is ahead of every other by more than ``z`` standard errors of the paired
    difference (the same sampled deals and playout noise value both, so the deal's luck cancels): more
    samples would almost surely not change the choice. Weighted samples count by their weights.

    ``judged``: whether that move's verdict is settled instead: the leader (every other move, where the
    judged one leads) is more than ``z`` standard errors above or below it, or within ``tie`` of it
    by ``z`` standard errors, so that more samples would almost surely not change how far it is from
    the best."""
    if len(tallies) < 2:
        return True
    total = sum(weights)
    if total <= 0:
        return False
    leader = max(tallies, key=lambda tally: tally.value)
    if judged is None:
        for other in tallies:
            if other is not leader:
                mean, spread = _paired(leader, other, weights, total)
                if mean <= z * spread:
                    return False
        return True
    for rival in [leader] if leader is not judged else [t for t in tallies if t is not judged]:
        mean, spread = _paired(rival, judged, weights, total)
        if abs(mean) <= z * spread and abs(mean) + z * spread >= tie:
            return False
    return True


def _paired(one: Tally, other: Tally, weights: list[float], total: float) -> tuple[float, float]:
    """The weighted mean of ``one``'s value less ``other``'s over the same samples, and its standard error."""
    diffs = [a - b for a, b in zip(one.trace, other.trace)]
    mean = sum(w * d for w, d in zip(weights, diffs)) / total
    spread = sum((w * (d - mean)) ** 2 for w, d in zip(weights, diffs)) ** 0.5 / total
    return mean, spread
