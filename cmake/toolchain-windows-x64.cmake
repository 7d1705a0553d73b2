# Windows on x86-64, with Debian's MinGW-w64 (x86_64-w64-mingw32-gcc-posix:
# C11 threads and atomics through winpthreads), the tests under wine64:
# cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-windows-x64.cmake
# (tools/cross.sh windows-x64 does it all, with a wine prefix of its own).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(HERD_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${HERD_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_RC_COMPILER ${HERD_MINGW_TRIPLE}-windres)

set(CMAKE_FIND_ROOT_PATH /usr/${HERD_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)  # host programs: python3, sh
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)    # the MinGW root and CMAKE_PREFIX_PATH
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
# pkg-config reads the target's .pc files only (CMAKE_PREFIX_PATH's CMocka).
set(ENV{PKG_CONFIG_LIBDIR} "/usr/${HERD_MINGW_TRIPLE}/lib/pkgconfig")

# The programs carry the compiler's runtime (libgcc, winpthreads) inside,
# so that they need no DLL but the system's and libherd.dll.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc")

find_program(HERD_WINE64 NAMES wine64 PATHS /usr/lib/wine NO_DEFAULT_PATH)
find_program(HERD_WINE64 NAMES wine64)
if(NOT HERD_WINE64)
  message(FATAL_ERROR "wine64 not found: apt-get install wine64")
endif()
# The programs find libherd.dll at the top of the build tree, as they find
# it beside them in an install's bin/ (wine maps / to the drive Z:).
set(CMAKE_CROSSCOMPILING_EMULATOR "env;WINEPATH=Z:${CMAKE_BINARY_DIR};${HERD_WINE64}")
