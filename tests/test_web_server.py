"""Serving: allowed host names, binding, the URL shown."""

from __future__ import annotations

import socket

import pytest

from queens.web.server import allowed_hosts, bind, is_local, url_of


def test_local_addresses() -> None:
    assert all(is_local(h) for h in ("127.0.0.1", "localhost", "::1", "127.0.0.2"))
    assert not any(is_local(h) for h in ("0.0.0.0", "::", "192.168.1.2", "example.org"))


def test_allowed_hosts() -> None:
    assert {"127.0.0.1", "localhost", "[::1]"} <= allowed_hosts("127.0.0.1")
    assert "myhost.lan" in allowed_hosts("MyHost.lan")
    assert "[fe80::1]" in allowed_hosts("fe80::1")
    wildcard = allowed_hosts("0.0.0.0")
    assert socket.gethostname().lower() in wildcard
    assert "evil.example" not in wildcard


def test_bind_to_a_free_port_and_refuse_a_taken_one() -> None:
    sock = bind("127.0.0.1", 0)
    try:
        port = sock.getsockname()[1]
        assert url_of(sock, "127.0.0.1") == f"http://127.0.0.1:{port}/"
        assert url_of(sock, "0.0.0.0") == f"http://127.0.0.1:{port}/"
        with pytest.raises(OSError):
            bind("127.0.0.1", port)
    finally:
        sock.close()
