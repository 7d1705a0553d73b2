"""Finding the library by each route: load(path), HERD_LIBRARY, the library
installed with the package (herd/_config.py, as `cmake --install` writes it),
ctypes.util.find_library, and what is refused; optional C functions.

Each route is tried in a fresh interpreter whose environment and
find_library("herd") the test sets, so that a libherd installed on the
system (in /usr/local, say) changes nothing."""
import ctypes.util
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, os.pardir, "herd")
sys.path.insert(0, os.path.join(HERE, os.pardir))
import herd  # noqa: E402
from herd import _capi  # noqa: E402

SHOW_LIBRARY = "import herd; print(herd.library().path); print(herd.Game('hex').status)"

# Run first in every interpreter of these tests: find_library("herd")
# answers what the test says (sys.argv[1], empty: nothing), not the system.
FIND_LIBRARY = ("import ctypes.util, sys\n"
                "_find, _found = ctypes.util.find_library, sys.argv.pop(1) or None\n"
                "ctypes.util.find_library = lambda name: _found if name == 'herd' else _find(name)\n")


def setUpModule():
    herd.library()


class TestRoutes(unittest.TestCase):
    def setUp(self):
        self.lib = herd.library().path
        self.tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.tmp)

    def run_python(self, code, pythonpath, env_library=None, found=None, args=()):
        """Runs `code` in a fresh interpreter started in a directory of its
        own, with HERD_LIBRARY only when given and find_library("herd")
        answering `found` (None: nothing); returns (status, stdout, stderr)."""
        env = {k: v for k, v in os.environ.items()
               if k not in ("HERD_LIBRARY", "PYTHONPATH", "LD_LIBRARY_PATH")}
        env["PYTHONPATH"] = pythonpath
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        if env_library is not None:
            env["HERD_LIBRARY"] = env_library
        work = os.path.join(self.tmp, "elsewhere")
        os.makedirs(work, exist_ok=True)
        p = subprocess.run([sys.executable, "-c", FIND_LIBRARY + code, found or ""] + list(args),
                           cwd=work, env=env, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr

    def install_package(self, relative=None, absolute=None):
        """A copy of the package in tmp/site, with a _config.py as cmake
        --install writes it, and the library in tmp/lib."""
        site = os.path.join(self.tmp, "site")
        shutil.copytree(PACKAGE, os.path.join(site, "herd"),
                        ignore=shutil.ignore_patterns("__pycache__", "_config.py"))
        libdir = os.path.join(self.tmp, "lib")
        os.makedirs(libdir)
        installed = os.path.join(libdir, os.path.basename(self.lib))
        shutil.copy(self.lib, installed)
        with open(os.path.join(site, "herd", "_config.py"), "w") as f:
            f.write("LIBRARY = %r\nLIBRARY_RELATIVE = %r\n" % (
                absolute if absolute is not None else installed,
                relative if relative is not None
                else os.path.relpath(installed, os.path.join(site, "herd"))))
        return site, installed

    def test_installed_package_finds_its_library_without_any_variable(self):
        site, installed = self.install_package()
        rc, out, err = self.run_python(SHOW_LIBRARY, site)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[:2], [installed, "ongoing red"])

    def test_installed_package_moved_with_its_library_still_finds_it(self):
        site, installed = self.install_package(absolute="/nonexistent/libherd.so")
        moved = os.path.join(self.tmp, "moved")
        os.makedirs(moved)
        for part in ("site", "lib"):
            shutil.move(os.path.join(self.tmp, part), os.path.join(moved, part))
        rc, out, err = self.run_python(SHOW_LIBRARY, os.path.join(moved, "site"))
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[0],
                         os.path.join(moved, "lib", os.path.basename(installed)))

    def test_installed_package_falls_back_to_the_absolute_path(self):
        site, installed = self.install_package(relative="../nowhere/libherd.so")
        rc, out, err = self.run_python(SHOW_LIBRARY, site)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[0], installed)

    def test_HERD_LIBRARY_takes_precedence_over_the_installed_library(self):
        site, installed = self.install_package()
        rc, out, err = self.run_python(SHOW_LIBRARY, site, env_library=self.lib)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[0], self.lib)
        self.assertNotEqual(self.lib, installed)

    def test_load_takes_precedence_over_HERD_LIBRARY(self):
        code = ("import herd, sys; herd.load(sys.argv[1]); print(herd.library().path); "
                "print(herd.Game('horses').status)")
        rc, out, err = self.run_python(code, os.path.join(HERE, os.pardir),
                                       env_library="/nonexistent/libherd.so", args=[self.lib])
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[:2], [self.lib, "ongoing green"])

    def test_find_library_is_the_last_route(self):
        rc, out, err = self.run_python(SHOW_LIBRARY, os.path.join(HERE, os.pardir),
                                       found=self.lib)
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[:2], [self.lib, "ongoing red"])
        site, installed = self.install_package()
        rc, out, err = self.run_python(SHOW_LIBRARY, site, found="/nonexistent/libherd.so")
        self.assertEqual(rc, 0, err)
        self.assertEqual(out.split("\n")[0], installed)

    def test_find_library_on_windows_also_asks_for_mingws_libherd_dll(self):
        from unittest import mock
        from herd import _library
        answers = {"libherd": "C:\\herd\\bin\\libherd.dll"}
        with mock.patch.object(_library.ctypes.util, "find_library", answers.get):
            with mock.patch.object(_library.sys, "platform", "win32"):
                self.assertEqual(_library.found_library(), answers["libherd"])
                answers["herd"] = "C:\\herd\\bin\\herd.dll"  # MSVC's name comes first
                self.assertEqual(_library.found_library(), answers["herd"])
            with mock.patch.object(_library.sys, "platform", "linux"):
                del answers["herd"]
                self.assertIsNone(_library.found_library())  # libherd.so is "herd" there

    def test_a_broken_HERD_LIBRARY_is_an_import_error_naming_it(self):
        code = ("import herd\ntry:\n    herd.Game('horses')\nexcept ImportError as e:\n"
                "    print(type(e).__name__, e)\n")
        rc, out, err = self.run_python(code, os.path.join(HERE, os.pardir),
                                       env_library="/nonexistent/libherd.so")
        self.assertEqual(rc, 0, err)
        self.assertTrue(out.startswith("LibraryError cannot load libherd from "
                                       "'/nonexistent/libherd.so'"), out)

    def test_without_any_route_the_error_says_how_to_give_one(self):
        code = ("import herd\ntry:\n    herd.Game('horses')\nexcept herd.LibraryError as e:\n"
                "    print(e)\n")
        rc, out, err = self.run_python(code, os.path.join(HERE, os.pardir))
        self.assertEqual(rc, 0, err)
        self.assertIn("HERD_LIBRARY", out)
        self.assertIn("herd.load()", out)


class TestOptionalFunctions(unittest.TestCase):
    def test_a_missing_optional_function_disables_only_what_uses_it(self):
        path = herd.library().path
        _capi.OPTIONAL["herd_no_such_function"] = (ctypes.c_int, [ctypes.c_void_p])
        try:
            lib = herd.Library(path)
        finally:
            del _capi.OPTIONAL["herd_no_such_function"]
        self.assertIn("herd_no_such_function", lib.missing)
        self.assertFalse(lib.has("herd_no_such_function"))
        self.assertTrue(lib.has("herd_apply"))
        with self.assertRaises(herd.UnsupportedError) as cm:
            lib.function("herd_no_such_function")
        self.assertIn("herd_no_such_function", str(cm.exception))
        self.assertEqual(cm.exception.code, herd.E_UNSUPPORTED)

    def test_an_optional_function_the_library_has_is_declared(self):
        path = herd.library().path
        _capi.OPTIONAL["herd_state_size"] = (ctypes.c_size_t, [_capi.game_p])
        try:
            lib = herd.Library(path)
        finally:
            del _capi.OPTIONAL["herd_state_size"]
        self.assertTrue(lib.has("herd_state_size"))
        fn = lib.function("herd_state_size")
        self.assertIs(fn.restype, ctypes.c_size_t)

    def test_a_missing_required_function_refuses_the_library(self):
        path = herd.library().path
        _capi.PROTOTYPES["herd_no_such_function"] = (ctypes.c_int, [])
        try:
            with self.assertRaises(herd.LibraryError) as cm:
                herd.Library(path)
        finally:
            del _capi.PROTOTYPES["herd_no_such_function"]
        self.assertIn("herd_no_such_function", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
