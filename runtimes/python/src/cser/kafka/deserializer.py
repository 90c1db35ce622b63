"""``CserDeserializer``: a confluent-kafka ``Deserializer`` that reads a generated type's values
from Kafka records, checking the type and fingerprint headers first (SPEC §8.2)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from confluent_kafka import Message
from confluent_kafka.serialization import Deserializer, MessageField, SerializationContext

from cser.errors import DecodeError, DecodeErrorKind
from cser.kafka.errors import CserDeserializationError
from cser.kafka.headers import HeaderNames, Headers, header_names, pack_u64, read_u64
from cser.kafka.types import KafkaMessageType
from cser.limits import MAX_DEPTH

__all__ = ["CserDeserializer"]

T = TypeVar("T")

_K = DecodeErrorKind
#: A header not in the record (a header may be present with the value None).
_ABSENT: object = object()


class CserDeserializer(Deserializer, Generic[T]):
    """Deserializes records of one generated type, e.g. ``CserDeserializer(Message)``, as
    ``value_deserializer`` or ``key_deserializer`` of a ``DeserializingConsumer``, called directly
    as ``deserializer(value, ctx)``, or on a consumed record with :meth:`deserialize_message`.

    Reads ``ctx.headers`` first (``cser.key.*`` when ``ctx.field`` is ``MessageField.KEY``): a
    ``cser.type`` of another type is *wrong type*, a type or fingerprint header not 8 bytes long
    *bad stream header* (the last header of a name counts). A record without ``cser.type``
    (written by a tool that knows nothing of cser) is decoded as this type unless
    ``require_headers``; any writer fingerprint is accepted (a compatible older or newer schema
    may have written the record, SPEC §9) unless ``require_fingerprint``, which makes a missing
    or different one *wrong type*. Then the value decodes as one message (SPEC §5.8, §10).
    ``None`` (a tombstone) is returned as ``None``.

    Every failure is a :class:`~cser.kafka.CserDeserializationError`, a confluent-kafka
    ``SerializationError`` whose ``decode_error`` is the runtime's :class:`cser.DecodeError`
    (kind, offset, path). Thread-safe: it keeps no state between calls.
    """

    __slots__ = ("_fingerprint_bytes", "_max_depth", "_require_fingerprint", "_require_headers", "_type", "_type_id_bytes")

    def __init__(
        self,
        message_type: KafkaMessageType[T],
        *,
        require_headers: bool = False,
        require_fingerprint: bool = False,
        max_depth: int = MAX_DEPTH,
    ) -> None:
        """``require_headers`` rejects a record without ``cser.type``; ``require_fingerprint``
        one without this type's own schema fingerprint; ``max_depth`` bounds each value's
        nesting (SPEC §7)."""
        if not isinstance(message_type, type):
            raise TypeError(f"CserDeserializer needs a generated class, not {message_type!r}")
        if max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, not {max_depth}")
        self._type = message_type
        self._require_headers = require_headers
        self._require_fingerprint = require_fingerprint
        self._max_depth = max_depth
        # The headers a record of this type written with this schema carries, for the fast check.
        self._type_id_bytes = pack_u64(message_type.TYPE_ID)
        self._fingerprint_bytes = pack_u64(message_type.FINGERPRINT)

    @property
    def message_type(self) -> KafkaMessageType[T]:
        """The generated class this deserializer reads."""
        return self._type

    def __call__(self, value: bytes | None, ctx: SerializationContext | None = None) -> T | None:
        return self._deserialize(value, ctx, None, None)

    def deserialize_message(self, msg: Message[Any, Any], field: MessageField = MessageField.VALUE) -> T | None:
        """Deserializes the value (or, with ``field=MessageField.KEY``, the key) of a record a
        plain ``Consumer`` returned; its errors carry the record's topic, partition and offset."""
        key = field == MessageField.KEY
        data = msg.key() if key else msg.value()
        if data is None:
            return None
        try:
            self._check_headers(msg.headers(), header_names(key))
            return self._type.decode(data, max_depth=self._max_depth)
        except DecodeError as e:
            # The context is built only for the error: it costs more than the check on a good record.
            ctx = SerializationContext(msg.topic() or "", field, msg.headers())
            raise _error(e, ctx, msg.partition(), msg.offset()) from e

    def writer_fingerprint(self, ctx: SerializationContext | None) -> int | None:
        """The writer's schema fingerprint from the record's headers (``cser.fingerprint``, or
        ``cser.key.fingerprint`` for a key), ``None`` when it has none; a header not 8 bytes long
        raises :class:`~cser.kafka.CserDeserializationError` (*bad stream header*)."""
        names = _names(ctx)
        headers = _headers(ctx)
        try:
            return read_u64(headers, names.fingerprint)
        except DecodeError as e:
            raise _error(e, ctx, None, None) from e

    def _deserialize(
        self, value: bytes | None, ctx: SerializationContext | None, partition: int | None, offset: int | None
    ) -> T | None:
        if value is None:
            return None
        try:
            self._check_headers(_headers(ctx), _names(ctx))
            return self._type.decode(value, max_depth=self._max_depth)
        except DecodeError as e:
            raise _error(e, ctx, partition, offset) from e

    def _check_headers(self, headers: Headers | None, names: HeaderNames) -> None:
        if isinstance(headers, list):
            # The common case in one pass: this type's id, and a fingerprint that is absent or 8
            # bytes (this schema's own when it is required). Anything else takes the checks below,
            # which find the error in SPEC §8.2's order.
            type_name, fingerprint_name = names.type, names.fingerprint
            type_id: object = _ABSENT
            fingerprint: object = _ABSENT
            for name, value in headers:
                if name == type_name:
                    type_id = value
                elif name == fingerprint_name:
                    fingerprint = value
            if type_id == self._type_id_bytes and (
                fingerprint == self._fingerprint_bytes
                or (not self._require_fingerprint and (fingerprint is _ABSENT or (type(fingerprint) is bytes and len(fingerprint) == 8)))
            ):
                return
        mt = self._type
        type_id = read_u64(headers, names.type)
        fingerprint = read_u64(headers, names.fingerprint)
        if type_id is None:
            if self._require_headers:
                raise _header_error(names.type, f"the record has no {names.type} header, and {mt.TYPE_NAME} requires it")
        elif type_id != mt.TYPE_ID:
            raise _header_error(
                names.type, f"the record holds type id {type_id:016x}, not {mt.TYPE_NAME} ({mt.TYPE_ID:016x})"
            )
        if self._require_fingerprint and fingerprint != mt.FINGERPRINT:
            found = "no fingerprint" if fingerprint is None else f"fingerprint {fingerprint:016x}"
            raise _header_error(
                names.fingerprint,
                f"the record was written with {found}, not {mt.TYPE_NAME}'s own ({mt.FINGERPRINT:016x})",
            )


def _names(ctx: SerializationContext | None) -> HeaderNames:
    return header_names(ctx is not None and ctx.field == MessageField.KEY)


def _headers(ctx: SerializationContext | None) -> Headers | None:
    return None if ctx is None else ctx.headers


def _header_error(name: str, reason: str) -> DecodeError:
    err = DecodeError(_K.WRONG_TYPE, reason, 0)
    err.context = f"record header {name}"
    return err


def _error(
    e: DecodeError, ctx: SerializationContext | None, partition: int | None, offset: int | None
) -> CserDeserializationError:
    field = "key" if ctx is not None and ctx.field == MessageField.KEY else "value"
    topic = None if ctx is None else ctx.topic
    return CserDeserializationError(e, topic=topic, field=field, partition=partition, record_offset=offset)
