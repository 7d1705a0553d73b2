#!/usr/bin/env bash
# The ABI check (docs/api.md, "The ABI"): compares the shared library's ABI
# (its exported functions and the types of the public headers, as
# abigail-tools read them from the DWARF of a -g build) with the baseline
# committed in abi/libherd.abi, and fails on an incompatible change.
#
#   bash tools/abi.sh [BUILD_DIR]   check BUILD_DIR/libherd.so (a Debug or
#                                   other -g build); without BUILD_DIR, build
#                                   it in build/abi first
#   bash tools/abi.sh --update      write the baseline anew from build/abi,
#                                   deliberately, after a change of the ABI
#
# A removed function, a changed signature or struct layout fails; functions
# added, and fields added at the end of the structs that grow
# (abi/growing.abignore), are reported and pass, and join the baseline with
# --update at the next release.
set -euo pipefail
if [ $# -ge 1 ] && [ "$1" != --update ]; then
    build=$(cd "$1" && pwd) # as given from where it was called
fi
cd "$(dirname "$0")/.."
root=$PWD
baseline=abi/libherd.abi

. tools/deps.sh
command -v abidiff >/dev/null 2>&1 || herd_install_deps

# A Debug build of the shared library alone, whose debug info names the
# sources relative to the repository (-ffile-prefix-map), so that the
# baseline is the same wherever the repository lies.
build_baseline_library() {
    cmake -S . -B build/abi -DCMAKE_BUILD_TYPE=Debug -DHERD_BUILD_TESTS=OFF \
        -DHERD_BUILD_PROGRAMS=OFF -DHERD_BUILD_BENCHMARK=OFF \
        "-DCMAKE_C_FLAGS=-ffile-prefix-map=$root/=" >/dev/null
    cmake --build build/abi -j2 --target herd >/dev/null
}

# What abidw writes: only the types of the public headers, no absolute paths,
# no source lines (which move with every edit), type ids by their content.
abidw_options=(--no-corpus-path --no-comp-dir-path --no-show-locs --drop-private-types
               --type-id-style hash --headers-dir include/herd)

if [ "${1:-}" = --update ]; then
    build_baseline_library
    mkdir -p abi
    abidw "${abidw_options[@]}" --out-file "$baseline" build/abi/libherd.so
    echo "abi: wrote $baseline from build/abi/libherd.so; commit it with the change of the ABI"
    exit 0
fi

if [ $# -eq 0 ]; then
    build_baseline_library
    build=build/abi
fi
lib=$build/libherd.so
if [ ! -f "$lib" ]; then
    echo "abi: no $lib (build the target herd there first)" >&2
    exit 1
fi
if ! readelf -S "$lib" | grep '\.debug_info' >/dev/null; then
    echo "abi: $lib has no debug info; the check needs a -g build (Debug, RelWithDebInfo)" >&2
    exit 1
fi

# abidiff sets bit 8 (ABIDIFF_ABI_INCOMPATIBLE_CHANGE) only for a removed
# symbol; a changed signature or struct layout sets bit 4 alone. So the check
# runs twice: without the additions, where any change left fails (the
# compatible ones by design are in abi/growing.abignore), then with them, to
# report the functions added.
diff_status() {
    set +e
    out=$(abidiff --suppressions abi/growing.abignore "$@" "$baseline" "$lib" 2>&1)
    rc=$?
    set -e
    if [ $((rc & 3)) -ne 0 ]; then
        printf '%s\n' "$out" >&2
        echo "abi: abidiff failed (status $rc)" >&2
        exit 1
    fi
}
diff_status --no-added-syms
if [ $((rc & 12)) -ne 0 ]; then
    printf '%s\n' "$out" >&2
    echo "abi: $lib breaks the ABI of $baseline (above). Keep the old layout and" \
         "signatures, or, at a new SONAME, write the baseline anew: bash tools/abi.sh --update" >&2
    exit 1
fi
diff_status
if [ $((rc & 4)) -ne 0 ]; then
    printf '%s\n' "$out"
    echo "abi: compatible additions to $baseline (above); bash tools/abi.sh --update takes them in"
else
    echo "abi: $lib has the ABI of $baseline"
fi
