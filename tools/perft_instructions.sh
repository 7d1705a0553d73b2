#!/usr/bin/env bash
# Instructions per perft leaf, counted by valgrind's callgrind, which gives
# the same count however busy the machine is (docs/performance.md):
#
#   bash tools/perft_instructions.sh HERD_BENCH [LIBDIR] [GAME ...]
#
# runs `HERD_BENCH 1 GAME perft K` for each of herd-bench's perft positions
# K of each game (default: every game) under callgrind and prints the
# position, its leaves, the instructions counted and their ratio. The
# count includes the program's start and the few random plies that lead
# to the position, which are far below a perft's. With LIBDIR, the program
# runs against the libherd.so in LIBDIR (LD_LIBRARY_PATH), so that one
# herd-bench measures two builds of the library.
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: bash tools/perft_instructions.sh HERD_BENCH [LIBDIR] [GAME ...]" >&2
    exit 2
fi
bench=$1
shift
libdir=""
if [ $# -ge 1 ] && [ -d "$1" ]; then
    libdir=$(cd "$1" && pwd)
    shift
fi
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(horses hex hare fox flock)
command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind is needed" >&2; exit 1; }

out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf '%-7s %-48s %12s %16s %10s\n' game position leaves instructions per-leaf
for game in "${games[@]}"; do
    for k in 1 2 3; do
        # The figure line herd-bench prints for the position, if it has one.
        if ! line=$(env ${libdir:+LD_LIBRARY_PATH="$libdir"} \
                valgrind --tool=callgrind --callgrind-out-file=/dev/null \
                "$bench" 1 "$game" perft "$k" 2>"$out" | grep '^  perft '); then
            continue
        fi
        leaves=$(sed -E 's/.*: +([0-9]+) leaves.*/\1/' <<<"$line")
        position=$(sed -E 's/^  perft +(.*), depth ([0-9]+):.*/\1 d\2/; s/ +/ /g' <<<"$line")
        instructions=$(sed -nE 's/.*Collected : ([0-9]+).*/\1/p' "$out")
        awk -v g="$game" -v p="$position" -v l="$leaves" -v i="$instructions" \
            'BEGIN { printf "%-7s %-48s %12.0f %16.0f %10.1f\n", g, p, l, i, i / l }'
    done
done
