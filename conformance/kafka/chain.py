"""W4 messages across the three languages through one real Kafka broker (issue 17):

    forward: Java produces COUNT messages to chain-a -> Rust relays them to chain-b -> Python
             relays them to chain-c -> Java checks them
    reverse: Python produces to chain-reverse-a -> Rust relays to chain-reverse-b -> Java relays
             to chain-reverse-c -> Python checks

Every topic has 3 partitions. Each relay decodes every record with its language's serdes and
encodes the decoded message again (it never copies the bytes), so the checker's test, every
message arrived once, in order per key and byte-identical to what was first produced, proves the
three languages' serdes agree. Producers are idempotent with acks=all; relays commit a batch's
offsets after the relayed records are acknowledged.

Bad records: the writer of every topic (the producer, each relay) writes, right after half of its
messages of each key, under that key (so mid-stream in its partition) a corrupt W4 value, a W4
value under another type id and a W4 message without cser headers (chain_role.injected;
CHAIN_INJECT in its environment). Every consumer reports
each bad one on stderr, sends it to TOPIC.dlt and goes on; the headerless ones are decoded as W4 and
relayed (extra message ids COUNT and up) and the checker requires them. After each direction this
script reads every TOPIC.dlt and asserts exactly the injected bad records are there, each with
its source partition and offset (where the injected bytes are, mid-stream), kind and bytes.

    python conformance/kafka/chain.py [--count N]      (make test-kafka-chain builds the parts)
    python conformance/kafka/chain.py --fault [--count N]    (make test-kafka-fault)

--fault: a broker fault during the forward chain (Java produces, Rust relays, Python relays,
Python checks). The four run at once; once records reach chain-c the broker is SIGKILLed
(`broker kill`), restarted after PAUSE_SECONDS (`broker restart`), and the programs ride out the
outage (they retry and reconnect). The checker then asserts at least once: every message
arrived, byte-identical, its first arrivals in order per key; it counts the duplicates.
Prints the outage (kill to the restarted broker serving) and the duplicates.

Run with the Python of runtimes/python/.venv. Starts the broker with conformance/kafka/broker in a
temporary directory and stops it however the run ends. Prints each leg's wall time and messages/s
(the process's, JVM start included, and the program's own from its first record); exits 1 when a
leg fails.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from confluent_kafka import Consumer, KafkaException, Message, TopicPartition
from confluent_kafka.admin import AdminClient
from confluent_kafka.cimpl import NewTopic

from cser.compile import compile_schemas

ROOT = Path(__file__).resolve().parents[2]
BROKER = ROOT / "conformance" / "kafka" / "broker"
TARGET = ROOT / "conformance" / "target" / "kafka"
PYTHON_W4 = TARGET / "chain-python"
#: The Java parts' dependencies (written by make kafka-streams-parts) and their classes.
JAVA_CLASSPATH = TARGET / "chain-classpath.txt"
JAVA_CLASSES = ROOT / "conformance" / "kafka" / "java" / "target" / "classes"
#: Built by conformance/rust-parts kafka into runtimes/rust's target directory (librdkafka built once).
RUST_ROLE = ROOT / "runtimes" / "rust" / "target" / "debug" / "chain_role"
#: The Python parts: chain_role.py, streams_check.py.
PYTHON_PARTS = Path(__file__).resolve().parent / "python"
PYTHON_ROLE = PYTHON_PARTS / "chain_role.py"
PARTITIONS = 3
#: Keys user-0 .. user-6; the writer of each topic injects three records under each.
KEYS = 7
LEG_TIMEOUT_SECONDS = 300
#: --fault: how long the broker stays down before `broker restart` (which then takes seconds more).
PAUSE_SECONDS = 3.0
#: --fault: Java produces this many messages per second, so the fault strikes mid-flow in every leg.
FAULT_PRODUCE_RATE = 2000


def java_main(main_class: str, make_target: str) -> list[str]:
    """The command running MAIN_CLASS of conformance/kafka/java on the classpath MAKE_TARGET writes."""
    if not JAVA_CLASSPATH.is_file():
        sys.exit(f"{Path(sys.argv[0]).name}: no {JAVA_CLASSPATH}: build with `make {make_target}`")
    classpath = [str(JAVA_CLASSES), JAVA_CLASSPATH.read_text().strip()]
    return [
        os.environ.get("JAVA", "java"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-cp",
        os.pathsep.join(classpath),
        main_class,
    ]


def java() -> list[str]:
    return java_main("dev.cser.conformance.kafka.ChainRole", "test-kafka-chain")


def rust() -> list[str]:
    if not RUST_ROLE.is_file():
        sys.exit(f"chain.py: no {RUST_ROLE}: build with `make test-kafka-chain`")
    return [str(RUST_ROLE)]


def python() -> list[str]:
    return [sys.executable, str(PYTHON_ROLE)]


def broker(*args: str) -> str:
    done = subprocess.run([str(BROKER), *args], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"broker {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def create_topics(bootstrap: str, names: list[str], partitions: int = PARTITIONS) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    futures = admin.create_topics([NewTopic(name, partitions, 1) for name in names])
    for future in futures.values():
        future.result(60)


def leg(env: dict[str, str], who: str, command: list[str]) -> bool:
    """Runs one program of the chain; prints its own line, the bad records it reported and the
    leg's wall time. Fails when it reported another number of bad records than CHAIN_BAD."""
    start = time.perf_counter()
    done = subprocess.run(command, env=env, timeout=LEG_TIMEOUT_SECONDS, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    for line in done.stdout.splitlines():
        print(f"  {line}")
    count = int(command[-1])
    print(f"{who}: wall {seconds:.2f} s, {count / seconds:.0f} msg/s", flush=True)
    if done.returncode != 0:
        print(f"{who} FAILED (exit {done.returncode}):\n{done.stderr}", file=sys.stderr, flush=True)
        return False
    reported = [line for line in done.stderr.splitlines() if ": bad record " in line]
    for line in reported:
        print(f"  {line}")
    if len(reported) != int(env.get("CHAIN_BAD", "0")):
        print(f"{who} FAILED: reported {len(reported)} bad records, expected {env.get('CHAIN_BAD', '0')}:\n"
              f"{done.stderr}", file=sys.stderr, flush=True)
        return False
    return True


def injection(count: int, stage: int) -> dict[str, str]:
    """The environment of the program at `stage` of a direction (0 the producer, 3 the checker):
    what it injects into its topic and what its input holds (see chain_role.py)."""
    env = {}
    if stage < 3:
        env["CHAIN_INJECT"] = str(count + stage * KEYS)
    if stage > 0:
        env["CHAIN_EXTRA"] = str(stage * KEYS)
        env["CHAIN_BAD"] = str(2 * KEYS)
    return env


ERROR_HEADERS = ["cser.error.topic", "cser.error.partition", "cser.error.offset", "cser.error.origin",
                 "cser.error.kind", "cser.error.byte.offset", "cser.error.message"]


def read(c: Consumer, ranges: dict[tuple[str, int], tuple[int, int]]) -> dict[tuple[str, int, int], Message]:
    """The raw records of each (topic, partition) from offset lo up to hi, all assigned at once."""
    c.assign([TopicPartition(topic, p, lo) for (topic, p), (lo, hi) in ranges.items() if lo < hi])
    out: dict[tuple[str, int, int], Message] = {}
    left = sum(max(0, hi - lo) for lo, hi in ranges.values())
    deadline = time.monotonic() + 30
    while left > 0 and time.monotonic() < deadline:
        for m in c.consume(min(left, 10_000), 0.5):
            if m.error() is not None:
                raise RuntimeError(f"reading {m.topic()}/{m.partition()}: {m.error()}")
            topic, p, offset = m.topic() or "", m.partition() or 0, m.offset() or 0
            if offset < ranges[(topic, p)][1]:
                out[(topic, p, offset)] = m
                left -= 1
    c.unassign()
    return out


def pairs(m: Message) -> list[tuple[str, bytes | None]]:
    found = m.headers() or []
    return bytes_of(list(found.items()) if isinstance(found, dict) else found)


def bytes_of(headers: list[tuple[str, str | bytes | None]]) -> list[tuple[str, bytes | None]]:
    return [(name, value.encode() if isinstance(value, str) else value) for name, value in headers]


def check_dead_letters(bootstrap: str, injected_into: dict[str, int]) -> list[str]:
    """What is wrong with the dead-letter topics of a direction. For each topic (with the first id
    its writer injected), TOPIC.dlt must hold, for each key k, the dead letters of the corrupt and
    the other-type record injected under it (chain_role.injected(first, k)), with their keys,
    values and headers byte for byte, then the error headers naming topic, the partition and
    offset where the injected records are (three in a row, with records before and after them),
    the kind and byte offset 0."""
    from chain_role import injected  # needs bench.message, generated by main()

    problems: list[str] = []
    began = time.perf_counter()
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": "cser-chain-dlt", "enable.auto.commit": False})
    try:
        def high(topic: str, p: int) -> int:
            return int(c.get_watermark_offsets(TopicPartition(topic, p), timeout=10)[1])

        dlts = {f"{topic}.dlt": topic for topic in injected_into}
        letters = read(c, {(dlt, 0): (0, high(dlt, 0)) for dlt in dlts})
        for dlt in dlts:
            if high(dlt, 0) != 2 * KEYS:
                problems.append(f"{dlt} holds {high(dlt, 0)} records, expected {2 * KEYS}")
        seen: set[tuple[str, int, str]] = set()
        # (where, topic, key k, partition, offset of the first injected record)
        found: list[tuple[str, str, int, int, int]] = []
        for (dlt, _, at), letter in sorted(letters.items()):
            topic, first = dlts[dlt], injected_into[dlts[dlt]]
            headers = pairs(letter)
            where = f"{dlt}@{at}"
            if [name for name, _ in headers[-len(ERROR_HEADERS):]] != ERROR_HEADERS:
                problems.append(f"{where}: error headers {headers}")
                continue
            text = {name: (value or b"").decode() for name, value in headers[-len(ERROR_HEADERS):]}
            p, offset, kind = int(text["cser.error.partition"]), int(text["cser.error.offset"]), text["cser.error.kind"]
            which = {"LENGTH_TOO_LARGE": 0, "WRONG_TYPE": 1}.get(kind)
            raw_key = (letter.key() or b"").decode()
            k = int(raw_key[5:]) if raw_key.startswith("user-") and raw_key[5:].isdigit() else -1
            if which is None or not 0 <= k < KEYS or not 0 <= p < PARTITIONS or (topic, k, kind) in seen:
                problems.append(f"{where}: unexpected or repeated {kind} under key {raw_key} (partition {p})")
                continue
            seen.add((topic, k, kind))
            key, value, original = injected(first, k)[which]
            if (letter.key(), letter.value(), headers[:-len(ERROR_HEADERS)]) != (key, value, bytes_of(original)):
                problems.append(f"{where}: not the bytes injected: key {letter.key()!r}, headers {headers}")
            if (text["cser.error.topic"], text["cser.error.origin"], text["cser.error.byte.offset"]) != (topic, "VALUE", "0"):
                problems.append(f"{where}: error headers {text}")
            found.append((where, topic, k, p, offset - which))
        # The source records at those offsets are the injected ones, three in a row, mid-stream: each
        # partition read once, over the span of the injections it holds.
        ends = {(topic, p): high(topic, p) for _, topic, _, p, _ in found}
        spans: dict[tuple[str, int], tuple[int, int]] = {}
        for _, topic, _, p, start in found:
            lo, hi = spans.get((topic, p), (start, start))
            spans[(topic, p)] = (min(lo, start), min(max(hi, start + 3), ends[(topic, p)]))
        records = read(c, spans)
        for where, topic, k, p, start in found:
            got = [(m.key(), m.value(), pairs(m)) for m in (records.get((topic, p, start + i)) for i in range(3)) if m]
            if got != [(rk, v, bytes_of(h)) for rk, v, h in injected(injected_into[topic], k)]:
                problems.append(f"{where}: {topic}/{p}@{start}.. does not hold the injected records")
            if not 0 < start < ends[(topic, p)] - 3:
                problems.append(f"{where}: the injected records at {topic}/{p}@{start} are not mid-stream "
                                f"(the partition holds {ends[(topic, p)]})")
        print(f"  {', '.join(dlts)}: {len(letters)} dead letters, each the injected bytes with its source "
              f"partition, offset and kind ({time.perf_counter() - began:.1f} s)", flush=True)
    finally:
        c.close()
    return problems


def records_in(bootstrap: str, topic: str) -> int:
    """How many records the topic's partitions hold (their high watermarks); 0 while a partition has no
    leader yet, as just after the topic's creation."""
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": "cser-chain-watermarks"})
    try:
        return sum(c.get_watermark_offsets(TopicPartition(topic, p), timeout=10)[1] for p in range(PARTITIONS))
    except KafkaException:
        return 0
    finally:
        c.close()


def fault(env: dict[str, str], commands: dict[str, list[str]], directory: Path, bootstrap: str, count: str) -> bool:
    """The forward chain's four programs at once, the broker SIGKILLed and restarted under them."""
    programs = [
        ("java produce chain-a", ["java", "produce", "chain-a"]),
        ("rust relay chain-a -> chain-b", ["rust", "chain-a", "chain-b"]),
        ("python relay chain-b -> chain-c", ["python", "relay", "chain-b", "chain-c"]),
        ("python check-at-least-once chain-c", ["python", "check-at-least-once", "chain-c"]),
    ]
    print(f"Java -> Rust -> Python with a broker fault: {count} W4 messages, {PARTITIONS} partitions per topic",
          flush=True)
    start = time.perf_counter()
    running = []
    for index, (who, (language, *rest)) in enumerate(programs):
        out, err = (directory.parent / f"program-{index}.{suffix}" for suffix in ("out", "err"))
        with out.open("w") as stdout, err.open("w") as stderr:
            process = subprocess.Popen([*commands[language], *rest, count], stdout=stdout, stderr=stderr,
                                       env=dict(env, CHAIN_PRODUCE_RATE=str(FAULT_PRODUCE_RATE)))
        running.append((who, process, out, err))
    try:
        # Messages flowing through every leg: the last relay's output topic has records.
        while records_in(bootstrap, "chain-c") == 0:
            if any(process.poll() not in (None, 0) for _, process, _, _ in running):
                break
            if time.perf_counter() - start > LEG_TIMEOUT_SECONDS:
                raise RuntimeError("no record reached chain-c")
            time.sleep(0.1)
        flowing = {"chain-a": records_in(bootstrap, "chain-a"), "chain-b": records_in(bootstrap, "chain-b"),
                   "chain-c": records_in(bootstrap, "chain-c")}
        if flowing["chain-a"] >= int(count):
            raise RuntimeError(f"the producer finished before the fault ({flowing}): raise --count")
        killed = time.perf_counter()
        broker("kill", str(directory))
        print(f"broker SIGKILLed at {killed - start:.1f} s, records then in "
              + ", ".join(f"{t} {n}" for t, n in flowing.items()), flush=True)
        time.sleep(PAUSE_SECONDS)
        broker("restart", str(directory))
        print(f"broker restarted: outage {time.perf_counter() - killed:.1f} s", flush=True)
        ok = True
        for who, process, out, err in running:
            try:
                code = process.wait(timeout=max(1.0, LEG_TIMEOUT_SECONDS - (time.perf_counter() - start)))
            except subprocess.TimeoutExpired:
                code = None
            for line in out.read_text().splitlines():
                print(f"  {line}")
            # stderr: the client errors the outage caused (connection refused, a failed commit), and
            # on a failure the reason.
            errors = err.read_text().splitlines()
            if code != 0:
                print(f"{who} FAILED ({'timed out' if code is None else f'exit {code}'}):", file=sys.stderr)
                print("\n".join(errors[-40:]), file=sys.stderr, flush=True)
                ok = False
            else:
                print(f"  {who}: {len(errors)} client error lines during the outage, ridden out", flush=True)
        if ok:
            print(f"Java -> Rust -> Python with a broker fault: all {count} arrived, byte-identical "
                  f"({time.perf_counter() - start:.1f} s)", flush=True)
        return ok
    finally:
        for _, process, out, err in running:
            if process.poll() is None:
                process.kill()
                process.wait()
            out.unlink(missing_ok=True)
            err.unlink(missing_ok=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, help="W4 messages per direction (100,000; --fault: 40,000)")
    parser.add_argument("--fault", action="store_true", help="the forward chain with the broker killed and restarted")
    args = parser.parse_args()
    count = str(args.count if args.count is not None else 40_000 if args.fault else 100_000)

    # The Python W4 type, generated by this checkout's compiler.
    compile_schemas([str(ROOT / "schema" / "examples" / "message.cser")], str(PYTHON_W4))
    commands = {"java": java(), "rust": rust(), "python": python()}

    forward = [
        ("java produce chain-a", ["java", "produce", "chain-a"]),
        ("rust relay chain-a -> chain-b", ["rust", "chain-a", "chain-b"]),
        ("python relay chain-b -> chain-c", ["python", "relay", "chain-b", "chain-c"]),
        ("java check chain-c", ["java", "check", "chain-c"]),
    ]
    reverse = [
        ("python produce chain-reverse-a", ["python", "produce", "chain-reverse-a"]),
        ("rust relay chain-reverse-a -> chain-reverse-b", ["rust", "chain-reverse-a", "chain-reverse-b"]),
        ("java relay chain-reverse-b -> chain-reverse-c", ["java", "relay", "chain-reverse-b", "chain-reverse-c"]),
        ("python check chain-reverse-c", ["python", "check", "chain-reverse-c"]),
    ]

    directory = Path(tempfile.mkdtemp(prefix="cser-chain-")) / "broker"
    try:
        line = broker("up", str(directory)).strip().splitlines()[-1]
        if not line.startswith("bootstrap.servers="):
            raise RuntimeError(f"broker up printed {line!r}")
        bootstrap = line.split("=", 1)[1]
        topics = ["chain-a", "chain-b", "chain-c", "chain-reverse-a", "chain-reverse-b", "chain-reverse-c"]
        create_topics(bootstrap, topics)
        if not args.fault:  # the dead-letter topics: one partition, so their order is the consumers'
            create_topics(bootstrap, [f"{t}.dlt" for t in topics], 1)
        # chain_role's injected records, for check_dead_letters
        sys.path[:0] = [str(PYTHON_W4), str(PYTHON_PARTS)]
        env = dict(os.environ, BOOTSTRAP_SERVERS=bootstrap,
                   PYTHONPATH=os.pathsep.join(filter(None, [str(PYTHON_W4), os.environ.get("PYTHONPATH")])))
        if args.fault:
            return 0 if fault(env, commands, directory, bootstrap, count) else 1
        for direction, legs in (("Java -> Rust -> Python -> Java", forward), ("Python -> Rust -> Java -> Python", reverse)):
            print(f"{direction}: {count} W4 messages, {PARTITIONS} partitions per topic", flush=True)
            start = time.perf_counter()
            for stage, (who, (language, *rest)) in enumerate(legs):
                if not leg(dict(env, **injection(int(count), stage)), who, [*commands[language], *rest, count]):
                    return 1
            problems = check_dead_letters(bootstrap, {rest[-1]: int(count) + stage * KEYS
                                                      for stage, (_, (_, *rest)) in enumerate(legs[:3])})
            if problems:
                print("dead letters FAILED:\n" + "\n".join(problems), file=sys.stderr, flush=True)
                return 1
            print(f"{direction}: all {count} arrived byte-identical and in order per key, with the "
                  f"{3 * KEYS} headerless ones; {6 * KEYS} bad records dead-lettered "
                  f"({time.perf_counter() - start:.1f} s)", flush=True)
        return 0
    finally:
        if (directory / "broker.properties").is_file():
            subprocess.run([str(BROKER), "down", str(directory)], check=False, timeout=120)
        if directory.parent.is_dir() and not any(directory.parent.iterdir()):
            directory.parent.rmdir()


if __name__ == "__main__":
    sys.exit(main())
