"""The package's copies of the headers' numbers (herd/_capi.py): each is the
value that include/herd/*.h gives it, so that a header change cannot leave
the Python side behind."""
import ast
import ctypes
import glob
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
import herd._capi as C  # noqa: E402

HEADERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir,
                       os.pardir, "include", "herd")

# `#define HERD_NAME VALUE` and `HERD_NAME = VALUE,` of an enum; VALUE is a
# whole number or an expression of numbers and other such names.
DEFINE = re.compile(r"^#define HERD_([A-Z0-9_]+)[ \t]+([^/\n]+?)[ \t]*(?:/[*/].*)?$", re.M)
ENUMERATOR = re.compile(r"^\s+HERD_([A-Z0-9_]+)\s*=\s*(-?\d+)\s*,?", re.M)


def evaluate(expression, known):
    """The value of a constant expression of + - * and parentheses over whole
    numbers and known names; None for anything else (a string, a macro
    with arguments)."""
    try:
        tree = ast.parse(re.sub(r"\bHERD_", "", expression), mode="eval")
    except SyntaxError:
        return None

    def value(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.Name) and node.id in known:
            return known[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            a, b = value(node.left), value(node.right)
            return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}[type(node.op)]
        raise ValueError(ast.dump(node))

    try:
        return value(tree.body)
    except ValueError:
        return None


def header_constants():
    """Every whole-number constant of the public headers, by its name
    without HERD_."""
    known = {}
    for path in sorted(glob.glob(os.path.join(HEADERS, "*.h"))):
        with open(path) as f:
            text = f.read()
        for name, number in ENUMERATOR.findall(text):
            known[name] = int(number)
        for name, expression in DEFINE.findall(text):
            number = evaluate(expression, known)
            if number is not None:
                known[name] = number
    return known


def signed_range(c_type):
    bits = 8 * ctypes.sizeof(c_type)
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


# The package's numbers that are C types' ranges rather than the headers'.
C_TYPE_RANGES = {
    "INT_MIN": signed_range(ctypes.c_int)[0],
    "INT_MAX": signed_range(ctypes.c_int)[1],
    "UINT_MAX": (1 << (8 * ctypes.sizeof(ctypes.c_uint))) - 1,
    "UINT32_MAX": (1 << 32) - 1,
    "UINT64_MAX": (1 << 64) - 1,
    "SIZE_MAX": (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1,
    "MOVE_COORD_MIN": signed_range(ctypes.c_int8)[0],  # a coordinate packed into a byte
    "MOVE_COORD_MAX": signed_range(ctypes.c_int8)[1],
}


class TestConstants(unittest.TestCase):
    def test_the_package_version_is_the_headers(self):
        known = header_constants()
        with open(os.path.join(os.path.dirname(__file__), os.pardir, "pyproject.toml")) as f:
            declared = re.search(r'^version = "([^"]*)"', f.read(), re.M).group(1)
        self.assertEqual(declared, "%d.%d.%d" % (known["VERSION_MAJOR"], known["VERSION_MINOR"],
                                                 known["VERSION_PATCH"]))
        from herd import BINDING_VERSION, __version__
        self.assertEqual(__version__, "%d.%d" % BINDING_VERSION)

    def test_the_reader_finds_the_headers_constants(self):
        known = header_constants()
        # One of each form: a define, an enumerator, an expression.
        self.assertEqual(known["FOX_POINTS"], 33)
        self.assertEqual(known["E_ARG"], -1)
        self.assertEqual(known["HORSES_MAX_LINES"], 4 * known["HORSES_MAX_HORSES"])

    def test_every_number_of_the_package_is_the_headers(self):
        known = header_constants()
        copies = {name: value for name, value in vars(C).items()
                  if re.fullmatch(r"[A-Z][A-Z0-9_]+", name) and type(value) is int
                  and name not in C_TYPE_RANGES}
        self.assertGreater(len(copies), 30)
        for name, value in sorted(copies.items()):
            with self.subTest(name=name):
                self.assertTrue(name in known, "HERD_%s is not in include/herd" % name)
                self.assertEqual(value, known[name], "HERD_%s" % name)

    def test_the_c_type_ranges_are_the_types(self):
        for name, value in C_TYPE_RANGES.items():
            with self.subTest(name=name):
                self.assertEqual(getattr(C, name), value)


if __name__ == "__main__":
    unittest.main()
