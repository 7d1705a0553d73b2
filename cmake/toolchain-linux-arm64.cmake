# Linux on 64-bit ARM, with Debian's gcc-aarch64-linux-gnu, the tests under
# qemu-aarch64 (qemu-user): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-linux-arm64.cmake
# (tools/cross.sh linux-arm64 does it all).
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(HERD_CROSS_TRIPLE aarch64-linux-gnu)
set(HERD_CROSS_QEMU qemu-aarch64)
include("${CMAKE_CURRENT_LIST_DIR}/herd_cross_linux.cmake")
