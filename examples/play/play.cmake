# herd-play, the terminal front end (examples/play), and its tests (tests/play),
# included from the top-level CMakeLists.txt once the library targets exist.
#
# It needs ncurses: Debian's libncurses-dev, found through pkg-config
# (ncursesw first, for UTF-8); without it the build says so and goes on.
# It is built with the other programs and installed with them.
if(NOT DEFINED HERD_BUILD_PROGRAMS OR HERD_BUILD_PROGRAMS)
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(HERD_NCURSES QUIET IMPORTED_TARGET ncursesw)
    if(NOT HERD_NCURSES_FOUND)
      pkg_check_modules(HERD_NCURSES QUIET IMPORTED_TARGET ncurses)
    endif()
  endif()
  if(HERD_NCURSES_FOUND)
    file(GLOB HERD_PLAY_SOURCES CONFIGURE_DEPENDS
         "${CMAKE_CURRENT_SOURCE_DIR}/examples/play/*.c")
    add_executable(herd-play ${HERD_PLAY_SOURCES})
    target_link_libraries(herd-play PRIVATE herd::herd PkgConfig::HERD_NCURSES)
    set_target_properties(herd-play PROPERTIES
      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/examples
      INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
    if(NOT DEFINED HERD_INSTALL OR HERD_INSTALL)
      install(TARGETS herd-play RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    endif()
  else()
    message(STATUS "ncurses not found (Debian: libncurses-dev): herd-play is not built")
  endif()
endif()

# herd-play in a pseudo-terminal (tmux): one test per game's view,
# play_GAME; play_setup (the setup screen of every game against the
# registry, as the herd program answers it) and play_cli (--help,
# --version). Each skips (exit 77) when tmux is missing, and every one says
# it is skipped when herd-play was not built.
if(HERD_BUILD_TESTS)
  find_package(Python3 REQUIRED COMPONENTS Interpreter)
  foreach(_game cli setup horses hex hare fox flock plain)
    if(TARGET herd-play)
      # herd_exe is defined after this file is included; it is built
      # whenever herd-play is (HERD_BUILD_PROGRAMS).
      add_test(NAME play_${_game}
               COMMAND ${Python3_EXECUTABLE}
                       "${CMAKE_CURRENT_SOURCE_DIR}/tests/play/run_play_tests.py"
                       $<TARGET_FILE:herd-play> ${_game} $<TARGET_FILE:herd_exe>)
      set_tests_properties(play_${_game} PROPERTIES SKIP_RETURN_CODE 77)
    else()
      add_test(NAME play_${_game}
               COMMAND ${CMAKE_COMMAND} -E echo "herd-play was not built (no ncurses): skipped")
      set_tests_properties(play_${_game} PROPERTIES SKIP_REGULAR_EXPRESSION "skipped")
    endif()
  endforeach()
endif()
