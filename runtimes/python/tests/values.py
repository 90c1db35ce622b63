"""Values the tests share: the workloads W1-W6 with the data the Java and Rust tests use
(Workloads.java, SakaiData.java, cser-examples/tests/common/mod.rs), and the edge values
VectorExportTest.java writes. A value changed here must change there."""

from __future__ import annotations

import struct
import uuid

from bench.employee import Employee
from bench.empty import EmptyData, EmptyDataSet
from bench.media import Image, Media, MediaContent, Player, Size
from bench.message import Message
from chem import Atom, Bond, BondOrder, Molecule, Stereo
from edge.cases import BinOp, Collections, Color, ExprBin, ExprCall, ExprLit, ExprName, Lit, Node, Scalars
from sakai.common import Audit
from sakai.content import AccessMode, ContentResource


def empty_data_set(n: int) -> EmptyDataSet:
    """W1: ``n`` EmptyData values, both collections empty."""
    return EmptyDataSet(items=[EmptyData() for _ in range(n)])


def employee(n: int) -> Employee:
    """W2: employee ``n`` of seed 001."""
    return Employee(
        last_name=f"LastName{n}",
        first_name=f"FirstName{n}",
        ssn=f"222-33-{n}",
        salary=34000 + n,
        level=n % 10,
    )


def message(n: int) -> Message:
    """W4: message ``n`` of seed 004."""
    return Message(type_=n % 4, active=n % 2 == 0, username=f"User_{n}", userid=n, data=f"data {n}")


def media_content() -> MediaContent:
    """W6: the MediaContent of jvm-serializers."""

    def image(uri: str, width: int, height: int, size: Size) -> Image:
        return Image(uri=uri, title="Javaone Keynote", width=width, height=height, size=size)

    return MediaContent(
        media=Media(
            uri="http://javaone.com/keynote.mpg",
            title="Javaone Keynote",
            width=640,
            height=480,
            format="video/mpg4",
            duration=18_000_000,
            size=58_982_400,
            bitrate=262_144,
            persons=["Bill Gates", "Steve Jobs"],
            player=Player.JAVA,
        ),
        images=[
            image("http://javaone.com/keynote_large.jpg", 1024, 768, Size.LARGE),
            image("http://javaone.com/keynote_small.jpg", 320, 240, Size.SMALL),
        ],
    )


def f32(x: float) -> float:
    """The float a Java or Rust f32 holds for ``x``."""
    return float(struct.unpack("<f", struct.pack("<f", x))[0])


def ethanol() -> Molecule:
    """W5: ethanol, CCO, with 2D coordinates."""
    return Molecule(
        name="ethanol",
        atoms=[
            Atom(element=6, charge=0, implicit_hydrogens=3, aromatic=False),
            Atom(element=6, charge=0, implicit_hydrogens=2, aromatic=False),
            Atom(element=8, charge=0, implicit_hydrogens=1, aromatic=False),
        ],
        bonds=[
            Bond(begin=0, end=1, order=BondOrder.SINGLE, stereo=Stereo.NONE),
            Bond(begin=1, end=2, order=BondOrder.SINGLE, stereo=Stereo.NONE),
        ],
        coords_2d=[f32(x) for x in (0.0, 0.0, 1.299, 0.75, 2.598, 0.0)],
    )


def _uuid(msb: int, lsb: int) -> str:
    """A ``java.util.UUID`` as its ``toString`` writes it."""
    return str(uuid.UUID(int=((msb % 2**64) << 64) | (lsb % 2**64)))


def sakai_entity(n: int) -> ContentResource:
    """W3: Sakai content entity ``n``, as SakaiData.entity(n) builds it (entity 0: 702 bytes)."""
    site = _uuid(0x5A4B3C2D1E0F1234 + n // 100, 0x9876543210ABCDEF)
    file = _uuid(0x1122334455667788 + n, 0x0F1E2D3C4B5A6978 ^ n)
    name = {
        0: "v14jun.amp",
        1: f"Lecture notes week {n}.pdf",
        2: f"Résumé — ünïcödé {n}.docx",
        3: f"分子の図 {n}.png",
    }[n % 4]
    props: dict[str, list[str]] = {
        "DAV:creationdate": ["20070907215527865"],
        "CHEF:is-collection": ["false"],
        "DAV:getlastmodified": [f"20070907215527{n % 1000:03d}"],
        "DAV:getcontenttype": ["application/octet-stream"],
        "DAV:getcontentlength": [str(103371 + n)],
        "DAV:displayname": [name],
        "CHEF:copyright": ["copyright (c) 2007, Sakai Administrator. All Rights Reserved."],
        "CHEF:creator": ["admin"],
        "CHEF:modifiedby": ["admin"],
    }
    if n % 3 == 0:
        props["CHEF:description"] = []
    if n % 5 == 0:
        props["SAKAI:tags"] = ["chemistry", f"week {n % 12}", "darwin"]
    folder = "" if n % 7 == 0 else f"week{n % 12}/"
    return ContentResource(
        id=f"/group/{site}/caret/darwinfiles/{folder}{name}",
        resource_type="org.sakaiproject.content.types.fileUpload",
        access=AccessMode.GROUPED if n % 10 == 0 else AccessMode.INHERITED,
        groups=[f"/site/{site}/group/{file}"] if n % 10 == 0 else [],
        hidden=n % 17 == 0,
        release_date=1189202127865 + n if n % 2 == 0 else None,
        retract_date=1220738127865 + n if n % 6 == 0 else None,
        properties=props,
        content_type="application/octet-stream",
        content_length=103371 + n,
        file_path=f"1/2007/250/21/{file}",
        audit=Audit(
            created_by="admin",
            created_at=1189202127865 + n,
            modified_by="admin",
            modified_at=1189202127865 + 1000 * n,
        ),
    )


def scalars_min() -> Scalars:
    """The minimum of every signed type, -Inf, -0.0 and 1- to 4-byte UTF-8."""
    return Scalars(
        i8_value=-(2**7),
        i16_value=-(2**15),
        i32_value=-(2**31),
        i64_value=-(2**63),
        f32_value=float("-inf"),
        f64_value=-0.0,
        text="a\u00e9\u20ac\U0001f600",
    )


def scalars_max() -> Scalars:
    """The maximum of every integer type, +Inf, the largest f64 and a 1 MiB string."""
    return Scalars(
        b=True,
        i8_value=2**7 - 1,
        i16_value=2**15 - 1,
        i32_value=2**31 - 1,
        i64_value=2**63 - 1,
        u8_value=2**8 - 1,
        u16_value=2**16 - 1,
        u32_value=2**32 - 1,
        u64_value=2**64 - 1,
        f32_value=float("inf"),
        f64_value=1.7976931348623157e308,
        text="x" * (1 << 20),
        data=bytes([0, 255, 128]),
        color=Color.BLUE,
    )


def scalars_nan() -> Scalars:
    """NaNs with payload bits (and the sign bit on the f64)."""
    return Scalars(
        f32_value=struct.unpack("<f", struct.pack("<I", 0x7FC00001))[0],
        f64_value=struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000001))[0],
    )


def full_collections() -> Collections:
    """Every collection of Collections with something in it, unknown enum numbers included."""
    return Collections(
        ints=[-(2**31), -1, 0, 2**31 - 1],
        big=[2**64 - 1, 0],
        doubles=[1.5, -0.0, float("inf")],
        flags=[True, False, True],
        names=["a", ""],
        blobs=[b"", b"\x01\x02"],
        by_id={-(2**63): "min", 7: "seven"},
        by_color={Color.BLUE: ["sky"], Color(9): []},
        maybe_names=["x"],
        sparse=[f"s{i}" if i % 4 == 1 else None for i in range(17)],
        sparse_map={f"k{i}": (i if i % 3 != 0 else None) for i in range(11)},
        matrix=[[1, 2], [], [3]],
        scalars=Scalars(),
        colors=[Color.RED, Color(1 << 30)],
        floats=[f32(1.1754943508222875e-38)],
        opt1=0,
        opt9=-9,
    )


def chain(depth: int) -> Node:
    """A list of ``depth`` nodes linked by ``next``, the last one labelled "leaf"."""
    node = Node(label="leaf")
    for i in range(1, depth):
        node = Node(label=f"n{i}", next=node)
    return node


def expr_bin() -> ExprBin:
    """``-2⁶³ + f(0)``: a union in a union, at both ends of i64 (EdgeValues.binaryExpression() in the Java tests)."""
    call = ExprCall([ExprName("f"), ExprLit(Lit())])
    return ExprBin(BinOp(op="+", left=ExprLit(Lit(value=-(2**63))), right=call))
