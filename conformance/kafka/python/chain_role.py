"""Python's part in the cross-language chain (chain.py): W4 messages (``bench.message.Message``)
through topics relayed by Java, Rust and Python, each decoding with its serdes and encoding again.

    chain_role.py produce TOPIC COUNT     message n = w4(n), key "user-{n % 7}", n = 0..COUNT-1
    chain_role.py relay FROM TO COUNT     consume FROM, decode, produce the decoded message to TO, commit
    chain_role.py check TOPIC COUNT       every message n arrived once, in order per key, byte-identical
    chain_role.py check-at-least-once TOPIC COUNT
                                          every message n arrived, byte-identical, its first arrival in
                                          order per key; duplicates are counted (chain.py --fault)

The broker is ``BOOTSTRAP_SERVERS`` (environment); ``bench.message`` must be importable (chain.py
generates it and puts it on ``PYTHONPATH``).

Bad records (chain.py without --fault sets these in the environment): ``CHAIN_INJECT=FIRST`` makes
a writer (produce, relay) write, right after half of its messages of each key, :func:`injected`
records under that key with a plain bytes producer, so they land mid-stream in that key's partition:
a corrupt W4 value, a W4 value under another type id, and W4 message FIRST + k (key ``user-k``)
without cser headers. ``CHAIN_EXTRA=E`` tells a consumer (relay, check) that its topic holds the
headerless messages COUNT .. COUNT + E - 1 as well, and ``CHAIN_BAD=B`` that it holds B records
that do not decode: each of those is reported on stderr (``python ROLE: bad record
TOPIC/PARTITION@OFFSET KIND -> TOPIC.dlt``) and sent to ``TOPIC.dlt`` with
``cser.kafka.dead_letter``, and consuming goes on.

Producers are idempotent with acks=all; a relay
commits a batch's offsets only after every record of it was acknowledged, and relays until every
message n (its ``userid``) was relayed at least once, so records consumed again after a broker
fault do not end it early. While the broker is down (``chain.py --fault``) consumer errors and
failed commits are reported on stderr and ridden out: the client reconnects by itself. Prints one
line ``python ROLE ...: N messages in S s (R msg/s)``; exits 1 with the reason on stderr when a
check fails.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from bench.message import Message
from confluent_kafka import Consumer, KafkaError, KafkaException, Producer
from confluent_kafka import Message as KafkaMessage
from confluent_kafka.serialization import MessageField, SerializationContext

from cser.kafka import (
    FINGERPRINT,
    TYPE,
    CserDeserializationError,
    CserDeserializer,
    CserSerializer,
    dead_letter,
    dead_letter_topic,
)

KEYS = 7
#: Records taken from the consumer at once, and relayed between two commits.
BATCH = 5000
#: How long a consumer waits for the records it expects before it gives up.
DEADLINE_SECONDS = 180.0
#: How long a producer waits for its records' acknowledgements: a broker restart takes seconds.
FLUSH_SECONDS = 180.0


class ChainError(Exception):
    """A check failed or a record was not acknowledged: the reason, for stderr."""


def w4(n: int) -> Message:
    """W4 message n of seed 004, as Java's ``Workloads.message`` builds it."""
    return Message(type_=n % 4, active=n % 2 == 0, username=f"User_{n}", userid=n, data=f"data {n}")


def key(n: int) -> str:
    return f"user-{n % KEYS}"


Headers = list[tuple[str, str | bytes | None]]


def injected(first: int, k: int) -> list[tuple[bytes, bytes, Headers]]:
    """The records (key, value, headers) a writer injects under key ``user-k``, in this order: W4
    message ``first + k`` without its last byte under W4's headers (*length too large*); the same
    message whole under W4's type id plus one (*wrong type*); and the same message without any
    header, which every language decodes as W4 (SPEC §8.2). ChainRole.java and chain_relay.rs
    write the same bytes; chain.py checks the dead letters against them."""
    record_key = f"user-{k}".encode()
    value = Message.encode(w4(first + k))
    fingerprint: tuple[str, str | bytes | None] = (FINGERPRINT, Message.FINGERPRINT.to_bytes(8, "little"))
    other_type = ((Message.TYPE_ID + 1) % 2**64).to_bytes(8, "little")
    return [
        (record_key, value[:-1], [(TYPE, Message.TYPE_ID.to_bytes(8, "little")), fingerprint]),
        (record_key, value, [(TYPE, other_type), fingerprint]),
        (record_key, value, []),
    ]


def raw_producer(bootstrap: str) -> Producer:
    """A plain bytes producer for the injected records, idempotent with acks=all."""
    return Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True, "acks": "all"})


def inject(raw: Producer, topic: str, first: int, keys: range) -> None:
    """Writes :func:`injected` for each key k of ``keys`` into ``topic`` with ``raw`` (the same
    partitioner as the chain's producer: they land in key k's partition) and waits for them."""
    for k in keys:
        for record_key, value, headers in injected(first, k):
            raw.produce(topic, key=record_key, value=value, headers=headers)
    if raw.flush(FLUSH_SECONDS) != 0:
        raise ChainError(f"the injected records were not acknowledged in {FLUSH_SECONDS:.0f} s")


def half_of_key(count: int, k: int) -> int:
    """After how many of its messages n < count a writer injects under key k: half of them."""
    return max(1, len(range(k, count, KEYS)) // 2)


def header_names(r: KafkaMessage) -> list[str]:
    found = r.headers() or []
    return list(found) if isinstance(found, dict) else [name for name, _ in found]


def setting(name: str) -> int | None:
    text = os.environ.get(name, "")
    return int(text) if text else None


def dead_lettered(who: str, p: Producing, r: KafkaMessage, e: CserDeserializationError) -> None:
    """Reports a record that does not decode and sends it to its topic's dead-letter topic."""
    topic = r.topic() or ""
    print(f"python {who}: bad record {topic}/{r.partition()}@{r.offset()} {e.kind.name} -> "
          f"{dead_letter_topic(topic)}", file=sys.stderr, flush=True)
    dead_letter(r, e).produce(p.producer, on_delivery=p.delivered)


class Producing:
    """An idempotent acks=all producer that frames W4 messages with ``CserSerializer``."""

    def __init__(self, bootstrap: str) -> None:
        self.producer = Producer(
            {
                "bootstrap.servers": bootstrap,
                "enable.idempotence": True,
                "acks": "all",
                "linger.ms": 20,
                "queue.buffering.max.messages": 200_000,
            }
        )
        self.serializer = CserSerializer(Message)
        self.failure: str | None = None

    def delivered(self, err: KafkaError | None, _msg: KafkaMessage) -> None:
        if err is not None and self.failure is None:
            self.failure = f"a record was not acknowledged: {err}"

    def send(self, topic: str, record_key: bytes | str | None, value: Message) -> None:
        headers: list[tuple[str, str | bytes | None]] = []
        data = self.serializer(value, SerializationContext(topic, MessageField.VALUE, headers))
        while True:
            try:
                self.producer.produce(topic, key=record_key, value=data, headers=headers, on_delivery=self.delivered)
                break
            except BufferError:  # the local queue is full: let deliveries drain it
                self.producer.poll(0.05)
        self.producer.poll(0)

    def flush(self) -> None:
        if self.producer.flush(FLUSH_SECONDS) != 0:
            raise ChainError(f"records still unacknowledged after {FLUSH_SECONDS:.0f} s")
        if self.failure is not None:
            raise ChainError(self.failure)


def consumer(bootstrap: str, group: str, topic: str) -> Consumer:
    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": group,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
        }
    )
    c.subscribe([topic])
    return c


def polled(c: Consumer, timeout: float) -> list[KafkaMessage]:
    records = c.consume(num_messages=BATCH, timeout=timeout)
    good = []
    for r in records:
        error = r.error()
        if error is None:
            good.append(r)
        elif error.fatal() or error.code() not in (KafkaError._TRANSPORT, KafkaError._ALL_BROKERS_DOWN):
            raise ChainError(f"consume: {error}")
        else:  # the broker is down (a fault): librdkafka reconnects by itself
            print(f"python consume: {error} (retrying)", file=sys.stderr, flush=True)
    return good


def committed(c: Consumer) -> None:
    """Commits the consumer's offsets; a failed commit only means records may be relayed again."""
    try:
        c.commit(asynchronous=False)
    except KafkaException as e:
        print(f"python commit: {e} (the batch may be relayed again)", file=sys.stderr, flush=True)


def report(what: str, count: int, start: float) -> None:
    seconds = time.perf_counter() - start
    print(f"python {what}: {count} messages in {seconds:.2f} s ({count / seconds:.0f} msg/s)", flush=True)


def produce(bootstrap: str, topic: str, count: int) -> None:
    start = time.perf_counter()
    first = setting("CHAIN_INJECT")
    p = Producing(bootstrap)
    for n in range(count):
        if n == count // 2 and first is not None:
            p.flush()  # what came before is in the topic: the injected records land mid-stream
            inject(raw_producer(bootstrap), topic, first, range(KEYS))
            print(f"python: injected {3 * KEYS} records into {topic} after message {n - 1}", flush=True)
        p.send(topic, key(n), w4(n))
    p.flush()
    report(f"produce {topic}", count, start)


def relay(bootstrap: str, source: str, target: str, count: int) -> None:
    deserializer = CserDeserializer(Message)
    first, extra, bad = setting("CHAIN_INJECT"), setting("CHAIN_EXTRA") or 0, setting("CHAIN_BAD") or 0
    p = Producing(bootstrap)
    raw = raw_producer(bootstrap) if first is not None else None
    c = consumer(bootstrap, f"cser-chain-{source}-{target}", source)
    try:
        deadline = time.monotonic() + DEADLINE_SECONDS
        start: float | None = None
        relayed = dead = 0
        distinct: set[int] = set()
        per_key = [0] * KEYS  # messages n < count relayed, per key, until the injection
        while len(distinct) < count + extra or dead < bad:
            if time.monotonic() > deadline:
                raise ChainError(f"relayed {relayed} of {count} records in {DEADLINE_SECONDS:.0f} s")
            records = polled(c, 0.5)
            if not records:
                continue
            if start is None:
                start = time.perf_counter()
            for r in records:
                try:
                    value = deserializer.deserialize_message(r)
                except CserDeserializationError as e:
                    dead_lettered("relay", p, r, e)
                    dead += 1
                    continue
                if value is None:
                    raise ChainError(f"a tombstone at {r.topic()}/{r.partition()}@{r.offset()}")
                # The decoded message, encoded again by the serializer: not the bytes consumed.
                p.send(target, r.key(), value)
                relayed += 1
                distinct.add(value.userid)
                if raw is not None and first is not None and value.userid < count:
                    k = value.userid % KEYS
                    per_key[k] += 1
                    if per_key[k] == half_of_key(count, k):
                        p.flush()  # what came before is in the topic: the injected records land mid-stream
                        inject(raw, target, first, range(k, k + 1))
            # At least once: the offsets are committed after the relayed records (and the dead
            # letters) are acknowledged.
            p.flush()
            committed(c)
        report(f"relay {source} -> {target}", relayed, start or time.perf_counter())
        if first is not None:
            print(f"python: injected {3 * KEYS} records into {target}, each key's after half its messages", flush=True)
    finally:
        c.close()


def check(bootstrap: str, topic: str, count: int) -> None:
    extra, bad = setting("CHAIN_EXTRA") or 0, setting("CHAIN_BAD") or 0
    expected = [Message.encode(w4(n)) for n in range(count + extra)]
    # The next n expected for each key: key k gets k, k + KEYS, k + 2 * KEYS, ...
    next_n = list(range(KEYS))
    extras_seen: set[int] = set()
    # Headers are required (every relay writes them) but on the headerless messages the writer of
    # this topic injected, the last KEYS of the extras.
    own_extras = range(count + extra - KEYS, count + extra) if extra else range(0)
    deserializer = CserDeserializer(Message)
    dead_letters = Producing(bootstrap)
    c = consumer(bootstrap, f"cser-chain-check-{topic}", topic)
    problems: list[str] = []
    dead = 0
    try:
        deadline = time.monotonic() + DEADLINE_SECONDS
        start: float | None = None
        received = 0
        quiet_until: float | None = None  # after the last expected record, a second more: duplicates show up
        while quiet_until is None or time.monotonic() < quiet_until:
            if time.monotonic() > deadline:
                raise ChainError(f"received {received} of {count + extra} messages and {dead} of {bad} bad "
                                 f"records in {DEADLINE_SECONDS:.0f} s")
            records = polled(c, 0.2)
            if records and start is None:
                start = time.perf_counter()
            for r in records:
                where = f"{r.topic()}/{r.partition()}@{r.offset()}"
                try:
                    value = deserializer.deserialize_message(r)  # the headers and value as Python reads them
                except CserDeserializationError as e:
                    dead_lettered("check", dead_letters, r, e)
                    dead += 1
                    continue
                received += 1
                has_type = TYPE in header_names(r)
                raw_key = r.key()
                record_key = raw_key.decode() if isinstance(raw_key, bytes) else str(raw_key)
                if value is not None and value.userid >= count:  # an injected headerless message
                    n = value.userid
                    if n >= count + extra or n in extras_seen or record_key != f"user-{(n - count) % KEYS}":
                        problems.append(f"{where}: unexpected or repeated headerless message {record_key}")
                    elif r.value() != expected[n]:
                        problems.append(f"{where}: {record_key} expected {expected[n].hex()}, got {r.value()!r}")
                    elif has_type == (n in own_extras):
                        problems.append(f"{where}: {record_key} {'has' if has_type else 'lacks'} cser headers")
                    extras_seen.add(n)
                    continue
                k = int(record_key[5:]) if record_key.startswith("user-") and record_key[5:].isdigit() else -1
                if not has_type:
                    problems.append(f"{where}: key {record_key} without cser headers")
                elif not 0 <= k < KEYS:
                    problems.append(f"{where}: unexpected key {record_key}")
                elif next_n[k] >= count:
                    problems.append(f"{where}: a message after the last of key {record_key}")
                else:
                    n = next_n[k]
                    next_n[k] += KEYS
                    if r.value() != expected[n]:
                        problems.append(
                            f"{where}: key {record_key} expected message {n} {expected[n].hex()}, got {r.value()!r}"
                        )
                if len(problems) >= 10:
                    raise ChainError("\n".join(problems))
            if received >= count + extra and dead >= bad and quiet_until is None:
                report(f"check {topic}", received, start or time.perf_counter())
                quiet_until = time.monotonic() + 1.0
        dead_letters.flush()
        c.commit(asynchronous=False)
    finally:
        c.close()
    if received != count + extra or len(extras_seen) != extra:
        problems.append(f"received {received} messages ({len(extras_seen)} headerless), expected {count + extra} "
                        f"({extra} headerless)")
    if dead != bad:
        problems.append(f"{dead} records did not decode, expected {bad}")
    if problems:
        raise ChainError("\n".join(problems))


def check_at_least_once(bootstrap: str, topic: str, count: int) -> None:
    """The check after a broker fault: a record may arrive twice, none may be missing.

    A relay whose commit was lost to the fault consumes those records again and relays them again,
    so a message may arrive more than once, the copies after its first arrival. What holds: every
    message n arrived, each copy byte-identical to w4(n) under key(n), and the first arrivals of a
    key in order (n, n + KEYS, ...), since every producer is idempotent and a relay starts again
    only from a committed offset, which is before anything it has not yet relayed.
    """
    expected = [Message.encode(w4(n)) for n in range(count)]
    next_n = list(range(KEYS))  # the next first arrival expected for each key
    arrived = [False] * count
    deserializer = CserDeserializer(Message, require_headers=True)
    c = consumer(bootstrap, f"cser-chain-check-{topic}", topic)
    problems: list[str] = []
    received = duplicates = distinct = 0
    try:
        deadline = time.monotonic() + DEADLINE_SECONDS
        start: float | None = None
        quiet_until: float | None = None  # after the last missing record, a second more: duplicates show up
        while quiet_until is None or time.monotonic() < quiet_until:
            if time.monotonic() > deadline:
                raise ChainError(f"{distinct} of {count} messages arrived in {DEADLINE_SECONDS:.0f} s")
            records = polled(c, 0.2)
            if records and start is None:
                start = time.perf_counter()
            for r in records:
                received += 1
                where = f"{r.topic()}/{r.partition()}@{r.offset()}"
                value = deserializer.deserialize_message(r)
                n = -1 if value is None else value.userid
                raw_key = r.key()
                record_key = raw_key.decode() if isinstance(raw_key, bytes) else str(raw_key)
                if not 0 <= n < count:
                    problems.append(f"{where}: unexpected message {r.value()!r}")
                elif record_key != key(n) or r.value() != expected[n]:
                    problems.append(f"{where}: expected message {n} {expected[n].hex()} under key {key(n)}, "
                                    f"got {r.value()!r} under {record_key}")
                elif arrived[n]:
                    duplicates += 1
                elif n != next_n[n % KEYS]:
                    problems.append(f"{where}: key {record_key}: message {n} arrived first before {next_n[n % KEYS]}")
                else:
                    arrived[n] = True
                    distinct += 1
                    next_n[n % KEYS] += KEYS
                if len(problems) >= 10:
                    raise ChainError("\n".join(problems))
            if distinct == count and quiet_until is None:
                report(f"check-at-least-once {topic}", received, start or time.perf_counter())
                quiet_until = time.monotonic() + 1.0
        committed(c)
    finally:
        c.close()
    print(f"python check-at-least-once {topic}: all {count} arrived, {duplicates} duplicates", flush=True)
    if problems:
        raise ChainError("\n".join(problems))


def main(argv: list[str]) -> int:
    bootstrap = os.environ.get("BOOTSTRAP_SERVERS", "")
    roles: dict[str, Any] = {"produce": (produce, 2), "relay": (relay, 3), "check": (check, 2),
                              "check-at-least-once": (check_at_least_once, 2)}
    if not bootstrap or len(argv) < 2 or argv[1] not in roles or len(argv) != 2 + roles[argv[1]][1]:
        print(__doc__, file=sys.stderr)
        return 2
    function, _ = roles[argv[1]]
    try:
        function(bootstrap, *argv[2:-1], int(argv[-1]))
    except (ChainError, CserDeserializationError) as e:  # the latter names topic, partition and offset
        print(f"python {argv[1]}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
