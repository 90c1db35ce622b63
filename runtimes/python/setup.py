"""The two build steps pyproject.toml cannot declare: the optional C accelerator, cser._native
(src/cser/_native/*.c), and the compiler jar the ``cserc`` console script runs (cser/cserc.jar).

The extension is optional: where it cannot be compiled (no C compiler, no Python headers) the
install goes on without it and the generated code runs on the runtime's pure-Python interpreter
(cser/bind.py chooses it).

The jar is the one Maven builds in the checkout, ``tools/cserc/target/cserc.jar`` (``make``); an
sdist carries a copy at its root, so a wheel built from the sdist has it too. A wheel or sdist
built without it fails with what to run first: a package without its compiler would only fail
later, at ``cserc``. An editable install (``pip install -e``, as the Makefile's venv is) takes no
copy: cser/compile.py finds the checkout's jar itself.
"""

import shutil
from glob import glob
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
# In an unpacked sdist: the copy sdist_with_jar put there. In the checkout: Maven's output.
JAR_CANDIDATES = (HERE / "cserc.jar", HERE.parent.parent / "tools" / "cserc" / "target" / "cserc.jar")
# Where the package keeps it: cser/cserc.jar, beside cser/compile.py, which looks for it there.
JAR_IN_PACKAGE = "cserc.jar"


def compiler_jar() -> Path:
    """The compiler jar to package; SystemExit saying how to build it if there is none."""
    for candidate in JAR_CANDIDATES:
        if candidate.is_file():
            return candidate
    checkout = HERE.parent.parent
    if (checkout / "compiler" / "pom.xml").is_file():
        raise SystemExit(
            f"cser: the compiler jar {JAR_CANDIDATES[1]} is missing; the cser package carries it "
            "for its cserc command. Build it first: run 'make' (or 'mvn -q package -DskipTests "
            f"-pl tools/cserc -am') in the cser checkout {checkout}, then install again."
        )
    raise SystemExit(
        f"cser: {HERE} holds no compiler jar (cserc.jar) and is not runtimes/python of a cser "
        "checkout; the cser package carries the jar for its cserc command. Install from "
        "runtimes/python of a cser checkout built by 'make', or from an sdist built there."
    )


class build_py_with_jar(build_py):
    """build_py, plus the compiler jar copied into the built package."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            target = Path(self.build_lib) / "cser" / JAR_IN_PACKAGE
            target.parent.mkdir(parents=True, exist_ok=True)
            self.copy_file(str(compiler_jar()), str(target), preserve_mode=False)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            outputs.append(str(Path(self.build_lib) / "cser" / JAR_IN_PACKAGE))
        return outputs


class sdist_with_jar(sdist):
    """sdist, plus the compiler jar at the root of the archive, where build_py_with_jar finds it
    when a wheel is built from the sdist (away from the checkout)."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        shutil.copyfile(compiler_jar(), Path(base_dir) / "cserc.jar")


# setuptools runs this file as __main__; tests import it to check compiler_jar().
if __name__ == "__main__":
    setup(
        cmdclass={"build_py": build_py_with_jar, "sdist": sdist_with_jar},
        ext_modules=[
            Extension(
                "cser._native",
                sources=sorted(glob("src/cser/_native/*.c")),
                depends=sorted(glob("src/cser/_native/*.h")),
                optional=True,
                extra_compile_args=[
                    "-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers", "-fvisibility=hidden",
                ],
            )
        ],
    )
