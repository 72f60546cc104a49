"""``bones serve``: the web table on this computer, or on a server with several worker processes."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from fastapi import FastAPI

    from bones.web.storage import Store

# Seconds an idle connection stays open. It must outlast the pauses of the clients that keep connections for the
# next request (browsers keep theirs a minute and more; a person thinks for seconds between moves): a server that
# closes first (uvicorn's default is 5 s) races the request sent on it at that moment, and the request is lost
# unanswered ("Server disconnected without sending a response").
KEEP_ALIVE = 75


def web_extra_missing(missing: ImportError) -> Exception:
    """The one-line error of a web command run without the ``web`` extra."""
    from bones.cli import CliError

    return CliError(
        f"the web table needs the web extra ({missing.name or missing} is not installed): pip install 'bones[web]'"
    )


def app_from_env() -> FastAPI:
    """The app of one worker process: its database and Redis come from the environment (uvicorn's factory)."""
    from bones.web.app import create_app
    from bones.web.storage import Store

    return create_app(Store())


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
        browser: Annotated[bool, typer.Option(help="open the table in a web browser")] = True,
        database: Annotated[
            str | None,
            typer.Option(help="database URL (default: $BONES_DATABASE_URL, else SQLite in your data directory)"),
        ] = None,
        workers: Annotated[
            int, typer.Option(min=1, help="server processes (more than one needs PostgreSQL and --redis)")
        ] = 1,
        redis: Annotated[
            str | None,
            typer.Option(help="Redis URL that carries table events between processes (default: $BONES_REDIS_URL)"),
        ] = None,
        thinkers: Annotated[
            int,
            typer.Option(
                min=0,
                help="worker processes started here to play the computers (0 with Redis: only `bones worker` elsewhere)",
            ),
        ] = 2,
    ) -> None:
        """Serve the web table (http://127.0.0.1:8000 by default)."""
        import threading
        import webbrowser

        try:
            import uvicorn  # noqa: F401 (asked for now, so a missing web extra is said before anything starts)

            from bones.web.events import ENV_REDIS
            from bones.web.storage import ENV_URL, Store
            from bones.web.thinking import ENV_THINKERS
        except ImportError as missing:
            raise web_extra_missing(missing) from None

        if redis:
            os.environ[ENV_REDIS] = redis
        store = Store(database)
        if store.url in ("sqlite://", "sqlite:///:memory:"):
            raise typer.BadParameter(
                "the computers think in processes of their own: a database in memory is each one's own; give a file"
            )
        if workers > 1:
            # Each worker is a process of its own: what they share must be in the database and Redis.
            if not os.environ.get(ENV_REDIS, "").strip():
                raise typer.BadParameter("several workers need --redis (or $BONES_REDIS_URL) for table events")
            if store.url.startswith("sqlite"):
                raise typer.BadParameter("several workers need a database server (--database postgresql://...)")
            os.environ[ENV_URL] = store.url
        if thinkers == 0 and not os.environ.get(ENV_REDIS, "").strip():
            raise typer.BadParameter(
                "without Redis the computers think on worker processes started here: --thinkers 1+"
            )
        os.environ[ENV_THINKERS] = str(max(1, thinkers))
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
        typer.echo(f"bones: the table is at {url} (games saved in {store.engine.url.render_as_string()}); Ctrl+C stops")
        if browser:
            # After a moment, so the server is listening when the browser asks.
            threading.Timer(1.0, lambda: webbrowser.open(url)).start()
        # With Redis, the computers think on `bones worker` processes (this machine's are started here); without, each
        # server process starts its own (web/thinking.py).
        redis_url = os.environ.get(ENV_REDIS, "").strip()
        with local_workers(store.url, redis_url, thinkers if redis_url else 0):
            run_server(store, host, port, workers)


@contextlib.contextmanager
def local_workers(database: str, redis_url: str, count: int) -> Iterator[None]:
    """``count`` ``bones worker`` processes for the time of the block, and not a moment after: each stops when this
    process's end closes its standard input, though this process be killed."""
    from bones.web.events import ENV_REDIS
    from bones.web.storage import ENV_URL

    command = [sys.executable, "-c", "from bones.cli import main; main()", "worker", "--stop-with-stdin"]
    # By the environment, not the arguments: a password in a URL would be in every local user's `ps`.
    env = dict(os.environ, **{ENV_URL: database, ENV_REDIS: redis_url})
    started = [subprocess.Popen(command, stdin=subprocess.PIPE, env=env) for _ in range(count)]
    # uvicorn, stopped by SIGTERM, raises that signal again once it has shut down: by default it would end this
    # process at once, past the block's end. Raised as SystemExit, it comes through the block.
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        for process in started:
            process.terminate()
        for process in started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def run_server(store: Store, host: str, port: int, workers: int) -> None:
    import uvicorn

    if workers > 1:
        store.close()
        uvicorn.run(
            "bones.web.cli:app_from_env",
            factory=True,
            workers=workers,
            host=host,
            port=port,
            log_level="warning",
            timeout_keep_alive=KEEP_ALIVE,
        )
    else:
        # Imported here only: with workers, each imports the app itself, and the first to answer waits on this
        # process's imports (FastAPI's are seconds on a busy machine).
        from bones.web.app import create_app

        uvicorn.run(create_app(store), host=host, port=port, log_level="warning", timeout_keep_alive=KEEP_ALIVE)
