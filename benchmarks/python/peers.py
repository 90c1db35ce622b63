"""The libraries measured, as one ``Case`` per (library, workload): the encoded bytes, the value a
decode must equal, and the operations as zero-argument callables.

What each operation starts from and ends with (README.md, "What is measured"):

- ``cser``: ``value.encode()`` of the generated object; ``Cls.decode(data)`` into generated objects,
  with the C accelerator (cser.bind; the run fails if it is not built).
- ``cser-pure``: the same through the runtime's pure-Python interpreter of the same descriptors
  (``cser.bind.pure``: the fallback where the accelerator is not built), as ``encode``/``decode``
  call it with the accelerator off.
- ``pickle`` (protocol 5): the same generated objects, ``pickle.dumps`` / ``pickle.loads``.
- ``protobuf`` (upb): ``encode`` is ``SerializeToString`` of a message built beforehand;
  ``decode_lazy`` is ``FromString`` alone (upb parses lazily: fields are read on access);
  ``decode`` is ``FromString`` and reading every field into the peer dataclasses (models.py).
- ``msgpack``: ``encode`` packs the dicts and lists built beforehand from the objects (one reused
  ``Packer``); ``decode`` is ``unpackb`` and constructing the peer dataclasses of every record.
- ``pyfory``: the peer dataclasses, registered, ``Fory(xlang=False, ref=False)`` in its default
  compatible mode: ``serialize`` / ``deserialize``. (``compatible=False`` falls off a cliff in
  pyfory 1.7.7: a dataclass holding another dataclass field recomputes its struct metadata on
  every call, ~100 us, so W3 and W6 took 170 us and 800 us to encode.)
- ``msgspec``, ``msgspec-json``: ``msgspec.Struct`` classes (models_msgspec.py), reused Encoder and
  typed Decoder (peers_msgspec.py).
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from importlib import metadata
from typing import Any

import msgpack  # type: ignore[import-untyped]
import workloads_pb2 as pb  # generated into benchmarks/target/python-proto (untyped)

import models as m
from case import Case

LIBRARIES = ("cser", "cser-pure", "pickle", "protobuf", "msgpack", "pyfory", "msgspec", "msgspec-json")


def versions() -> dict[str, str]:
    import platform

    from google.protobuf.internal import api_implementation

    out = {
        "cser": f"{metadata.version('cser')} (C accelerator)",
        "cser-pure": f"{metadata.version('cser')} (pure Python)",
        "pickle": f"protocol 5 ({platform.python_implementation()} {platform.python_version()})",
        "protobuf": f"{metadata.version('protobuf')} ({api_implementation.Type()})",
        "msgpack": metadata.version("msgpack"),
    }
    try:
        out["pyfory"] = metadata.version("pyfory")
    except metadata.PackageNotFoundError:
        pass
    import peers_msgspec

    out.update(peers_msgspec.versions())
    return out


# ---------------------------------------------------------------- cser and pickle


def cser_case(workload: str, value: Any) -> Case:
    from cser import bind

    if not bind.ACTIVE:
        raise RuntimeError("the cser C accelerator is not built (or CSER_PURE_PYTHON is set)")
    cls = type(value)
    data = value.encode()
    return Case("cser", workload, data, value, {"encode": value.encode, "decode": lambda: cls.decode(data)})


def cser_pure_case(workload: str, value: Any) -> Case:
    from cser import bind
    from cser.limits import MAX_DEPTH

    pure = bind.pure(type(value))
    data = pure.encode(value)
    return Case(
        "cser-pure",
        workload,
        data,
        value,
        {"encode": lambda: pure.encode(value), "decode": lambda: pure.decode(data, MAX_DEPTH)},
    )


def pickle_case(workload: str, value: Any) -> Case:
    data = pickle.dumps(value, protocol=5)
    return Case(
        "pickle", workload, data, value,
        {"encode": lambda: pickle.dumps(value, protocol=5), "decode": lambda: pickle.loads(data)},
    )


# ---------------------------------------------------------------- enum lookups of hand-written readers

_ACCESS = {int(x): x for x in m.AccessMode}
_ORDER = {int(x): x for x in m.BondOrder}
_STEREO = {int(x): x for x in m.Stereo}
_PLAYER = {int(x): x for x in m.Player}
_SIZE = {int(x): x for x in m.Size}


# ---------------------------------------------------------------- msgpack: dicts -> dataclasses


def _mp_w1(d: Any) -> m.EmptyDataSet:
    ed = m.EmptyData
    return m.EmptyDataSet([ed(i["attributes"], i["tags"]) for i in d["items"]])


def _mp_w2(d: Any) -> m.Staff:
    emp = m.Employee
    return m.Staff(
        [emp(e["last_name"], e["first_name"], e["ssn"], e["salary"], e["level"]) for e in d["employees"]]
    )


def _mp_w3(d: Any) -> m.ContentResource:
    a = d["audit"]
    return m.ContentResource(
        d["id"], d["resource_type"], _ACCESS[d["access"]], d["groups"], d["hidden"],
        d["release_date"], d["retract_date"], d["properties"], d["content_type"],
        d["content_length"], d["file_path"],
        m.Audit(a["created_by"], a["created_at"], a["modified_by"], a["modified_at"]),
        d["body"],
    )


def _mp_w4(d: Any) -> m.Message:
    return m.Message(d["type"], d["active"], d["username"], d["userid"], d["data"])


def _mp_w5(d: Any) -> m.MoleculeSet:
    atom, bond, order, stereo = m.Atom, m.Bond, _ORDER, _STEREO
    return m.MoleculeSet([
        m.Molecule(
            x["name"],
            [atom(a["element"], a["charge"], a["implicit_hydrogens"], a["aromatic"]) for a in x["atoms"]],
            [bond(b["begin"], b["end"], order[b["order"]], stereo[b["stereo"]]) for b in x["bonds"]],
            x["coords_2d"],
            x["coords_3d"],
        )
        for x in d["molecules"]
    ])


def _mp_w6(d: Any) -> m.MediaContent:
    x = d["media"]
    return m.MediaContent(
        m.Media(
            x["uri"], x["title"], x["width"], x["height"], x["format"], x["duration"], x["size"],
            x["bitrate"], x["persons"], _PLAYER[x["player"]], x["copyright"],
        ),
        [m.Image(i["uri"], i["title"], i["width"], i["height"], _SIZE[i["size"]]) for i in d["images"]],
    )


_MP_READERS: dict[str, Callable[[Any], Any]] = {
    "W1": _mp_w1, "W2": _mp_w2, "W3": _mp_w3, "W4": _mp_w4, "W5": _mp_w5, "W6": _mp_w6,
}


def msgpack_case(workload: str, peer: Any) -> Case:
    plain = m.to_plain(peer)
    packer = msgpack.Packer()
    data: bytes = packer.pack(plain)
    read = _MP_READERS[workload]
    unpackb = msgpack.unpackb
    return Case(
        "msgpack", workload, data, peer,
        {"encode": lambda: packer.pack(plain), "decode": lambda: read(unpackb(data))},
    )


# ---------------------------------------------------------------- protobuf: dataclasses -> messages


def _pb_build(workload: str, v: Any) -> Any:
    if workload == "W1":
        s = pb.EmptyDataSet()
        for i in v.items:
            e = s.items.add()
            e.attributes.update(i.attributes)
            e.tags.extend(i.tags)
        return s
    if workload == "W2":
        return pb.Staff(employees=[
            pb.Employee(last_name=e.last_name, first_name=e.first_name, ssn=e.ssn, salary=e.salary, level=e.level)
            for e in v.employees
        ])
    if workload == "W3":
        a = v.audit
        return pb.ContentResource(
            id=v.id, resource_type=v.resource_type, access=int(v.access), groups=v.groups, hidden=v.hidden,
            release_date=v.release_date, retract_date=v.retract_date,
            properties=[pb.PropertyEntry(key=k, values=vs) for k, vs in v.properties.items()],
            content_type=v.content_type, content_length=v.content_length, file_path=v.file_path,
            audit=pb.Audit(created_by=a.created_by, created_at=a.created_at,
                           modified_by=a.modified_by, modified_at=a.modified_at),
            body=v.body,
        )
    if workload == "W4":
        return pb.Message(type=v.type, active=v.active, username=v.username, userid=v.userid, data=v.data)
    if workload == "W5":
        return pb.MoleculeSet(molecules=[
            pb.Molecule(
                name=x.name,
                atoms=[pb.Atom(element=a.element, charge=a.charge, implicit_hydrogens=a.implicit_hydrogens,
                               aromatic=a.aromatic) for a in x.atoms],
                bonds=[pb.Bond(begin=b.begin, end=b.end, order=int(b.order), stereo=int(b.stereo))
                       for b in x.bonds],
                coords_2d=x.coords_2d or [], has_coords_2d=x.coords_2d is not None,
                coords_3d=x.coords_3d or [], has_coords_3d=x.coords_3d is not None,
            )
            for x in v.molecules
        ])
    if workload == "W6":
        x = v.media
        return pb.MediaContent(
            media=pb.Media(
                uri=x.uri, title=x.title, width=x.width, height=x.height, format=x.format,
                duration=x.duration, size=x.size, bitrate=x.bitrate, persons=x.persons,
                player=int(x.player), copyright=x.copyright,
            ),
            images=[pb.Image(uri=i.uri, title=i.title, width=i.width, height=i.height, size=int(i.size))
                    for i in v.images],
        )
    raise ValueError(workload)


# ---------------------------------------------------------------- protobuf: messages -> dataclasses


def _pb_w1(s: Any) -> m.EmptyDataSet:
    ed = m.EmptyData
    return m.EmptyDataSet([ed(dict(i.attributes), list(i.tags)) for i in s.items])


def _pb_w2(s: Any) -> m.Staff:
    emp = m.Employee
    return m.Staff([emp(e.last_name, e.first_name, e.ssn, e.salary, e.level) for e in s.employees])


def _pb_w3(r: Any) -> m.ContentResource:
    a = r.audit
    return m.ContentResource(
        r.id, r.resource_type, _ACCESS[r.access], list(r.groups), r.hidden,
        r.release_date if r.HasField("release_date") else None,
        r.retract_date if r.HasField("retract_date") else None,
        {e.key: list(e.values) for e in r.properties},
        r.content_type, r.content_length, r.file_path,
        m.Audit(a.created_by, a.created_at, a.modified_by, a.modified_at),
        r.body if r.HasField("body") else None,
    )


def _pb_w4(x: Any) -> m.Message:
    return m.Message(x.type, x.active, x.username, x.userid, x.data)


def _pb_w5(s: Any) -> m.MoleculeSet:
    atom, bond, order, stereo = m.Atom, m.Bond, _ORDER, _STEREO
    return m.MoleculeSet([
        m.Molecule(
            x.name,
            [atom(a.element, a.charge, a.implicit_hydrogens, a.aromatic) for a in x.atoms],
            [bond(b.begin, b.end, order[b.order], stereo[b.stereo]) for b in x.bonds],
            list(x.coords_2d) if x.has_coords_2d else None,
            list(x.coords_3d) if x.has_coords_3d else None,
        )
        for x in s.molecules
    ])


def _pb_w6(c: Any) -> m.MediaContent:
    x = c.media
    return m.MediaContent(
        m.Media(
            x.uri, x.title if x.HasField("title") else None, x.width, x.height, x.format, x.duration,
            x.size, x.bitrate if x.HasField("bitrate") else None, list(x.persons), _PLAYER[x.player],
            x.copyright if x.HasField("copyright") else None,
        ),
        [
            m.Image(i.uri, i.title if i.HasField("title") else None, i.width, i.height, _SIZE[i.size])
            for i in c.images
        ],
    )


_PB_READERS: dict[str, Callable[[Any], Any]] = {
    "W1": _pb_w1, "W2": _pb_w2, "W3": _pb_w3, "W4": _pb_w4, "W5": _pb_w5, "W6": _pb_w6,
}
_PB_TYPES: dict[str, Any] = {
    "W1": pb.EmptyDataSet, "W2": pb.Staff, "W3": pb.ContentResource, "W4": pb.Message,
    "W5": pb.MoleculeSet, "W6": pb.MediaContent,
}


def protobuf_case(workload: str, peer: Any) -> Case:
    msg = _pb_build(workload, peer)
    data: bytes = msg.SerializeToString()
    parse = _PB_TYPES[workload].FromString
    read = _PB_READERS[workload]
    return Case(
        "protobuf", workload, data, peer,
        {
            "encode": msg.SerializeToString,
            "decode": lambda: read(parse(data)),
            "decode_lazy": lambda: parse(data),
        },
    )


# ---------------------------------------------------------------- pyfory


def new_fory() -> Any:
    """A registered ``pyfory.Fory`` (Python-native mode, no reference tracking), or ``None``
    when pyfory is not installed."""
    try:
        import pyfory  # type: ignore[import-untyped]
    except ImportError:
        return None
    fory = pyfory.Fory(xlang=False, ref=False, compatible=True)
    for cls in (*m.ENUMS, *m.RECORDS):
        fory.register(cls)
    return fory


def _sample(peer: Any) -> Any:
    """A few records of ``peer``: its top-level list cut to 8 items (the others unchanged)."""
    from dataclasses import fields, replace

    for f in fields(peer):
        items = getattr(peer, f.name)
        if isinstance(items, list) and len(items) > 8:
            return replace(peer, **{f.name: items[:8]})
    return peer


def pyfory_case(workload: str, peer: Any, fory: Any) -> Case:
    # pyfory's first serialize of a type is slow (its serializers are generated on first use,
    # which over W1's 100,000 items takes seconds): warm it up on a few records first.
    for _ in range(3):
        fory.deserialize(fory.serialize(_sample(peer)))
    data: bytes = fory.serialize(peer)
    ser, de = fory.serialize, fory.deserialize
    return Case("pyfory", workload, data, peer, {"encode": lambda: ser(peer), "decode": lambda: de(data)})


# ---------------------------------------------------------------- all of them


def build_cases(values: dict[str, Any], libraries: tuple[str, ...] = LIBRARIES) -> tuple[list[Case], list[str]]:
    """Every (library, workload) case, and notes on what was left out (pyfory unavailable or
    failing on a workload: the run goes on without it)."""
    cases: list[Case] = []
    notes: list[str] = []
    import peers_msgspec

    fory = new_fory() if "pyfory" in libraries else None
    if "pyfory" in libraries and fory is None:
        notes.append("pyfory is not installed: no pyfory rows")
    for workload, value in values.items():
        peer = m.to_peer(value)
        for lib in libraries:
            try:
                if lib == "cser":
                    cases.append(cser_case(workload, value))
                elif lib == "cser-pure":
                    cases.append(cser_pure_case(workload, value))
                elif lib == "pickle":
                    cases.append(pickle_case(workload, value))
                elif lib == "protobuf":
                    cases.append(protobuf_case(workload, peer))
                elif lib == "msgpack":
                    cases.append(msgpack_case(workload, peer))
                elif lib == "pyfory" and fory is not None:
                    cases.append(pyfory_case(workload, peer, fory))
                elif lib in peers_msgspec.LIBRARIES:
                    cases.append(peers_msgspec.msgspec_case(lib, workload, peer))
            except Exception as e:  # a peer failing on one workload must not stop the others
                if lib != "pyfory":
                    raise
                notes.append(f"pyfory failed on {workload}: {type(e).__name__}: {e}")
    return cases, notes
