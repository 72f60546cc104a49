"""The light install (``pip install bones``): games, bots, the command line and the environments work
without the web extra, and ``bones serve`` says what to install."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = (
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "psycopg",
    "jinja2",
    "redis",
    "websockets",
    "platformdirs",
    "dramatiq",
    "jsonpatch",
)

WITHOUT_THE_WEB = textwrap.dedent(
    f"""
    import sys

    WEB = {WEB!r}


    class NotInstalled:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in WEB:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None


    sys.meta_path.insert(0, NotInstalled())
    import random

    import bones
    from bones.bots import bot_for
    from bones.cli import main

    state = bones.rules("draw").new_game(seed=1)
    bot, rng = bot_for(state.rules, "hard"), random.Random(1)
    for _ in range(6):
        state = state.play(bot.choose(state.observation(state.to_move), rng))
    environment = bones.env("draw")
    environment.reset(seed=1)
    try:
        main(["games"])  # every command group registered, serve's too
    except SystemExit as done:
        assert not done.code, done.code
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in WEB)
    assert not loaded, loaded
    print("--- worker")
    sys.stdout.flush()
    try:
        main(["worker", "--redis", "redis://127.0.0.1:1"])
    except SystemExit as done:
        print("exit", done.code)
    print("--- serve")
    sys.stdout.flush()
    main(["serve", "--no-browser"])
    """
)


def test_games_bots_cli_and_environments_need_no_web_stack_and_serve_says_what_to_install() -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_THE_WEB], capture_output=True, text=True, cwd=ROOT, timeout=180
    )
    assert "--- serve" in done.stdout, done.stderr
    said = done.stdout.split("--- serve", 1)[1].strip()
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert said.startswith("error: the web table needs the web extra") and said.endswith("pip install 'bones[web]'")
    assert len(said.splitlines()) == 1 and not done.stderr.strip()
    worker = done.stdout.split("--- worker", 1)[1].split("--- serve", 1)[0].strip().splitlines()
    assert worker[0].startswith("error: the web table needs the web extra") and worker[1:] == ["exit 2"], worker


def test_the_web_stack_is_an_extra_and_make_installs_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    needed = {requirement.split("[")[0].split(">")[0].split("=")[0] for requirement in project["dependencies"]}
    assert not needed & set(WEB)
    assert {"fastapi", "uvicorn", "sqlalchemy"} <= {
        r.split("[")[0].split(">")[0] for r in project["optional-dependencies"]["web"]
    }
    assert any(r.startswith("bones[") and "web" in r for r in project["optional-dependencies"]["dev"])
    assert "'.[dev]'" in (ROOT / "Makefile").read_text(encoding="utf-8")
