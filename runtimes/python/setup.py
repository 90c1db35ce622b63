"""Builds the optional C accelerator, cser._native (src/cser/_native/*.c).

Everything else is in pyproject.toml. The extension is optional: where it cannot be compiled
(no C compiler, no Python headers) the install goes on without it and the generated code runs
on the runtime's pure-Python interpreter (cser/codec.py).
"""

from glob import glob

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "cser._native",
            sources=sorted(glob("src/cser/_native/*.c")),
            depends=["src/cser/_native/native.h"],
            optional=True,
            extra_compile_args=[
                "-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers", "-fvisibility=hidden",
            ],
        )
    ]
)
