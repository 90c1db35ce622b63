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

from confluent_kafka import Consumer, KafkaException, TopicPartition
from confluent_kafka.admin import AdminClient
from confluent_kafka.cimpl import NewTopic

from cser.compile import compile_schemas

ROOT = Path(__file__).resolve().parents[2]
BROKER = ROOT / "conformance" / "kafka" / "broker"
TARGET = ROOT / "conformance" / "target" / "kafka"
PYTHON_W4 = TARGET / "chain-python"
JAVA_CLASSPATH = TARGET / "chain-classpath.txt"
JAVA_KAFKA = ROOT / "runtimes" / "java" / "kafka" / "target"
RUST_RELAY = ROOT / "runtimes" / "rust" / "target" / "debug" / "examples" / "chain_relay"
PYTHON_ROLE = Path(__file__).resolve().parent / "chain_role.py"
PARTITIONS = 3
LEG_TIMEOUT_SECONDS = 300
#: --fault: how long the broker stays down before `broker restart` (which then takes seconds more).
PAUSE_SECONDS = 3.0
#: --fault: Java produces this many messages per second, so the fault strikes mid-flow in every leg.
FAULT_PRODUCE_RATE = 2000


def java() -> list[str]:
    if not JAVA_CLASSPATH.is_file():
        sys.exit(f"chain.py: no {JAVA_CLASSPATH}: build with `make test-kafka-chain`")
    classpath = [str(JAVA_KAFKA / "test-classes"), str(JAVA_KAFKA / "classes"), JAVA_CLASSPATH.read_text().strip()]
    return [
        os.environ.get("JAVA", "java"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-cp",
        os.pathsep.join(classpath),
        "dev.cser.kafka.chain.ChainRole",
    ]


def rust() -> list[str]:
    if not RUST_RELAY.is_file():
        sys.exit(f"chain.py: no {RUST_RELAY}: build with `make test-kafka-chain`")
    return [str(RUST_RELAY)]


def python() -> list[str]:
    return [sys.executable, str(PYTHON_ROLE)]


def broker(*args: str) -> str:
    done = subprocess.run([str(BROKER), *args], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"broker {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def create_topics(bootstrap: str, names: list[str]) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    futures = admin.create_topics([NewTopic(name, PARTITIONS, 1) for name in names])
    for future in futures.values():
        future.result(60)


def leg(env: dict[str, str], who: str, command: list[str]) -> bool:
    """Runs one program of the chain; prints its own line and the leg's wall time."""
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
    return True


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
        create_topics(bootstrap, ["chain-a", "chain-b", "chain-c",
                                  "chain-reverse-a", "chain-reverse-b", "chain-reverse-c"])
        env = dict(os.environ, BOOTSTRAP_SERVERS=bootstrap,
                   PYTHONPATH=os.pathsep.join(filter(None, [str(PYTHON_W4), os.environ.get("PYTHONPATH")])))
        if args.fault:
            return 0 if fault(env, commands, directory, bootstrap, count) else 1
        for direction, legs in (("Java -> Rust -> Python -> Java", forward), ("Python -> Rust -> Java -> Python", reverse)):
            print(f"{direction}: {count} W4 messages, {PARTITIONS} partitions per topic", flush=True)
            start = time.perf_counter()
            for who, (language, *rest) in legs:
                if not leg(env, who, [*commands[language], *rest, count]):
                    return 1
            print(f"{direction}: all {count} arrived byte-identical and in order per key "
                  f"({time.perf_counter() - start:.1f} s)", flush=True)
        return 0
    finally:
        if (directory / "broker.properties").is_file():
            subprocess.run([str(BROKER), "down", str(directory)], check=False, timeout=120)
        if directory.parent.is_dir() and not any(directory.parent.iterdir()):
            directory.parent.rmdir()


if __name__ == "__main__":
    sys.exit(main())
