"""Bytes that start with the stream magic ``CSER`` (SPEC §8) fail to decode as one message with
the error they always gave plus a hint to read them as a stream, on both interpreters (the C
accelerator and the pure-Python one); stream frames, which may start with any bytes, never get it.
"""

from __future__ import annotations

import io
import pickle
from typing import Any

import pytest
from sakai.content import ContentResource

from cser import DecodeError, DecodeErrorKind, StreamReader, StreamWriter, bind
from cser.errors import STREAM_HINT
from cser.limits import MAX_DEPTH
from cser.stream import MAGIC, encode_header
from cser.varint import encode_varint


def _decoders() -> list[tuple[str, Any]]:
    """Each interpreter's decode of ContentResource messages: the pure one always, C if built."""
    pure = bind.pure(ContentResource)
    decoders: list[tuple[str, Any]] = [("pure", lambda data: pure.decode(data, MAX_DEPTH))]
    if bind.ACTIVE:
        decoders.append(("native", ContentResource.decode))
    return decoders


DECODERS = _decoders()


def _stream(*ids: str) -> bytes:
    out = io.BytesIO()
    with StreamWriter(out, ContentResource) as w:
        for i in ids:
            w.write(ContentResource(id=i))
    return out.getvalue()


def _assert_hinted(e: DecodeError, kind: DecodeErrorKind, offset: int) -> None:
    assert (e.kind, e.offset) == (kind, offset)
    assert e.hint == STREAM_HINT
    text = str(e)
    # The kind still comes first (the conformance suite and scripts read it there).
    assert text.startswith(f"{kind.name}: {e.reason} at offset {offset}"), text
    assert text.endswith(f"; hint: {STREAM_HINT}"), text
    assert "cser.StreamReader" in STREAM_HINT


@pytest.mark.parametrize(("name", "decode"), DECODERS)
def test_a_short_stream_decoded_as_a_message(name: str, decode: Any) -> None:
    # 43 ('C') is read as a record length of 67, more than the stream holds.
    with pytest.raises(DecodeError) as info:
        decode(_stream("x"))
    _assert_hinted(info.value, DecodeErrorKind.LENGTH_TOO_LARGE, 0)


@pytest.mark.parametrize(("name", "decode"), DECODERS)
def test_a_longer_stream_decoded_as_a_message(name: str, decode: Any) -> None:
    # The length 67 fits; 53 ('S') is the length of the first string, and too large.
    data = _stream(*(f"/group/x/resource-{i}" for i in range(5)))
    with pytest.raises(DecodeError) as info:
        decode(bytearray(data))
    _assert_hinted(info.value, DecodeErrorKind.LENGTH_TOO_LARGE, 1)
    assert info.value.path == "ContentResource.id"


@pytest.mark.parametrize(("name", "decode"), DECODERS)
def test_other_bytes_get_no_hint(name: str, decode: Any) -> None:
    data = b"D" + _stream("x")[1:]
    with pytest.raises(DecodeError) as info:
        decode(data)
    assert info.value.kind is DecodeErrorKind.LENGTH_TOO_LARGE
    assert info.value.hint is None
    assert "hint" not in str(info.value)
    with pytest.raises(DecodeError) as short:
        decode(MAGIC[:3])
    assert short.value.hint is None


def test_both_interpreters_give_the_same_hinted_error() -> None:
    data = _stream("a", "b")
    texts = set()
    for _, decode in DECODERS:
        with pytest.raises(DecodeError) as info:
            decode(data)
        texts.add(str(info.value))
    assert len(texts) == 1, texts


def test_the_hint_survives_pickling() -> None:
    with pytest.raises(DecodeError) as info:
        ContentResource.decode(_stream("x"))
    copy = pickle.loads(pickle.dumps(info.value))
    assert copy.hint == STREAM_HINT and str(copy) == str(info.value)


def test_a_frame_starting_with_the_magic_gets_no_hint() -> None:
    # A record body whose id is 67 bytes, "SER", 63 'a' and a bad UTF-8 byte.
    content = MAGIC + b"a" * 63 + b"\xff"
    data = (
        encode_header(ContentResource.TYPE_ID, ContentResource.FINGERPRINT)
        + encode_varint(len(content))
        + content
    )
    with pytest.raises(DecodeError) as info:
        StreamReader(io.BytesIO(data), ContentResource).read()
    assert info.value.kind is DecodeErrorKind.BAD_UTF8
    assert info.value.hint is None
    assert "hint" not in str(info.value)
