# The part shared by the Linux cross toolchains (toolchain-linux-*.cmake),
# which set HERD_CROSS_TRIPLE (the GNU triple of Debian's cross compiler,
# gcc-TRIPLE) and HERD_CROSS_QEMU (qemu-user's program for the CPU) and then
# include this file. Debian's cross compilers keep their C library in
# /usr/TRIPLE, which is both where CMake looks for the target's libraries
# and the root that qemu-user runs the programs in (-L), so that CTest and
# the tests that start the programs run them under qemu.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${HERD_CROSS_TRIPLE}-gcc)

set(CMAKE_FIND_ROOT_PATH /usr/${HERD_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)  # host programs: python3, sh
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)    # the sysroot and CMAKE_PREFIX_PATH
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_LIBRARY_ARCHITECTURE ${HERD_CROSS_TRIPLE})
# pkg-config reads the target's .pc files only: Debian's multiarch ones
# (libcmocka-dev:ARCH) and those under CMAKE_PREFIX_PATH (a CMocka built
# from source), never the build machine's.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${HERD_CROSS_TRIPLE}/pkgconfig:/usr/share/pkgconfig")

find_program(HERD_CROSS_QEMU_PROGRAM ${HERD_CROSS_QEMU})
if(NOT HERD_CROSS_QEMU_PROGRAM)
  message(FATAL_ERROR "${HERD_CROSS_QEMU} not found: apt-get install qemu-user")
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR "${HERD_CROSS_QEMU_PROGRAM};-L;/usr/${HERD_CROSS_TRIPLE}")
