#!/usr/bin/env bash
# The one test command of libherd: bash tools/test.sh
#
# On a fresh Debian 12 machine (as root) it installs what is missing, then:
#   1. builds with HERD_WERROR=ON in build/ci and runs every test (CTest);
#   2. builds with HERD_SANITIZE=ON (ASan + UBSan) in build/asan, with clang
#      when present, and runs every test again (the fuzz corpora included);
#      with clang it also runs each fuzzer of tests/fuzz (texts, actions,
#      protocol) for 20 seconds (HERD_FUZZ_SECONDS);
#   2b. builds with HERD_TSAN=ON (ThreadSanitizer) in build/tsan and runs the
#      thread tests (threads, interrupt), which must report nothing;
#   3. builds the API reference (the docs target; any Doxygen warning fails);
#   4. installs into a temporary prefix and builds and runs the two consumer
#      examples: examples/pkgconfig (Makefile) and examples/cmake (find_package).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs=2

current="prerequisites"
tmp=""
step() { current="$*"; printf '\n==== %s\n' "$*"; }
finish() {
    local rc=$?
    if [ -n "$tmp" ]; then rm -rf "$tmp"; fi
    if [ "$rc" -ne 0 ]; then
        printf '\nTESTS FAILED (exit status %s) in: %s\n' "$rc" "$current" >&2
    fi
    exit "$rc"
}
trap finish EXIT

# ------------------------------------------------------------ prerequisites
# shellcheck source=tools/deps.sh
. "$root/tools/deps.sh"
herd_install_deps

# ------------------------------------------------------- 1. warnings as errors
step "build/ci: HERD_WERROR=ON, build and run the tests"
cmake -S . -B build/ci -DCMAKE_BUILD_TYPE=Debug -DHERD_WERROR=ON -DHERD_BUILD_TESTS=ON
cmake --build build/ci -j "$jobs"
ctest --test-dir build/ci --output-on-failure -j "$jobs"

# --------------------------------------------------------------- 2. sanitizers
# With clang the fuzz harness is built too (libFuzzer comes with clang's
# runtime, libclang-rt-14-dev, which tools/deps.sh installs beside clang).
if command -v clang >/dev/null 2>&1; then cc=clang; fuzz=ON; else cc=gcc; fuzz=OFF; fi
step "build/asan: HERD_SANITIZE=ON with $cc, build and run the tests"
cmake -S . -B build/asan -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Debug \
      -DHERD_SANITIZE=ON -DHERD_WERROR=ON -DHERD_BUILD_TESTS=ON -DHERD_FUZZ="$fuzz"
cmake --build build/asan -j "$jobs"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir build/asan --output-on-failure -j "$jobs"

if [ "$fuzz" = ON ]; then
    # Each fuzzer starts from a copy of its seed corpus; a fault's input is
    # kept as build/asan/fuzz-NAME-crash-* and the end of its log shown.
    fuzz_seconds="${HERD_FUZZ_SECONDS:-20}"
    step "build/asan: run each fuzzer for $fuzz_seconds seconds (tests/fuzz)"
    tmp="$(mktemp -d)"
    for name in texts actions protocol; do
        corpus="tests/fuzz/corpus_$name"
        [ -d "$corpus" ] || corpus="tests/fuzz/corpus"
        cp -R "$corpus" "$tmp/corpus_$name"
        if ! "build/asan/tests/fuzz_$name" -max_total_time="$fuzz_seconds" -print_final_stats=1 \
                -rss_limit_mb=1024 -artifact_prefix="build/asan/fuzz-$name-" \
                "$tmp/corpus_$name" >"$tmp/$name.log" 2>&1; then
            tail -n 80 "$tmp/$name.log"
            exit 1
        fi
        printf 'fuzz_%s: ' "$name"
        grep -E '^Done' "$tmp/$name.log"
    done
    rm -rf "$tmp"
    tmp=""
fi

# ------------------------------------------------------------ 2b. threads
step "build/tsan: HERD_TSAN=ON, the thread tests under ThreadSanitizer"
cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=Debug -DHERD_TSAN=ON -DHERD_WERROR=ON \
      -DHERD_BUILD_TESTS=ON
cmake --build build/tsan -j "$jobs" --target test_threads test_interrupt
TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}" \
    ctest --test-dir build/tsan --output-on-failure -R '^(threads|interrupt)$'

# --------------------------------------------------------------------- 3. docs
step "build/ci: the docs target (Doxygen warnings fail)"
cmake --build build/ci --target docs
test -f build/ci/docs/html/index.html

# ------------------------------------------------- 4. install and consumers
tmp="$(mktemp -d)"
prefix="$tmp/prefix"

step "install into $prefix"
# The .pc file holds absolute paths from configure time, so the prefix is
# given when configuring, as a packager would.
cmake -S . -B build/install -DCMAKE_BUILD_TYPE=Release -DHERD_BUILD_TESTS=OFF \
      -DHERD_WERROR=ON -DCMAKE_INSTALL_PREFIX="$prefix"
cmake --build build/install -j "$jobs"
cmake --install build/install
pcfile="$(find "$prefix" -name herd.pc -print -quit)"
if [ -z "$pcfile" ]; then
    echo "error: herd.pc was not installed under $prefix" >&2
    exit 1
fi
pcdir="$(dirname "$pcfile")"

step "examples/pkgconfig: make with PKG_CONFIG_PATH=$pcdir"
cp -R examples/pkgconfig "$tmp/pkgconfig"
PKG_CONFIG_PATH="$pcdir" make -C "$tmp/pkgconfig"
"$tmp/pkgconfig/herd-hello"

step "examples/cmake: find_package(herd) with CMAKE_PREFIX_PATH=$prefix"
cmake -S examples/cmake -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix"
cmake --build "$tmp/cmake-build" -j "$jobs"
"$tmp/cmake-build/herd-cmake-example"

step "installed herd program"
printf 'new horses seed=1\nstatus\nquit\n' | "$prefix/bin/herd"

if [ "$fuzz" = ON ]; then fuzzed=", 3 fuzzers x ${HERD_FUZZ_SECONDS:-20} s"; else fuzzed=""; fi
printf '\nALL CHECKS PASSED: tests (werror, sanitizers%s, ThreadSanitizer), docs, install, pkg-config and CMake consumers\n' "$fuzzed"
