# The compiler flags that every directory of the build shares, from the
# options of the top-level CMakeLists.txt, which includes this file before
# its add_subdirectory() calls (directory settings pass down to them).

set(CMAKE_C_STANDARD 11)
set(CMAKE_C_STANDARD_REQUIRED ON)
set(CMAKE_C_EXTENSIONS OFF)

# Warnings for every target; -Werror only when asked (CI asks). The library
# adds HERD_LIBRARY_WARNINGS (lib/CMakeLists.txt).
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
  add_compile_options(-Wall -Wextra)
  if(HERD_WERROR)
    add_compile_options(-Werror)
  endif()
  set(HERD_LIBRARY_WARNINGS -pedantic)
elseif(MSVC)
  add_compile_options(/W4)
  if(HERD_WERROR)
    add_compile_options(/WX)
  endif()
  set(HERD_LIBRARY_WARNINGS "")
endif()

# lib/portable.h's plain C fallbacks everywhere (tools/cross.sh linux-i386).
if(HERD_PORTABLE)
  add_compile_definitions(HERD_PORTABLE)
endif()
# Every executable linked fully statically (-static), with the static library
# (lib/CMakeLists.txt points herd::herd at it): for an emulator that cannot
# run dynamically linked programs, Debian 12's qemu-i386, which hangs them in
# their first pthread_create() (cmake/toolchain-linux-i386.cmake,
# docs/building.md). The shared library is still built (and checked by
# `exports`); nothing of the build loads it.
if(HERD_STATIC_PROGRAMS)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "GNU|Clang" OR HERD_SANITIZE OR HERD_TSAN)
    message(FATAL_ERROR "HERD_STATIC_PROGRAMS needs GCC or Clang, and no sanitizer")
  endif()
  string(APPEND CMAKE_EXE_LINKER_FLAGS " -static")
endif()
# MinGW's printf family is C99's (%zu, %lld) only when asked; lib/portable.h
# names its format for the checks.
if(MINGW)
  add_compile_definitions(__USE_MINGW_ANSI_STDIO=1)
endif()

if(HERD_SANITIZE)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    message(FATAL_ERROR "HERD_SANITIZE needs GCC or Clang")
  endif()
  set(_herd_sanitize_flags
      -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${_herd_sanitize_flags})
  add_link_options(${_herd_sanitize_flags})
endif()

if(HERD_TSAN)
  if(HERD_SANITIZE OR NOT CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    message(FATAL_ERROR "HERD_TSAN needs GCC or Clang, and not HERD_SANITIZE")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()

if(HERD_COVERAGE)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "GNU")
    message(FATAL_ERROR "HERD_COVERAGE needs GCC (gcov)")
  endif()
  # Atomic counters: the thread tests run the library in 8 threads at once.
  add_compile_options(--coverage -fprofile-update=atomic -O0)
  add_link_options(--coverage)
endif()

if(HERD_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "HERD_FUZZ needs clang (libFuzzer)")
  endif()
  # Coverage for the fuzzer in the library too, not only in the harness.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
