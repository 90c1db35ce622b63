"""The unknown fields a record keeps (SPEC §5.5.1): what a writer with a newer schema put in a
record's body that this program's schema does not describe.

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

__all__ = ["UnknownFields", "repr_suffix"]


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
