"""The unknown fields a record keeps (SPEC §5.5.1): what a writer with a newer schema put in a
record's body that this program's schema does not describe; and the unknown variants a union
keeps (SPEC §5.7, :class:`UnknownVariant`): a union value whose tag this schema does not know.

Decoding a record whose body holds more than its schema knows keeps two things, and encoding the
record writes them back, so a record passes through a program built from an older schema without
losing the fields appended since:

- the **unknown presence bits**: the bits of the record's last presence byte that belong to
  optional fields this schema does not have (only when that byte has fewer than eight of this
  schema's slots, and the body held it);
- the **unknown bytes**: every byte of the body after the last field this schema knows, as read
  (not parsed).

Generated record classes hold them in one slot, ``None`` while there are none, and give
``has_unknown_fields()``, ``unknown_fields()``, ``set_unknown_fields(u)`` and
``clear_unknown_fields()``. Equality of records includes them; the JSON mapping (SPEC §11)
leaves them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn, final

__all__ = ["UnknownFields", "UnknownVariant", "repr_suffix"]


@dataclass(frozen=True, slots=True)
class UnknownFields:
    """The unknown fields of one record value: immutable, compared and hashed by value.

    A value a program builds has none (its ``unknown_fields()`` is ``None``); a value decoded
    from a newer writer's bytes may. Build one only to move unknown fields from one record to
    another (``b.set_unknown_fields(a.unknown_fields())``); the bytes are not parsed, by this
    class or by encoding.
    """

    #: The unknown presence bits (0..255): encoding ORs them into the presence byte a newer
    #: schema extends, limited to the bits this schema's record does not use.
    presence_bits: int
    #: The unknown bytes: written after the record's last known field.
    data: bytes

    def __post_init__(self) -> None:
        if type(self.presence_bits) is not int or not 0 <= self.presence_bits <= 0xFF:
            raise ValueError(f"presence_bits must be an int in 0..255, not {self.presence_bits!r}")
        if type(self.data) is not bytes:
            if not isinstance(self.data, (bytes, bytearray, memoryview)):
                raise TypeError(f"data must be bytes, not {type(self.data).__name__}")
            object.__setattr__(self, "data", bytes(self.data))

    @property
    def size(self) -> int:
        """How many unknown bytes there are."""
        return len(self.data)

    def is_empty(self) -> bool:
        """No unknown presence bits and no unknown bytes: as if there were none."""
        return self.presence_bits == 0 and not self.data

    def __bool__(self) -> bool:
        return not self.is_empty()

    def __repr__(self) -> str:
        # The bits and the size, not the bytes (SPEC §5.5.1: text forms do not show them).
        return f"UnknownFields(presence_bits=0x{self.presence_bits:02x}, size={len(self.data)})"


def repr_suffix(unknown: UnknownFields | None, *, first: bool = False) -> str:
    """What a generated record's ``__repr__`` appends after its fields (``first``: it has none):
    nothing while it has no unknown fields."""
    if unknown is None:
        return ""
    return f"{'' if first else ', '}unknown_fields={unknown!r}"


@final
class UnknownVariant:
    """A union variant this schema does not know (SPEC §5.7): the ``tag`` a newer writer gave it
    and its ``payload``, the bytes of its value, kept unparsed. Encoding the union value that
    holds it writes the tag, the payload's length and the payload, so the bytes pass through
    unchanged.

    Immutable, equal and hashed by tag and payload; its ``repr`` shows the tag and the payload's
    size, not the bytes. Only decoders make one: calling ``UnknownVariant(...)`` raises
    ``TypeError``, so a program can keep, compare and pass one on, never make one up. Each
    generated union holds it in its own subclass, union + ``Unknown`` (``ExprUnknown``), whose
    ``value`` it is.
    """

    __slots__ = ("_payload", "_tag")

    _tag: int
    _payload: bytes

    def __new__(cls, *args: object, **kwargs: object) -> UnknownVariant:
        raise TypeError("cser.UnknownVariant cannot be made: only a decoder makes one, from bytes (SPEC §5.7)")

    def __init_subclass__(cls, **kwargs: object) -> NoReturn:
        raise TypeError("cser.UnknownVariant cannot be subclassed")

    @property
    def tag(self) -> int:
        """The variant's id, which this schema's union does not have (1 to 2**32-1)."""
        return self._tag

    @property
    def payload(self) -> bytes:
        """The payload's bytes, as read (not parsed)."""
        return self._payload

    @property
    def size(self) -> int:
        """How many bytes the payload has."""
        return len(self._payload)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("cser.UnknownVariant is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("cser.UnknownVariant is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, UnknownVariant):
            return NotImplemented
        return self._tag == other._tag and self._payload == other._payload

    def __hash__(self) -> int:
        return hash((self._tag, self._payload))

    def __repr__(self) -> str:
        # The tag and the size, not the bytes (as UnknownFields).
        return f"UnknownVariant(tag={self._tag}, size={len(self._payload)})"

    def __copy__(self) -> UnknownVariant:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> UnknownVariant:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unknown_variant, (self._tag, self._payload))


_new = object.__new__
_set = object.__setattr__


def _unknown_variant(tag: int, payload: bytes) -> UnknownVariant:
    """The unknown variant a decoder read (private: the readers, the C accelerator and pickle
    call it)."""
    if type(tag) is not int or not 1 <= tag <= 0xFFFFFFFF or type(payload) is not bytes:
        raise TypeError("cser.unknown._unknown_variant: a tag of 1 to 2**32-1 and bytes")
    v = _new(UnknownVariant)
    _set(v, "_tag", tag)
    _set(v, "_payload", payload)
    return v
