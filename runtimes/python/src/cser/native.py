"""The optional C accelerator of the generated code (SPEC §12.3).

Every generated module describes its records, structs and unions once, at import, and calls
:func:`bind`. When the C extension ``cser._native`` is built (``pip install`` compiles it from
``_native.c`` in this package; a machine without a C compiler gets the pure-Python package) and
the environment variable ``CSER_PURE_PYTHON`` is unset, empty or ``0``, the classes' ``encode``
and ``decode`` (and stream frames) run in C; otherwise :func:`bind` returns ``None`` and the
generated pure-Python functions do the work. Both produce the same bytes, values and errors
(the tests run every vector through both).

A description is a tuple of declared types:

- ``(RECORD | STRUCT, cls, "pkg.Name", zero_fn | None, fields)`` where each field is
  ``(attribute | None, "Name.field", type, optional, zero_bytes | None)`` in id order
  (``None`` for a deprecated field, written as ``zero_bytes``), and ``zero_fn(v, start)`` gives
  a record whose body ended early its zero fields from ``start`` on;
- ``(UNION, cls, "pkg.Name", "Name", variants)`` with variants ``(tag, variant_cls, "Name.v", type)``;

and a type is a scalar constant below, ``(ENUM, cls, members_by_number, "enum pkg.Name")``,
``(LIST | OPTLIST, element)``, ``(MAP | OPTMAP, key, value)`` or ``(REF, cls)`` for a record,
struct or union bound in the same call or an earlier one.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cser._native import TypeCodec as TypeCodec

try:
    from cser import _native as _ext
except ImportError:  # not compiled: the pure-Python code runs
    _ext = None  # type: ignore[assignment]

#: Whether the environment asked for the pure-Python code (``CSER_PURE_PYTHON=1``).
PURE_PYTHON_REQUESTED = os.environ.get("CSER_PURE_PYTHON", "") not in ("", "0")

#: Whether generated modules imported from now on run in C.
ACTIVE = _ext is not None and not PURE_PYTHON_REQUESTED

# Scalar kinds (the numbers _native.c expects).
BOOL = 1
I8 = 2
U8 = 3
I16 = 4
I32 = 5
I64 = 6
U16 = 7
U32 = 8
U64 = 9
F32 = 10
F64 = 11
STRING = 12
BYTES = 13
# Composite kinds.
ENUM = 20
LIST = 21
OPTLIST = 22
MAP = 23
OPTMAP = 24
REF = 25
# Declared types.
RECORD = 1
STRUCT = 2
UNION = 3


def bind(types: tuple[Any, ...]) -> tuple[TypeCodec[Any], ...] | None:
    """Compiles a generated module's descriptions; ``None`` when the C accelerator is off."""
    if not ACTIVE:
        return None
    return _ext.bind(types)
