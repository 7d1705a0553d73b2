# The test docs_csharp: docs/csharp.md shows the console example exactly as
# the build compiles and the test csharp runs it.
#   cmake -DDOC=docs/csharp.md -DEXAMPLE=bindings/csharp/examples/HerdConsole.cs -P check_doc_example.cmake
file(READ "${DOC}" doc)
file(READ "${EXAMPLE}" example)
string(FIND "${doc}" "```csharp\n${example}```" at)
if(at LESS 0)
  message(FATAL_ERROR "${DOC} does not show ${EXAMPLE} as it is: copy the file into its code block")
endif()
message("${DOC} shows ${EXAMPLE} as it is")
