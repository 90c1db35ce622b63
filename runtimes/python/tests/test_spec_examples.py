"""The worked examples of SPEC.md §13, read from the spec itself and checked against the Python
code generated from schema/examples/spec_examples.cser: every ``example`` decodes and encodes back
to its bytes (and every prefix of it is rejected), every ``read`` decodes to a value whose own
encoding differs, a record value decoded by either has exactly the unknown fields its text shows
(``unknown(02; 02 01)``, SPEC §5.5.1, or none), every ``reject`` fails with the kind it names,
the ``stream`` is read and written back byte for byte, and the type id and fingerprint of
``Reading`` are the first 8 bytes of the digests shown. (SpecExamplesTest.java compares the
values themselves.)"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
import spec.examples as spec

from conftest import ROOT
from cser import DecodeError, StreamReader, StreamWriter, UnknownFields

KINDS = ("example", "read", "reject", "stream", "canonical", "sha256")
#: A record's unknown fields at the end of its value text: ``unknown(U; T)``, U the presence bits
#: as one hex byte, T the bytes in hex (SPEC §13.1).
UNKNOWN = re.compile(r", unknown\(([0-9a-f]{2}); ((?:[0-9a-f]{2}(?: [0-9a-f]{2})*)?)\)\}$")


@dataclass
class Example:
    kind: str
    name: str
    text: str
    line: int
    data: bytearray = field(default_factory=bytearray)


def parse_spec() -> list[Example]:
    lines = (ROOT / "schema" / "SPEC.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("## 13. "))
    end = next(i for i, line in enumerate(lines) if line.startswith("## 14. "))
    examples: list[Example] = []
    fence: bool | None = None  # inside a fence: True for examples, False for a `cser` quote
    for i in range(start, end):
        line = lines[i]
        if line.startswith("```"):
            fence = line[3:].strip() == "" if fence is None else None
            continue
        if fence is not True:
            continue
        kind, _, rest = line.partition(" ")
        if kind in KINDS and ": " in rest:
            name, _, text = rest.partition(": ")
            examples.append(Example(kind, name, text, i + 1))
            continue
        if not examples or examples[-1].kind == "canonical" or not line or line.startswith(" "):
            continue
        hex_part = line.split("  ")[0]
        assert re.fullmatch(r"[0-9a-f]{2}( [0-9a-f]{2})*", hex_part), f"SPEC.md line {i + 1}: {line}"
        examples[-1].data += bytes.fromhex(hex_part)
    return examples


EXAMPLES = parse_spec()


def type_of(text: str) -> Any:
    """The generated class a value text starts with: ``Point3{...}``, ``Shape.circle(...)``."""
    name = re.match(r"\w+", text)
    assert name, text
    cls = getattr(spec, name.group(0), None)
    assert cls is not None, f"§13 names type {name.group(0)}, which spec_examples.cser does not have"
    return cls


def test_as_many_examples_as_the_java_table() -> None:
    assert len(EXAMPLES) == 140


def unknown_of(text: str) -> UnknownFields | None:
    """The unknown fields a value text shows at its end, or None."""
    m = UNKNOWN.search(text)
    return None if m is None else UnknownFields(int(m.group(1), 16), bytes.fromhex(m.group(2)))


def test_the_unknown_fields_notation_is_parsed() -> None:
    # The examples of SPEC §13.14 that keep unknown fields: a V2 record read by V1, then edited.
    shown = {e.name: unknown_of(e.text) for e in EXAMPLES if e.kind in ("example", "read")}
    assert shown["todo_v2_read_by_v1"] == shown["todo_v2_edited_by_v1"] == UnknownFields(2, b"\x02\x01")
    assert shown["todo_v1_written_back"] is None
    assert sum(u is not None for u in shown.values()) == 2


#: An unknown union variant's value text (SPEC §13.1): ``Shape.unknown(4; 02 6f 6b)``.
UNKNOWN_VARIANT = re.compile(r"^(\w+)\.unknown\((\d+); ((?:[0-9a-f]{2}(?: [0-9a-f]{2})*)?)\)$")


def test_the_unknown_variant_example_is_kept_and_written_back() -> None:
    # SPEC §13.13 shape_unknown: a variant Shape does not have, kept as Shape's Unknown subclass.
    shown = [e for e in EXAMPLES if UNKNOWN_VARIANT.match(e.text)]
    assert [e.name for e in shown] == ["shape_unknown"]
    for e in shown:
        m = UNKNOWN_VARIANT.match(e.text)
        assert m is not None
        cls = type_of(e.text)
        value = cls.decode(bytes(e.data))
        assert type(value) is getattr(spec, m.group(1) + "Unknown"), e.name
        assert (value.value.tag, value.value.payload) == (int(m.group(2)), bytes.fromhex(m.group(3))), e.name
        assert value.encode() == bytes(e.data), e.name


@pytest.mark.parametrize("e", EXAMPLES, ids=lambda e: f"{e.kind}-{e.name}")
def test_example(e: Example) -> None:
    at = f"SPEC.md line {e.line} ({e.name})"
    data = bytes(e.data)
    if e.kind in ("example", "read"):
        value = type_of(e.text).decode(data)
        if getattr(value, "_IS_RECORD", False):
            # A record keeps what its schema does not know, exactly as the text shows it.
            assert value.unknown_fields() == unknown_of(e.text), at
    if e.kind == "example":
        cls = type_of(e.text)
        assert cls.decode(data).encode() == data, at
        for cut in range(len(data)):
            with pytest.raises(DecodeError):
                cls.decode(data[:cut])
    elif e.kind == "read":
        # VALUE, as a program builds it, encodes to other bytes. The value decoded keeps the bytes
        # its deprecated fields were read from (SPEC §5.5.1) and may write them back: without
        # them it is VALUE.
        value = type_of(e.text).decode(data)
        if getattr(value, "_cser_deprecated", None) is not None:
            assert value.encode() == data, at
            value._cser_deprecated = None
        assert value.encode() != data, at
    elif e.kind == "reject":
        type_name, _, kind = e.text.partition(" (")
        kind = kind.rstrip(")").upper().replace("-", "").replace(" ", "_")
        with pytest.raises(DecodeError) as error:
            type_of(type_name).decode(data)
        assert error.value.kind.name == kind, f"{at}: {error.value}"
    elif e.kind == "stream":
        reader = StreamReader(io.BytesIO(data), spec.Reading, require_fingerprint=True)
        readings = list(reader)
        assert len(readings) == 2, at
        out = io.BytesIO()
        with StreamWriter(out, spec.Reading) as writer:
            for r in readings:
                writer.write(r)
        assert out.getvalue() == data, at
    elif e.kind == "sha256":
        first8 = int.from_bytes(data[:8], "little")
        generated = {"reading_type_id": spec.Reading.TYPE_ID, "reading_fingerprint": spec.Reading.FINGERPRINT}
        assert first8 == generated[e.name], at
    else:
        assert e.kind == "canonical" and e.text == spec.Reading.TYPE_NAME, at
