"""The peers' object model: plain dataclasses (``slots=True``) and ``IntEnum``s, field for field
the types of schema/examples, that msgpack, protobuf (decode) and pyfory build. A Python user
without cser would write these; ``to_peer`` converts a cser value into them, once, before timing.

``typing.Optional`` rather than ``X | None``: pyfory 1.7 reads the annotations and does not
understand ``types.UnionType``. No ``from __future__ import annotations`` for the same reason.
"""

import enum
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Optional


class Player(enum.IntEnum):
    JAVA = 0
    FLASH = 1


class Size(enum.IntEnum):
    SMALL = 0
    LARGE = 1


class AccessMode(enum.IntEnum):
    INHERITED = 0
    GROUPED = 1
    PUBLIC = 2


class BondOrder(enum.IntEnum):
    UNSET = 0
    SINGLE = 1
    DOUBLE = 2
    TRIPLE = 3
    AROMATIC = 4


class Stereo(enum.IntEnum):
    NONE = 0
    UP = 1
    DOWN = 2
    CIS = 3
    TRANS = 4
    EITHER = 5


# W1
@dataclass(slots=True)
class EmptyData:
    attributes: dict[str, str]
    tags: list[str]


@dataclass(slots=True)
class EmptyDataSet:
    items: list[EmptyData]


# W2
@dataclass(slots=True)
class Employee:
    last_name: str
    first_name: str
    ssn: str
    salary: int
    level: int


@dataclass(slots=True)
class Staff:
    employees: list[Employee]


# W3
@dataclass(slots=True)
class Audit:
    created_by: str
    created_at: int
    modified_by: str
    modified_at: int


@dataclass(slots=True)
class ContentResource:
    id: str
    resource_type: str
    access: AccessMode
    groups: list[str]
    hidden: bool
    release_date: Optional[int]
    retract_date: Optional[int]
    properties: dict[str, list[str]]
    content_type: str
    content_length: int
    file_path: str
    audit: Audit
    body: Optional[bytes]


# W4
@dataclass(slots=True)
class Message:
    type: int
    active: bool
    username: str
    userid: int
    data: str


# W5
@dataclass(slots=True)
class Atom:
    element: int
    charge: int
    implicit_hydrogens: int
    aromatic: bool


@dataclass(slots=True)
class Bond:
    begin: int
    end: int
    order: BondOrder
    stereo: Stereo


@dataclass(slots=True)
class Molecule:
    name: str
    atoms: list[Atom]
    bonds: list[Bond]
    coords_2d: Optional[list[float]]
    coords_3d: Optional[list[float]]


@dataclass(slots=True)
class MoleculeSet:
    molecules: list[Molecule]


# W6
@dataclass(slots=True)
class Image:
    uri: str
    title: Optional[str]
    width: int
    height: int
    size: Size


@dataclass(slots=True)
class Media:
    uri: str
    title: Optional[str]
    width: int
    height: int
    format: str
    duration: int
    size: int
    bitrate: Optional[int]
    persons: list[str]
    player: Player
    copyright: Optional[str]


@dataclass(slots=True)
class MediaContent:
    media: Media
    images: list[Image]


ENUMS: tuple[type[enum.IntEnum], ...] = (Player, Size, AccessMode, BondOrder, Stereo)
RECORDS: tuple[type[Any], ...] = (
    EmptyData, EmptyDataSet, Employee, Staff, Audit, ContentResource, Message,
    Atom, Bond, Molecule, MoleculeSet, Image, Media, MediaContent,
)
_BY_NAME: dict[str, type[Any]] = {c.__name__: c for c in (*ENUMS, *RECORDS)}


def to_peer(value: Any) -> Any:
    """The peer model of a cser value (generated class, enum, list, map, scalar), by class name."""
    if isinstance(value, enum.IntEnum):
        return _BY_NAME[type(value).__name__](int(value))
    if isinstance(value, list):
        return [to_peer(x) for x in value]
    if isinstance(value, dict):
        return {to_peer(k): to_peer(x) for k, x in value.items()}
    if hasattr(value, "__slots__") and type(value).__name__ in _BY_NAME:
        cls = _BY_NAME[type(value).__name__]
        args = []
        for f in fields(cls):
            # cser escapes names that are Python keywords or builtins' clashes with a trailing _.
            name = f.name if hasattr(value, f.name) else f.name + "_"
            args.append(to_peer(getattr(value, name)))
        return cls(*args)
    return value


def to_plain(value: Any) -> Any:
    """Dicts, lists and scalars of a peer value: what msgpack encodes (enums as their numbers)."""
    if isinstance(value, enum.IntEnum):
        return int(value)
    if isinstance(value, list):
        return [to_plain(x) for x in value]
    if isinstance(value, dict):
        return {k: to_plain(x) for k, x in value.items()}
    if is_dataclass(value):
        return {f.name: to_plain(getattr(value, f.name)) for f in fields(value)}
    return value
