#!/usr/bin/env bash
# The quick start of libherd: bash tools/quickstart.sh
#
# Installs what the build needs when it is missing (Debian 12, as root),
# builds the library and its programs in build/release (the build's own
# output goes to build/release/quickstart.log, shown only when it fails), and
# runs herd-demo: a seeded game of Herd of Horses, computer against computer,
# shown in one screen (the start, the last moves, the final board and the
# result). Arguments go to herd-demo: [SEED [W H N]].
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# shellcheck source=tools/deps.sh
. "$root/tools/deps.sh"
herd_install_deps

log=build/release/quickstart.log
mkdir -p build/release
echo "Building libherd in build/release (log: $log)"
if ! { cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DHERD_BUILD_TESTS=OFF &&
       cmake --build build/release -j 2; } >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "error: the build failed; the whole log is in $log" >&2
    exit 1
fi

echo
build/release/programs/herd-demo "$@"
echo
echo "Built in build/release: libherd.so, libherd.a, programs/herd (the protocol program), programs/herd-demo,"
echo "examples/tutorial/* (the programs of docs/tutorial.md) and tests/herd-bench (the benchmark)."
echo "Next: bash tools/test.sh"
