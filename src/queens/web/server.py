"""Running the app with uvicorn on a socket bound beforehand.

Binding here (not inside uvicorn) turns a busy port into a one-line error
before anything starts, and lets port 0 pick a free port whose address is
then printed.
"""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import webbrowser

from queens.web.limits import LOCAL_HOSTS

WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def allowed_hosts(host: str) -> frozenset[str]:
    """The names a browser may use for a server listening on ``host``."""
    names = set(LOCAL_HOSTS)
    if host in WILDCARDS:
        # Any address of this machine: accept the names and addresses it calls its own.
        names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
        with contextlib.suppress(OSError):
            names |= set(socket.gethostbyname_ex(socket.gethostname())[2])
    else:
        names.add(f"[{host.lower()}]" if ":" in host else host.lower())
    return frozenset(names)


def is_local(host: str) -> bool:
    return host in LOCAL_HOSTS or host == "::1" or host.startswith("127.")


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket; OSError when the address cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def url_of(sock: socket.socket, host: str) -> str:
    port = sock.getsockname()[1]
    shown = "127.0.0.1" if host in WILDCARDS else host
    shown = f"[{shown}]" if ":" in shown else shown
    return f"http://{shown}:{port}/"


def serve(sock: socket.socket, host: str, open_browser: bool) -> None:
    """Serve the page on ``sock`` until interrupted."""
    import uvicorn  # lazy: optional extra (web); bind and is_local need none of it

    from queens.web.app import create_app  # lazy: as above (Starlette)

    url = url_of(sock, host)
    app = create_app(allowed_hosts(host))
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    print(f"queens: serving the page at {url} (Ctrl-C to stop)", file=sys.stderr)
    if open_browser:
        # The socket already listens, so the browser's request waits in its backlog.
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    server.run(sockets=[sock])
