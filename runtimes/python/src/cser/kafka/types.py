"""What the serdes need of a generated class: the protocol the class object itself satisfies, as
``cser.stream.MessageType`` does for streams."""

from __future__ import annotations

from typing import Protocol, TypeVar

from cser.stream import RootType

__all__ = ["KafkaMessageType"]

T = TypeVar("T")


class KafkaMessageType(RootType, Protocol[T]):
    """A generated root type (record, struct or union), passed as the class itself, e.g.
    ``CserSerializer(Message)``: its identity (SPEC §8: ``TYPE_ID`` is the ``cser.type`` header,
    ``FINGERPRINT`` the ``cser.fingerprint`` one) and its message codec (SPEC §5.8)."""

    def encode(self, value: T, /) -> bytes:
        """The generated ``encode`` method, called on the class with the value."""
        ...

    def decode(self, data: bytes, /, *, max_depth: int = ...) -> T:
        """The generated ``decode`` classmethod."""
        ...
