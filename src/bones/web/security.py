"""What every request passes before the API sees it, and the headers every answer carries.

- A body is read whole before the app runs, up to ``MAX_BODY`` bytes: a longer one is
  answered 413 and never reaches a handler (the API's bodies are a few hundred bytes).
- A NUL byte in the path, the query or a header is refused with 422 (PostgreSQL cannot
  store one, and no name or id of the table holds one); inside a JSON body,
  ``StrictJSONRoute`` refuses it, and ``NaN``, ``Infinity`` and numbers too large for a
  float (``1e999``), with 422, which Python's ``json`` would accept.
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
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.parse import unquote_to_bytes

from fastapi.routing import APIRoute
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024
EXCERPT = 40

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
    text = text.replace("\x00", "\\x00")
    return text if len(text) <= EXCERPT else text[: EXCERPT - 1] + "…"


def problem(status: int, detail: str) -> Response:
    return JSONResponse({"detail": detail}, status_code=status)


class Guard:
    """The body limit, the NUL check and the security headers, as one ASGI middleware."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "websocket" and _has_nul(scope):
                await send({"type": "websocket.close", "code": 1008})
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


# -- strict JSON ------------------------------------------------------------------


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{excerpt(text)} is too large a number")
    return value


def strict_loads(body: bytes) -> Any:
    """JSON without NaN, Infinity, numbers beyond a float, or NUL characters in any string."""
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
