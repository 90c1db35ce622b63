"""The Python side of the cross-language stream and socket checks. Exits with status 1 and a
message when a record is not the one expected.

    cross_language.py GENERATED_DIR stream-relay IN OUT
    cross_language.py GENERATED_DIR socket-recv N      (prints "PORT p", accepts one connection)
    cross_language.py GENERATED_DIR socket-send PORT N
    cross_language.py GENERATED_DIR db-edit DB         (edits entities whose id % 10 == 3)

GENERATED_DIR holds the Python code generated from schema/examples (sakai.cser, message.cser).
"""

from __future__ import annotations

import socket
import sqlite3
import sys
from typing import Any, NoReturn


def fail(what: str) -> NoReturn:
    print(f"cross_language.py: {what}", file=sys.stderr)
    sys.exit(1)


def main(argv: list[str]) -> None:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.path.insert(0, argv[1])
    import cser
    from bench.message import Message
    from sakai.content import ContentResource

    def message(n: int) -> Message:
        """W4 message ``n``, as every language's sender and receiver build it."""
        return Message(type_=n % 4, active=n % 2 == 0, username=f"User_{n}", userid=n, data=f"data {n}")

    command, args = argv[2], argv[3:]
    if command == "stream-relay":
        with open(args[0], "rb") as src, open(args[1], "wb") as dst, cser.StreamWriter(dst, ContentResource) as w:
            for entity in cser.StreamReader(src, ContentResource):
                w.write(entity)
    elif command == "socket-recv":
        count = int(args[0])
        with socket.create_server(("127.0.0.1", 0)) as server:
            print(f"PORT {server.getsockname()[1]}", flush=True)
            conn, _ = server.accept()
            with conn, conn.makefile("rb") as stream:
                n = 0
                received: Any
                for received in cser.StreamReader(stream, Message):
                    if received != message(n):
                        fail(f"message {n} differs: {received!r}")
                    n += 1
            if n != count:
                fail(f"received {n} messages, expected {count}")
    elif command == "socket-send":
        port, count = int(args[0]), int(args[1])
        with socket.create_connection(("127.0.0.1", port)) as conn, conn.makefile("wb") as stream:
            with cser.StreamWriter(stream, Message) as w:
                for n in range(count):
                    w.write(message(n))
    elif command == "db-edit":
        # Seed 002's setting: entities stored as blobs in a database column. Every tenth one is
        # edited (the same rule as CrossLanguage.java's db-expected) and written back.
        with sqlite3.connect(args[0]) as db:
            rows = db.execute("SELECT id, body FROM entity ORDER BY id").fetchall()
            for entity_id, body in rows:
                entity = ContentResource.decode(body)
                if entity_id % 10 == 3:
                    entity.hidden = not entity.hidden
                    entity.properties["SAKAI:edited-by"] = ["python", "é"]
                    db.execute("UPDATE entity SET body = ? WHERE id = ?", (entity.encode(), entity_id))
            print(f"{len(rows)} entities read, {sum(1 for r in rows if r[0] % 10 == 3)} edited")
    else:
        fail(f"unknown command {command}")


if __name__ == "__main__":
    main(sys.argv)
