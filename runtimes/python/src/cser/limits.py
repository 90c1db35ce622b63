"""The limits every reader and writer applies (SPEC §7, §8, §10): the default maximum depth,
the default maximum message size of streams, and how many elements a count may claim given the
bytes that remain, checked before anything is allocated."""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_MESSAGE_SIZE", "MAX_DEPTH", "MAX_OPTIONAL_COUNT", "max_count", "max_optional_count"]

#: The default maximum nesting depth (SPEC §7), for decoding and encoding alike.
MAX_DEPTH = 64
#: The largest stream frame a reader accepts unless told otherwise: 64 MiB (SPEC §8).
DEFAULT_MAX_MESSAGE_SIZE = 64 << 20
#: No list or map of optionals holds more elements than this, whatever the input's size.
MAX_OPTIONAL_COUNT = 0x7FFFFFFF


def max_count(left: int, width: int = 1) -> int:
    """The most elements of at least ``width`` bytes each that ``left`` bytes can hold."""
    return left // width


def max_optional_count(left: int) -> int:
    """The most optional elements ``left`` bytes can hold: eight absent ones per presence byte."""
    return min(8 * left, MAX_OPTIONAL_COUNT)
