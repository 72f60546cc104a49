"""Tournaments that stream to a results file and resume, and the same tournament on Ray."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bones.tournament as tournament
from bones.tournament import run_tournament

PAIR = [("normal", "easy")]


def _summary(result: tournament.TournamentResult) -> list:
    return [(p.first, p.second, p.margins, p.points, p.hands) for p in result.pairs]


def test_an_interrupted_tournament_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    whole = run_tournament("draw", ["normal", "easy"], 6, seed=5, pairs=PAIR)
    path = tmp_path / "deals.jsonl"
    run_tournament("draw", ["normal", "easy"], 6, seed=5, pairs=PAIR, results_path=path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"tournament": {"game": "draw", "options": {}, "seed": 5, "settings": {}}}
    assert len(lines) == 7
    # Stopped after two deals, while the third was being written.
    path.write_text("\n".join(lines[:3]) + "\n" + lines[3][:10])
    played: list[int] = []
    real = tournament.play_deal

    def counting(task: tournament.Task) -> tournament.DealResult:
        played.append(task.deal)
        return real(task)

    monkeypatch.setattr(tournament, "play_deal", counting)
    seen: list[tuple[int, int]] = []
    resumed = run_tournament(
        "draw", ["normal", "easy"], 6, seed=5, pairs=PAIR, results_path=path, progress=lambda d, t: seen.append((d, t))
    )
    assert played == [2, 3, 4, 5]
    assert seen[0] == (2, 6) and seen[-1] == (6, 6)
    assert _summary(resumed) == _summary(whole)
    assert len(path.read_text().splitlines()) == 7


def test_a_results_file_of_another_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deals.jsonl"
    run_tournament("draw", ["normal", "easy"], 1, seed=1, pairs=PAIR, results_path=path)
    before = path.read_text()
    with pytest.raises(ValueError, match="holds another tournament"):
        run_tournament("draw", ["normal", "easy"], 1, seed=2, pairs=PAIR, results_path=path)
    assert path.read_text() == before


def test_bones_tournament_on_a_local_ray_gives_the_same_deals(tmp_path: Path) -> None:
    import ray

    from bones.cli import main

    command = ["tournament", "draw", "-b", "easy,normal", "-n", "4", "-s", "9"]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        main([*command, "--ray", "auto", "--results", str(tmp_path / "ray.jsonl")])
    finally:
        ray.shutdown()
    main([*command, "--results", str(tmp_path / "here.jsonl")])
    on_ray = (tmp_path / "ray.jsonl").read_text().splitlines()
    here = (tmp_path / "here.jsonl").read_text().splitlines()
    assert len(here) == 5
    # Ray hands deals back as they finish; the deals themselves are identical.
    assert on_ray[0] == here[0] and sorted(on_ray[1:]) == sorted(here[1:])
