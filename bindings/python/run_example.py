#!/usr/bin/env python3
"""Runs an example script against one libherd, as run_tests.py runs the tests.

    python3 bindings/python/run_example.py PATH_TO_LIBHERD_SO SCRIPT [ARGS...]

runs SCRIPT --library PATH ARGS..., after starting again with the
sanitizer's runtime preloaded when the library is built with
AddressSanitizer (run_tests.py's rerun_with_sanitizer_runtime()).
"""
import os
import runpy
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import run_tests  # noqa: E402


def main(argv):
    if len(argv) < 3:
        print("usage: run_example.py PATH_TO_LIBHERD_SO SCRIPT [ARGS...]", file=sys.stderr)
        return 2
    path, script = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    run_tests.rerun_with_sanitizer_runtime(path, argv, script=__file__)
    sys.argv = [script, "--library", path] + argv[3:]
    runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
