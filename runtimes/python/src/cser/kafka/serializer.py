"""``CserSerializer``: a confluent-kafka ``Serializer`` that writes a generated type's values as
Kafka records (SPEC §8.2): the message as the value (or key), the type and fingerprint headers
beside it."""

from __future__ import annotations

from typing import Generic, TypeVar

from confluent_kafka.serialization import MessageField, SerializationContext, Serializer

from cser.errors import EncodeError
from cser.kafka.errors import CserSerializationError
from cser.kafka.headers import (
    FINGERPRINT,
    KEY_FINGERPRINT,
    KEY_TYPE,
    TYPE,
    header_names,
    pack_u64,
    remove,
    write_pairs,
)
from cser.kafka.types import KafkaMessageType

__all__ = ["CserSerializer"]

T = TypeVar("T")


class CserSerializer(Serializer, Generic[T]):
    """Serializes values of one generated type, e.g. ``CserSerializer(Message)``, as
    ``value_serializer`` or ``key_serializer`` of a ``SerializingProducer``, or called directly
    as ``serializer(value, ctx)``.

    Returns the value's message bytes (SPEC §5.8) and sets the headers ``cser.type`` and
    ``cser.fingerprint`` (``cser.key.type`` and ``cser.key.fingerprint`` when ``ctx.field`` is
    ``MessageField.KEY``) in ``ctx.headers``, replacing headers of those names. ``ctx.headers``
    must therefore be a list or dict the producer sends: pass ``headers=[]`` (or your own) to
    ``SerializingProducer.produce``. ``None`` (a tombstone) is returned as ``None`` and writes no
    headers. Errors are :class:`~cser.kafka.CserSerializationError` (a confluent-kafka
    ``SerializationError``). Thread-safe: it keeps no state between calls.
    """

    __slots__ = ("_key_headers", "_type", "_value_headers", "_write_headers")

    def __init__(self, message_type: KafkaMessageType[T], *, headers: bool = True) -> None:
        """``headers=False`` writes the bare message without the type and fingerprint headers
        (and removes headers of those names from ``ctx.headers``): SPEC §8.2, "Records without
        headers". A record then costs 45 bytes less on the broker and the clients no header work,
        but a consumer can no longer tell its type, and one that requires headers rejects it."""
        if not isinstance(message_type, type):
            raise TypeError(f"CserSerializer needs a generated class, not {message_type!r}")
        self._type = message_type
        self._write_headers = headers
        # Packed once: the headers are the same for every record of this type.
        type_id, fingerprint = pack_u64(message_type.TYPE_ID), pack_u64(message_type.FINGERPRINT)
        self._value_headers = ((TYPE, type_id), (FINGERPRINT, fingerprint))
        self._key_headers = ((KEY_TYPE, type_id), (KEY_FINGERPRINT, fingerprint))

    @property
    def message_type(self) -> KafkaMessageType[T]:
        """The generated class this serializer writes."""
        return self._type

    def __call__(self, obj: T | None, ctx: SerializationContext | None = None) -> bytes | None:
        if obj is None:
            return None
        if not isinstance(obj, self._type):
            raise CserSerializationError(
                f"cannot serialize {type(obj).__name__} as {self._type.TYPE_NAME}: not an instance of it"
            )
        if not self._write_headers:
            return self._bare(obj, ctx)
        if ctx is None or ctx.headers is None:
            raise CserSerializationError(
                "cser needs the record's headers to write cser.type and cser.fingerprint to "
                "(SPEC §8.2): pass headers=[] (or a dict) to produce()"
            )
        try:
            data = self._type.encode(obj)
        except EncodeError as e:
            raise CserSerializationError(f"cannot serialize {self._type.TYPE_NAME}: {e}", e) from e
        try:
            write_pairs(ctx.headers, self._key_headers if ctx.field == MessageField.KEY else self._value_headers)
        except TypeError as e:
            raise CserSerializationError(str(e)) from e
        return data

    def _bare(self, obj: T, ctx: SerializationContext | None) -> bytes:
        try:
            data = self._type.encode(obj)
        except EncodeError as e:
            raise CserSerializationError(f"cannot serialize {self._type.TYPE_NAME}: {e}", e) from e
        if ctx is not None and ctx.headers:
            # Headers copied from another record must not claim a type for these bytes.
            names = header_names(ctx.field == MessageField.KEY)
            try:
                remove(ctx.headers, (names.type, names.fingerprint))
            except TypeError as e:
                raise CserSerializationError(str(e)) from e
        return data
