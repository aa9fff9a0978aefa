"""List text: the 1-based column lists that solutions write and the checker reads."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.notation import parse_columns


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, x]", "'x' is not a column number"),
        ("[1, 2", "unbalanced brackets"),
        ("[]", "no columns"),
    ],
)
def test_parse_columns_errors(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_columns(text)


def careful_parse(text: str) -> list[int] | str:
    """What list text means, read the slow obvious way (the error text when unreadable)."""
    body = text.strip()
    if body.startswith("[") != body.endswith("]"):
        return "error"
    body = body.removeprefix("[").removesuffix("]").strip()
    items = re.split(r"[\s,]+", body)
    if not body or not all(i.isascii() and i.isdigit() for i in items):
        return "error"
    if any(len(i) >= 19 for i in items):  # past any board, leading zeros or not: refused
        return "error"
    return [int(i) for i in items]


@settings(max_examples=400)
@given(
    st.lists(
        st.sampled_from(
            ["0", "1", "7", "10", "007", "123", ",", ", ", " ", ",,", "\t", "\x1c", "x"]
        ),
        max_size=12,
    ),
    st.booleans(),
)
def test_fast_parsing_agrees_with_the_careful_reading(pieces: list[str], brackets: bool) -> None:
    text = "".join(pieces)
    if brackets:
        text = f"[{text}]"
    try:
        parsed: list[int] | str = parse_columns(text)
    except ValueError:
        parsed = "error"
    assert parsed == careful_parse(text)


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
def test_parses_a_million_columns() -> None:
    n = 10**6
    text = "[" + ", ".join(map(str, range(n, 0, -1))) + "]"
    assert parse_columns(text) == list(range(n, 0, -1))
    assert parse_columns(text.replace(", ", " ")[1:-1]) == list(range(n, 0, -1))
