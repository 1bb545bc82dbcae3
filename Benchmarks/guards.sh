#!/usr/bin/env bash
# The instruction-count guards: each operation GuardProbe repeats (see
# Sources/GuardProbe/GuardedOperation.swift) is counted with valgrind's callgrind, which counts the same on any
# x86 CPU and under any load, and compared with its recorded count in Thresholds/instructions.txt.
#
#     Benchmarks/guards.sh            check: fails (exit 1) when an operation rises more than 3%
#     Benchmarks/guards.sh record     re-record Thresholds/instructions.txt on the current code
#
# One operation's count is (count at N repetitions - count at 0) / N: both runs set the operation up and run
# it once, so process start-up, set-up and what a process pays once cancel out.
#
# glibc picks its memset/memcpy variants by CPU. Under valgrind every x86 CPU this project runs on (AMD EPYC,
# Intel Xeon) shows AVX2 and ERMS and neither AVX-512 nor FSRM, and ERMS makes memset and memcpy of a few KiB
# use `rep stosb`/`rep movsb`, which callgrind counts one instruction per byte: a fifth of registering 300
# services was zeroing counted that way. So ERMS is turned off here, pinning the AVX2 vector loops, whose
# counts follow the work. GUARDS_HWCAPS adds more (e.g. `-AVX2`, to see what a CPU without it would count).
set -euo pipefail
export GLIBC_TUNABLES="glibc.cpu.hwcaps=-ERMS${GUARDS_HWCAPS:+,$GUARDS_HWCAPS}"

cd "$(dirname "$0")"
mode=${1:-check}
case "$mode" in check | record) ;; *) echo "usage: $0 [check|record]" >&2; exit 2 ;; esac

thresholds=Thresholds/instructions.txt
tolerance=3 # percent a count may rise before the check fails
scratch=.build-guards
probe=$scratch/release/GuardProbe

# Repetitions per operation: enough that one operation's count moves well under 0.1% between runs.
declare -A repetitions=(
    [permanent]=100000 [transient]=100000 [keyed]=100000 [graph]=30000
    [provider-permanent]=100000 [provider-transient]=100000 [forward]=100000
    [per-arguments-int]=100000 [per-arguments-string]=100000 [child-8]=100000
    [miss]=30000
    [register-300]=200 [first-300]=100 [first-300-profiled]=50
)

command -v valgrind > /dev/null || { echo "guards: valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "guards: building GuardProbe (release, $scratch)"
swift build -c release -Xcc -gdwarf-4 --scratch-path "$scratch" --product GuardProbe > "$work/build.log" 2>&1 \
    || { cat "$work/build.log" >&2; exit 1; }

# Instructions callgrind counted for one run of the probe.
instructions() {
    local out="$work/callgrind.$1.$2"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$probe" "$1" "$2" > /dev/null 2> "$out.log" \
        || { echo "guards: GuardProbe $1 $2 failed under valgrind:" >&2; cat "$out.log" >&2; exit 1; }
    awk '/^(summary|totals):/ { print $2; exit }' "$out"
}

operations=$("$probe" --list)
declare -A measured
for operation in $operations; do
    n=${repetitions[$operation]:?"guards: no repetition count for $operation in $0"}
    base=$(instructions "$operation" 0)
    total=$(instructions "$operation" "$n")
    measured[$operation]=$(awk -v t="$total" -v b="$base" -v n="$n" 'BEGIN { printf "%.1f", (t - b) / n }')
done

if [ "$mode" = record ]; then
    {
        echo "# Instructions per operation (callgrind), recorded by 'make bench-guards-record'; 'make bench-check'"
        echo "# fails when one rises more than $tolerance%. See Benchmarks/guards.sh and Sources/GuardProbe."
        for operation in $operations; do printf '%s %s\n' "$operation" "${measured[$operation]}"; done
    } > "$thresholds"
    echo "guards: recorded $thresholds"
    cat "$thresholds"
    exit 0
fi

declare -A recorded
while read -r operation count; do
    case "$operation" in '' | '#'*) continue ;; esac
    recorded[$operation]=$count
done < "$thresholds"

failed=0
dropped=0
printf '%-20s %14s %14s %9s\n' operation threshold measured change
for operation in $operations; do
    threshold=${recorded[$operation]:-}
    if [ -z "$threshold" ]; then
        printf '%-20s %14s %14s %9s  no threshold: record one\n' "$operation" - "${measured[$operation]}" -
        failed=1
        continue
    fi
    change=$(awk -v m="${measured[$operation]}" -v t="$threshold" 'BEGIN { printf "%+.2f", (m - t) / t * 100 }')
    verdict=$(awk -v c="$change" -v limit="$tolerance" 'BEGIN {
        if (c > limit) print "ROSE"; else if (c < -limit) print "dropped"; else print "ok" }')
    printf '%-20s %14s %14s %8s%%  %s\n' "$operation" "$threshold" "${measured[$operation]}" "$change" "$verdict"
    [ "$verdict" = ROSE ] && failed=1
    [ "$verdict" = dropped ] && dropped=1
done
for operation in "${!recorded[@]}"; do
    if [ -z "${measured[$operation]:-}" ]; then
        echo "guards: $operation has a threshold, but GuardProbe has no such operation"
        failed=1
    fi
done

if [ "$dropped" = 1 ]; then
    echo "guards: some counts dropped by more than $tolerance%: re-record with 'make bench-guards-record' and commit"
fi
if [ "$failed" = 1 ]; then
    echo "guards: FAILED: an operation rose more than $tolerance% over $thresholds (or has no threshold)"
    exit 1
fi
echo "guards: every operation within $tolerance% of its threshold"
