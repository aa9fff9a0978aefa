"""Keep other web sites away from the local server.

A page on any site can make the browser send requests to 127.0.0.1, and a
site can rebind its own name to 127.0.0.1 (DNS rebinding).  So every request
must name an allowed host in its ``Host`` header, and a request that comes
from a page must come from this server's own origin (``Origin`` header,
and ``Sec-Fetch-Site`` where the browser sends it).  Others get 403.

Starlette's TrustedHostMiddleware checks only the host and answers 400;
this does both checks and answers 403 as the issue asks.  The checks
(``refusal``) read any mapping of lower-case header names, so they need
no Starlette; only the middleware imports it, when it first runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from queens.web.limits import LOCAL_HOSTS

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECURITY_HEADERS = [
    # The page runs only its own script and style, talks only to this server,
    # shows tree pictures from blob: URLs, and may not be framed by other sites.
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
        b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def host_name(host: str) -> str:
    """The name part of a ``Host`` header value: ``[::1]:8000`` -> ``[::1]``, lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host if end < 0 else host[: end + 1]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def refusal(headers: Mapping[str, str], allowed_hosts: frozenset[str]) -> str | None:
    """Why a request is refused, or None when it may pass.

    ``headers`` maps lower-case names to values, as Starlette's ``Headers`` does.
    """
    host = headers.get("host", "")
    if host_name(host) not in allowed_hosts:
        return f"host {host!r} is not served here"
    origin = headers.get("origin")
    if origin is not None and origin.lower() not in (f"http://{host.lower()}",):
        return f"requests from {origin!r} are not accepted"
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return f"{site} requests are not accepted"
    return None


class Guard:
    """ASGI middleware: 403 for requests from other hosts or origins."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        self.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.datastructures import Headers  # here: the checks above need no Starlette

        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        reason = refusal(Headers(scope=scope), self.allowed_hosts)
        if reason is None:

            async def send_with_headers(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message = {**message, "headers": [*message["headers"], *SECURITY_HEADERS]}
                await send(message)

            await self.app(scope, receive, send_with_headers)
            return
        if scope["type"] == "websocket":  # pragma: no cover - the app has no WebSocket
            await send({"type": "websocket.close", "code": 1008})
            return
        body = json.dumps({"error": f"forbidden: {reason}"}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *SECURITY_HEADERS,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
