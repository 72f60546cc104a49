"""Running the ``bones`` command inside a test: its exit status and what it printed."""

from __future__ import annotations

import io

import pytest

from bones.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str, stdin: str | None = None) -> tuple[int, str]:
    """Exit status and standard output of ``bones ARGV``, with ``stdin`` typed in when given."""
    with pytest.MonkeyPatch.context() as patch:
        if stdin is not None:
            patch.setattr("sys.stdin", io.StringIO(stdin))
        try:
            main(list(argv))
            code = 0
        except SystemExit as done:
            code = int(done.code or 0)
    return code, capsys.readouterr().out
