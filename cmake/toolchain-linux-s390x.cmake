# Linux on big-endian 64-bit IBM Z, with Debian's gcc-s390x-linux-gnu, the tests under
# qemu-s390x (qemu-user): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-linux-s390x.cmake
# (tools/cross.sh linux-s390x does it all).
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(HERD_CROSS_TRIPLE s390x-linux-gnu)
set(HERD_CROSS_QEMU qemu-s390x)
include("${CMAKE_CURRENT_LIST_DIR}/herd_cross_linux.cmake")
