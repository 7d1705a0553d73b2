# Linux on 32-bit x86, with Debian's gcc-i686-linux-gnu, the tests under
# qemu-i386 (qemu-user): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-linux-i386.cmake
# (tools/cross.sh linux-i386 does it all).
set(CMAKE_SYSTEM_PROCESSOR i686)
set(HERD_CROSS_TRIPLE i686-linux-gnu)
set(HERD_CROSS_QEMU qemu-i386)
include("${CMAKE_CURRENT_LIST_DIR}/herd_cross_linux.cmake")
# Debian 12's qemu-i386 (7.2) hangs every dynamically linked i386 program in
# its first pthread_create() (docs/building.md, "linux-i386", shows a
# short program that does it); linked with -static the same program
# runs. So the programs and tests of this build are linked statically.
set(HERD_STATIC_PROGRAMS ON CACHE BOOL "Link the programs and tests fully statically")
# Two more of its defects (docs/building.md, "linux-i386"):
# - on a 64-bit host, readdir() gets the host's 64-bit directory offsets
#   (ext4's hashes), which a 32-bit off_t cannot hold, and fails with
#   EOVERFLOW (the fuzz tests' replay of their corpora): 64-bit offsets here;
# - after a signal handler has interrupted a thread's wait, pthread_join() in
#   that thread fails with EDEADLK: test_interrupt skips its one case that
#   does so (tests/CMakeLists.txt).
set(CMAKE_C_FLAGS_INIT "-D_FILE_OFFSET_BITS=64")
set(HERD_CROSS_NO_JOIN_AFTER_SIGNAL "qemu-i386 7.2 fails pthread_join() after a signal handler interrupted the thread's wait")
