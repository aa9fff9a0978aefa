"""queens serve: the local web page to watch and play with the search."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from queens.cli.common import CommandError, nonempty, port

PROG = "queens serve"

DESCRIPTION = (
    "Serve a page to step through the search, edit boards and count solutions. "
    "Needs the web extra: pip install 'queens-toolkit[web]'."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        type=nonempty,
        help="address to listen on (default 127.0.0.1; others let other machines in)",
    )
    parser.add_argument(
        "--port", type=port, default=8000, help="port to listen on (default 8000; 0: any)"
    )
    parser.add_argument("--open", action="store_true", help="open the page in a browser")


def run(args: argparse.Namespace) -> int:
    port: int = args.port
    missing = [m for m in ("starlette", "uvicorn") if importlib.util.find_spec(m) is None]
    if missing:
        raise CommandError(
            f"queens serve needs {' and '.join(missing)}: install queens-toolkit[web] "
            "(pip install 'queens-toolkit[web]')"
        )
    from queens.web import server  # lazy: optional extra (web), checked above

    host = args.host.strip("[]")
    try:
        sock = server.bind(host, port)
    except (OSError, OverflowError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise CommandError(f"cannot listen on {args.host} port {port}: {reason}") from None
    if not server.is_local(host):
        print(
            f"queens: warning: listening on {args.host}, not only on this machine: "
            "anyone who can reach it may use the page",
            file=sys.stderr,
        )
    server.serve(sock, host, args.open)
    return 0
