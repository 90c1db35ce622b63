#!/usr/bin/env python3
"""Writes conformance/vectors/*.jsonl: the golden vectors every runtime must agree with.

Values are built here, as SPEC.md §11 JSON. The expected bytes of positive vectors come from the
reference testee (``--reference``, Java by default) and are then checked by ``conformance/run``
against all three runtimes; the bytes of negative vectors are crafted here, byte by byte, from
SPEC.md §4–§7. Regenerate after changing a schema or a value, and review the diff:

    conformance/generate.py [--reference java|rust|python]
"""

from __future__ import annotations

import argparse
import base64
import random
import struct
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import evolve
from harness import ROOT, SCHEMAS, VECTORS, Testee, Vector, covers, same_value, write_vectors

# The one varint and zigzag of the Python code base: the runtime's (no dependencies), from this
# checkout, whichever interpreter runs this.
sys.path.insert(0, str(ROOT / "runtimes" / "python" / "src"))
from cser.varint import encode_varint
from cser.zigzag import encode_zigzag

EXAMPLES = ROOT / "schema" / "examples"


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@dataclass
class Planned:
    """A vector before its bytes are known; ``written_by`` = (schema, type, value) of another
    schema version whose encoding is the bytes a "read" vector decodes."""

    vector: Vector
    written_by: tuple[Path, str, Any] | None = None


@dataclass
class Plan:
    items: dict[str, list[Planned]] = field(default_factory=dict)

    def add(self, file: str, v: Vector, written_by: tuple[Path, str, Any] | None = None) -> None:
        self.items.setdefault(file, []).append(Planned(v, written_by))


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


# ---- positive values ------------------------------------------------------------------------


def scalars(plan: Plan) -> None:
    schema = rel(SCHEMAS / "scalars.cser")

    def ex(name: str, type_: str, value: Any) -> None:
        plan.add("scalars", Vector(name, schema, f"conf.scalars.{type_}", value={"v": value}))

    ex("bool_false", "BoolV", False)
    ex("bool_true", "BoolV", True)
    for n in (-128, -65, -64, -1, 0, 1, 63, 64, 127):
        ex(f"i8_{n}", "I8V", n)
    for n in (0, 1, 127, 128, 255):
        ex(f"u8_{n}", "U8V", n)
    for bits, name in ((16, "I16V"), (32, "I32V"), (64, "I64V")):
        values = {0, 1, -1, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1}
        for k in range(1, (bits + 6) // 7):
            # zigzag values 2^(7k) - 1 and 2^(7k): the last n of k bytes and the first of k + 1
            for z in (2 ** (7 * k) - 1, 2 ** (7 * k)):
                n = (z >> 1) ^ -(z & 1)
                if -(2 ** (bits - 1)) <= n < 2 ** (bits - 1):
                    values.add(n)
        for n in sorted(values):
            ex(f"{name[:-1].lower()}_{n}", name, n)
    for bits, name in ((16, "U16V"), (32, "U32V"), (64, "U64V")):
        values = {0, 1, 2**bits - 1}
        for k in range(1, (bits + 6) // 7):
            for n in (2 ** (7 * k) - 1, 2 ** (7 * k)):
                if n < 2**bits:
                    values.add(n)
        if bits == 64:
            values.add(2**63)
        for n in sorted(values):
            ex(f"{name[:-1].lower()}_{n}", name, n)
    f32s = {
        "zero": 0.0, "neg_zero": -0.0, "one": 1.0, "tenth": 0.10000000149011612, "max": 3.4028234663852886e38,
        "min_normal": 1.1754943508222875e-38, "min_subnormal": 1.401298464324817e-45, "inf": "Infinity",
        "neg_inf": "-Infinity", "nan": "NaN", "minus_pi": -3.1415927410125732,
    }
    for k, x in f32s.items():
        ex(f"f32_{k}", "F32V", x)
    f64s = {
        "zero": 0.0, "neg_zero": -0.0, "one_and_half": 1.5, "tenth": 0.1, "max": 1.7976931348623157e308,
        "min_subnormal": 5e-324, "inf": "Infinity", "neg_inf": "-Infinity", "nan": "NaN", "two_53": 9007199254740992.0,
        "third": 0.3333333333333333, "big_exponent": 1e300,
    }
    for k, x in f64s.items():
        ex(f"f64_{k}", "F64V", x)
    strings = {
        "empty": "", "a": "a", "two_byte": "é", "three_byte": "€", "four_byte": "😀", "mixed": "aé€😀",
        "controls": "\u0000\t\n\r\u001f", "quotes": '"\\/', "ascii_127": "x" * 127, "ascii_128": "y" * 128,
        "cjk": "分子の図", "bom": "\ufeff", "max_scalar": "\U0010ffff", "kib_100": "z" * (100 * 1024),
    }
    for k, s in strings.items():
        ex(f"string_{k}", "StringV", s)
    blobs = {"empty": b"", "zero": b"\x00", "ff": b"\xff", "all_bytes": bytes(range(256)), "len_128": b"\x01" * 128}
    for k, data in blobs.items():
        ex(f"bytes_{k}", "BytesV", b64(data))
    for m in ("LOW", "MID", "HIGH", "TOP"):
        ex(f"level_{m.lower()}", "LevelV", m)
    for n in (3, 127, 128, 299, 301, 2**31 - 1):
        ex(f"level_unknown_{n}", "LevelV", n)
    plan.add("scalars", Vector("all_zero", schema, "conf.scalars.All", value={}))
    plan.add("scalars", Vector("refuse_unknown_field", schema, "conf.scalars.All", mode="encode-reject",
                               value={"b": True, "no_such_field": 1}))
    plan.add("scalars", Vector("all_max", schema, "conf.scalars.All", value={
        "b": True, "i8v": 127, "u8v": 255, "i16v": 32767, "u16v": 65535, "i32v": 2**31 - 1, "u32v": 2**32 - 1,
        "i64v": 2**63 - 1, "u64v": 2**64 - 1, "f32v": "Infinity", "f64v": 1.7976931348623157e308,
        "s": "max", "data": b64(b"\xff" * 3), "level": "TOP"}))
    plan.add("scalars", Vector("all_min", schema, "conf.scalars.All", value={
        "b": False, "i8v": -128, "u8v": 0, "i16v": -32768, "u16v": 0, "i32v": -(2**31), "u32v": 0,
        "i64v": -(2**63), "u64v": 0, "f32v": "-Infinity", "f64v": -0.0, "s": "", "data": "", "level": 77}))
    # Seeded mixtures: every field at a varied width, so a field boundary mistake shows.
    rng = random.Random(2026)
    for i in range(30):
        plan.add("scalars", Vector(f"all_mixed_{i}", schema, "conf.scalars.All", value={
            "b": rng.random() < 0.5, "i8v": rng.randint(-128, 127), "u8v": rng.randint(0, 255),
            "i16v": rng.randint(-(2**15), 2**15 - 1) >> rng.randint(0, 15),
            "u16v": rng.randint(0, 2**16 - 1) >> rng.randint(0, 16),
            "i32v": rng.randint(-(2**31), 2**31 - 1) >> rng.randint(0, 31),
            "u32v": rng.randint(0, 2**32 - 1) >> rng.randint(0, 32),
            "i64v": rng.randint(-(2**63), 2**63 - 1) >> rng.randint(0, 63),
            "u64v": rng.randint(0, 2**64 - 1) >> rng.randint(0, 64),
            "f32v": struct.unpack("<f", struct.pack("<f", rng.uniform(-1e6, 1e6)))[0],
            "f64v": rng.uniform(-1e300, 1e300) * rng.random(), "s": "é" * rng.randint(0, 70),
            "data": b64(bytes(rng.randrange(256) for _ in range(rng.randint(0, 140)))),
            "level": rng.choice(["LOW", "MID", "HIGH", "TOP", 5, 1000])}))
    # Values the encoders must refuse: out of each type's range.
    for type_, bad in (("I8V", 128), ("I8V", -129), ("U8V", 256), ("U8V", -1), ("I16V", 32768), ("U16V", 65536),
                       ("I32V", 2**31), ("I32V", -(2**31) - 1), ("U32V", 2**32), ("I64V", 2**63),
                       ("U64V", 2**64), ("U64V", -1), ("F32V", 1e39), ("LevelV", 2**31), ("LevelV", "NOPE"),
                       ("BoolV", 1), ("I32V", 1.5), ("I32V", 1.0), ("I32V", True), ("I32V", None),
                       ("I32V", "7"), ("StringV", 7), ("StringV", None), ("BytesV", "not base64!"),
                       ("BytesV", "QR=="), ("BytesV", "QQ"), ("LevelV", -1), ("F64V", "nan"), ("BoolV", "true")):
        plan.add("scalars", Vector(f"refuse_{type_.lower()}_{bad}", schema, f"conf.scalars.{type_}",
                                   mode="encode-reject", value={"v": bad}))


def collections(plan: Plan) -> None:
    schema = rel(SCHEMAS / "collections.cser")

    def ex(name: str, type_: str, value: Any) -> None:
        plan.add("collections", Vector(name, schema, f"conf.collections.{type_}", value=value))

    ex("bool_list_empty", "BoolList", {"v": []})
    ex("bool_list", "BoolList", {"v": [True, False, True, True]})
    ex("i8_list", "I8List", {"v": [-128, -1, 0, 127]})
    ex("u8_list", "U8List", {"v": [0, 128, 255]})
    ex("i32_list", "I32List", {"v": [0, -1, 1, 2**31 - 1, -(2**31), 64, -65]})
    ex("u64_list", "U64List", {"v": [0, 127, 128, 2**64 - 1]})
    ex("i64_list", "I64List", {"v": [-(2**63), 2**63 - 1, 0]})
    ex("f32_list", "F32List", {"v": [0.5, -0.0, "NaN", "Infinity", 0.10000000149011612]})
    ex("f64_list", "F64List", {"v": [0.1, -0.0, "-Infinity", 1e-300]})
    ex("string_list", "StringList", {"v": ["", "a", "é😀"]})
    ex("string_list_130", "StringList", {"v": [f"s{i}" for i in range(130)]})
    ex("bytes_list", "BytesList", {"v": ["", b64(b"\x00\x01")]})
    ex("color_list", "ColorList", {"v": ["RED", "BLUE", 9, "GREEN"]})
    ex("matrix", "Matrix", {"v": [[1, 2], [], [-3]]})
    ex("matrix_empty", "Matrix", {"v": []})
    ex("string_map", "StringMap", {"v": [["b", "2"], ["a", "1"], ["", ""]]})
    ex("i64_map", "I64Map", {"v": [[-(2**63), "min"], [0, "zero"], [2**63 - 1, "max"]]})
    ex("u32_map", "U32Map", {"v": [[2**32 - 1, True], [0, False]]})
    ex("color_map", "ColorMap", {"v": [["BLUE", ["sky"]], [7, []], ["RED", ["rose", "ruby"]]]})
    ex("nested_map", "NestedMap", {"v": [["x", [["a", 1]]], ["y", []]]})
    ex("opt_strings_empty", "OptStrings", {"v": []})
    ex("opt_strings_all_absent", "OptStrings", {"v": [None] * 9})
    ex("opt_strings_mixed", "OptStrings", {"v": [f"s{i}" if i % 3 == 0 else None for i in range(17)]})
    ex("opt_scores", "OptScores", {"v": [[f"k{i}", i if i % 2 else None] for i in range(10)]})
    ex("optionals_absent", "Optionals", {})
    ex("optionals_empty_collections", "Optionals", {"o4": [], "o5": [], "plain": "p"})
    ex("optionals_all", "Optionals", {
        "o1": False, "o2": 0, "o3": "", "plain": "x", "o4": ["a"], "o5": [["k", 1]], "o6": -0.0, "o7": "GREEN",
        "o8": "", "o9": {"name": "n", "inner": {"name": None, "inner": None}}, "o10": 2**64 - 1})
    ex("optionals_ninth_only", "Optionals", {"o9": {}})
    one_each: dict[str, Any] = {"o1": True, "o2": -5, "o3": "three", "o4": ["four"], "o5": [["five", 5]],
                                "o6": 6.5, "o7": "BLUE", "o8": b64(b"8"), "o9": {"name": "nine"}, "o10": 10}
    for k, value in one_each.items():
        ex(f"optionals_only_{k}", "Optionals", {k: value})
    rng = random.Random(11)
    for i in range(20):
        ex(f"optionals_subset_{i}", "Optionals",
           {k: value for k, value in one_each.items() if rng.random() < 0.5} | {"plain": f"p{i}"})
    ex("optionals_tenth_only", "Optionals", {"o10": 1})
    ex("inner_nested", "Inner", {"name": "a", "inner": {"name": "b", "inner": {"name": "c"}}})
    ex("optional_in_struct_absent", "OptionalInStruct", {"a": 1})
    ex("optional_in_struct_present", "OptionalInStruct", {"a": -1, "b": 2, "c": "three"})
    for name, type_, value in (
        ("refuse_duplicate_key", "StringMap", {"v": [["a", "1"], ["a", "2"]]}),
        ("refuse_pair_of_three", "StringMap", {"v": [["a", "1", "x"]]}),
        ("refuse_map_as_object", "StringMap", {"v": {"a": "1"}}),
        ("refuse_list_as_value", "I32List", {"v": 1}),
        ("refuse_null_element", "I32List", {"v": [1, None]}),
    ):
        plan.add("collections", Vector(name, schema, f"conf.collections.{type_}", mode="encode-reject", value=value))


def unions(plan: Plan) -> None:
    schema = rel(SCHEMAS / "unions.cser")

    def ex(name: str, type_: str, value: Any) -> None:
        plan.add("unions", Vector(name, schema, f"conf.unions.{type_}", value=value))

    variants = {
        "point": {"point": {"x": -1, "y": 2}}, "pair": {"pair": {"a": 1, "b": 255}}, "text": {"text": "t"},
        "number": {"number": -(2**63)}, "suit": {"suit": "SPADES"}, "suit_unknown": {"suit": 9},
        "many_empty": {"many": []}, "many": {"many": [{"text": "a"}, {"many": [{"flag": True}]}]},
        "blob": {"blob": b64(b"\x00\xff")}, "real": {"real": "NaN"}, "flag": {"flag": False},
        "named": {"named": [["one", {"number": 1}], ["two", {"named": []}]]},
    }
    for k, value in variants.items():
        ex(f"any_{k}", "Any", value)
    ex("holder_zero", "Holder", {})
    for name, value in (("refuse_two_variants", {"text": "a", "flag": True}), ("refuse_no_variant", {}),
                        ("refuse_unknown_variant", {"nope": 1}), ("refuse_variant_not_object", "text")):
        plan.add("unions", Vector(name, schema, "conf.unions.Any", mode="encode-reject", value=value))
    ex("holder_full", "Holder", {"first": {"text": "f"}, "second": {"point": {}}, "rest": [{"flag": True}, {"real": 1.5}]})
    ex("holder_no_second", "Holder", {"first": {"number": 7}, "second": None, "rest": []})
    # Variants this schema does not have (SPEC §5.7): kept, shown as {"#N": base64}, written back.
    for name, data, value in (
        ("any_unknown_empty", b"\x0b\x00", {"#11": ""}),
        ("any_unknown_largest_tag", encode_varint(2**32 - 1) + b"\x00", {"#4294967295": ""}),
        ("any_unknown_payload", b"\x0c\x03\xff\x00\x80", {"#12": b64(b"\xff\x00\x80")}),
        ("any_unknown_in_many", b"\x06\x04\x01\x0b\x01\x07", {"many": [{"#11": b64(b"\x07")}]}),
        ("holder_unknown_everywhere", bytes.fromhex("0a 0b00 01 0c00 02 0d00 0e00"),
         {"first": {"#11": ""}, "second": {"#12": ""}, "rest": [{"#13": ""}, {"#14": ""}]}),
    ):
        type_ = "Holder" if name.startswith("holder") else "Any"
        plan.add("unions", Vector(name, schema, f"conf.unions.{type_}", mode="read", hex=data.hex(), value=value))
        plan.add("unions", Vector(f"{name}_reencoded", schema, f"conf.unions.{type_}", mode="reencode",
                                  hex=data.hex()))


def chain(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"n": depth - 1}
    for i in range(depth - 2, -1, -1):
        value = {"n": i, "next": value}
    return value


def tree(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"label": f"d{depth - 1}"}
    for i in range(depth - 2, -1, -1):
        value = {"label": f"d{i}", "kids": [value, {"label": "leaf"}]}
    return value


def recursion(plan: Plan) -> None:
    schema = rel(SCHEMAS / "recursion.cser")
    for depth in range(1, 65):
        plan.add("recursion", Vector(f"chain_{depth}", schema, "conf.recursion.Chain", value=chain(depth)))
    for depth in (1, 2, 63, 64):
        plan.add("recursion", Vector(f"tree_{depth}", schema, "conf.recursion.Tree", value=tree(depth)))
    plan.add("recursion", Vector("tree_wide", schema, "conf.recursion.Tree",
                                 value={"label": "root", "kids": [{"label": f"k{i}"} for i in range(200)]}))
    plan.add("recursion", Vector("chain_65_refused", schema, "conf.recursion.Chain", mode="encode-reject",
                                 value=chain(65)))


def evolution(plan: Plan) -> None:
    v1 = SCHEMAS / "evolution_v1.cser"
    v2 = SCHEMAS / "evolution_v2.cser"
    old = {"name": "ada", "age": 36}
    new = {"name": "bob", "email": "b@example.org", "tags": ["x", "y"], "visits": 2**64 - 1}
    plan.add("evolution", Vector("v1_profile", rel(v1), "conf.evolution.Profile", value=old))
    plan.add("evolution", Vector("v2_profile", rel(v2), "conf.evolution.Profile", value=new))
    # Old bytes read by the new schema: appended fields take zero values, the deprecated one is read.
    plan.add("evolution", Vector("v1_bytes_read_by_v2", rel(v2), "conf.evolution.Profile", mode="read",
                                 value={"name": "ada", "email": None, "tags": [], "visits": 0}),
             written_by=(v1, "conf.evolution.Profile", old))
    # New bytes read by the old schema: unknown fields skipped, the deprecated one written as 0.
    plan.add("evolution", Vector("v2_bytes_read_by_v1", rel(v1), "conf.evolution.Profile", mode="read",
                                 value={"name": "bob", "age": 0}),
             written_by=(v2, "conf.evolution.Profile", new))
    plan.add("evolution", Vector("v2_enum_read_by_v1", rel(v1), "conf.evolution.Tagged", mode="read",
                                 value={"kind": 2}), written_by=(v2, "conf.evolution.Tagged", {"kind": "C"}))
    plan.add("evolution", Vector("v1_unknown_enum_kept", rel(v1), "conf.evolution.Tagged", value={"kind": 2}))

    # A union that grew (SPEC §5.7, §9): v1 keeps v2's new variants, nested anywhere, as unknown
    # variants ({"#N": payload} in JSON) and writes them back byte for byte.
    def payment(n: int) -> dict[str, Any]:
        return [{"voucher": {"code": f"V{n}", "cents": 250 * n}}, {"points": -(10**n)}, {"split": ["a", f"b{n}"]},
                {"coins": {"count": n, "value": 5}}, {"nested": {"payment": {"points": n}}},
                {"nested": {"note": "n"}}, {"cash": f"{n}.00"}, {"card": {"number": f"4{n}"}}][n % 8]
    orders = {
        "order_every_new_variant": {"pay": payment(0), "next": payment(1), "history": [payment(i) for i in range(8)],
                                    "by_label": [[f"k{i}", payment(i)] for i in range(8)],
                                    "batches": [[payment(i), payment(i + 1)] for i in range(0, 8, 2)]},
        "order_old_variants_only": {"pay": payment(6), "next": None, "history": [payment(7)], "by_label": [],
                                    "batches": []},
    }
    for name, order in orders.items():
        plan.add("evolution", Vector(f"v2_{name}", rel(v2), "conf.evolution.Order", value=order))
        plan.add("evolution", Vector(f"v2_{name}_reencoded_by_v1", rel(v1), "conf.evolution.Order", mode="reencode"),
                 written_by=(v2, "conf.evolution.Order", order))
    # What v1 shows of them: the tag and the payload, in base64, under "#N".
    plan.add("evolution", Vector("v2_voucher_read_by_v1", rel(v1), "conf.evolution.Payment", mode="read",
                                 value={"#3": b64(bytes.fromhex("0256318101"))}),
             written_by=(v2, "conf.evolution.Payment", {"voucher": {"code": "V1", "cents": 129}}))
    plan.add("evolution", Vector("v2_points_read_by_v1", rel(v1), "conf.evolution.Payment", mode="read",
                                 value={"#4": b64(bytes([0x13]))}),
             written_by=(v2, "conf.evolution.Payment", {"points": -10}))
    plan.add("evolution", Vector("v2_nested_unknown_read_by_v1", rel(v1), "conf.evolution.Wrapped", mode="read",
                                 value={"payment": {"#6": b64(bytes([0x02, 0x05]))}}),
             written_by=(v2, "conf.evolution.Wrapped", {"payment": {"coins": {"count": 2, "value": 5}}}))
    # v2 reads what v1 wrote: nothing new in it.
    plan.add("evolution", Vector("v1_order_read_by_v2", rel(v2), "conf.evolution.Order", mode="read",
                                 value={"pay": {"cash": "1.00"}, "next": None, "history": [], "by_label": [],
                                        "batches": []}),
             written_by=(v1, "conf.evolution.Order", {"pay": {"cash": "1.00"}}))
    # JSON cannot make an unknown variant (SPEC §11).
    plan.add("evolution", Vector("refuse_unknown_variant_from_json", rel(v1), "conf.evolution.Payment",
                                 mode="encode-reject", value={"#3": "AA=="}))


def promotions(plan: Plan) -> None:
    """Integer promotions (SPEC §9): each side reads the other's values within its range exactly
    and rejects one outside it (out of range; bad bool for a bool that reads a u8 above 1)."""
    v1 = SCHEMAS / "promotions_v1.cser"
    v2 = SCHEMAS / "promotions_v2.cser"
    t, t2 = "conf.promotions.Reading", "conf.promoted.Reading"
    old = {"small": -32768, "count": 65535, "flag": True, "series": [-(2**31), 2**31 - 1], "peak": 2**32 - 1,
           "amount": {"cents": -(2**31)}}
    plan.add("evolution", Vector("promotion_v1_read_by_v2", rel(v2), t2, mode="read", value=old | {"flag": 1}),
             written_by=(v1, t, old))
    in_range = {"small": 32767, "count": 7, "flag": 1, "series": [5], "peak": None, "amount": {"cents": 2**31 - 1}}
    plan.add("evolution", Vector("promotion_v2_in_range_read_by_v1", rel(v1), t, mode="read",
                                 value=in_range | {"flag": True}), written_by=(v2, t2, in_range))
    for name, change, kind in (
        ("small", {"small": 32768}, "OUT_OF_RANGE"),
        ("count", {"count": 65536}, "OUT_OF_RANGE"),
        ("flag", {"flag": 2}, "BAD_BOOL"),
        ("series", {"series": [0, -(2**31) - 1]}, "OUT_OF_RANGE"),
        ("peak", {"peak": 2**32}, "OUT_OF_RANGE"),
        ("variant", {"amount": {"cents": 2**31}}, "OUT_OF_RANGE"),
    ):
        plan.add("evolution", Vector(f"promotion_v2_{name}_out_of_range_for_v1", rel(v1), t, mode="reject",
                                     kind=kind), written_by=(v2, t2, in_range | change))


def examples(plan: Plan) -> None:
    """A realistic value of each example schema (W1–W6), as the Java tests build them."""
    def ex(file: str, name: str, type_: str, value: Any) -> None:
        plan.add("examples", Vector(name, rel(EXAMPLES / file), type_, value=value))

    ex("employee.cser", "w2_employee", "bench.employee.Employee",
       {"last_name": "LastName17", "first_name": "FirstName17", "ssn": "222-33-17", "salary": 34017, "level": 7})
    ex("message.cser", "w4_message", "bench.message.Message",
       {"type": 1, "active": False, "username": "User_12345", "userid": 12345, "data": "data 12345"})
    ex("empty_data.cser", "w1_empty_set", "bench.empty.EmptyDataSet", {"items": [{}, {}, {}]})
    ex("molecule.cser", "w5_ethanol", "chem.Molecule", {
        "name": "ethanol",
        "atoms": [{"element": 6, "implicit_hydrogens": 3}, {"element": 6, "implicit_hydrogens": 2},
                  {"element": 8, "implicit_hydrogens": 1}],
        "bonds": [{"begin": 0, "end": 1, "order": "SINGLE"}, {"begin": 1, "end": 2, "order": "SINGLE"}],
        "coords_2d": [0.0, 0.0, 1.2990000247955322, 0.75, 2.5980000495910645, 0.0]})
    image = {"title": "Javaone Keynote", "width": 1024, "height": 768, "size": "LARGE",
             "uri": "http://javaone.com/keynote_large.jpg"}
    ex("media.cser", "w6_media_content", "bench.media.MediaContent", {
        "media": {"uri": "http://javaone.com/keynote.mpg", "title": "Javaone Keynote", "width": 640, "height": 480,
                  "format": "video/mpg4", "duration": 18000000, "size": 58982400, "bitrate": 262144,
                  "persons": ["Bill Gates", "Steve Jobs"], "player": "JAVA"},
        "images": [image, dict(image, uri="http://javaone.com/keynote_small.jpg", width=320, height=240,
                               size="SMALL")]})
    ex("sakai.cser", "w3_entity", "sakai.content.ContentResource", {
        "id": "/group/5a4b3c2d-1e0f-1234-9876-543210abcdef/caret/darwinfiles/v14jun.amp",
        "resource_type": "org.sakaiproject.content.types.fileUpload", "access": "GROUPED",
        "groups": ["/site/x/group/y"], "hidden": True, "release_date": 1189202127865, "retract_date": None,
        "properties": [["DAV:displayname", ["v14jun.amp"]], ["CHEF:description", []]],
        "content_type": "application/octet-stream", "content_length": 103371, "file_path": "1/2007/250/21/f",
        "audit": {"created_by": "admin", "created_at": 1189202127865, "modified_by": "admin",
                  "modified_at": 1189202127865}, "body": b64(b"\xca\xfe")})
    ex("edge_cases.cser", "edge_empty_record", "edge.cases.Empty", {})
    ex("spec_examples.cser", "spec_contact", "spec.examples.Contact", {"name": "Ann", "email": None, "age": 30})
    ex("spec_examples.cser", "spec_sparse9", "spec.examples.Sparse9", {"kind": 1, "s8": 8, "note": "n"})
    ex("spec_examples.cser", "spec_shape", "spec.examples.Shape", {"rect": {"w": 3, "h": 4}})
    ex("edge_cases.cser", "edge_expr", "edge.cases.Expr",
       {"bin": {"op": "+", "left": {"lit": {"value": -(2**63)}}, "right": {"call": [{"name": "f"}, {"lit": {}}]}}})
    ex("edge_names.cser", "edge_holder", "edge.names.Holder", {
        "value": {"list": [{"long": -1}, {"string": "s"}, {"object": {"hash_code": 7, "equals": True}},
                           {"text": {"value": "t"}}, {"override": "SELF"}]},
        "class": "c", "encode": "e", "self": "me", "async": "a", "is_set": True})


# ---- negative vectors: crafted bytes ----------------------------------------------------------


def rejects(plan: Plan) -> None:
    s = rel(SCHEMAS / "scalars.cser")
    c = rel(SCHEMAS / "collections.cser")
    u = rel(SCHEMAS / "unions.cser")
    r = rel(SCHEMAS / "recursion.cser")

    def rej(name: str, schema: str, type_: str, data: bytes, kind: str | None) -> None:
        plan.add("rejects", Vector(name, schema, type_, mode="reject", hex=data.hex(), kind=kind))

    rej("empty_input_bool", s, "conf.scalars.BoolV", b"", "TRUNCATED")
    rej("bad_bool", s, "conf.scalars.BoolV", b"\x02", "BAD_BOOL")
    rej("bad_bool_ff", s, "conf.scalars.BoolV", b"\xff", "BAD_BOOL")
    rej("bad_bool_in_list", c, "conf.collections.BoolList", b"\x02\x01\x02", "BAD_BOOL")
    rej("overlong_u32", s, "conf.scalars.U32V", b"\x80\x00", "OVERLONG_VARINT")
    rej("overlong_u64_9", s, "conf.scalars.U64V", b"\xff" * 8 + b"\x80\x00", "OVERLONG_VARINT")
    rej("overlong_i32", s, "conf.scalars.I32V", b"\x81\x80\x00", "OVERLONG_VARINT")
    rej("varint_11_bytes", s, "conf.scalars.U64V", b"\xff" * 10 + b"\x01", "BAD_VARINT")
    rej("varint_past_64_bits", s, "conf.scalars.U64V", b"\xff" * 9 + b"\x02", "BAD_VARINT")
    rej("varint_cut", s, "conf.scalars.U64V", b"\xff\xff", "TRUNCATED")
    rej("u16_out_of_range", s, "conf.scalars.U16V", encode_varint(65536), "OUT_OF_RANGE")
    rej("u32_out_of_range", s, "conf.scalars.U32V", encode_varint(2**32), "OUT_OF_RANGE")
    rej("i16_out_of_range", s, "conf.scalars.I16V", encode_varint(encode_zigzag(32768)), "OUT_OF_RANGE")
    rej("i32_out_of_range", s, "conf.scalars.I32V", encode_varint(2**32), "OUT_OF_RANGE")
    rej("enum_out_of_range", s, "conf.scalars.LevelV", encode_varint(2**31), "OUT_OF_RANGE")
    rej("f32_cut", s, "conf.scalars.F32V", b"\x00\x00\x80", "TRUNCATED")
    rej("f64_cut", s, "conf.scalars.F64V", b"\x00" * 7, "TRUNCATED")
    for name, bad in {
        "utf8_lone_continuation": b"\x80", "utf8_cut_sequence": b"\xe2\x82", "utf8_overlong_nul": b"\xc0\x80",
        "utf8_overlong_slash": b"\xe0\x80\xaf", "utf8_surrogate_high": b"\xed\xa0\x80",
        "utf8_surrogate_low": b"\xed\xbf\xbf", "utf8_cesu_pair": b"\xed\xa0\xbd\xed\xb8\x80",
        "utf8_above_10ffff": b"\xf4\x90\x80\x80", "utf8_f5": b"\xf5\x80\x80\x80", "utf8_ff": b"\xff",
        "utf8_bad_in_middle": b"ab\xc3\x28cd",
    }.items():
        rej(name, s, "conf.scalars.StringV", encode_varint(len(bad)) + bad, "BAD_UTF8")
    rej("string_length_past_end", s, "conf.scalars.StringV", b"\x05abc", "LENGTH_TOO_LARGE")
    rej("string_huge_length", s, "conf.scalars.StringV", b"\xff\xff\xff\xff\x0f", "LENGTH_TOO_LARGE")
    rej("bytes_huge_length", s, "conf.scalars.BytesV", encode_varint(2**62) + b"\x00", "LENGTH_TOO_LARGE")
    rej("record_huge_length", s, "conf.scalars.All", encode_varint(2**40), "LENGTH_TOO_LARGE")
    rej("record_length_past_end", s, "conf.scalars.All", b"\x05\x01", "LENGTH_TOO_LARGE")
    rej("list_huge_count", c, "conf.collections.StringList", encode_varint(2**50) + b"\x00", "LENGTH_TOO_LARGE")
    rej("packed_list_count_past_end", c, "conf.collections.F64List", b"\x02" + b"\x00" * 15, "LENGTH_TOO_LARGE")
    rej("opt_list_huge_count", c, "conf.collections.OptStrings", encode_varint(2**40) + b"\x00", "LENGTH_TOO_LARGE")
    rej("map_huge_count", c, "conf.collections.StringMap", encode_varint(2**33) + b"\x00\x00", "LENGTH_TOO_LARGE")
    rej("trailing_after_struct", s, "conf.scalars.BoolV", b"\x01\x00", "TRAILING_BYTES")
    rej("trailing_after_record", s, "conf.scalars.All", b"\x00\x00", "TRAILING_BYTES")
    rej("trailing_after_union", u, "conf.unions.Any", b"\x09\x01\x01\x00", "TRAILING_BYTES")
    # SPEC §5.7: a non-record variant fills its payload exactly; an unknown one's payload fits.
    rej("union_payload_trailing", u, "conf.unions.Any", b"\x09\x02\x01\x00", "TRAILING_BYTES")
    rej("union_payload_short", u, "conf.unions.Any", b"\x04\x00", "TRUNCATED")
    rej("union_payload_cuts_string", u, "conf.unions.Any", b"\x03\x02\x05abcde", "LENGTH_TOO_LARGE")
    rej("union_payload_past_end", u, "conf.unions.Any", b"\x03\x05\x01a", "LENGTH_TOO_LARGE")
    rej("unknown_variant_past_end", u, "conf.unions.Any", b"\x0b\x05\x00", "LENGTH_TOO_LARGE")
    rej("unknown_variant_huge_length", u, "conf.unions.Any", b"\x0b" + encode_varint(2**40), "LENGTH_TOO_LARGE")
    rej("unknown_variant_cut", u, "conf.unions.Any", b"\x0b", "TRUNCATED")
    rej("union_tag_past_u32", u, "conf.unions.Any", encode_varint(2**32) + b"\x00", "OUT_OF_RANGE")
    rej("record_cut_in_field", s, "conf.scalars.All", b"\x0b\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00", "TRUNCATED")
    rej("union_tag_zero", u, "conf.unions.Any", b"\x00\x00", "UNKNOWN_UNION_TAG")
    rej("union_empty", u, "conf.unions.Any", b"", "TRUNCATED")
    rej("struct_presence_extra_bit", c, "conf.collections.OptionalInStruct", b"\x00\x04", "BAD_PRESENCE")
    rej("list_presence_extra_bit", c, "conf.collections.OptStrings", b"\x02\x04", "BAD_PRESENCE")
    rej("map_presence_extra_bit", c, "conf.collections.OptScores", b"\x01\x02\x01k", "BAD_PRESENCE")
    rej("presence_bit_without_value", c, "conf.collections.OptStrings", b"\x01\x01", "TRUNCATED")
    rej("duplicate_string_key", c, "conf.collections.StringMap", b"\x02\x01a\x01x\x01a\x01y", "DUPLICATE_MAP_KEY")
    rej("duplicate_int_key", c, "conf.collections.U32Map", b"\x02\x07\x01\x07\x00", "DUPLICATE_MAP_KEY")
    rej("duplicate_enum_key", c, "conf.collections.ColorMap", b"\x02\x02\x00\x02\x00", "DUPLICATE_MAP_KEY")
    # Nesting one past the limit: Chain records 65 deep, and 65 nested unions.
    body = b"\x00\x00"  # n = 0, presence 0
    for _ in range(64):
        inner = encode_varint(len(body)) + body
        body = b"\x00\x01" + inner
    rej("chain_depth_65", r, "conf.recursion.Chain", encode_varint(len(body)) + body, "DEPTH_EXCEEDED")
    rej("union_depth_65", u, "conf.unions.Any", many_deep(64, b"\x09\x01\x01"), "DEPTH_EXCEEDED")
    # Far past the limit: a decoder must stop at 65, never recurse on (every payload's length
    # fits, so only the depth check stops it).
    rej("union_depth_10000", u, "conf.unions.Any", many_deep(10_000, b"\x09\x01\x01"), "DEPTH_EXCEEDED")


def many_deep(levels: int, inner: bytes) -> bytes:
    """``inner`` (an Any) wrapped ``levels`` times in Any.many (tag 6, a list of one element)."""
    for _ in range(levels):
        payload = b"\x01" + inner
        inner = b"\x06" + encode_varint(len(payload)) + payload
    return inner


def findings(plan: Plan) -> None:
    """Inputs the fuzzers found (FUZZING.md), kept as regression vectors in findings.jsonl: each
    added here, with the fuzzer and date it came from, before the runtime is fixed. ``kind`` is
    the error every runtime must report, or None where SPEC.md allows more than one."""
    paths = {name: rel(SCHEMAS / f"{name}.cser") for name in ("scalars", "collections", "unions", "recursion")}
    paths.update({name: rel(EXAMPLES / f"{name}.cser") for name in ("media", "sakai", "employee", "molecule")})

    def find(name: str, schema: str, type_: str, data: bytes, kind: str | None) -> None:
        plan.add("findings", Vector(name, paths[schema], type_, mode="reject", hex=data.hex(), kind=kind))

    # atheris (runtimes/python/fuzz), 2026-11-23: a struct of fixed-width fields cut after its 3rd
    # byte; the generated pure-Python code named Atom.element in the path, the C code Atom.aromatic.
    find("py_atom_cut_in_fixed_run", "molecule", "chem.Atom", bytes.fromhex("2f8020"), "TRUNCATED")
    # atheris (runtimes/python/fuzz), 2026-11-23: an unknown union tag 25 levels down a list<Any>
    # chain; the pure-Python error unwinding allocated ~6 KiB per level (F3 in RESULTS.md). Remade
    # for format version 2 (SPEC §14), where an unknown tag is kept: the error 25 levels down is
    # now the unknown variant's payload length past the end.
    find("py_any_deep_unknown_tag", "unions", "conf.unions.Any", many_deep(24, b"\xff\xff\x06\x7f"),
         "LENGTH_TOO_LARGE")
    # cargo-fuzz (runtimes/rust/fuzz, decode), 2026-11-23: a map<string, map<string, i32>> of
    # 126 entries in 133 bytes; Rust reserved all 126 entries (104 bytes each) before reading one.
    find("rs_nested_map_reserve", "collections", "conf.collections.NestedMap",
         bytes.fromhex("7e" + "00" * 132), "DUPLICATE_MAP_KEY")


def json_text(plan: Plan) -> None:
    """The edges of the JSON mapping (SPEC §11) as raw JSON text, in json.jsonl: each of
    json_edges.CASES, the text every runtime reads as a program reads it (a repeated key,
    ``-0``, ``1e400``, a lone surrogate escape, a byte order mark, bytes that are not UTF-8).
    Those SPEC §11 accepts are "encode" vectors (their bytes from the reference), the others
    "encode-reject". json_edges.py also runs them, with random texts, across the testees."""
    import json_edges

    schema = rel(json_edges.SCHEMA)
    for case in json_edges.CASES:
        plan.add("json", Vector(
            f"json_{case.name}", schema, f"{json_edges.PKG}.{case.type}",
            mode="encode" if case.expect == "ok" else "encode-reject",
            json=case.text if case.raw is None else None,
            json_hex=case.raw.hex() if case.raw is not None else None))


def encode_texts(reference: str, plan: Plan) -> None:
    """The bytes of every "encode" vector (raw JSON text), from the reference testee."""
    by_schema: dict[Path, list[Vector]] = {}
    for p in plan.items.get("json", []):
        if p.vector.mode == "encode":
            by_schema.setdefault(ROOT / p.vector.schema, []).append(p.vector)
    for schema, vectors in by_schema.items():
        testee = Testee(reference, schema, [schema.parent])
        try:
            for v, answer in zip(vectors, testee.run([v.encode_request(i) for i, v in enumerate(vectors)]), strict=True):
                if not answer.get("ok"):
                    sys.exit(f"{reference} refuses {v.name}, which SPEC §11 accepts: {answer.get('error')}")
                v.hex = answer["hex"]
        finally:
            testee.close()
#: f32 bit patterns of NaNs: signalling (0x7f800001, the issue-31 case), quiet, negative, payload
#: bits at the bottom, at the top and everywhere.
F32_NANS = (0x7F800001, 0xFF800001, 0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F812345, 0x7FBFFFFF, 0x7FFFFFFF,
            0xFFFFFFFF, 0x7FA00000)
#: f64 bit patterns of NaNs: the same kinds, and payloads only in the low 29 bits (which an f32
#: could not hold).
F64_NANS = (0x7FF0000000000001, 0xFFF0000000000001, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000001,
            0x7FF0000020000000, 0x7FF0123456789ABC, 0x7FF7FFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF)


def nan_payloads(plan: Plan) -> None:
    """Floats are their exact bit patterns (SPEC §6): every NaN payload, in every place a float can
    be, decoded and encoded again (``reencode``) must give back the same bytes. JSON has one
    "NaN", so these vectors are bytes only, crafted here from SPEC §5."""
    schema = rel(SCHEMAS / "floats.cser")

    def s(text: str) -> bytes:
        return bytes([len(text)]) + text.encode()

    def f32(bits: int) -> bytes:
        return struct.pack("<I", bits)

    def f64(bits: int) -> bytes:
        return struct.pack("<Q", bits)

    def floats(x: bytes, y: bytes, present: bool, tag: int) -> bytes:
        """A conf.floats.Floats with the f32 bytes ``x`` and the f64 bytes ``y`` everywhere."""
        body = x + y                                               # a, b
        body += b"\x03" + x + f32(0) + x                           # singles
        body += b"\x02" + y + y                                    # doubles
        body += (b"\x03" + x + y) if present else b"\x00"          # presence byte, maybe_*
        body += b"\x02" + s("k") + x + s("n") + f32(0x3F800000)    # single_map
        body += b"\x03\x05" + s("a") + y + s("b") + s("c") + y     # doubles_by_name: a, -, c
        body += b"\x03\x05" + x + x                                # sparse: x, -, x
        value = x if tag == 1 else y
        body += encode_varint(tag) + encode_varint(len(value)) + value  # num: tag, payload (§5.7)
        return encode_varint(len(body)) + body

    def add(name: str, data: bytes) -> None:
        plan.add("nan_payloads", Vector(name, schema, "conf.floats.Floats", mode="reencode", hex=data.hex()))

    for i, (a, b) in enumerate(zip(F32_NANS, F64_NANS, strict=True)):
        add(f"nan_f32_{a:08x}_f64_{b:016x}", floats(f32(a), f64(b), i % 2 == 0, 1 + i % 2))
        add(f"nan_f32_{a:08x}_f64_{b:016x}_other_tag", floats(f32(a), f64(b), i % 2 == 1, 2 - i % 2))
    # Not NaNs, beside them: infinities, zeros of both signs, the smallest subnormals.
    for a, b in ((0x7F800000, 0xFFF0000000000000), (0x80000000, 0x8000000000000000), (0x00000001, 1)):
        add(f"float_f32_{a:08x}_f64_{b:016x}", floats(f32(a), f64(b), True, 1))


def truncations(plan: Plan, positives: list[Vector]) -> None:
    """Every strict prefix of several messages: each must be rejected (any kind)."""
    chosen = {"all_max", "optionals_all", "holder_full", "w6_media_content", "any_many", "opt_scores"}
    for v in positives:
        if v.name in chosen and v.hex:
            data = bytes.fromhex(v.hex)
            for cut in range(len(data)):
                plan.add("truncations", Vector(f"{v.name}_cut_{cut}", v.schema, v.type, mode="reject",
                                               hex=data[:cut].hex()))


# ---- writing --------------------------------------------------------------------------------


def encode_all(reference: str, plan: Plan) -> None:
    """Asks the reference testee for the bytes of every example and of every "read" source."""
    jobs: dict[tuple[Path, str], list[tuple[Any, Callable[[str], None]]]] = {}
    for items in plan.items.values():
        for p in items:
            v = p.vector
            if v.mode == "example":
                jobs.setdefault((ROOT / v.schema, v.type), []).append((v.value, lambda h, v=v: setattr(v, "hex", h)))
            elif p.written_by is not None:
                schema, type_, value = p.written_by
                jobs.setdefault((schema, type_), []).append((value, lambda h, v=v: setattr(v, "hex", h)))
    by_schema: dict[Path, list[tuple[str, Any, Callable[[str], None]]]] = {}
    for (schema, type_), entries in jobs.items():
        for value, setter in entries:
            by_schema.setdefault(schema, []).append((type_, value, setter))
    for schema, entries in by_schema.items():
        testee = Testee(reference, schema, [schema.parent])
        try:
            requests = [{"id": i, "op": "encode", "type": t, "value": value} for i, (t, value, _) in enumerate(entries)]
            for (_, _, setter), answer, req in zip(entries, testee.run(requests), requests, strict=True):
                if not answer.get("ok"):
                    sys.exit(f"{reference} cannot encode {req['type']} {req['value']!r:.200}: {answer.get('error')}")
                setter(answer["hex"])
        finally:
            testee.close()


def complete_values(reference: str, plan: Plan) -> None:
    """Replaces each example's value by the reference's decoding of its bytes, which lists every
    field (the form every testee's decode answers with), after checking the two agree."""
    by_schema: dict[Path, list[Vector]] = {}
    for items in plan.items.values():
        for p in items:
            if p.vector.mode == "example":
                by_schema.setdefault(ROOT / p.vector.schema, []).append(p.vector)
    for schema, vectors in by_schema.items():
        testee = Testee(reference, schema, [schema.parent])
        try:
            requests = [{"id": i, "op": "decode", "type": v.type, "hex": v.hex} for i, v in enumerate(vectors)]
            for v, answer in zip(vectors, testee.run(requests), strict=True):
                if not answer.get("ok") or not covers(v.value, answer["value"]):
                    sys.exit(f"{reference} decodes {v.name} to {answer!r:.300}, not {v.value!r:.300}")
                v.value = answer["value"]
        finally:
            testee.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reference", default="java", choices=("java", "rust", "python"))
    args = parser.parse_args()
    plan = Plan()
    scalars(plan)
    collections(plan)
    unions(plan)
    promotions(plan)
    recursion(plan)
    evolution(plan)
    examples(plan)
    rejects(plan)
    findings(plan)
    json_text(plan)
    nan_payloads(plan)
    encode_all(args.reference, plan)
    encode_texts(args.reference, plan)
    complete_values(args.reference, plan)
    truncations(plan, [p.vector for items in plan.items.values() for p in items])
    for v in evolve.plan(args.reference):
        plan.add("generations", v)
    VECTORS.mkdir(exist_ok=True)
    for old in VECTORS.glob("*.jsonl"):
        old.unlink()
    counts: dict[str, int] = {}
    for file, items in plan.items.items():
        vectors = [p.vector for p in items]
        write_vectors(VECTORS / f"{file}.jsonl", vectors)
        for v in vectors:
            counts[v.mode] = counts.get(v.mode, 0) + 1
    print("vectors written:", ", ".join(f"{n} {mode}" for mode, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
