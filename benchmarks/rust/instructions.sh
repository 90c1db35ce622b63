#!/usr/bin/env bash
# Instructions per operation (callgrind's Ir), steady state: for each case id given, the
# difference between `report --mode smoke --repeat N` and `--repeat 1` under callgrind, divided
# by N-1 (the workloads' setup and the first, cold call cancel out). Deterministic, unlike
# time on a shared machine. Needs valgrind and `cargo build --release` first.
#
#   ./instructions.sh [-n N] W2/cser/encode W6/bitcode/decode ...
#
# A case id is matched as a substring (like --filter) and ends at the op: W2/rkyv/decode also
# selects W2/rkyv/decode_lazy, so rkyv's decode is printed as itself minus its decode_lazy.
set -euo pipefail
cd "$(dirname "$0")"
n=21
if [[ "${1:-}" == "-n" ]]; then n=$2; shift 2; fi
bin=target/release/report
[[ -x $bin ]] || { echo "build first: cargo build --release" >&2; exit 1; }

ir() { # filter repeat -> total Ir of the run
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --mode smoke \
        --workload "${1%%/*}" --filter "$1" --repeat "$2" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
    rm -f "$out"
}

per_op() { # filter -> Ir per operation
    local one many
    one=$(ir "$1" 1)
    many=$(ir "$1" "$n")
    echo $(((many - one) / (n - 1)))
}

for id in "$@"; do
    ir_op=$(per_op "$id")
    if [[ $id == */rkyv/decode ]]; then
        ir_op=$((ir_op - $(per_op "${id}_lazy")))
    fi
    printf '%-24s %12d Ir/op\n' "$id" "$ir_op"
done
