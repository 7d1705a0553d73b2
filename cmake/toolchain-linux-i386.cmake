# Linux on 32-bit x86, with Debian's gcc-i686-linux-gnu, the tests under
# qemu-i386 (qemu-user): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-linux-i386.cmake
# (tools/cross.sh linux-i386 does it all).
set(CMAKE_SYSTEM_PROCESSOR i686)
set(HERD_CROSS_TRIPLE i686-linux-gnu)
set(HERD_CROSS_QEMU qemu-i386)
include("${CMAKE_CURRENT_LIST_DIR}/herd_cross_linux.cmake")
# Debian 12's qemu-i386 (7.2) hangs every dynamically linked i386 program in
# its first pthread_create() (docs/building.md, "Other machines", shows a
# five-line program that does it); linked with -static the same program
# runs. So the programs and tests of this build are linked statically.
set(HERD_STATIC_PROGRAMS ON CACHE BOOL "Link the programs and tests fully statically")
