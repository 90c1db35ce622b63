"""The pure-Python interpreter of descriptors: the codecs of the types of one :func:`cser.bind.bind`
call, whose code is written and compiled together on first use (they may refer to each other).

:mod:`cser.reader` and :mod:`cser.writer` write a reader and a writer per type into one
:class:`cser.source.Module`, which is compiled once; :mod:`cser.message` wraps them into whole
messages and stream frames. Before its first use, each codec's methods are stubs that compile the
group and then call the methods that took their place.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from cser.descriptors import RECORD, parse_type

__all__ = ["Group", "PyCodec"]


class PyCodec:
    """The Python interpreter's codec of one type. Its four methods are plain functions, set
    when the module's code is first needed (:class:`Group`)."""

    __slots__ = ("decode", "decode_body", "encode", "encode_body", "name")

    decode: Callable[[bytes | bytearray | memoryview, int], Any]
    decode_body: Callable[[bytes, int, int, int], tuple[Any, int]]
    encode: Callable[[Any], bytes]
    encode_body: Callable[[Any, bytearray, int], None]

    def __init__(self, group: Group, name: str) -> None:
        self.name = name

        def decode(data: bytes | bytearray | memoryview, max_depth: int) -> Any:
            group.compile()
            return self.decode(data, max_depth)

        def decode_body(data: bytes, pos: int, end: int, depth: int) -> tuple[Any, int]:
            group.compile()
            return self.decode_body(data, pos, end, depth)

        def encode(value: Any) -> bytes:
            group.compile()
            return self.encode(value)

        def encode_body(value: Any, out: bytearray, depth: int) -> None:
            group.compile()
            self.encode_body(value, out, depth)

        self.decode = decode
        self.decode_body = decode_body
        self.encode = encode
        self.encode_body = encode_body

    def __repr__(self) -> str:
        return f"<cser Python codec of {self.name}>"


#: Held while a group compiles (re-entered when its code refers to another module's types).
_COMPILING = threading.RLock()


class Group:
    """The types of one :func:`cser.bind.bind` call (one generated module), compiled together on
    first use: they may refer to each other. ``foreign`` gives the compiled reader and writer of
    a class another group binds, and its declared kind."""

    def __init__(self, descriptors: tuple[Any, ...], foreign: Callable[[type[Any]], tuple[Any, Any, int]]) -> None:
        self.descriptors = descriptors
        self.codecs = tuple(PyCodec(self, d[2]) for d in descriptors)
        self._foreign = foreign
        #: After compile(): each type's reader and writer (readers[i](data, pos, end, depth)),
        #: and the namespace of the compiled code.
        self.readers: list[Any] = []
        self.writers: list[Any] = []
        self.namespace: dict[str, Any] = {}
        self._state = 0  # 0: not compiled, 1: compiling, 2: compiled

    def compile(self) -> None:
        if self._state == 2:
            return
        with _COMPILING:  # another thread's first use waits for the code
            if self._state:
                return  # compiled, or a reference back to a group being compiled (cannot happen)
            self._state = 1
            try:
                self._compile()
            except BaseException:
                # Not compiled: the next use tries again and raises the same error, instead of
                # finding a half-made group whose codecs still point at this method.
                self.readers.clear()
                self.writers.clear()
                self._state = 0
                raise

    def _compile(self) -> None:
        # Imported here, not at the top: a program whose types all run in C never compiles
        # Python code, and would otherwise load the emitters with its first generated module.
        from cser import message, reader, writer
        from cser.source import Module

        types = [parse_type(d) for d in self.descriptors]
        module = Module(types, {**reader.HELPERS, **writer.HELPERS}, self._foreign)
        reader.emit(module)
        writer.emit(module)
        ns = module.run()
        self.namespace = ns
        for i, td in enumerate(types):
            read = ns[module.reader_name(i)]
            write = ns[module.writer_name(i)]
            self.readers.append(read)
            self.writers.append(write)
            c = self.codecs[i]
            c.decode = message.decoder(read)
            c.encode = message.encoder(write)
            if td.kind == RECORD:
                c.decode_body = message.body_decoder(read)
                c.encode_body = message.body_encoder(write)
            else:
                c.decode_body = read
                c.encode_body = write
        self._state = 2
