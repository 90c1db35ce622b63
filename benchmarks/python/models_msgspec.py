"""msgspec's object model of the workloads: ``msgspec.Struct`` classes, field for field the
dataclasses of models.py (same names, same order, the same ``IntEnum``s), that the msgspec peer
encodes and decodes into. ``from_peer`` converts a models.py value into them, once, before timing.

Both options are the ones msgspec's documentation gives for speed:

- ``array_like=True`` (Performance Tips, "Use array-like encoding"): a struct is written as an
  array of its field values, without the field names, like cser's records.
- ``gc=False`` (Structs, "Disabling Garbage Collection"): the instances are not tracked by the
  cycle collector; the documentation makes it the user's job to see that no reference cycle goes
  through them. These shapes are trees (records hold scalars, strings, bytes, lists and dicts of
  those, and other records), and neither a decode nor the harness ever links a record back to an
  ancestor, so no cycle can form.

No postponed annotations: msgspec reads the annotations when a class is defined.
"""

import enum
from typing import Any

import msgspec

from models import AccessMode, BondOrder, Player, Size, Stereo


class _Record(msgspec.Struct, array_like=True, gc=False):
    """The options every workload struct shares (subclasses inherit them)."""


# W1
class EmptyData(_Record):
    attributes: dict[str, str]
    tags: list[str]


class EmptyDataSet(_Record):
    items: list[EmptyData]


# W2
class Employee(_Record):
    last_name: str
    first_name: str
    ssn: str
    salary: int
    level: int


class Staff(_Record):
    employees: list[Employee]


# W3
class Audit(_Record):
    created_by: str
    created_at: int
    modified_by: str
    modified_at: int


class ContentResource(_Record):
    id: str
    resource_type: str
    access: AccessMode
    groups: list[str]
    hidden: bool
    release_date: int | None
    retract_date: int | None
    properties: dict[str, list[str]]
    content_type: str
    content_length: int
    file_path: str
    audit: Audit
    body: bytes | None


# W4
class Message(_Record):
    type: int
    active: bool
    username: str
    userid: int
    data: str


# W5
class Atom(_Record):
    element: int
    charge: int
    implicit_hydrogens: int
    aromatic: bool


class Bond(_Record):
    begin: int
    end: int
    order: BondOrder
    stereo: Stereo


class Molecule(_Record):
    name: str
    atoms: list[Atom]
    bonds: list[Bond]
    coords_2d: list[float] | None
    coords_3d: list[float] | None


class MoleculeSet(_Record):
    molecules: list[Molecule]


# W6
class Image(_Record):
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


class Media(_Record):
    uri: str
    title: str | None
    width: int
    height: int
    format: str
    duration: int
    size: int
    bitrate: int | None
    persons: list[str]
    player: Player
    copyright: str | None


class MediaContent(_Record):
    media: Media
    images: list[Image]


ROOTS: dict[str, type[msgspec.Struct]] = {
    "W1": EmptyDataSet, "W2": Staff, "W3": ContentResource, "W4": Message, "W5": MoleculeSet,
    "W6": MediaContent,
}
_BY_NAME: dict[str, type[msgspec.Struct]] = {
    c.__name__: c
    for c in (EmptyData, EmptyDataSet, Employee, Staff, Audit, ContentResource, Message, Atom, Bond,
              Molecule, MoleculeSet, Image, Media, MediaContent)
}


def from_peer(value: Any) -> Any:
    """The msgspec form of a models.py value (dataclass, list, dict, scalar; enums stay the same
    members), by class name and field order."""
    if isinstance(value, enum.IntEnum):
        return value
    if isinstance(value, list):
        return [from_peer(x) for x in value]
    if isinstance(value, dict):
        return {k: from_peer(x) for k, x in value.items()}
    cls = _BY_NAME.get(type(value).__name__)
    if cls is not None:
        return cls(*(from_peer(getattr(value, f)) for f in cls.__struct_fields__))
    return value
