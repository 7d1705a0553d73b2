#!/bin/bash
# The Windows DLL against the C# assembly's imports, under wine (mono for
# Windows is not in Debian, so the assembly itself cannot run there):
#   bash bindings/csharp/tests/wine_imports.sh [BUILD_DIR]
# cross-compiles the library with MinGW-w64 into BUILD_DIR (default
# build/mingw), then loads libherd.dll under wine and looks up every function
# that bindings/csharp/src/Native.cs imports (bindings/check_api.py --names).
# Needs Debian's gcc-mingw-w64-x86-64 and wine.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${1:-$root/build/mingw}
cmake -S "$root" -B "$build" -DCMAKE_SYSTEM_NAME=Windows \
    -DCMAKE_C_COMPILER=x86_64-w64-mingw32-gcc -DCMAKE_BUILD_TYPE=Release \
    -DHERD_BUILD_TESTS=OFF -DHERD_BUILD_PROGRAMS=OFF -DHERD_BUILD_BENCHMARK=OFF \
    -DHERD_BUILD_DOCS=OFF -DHERD_INSTALL=OFF -DHERD_LUA=OFF -DHERD_CSHARP=OFF >/dev/null
cmake --build "$build" -j2 --target herd >/dev/null
x86_64-w64-mingw32-gcc -std=c11 -O1 -Wall -Wextra -o "$build/win_imports.exe" \
    "$root/bindings/csharp/tests/win_imports.c"
# The MinGW build's one runtime DLL besides Windows' own.
cp "$(x86_64-w64-mingw32-gcc -print-file-name=libgcc_s_seh-1.dll)" "$build/"
mapfile -t names < <(python3 "$root/bindings/check_api.py" --names csharp "$root/include" \
                     "$root"/bindings/csharp/src/*.cs)
cd "$build"
WINEDEBUG=-all wine win_imports.exe "${names[@]}"
