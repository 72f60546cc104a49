"""``bones serve``: the web table on this computer."""

from __future__ import annotations

from typing import Annotated

import typer


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
    ) -> None:
        """Serve the web table (http://127.0.0.1:8000 by default)."""
        import threading
        import webbrowser

        import uvicorn

        from bones.web.app import create_app
        from bones.web.storage import Store

        store = Store(database)
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
        typer.echo(f"bones: the table is at {url} (games saved in {store.engine.url.render_as_string()}); Ctrl+C stops")
        if browser:
            # After a moment, so the server is listening when the browser asks.
            threading.Timer(1.0, lambda: webbrowser.open(url)).start()
        uvicorn.run(create_app(store), host=host, port=port, log_level="warning")
