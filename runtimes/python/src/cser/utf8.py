"""Strings (SPEC §5.2): strict UTF-8 both ways.

Reading rejects what RFC 3629 does not allow (Python's strict decoder refuses surrogates,
overlong forms and code points past U+10FFFF) with BAD_UTF8 at the first bad byte; writing
refuses a lone surrogate with :class:`~cser.errors.EncodeError`, never replacing it.
"""

from __future__ import annotations

from cser.errors import bad_utf8, lone_surrogate

__all__ = ["decode_utf8", "encode_utf8"]


def decode_utf8(data: bytes, start: int, end: int) -> str:
    """The string of ``data[start:end]``; BAD_UTF8 at the offset of the first bad byte."""
    try:
        return data[start:end].decode()
    except UnicodeDecodeError as e:
        raise bad_utf8(start + e.start) from None


def encode_utf8(s: str) -> bytes:
    """UTF-8 of ``s``; EncodeError for a lone surrogate."""
    try:
        return s.encode()
    except UnicodeEncodeError as e:
        raise lone_surrogate(e.start) from None
