# The LÖVE example's test (CTest love_demo): examples/love under Xvfb with
# software GL, Green's first move made by mouse clicks, then the computer on
# both sides to the end; it must exit 0 with the result and its sentence and
# leave the screenshot, a PNG file.
#   cmake -DLOVE=... -DXVFB_RUN=... -DEXAMPLE=... -DMODULE_DIR=... -DSCREENSHOT=... -P run_love.cmake
file(REMOVE "${SCREENSHOT}")
set(ENV{LIBGL_ALWAYS_SOFTWARE} 1)
set(ENV{HERD_LUA_DIR} "${MODULE_DIR}")
execute_process(
  COMMAND "${XVFB_RUN}" -a -s "-screen 0 1280x800x24"
          "${LOVE}" "${EXAMPLE}" --demo --clicks --level 2 --options "w=10 h=8 seed=7"
          --screenshot "${SCREENSHOT}"
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "love exited with ${rc}:\n${err}")
endif()
if(NOT out MATCHES "1\\. Green moved horse [0-9]: [a-h][0-9]+ -> [a-h][0-9]+\n"
   OR NOT out MATCHES "(win (green|red) [a-z-]+|draw [a-z-]+) after [0-9]+ moves\n[A-Z][^\n]*((Green|Red) wins|draw)\n")
  message(FATAL_ERROR "no clicked move, no result or no headline of the result in love's output")
endif()
if(NOT EXISTS "${SCREENSHOT}")
  message(FATAL_ERROR "no screenshot ${SCREENSHOT}")
endif()
file(READ "${SCREENSHOT}" magic LIMIT 8 HEX)
if(NOT magic STREQUAL "89504e470d0a1a0a")
  message(FATAL_ERROR "${SCREENSHOT} is no PNG file (${magic})")
endif()
message("the screenshot: ${SCREENSHOT}")
