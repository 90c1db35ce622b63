"""Known schemas (SPEC §9.1): canonical texts keyed by the fingerprint this runtime computes from
each, in which a stream reader looks up the fingerprint of a stream's writer, and the verdict of
each writer against each reader type, worked out once.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from pathlib import Path

from cser.canonical import canonical_text, fingerprint_of, type_name
from cser.schema_compat import schema_difference
from cser.schema_text import SchemaText, SchemaTextError

__all__ = ["CANONICAL_SUFFIX", "KnownSchemas"]

#: What the name of a file :meth:`KnownSchemas.from_dir` loads ends with.
CANONICAL_SUFFIX = ".canonical"


class KnownSchemas:
    """Canonical schema texts (SPEC §8.1) keyed by their fingerprints (SPEC §8), computed here with
    SHA-256 from each text: a set of writers' schemas a :class:`cser.StreamReader` compares with
    its own type's (``known_schemas=``). Each text is parsed when it is added, so a bad one fails
    then (:class:`~cser.schema_text.SchemaTextError`), not when a stream meets it. The verdict for
    a writer's fingerprint and a reader type is worked out once and kept (:meth:`difference`).
    Safe to share between threads and readers."""

    __slots__ = ("_lock", "_schemas", "_verdicts")

    def __init__(self, texts: Iterable[str] = ()) -> None:
        """Adds each of ``texts``."""
        self._schemas: dict[int, SchemaText] = {}
        self._verdicts: dict[tuple[int, type], str | None] = {}
        self._lock = threading.Lock()
        for text in texts:
            self.add(text)

    @classmethod
    def from_dir(cls, path: str | os.PathLike[str]) -> KnownSchemas:
        """Every file of the directory ``path`` whose name ends with ``.canonical``, each holding
        one canonical text in UTF-8 (as ``cserc`` writes them). A bad text raises
        :class:`~cser.schema_text.SchemaTextError` naming its file in ``path``."""
        known = cls()
        for f in sorted(Path(path).iterdir()):
            if not f.name.endswith(CANONICAL_SUFFIX) or not f.is_file():
                continue
            # A byte that is not UTF-8 becomes a lone surrogate, which the parser rejects where
            # it stands (a canonical text is ASCII), with its line and column.
            text = f.read_bytes().decode("utf-8", "surrogateescape")
            try:
                known.add(text)
            except SchemaTextError as e:
                raise SchemaTextError(e.line, e.column, e.what, str(f)) from None
        return known

    def add(self, text: str) -> int:
        """Adds a canonical text and returns its fingerprint. Raises
        :class:`~cser.schema_text.SchemaTextError` if it is not one."""
        schema = SchemaText.parse(text)
        fingerprint = fingerprint_of(text)
        with self._lock:
            self._schemas.setdefault(fingerprint, schema)
        return fingerprint

    def get(self, fingerprint: int) -> str | None:
        """The canonical text of the fingerprint, or ``None`` when it is not known."""
        schema = self._schemas.get(fingerprint)
        return None if schema is None else schema.text

    def __contains__(self, fingerprint: object) -> bool:
        return fingerprint in self._schemas

    def __len__(self) -> int:
        return len(self._schemas)

    def fingerprints(self) -> list[int]:
        """The fingerprints known, in the order they were added."""
        return list(self._schemas)

    def difference(self, fingerprint: int, reader: type) -> str | None:
        """The first difference (SPEC §9.1) between the writer's schema of ``fingerprint`` and the
        generated type ``reader``'s, as :func:`cser.schema_difference` words it, or ``None`` when
        the writer is compatible (its own fingerprint always is). Worked out once per fingerprint
        and reader type. Raises :class:`KeyError` for a fingerprint not known."""
        key = (fingerprint, reader)
        try:
            return self._verdicts[key]
        except KeyError:
            pass
        schema = self._schemas[fingerprint]
        if fingerprint == getattr(reader, "FINGERPRINT", None):
            verdict = None
        else:
            verdict = schema_difference(schema, canonical_text(reader), type_name(reader))
        with self._lock:
            return self._verdicts.setdefault(key, verdict)

    def __repr__(self) -> str:
        return f"KnownSchemas({len(self._schemas)} schemas)"

