# Linux on 32-bit x86, with Debian's gcc-i686-linux-gnu, the tests under
# qemu-i386 (qemu-user): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-linux-i386.cmake
# (tools/cross.sh linux-i386 does it all).
set(CMAKE_SYSTEM_PROCESSOR i686)
set(HERD_CROSS_TRIPLE i686-linux-gnu)
set(HERD_CROSS_QEMU qemu-i386)
include("${CMAKE_CURRENT_LIST_DIR}/herd_cross_linux.cmake")
