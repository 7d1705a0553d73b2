#!/usr/bin/env bash
# The test command of libherd: bash tools/test.sh [--quick | --no-ports | --all-targets | --help]
#
# On a fresh Debian 12 machine (as root) it installs what is missing, then:
#   1. builds with HERD_WERROR=ON in build/ci and runs every test (CTest),
#      the Python package's with Debian's /usr/bin/python3 (numpy, Dask);
#      --quick stops here (the edit loop); then checks the shared library's
#      ABI against abi/libherd.abi (tools/abi.sh, abidiff);
#   2. builds with HERD_SANITIZE=ON (ASan + UBSan) in build/asan, with clang
#      when present, at -O1 (the speed AddressSanitizer's docs advise), and
#      runs every test again (the fuzz corpora included);
#   3. with clang, runs each fuzzer of tests/fuzz (texts, actions, protocol, records)
#      for 20 seconds (HERD_FUZZ_SECONDS), one after the other on one core,
#      while on the other it builds the web build (tools/web.sh: emscripten)
#      and runs its tests (tests/web, Node's test runner): the JavaScript API
#      against build/ci's herd program, and the page in headless Chromium
#      with playwright-core (npm ci from tests/web/package-lock.json), and
#      the page online through herd-server (tests/server);
#   4. builds with HERD_TSAN=ON (ThreadSanitizer) in build/tsan and runs the
#      thread tests (threads, interrupt), which must report nothing;
#   5. builds a Release build with the tests (not run: an optimised build
#      finds warnings that a Debug one does not) and the API reference (the
#      docs target; any Doxygen warning fails; no signature shows HERD_API;
#      the Python pages have every anchor; every link to a file leads to
#      one), and installs both into a
#      temporary prefix other than the configured one, staged with DESTDIR:
#      nothing may land outside the prefix, and the install manifest must
#      list every file; builds and runs the consumer examples against it:
#      examples/pkgconfig (Makefile, the relocatable herd.pc; and its main.c
#      linked statically with pkg-config --static) and examples/cmake
#      (find_package); checks the installed herd program, man page
#      herd(1) and herd-match; imports the installed Python package (under the prefix) from
#      another directory without HERD_LIBRARY, and installs bindings/python
#      with pip (offline);
#   6. builds and runs examples/subdirectory, which adds the source tree with
#      add_subdirectory(), and checks that only the library was built there;
#   7. builds for other machines and runs the tests there under emulators
#      (tools/cross.sh, docs/building.md): windows-x64 (MinGW-w64, wine64)
#      and linux-s390x (big-endian, qemu-user); with --all-targets also
#      linux-arm64 and linux-i386; with --no-ports none. The ports run from
#      the start, one after the other, beside steps 1 to 6 (at a lower
#      priority, each into a log of its own that is shown when it ends).
# Each step prints its time; the end, a table of them (wall clock, and the
# CPU time of its processes, which a busy machine does not stretch).
set -euo pipefail

usage() {
    cat <<'EOF_USAGE'
usage: bash tools/test.sh [--quick | --no-ports | --all-targets | --help]
  (none)         every check, the ports windows-x64 and linux-s390x beside
                 the others (tools/cross.sh; README.md says how long it takes)
  --quick        build/ci and its tests only: no sanitizers, fuzzing, docs,
                 install, web build or ports (the edit loop)
  --no-ports     every check but the ports
  --all-targets  every check, and the ports linux-arm64 and linux-i386 too
  --help         this text
Environment: HERD_FUZZ_SECONDS (20), ASAN_OPTIONS, UBSAN_OPTIONS, TSAN_OPTIONS.
EOF_USAGE
}
quick=""
ports=(windows-x64 linux-s390x)
case "${1:-}" in
"") ;;
--quick) quick=1; ports=() ;;
--no-ports) ports=() ;;
--all-targets) ports=(windows-x64 linux-s390x linux-arm64 linux-i386) ;;
-h | --help) usage; exit 0 ;;
*) usage >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs=2

# The CPU time (user + system, in clock ticks) of this shell's children that
# have ended: fields 16 and 17 of /proc/PID/stat; $self is this shell, or the
# ports' lane (a subshell; not $BASHPID, which in $(cpu_ticks) is another).
self=$$
cpu_ticks() {
    local f
    read -r -a f </proc/"$self"/stat
    echo $((f[15] + f[16]))
}
tick="$(getconf CLK_TCK)"
current=""
times=()
# Bash reaps the ports' lane (below) when it ends, which adds its CPU time
# to this shell's: taken out of the step in which that happened.
lane_reaped() {
    local ticks=0
    if [ -n "$lane_pid" ] && [ -f "$tmp/lane.ticks" ] && ! kill -0 "$lane_pid" 2>/dev/null; then
        ticks="$(cat "$tmp/lane.ticks")"
    fi
    echo "$ticks"
}
step_end() {
    local lane_ticks
    lane_ticks="$(lane_reaped)"
    if [ "$lane_ticks" -ne 0 ]; then lane_pid=""; fi
    if [ -n "$current" ]; then
        times+=("$(printf '%5d s %6d s  %s' $((SECONDS - step_wall)) \
                          $((($(cpu_ticks) - step_cpu - lane_ticks) / tick)) "$current")")
    fi
}
step() {
    step_end
    lane_check
    current="$*"
    step_wall=$SECONDS
    step_cpu="$(cpu_ticks)"
    printf '\n==== %s\n' "$*"
}
summary() {
    step_end
    current=""
    printf '\n==== times (wall clock, CPU time of the step; uptime: %s)\n' \
           "$(uptime | sed 's/.*load/load/')"
    printf '%s\n' "${times[@]}"
    printf '%5d s %6d s  total\n' "$SECONDS" $(($(cpu_ticks) / tick))
}
tmp=""
bg=""
lane=""  # the ports' lane (below), until it is waited for
lane_pid=""  # the same, until its CPU time is taken out of a step's
# A process and all its descendants, listed before any is stopped.
process_tree() {
    local child
    echo "$1"
    for child in $(pgrep -P "$1" 2>/dev/null); do process_tree "$child"; done
}
finish() {
    local rc=$?
    if [ -n "$bg" ]; then pkill -P "$bg" 2>/dev/null || true; kill "$bg" 2>/dev/null || true; fi
    if [ -n "$lane" ]; then
        # shellcheck disable=SC2046
        kill $(process_tree "$lane") 2>/dev/null || true
        wait "$lane" 2>/dev/null || true
    fi
    if [ -n "$tmp" ]; then rm -rf "$tmp"; fi
    if [ "$rc" -ne 0 ] && [ -n "$current" ]; then
        printf '\nTESTS FAILED (exit status %s) in: %s\n' "$rc" "$current" >&2
    fi
    exit "$rc"
}
trap finish EXIT
tmp="$(mktemp -d)"

# The ports (step 7) run from the start in a lane of their own, beside the
# other steps: those leave a core idle for much of their time (one long test
# left at the end of a CTest run, the fuzzers, Doxygen, the serial steps),
# which the emulated builds and tests fill. The lane runs one port after the
# other at a lower priority (nice 5), so that the other steps, the longer
# path, keep their pace. Each port's output goes to a log of its own, shown
# whole when the lane is waited for, or as soon as a port has failed (checked
# between steps); each port's row in the table has its wall and CPU time.
lane_start() {
    (
        self=$BASHPID
        for port in "$@"; do
            port_wall=$SECONDS
            port_cpu="$(cpu_ticks)"
            port_rc=0
            nice -n 5 bash tools/cross.sh "$port" >"$tmp/port-$port.log" 2>&1 || port_rc=$?
            printf '%5d s %6d s  build/%s: tools/cross.sh %s (in the lane beside the steps, from %d s)\n' \
                   $((SECONDS - port_wall)) $((($(cpu_ticks) - port_cpu) / tick)) "$port" "$port" \
                   "$port_wall" >>"$tmp/ports.times"
            echo "$port $port_rc" >>"$tmp/ports.done"
            [ "$port_rc" -eq 0 ] || break
        done
        cpu_ticks >"$tmp/lane.ticks"
        exit "$port_rc"
    ) &
    lane=$!
    lane_pid=$lane
}
# Waits for the lane, shows each port's log and adds its rows to the table;
# a port that failed fails the run.
lane_wait() {
    local rc=0 port
    wait "$lane" || rc=$?
    lane=""
    for port in ${ports[@]+"${ports[@]}"}; do
        if [ -f "$tmp/port-$port.log" ]; then
            printf '\n==== build/%s: tools/cross.sh %s (its log)\n' "$port" "$port"
            cat "$tmp/port-$port.log"
        fi
    done
    if [ -f "$tmp/ports.times" ]; then mapfile -t -O "${#times[@]}" times <"$tmp/ports.times"; fi
    if [ "$rc" -ne 0 ]; then
        current="build/$(awk '$2 != 0 { print $1; exit }' "$tmp/ports.done" 2>/dev/null): tools/cross.sh (in the lane)"
        exit "$rc"
    fi
}
lane_check() {
    if [ -n "$lane" ] && [ -f "$tmp/ports.done" ] && awk '$2 != 0 { bad = 1 } END { exit !bad }' "$tmp/ports.done"; then
        lane_wait
    fi
}

# ------------------------------------------------------------ prerequisites
step "prerequisites (tools/deps.sh)"
# shellcheck source=tools/deps.sh
. "$root/tools/deps.sh"
herd_install_deps
if [ -z "$quick" ]; then herd_install_web_deps browser; fi
if [ ${#ports[@]} -gt 0 ]; then lane_start "${ports[@]}"; fi

# ------------------------------------------------------- 1. warnings as errors
# The Python tests of build/ci run with Debian's interpreter, which has numpy
# and Dask (tools/deps.sh), so that herd.Batch and herd.match on a cluster
# are tested; build/asan's run with the first python3 on PATH, which may be
# another one without them (their tests then skip, and the rest runs there).
if [ -x /usr/bin/python3 ]; then ci_python=(-DPython3_EXECUTABLE=/usr/bin/python3); else ci_python=(); fi
step "build/ci: HERD_WERROR=ON, build and run the tests"
cmake -S . -B build/ci -DCMAKE_BUILD_TYPE=Debug -DHERD_WERROR=ON -DHERD_BUILD_TESTS=ON "${ci_python[@]}"
cmake --build build/ci -j "$jobs"
ctest --test-dir build/ci --output-on-failure -j "$jobs"
if [ -n "$quick" ]; then
    summary
    printf '\nQUICK CHECKS PASSED: build/ci (warnings as errors) and its tests; bash tools/test.sh runs every check\n'
    exit 0
fi

step "build/ci: the ABI against abi/libherd.abi (abidiff, tools/abi.sh)"
bash tools/abi.sh build/ci

# --------------------------------------------------------------- 2. sanitizers
# With clang the fuzz harness is built too (libFuzzer comes with clang's
# runtime, libclang-rt-14-dev, which tools/deps.sh installs beside clang).
# -O1 runs the tests about twice as fast as -O0, with every check of the
# sanitizers; asserts stay on (a Debug build).
if command -v clang >/dev/null 2>&1; then cc=clang; fuzz=ON; else cc=gcc; fuzz=OFF; fi
step "build/asan: HERD_SANITIZE=ON with $cc -O1, build and run the tests"
cmake -S . -B build/asan -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_C_FLAGS_DEBUG="-g -O1" \
      -DHERD_SANITIZE=ON -DHERD_WERROR=ON -DHERD_BUILD_TESTS=ON -DHERD_FUZZ="$fuzz"
cmake --build build/asan -j "$jobs"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir build/asan --output-on-failure -j "$jobs"

# ------------------------------------------------- 3. fuzzers beside the web
# Each fuzzer starts from a copy of its seed corpus; a fault's input is kept
# as build/asan/fuzz-NAME-crash-* and the end of its log shown. One fuzzer
# takes one core; the web tests wait on Chromium more than they compute, so
# they share the other.
fuzz_seconds="${HERD_FUZZ_SECONDS:-20}"
run_fuzzers() {
    local name corpus
    for name in texts actions protocol records; do
        corpus="tests/fuzz/corpus_$name"
        [ -d "$corpus" ] || corpus="tests/fuzz/corpus"
        cp -R "$corpus" "$tmp/corpus_$name"
        if ! "build/asan/tests/fuzz_$name" -max_total_time="$fuzz_seconds" -print_final_stats=1 \
                -rss_limit_mb=1024 -artifact_prefix="build/asan/fuzz-$name-" \
                "$tmp/corpus_$name" >"$tmp/$name.log" 2>&1; then
            tail -n 80 "$tmp/$name.log"
            echo "error: fuzz_$name found a fault (its input: build/asan/fuzz-$name-*)"
            return 1
        fi
        printf 'fuzz_%s: %s\n' "$name" "$(grep -E '^Done' "$tmp/$name.log")"
    done
}
if [ "$fuzz" = ON ]; then
    step "build/asan: each fuzzer for $fuzz_seconds s (tests/fuzz), beside build/web: tools/web.sh, then node --test tests/web"
    run_fuzzers >"$tmp/fuzz.out" 2>&1 &
    bg=$!
else
    step "build/web: tools/web.sh, then node --test tests/web (Node and headless Chromium)"
fi
web_start=$SECONDS
bash tools/web.sh
web_built=$SECONDS
(cd tests/web && npm ci --no-audit --no-fund)
web_npm=$SECONDS
HERD_PROGRAM="$root/build/ci/programs/herd" node --test tests/web/
# The page online through herd-server (tests/server/online.test.mjs).
if [ -x build/ci/programs/herd-server ]; then
    HERD_SERVER="$root/build/ci/programs/herd-server" node --test tests/server/
fi
echo "web: $((SECONDS - web_start)) s (build $((web_built - web_start)) s, npm ci $((web_npm - web_built)) s, tests $((SECONDS - web_npm)) s)"
if [ -n "$bg" ]; then
    fuzz_rc=0
    wait "$bg" || fuzz_rc=$?
    bg=""
    cat "$tmp/fuzz.out"
    if [ "$fuzz_rc" -ne 0 ]; then exit "$fuzz_rc"; fi
fi

# ------------------------------------------------------------ 4. threads
step "build/tsan: HERD_TSAN=ON, the thread tests under ThreadSanitizer"
cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=Debug -DHERD_TSAN=ON -DHERD_WERROR=ON \
      -DHERD_BUILD_TESTS=ON
cmake --build build/tsan -j "$jobs" --target test_threads test_interrupt
TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}" \
    ctest --test-dir build/tsan --output-on-failure -R '^(threads|interrupt)$'

# ------------------------------------------------- 5. install and consumers
configured="$tmp/configured"
prefix="$tmp/prefix"
stage="$tmp/stage"

step "build/install: Release with the tests and the docs; install into $prefix, configured for $configured"
# herd.pc finds its prefix from its own place, so an install with another
# --prefix than the configured one must work as well. The tests are built
# too (not run): an optimised build finds warnings that a Debug one does not.
# HERD_PYTHON_SITEDIR empty: the default place under the prefix (and not
# what an older configure of build/install may have cached).
cmake -S . -B build/install -DCMAKE_BUILD_TYPE=Release -DHERD_BUILD_TESTS=ON \
      -DHERD_WERROR=ON -DCMAKE_INSTALL_PREFIX="$configured" \
      -DHERD_INSTALL_PYTHON=ON -DHERD_PYTHON_SITEDIR=
cmake --build build/install -j "$jobs"
# The reference (Doxygen warnings fail), which the install then puts under
# share/doc/herd.
cmake --build build/install --target docs
test -f build/install/docs/html/index.html
# The built pages of the Python package have every anchor (the CTest
# docs_python_api checks the page sources only).
python3 tests/docs/check_python_api_docs.py . build/install/docs/html
# Every link of the pages to a file leads to one (a header links its page,
# not ../include/herd/NAME.h, which is in no build tree or install).
python3 tests/docs/check_html_links.py build/install/docs/html
# PREDEFINED in docs/Doxyfile.in: signatures read `int herd_new(...)`.
if grep -l '>HERD_API ' build/install/docs/html/*.html | grep -v '_source\.html$'; then
    echo "error: HERD_API shows in the signatures of the pages above" >&2
    exit 1
fi
# Staged with DESTDIR, as a packager does, so that a file written outside the
# prefix shows; then the staged prefix is moved to its place.
DESTDIR="$stage" cmake --install build/install --prefix "$prefix"
outside="$(find "$stage" \( -type f -o -type l \) ! -path "$stage$prefix/*" -print)"
if [ -n "$outside" ]; then
    printf 'error: cmake --install --prefix %s wrote outside the prefix:\n%s\n' "$prefix" "$outside" >&2
    exit 1
fi
# The manifest names every file installed (an uninstall or a package list
# relies on it), each under the prefix.
if ! diff -u <(sort build/install/install_manifest.txt) \
             <(cd "$stage" && find "${prefix#/}" \( -type f -o -type l \) -printf '/%p\n' | sort); then
    echo "error: build/install/install_manifest.txt is not the list of the files installed" >&2
    exit 1
fi
mv "$stage$prefix" "$prefix"
echo "installed $(wc -l <build/install/install_manifest.txt) files, all under $prefix"
# The installed reference: its pages, and the example and program sources
# they link as ../examples/FILE and ../programs/FILE beside them.
doc_index="$(find "$prefix" -path '*/doc/herd/html/index.html' -print -quit)"
if [ -z "$doc_index" ] || [ ! -f "$(dirname "$doc_index")/../examples/hare_solve.c" ] ||
   [ ! -f "$(dirname "$doc_index")/../programs/herd.c" ]; then
    echo "error: the reference (share/doc/herd/html, its examples and programs) was not installed under $prefix" >&2
    exit 1
fi
python3 tests/docs/check_html_links.py "$(dirname "$doc_index")"
pcfile="$(find "$prefix" -name herd.pc -print -quit)"
if [ -z "$pcfile" ]; then
    echo "error: herd.pc was not installed under $prefix" >&2
    exit 1
fi
pcdir="$(dirname "$pcfile")"
if grep -n "$configured" "$pcfile"; then
    echo "error: $pcfile names the configured prefix $configured" >&2
    exit 1
fi

step "examples/pkgconfig: make with PKG_CONFIG_PATH=$pcdir"
cp -R examples/pkgconfig "$tmp/pkgconfig"
PKG_CONFIG_PATH="$pcdir" make -C "$tmp/pkgconfig"
"$tmp/pkgconfig/herd-hello"

step "examples/pkgconfig/main.c linked statically: pkg-config --static (Libs.private)"
static_flags="$(PKG_CONFIG_PATH="$pcdir" pkg-config --static --cflags --libs herd)"
echo "cc -static -std=c11 examples/pkgconfig/main.c $static_flags"
# shellcheck disable=SC2086  # the flags are words
cc -static -std=c11 -Wall -Wextra -Werror examples/pkgconfig/main.c $static_flags \
   -o "$tmp/herd-hello-static"
if readelf -d "$tmp/herd-hello-static" 2>/dev/null | grep -q NEEDED; then
    echo "error: $tmp/herd-hello-static needs shared libraries" >&2
    exit 1
fi
"$tmp/herd-hello-static"

step "examples/cmake: find_package(herd) with CMAKE_PREFIX_PATH=$prefix"
cmake -S examples/cmake -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix"
cmake --build "$tmp/cmake-build" -j "$jobs"
"$tmp/cmake-build/herd-cmake-example"

step "installed herd program and its man page, herd-match"
printf 'new horses seed=1\nstatus\nquit\n' | "$prefix/bin/herd"
"$prefix/bin/herd-match" hare 1 1 -n 2 | grep -q '^A: '
manpage="$prefix/share/man/man1/herd.1"
test -f "$manpage"
if command -v groff >/dev/null 2>&1; then
    # -ww: every troff warning; -z: no output, only the diagnostics.
    if [ -n "$(groff -man -Tutf8 -ww -z "$manpage" 2>&1)" ]; then
        groff -man -Tutf8 -ww -z "$manpage"
        exit 1
    fi
fi
if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$manpage" | grep -q '^NAME'
    MANPATH="$prefix/share/man" man -w herd
fi

# The default place of the package is where this Python puts packages for
# the prefix (its sysconfig scheme posix_prefix, as pip install --prefix).
site="$(python3 -c 'import sys, sysconfig
print(sysconfig.get_path("purelib", "posix_prefix", {"base": sys.argv[1], "platbase": sys.argv[1]}))' "$prefix")"
step "installed Python package: import herd from $site without HERD_LIBRARY"
test -f "$site/herd/_config.py"
(cd "$tmp" && env -u HERD_LIBRARY PYTHONPATH="$site" python3 -c '
import herd
lib = herd.library()
assert lib.path.startswith(__import__("sys").argv[1]), lib.path
g = herd.Game("horses", seed=1)
m = g.play_genmove()
print("herd", herd.version(), "from", lib.path, "played", m, "->", g.status)
' "$prefix")

step "pip install ./bindings/python (offline, no build isolation)"
# Needs pip, setuptools >= 61 and wheel in the interpreter (Debian:
# python3-pip, python3-setuptools, python3-wheel); the first python3 that
# has them is used.
pipped=""
for py in python3 /usr/bin/python3; do
    if "$py" -c 'import setuptools, wheel' 2>/dev/null && "$py" -m pip --version >/dev/null 2>&1; then
        # From a copy: setuptools writes build/ and *.egg-info beside the sources.
        cp -R bindings/python "$tmp/pip-source"
        echo "with $(command -v "$py")"
        PIP_ROOT_USER_ACTION=ignore "$py" -m pip install --quiet --disable-pip-version-check \
              --no-build-isolation --no-deps --no-index \
              --target "$tmp/pip-target" "$tmp/pip-source"
        test -f "$tmp/pip-target/herd/py.typed"
        (cd "$tmp" && HERD_LIBRARY="$(find "$prefix" -name 'libherd.so.*' -print -quit)" \
            PYTHONPATH="$tmp/pip-target" "$py" -c 'import herd; print(herd.Game("hex").status)')
        # pip installs no library: without one, the error that README.md
        # quotes. ctypes.util.find_library finds nothing here, whatever libherd
        # the system has.
        (cd "$tmp" && env -u HERD_LIBRARY -u LD_LIBRARY_PATH PYTHONPATH="$tmp/pip-target" "$py" -c '
import ctypes.util
ctypes.util.find_library = lambda name: None
import herd
try:
    herd.Game("hex")
except herd.LibraryError as e:
    print("without a library:", e)
    assert str(e).startswith("libherd not found: pass its path to herd.load()"), e
else:
    raise SystemExit("a game was created without a library")')
        pipped=" and pip"
        break
    fi
done
if [ -z "$pipped" ]; then
    echo "skipped: no python3 with pip, setuptools and wheel (tools/deps.sh installs them)"
fi

# ----------------------------------------- 6. consumer with add_subdirectory
step "examples/subdirectory: add_subdirectory() of the source tree"
cmake -S examples/subdirectory -B "$tmp/sub-build" -DHERD_SOURCE_DIR="$root" \
      -DCMAKE_BUILD_TYPE=Release
cmake --build "$tmp/sub-build" -j "$jobs"
"$tmp/sub-build/herd-subdirectory-example"
# Only the library: no tests, programs, benchmark or docs target, no test
# registered, no program file built.
extra="$(cmake --build "$tmp/sub-build" --target help |
         grep -E '^\.\.\. (test_|tutorial_|herd_exe|herd-demo|herd-bench|herd-play|hare_solve|herd-match|fox-solve|docs|fuzz_)' || true)"
if [ -n "$extra" ]; then
    printf 'error: add_subdirectory(libherd) defined more than the library:\n%s\n' "$extra" >&2
    exit 1
fi
if ctest --test-dir "$tmp/sub-build" -N | grep -q '^ *Test *#'; then
    echo "error: add_subdirectory(libherd) registered tests" >&2
    exit 1
fi
built="$(find "$tmp/sub-build/libherd" -type f -perm -u+x ! -name 'libherd.so*' -print)"
if [ -n "$built" ]; then
    printf 'error: add_subdirectory(libherd) built programs:\n%s\n' "$built" >&2
    exit 1
fi

# ---------------------------------------------------- 7. other machines
# Each port builds in build/TARGET and runs every test that can run there
# under its emulator; its last line counts them (TARGET: N passed, ...).
if [ -n "$lane" ]; then
    step "waiting for the ports' lane (${ports[*]}; its rows below)"
    lane_wait
fi

if [ "$fuzz" = ON ]; then fuzzed=", 3 fuzzers x $fuzz_seconds s"; else fuzzed=""; fi
summary
printf '\nALL CHECKS PASSED: tests (werror, sanitizers%s, ThreadSanitizer), docs, install (all under the prefix), pkg-config (shared and static), CMake and add_subdirectory consumers, man page, Python package (cmake --install%s), web build (Node, Chromium), ports (%s)\n' "$fuzzed" "$pipped" "${ports[*]:-none}"
