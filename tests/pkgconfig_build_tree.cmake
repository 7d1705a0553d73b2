# A program built against the build tree with pkg-config, before any
# install (cmake/herd-uninstalled.pc.in), as docs/building.md says:
#   cmake -DPKG_CONFIG=... -DCC=... -DCFLAGS=... -DSOURCE=... -DBUILD=... -DOUT=... -P THIS
# It must pick herd-uninstalled.pc (the source tree's headers) and run
# without LD_LIBRARY_PATH (the rpath).
set(ENV{PKG_CONFIG_PATH} "${BUILD}")
unset(ENV{LD_LIBRARY_PATH})
execute_process(COMMAND "${PKG_CONFIG}" --cflags --libs herd
                OUTPUT_VARIABLE flags ERROR_VARIABLE err RESULT_VARIABLE rc
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "pkg-config --cflags --libs herd with PKG_CONFIG_PATH=${BUILD}: ${err}")
endif()
string(FIND "${flags}" "-I${SOURCE}/include" at)
if(at LESS 0)
  message(FATAL_ERROR "pkg-config did not take herd-uninstalled.pc: ${flags}")
endif()
# The build's own flags too (a sanitizer's runtime, say).
separate_arguments(flags UNIX_COMMAND "${CFLAGS} ${flags}")
set(program "${OUT}/herd-hello-build-tree")
execute_process(COMMAND "${CC}" -std=c11 "${SOURCE}/examples/pkgconfig/main.c" ${flags}
                        -o "${program}"
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CC} main.c ${flags}: ${err}")
endif()
execute_process(COMMAND "${program}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR out STREQUAL "")
  message(FATAL_ERROR "${program} exited ${rc}: ${err}")
endif()
message(STATUS "${program}: ${out}")
