#!/usr/bin/env bash
# Line and branch coverage of lib/ by the test suite: bash tools/coverage.sh
#
# Builds with HERD_COVERAGE=ON (gcc --coverage) in build/cov, runs every test
# (CTest: the CMocka tests, the protocol tests, the Python tests and the
# fuzz corpora), then prints gcovr's summary for lib/ and writes the per-file
# tables, with the lines and branches not covered, to build/cov/lines.txt and
# build/cov/branches.txt.
# Installs gcovr (Debian package) when it is missing. docs/reliability.md
# records the figures and why the rest is not covered.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs=2

# shellcheck source=tools/deps.sh
. "$root/tools/deps.sh"
herd_install_deps gcovr

cmake -S . -B build/cov -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Debug -DHERD_COVERAGE=ON \
      -DHERD_WERROR=ON -DHERD_BUILD_TESTS=ON
cmake --build build/cov -j "$jobs"
# Counts from an earlier run would add up: start from zero.
find build/cov -name '*.gcda' -delete
ctest --test-dir build/cov --output-on-failure -j "$jobs"

# The figures are for lib/ only (the library, not its tests or examples).
gcovr --root . --filter 'lib/' --object-directory build/cov --exclude-unreachable-branches \
      --txt build/cov/lines.txt --print-summary | tee build/cov/summary.txt
gcovr --root . --filter 'lib/' --object-directory build/cov --exclude-unreachable-branches \
      --branches --txt build/cov/branches.txt >/dev/null
echo "per file, with what is missed: build/cov/lines.txt, build/cov/branches.txt"
