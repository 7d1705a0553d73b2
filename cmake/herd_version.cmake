# HERD_VERSION (MAJOR.MINOR.PATCH) from its one source of truth, the macros
# HERD_VERSION_MAJOR, _MINOR and _PATCH of include/herd/herd.h. Included by
# the top-level CMakeLists.txt before project().
file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../include/herd/herd.h" _herd_version_lines
     REGEX "^#define HERD_VERSION_(MAJOR|MINOR|PATCH) +[0-9]+")
set(HERD_VERSION "")
foreach(_part MAJOR MINOR PATCH)
  string(REGEX MATCH "HERD_VERSION_${_part} +([0-9]+)" _match "${_herd_version_lines}")
  if(NOT _match)
    message(FATAL_ERROR "HERD_VERSION_${_part} not found in include/herd/herd.h")
  endif()
  list(APPEND HERD_VERSION "${CMAKE_MATCH_1}")
endforeach()
list(JOIN HERD_VERSION "." HERD_VERSION)
