# The bindings for game engines: HERD_LUA (bindings/lua: the Lua module for
# Lua 5.4 and LuaJIT) and HERD_CSHARP (bindings/csharp: the C# assembly over
# P/Invoke, compiled and tested with mono). Each is on by default when libherd
# is the top-level project and its tools are found; a build with sanitizers
# or fuzzing leaves them off (the interpreters do not load such a library).
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(HERD_LUA54 QUIET lua5.4)
  pkg_check_modules(HERD_LUAJIT QUIET luajit)
endif()
find_program(HERD_MCS NAMES mcs csc DOC "The C# compiler for bindings/csharp")
find_program(HERD_MONO NAMES mono DOC "The .NET runtime for bindings/csharp's tests")

set(_herd_engines_ok ${PROJECT_IS_TOP_LEVEL})
# Nor in a cross build: the interpreters found are this machine's, which
# cannot load the target's library (tools/cross.sh).
if(HERD_SANITIZE OR HERD_TSAN OR HERD_FUZZ OR CMAKE_CROSSCOMPILING)
  set(_herd_engines_ok OFF)
endif()
set(_herd_lua_default OFF)
if(_herd_engines_ok AND (HERD_LUA54_FOUND OR HERD_LUAJIT_FOUND))
  set(_herd_lua_default ON)
endif()
set(_herd_csharp_default OFF)
if(_herd_engines_ok AND HERD_MCS)
  set(_herd_csharp_default ON)
endif()
option(HERD_LUA "Build the Lua module herd (Lua 5.4 and LuaJIT) and its tests" ${_herd_lua_default})
option(HERD_CSHARP "Build the C# assembly Herd.dll (mono's mcs) and its tests" ${_herd_csharp_default})

if(HERD_LUA)
  add_subdirectory(bindings/lua)
elseif(HERD_LUA54_FOUND OR HERD_LUAJIT_FOUND)
  message(STATUS "HERD_LUA is OFF: no Lua module")
else()
  message(STATUS "HERD_LUA is OFF: no Lua module (it needs the headers of Lua 5.4 or LuaJIT "
                 "through pkg-config: Debian's liblua5.4-dev, libluajit-5.1-dev)")
endif()
if(HERD_CSHARP)
  add_subdirectory(bindings/csharp)
elseif(HERD_MCS)
  message(STATUS "HERD_CSHARP is OFF: no C# assembly")
else()
  message(STATUS "HERD_CSHARP is OFF: no C# assembly (it needs mono's mcs: Debian's mono-mcs; "
                 "its tests, mono: mono-runtime)")
endif()
