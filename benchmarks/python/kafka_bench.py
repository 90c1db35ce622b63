"""The Python half of the Kafka benchmark (benchmarks/README.md, "Kafka"), with confluent-kafka:
for each workload, format and producer compression, produce COUNT records to a fresh 1-partition
topic, read the topic's log segments' size on disk, consume the records back, check every decoded
value, and return one row per run. ``kafka_run.py`` starts the broker and calls ``run``.

Formats (the values built before the clock, as the harness's other benchmarks do):

- ``cser``: the generated classes with ``cser.kafka``'s ``CserSerializer`` (which writes the
  ``cser.type`` and ``cser.fingerprint`` headers) and ``CserDeserializer.deserialize_message``
  (which checks them), the C accelerator underneath;
- ``cser-bare``: the same, the serializer told to write no headers (``headers=False``, SPEC §8.2
  "Records without headers"); the deserializer then decodes the bare value as its type;
- ``json``: the json module on the dicts and lists of the peer dataclasses (``models.to_plain``;
  bytes as base64), compact separators, UTF-8; decode is ``json.loads`` and building the
  dataclasses (``peers._MP_READERS``, as msgpack's decode); no headers;
- ``protobuf``: ``SerializeToString`` of the ``workloads.proto`` message (``peers._pb_build``);
  decode is ``FromString`` and reading every field into the dataclasses (``peers._PB_READERS``,
  the harness's ``decode``); no headers.

Record n of W4 is ``values.message(n)``, of W3 ``values.sakai_entity(n)`` (the Java half sends the
same values). Each consumed record is compared with what record n must be as it arrives; the
comparison's time is taken off the clocks. Serializer and deserializer calls are timed one by one with ``time.perf_counter_ns``:
they run on the calling thread without blocking, so their wall time is their CPU time unless the
process is preempted, and the thread CPU clock costs as much to read.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from confluent_kafka import Consumer, KafkaError, Message, Producer, TopicPartition
from confluent_kafka.admin import AdminClient
from confluent_kafka.cimpl import NewTopic
from confluent_kafka.serialization import MessageField, SerializationContext

import models as m
import peers

FORMATS = ("cser", "cser-bare", "json", "protobuf")
COMPRESSIONS = ("none", "zstd")
#: How long the consumer may see no new record before the run fails.
STALL_SECONDS = 60.0

#: A record's headers as confluent-kafka takes them.
HeaderList = list[tuple[str, str | bytes | None]]


def producer_config(bootstrap: str, compression: str) -> dict[str, Any]:
    """The Java half's settings in librdkafka's names: acks=all with idempotence, batches of up
    to 256 KiB gathered for up to 10 ms, 128 MiB of queue."""
    return {
        "bootstrap.servers": bootstrap,
        "acks": "all",
        "enable.idempotence": True,
        "linger.ms": 10,
        "batch.size": 262144,
        "queue.buffering.max.kbytes": 131072,
        "queue.buffering.max.messages": 1_000_000,
        "compression.type": compression,
    }


def consumer_config(bootstrap: str) -> dict[str, Any]:
    """The partition is assigned (no group rebalance); fetches of up to 8 MiB."""
    return {
        "bootstrap.servers": bootstrap,
        "group.id": "cser-kafka-bench",
        "enable.auto.commit": False,
        "auto.offset.reset": "earliest",
        "max.partition.fetch.bytes": 8 << 20,
    }


@dataclass
class Format:
    """One format on one workload: record n's value, how a value becomes bytes (and headers),
    how a consumed record becomes a value, and that value as a peer dataclass to compare."""

    name: str
    workload: str
    value: Callable[[int], Any]
    serialize: Callable[[str, Any, HeaderList], bytes]
    deserialize: Callable[[Message], Any]
    comparable: Callable[[Any], Any]


def _cser_value(workload: str, n: int) -> Any:
    import values as v

    return v.message(n) if workload == "W4" else v.sakai_entity(n)


def _json_plain(value: Any) -> Any:
    plain = m.to_plain(value)
    if isinstance(plain, dict) and isinstance(plain.get("body"), bytes):
        plain["body"] = base64.b64encode(plain["body"]).decode("ascii")
    return plain


def _json_read(workload: str) -> Callable[[Any], Any]:
    read = peers._MP_READERS[workload]

    def from_dict(d: Any) -> Any:
        if d.get("body") is not None:
            d["body"] = base64.b64decode(d["body"])
        return read(d)

    return from_dict


def _value(msg: Message) -> bytes:
    value = msg.value()
    if value is None:
        raise RuntimeError(f"{msg.topic()}: record at offset {msg.offset()} has no value")
    return value


def make_format(name: str, workload: str) -> Format:
    if workload not in ("W4", "W3"):
        raise ValueError(f"the Kafka benchmark runs W4 and W3, not {workload}")
    if name in ("cser", "cser-bare"):
        from cser import bind
        from cser.kafka import CserDeserializer, CserSerializer

        if not bind.ACTIVE:
            raise RuntimeError("the cser C accelerator is not built (or CSER_PURE_PYTHON is set)")
        cls: Any = type(_cser_value(workload, 0))
        ser: CserSerializer[Any] = CserSerializer(cls, headers=name == "cser")
        de: CserDeserializer[Any] = CserDeserializer(cls)
        value_field = MessageField.VALUE

        def cser_ser(topic: str, v: Any, headers: HeaderList) -> bytes:
            data = ser(v, SerializationContext(topic, value_field, headers))
            assert data is not None
            return data

        return Format(name, workload, lambda n: _cser_value(workload, n), cser_ser,
                      de.deserialize_message, m.to_peer)
    if name == "json":
        dumps, loads, read = json.dumps, json.loads, _json_read(workload)
        return Format(
            name, workload,
            lambda n: _json_plain(m.to_peer(_cser_value(workload, n))),
            lambda _t, v, _h: dumps(v, separators=(",", ":"), ensure_ascii=False).encode(),
            lambda msg: read(loads(_value(msg))),
            lambda d: d,
        )
    if name == "protobuf":
        parse = peers._PB_TYPES[workload].FromString
        read_pb = peers._PB_READERS[workload]
        return Format(
            name, workload,
            lambda n: peers._pb_build(workload, m.to_peer(_cser_value(workload, n))),
            lambda _t, v, _h: v.SerializeToString(),
            lambda msg: read_pb(parse(_value(msg))),
            lambda d: d,
        )
    raise ValueError(f"no format {name} (formats: {', '.join(FORMATS)})")


def segment_bytes(partition_dir: Path) -> int:
    """The bytes of the partition's ``*.log`` segment files on disk."""
    if not partition_dir.is_dir():
        raise RuntimeError(f"{partition_dir} is not a partition directory of the broker")
    return sum(p.stat().st_size for p in partition_dir.glob("*.log"))


def settled_segment_bytes(partition_dir: Path) -> int:
    """``segment_bytes`` once two readings 200 ms apart agree (every record was acknowledged
    with acks=all before this; the wait guards against a late write)."""
    last = -1
    for _ in range(50):
        now = segment_bytes(partition_dir)
        if now == last and now > 0:
            return now
        last = now
        time.sleep(0.2)
    raise RuntimeError(f"the segments of {partition_dir} did not stop changing ({last} bytes)")


def timer_ns() -> float:
    """What one ``perf_counter_ns`` pair costs here, included in ser_ns and deser_ns."""
    n = 200_000
    clock = time.perf_counter_ns
    t0 = clock()
    for _ in range(n):
        a = clock()
        clock() - a
    return (clock() - t0) / n


def run_one(admin: AdminClient, bootstrap: str, data_dir: Path, f: Format, compression: str, count: int) -> dict[str, Any]:
    topic = f"bench-python-{f.workload}-{f.name}-{compression}"
    for fut in admin.create_topics([NewTopic(topic, num_partitions=1, replication_factor=1)]).values():
        fut.result()

    vals = [f.value(n) for n in range(count)]
    clock = time.perf_counter_ns
    serialize = f.serialize
    ser_ns = 0
    errors: list[KafkaError] = []
    acked = [0, 0]  # records, value bytes

    def delivered(err: KafkaError | None, msg: Message) -> None:
        if err is not None:
            errors.append(err)
        else:
            acked[0] += 1
            acked[1] += len(msg.value() or b"")

    producer = Producer({**producer_config(bootstrap, compression), "on_delivery": delivered})
    producer.list_topics(topic, timeout=30)  # the topic's metadata, before the clock
    start = clock()
    for v in vals:
        headers: HeaderList = []
        t0 = clock()
        data = serialize(topic, v, headers)
        ser_ns += clock() - t0
        while True:
            try:
                producer.produce(topic, value=data, partition=0, headers=headers or None)
                break
            except BufferError:  # the queue is full: let deliveries drain it
                producer.poll(0.01)
        producer.poll(0)
    left = producer.flush(120)
    produced = clock()
    if errors or left:
        raise RuntimeError(f"{topic}: {left} records unsent, errors {errors[:3]}")
    if acked[0] != count:
        raise RuntimeError(f"{topic}: {acked[0]} of {count} records acknowledged")
    del vals

    deserialize, comparable, workload = f.deserialize, f.comparable, f.workload
    deser_ns = 0
    # Each record is checked as it arrives, and the check's time is taken off the clocks: holding
    # every decoded value until the end would make the collector's passes over them part of the
    # deserializer's time.
    check_ns = 0
    got = 0
    consumer = Consumer(consumer_config(bootstrap))
    try:
        consumer.assign([TopicPartition(topic, 0, 0)])
        consume_start = clock()
        last_progress = time.monotonic()
        while got < count:
            batch = consumer.consume(num_messages=10_000, timeout=0.1)
            for msg in batch:
                err = msg.error()
                if err is not None:
                    raise RuntimeError(f"{topic}: consumer error {err}")
                # One partition, an idempotent producer: record n is at offset n.
                if msg.offset() != got:
                    raise RuntimeError(f"{topic}: offset {msg.offset()} where {got} was due")
                t0 = clock()
                value = deserialize(msg)
                t1 = clock()
                want = m.to_peer(_cser_value(workload, got))
                if comparable(value) != want:
                    raise RuntimeError(f"{topic}: record {got} decoded to {value!r}, not {want!r}")
                got += 1
                check_ns += clock() - t1
                deser_ns += t1 - t0
            if batch:
                last_progress = time.monotonic()
            elif time.monotonic() - last_progress > STALL_SECONDS:
                raise RuntimeError(f"{topic}: {got} of {count} consumed, then nothing for {STALL_SECONDS} s")
        end = clock() - check_ns
    finally:
        consumer.close()
    # After the clock (the consumer writes nothing to the log).
    broker_bytes = settled_segment_bytes(data_dir / f"{topic}-0")

    return {
        "language": "python",
        "workload": f.workload,
        "format": f.name,
        "compression": compression,
        "count": count,
        "partitions": 1,
        "msgs_per_s": count / ((end - start) / 1e9),
        "produce_msgs_per_s": count / ((produced - start) / 1e9),
        "consume_msgs_per_s": count / ((end - consume_start) / 1e9),
        "e2e_s": (end - start) / 1e9,
        "broker_bytes": broker_bytes,
        "value_bytes": acked[1],
        "ser_ns": ser_ns / count,
        "deser_ns": deser_ns / count,
    }


def run(
    bootstrap: str,
    data_dir: Path,
    counts: dict[str, int],
    formats: tuple[str, ...] = FORMATS,
    compressions: tuple[str, ...] = COMPRESSIONS,
) -> list[dict[str, Any]]:
    """Every (workload, format, compression) with ``counts[workload]`` records; rows in that order."""
    admin = AdminClient({"bootstrap.servers": bootstrap})
    rows = []
    for workload, count in counts.items():
        if count == 0:
            continue
        for name in formats:
            f = make_format(name, workload)
            for compression in compressions:
                row = run_one(admin, bootstrap, data_dir, f, compression, count)
                print(
                    f"python {workload} {name:<8} {compression:<4} {count:>9,} records: "
                    f"{row['msgs_per_s']:>10,.0f} msg/s end to end, {row['broker_bytes']:>12,} bytes on the broker, "
                    f"ser {row['ser_ns']:.0f} ns, deser {row['deser_ns']:.0f} ns",
                    flush=True,
                )
                rows.append(row)
    return rows


def versions() -> dict[str, str]:
    """The Python half's libraries."""
    import platform
    from importlib import metadata

    import confluent_kafka

    return {
        "cser": metadata.version("cser"),
        "confluent-kafka": metadata.version("confluent-kafka"),
        "librdkafka": confluent_kafka.libversion()[0],
        "protobuf": metadata.version("protobuf"),
        "json": f"json module ({platform.python_implementation()} {platform.python_version()})",
    }
