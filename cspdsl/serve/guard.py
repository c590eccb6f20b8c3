"""What keeps a local server local: every request is checked here before the page's routes see it.

- `Host` must name the server itself (127.0.0.1:P, localhost:P, or the --host it was given): a page
  elsewhere whose name was pointed at 127.0.0.1 (DNS rebinding) sends its own name, and is refused.
- `Origin`, when the browser sends one, must be the server's own: a page of another site that posts to
  the server (a cross-site request) is refused. A POST must also say its body is JSON, which a
  browser sends across sites only after asking first (a preflight this server never allows).
- A body may be at most `MAX_BODY` bytes: a longer one is refused at its announced length, before it
  is read, or at the first chunk past the limit when its length was not announced (413).

Every answer carries headers that keep the page to its own scripts and out of other sites' frames.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping

from ..core.static_types import Any
from .errors import request_error

MAX_BODY = 1024 * 1024  # bytes of a request: a model of up to MAX_MODEL characters and its settings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                                 b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def own_hosts(host: str, port: int) -> frozenset[str]:
    """The `Host` values of this server: the loopback names, and the address it was told to bind."""
    names = {"127.0.0.1", "localhost", "[::1]"}
    if host not in ("0.0.0.0", "::", ""):
        names.add(f"[{host}]" if ":" in host else host)
    return frozenset(f"{name}:{port}" for name in names)


class Guard:
    """ASGI middleware: the checks of this module's docstring, then `app`."""

    def __init__(self, app: App, hosts: frozenset[str], max_body: int = MAX_BODY) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = frozenset(f"http://{host}" for host in hosts)
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # the lifespan's start and end
            await self.app(scope, receive, send)
            return
        headers = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in scope["headers"]}
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _answer(send, *refusal)
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            body = await self._body(receive)
            if body is None:
                await _answer(send, 413, "the request is too large",
                              f"a request may be at most {self.max_body // 1024} KB")
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, _with_headers(send))

    def _refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str, str | None] | None:
        """Why the request is refused (status, words, hint), or None."""
        if headers.get("host", "").lower() not in self.hosts:
            return 403, "this server answers only requests addressed to it", "open the page at the address it printed"
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return 403, "this server answers only its own page", None
        if scope["method"] in ("POST", "PUT", "PATCH"):
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return 415, "the request's body must be JSON (Content-Type: application/json)", None
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > self.max_body):
                return 413, "the request is too large", f"a request may be at most {self.max_body // 1024} KB"
        return None

    async def _body(self, receive: Receive) -> bytes | None:
        """The whole body, or None as soon as it passes the limit (the rest is never read)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return b""
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body read already, then waits on the real one (for a disconnect)."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
        await send(message)

    return sending


async def _answer(send: Send, status: int, message: str, hint: str | None) -> None:
    body = json.dumps(request_error(message, hint)).encode("utf-8")
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode("ascii")),
               *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
