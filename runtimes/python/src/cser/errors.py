"""The decode error every failure reports (SPEC §10), and the encode error."""

from __future__ import annotations

import enum


class DecodeErrorKind(enum.Enum):
    """What went wrong while decoding (SPEC §10). The names and the offset each kind reports
    match the Java runtime's ``dev.cser.DecodeErrorKind`` and the Rust ``cser::DecodeErrorKind``.
    """

    #: The input ended inside a value. Offset: the end of the enclosing message or record body.
    TRUNCATED = "truncated"
    #: A varint that is not minimal (``80 00``). Offset: its last (``00``) byte.
    OVERLONG_VARINT = "overlong varint"
    #: A varint longer than 10 bytes or whose 10th byte is above ``01``. Offset: the 10th byte.
    BAD_VARINT = "bad varint"
    #: A well-formed integer that does not fit the type read. Offset: the varint's first byte.
    OUT_OF_RANGE = "out of range"
    #: A bool byte other than ``00`` or ``01``. Offset: that byte.
    BAD_BOOL = "bad bool"
    #: A string that is not well-formed UTF-8. Offset: the first byte of the bad sequence.
    BAD_UTF8 = "bad UTF-8"
    #: A length or count larger than the bytes that remain. Offset: the length's first byte.
    LENGTH_TOO_LARGE = "length too large"
    #: A map key repeating an earlier one. Offset: just after the repeated entry.
    DUPLICATE_MAP_KEY = "duplicate map key"
    #: A presence byte with a bit set for a slot that does not exist. Offset: that byte.
    BAD_PRESENCE = "bad presence"
    #: Nesting deeper than the maximum depth. Offset: where the too-deep value starts.
    DEPTH_EXCEEDED = "depth exceeded"
    #: A union tag this schema does not know. Offset: just after the tag.
    UNKNOWN_UNION_TAG = "unknown union tag"
    #: Bytes left over after a message's value. Offset: the first left-over byte.
    TRAILING_BYTES = "trailing bytes"
    #: A stream not starting with magic ``CSER`` and version ``01``. Offset: the first bad byte.
    BAD_STREAM_HEADER = "bad stream header"
    #: A stream of another root type (or, when required, fingerprint). Offset: 5 or 13.
    WRONG_TYPE = "wrong type"
    #: A stream frame longer than the reader's maximum. Offset: the frame length's first byte.
    MESSAGE_TOO_LARGE = "message too large"


class DecodeError(ValueError):
    """The one error decoding raises (SPEC §10): a :class:`DecodeErrorKind`, the byte offset
    where the problem was detected (from the start of the message, or of the stream), and the
    path of fields leading to it, e.g. ``MediaContent.images[1].title``.
    """

    __slots__ = ("_segments", "context", "kind", "offset", "reason")

    kind: DecodeErrorKind
    offset: int
    reason: str
    context: str | None

    def __init__(self, kind: DecodeErrorKind, reason: str, offset: int) -> None:
        super().__init__(kind, reason, offset)
        self.kind = kind
        self.offset = offset
        self.reason = reason
        # Innermost first, in the order the decoders pushed them while unwinding.
        self._segments: list[str] = []
        self.context = None

    def push_field(self, segment: str) -> DecodeError:
        """Prepends a field segment, ``"Type.field"``, while unwinding; returns ``self``."""
        self._segments.append(segment)
        return self

    def push_index(self, index: int) -> DecodeError:
        """Prepends a list index, rendered ``[1]``; returns ``self``."""
        self._segments.append(f"[{index}]")
        return self

    def push_key(self, key: object) -> DecodeError:
        """Prepends a map key, ``["a"]`` for a string and ``[7]`` otherwise; returns ``self``."""
        if isinstance(key, str):
            self._segments.append(f'["{key}"]')
        elif isinstance(key, enum.Enum):
            self._segments.append(f"[{key.name}]")
        else:
            self._segments.append(f"[{int(key)}]")  # type: ignore[call-overload]
        return self

    @property
    def path(self) -> str:
        """The path of fields to the error, e.g. ``MediaContent.images[1].title``; ``""`` when
        the error is not inside a field. Only the outermost field keeps its type name."""
        out = ""
        for seg in reversed(self._segments):
            if seg.startswith("["):
                out += seg
            elif not out:
                out = seg
            else:
                out += "." + seg.rpartition(".")[2]
        return out

    def __str__(self) -> str:
        text = f"{self.kind.name}: {self.reason} at offset {self.offset}"
        path = self.path
        if path:
            text += f" in {path}"
        if self.context:
            text += f" ({self.context})"
        return text

    def __repr__(self) -> str:
        return f"DecodeError({self})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.kind, self.reason, self.offset, list(self._segments), self.context))


def _rebuild(
    kind: DecodeErrorKind, reason: str, offset: int, segments: list[str], context: str | None
) -> DecodeError:
    e = DecodeError(kind, reason, offset)
    e._segments = segments
    e.context = context
    return e


class EncodeError(ValueError):
    """A value the format cannot hold: an integer outside its field's type, a string with a lone
    surrogate, nesting deeper than the maximum depth, a value of the wrong type."""
