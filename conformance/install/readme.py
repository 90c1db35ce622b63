"""Writes the files and commands of README.md's "Using cser in your project" into a directory,
so that conformance/install/run builds the projects from the text users copy (issue 32).

A fenced block preceded by ``<!-- install-test: NAME -->`` is written to ``OUT/NAME`` with
``/path/to/cser`` replaced by the checkout. A marker without a block, a name used twice, or a
section without the markers ``run`` needs is an error: the README and the test cannot drift apart
silently.

Usage: python3 readme.py README.md CHECKOUT OUT NAME...
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

SECTION = "## Using cser in your project"
MARKER = re.compile(r"^<!-- install-test: (\S+) -->\n```[a-z]*\n(.*?)^```$", re.M | re.S)
ANY_MARKER = re.compile(r"^<!-- install-test: (\S+) -->", re.M)


def section(text: str) -> str:
    """The text from the section's heading to the next heading of the same level."""
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return text[start:] if end < 0 else text[start:end]


def blocks(text: str) -> dict[str, str]:
    """Each marked block of the section by its name."""
    found: dict[str, str] = {}
    for match in MARKER.finditer(text):
        name, body = match.groups()
        if name in found:
            raise SystemExit(f"README.md: install-test block {name} appears twice")
        found[name] = body
    stray = set(ANY_MARKER.findall(text)) - set(found)
    if stray:
        raise SystemExit(f"README.md: install-test markers without a fenced block after them: {sorted(stray)}")
    return found


def main(argv: list[str]) -> None:
    readme, checkout, out, *wanted = argv
    found = blocks(section(Path(readme).read_text(encoding="utf-8")))
    missing = [name for name in wanted if name not in found]
    if missing:
        raise SystemExit(f"README.md's '{SECTION[3:]}' has no install-test block {missing}")
    for name, body in found.items():
        path = Path(out) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body.replace("/path/to/cser", checkout), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
