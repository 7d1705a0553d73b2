#!/usr/bin/env bash
# Builds libherd for another machine and runs its tests there, under an
# emulator: bash tools/cross.sh TARGET (docs/building.md, "Other machines").
#
# On Debian 12 (as root) it installs what the target needs (the cross
# compiler, qemu-user or wine64), builds CMocka for the target from Debian's
# source package (apt-get source cmocka, with a deb-src entry of its own in
# /etc/apt/sources.list.d/herd-deb-src.sources) into build/TARGET/cmocka,
# configures build/TARGET with cmake/toolchain-TARGET.cmake and warnings as
# errors, builds, and runs every CTest test, each program under the
# emulator. It ends with the line `TARGET: N passed, M failed, K skipped`
# (a skipped test says why: it needs the build machine's own library or a
# terminal); the exit status is 0 when none failed.
set -euo pipefail

targets="windows-x64 linux-arm64 linux-i386 linux-s390x"
usage() {
    cat <<'EOF_USAGE'
usage: bash tools/cross.sh TARGET | --help
Builds libherd for TARGET in build/TARGET (warnings as errors) and runs its
tests under an emulator; the last line is `TARGET: N passed, M failed, K skipped`.
Targets:
  windows-x64   Windows x86-64: MinGW-w64 (x86_64-w64-mingw32-gcc-posix), tests under wine64
  linux-arm64   Linux on 64-bit ARM: aarch64-linux-gnu-gcc, tests under qemu-aarch64
  linux-i386    Linux on 32-bit x86: i686-linux-gnu-gcc, tests under qemu-i386;
                built with HERD_PORTABLE (the portable fallbacks of lib/portable.h)
  linux-s390x   Linux on IBM Z, big-endian: s390x-linux-gnu-gcc, tests under qemu-s390x
Missing Debian packages are installed (as root). Environment: HERD_CROSS_JOBS
(2), the parallel builds and tests; HERD_TEST_TIME_SCALE (10), how many times
longer than on this machine the tests wait before they call a program hung.
EOF_USAGE
}
case "${1:-}" in
-h | --help) usage; exit 0 ;;
windows-x64 | linux-arm64 | linux-i386 | linux-s390x) target="$1" ;;
*) usage >&2; exit 2 ;;
esac
[ $# -eq 1 ] || { usage >&2; exit 2; }

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="${HERD_CROSS_JOBS:-2}"
build="$root/build/$target"
toolchain="$root/cmake/toolchain-$target.cmake"
start=$SECONDS

# ------------------------------------------------------------ packages
# shellcheck source=tools/deps.sh
. "$root/tools/deps.sh"
packages=(cmake make pkgconf python3 dpkg-dev xz-utils)
extra=()
cmocka_flags=()
case "$target" in
windows-x64)
    packages+=(gcc-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 wine64)
    # CMocka prints the tests' messages with C99's printf (%zu), as libherd does.
    cmocka_flags=(-DCMAKE_C_FLAGS=-D__USE_MINGW_ANSI_STDIO=1) ;;
linux-*)
    arch="${target#linux-}"
    triple="$(sed -n 's/^set(HERD_CROSS_TRIPLE \(.*\))$/\1/p' "$toolchain")"
    packages+=("gcc-$triple" "libc6-dev-$arch-cross" qemu-user)
    if [ "$target" = linux-i386 ]; then extra=(-DHERD_PORTABLE=ON); fi ;;
esac
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
herd_apt_install "${missing[@]}"

# The emulator's own setting up. Wine keeps its first run's prefix in the
# build tree (never the user's ~/.wine), and says nothing of its own.
if [ "$target" = windows-x64 ]; then
    export WINEPREFIX="$build/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
    mkdir -p "$build"
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        echo "== wine: a new prefix in $WINEPREFIX"
        /usr/lib/wine/wine64 wineboot --init >/dev/null 2>&1 || true
        /usr/lib/wine/wineserver -w 2>/dev/null || true
    fi
    # One wine server for the whole run, not one per test program, and its
    # services started now, with nothing of the tests' open: else they would
    # hold the first test's output open and CTest would wait for them.
    /usr/lib/wine/wineserver -p 2>/dev/null || true
    trap '/usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT
    # Stopped (tools/test.sh stops its ports when another step fails), the
    # script still ends through the EXIT trap: the server is persistent.
    trap 'exit 143' INT TERM
    /usr/lib/wine/wine64 wineboot </dev/null >/dev/null 2>&1 || true
fi

# ------------------------------------------------------------ CMocka
# Debian's source package of the CMocka that build/ci uses, built for the
# target: only its static library, so that the tests need no DLL or rpath.
cmocka="$build/cmocka"
if [ ! -f "$cmocka/lib/pkgconfig/cmocka.pc" ]; then
    src="$build/cmocka-src"
    if ! compgen -G "$src/cmocka-*/CMakeLists.txt" >/dev/null; then
        if ! apt-get source --print-uris cmocka >/dev/null 2>&1; then
            list=/etc/apt/sources.list.d/herd-deb-src.sources
            echo "== deb-src entries for apt-get source: $list"
            if [ -f /etc/apt/sources.list.d/debian.sources ]; then
                sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$list"
            else
                list=/etc/apt/sources.list.d/herd-deb-src.list
                sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list >"$list"
            fi
            apt-get -o DPkg::Lock::Timeout=1200 update
        fi
        rm -rf "$src" && mkdir -p "$src"
        (cd "$src" && apt-get source cmocka)
    fi
    cmsrc="$(dirname "$(compgen -G "$src/cmocka-*/CMakeLists.txt" | head -n 1)")"
    echo "== CMocka for $target from $cmsrc"
    cmake -S "$cmsrc" -B "$build/cmocka-build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
          -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$cmocka" -DCMAKE_INSTALL_LIBDIR=lib \
          -DWITH_STATIC_LIB=ON -DWITH_EXAMPLES=OFF -DUNIT_TESTING=OFF "${cmocka_flags[@]}" \
          >"$build/cmocka-build.log"
    cmake --build "$build/cmocka-build" -j "$jobs" >>"$build/cmocka-build.log"
    cmake --install "$build/cmocka-build" >>"$build/cmocka-build.log"
    # -lcmocka (cmocka.pc) then finds the static library only.
    rm -f "$cmocka"/lib/libcmocka.so* "$cmocka"/lib/libcmocka.dll.a "$cmocka"/bin/*cmocka*.dll
    cp "$cmocka/lib/libcmocka-static.a" "$cmocka/lib/libcmocka.a"
fi

# ------------------------------------------------------------ build and test
python=()
if [ -x /usr/bin/python3 ]; then python=(-DPython3_EXECUTABLE=/usr/bin/python3); fi
echo "== build/$target: configure and build (warnings as errors)"
cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_PREFIX_PATH="$cmocka" \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g" \
      -DHERD_WERROR=ON -DHERD_BUILD_TESTS=ON "${python[@]}" "${extra[@]}"
cmake --build "$build" -j "$jobs"
built=$SECONDS
echo "== build/$target: the tests under the emulator"
# The tests' limits for a hung program, stretched: programs run some times
# slower under an emulator (tests/protocol/hang_limits.py).
export HERD_TEST_TIME_SCALE="${HERD_TEST_TIME_SCALE:-10}"
junit="$build/ctest-results.xml"
rc=0
ctest --test-dir "$build" --output-on-failure -j "$jobs" --output-junit "$junit" || rc=$?

# The counts from CTest's JUnit file: every test is passed, failed or skipped.
/usr/bin/env python3 - "$junit" "$target" $((built - start)) $((SECONDS - built)) <<'EOF_PY'
import sys
import xml.etree.ElementTree as ET
junit, target, build_s, test_s = sys.argv[1:]
passed, failed, skipped = [], [], []
for case in ET.parse(junit).getroot().iter("testcase"):
    name, status = case.get("name"), case.get("status")
    out = case.findtext("system-out") or ""
    if status == "run":
        passed.append(name)
    elif status in ("notrun", "disabled") or case.find("skipped") is not None:
        why = next((l.split("skipped:", 1)[1].strip() for l in out.splitlines()
                    if "skipped:" in l), None)
        why = why or next((l.strip() for l in out.splitlines() if "skip" in l.lower()), "")
        skipped.append((name, why))
    else:
        failed.append(name)
for name, why in skipped:
    print(f"skipped: {name}: {why}")
for name in failed:
    print(f"failed: {name}")
print(f"time: build {build_s} s, tests {test_s} s")
print(f"{target}: {len(passed)} passed, {len(failed)} failed, {len(skipped)} skipped")
sys.exit(1 if failed else 0)
EOF_PY
exit "$rc"
