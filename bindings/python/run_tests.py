#!/usr/bin/env python3
"""Runs the tests of the Python package herd against one libherd.

    python3 bindings/python/run_tests.py PATH_TO_LIBHERD_SO [-v]

Loads the library at PATH (also exported as HERD_LIBRARY for the tests),
runs every bindings/python/tests/test_*.py with unittest and ends with the line
`N passed, N failed`. Exit status 0 only when every test passed.
Standard library only; writes no __pycache__ into the source tree.

A library built with AddressSanitizer (HERD_SANITIZE) cannot be dlopen()ed
into a Python that was not started with the sanitizer's runtime: the script
then runs itself again with that runtime in LD_PRELOAD (gcc's libasan, or
clang's libclang_rt.asan) and with LeakSanitizer off, since the interpreter
itself keeps memory until exit (the C tests check libherd for leaks).
"""
import ctypes.util
import os
import platform
import subprocess
import sys
import time
import unittest

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))


PRELOADED = "HERD_RUN_TESTS_PRELOADED"


def sanitizer_runtime(path):
    """The sanitizer runtime to preload for the library at `path`: None when
    it needs none; raises RuntimeError when it needs one that is not found."""
    with open(path, "rb") as f:
        data = f.read()
    if b"__asan_" not in data:
        return None
    if b"libasan.so" in data:  # gcc: the runtime is a shared library it links
        runtime = ctypes.util.find_library("asan")
        if runtime:
            return runtime
        raise RuntimeError("%s needs libasan, which was not found" % path)
    # clang links its runtime into executables only: the library expects it.
    name = "libclang_rt.asan-%s.so" % platform.machine()
    try:
        runtime = subprocess.run(["clang", "-print-file-name=" + name], capture_output=True,
                                 text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        runtime = ""
    if os.path.isabs(runtime) and os.path.exists(runtime):
        return runtime
    raise RuntimeError("%s needs clang's %s, which was not found" % (path, name))


def rerun_with_sanitizer_runtime(path, argv, script=__file__):
    """Runs `script` (this one by default) again with the sanitizer runtime
    preloaded, when the library needs one; returns only when it does not."""
    if os.environ.get(PRELOADED):
        return
    runtime = sanitizer_runtime(path)
    if runtime is None:
        return
    env = dict(os.environ)
    env[PRELOADED] = "1"
    env["LD_PRELOAD"] = " ".join(p for p in (runtime, env.get("LD_PRELOAD")) if p)
    # Later options win: leak checking off, whatever the caller asked.
    env["ASAN_OPTIONS"] = ":".join(o for o in (env.get("ASAN_OPTIONS"), "detect_leaks=0") if o)
    print("%s is built with AddressSanitizer: running again with LD_PRELOAD=%s"
          % (path, runtime), flush=True)
    os.execve(sys.executable, [sys.executable, os.path.abspath(script)] + argv[1:], env)


def main(argv):
    args = [a for a in argv[1:] if a not in ("-v", "--verbose")]
    verbose = len(args) != len(argv) - 1
    if len(args) != 1:
        print("usage: run_tests.py PATH_TO_LIBHERD_SO [-v]", file=sys.stderr)
        print("0 passed, 1 failed")
        return 2
    path = os.path.abspath(args[0])
    try:
        rerun_with_sanitizer_runtime(path, argv)
    except (OSError, RuntimeError) as e:
        print("cannot use %s: %s" % (path, e))
        print("0 passed, 1 failed")
        return 1
    os.environ["HERD_LIBRARY"] = path
    sys.path.insert(0, HERE)
    sys.path.insert(0, os.path.join(HERE, "tests"))

    import herd
    try:
        lib = herd.load(path)
    except herd.HerdError as e:
        print("cannot use %s: %s" % (path, e))
        print("0 passed, 1 failed")
        return 1
    print("libherd %s from %s" % (lib.version, lib.path), flush=True)

    tests = os.path.join(HERE, "tests")
    suite = unittest.defaultTestLoader.discover(tests, pattern="test_*.py", top_level_dir=tests)
    start = time.monotonic()
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2 if verbose else 1).run(suite)
    sys.stdout.flush()
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    passed = result.testsRun - failed - len(result.skipped)
    if result.testsRun == 0:
        failed += 1  # a run that found no test is a failure
    print("%.1f s" % (time.monotonic() - start))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
