"""What every request passes before the API sees it, and the headers every answer carries.

- A body is read whole before the app runs, up to ``MAX_BODY`` bytes: a longer one is
  answered 413 and never reaches a handler (the API's bodies are a few hundred bytes).
- A NUL byte in the path, the query or a header is refused with 422 (PostgreSQL cannot
  store one, and no name or id of the table holds one); inside a JSON body,
  ``StrictJSONRoute`` refuses it, a lone UTF-16 surrogate (``"\\ud800"``: no text, and no
  reply quoting it could be written as UTF-8), ``NaN``, ``Infinity`` and numbers too large
  for a float (``1e999``), with 422, which Python's ``json`` would accept.
- Other sites' pages may not change anything (``cross_site``): a request that changes
  state (POST, PUT, PATCH, DELETE) and every WebSocket handshake must come from an allowed
  origin: the address the request came to (its Host) by default, else the origins
  ``BONES_ALLOWED_ORIGINS`` lists. A browser always sends ``Origin`` on such requests
  (and ``Sec-Fetch-Site``, or at least ``Referer``, where it is older); a request with none
  of them comes from no browser (curl, a script, the tests' clients), carries no
  victim's cookie on another site's behalf, and is let through. Refused: 403, the
  WebSocket before it is accepted.
- Error replies quote at most ``EXCERPT`` characters of what was sent (``excerpt``).
- Security headers: a Content-Security-Policy with scripts from this server only (the
  page is static files: no inline script or handler), inline styles allowed (the tests
  add style tags to the page), no framing, no sniffing, no referrer to
  other sites, no powerful browser features. The API docs (``/docs``, ``/redoc``) load
  Swagger UI from its CDN with one inline script and show no user data: they get their
  own, looser policy.
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import unquote_to_bytes, urlsplit

from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024
EXCERPT = 40
ENV_ORIGINS = "BONES_ALLOWED_ORIGINS"
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# A browser's own answer to "is this request from a page of this site?": the user typed the address, or our page.
SAME_SITE_FETCH = frozenset({"same-origin", "none"})
SURROGATE = re.compile("[\ud800-\udfff]")

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
DOCS_PATHS = ("/docs", "/redoc")
HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (
        b"permissions-policy",
        b"camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    ),
)


def excerpt(value: Any) -> str:
    """A short quote of something a client sent, safe to put in an error message."""
    text = value if isinstance(value, str) else repr(value)
    text = SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", text.replace("\x00", "\\x00"))
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def problem(status: int, detail: str) -> Response:
    return JSONResponse({"detail": detail}, status_code=status)


class Guard:
    """The body limit, the NUL check, other sites' requests refused and the security headers, as one ASGI
    middleware."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY, allowed_origins: frozenset[str] | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.allowed_origins = allowed_origins_from_env() if allowed_origins is None else allowed_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "websocket" and _has_nul(scope):
                await send({"type": "websocket.close", "code": 1008})
                return
            if scope["type"] == "websocket":
                refused = cross_site(scope, self.allowed_origins)
                if refused is not None:
                    await refuse_socket(scope, send, refused)
                    return
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        policy = DOCS_POLICY if path.startswith(DOCS_PATHS) else PAGE_POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                for name, value in ((b"content-security-policy", policy.encode()), *HEADERS):
                    if name not in present:
                        headers.append((name, value))
                message = {**message, "headers": headers}
            await send(message)

        if _has_nul(scope):
            await problem(422, "bad request: a NUL byte in the address or a header")(scope, receive, send_with_headers)
            return
        refused = cross_site(scope, self.allowed_origins) if scope.get("method") in STATE_CHANGING else None
        if refused is not None:
            await problem(403, refused)(scope, receive, send_with_headers)
            return
        length = next((v for k, v in scope.get("headers", ()) if k == b"content-length"), None)
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_body):
            status, why = (
                (413, f"the body is larger than {self.max_body} bytes")
                if length.strip().isdigit()
                else (
                    400,
                    "bad Content-Length",
                )
            )
            await problem(status, why)(scope, receive, send_with_headers)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away before sending its body
            body += message.get("body", b"")
            if len(body) > self.max_body:
                await problem(413, f"the body is larger than {self.max_body} bytes")(scope, receive, send_with_headers)
                return
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)


def _has_nul(scope: Scope) -> bool:
    if "\x00" in scope.get("path", "") or b"\x00" in unquote_to_bytes(scope.get("query_string", b"")):
        return True
    return any(b"\x00" in value for _, value in scope.get("headers", ()))


# -- other sites ------------------------------------------------------------------


def allowed_origins_from_env() -> frozenset[str]:
    """``BONES_ALLOWED_ORIGINS``: origins (``https://bones.example``) separated by commas or spaces. Empty: only
    the address each request came to (same-origin)."""
    text = os.environ.get(ENV_ORIGINS, "")
    return frozenset(_origin(part) for part in re.split(r"[\s,]+", text) if part.strip())


def _origin(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lower case, without the scheme's default port."""
    parts = urlsplit(url.strip().lower())
    scheme, netloc = parts.scheme, parts.netloc
    default = {"http": ":80", "https": ":443", "ws": ":80", "wss": ":443"}.get(scheme)
    if default and netloc.endswith(default):
        netloc = netloc[: -len(default)]
    return f"{scheme}://{netloc}"


def _host(scope: Scope) -> str:
    """The address the request was sent to, as ``Host`` says it (without a default port)."""
    host = next((v for k, v in scope.get("headers", ()) if k == b"host"), b"").decode("latin-1").strip().lower()
    for default in (":80", ":443"):
        if host.endswith(default):
            return host[: -len(default)]
    return host


def cross_site(scope: Scope, allowed: frozenset[str]) -> str | None:
    """Why this request is refused as another site's, or None when it may go on.

    ``Origin`` decides when it is there; else ``Sec-Fetch-Site``, else ``Referer``. A request with none of them was
    made by no browser: a script's request carries no cookie of a victim, so it acts only for itself.
    """
    wanted = (b"origin", b"sec-fetch-site", b"referer")
    headers = {k.decode(): v.decode("latin-1") for k, v in scope.get("headers", ()) if k in wanted}

    def allows(url: str) -> bool:
        origin = _origin(url)
        if allowed:
            return origin in allowed
        return origin.partition("://")[2] == _host(scope) != ""

    refusal = "requests from other sites' pages may not change anything here"
    origin = headers.get("origin")
    if origin is not None:
        if origin.strip().lower() != "null" and allows(origin):
            return None
        return f"{refusal} (this one came from {excerpt(origin)})"
    site = headers.get("sec-fetch-site")
    if site is not None:
        return None if site.strip().lower() in SAME_SITE_FETCH else f"{refusal} (a {excerpt(site)} request)"
    referer = headers.get("referer")
    if referer is not None and referer.strip() and not allows(referer):
        return f"{refusal} (this one came from {excerpt(_origin(referer))})"
    return None


async def refuse_socket(scope: Scope, send: Send, why: str) -> None:
    """Refuse a WebSocket before accepting it: a 403 with the reason where the server can answer so, else a close
    (which the server answers with a 403 of its own)."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"detail": why}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "websocket.http.response.start", "status": 403, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
        return
    await send({"type": "websocket.close", "code": 1008, "reason": why[:120]})


# -- strict JSON ------------------------------------------------------------------


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{excerpt(text)} is too large a number")
    return value


def strict_loads(body: bytes) -> Any:
    """JSON without NaN, Infinity, numbers beyond a float, or NUL characters or lone surrogates in any string."""
    try:
        data = json.loads(body, parse_constant=_refuse_constant, parse_float=_finite)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise json.JSONDecodeError("nested too deep", "", 0) from None
    except ValueError as error:  # ours above, or an integer of more digits than Python reads
        raise json.JSONDecodeError(excerpt(str(error)), "", 0) from None
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                raise json.JSONDecodeError("a NUL character in a string", "", 0)
            if SURROGATE.search(item):
                raise json.JSONDecodeError("a lone UTF-16 surrogate (such as \\ud800) in a string", "", 0)
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return data


class StrictJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = strict_loads(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    """A route whose JSON body goes through ``strict_loads``; what it refuses is a 422 like any bad JSON."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict


def validation_problems(errors: Any) -> tuple[str, list[dict[str, Any]]]:
    """FastAPI's validation errors without the input they quote (the whole value, however long): each
    keeps where, why and a short excerpt."""
    problems: list[str] = []
    items: list[dict[str, Any]] = []
    for item in errors:
        loc = [part if isinstance(part, int) else excerpt(str(part)) for part in item.get("loc", ())]
        if item.get("type") == "json_invalid":
            loc = ["body"]  # the offset into the body says nothing to a reader
        message = str(item.get("msg", "invalid"))
        context = item.get("ctx") or {}
        if item.get("type") == "json_invalid" and context.get("error"):
            message = f"{message}: {excerpt(str(context['error']))}"
        where = ".".join(str(p) for p in loc if p != "body")
        problems.append(f"{where}: {message}" if where else message)
        entry: dict[str, Any] = {"loc": loc, "msg": message, "type": str(item.get("type", ""))}
        if "input" in item and item.get("type") != "json_invalid":
            entry["input"] = excerpt(item["input"])
        items.append(entry)
    return "bad request: " + "; ".join(problems), items
