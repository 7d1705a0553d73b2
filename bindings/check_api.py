#!/usr/bin/env python3
"""Checks a binding's declarations of the C API against include/herd/*.h.

    check_api.py [--self-test | --names] BINDING INCLUDE_DIR FILE...

The headers are the one description of the API: this script reads every
`HERD_API` prototype and every struct of include/herd/*.h, reduces their
types to a common form (`i32`, `u64`, `size`, `herd_cell`, `char*`, ...), and
fails when a binding declares a function or a struct otherwise: a changed
signature in a header fails the binding's test until the binding follows.

--self-test first checks that sample changes of the binding's declarations
fail; --names lists the functions the binding calls (one a line).

A binding joins with a reader: a function from the binding's files to
{function: (return type, [parameter types])} and {C struct: [field types]} in
the common form, "ptr" standing for a pointer of any type (an IntPtr, a
c_void_p). BINDINGS lists them:

- `csharp`: the [DllImport] declarations of Native.cs and its structs marked
  by a comment that names the C struct (`// herd_status`).
- `c`: a binding written in C (the Lua module): the C compiler checks its
  calls against the headers it includes; here, that every herd_* function
  it calls is one the headers declare.

The Python package's ctypes prototypes (bindings/python/herd/_capi.py) and
the JS glue's struct offsets can join with a reader each.
"""
import re
import sys
from pathlib import Path

# C types in the common form; enums are ints.
C_TYPES = {
    "int": "i32", "unsigned": "u32", "unsigned int": "u32", "uint32_t": "u32",
    "int64_t": "i64", "uint64_t": "u64", "herd_move": "u64", "size_t": "size",
    "double": "f64", "float": "f32", "void": "void", "char": "char", "unsigned char": "u8",
    "herd_kind": "i32", "herd_reason": "i32", "herd_result": "i32", "herd_code": "i32",
    "herd_option_kind": "i32", "herd_alloc_fn": "fnptr",
}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def c_type(decl, named=True):
    """('int *side') -> 'i32*'; arrays are pointers; named: a name ends it."""
    decl = decl.strip()
    if "(*" in decl:
        return "fnptr"
    decl = re.sub(r"\bconst\b|\bstruct\b", " ", decl)
    stars = decl.count("*") + (1 if re.search(r"\[[^\]]*\]\s*$", decl) else 0)
    words = re.sub(r"\[[^\]]*\]\s*$", "", decl).replace("*", " ").split()
    if named:
        words = words[:-1]
    base = C_TYPES.get(" ".join(words), " ".join(words))
    return "fnptr" if base == "fnptr" else base + "*" * stars


def read_headers(include):
    """{function: (return, [params])}, {struct: [field types]}, {define: int}."""
    functions, structs, defines = {}, {}, {}
    for header in sorted(Path(include).glob("herd/*.h")):
        text = strip_comments(header.read_text())
        for name, value in re.findall(r"#\s*define\s+(HERD_\w+)\s+\(?(\d+)\)?\s*$", text, re.M):
            defines[name] = int(value)
        for m in re.finditer(r"HERD_API\s+([^;{]*?)\b(herd_\w+)\s*\(([^;]*?)\)\s*;", text, re.S):
            ret, name, params = m.group(1), m.group(2), m.group(3)
            plist = [] if params.strip() in ("", "void") else split_params(params)
            functions[name] = (c_type(ret, named=False), [c_type(p) for p in plist])
        for m in re.finditer(r"typedef\s+struct\s+(herd_\w+)\s*\{(.*?)\}\s*(herd_\w+)\s*;", text, re.S):
            fields = []
            for line in m.group(2).split(";"):
                line = line.strip()
                if not line:
                    continue
                array = re.search(r"\[(\w+)\]$", line)
                count = 1
                if array:
                    count = int(array.group(1)) if array.group(1).isdigit() else defines[array.group(1)]
                    line = line[:array.start()]
                fields += [c_type(line)] * count
            structs[m.group(3)] = fields
    return functions, structs


def split_params(params):
    out, depth, cur = [], 0, ""
    for ch in params:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    out.append(cur)
    return out


# ------------------------------------------------------------------ C#

CS_TYPES = {"int": "i32", "uint": "u32", "long": "i64", "ulong": "u64", "UIntPtr": "size",
            "double": "f64", "float": "f32", "void": "void", "byte": "char",
            "IntPtr": "ptr", "GameHandle": "herd_game*"}


def read_csharp(files):
    text = "\n".join(Path(f).read_text() for f in files)
    # The structs: the C struct is the herd_* name in the lines just above.
    names, structs = {}, {}
    for m in re.finditer(r"((?://[^\n]*\n\s*)+)(?:\[[^\]]*\]\s*)*(?:public|internal)\s+struct\s+(\w+)\s*\{(.*?)\n    \}",
                         text, re.S):
        c = re.search(r"\b(herd_\w+)", m.group(1))
        if not c:
            continue
        names[m.group(2)] = c.group(1)
        fields = []
        for f in re.finditer(r"(\[MarshalAs\([^\]]*SizeConst\s*=\s*(\d+)\)\]\s*)?public\s+([\w\[\]]+)\s+\w+\s*;",
                             m.group(3)):
            if f.group(1):
                fields += [CS_TYPES.get(f.group(3).rstrip("[]"), f.group(3))] * int(f.group(2))
            else:
                fields.append(f.group(3))
        structs[c.group(1)] = fields

    def norm(t):
        t = t.strip()
        words = t.split()
        mod = words[0] if words[0] in ("out", "ref", "in") else None
        t = words[1] if mod else words[0]
        stars = 1 if mod else 0
        if t.endswith("[]"):
            t, stars = t[:-2], stars + 1
        base = CS_TYPES.get(t) or names.get(t) or t
        return base + "*" * stars

    structs = {c: [norm(f) for f in fields] for c, fields in structs.items()}
    functions = {}
    for m in re.finditer(r"\[DllImport\([^)]*\)\]\s*(?:internal|public|private)?\s*static\s+extern\s+"
                         r"(\w+)\s+(herd_\w+)\s*\(([^)]*)\)\s*;", text):
        params = [p.rsplit(None, 1)[0] for p in m.group(3).split(",") if p.strip()]
        functions[m.group(2)] = (norm(m.group(1)), [norm(p) for p in params])
    return functions, structs


def read_c(files):
    """The herd_* functions that C sources call: their signatures are the
    compiler's to check, so only the names are compared."""
    calls = set()
    for f in files:
        calls |= set(re.findall(r"\b(herd_[a-z0-9_]+)\s*\(", strip_comments(Path(f).read_text())))
    return {name: None for name in calls}, {}


BINDINGS = {"csharp": read_csharp, "c": read_c}


def same(binding, header):
    """A binding's type matches the header's: equal, or "ptr" for any pointer."""
    if binding == header:
        return True
    if binding == "ptr" and (header.endswith("*") or header == "fnptr"):
        return True
    # A pointer to pointer given as a pointer-sized out parameter (out IntPtr).
    return binding == "ptr*" and header.endswith("**")


def runs(types):
    """['i32', 'char', 'char'] -> 'i32 char[2]'."""
    out = []
    for t in types:
        if out and out[-1][0] == t:
            out[-1][1] += 1
        else:
            out.append([t, 1])
    return " ".join(t if n == 1 else "%s[%d]" % (t, n) for t, n in out)


def check(binding, include, files):
    functions, structs = read_headers(include)
    bound, bound_structs = BINDINGS[binding](files)
    errors = []
    for name, sig in sorted(bound.items()):
        if name not in functions:
            errors.append("%s: not declared by include/herd/*.h" % name)
            continue
        if sig is None:
            continue
        ret, params = functions[name]
        bret, bparams = sig
        if len(bparams) != len(params):
            errors.append("%s: %d parameters, the header has %d (%s)"
                          % (name, len(bparams), len(params), ", ".join(params)))
            continue
        if not same(bret, ret):
            errors.append("%s: returns %s, the header %s" % (name, bret, ret))
        for i, (b, h) in enumerate(zip(bparams, params)):
            if not same(b, h):
                errors.append("%s: parameter %d is %s, the header's %s" % (name, i + 1, b, h))
    for name, fields in sorted(bound_structs.items()):
        if name not in structs:
            errors.append("struct %s: not in include/herd/*.h" % name)
        elif len(fields) != len(structs[name]) or not all(map(same, fields, structs[name])):
            errors.append("struct %s: fields %s, the header's %s"
                          % (name, runs(fields), runs(structs[name])))
    for e in errors:
        print("error: " + e)
    print("%s: %d functions and %d structs checked against %d prototypes, %d errors"
          % (binding, len(bound), len(bound_structs), len(functions), len(errors)))
    return 1 if errors else 0


# --self-test: each change of a declaration must fail the check.
MUTATIONS = {
    "csharp": [("herd_hex_size(GameHandle g, out int size)", "herd_hex_size(GameHandle g, out long size)"),
               ("herd_apply(GameHandle g, ulong m)", "herd_apply(GameHandle g, uint m)"),
               ("herd_undo(GameHandle g)", "herd_undo(GameHandle g, int side)"),
               ("extern IntPtr herd_strerror", "extern int herd_strerror"),
               ("public UIntPtr choice_count;", "public int choice_count;"),
               ("SizeConst = 160", "SizeConst = 16")],
    "c": [("herd_undo(g)", "herd_undo_all(g)")],
}


def self_test(binding, include, files):
    import tempfile
    text = "\n".join(Path(f).read_text() for f in files)
    failures = 0
    for old, new in MUTATIONS[binding]:
        assert old in text, old
        with tempfile.NamedTemporaryFile("w", suffix=".src", delete=False) as t:
            t.write(text.replace(old, new, 1))
        if check(binding, include, [t.name]) == 0:
            print("error: the check missed: %s -> %s" % (old, new))
            failures += 1
        Path(t.name).unlink()
    return 1 if failures else check(binding, include, files)


if __name__ == "__main__":
    run = check
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        run = self_test
        sys.argv.pop(1)
    elif len(sys.argv) > 1 and sys.argv[1] == "--names":  # the functions a binding calls
        run = lambda binding, include, files: print("\n".join(sorted(BINDINGS[binding](files)[0])))
        sys.argv.pop(1)
    if len(sys.argv) < 4 or sys.argv[1] not in BINDINGS:
        sys.exit(__doc__)
    sys.exit(run(sys.argv[1], sys.argv[2], sys.argv[3:]))
