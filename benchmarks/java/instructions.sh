#!/usr/bin/env bash
# Instructions per operation of a Java cser row, counted by valgrind's callgrind (Ir), for an
# A/B where wall time is too noisy and `perf` cannot count (JMH's perfnorm needs it): JMH runs
# in the JVM it is started in (-f 0), single-shot, one warm-up batch of WARM operations so that
# C2 has compiled the code (-Xbatch: compiling blocks the thread, so what runs compiled does not
# depend on timing), then a batch of N, and again with 2N; the difference over N is one
# operation in steady state (the JVM's start, JMH, the warm-up and the compilations cancel).
# N = 100000 gives counts that agree within a few dozen Ir from run to run; 20000 does not. A
# count does not depend on what else runs, so JMH's lock is ignored, and its lock file is a
# private one (java.io.tmpdir) so that a timed JMH run started meanwhile does not fail on it.
#   benchmarks/java/instructions.sh JAR [-n N] [-w WARM] CASE...     CASE: W3/encode, W6/decode, ...
# JVM_FLAGS adds flags to the JVM. W1's and W2's counts are not of the steady state: an operation
# is 100,000 and 5,000 records, and their methods called once per operation reach C2 only after
# hundreds of operations, too many to run under valgrind, so the count is of C1 and OSR code.
# Lowering the tier thresholds (-XX:Tier4InvocationThreshold=20 and the like) crashed the JVM
# under valgrind here (SIGSEGV in C2-compiled HashMap.getNode), so W1 has no steady-state count.
# JAR is a benchmarks.jar (benchmarks/java/target/benchmarks.jar after `mvn -Pbench package`, or
# benchmarks/java/ab's /tmp/cser-ab/{a,b}.jar).
set -euo pipefail
jar=${1:?usage: instructions.sh JAR [-n N] [-w WARM] CASE...}
shift
n=100000
warm=40000
while [[ "${1:-}" == -* ]]; do
    case "$1" in
        -n) n=$2; shift 2 ;;
        -w) warm=$2; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
command -v valgrind > /dev/null || { echo "valgrind not found" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ir() { # workload op batch -> total Ir
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$out" \
        java -Xbatch -XX:+UseSerialGC ${JVM_FLAGS:-} -Djmh.ignoreLock=true -Djava.io.tmpdir="$tmp" -jar "$jar" "^dev\.cser\.bench\.Bench\.$2\$" -p library=cser \
        -p workload="$1" -f 0 -bm ss -wi 1 -wbs "$warm" -i 1 -bs "$3" > /dev/null 2>&1
    callgrind_annotate "$out" 2> /dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
    rm -f "$out"
}

for c in "$@"; do
    w=${c%%/*}
    op=${c#*/}
    one=$(ir "$w" "$op" "$n")
    two=$(ir "$w" "$op" $((2 * n)))
    printf '%-14s %12d Ir/op\n' "$c" $(((two - one) / n))
done
