# The programs of examples/ show the public API: each file includes only
# <herd/NAME>, a header of include/herd/, and the headers of standard C11.
#
#   cmake -DSOURCE_DIR=DIR -P tests/check_example_includes.cmake
#
# checks every .c and .h under DIR/examples and fails with the file, the
# line and the include. First it checks itself: on a text that includes an
# internal header, a header in quotes and a POSIX header it must find all
# three, and nothing in a text of public includes.

cmake_minimum_required(VERSION 3.25)

set(_standard_headers
  assert complex ctype errno fenv float inttypes iso646 limits locale math
  setjmp signal stdalign stdarg stdatomic stdbool stddef stdint stdio stdlib
  stdnoreturn string tgmath threads time uchar wchar wctype)

# The includes of TEXT, the contents of the file NAME, that are not public,
# as "NAME:LINE: #include ..." in OUT.
function(herd_private_includes name text out)
  set(_faults "")
  # One list item per line: the text's own semicolons and brackets escaped.
  string(REPLACE ";" "\\;" text "${text}")
  string(REPLACE "[" "\\[" text "${text}")
  string(REPLACE "]" "\\]" text "${text}")
  string(REPLACE "\n" ";" _lines "${text}")
  set(_number 0)
  foreach(_line IN LISTS _lines)
    math(EXPR _number "${_number} + 1")
    if(NOT _line MATCHES "^[ \t]*#[ \t]*include[ \t]*(.*)$")
      continue()
    endif()
    set(_include "${CMAKE_MATCH_1}")
    if(_include MATCHES "^<herd/([A-Za-z0-9_]+\\.h)>")
      if(EXISTS "${SOURCE_DIR}/include/herd/${CMAKE_MATCH_1}")
        continue()
      endif()
    elseif(_include MATCHES "^<([a-z0-9]+)\\.h>")
      if(CMAKE_MATCH_1 IN_LIST _standard_headers)
        continue()
      endif()
    endif()
    list(APPEND _faults "${name}:${_number}: #include ${_include}")
  endforeach()
  set(${out} "${_faults}" PARENT_SCOPE)
endfunction()

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=DIR -P check_example_includes.cmake")
endif()

# The self-check: three faults found in a bad file, none in a good one.
herd_private_includes(bad.c
  "#include <herd/herd.h>\n#include \"fox_solve.h\"\n#include <herd/../../lib/game.h>\nint a[2]; /* ; */\n#include <unistd.h>\n"
  _bad)
herd_private_includes(good.c "#include <stdio.h>\n  # include <herd/hare.h>\n" _good)
list(LENGTH _bad _bad_count)
if(NOT _bad_count EQUAL 3 OR _good)
  message(FATAL_ERROR "the check itself is wrong: found [${_bad}] in a file with three "
                      "private includes and [${_good}] in one with none")
endif()

file(GLOB_RECURSE _sources "${SOURCE_DIR}/examples/*.c" "${SOURCE_DIR}/examples/*.h")
if(NOT _sources)
  message(FATAL_ERROR "no .c or .h file under ${SOURCE_DIR}/examples")
endif()
set(_all "")
foreach(_file IN LISTS _sources)
  file(READ "${_file}" _text)
  herd_private_includes("${_file}" "${_text}" _faults)
  list(APPEND _all ${_faults})
endforeach()
if(_all)
  list(JOIN _all "\n" _all)
  message(FATAL_ERROR "an example includes a header that is not public "
                      "(<herd/...> or standard C; a program that needs more belongs in programs/):\n${_all}")
endif()
list(LENGTH _sources _count)
message(STATUS "${_count} files of examples/ include only public and standard headers")
