"""The browser modules' unit tests (tests/web/js/*.test.mjs), run with node's own test runner.

Debian's ``nodejs`` is installed when missing (as root), as the browser tests do for chromium; no
npm package is needed. The views the node tests read are checked here against the server's code.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from tests.web.conftest import apt_install, unavailable
from tests.web.js_fixtures import FOLDER, table, views

HERE = Path(__file__).parent
TEMPLATE = HERE.parents[1] / "src" / "bones" / "web" / "templates" / "index.html"


def test_the_browser_modules_pass_their_node_tests() -> None:
    why = apt_install("nodejs", lambda: shutil.which("node") is not None)
    if why:
        unavailable(f"the browser modules' unit tests need Debian's nodejs: {why}")
    files = sorted(str(p) for p in (HERE / "js").glob("*.test.mjs"))
    assert files
    done = subprocess.run(["node", "--test", *files], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)", done.stdout, re.MULTILINE)
    assert passed and int(passed.group(1)) >= len(files), done.stdout[-2000:]


def test_the_node_tests_read_the_views_the_server_sends_today() -> None:
    for name, view in views().items():
        saved = json.loads((FOLDER / f"{name}.json").read_text())
        assert saved == json.loads(json.dumps(view)), f"{name}.json is stale: run python -m tests.web.js_fixtures"


def test_the_page_runs_no_inline_script() -> None:
    # The page's Content-Security-Policy allows scripts from the server only: every script is a file
    # (the modules import each other), none is written in the page.
    page = TEMPLATE.read_text()
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", page, re.DOTALL)
    assert scripts == [(' type="module" src="/static/main.js?v={{ version }}"', "")]


def test_the_page_applies_the_patches_the_server_makes(tmp_path: Path) -> None:
    # A live seat is sent a JSON Patch (the jsonpatch library's) of the view it was sent before; the page applies it
    # with shell/patch.js. Each patch of a Kozel match, applied there, gives the view the server built.
    import jsonpatch

    why = apt_install("nodejs", lambda: shutil.which("node") is not None)
    if why:
        unavailable(f"the browser modules' unit tests need Debian's nodejs: {why}")
    played = table("kozel", 3)
    before = json.loads(json.dumps(played.view(0)))
    steps = []
    while len(steps) < 80 and not played.state.is_over:
        if played.sheet_pending(0):
            played.close_sheet(0)
        elif played.state.to_move == 0 and played.state.forced_move() is None:
            played.play(0, str(played.state.legal_moves[-1]), played.move_number)
        else:
            played.step(played.move_number)
        after = json.loads(json.dumps(played.view(0)))
        steps.append([before, jsonpatch.make_patch(before, after).patch, after])
        before = after
    assert any(op["op"] == "remove" for _b, patch, _a in steps for op in patch)  # tiles leave the hand
    (tmp_path / "steps.json").write_text(json.dumps(steps))
    check = (
        f'import {{ applyPatch }} from "{HERE.parents[1] / "src/bones/web/static/shell/patch.js"}";\n'
        'import { readFileSync } from "node:fs";\n'
        'import assert from "node:assert/strict";\n'
        f'const steps = JSON.parse(readFileSync("{tmp_path / "steps.json"}", "utf8"));\n'
        "for (const [before, patch, after] of steps) assert.deepEqual(applyPatch(before, patch), after);\n"
        "console.log(`applied ${steps.length}`);\n"
    )
    (tmp_path / "check.mjs").write_text(check)
    done = subprocess.run(["node", str(tmp_path / "check.mjs")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == f"applied {len(steps)}", done.stderr[-3000:]
