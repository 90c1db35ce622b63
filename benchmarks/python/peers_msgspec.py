"""The msgspec peers, one ``Case`` per workload (peers.py builds them with the others):

- ``msgspec``: MessagePack. ``encode`` is ``msgspec.msgpack.Encoder().encode`` of the Structs of
  models_msgspec.py built beforehand; ``decode`` is ``msgspec.msgpack.Decoder(type=Root).decode``
  straight into those Structs (typed and checked in C, enums as the ``IntEnum`` members).
- ``msgspec-json``: the same Structs through ``msgspec.json``, for reference (array-like Structs
  are JSON arrays; ``bytes`` are base64 text).

Encoders and decoders are created once per case and reused, as msgspec's Performance Tips advise.
"""

from __future__ import annotations

from importlib import metadata
from typing import Any

import msgspec

import models_msgspec as ms
from case import Case

LIBRARIES = ("msgspec", "msgspec-json")


def versions() -> dict[str, str]:
    v = metadata.version("msgspec")
    return {"msgspec": f"{v} (msgpack, array_like gc=False Structs)", "msgspec-json": f"{v} (json)"}


def msgspec_case(library: str, workload: str, peer: Any) -> Case:
    """The case of ``library`` (``msgspec`` or ``msgspec-json``) for a models.py value."""
    value = ms.from_peer(peer)
    root = ms.ROOTS[workload]
    encoder: msgspec.msgpack.Encoder | msgspec.json.Encoder
    decoder: msgspec.msgpack.Decoder[Any] | msgspec.json.Decoder[Any]
    if library == "msgspec":
        encoder, decoder = msgspec.msgpack.Encoder(), msgspec.msgpack.Decoder(type=root)
    elif library == "msgspec-json":
        encoder, decoder = msgspec.json.Encoder(), msgspec.json.Decoder(type=root)
    else:
        raise ValueError(f"not a msgspec library: {library}")
    data = encoder.encode(value)
    enc, dec = encoder.encode, decoder.decode
    return Case(library, workload, data, value, {"encode": lambda: enc(value), "decode": lambda: dec(data)})
