"""The errors of cser's Kafka serdes: confluent-kafka ``SerializationError`` s, so that code written
for confluent-kafka's own serdes (Avro, Protobuf, JSON) catches them as it catches theirs, and so
that ``SerializingProducer`` / ``DeserializingConsumer`` wrap them as they wrap any serde's error
(``ValueDeserializationError.exception`` is then one of these). cser's own error stays reachable:
:attr:`CserDeserializationError.decode_error` (also the ``__cause__``) with its kind, offset and
path, and :attr:`CserSerializationError.encode_error`.
"""

from __future__ import annotations

from confluent_kafka.serialization import SerializationError

from cser.errors import DecodeError, DecodeErrorKind, EncodeError

__all__ = ["CserDeserializationError", "CserSerializationError"]


class CserDeserializationError(SerializationError):
    """A record's value (or key) that is not a message of the deserializer's type (SPEC §8.2): a
    ``cser.type`` header of another type, a header that is not 8 bytes, a fingerprint other than
    the required one, or bytes that do not decode (SPEC §10).

    :attr:`kind`, :attr:`offset` and :attr:`path` are those of :attr:`decode_error`, the
    runtime's :class:`cser.DecodeError`. :attr:`topic` and :attr:`field` (``"value"`` or
    ``"key"``) come from the ``SerializationContext``; :attr:`partition` and
    :attr:`record_offset` are known when the error comes from
    :meth:`~cser.kafka.CserDeserializer.deserialize_message`, which has the consumed record
    (a ``SerializationContext`` has neither), and are ``None`` otherwise.
    """

    decode_error: DecodeError
    topic: str | None
    field: str
    partition: int | None
    record_offset: int | None

    def __init__(
        self,
        decode_error: DecodeError,
        *,
        topic: str | None,
        field: str,
        partition: int | None = None,
        record_offset: int | None = None,
    ) -> None:
        super().__init__(str(decode_error))
        self.decode_error = decode_error
        self.topic = topic
        self.field = field
        self.partition = partition
        self.record_offset = record_offset

    @property
    def kind(self) -> DecodeErrorKind:
        """What went wrong (SPEC §10): ``WRONG_TYPE`` and ``BAD_STREAM_HEADER`` for the headers."""
        return self.decode_error.kind

    @property
    def offset(self) -> int:
        """The byte offset in the value (or key) where the problem was found; 0 for a header."""
        return self.decode_error.offset

    @property
    def path(self) -> str:
        """The path of fields to the problem, e.g. ``Message.username``; ``""`` for a header."""
        return self.decode_error.path

    def __str__(self) -> str:
        where = f"topic {self.topic!r}" if self.topic is not None else "a record"
        if self.partition is not None:
            where += f" partition {self.partition}"
        if self.record_offset is not None:
            where += f" offset {self.record_offset}"
        return f"cannot deserialize the {self.field} of {where}: {self.decode_error}"

    def __repr__(self) -> str:
        return f"CserDeserializationError({self})"


class CserSerializationError(SerializationError):
    """A value the serializer cannot write: not an instance of its type, a value the format cannot
    hold (:attr:`encode_error`, the runtime's :class:`cser.EncodeError`, also the
    ``__cause__``), or a ``SerializationContext`` without headers to write the cser headers to."""

    encode_error: EncodeError | None

    def __init__(self, message: str, encode_error: EncodeError | None = None) -> None:
        super().__init__(message)
        self.encode_error = encode_error
