"""JSON a person or a client wrote, read with its integers bounded by length.

Python refuses to convert an integer of more than 4,300 digits (``sys.int_info``), with
a ValueError that ``json.JSONDecodeError`` handlers do not catch: a level
``{"size": 999...9}`` of 5,000 digits ended in a traceback.  Here every integer is
checked by its length before it is converted, and one too long is a
``json.JSONDecodeError`` like any other fault of the text (one line, where it is).
"""

from __future__ import annotations

import json

MAX_INT_DIGITS = 30
"""The longest integer read (sign included): far past any size, count or seed the
package takes (a 64-bit seed has 20 digits), so no meaningful input is refused."""


class _Decoder(json.JSONDecoder):
    def __init__(self) -> None:
        super().__init__(parse_int=_bounded_int)


def _bounded_int(text: str) -> int:
    if len(text) > MAX_INT_DIGITS:
        raise _TooLong(len(text.lstrip("-")))
    return int(text)


class _TooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(f"a number of {digits:,} digits (at most {MAX_INT_DIGITS})")
        self.digits = digits


def loads(text: str | bytes | bytearray) -> object:
    """``json.loads(text)``, an integer of over ``MAX_INT_DIGITS`` characters being a
    ``json.JSONDecodeError`` (at the start of the text: the scanner does not say where).

    >>> loads('{"size": 8}')
    {'size': 8}
    >>> loads('[' + '9' * 5000 + ']')
    Traceback (most recent call last):
    ...
    json.decoder.JSONDecodeError: a number of 5,000 digits (at most 30): line 1 column 1 (char 0)
    """
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
    try:
        return _Decoder().decode(text)
    except _TooLong as error:
        raise json.JSONDecodeError(str(error), text, 0) from None
