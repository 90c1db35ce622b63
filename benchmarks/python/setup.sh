#!/usr/bin/env bash
# Creates benchmarks/target/py-venv: the cser runtime (runtimes/python, editable) and the pinned
# peers and tools of requirements.txt. Idempotent: reinstalls only when requirements.txt or
# runtimes/python/pyproject.toml, setup.py or the C accelerator (src/cser/_native/) changed. PYTHON picks the interpreter (default python3).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="$ROOT/benchmarks/target/py-venv"
STAMP="$VENV/.installed"
PYTHON="${PYTHON:-python3}"

fresh() {
  [[ -f "$STAMP" && "$STAMP" -nt "$HERE/requirements.txt" && "$STAMP" -nt "$ROOT/runtimes/python/pyproject.toml" \
     && "$STAMP" -nt "$ROOT/runtimes/python/setup.py" ]] || return 1
  local f
  for f in "$ROOT"/runtimes/python/src/cser/_native/*; do [[ "$STAMP" -nt "$f" ]] || return 1; done
}
if fresh; then
  exit 0
fi
mkdir -p "$ROOT/benchmarks/target"
[[ -x "$VENV/bin/python" ]] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install -q --disable-pip-version-check -r "$HERE/requirements.txt"
"$VENV/bin/pip" install -q --disable-pip-version-check -e "$ROOT/runtimes/python"
touch "$STAMP"
echo "benchmarks/target/py-venv ready: $("$VENV/bin/python" --version)"
