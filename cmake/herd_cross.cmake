# Tests on a build for another machine (cmake/toolchain-*.cmake, tools/cross.sh),
# whose programs run under CMAKE_CROSSCOMPILING_EMULATOR (qemu-user, wine).
# CTest puts the emulator before a test's own program; these two cover the
# other tests:
#
# herd_runner(VAR TARGET): in VAR, what a test script or `sh -c` is given to
# start TARGET's program: its file, or with an emulator a generated script
# runners/TARGET that runs the file under it (arguments, standard input and
# output passed on as they are).
#
# herd_add_skipped_test(NAME REASON): a test NAME that is skipped and says
# REASON, for a test that cannot run on the machine the build is for.
#
# herd_add_native_test(NAME REASON COMMAND ...): add_test(NAME COMMAND ...)
# for a test that needs this machine to run the build's output itself (the
# Python package loads the shared library into the build machine's Python);
# on a build for another machine, a test NAME that is skipped and says REASON.
function(herd_runner var target)
  if(NOT CMAKE_CROSSCOMPILING_EMULATOR)
    set(${var} "$<TARGET_FILE:${target}>" PARENT_SCOPE)
    return()
  endif()
  set(_script "${PROJECT_BINARY_DIR}/runners/${target}")
  get_property(_done GLOBAL PROPERTY HERD_RUNNER_${target})
  if(NOT _done)
    set(_words "")
    foreach(_word IN LISTS CMAKE_CROSSCOMPILING_EMULATOR)
      string(APPEND _words "'${_word}' ")
    endforeach()
    file(GENERATE OUTPUT "${_script}"
         CONTENT "#!/bin/sh\nexec ${_words}'$<TARGET_FILE:${target}>' \"$@\"\n"
         FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                          WORLD_READ WORLD_EXECUTE)
    set_property(GLOBAL PROPERTY HERD_RUNNER_${target} 1)
  endif()
  set(${var} "${_script}" PARENT_SCOPE)
endfunction()

function(herd_add_skipped_test name reason)
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -E echo "${name}: skipped: ${reason}")
  set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
endfunction()

function(herd_add_native_test name reason)
  if(CMAKE_CROSSCOMPILING)
    herd_add_skipped_test(${name} "${reason}")
  else()
    add_test(NAME ${name} ${ARGN})
  endif()
endfunction()
