#!/usr/bin/env bash
# libherd in the browser: bash tools/web.sh [serve [PORT]]
#
# Builds the library with Debian's emscripten (installed when missing, with
# Node.js: tools/deps.sh) into build/web/:
#   herd-core.mjs  the library and bindings/js/src/glue.c as WebAssembly,
#                  inlined in an ES module (emscripten's factory);
#   herd.mjs       the JavaScript API (bindings/js/src), with
#                  herd.d.ts and package.json: the npm package;
#   index.html     the page (bindings/js/web), its scripts and style.
# `serve` then serves build/web on http://127.0.0.1:PORT/ (default 8000).
# The build's own output goes to build/web-obj/build.log, shown on failure.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# shellcheck source=tools/deps.sh
. "$root/tools/deps.sh"
herd_install_web_deps
for tool in emcc node; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "error: $tool is missing after installing the web dependencies" >&2
        exit 1
    fi
done

out=build/web
obj=build/web-obj
js=bindings/js

# Debian keeps emscripten's node modules (acorn) there; EM_CACHE must stay
# unset, or emcc leaves Debian's frozen system library cache.
export NODE_PATH=/usr/share/nodejs
unset EM_CACHE

# Every public function of the headers is exported (as _herd_*), so that the
# raw C API is there beside the JavaScript one; glue.c's are kept by
# EMSCRIPTEN_KEEPALIVE.
exports="$(grep -ho 'HERD_API[^;]*' include/herd/*.h | grep -o 'herd_[a-z0-9_]*(' | tr -d '(' |
           sort -u | sed 's/^/_/' | paste -sd, -)"
if [ -z "$exports" ]; then
    echo "error: no HERD_API function found in include/herd/*.h" >&2
    exit 1
fi

# -mbulk-memory: memcpy as WebAssembly's memory.copy, not a call out to
# JavaScript for every block of 512 bytes or more (a game's undo record).
# -inline-threshold=1000 and -flto (the whole library optimised as one
# program at link time) each take instructions off the perft of every game
# (docs/web.md, Speed). No -msimd128: not every browser the page serves has
# WebAssembly SIMD. -include copy.h: a memcpy of a few words, whose size is
# known only at run time (a game state), as loads and stores in place of
# memory.copy, which V8 runs as a call out of the module (docs/web.md, Speed).
cflags=(-std=c11 -O3 -DNDEBUG -flto -mbulk-memory -mllvm -inline-threshold=1000
        -include "$js/src/copy.h" -Wall -Wextra -Werror -pedantic -Iinclude -Ilib)
ldflags=(
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sSINGLE_FILE=1 -sEXPORT_NAME=createHerdModule
    -sENVIRONMENT=web,worker,node -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0
    -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0
    "-sEXPORTED_FUNCTIONS=[$exports,_malloc,_free]"
    "-sEXPORTED_RUNTIME_METHODS=[UTF8ToString,stringToUTF8,lengthBytesUTF8]"
    --extern-pre-js "$js/src/node-shim.js"
)

build() {
    rm -rf "$out"
    mkdir -p "$out" "$obj"
    local log="$obj/build.log"
    echo "Building build/web with $(emcc --version 2>/dev/null | sed -n 1p) (log: $log)"
    if ! emcc "${cflags[@]}" lib/*.c lib/ai/*.c lib/games/*/*.c "$js/src/glue.c" "${ldflags[@]}" \
            -o "$out/herd-core.mjs" >"$log" 2>&1; then
        tail -n 40 "$log"
        echo "error: emcc failed; the whole log is in $log" >&2
        exit 1
    fi
    cp "$js/src/herd.mjs" "$out/"
    cp "$js/herd.d.ts" "$js/package.json" "$out/"
    cp -R "$js/web/." "$out/"
    # The API checks that it loads in Node (the page's tests load it in Chromium).
    node --input-type=module -e "
        const { loadHerd } = await import('$root/$out/herd.mjs');
        const herd = await loadHerd();
        const g = herd.newGame('horses');
        if (g.legal().length === 0) throw new Error('no legal moves');
        g.free();
        console.log('build/web: libherd ' + herd.version + ' loads in Node ' + process.version);"
}

case "${1:-build}" in
build)
    build
    ;;
serve)
    build
    port="${2:-8000}"
    echo "Serving $out on http://127.0.0.1:$port/ (Ctrl-C stops)"
    exec python3 -m http.server --bind 127.0.0.1 --directory "$out" "$port"
    ;;
*)
    echo "usage: bash tools/web.sh [serve [PORT]]" >&2
    exit 2
    ;;
esac
