# Sourced by tools/quickstart.sh, tools/test.sh, tools/coverage.sh and
# tools/web.sh: installs the Debian 12 packages that libherd's build needs,
# but only when something is missing. Arguments name further Debian packages
# that the calling script needs (tools/coverage.sh: gcovr).
# herd_install_web_deps installs what only the web build needs.

herd_install_deps() {
    local missing=() extra
    for extra in "$@"; do
        dpkg -s "$extra" >/dev/null 2>&1 || missing+=("$extra")
    done
    command -v cmake >/dev/null 2>&1 || missing+=(cmake)
    command -v gcc >/dev/null 2>&1 || missing+=(gcc)
    command -v make >/dev/null 2>&1 || missing+=(make)
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkgconf)
    command -v doxygen >/dev/null 2>&1 || missing+=(doxygen)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    dpkg -s libcmocka-dev >/dev/null 2>&1 || missing+=(libcmocka-dev)
    # herd-play (programs/play) is built on ncurses; its tests run it in tmux.
    dpkg -s libncurses-dev >/dev/null 2>&1 || missing+=(libncurses-dev)
    command -v tmux >/dev/null 2>&1 || missing+=(tmux)
    # herd-server (programs/server): CivetWeb, jansson, SQLite, libpq; its
    # test of two processes starts a throwaway PostgreSQL (postgresql).
    local pkg
    for pkg in libcivetweb-dev libjansson-dev libsqlite3-dev libpq-dev postgresql; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    # The Python package's window test: tkinter and a virtual display; its
    # offline `pip install` test: setuptools and wheel.
    dpkg -s python3-tk >/dev/null 2>&1 || missing+=(python3-tk)
    dpkg -s xvfb >/dev/null 2>&1 || missing+=(xvfb)
    dpkg -s python3-setuptools >/dev/null 2>&1 || missing+=(python3-setuptools)
    dpkg -s python3-wheel >/dev/null 2>&1 || missing+=(python3-wheel)
    dpkg -s python3-pip >/dev/null 2>&1 || missing+=(python3-pip)
    # herd.match() on a cluster: its test starts a Dask LocalCluster.
    dpkg -s python3-distributed >/dev/null 2>&1 || missing+=(python3-distributed)
    dpkg -s python3-numpy >/dev/null 2>&1 || missing+=(python3-numpy)
    # The engines' bindings and their tests: Lua 5.4 and LuaJIT with their
    # headers and busted (bindings/lua), mono's C# compiler and runtime
    # (bindings/csharp), LÖVE for examples/love (run by xvfb-run, which needs xauth).
    local engine
    for engine in lua5.4 liblua5.4-dev luajit libluajit-5.1-dev lua-busted mono-mcs \
        mono-runtime love xauth; do
        dpkg -s "$engine" >/dev/null 2>&1 || missing+=("$engine")
    done
    # The ABI check (tools/abi.sh): abidw and abidiff.
    command -v abidiff >/dev/null 2>&1 || missing+=(abigail-tools)
    # The fuzz harness needs clang's runtime wherever clang is present.
    if command -v clang >/dev/null 2>&1; then
        dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || missing+=(libclang-rt-14-dev)
    fi
    herd_apt_install "${missing[@]}"
}

# The web build and its tests only (tools/web.sh, tools/test.sh): Debian's
# emscripten and Node.js with npm; with the argument `browser`, also Debian's
# Chromium, which the page's tests drive.
herd_install_web_deps() {
    local missing=()
    command -v emcc >/dev/null 2>&1 || missing+=(emscripten)
    command -v node >/dev/null 2>&1 || missing+=(nodejs)
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    if [ "${1:-}" = browser ]; then
        command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    fi
    herd_apt_install "${missing[@]}"
}

# Installs the Debian packages named, if any.
herd_apt_install() {
    local missing=("$@")
    if [ "${#missing[@]}" -eq 0 ]; then
        return 0
    fi
    echo "Installing missing packages: ${missing[*]}"
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "error: need root (or sudo) to install: ${missing[*]}" >&2
            return 1
        fi
    fi
    # Another apt may hold the lock (an install beside this one): wait for it.
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=1200 install -y \
        --no-install-recommends \
        "${missing[@]}" libc6-dev
}
