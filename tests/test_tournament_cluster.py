"""Tournaments that stream to a results file and resume, and the same tournament on Ray."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

import bones.tournament as tournament
from bones.tournament import run_tournament
from bones.tournament_ray import connect
from tests.cli_run import run_cli

pytestmark = pytest.mark.slow  # a local Ray starts in tens of seconds: make test runs it, make check does not

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


def test_an_interrupted_tournament_says_how_far_it_got_and_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tournament.play_deal
    played: list[int] = []

    def stopped_at_the_third(task: tournament.Task) -> tournament.DealResult:
        if len(played) == 2:
            raise KeyboardInterrupt  # Ctrl-C
        played.append(task.deal)
        return real(task)

    monkeypatch.setattr(tournament, "play_deal", stopped_at_the_third)
    command = ["tournament", "draw", "-b", "easy,normal", "-n", "4", "--results", str(tmp_path / "deals.jsonl")]
    code, out = run_cli(capsys, *command)
    assert code == 130
    assert out.strip() == "interrupted after deal 2 of 4; run the same command to resume"
    played.clear()
    code, out = run_cli(capsys, "tournament", "draw", "-b", "easy,normal", "-n", "4")
    assert code == 130 and "interrupted after deal 2 of 4; give --results FILE" in out
    monkeypatch.setattr(tournament, "play_deal", real)
    code, out = run_cli(capsys, *command)
    assert code == 0 and len((tmp_path / "deals.jsonl").read_text().splitlines()) == 5


@pytest.mark.parametrize(
    ("address", "raised", "said"),
    [
        (
            "auto",
            ConnectionError("Could not find any running Ray instance.\nPlease specify the one to connect to."),
            "no Ray cluster answered at --ray auto (Could not find any running Ray instance.)",
        ),
        (
            "local",
            Exception("The current node timed out during startup. This could happen because..."),
            "Ray could not start (--ray local): The current node timed out during startup.",
        ),
    ],
)
def test_a_ray_that_does_not_answer_or_start_is_one_line_and_a_failure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], address: str, raised: Exception, said: str
) -> None:
    import ray

    def failing(*args: object, **kwargs: object) -> None:
        raise raised

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", failing)
    code, out = run_cli(capsys, "tournament", "draw", "-b", "easy,normal", "-n", "1", "--ray", address)
    assert code == 2
    assert len(out.strip().splitlines()) == 1 and said in out and "Traceback" not in out


def test_ray_started_here_leaves_ctrl_c_to_the_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    # Ctrl-C reaches every process of the terminal's group: a raylet killed by it ends the driver
    # with status 0 and no word. The processes ray.init starts inherit "ignore Ctrl-C".
    import ray

    during: list[object] = []
    before = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", lambda *args, **kwargs: during.append(signal.getsignal(signal.SIGINT)))
    connect("local")
    assert during == [signal.SIG_IGN] and signal.getsignal(signal.SIGINT) == before


@pytest.fixture
def local_ray() -> Iterator[None]:
    """A small local Ray, given room to start on a busy machine (its raylet has 30 s, fixed in Ray): one
    more try after a failed start, then a clear failure."""
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    failures: list[str] = []
    for _ in range(2):
        try:
            # Workers may take long to register on a loaded machine (Ray's default: 60 s).
            ray.init(
                num_cpus=2,
                include_dashboard=False,
                log_to_driver=False,
                _system_config={"worker_register_timeout_seconds": 300},
            )
            break
        except Exception as error:
            failures.append(str(error).splitlines()[0])
            ray.shutdown()
    else:
        pytest.fail(f"a local Ray did not start in two tries (load average {os.getloadavg()}): {failures}")
    try:
        yield
    finally:
        ray.shutdown()


def test_the_same_tournament_on_one_process_two_processes_and_a_local_ray(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], local_ray: None
) -> None:
    command = ["tournament", "draw", "-b", "hard,crazy", "-n", "2", "-s", "9", "--crazy-samples", "6"]
    runs = {"one": [], "two": ["--jobs", "2"], "ray": ["--ray", "auto"]}
    found: dict[str, list[str]] = {}
    for name, extra in runs.items():
        code, out = run_cli(capsys, *command, *extra, "--results", str(tmp_path / f"{name}.jsonl"))
        assert code == 0, out
        found[name] = (tmp_path / f"{name}.jsonl").read_text().splitlines()
    assert len(found["one"]) == 3 and found["two"] == found["one"]
    # Ray hands deals back as they finish; the deals themselves are identical.
    assert found["ray"][0] == found["one"][0] and sorted(found["ray"][1:]) == sorted(found["one"][1:])
