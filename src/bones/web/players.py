"""Players: who is asking, known by a signed cookie made on the first visit (no sign-up).

The cookie holds a random player id and an HMAC of it under the server's secret, so a
client can neither make up an id nor take another's. It is httpOnly (page scripts never
see it) and SameSite=Lax (other sites' pages cannot post with it). The secret is
``BONES_SECRET``, else a file ``secret`` made once (mode 600) next to the SQLite file, or
in the user's data directory for another database: the processes of one server on one
machine share it; servers on several machines must share ``BONES_SECRET``.

A player row is written only when the player sets a name or takes a seat, so a visitor
that only looks costs the database nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import unicodedata
from pathlib import Path

from starlette.requests import HTTPConnection, cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "bones_player"
ENV_SECRET = "BONES_SECRET"
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
NAME_LENGTH = 24
# Besides letters, digits and single spaces: the marks names carry (O'Neil, Anne-Marie, J. R.).
NAME_MARKS = frozenset("-'.’_")
_ID = re.compile(r"[A-Za-z0-9_-]{16,40}")


def load_secret(folder: Path) -> bytes:
    """``BONES_SECRET``, else the secret kept in ``folder`` (made on first use)."""
    given = os.environ.get(ENV_SECRET, "").strip()
    if given:
        return given.encode()
    path = folder / "secret"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        # Written aside and linked in place: two processes starting at once agree on one secret.
        spare = folder / f".secret-{secrets.token_hex(8)}"
        descriptor = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as out:
            out.write(secrets.token_hex(32))
        try:
            os.link(spare, path)
        except FileExistsError:
            pass
        finally:
            spare.unlink()
    return path.read_text().strip().encode()


class PlayerCookies:
    """Makes and checks the signed player cookie."""

    def __init__(self, secret: bytes) -> None:
        self._key = hashlib.sha256(b"bones-player-cookie:" + secret).digest()

    def _mac(self, player: str) -> str:
        return hmac.new(self._key, player.encode(), hashlib.sha256).hexdigest()[:32]

    def sign(self, player: str) -> str:
        return f"{player}.{self._mac(player)}"

    def verify(self, value: str | None) -> str | None:
        """The player id of a cookie value, or None for a missing, forged or damaged one."""
        if not value or len(value) > 100:
            return None
        player, _, mac = value.rpartition(".")
        if not _ID.fullmatch(player) or not hmac.compare_digest(mac, self._mac(player)):
            return None
        return player

    @staticmethod
    def new_player() -> str:
        return secrets.token_urlsafe(18)


class PlayerMiddleware:
    """Puts the player id in ``scope["state"]["player"]``; a request without a valid cookie gets a new
    player and its cookie."""

    def __init__(self, app: ASGIApp, cookies: PlayerCookies) -> None:
        self.app = app
        self.cookies = cookies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = next((v for k, v in scope.get("headers", ()) if k == b"cookie"), b"")
        known = self.cookies.verify(cookie_parser(header.decode("latin-1")).get(COOKIE))
        player = known or self.cookies.new_player()
        scope.setdefault("state", {})["player"] = player
        if known or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        cookie = f"{COOKIE}={self.cookies.sign(player)}; Path=/; Max-Age={MAX_AGE}; HttpOnly; SameSite=Lax{secure}"

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), (b"set-cookie", cookie.encode())]}
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def player_of(connection: HTTPConnection) -> str:
    """The player of a request (or a WebSocket), as the middleware found or made it (a FastAPI dependency)."""
    return str(connection.scope["state"]["player"])


def clean_name(text: str) -> str:
    """A display name as it is kept: spaces collapsed; refused (ValueError) when empty, too long, or holding
    anything but letters, digits, spaces and the marks of names."""
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise ValueError("a name needs at least one letter or digit")
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name has at most {NAME_LENGTH} characters")
    for char in name:
        if not (char == " " or char in NAME_MARKS or unicodedata.category(char)[0] in "LNM"):
            raise ValueError(f"a name holds letters, digits, spaces and - ' . _ only, not {char!r}")
    if not any(unicodedata.category(char)[0] in "LN" for char in name):
        raise ValueError("a name needs at least one letter or digit")
    return name
