"""A receiver of W4 messages (schema/examples/message.cser, ``bench.message.Message``): a TCP
server on 127.0.0.1 that reads one cser stream (SPEC §8) per connection, one thread per
connection.

    python w4_receiver.py PORT        (0: any free port)

Run it with the Python of runtimes/python/.venv (``make test-python`` makes it). At start it
generates the code of message.cser into conformance/target/load/w4-python (with the compiler of
this checkout, through ``cser.compile``) unless that is newer than the schema and the compiler, and imports
``bench.message`` from there.

Protocol (the same as the Java and Rust receivers, driven by conformance/load/run_load.py):
prints ``listening PORT`` when ready; a connection whose stream fails (bad header, bad frame, a
message that does not decode, a frame above 1 MiB, an I/O error) is closed after exactly one
line ``error: conn N: <error>`` on stderr; on SIGTERM or when stdin closes it stops accepting,
lets open connections finish (up to 5 s) and prints ``total messages=N good_connections=G
bad_connections=B``.

Memory per connection is bounded by the stream reader: a frame is at most MAX_MESSAGE_SIZE
(larger ones are rejected before they are read) and its buffer grows only as bytes arrive.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "schema" / "examples" / "message.cser"
GENERATED = ROOT / "conformance" / "target" / "load" / "w4-python"

#: The largest frame a connection may send (a W4 message is about 100 bytes).
MAX_MESSAGE_SIZE = 1 << 20
#: How long open connections may go on after the receiver is told to stop.
DRAIN_SECONDS = 5.0


def _generated_module() -> Any:
    from cser.compile import compile_schemas, find_jar

    module = GENERATED / "bench" / "message.py"
    # Generated again when the schema or the compiler changed since.
    newest = max(SCHEMA.stat().st_mtime, Path(find_jar()).stat().st_mtime)
    if not module.is_file() or module.stat().st_mtime < newest:
        compile_schemas([str(SCHEMA)], str(GENERATED))
    sys.path.insert(0, str(GENERATED))
    import bench.message

    return bench.message


class Receiver:
    def __init__(self, message_type: Any) -> None:
        self.message_type = message_type
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.messages = 0
        self.good = 0
        self.bad = 0
        self.open = 0

    def serve(self, conn_id: int, conn: socket.socket) -> None:
        from cser import DecodeError, StreamReader

        count = 0
        error: str | None = None
        try:
            with conn:
                reader = StreamReader(conn, self.message_type, max_message_size=MAX_MESSAGE_SIZE)
                try:
                    for _message in reader:
                        count += 1
                except DecodeError as e:
                    error = str(e)
                except OSError as e:
                    error = f"I/O error: {e}"
                finally:
                    reader.close()
        except OSError as e:  # closing failed: the connection is gone anyway
            error = error or f"I/O error: {e}"
        with self.lock:
            self.messages += count
            if error is None:
                self.good += 1
            else:
                self.bad += 1
                print(f"error: conn {conn_id}: {error}", file=sys.stderr, flush=True)
            self.open -= 1

    def run(self, port: int) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(128)
        # Polled, so that a signal or the end of stdin is noticed within 50 ms.
        listener.settimeout(0.05)
        print(f"listening {listener.getsockname()[1]}", flush=True)
        next_id = 0
        with listener:
            while not self.stop.is_set():
                try:
                    conn, _ = listener.accept()
                except TimeoutError:
                    continue
                except InterruptedError:
                    continue
                except OSError as e:
                    print(f"error: accept: {e}", file=sys.stderr, flush=True)
                    continue
                conn.settimeout(None)
                next_id += 1
                with self.lock:
                    self.open += 1
                threading.Thread(target=self.serve, args=(next_id, conn), daemon=True).start()
        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline:
            with self.lock:
                if self.open == 0:
                    break
            time.sleep(0.01)
        with self.lock:
            print(f"total messages={self.messages} good_connections={self.good} bad_connections={self.bad}",
                  flush=True)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[1].isdigit() or int(argv[1]) > 65535:
        print("usage: w4_receiver.py PORT   (0: any free port)", file=sys.stderr)
        return 2
    receiver = Receiver(_generated_module().Message)

    def on_sigterm(signum: int, frame: FrameType | None) -> None:
        receiver.stop.set()

    signal.signal(signal.SIGTERM, on_sigterm)

    def watch_stdin() -> None:
        # Stop when stdin closes (its end of file, or an error).
        try:
            while os.read(sys.stdin.fileno(), 65536):
                pass
        except (OSError, ValueError):
            pass
        receiver.stop.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    receiver.run(int(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
