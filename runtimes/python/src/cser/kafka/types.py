"""What the serdes need of a generated class: the protocol the class object itself satisfies, as
``cser.stream.MessageType`` does for streams."""

from __future__ import annotations

from typing import Protocol, TypeVar

__all__ = ["KafkaMessageType"]

T = TypeVar("T")


class KafkaMessageType(Protocol[T]):
    """A generated root type (record, struct or union), passed as the class itself, e.g.
    ``CserSerializer(Message)``: its identity (SPEC §8) and its message codec (SPEC §5.8)."""

    @property
    def TYPE_NAME(self) -> str:
        """The root type's qualified name, e.g. ``bench.message.Message``."""
        ...

    @property
    def TYPE_ID(self) -> int:
        """The type id, an unsigned 64-bit int: the ``cser.type`` header."""
        ...

    @property
    def FINGERPRINT(self) -> int:
        """The schema fingerprint, an unsigned 64-bit int: the ``cser.fingerprint`` header."""
        ...

    def encode(self, value: T, /) -> bytes:
        """The generated ``encode`` method, called on the class with the value."""
        ...

    def decode(self, data: bytes, /, *, max_depth: int = ...) -> T:
        """The generated ``decode`` classmethod."""
        ...
