#!/usr/bin/env python3
"""Checks a binding's declarations of the C API against include/herd/*.h.

    check_api.py [--self-test | --names] BINDING INCLUDE_DIR FILE...
    check_api.py --wasm32 EMCC INCLUDE_DIR

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
- `python`: the ctypes prototypes of bindings/python/herd/_capi.py (the
  dicts name -> (restype, argtypes)) and its Structure classes' _fields_,
  read from the source rather than imported: on a 64-bit machine ctypes'
  c_size_t and c_uint64 are the same object, and a size_t declared as a
  uint64_t is wrong on 32-bit machines all the same.
- `js`: glue.c and herd.mjs. The glue is C compiled against the headers, so
  only its calls' names are compared; herd.mjs calls the module's functions
  (each must be declared by the headers or defined by the glue, with as many
  arguments, none of them a 64-bit integer) and reads structs from a scratch
  area at fixed offsets. Each region's comment there names the struct and
  its fields at their offsets (`herd_status: result@0, side@4, reason@8`);
  this script lays the header's struct out as wasm32 does (ILP32, 64-bit
  integers and doubles aligned to 8: WebAssembly's BasicCABI) and compares,
  and checks every `REGION + N` of herd.mjs, the regions' alignment and that
  none runs into the next. The layout is computed here rather than by a C
  program built with emcc so that the test runs wherever Python does, in
  every build, and fails at once on the machine where the headers change,
  not only where emscripten is installed; the rules are the three lines of
  WASM32 below, which --wasm32 compares with emscripten's own layout
  (test api_js_wasm32, where emcc is found). Names that herd.mjs builds at run time
  (`_herd_${name}_point`) are not checked.
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
        for name, fields in header_structs(text, defines).items():
            structs[name] = [t for _, t, count in fields for _ in range(count)]
    return functions, structs


def header_structs(text, defines):
    """{struct: [(field, type, count)]} of a header's text without comments;
    count is an array's length (1 for a scalar)."""
    structs = {}
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
            fields.append((re.findall(r"\w+", line)[-1], c_type(line), count))
        structs[m.group(3)] = fields
    return structs


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


# ------------------------------------------------------------------ Python

PY_TYPES = {"c_int": "i32", "c_uint": "u32", "c_int32": "i32", "c_uint32": "u32", "c_int64": "i64",
            "c_uint64": "u64", "c_size_t": "size", "c_double": "f64", "c_float": "f32",
            "c_char": "char", "c_ubyte": "u8", "c_uint8": "u8", "c_char_p": "char*",
            "c_void_p": "ptr"}


def read_python(files):
    """The ctypes declarations of the package, read from their source (not
    imported: on a 64-bit machine c_size_t and c_uint64 are one type, which
    would hide a size_t declared as a uint64_t). The function tables are dict
    literals (PROTOTYPES, OPTIONAL.update({...})): name -> (restype,
    argtypes); a struct is a class with _fields_; an alias `game_p = c_void_p
    # herd_game *` stands for the pointer its comment names."""
    import ast
    text = "\n".join(Path(f).read_text() for f in files)
    tree = ast.parse(text)
    opaque = dict(re.findall(r"^(\w+)\s*=\s*c_void_p\s*#\s*(herd_\w+\s*\*)", text, re.M))
    aliases, consts, classes = {}, {}, {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            aliases[node.targets[0].id] = node.value
            try:
                consts[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.Assign) and getattr(item.targets[0], "id", "") == "_fields_":
                    classes[node.name] = item.value

    def count(node):
        return consts[node.id] if isinstance(node, ast.Name) else ast.literal_eval(node)

    def ty(node):
        """A ctypes expression -> (type, count); count > 1 for an array."""
        if isinstance(node, ast.Constant) and node.value is None:
            return "void", 1
        if isinstance(node, ast.Name):
            if node.id in opaque:
                return opaque[node.id].replace(" ", ""), 1
            if node.id in PY_TYPES:
                return PY_TYPES[node.id], 1
            if node.id in classes:
                return node.id, 1
            if node.id in aliases:
                return ty(aliases[node.id])
            return node.id, 1
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "POINTER":
            return ty(node.args[0])[0] + "*", 1
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            return ty(node.left)[0], count(node.right)
        return ast.unparse(node), 1

    def param(node):  # an array parameter is a pointer
        t, n = ty(node)
        return t + "*" if n > 1 else t

    functions = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and all(isinstance(k, ast.Constant) and str(k.value).startswith("herd_")
                                              for k in node.keys):
            for k, v in zip(node.keys, node.values):
                functions[k.value] = (param(v.elts[0]), [param(a) for a in v.elts[1].elts])
    structs = {}
    for name, fields in classes.items():
        structs[name] = []
        for field in fields.elts:
            t, n = ty(field.elts[1])
            structs[name] += [t] * n
    return functions, structs


# ------------------------------------------------------------------ JS

# The C ABI of wasm32 (WebAssembly tool-conventions, BasicCABI.md): ILP32,
# each scalar aligned to its size, 64-bit integers and doubles to 8.
WASM32 = {"i32": 4, "u32": 4, "i64": 8, "u64": 8, "f64": 8, "f32": 4, "size": 4, "char": 1,
          "u8": 1, "fnptr": 4}
# The words that name a scratch region's scalar type in herd.mjs's comments.
JS_SCALARS = {"int": 4, "size_t": 4, "pointer": 4, "uint64_t": 8, "int64_t": 8, "double": 8}


def wasm32_layout(name, structs):
    """(size, align, [(field, offset, type, count)]) of a header struct as
    wasm32 lays it out."""
    at, align, fields = 0, 1, []
    for field, t, count in structs[name]:
        if t in structs:
            size, a, _ = wasm32_layout(t, structs)
        else:
            size = a = 4 if t.endswith("*") else WASM32[t]
        at = (at + a - 1) // a * a
        fields.append((field, at, t, count))
        at += size * count
        align = max(align, a)
    return (at + align - 1) // align * align, align, fields


def read_defines(include):
    """Every integer #define of the headers, expressions of others evaluated."""
    defines = {}
    for header in sorted(Path(include).glob("herd/*.h")):
        for name, value in re.findall(r"^#\s*define\s+(HERD_\w+)\s+([\w\s()*+-]+?)\s*$",
                                      strip_comments(header.read_text()), re.M):
            try:
                defines[name] = int(eval(re.sub(r"[uUlL]+\b", "", value), {}, dict(defines)))
            except Exception:
                pass
    return defines


def wasm32_asserts(include):
    """A C file of _Static_assert()s: every header struct's size, alignment
    and field offsets as wasm32_layout() computes them."""
    defines = read_defines(include)
    structs, lines = {}, ["#include <stddef.h>"]
    for header in sorted(Path(include).glob("herd/*.h")):
        lines.append("#include <herd/%s>" % header.name)
        structs.update(header_structs(strip_comments(header.read_text()), defines))
    for name in structs:
        size, align, fields = wasm32_layout(name, structs)
        lines.append('_Static_assert(sizeof(%s) == %d, "%s: %d bytes");' % (name, size, name, size))
        lines.append('_Static_assert(_Alignof(%s) == %d, "%s: aligned to %d");' % (name, align, name, align))
        lines += ['_Static_assert(offsetof(%s, %s) == %d, "%s.%s at %d");' % (name, f, o, name, f, o)
                  for f, o, _, _ in fields]
    return "\n".join(lines) + "\n"


def wasm32_self_check(emcc, include):
    """--wasm32 EMCC: emscripten's compiler agrees with wasm32_layout() on
    every struct of the headers."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        c = Path(tmp) / "layout.c"
        c.write_text(wasm32_asserts(include))
        rc = subprocess.call([emcc, "-std=c11", "-fsyntax-only", "-I", include, str(c)])
    print("wasm32 layouts of %d structs: %s" % (wasm32_asserts(include).count("sizeof("),
                                                "as emcc lays them out" if rc == 0 else "emcc disagrees"))
    return 1 if rc else 0


def header_constants(include):
    """{HERD_NAME: value} of every integer #define and enum constant."""
    constants = read_defines(include)
    for header in sorted(Path(include).glob("herd/*.h")):
        for body in re.findall(r"\benum\b[^{;]*\{(.*?)\}", strip_comments(header.read_text()), re.S):
            value = -1
            for item in body.split(","):
                m = re.match(r"\s*(HERD_\w+)\s*(?:=\s*(.+?))?\s*$", item, re.S)
                if not m:
                    continue
                value = value + 1 if m.group(2) is None else int(eval(m.group(2), {}, dict(constants)))
                constants[m.group(1)] = value
    return constants


def constant_errors(include, pairs, where):
    """pairs: (NAME, value) of a binding; where HERD_NAME is a constant of
    the headers, the value must be its (the version the binding was written
    for excepted)."""
    constants = header_constants(include)
    return ["%s: %s = %d, the header's HERD_%s is %d" % (where, n, v, n, constants["HERD_" + n])
            for n, v in pairs if constants.get("HERD_" + n, v) != v and not n.startswith("VERSION_")]


def python_checks(include, files):
    """The package's integer constants (MAX_MOVES, E_ARG, ...) as the headers';
    and no ctypes declaration in the package's other modules, which the
    check would not see."""
    errors = []
    for f in files:
        for other in sorted(set(Path(f).parent.glob("*.py")) - {Path(x) for x in files}):
            if re.search(r"\.(?:argtypes|restype)\s*=|\b_fields_\s*=", other.read_text()):
                errors.append("%s declares ctypes types: they belong in %s" % (other, Path(f).name))
    pairs = []
    for f in files:
        pairs += [(n, int(v)) for n, v in re.findall(r"^([A-Z][A-Z0-9_]*) = (-?\d+)\b", Path(f).read_text(), re.M)]
    return errors + constant_errors(include, pairs, "python")


def js_parts(files):
    """(C text of the glue without comments, JavaScript text of herd.mjs)."""
    return ("\n".join(strip_comments(Path(f).read_text()) for f in files if f.endswith(".c")),
            "\n".join(Path(f).read_text() for f in files if not f.endswith(".c")))


def read_js(files):
    """The library's functions that the glue (glue.c) and herd.mjs call; the
    glue's own (herd_js_*) and the arities and struct offsets are js_checks()'."""
    glue, mjs = js_parts(files)
    calls = set(re.findall(r"\b(herd_[a-z0-9_]+)\s*\(", glue))
    calls |= set(re.findall(r"\._(herd_[a-z0-9_]+)\b", mjs))
    return {name: None for name in calls if not name.startswith("herd_js_")}, {}


def js_args(text, start):
    """The number of arguments of the call whose '(' is at text[start]."""
    depth, n, empty = 0, 1, True
    text = re.sub(r"'[^'\n]*'|`[^`\n]*`", "''", text[start:start + 2000])
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return 0 if empty else n
        elif ch == "," and depth == 1:
            n += 1
        elif depth >= 1 and not ch.isspace():
            empty = False
    return None


def js_checks(include, files):
    """What a C compiler cannot check for the JavaScript side: herd.mjs's
    calls (each function declared by the headers or defined by the glue,
    with as many arguments; no 64-bit integer crossing, as the glue is there
    to avoid) and its scratch regions (the struct a region's comment names,
    its fields in the header's order, every `REGION + N` a field's offset as
    wasm32 lays the struct out, the region aligned and clear of the next)."""
    functions, _ = read_headers(include)
    defines = read_defines(include)
    structs = {}
    for header in sorted(Path(include).glob("herd/*.h")):
        structs.update(header_structs(strip_comments(header.read_text()), defines))
    glue_text, mjs = js_parts(files)
    glue = {}
    for m in re.finditer(r"GLUE\s+([^;{(]*?)\b(herd_js_\w+)\s*\(([^)]*)\)", glue_text):
        params = m.group(3).strip()
        glue[m.group(2)] = [] if params in ("", "void") else split_params(params)
    errors = []
    for m in re.finditer(r"\._(herd_[a-z0-9_]+)\s*\(", mjs):
        name, n = m.group(1), js_args(mjs, m.end() - 1)
        if name.startswith("herd_js_"):
            if name not in glue:
                errors.append("herd.mjs calls %s, which glue.c does not define" % name)
            elif n is not None and n != len(glue[name]):
                errors.append("herd.mjs calls %s with %d arguments, glue.c takes %d" % (name, n, len(glue[name])))
        elif name in functions:
            ret, params = functions[name]
            if n is not None and n != len(params):
                errors.append("herd.mjs calls %s with %d arguments, the header has %d (%s)"
                              % (name, n, len(params), ", ".join(params)))
            if {ret, *params} & {"i64", "u64"}:
                errors.append("herd.mjs calls %s, which passes a 64-bit integer: call it through the glue"
                              % name)
    pairs = re.findall(r"^(?:export )?const ([A-Z][A-Z0-9_]*) = (-?\d+);", mjs, re.M)
    codes = re.search(r"export const codes = Object.freeze\(\{(.*?)\}\)", mjs, re.S)
    pairs += re.findall(r"(\w+): (-?\d+)", codes.group(1)) if codes else []
    errors += constant_errors(include, [(n, int(v)) for n, v in pairs], "herd.mjs")
    scratch = re.search(r"^const SCRATCH = (\d+);", mjs, re.M)
    if not scratch:
        return errors + ["herd.mjs: no scratch area (const SCRATCH = N;)"]
    scratch = int(scratch.group(1))
    regions = []  # (name, offset, size, align)
    for m in re.finditer(r"^const ([A-Z0-9_]+) = (\d+);\s*//\s*(.*)$", mjs, re.M):
        region, offset, comment = m.group(1), int(m.group(2)), m.group(3)
        uses = [(int(k) if k else None, int(n or 0)) for k, n in
                re.findall(r"\b%s\b(?:\s*\+\s*(?:(\d+)\s*\*\s*\w+\s*\+?\s*)?(\d+)?)?" % region, mjs)]
        uses += [(int(k), 0) for k in re.findall(r"\(SCRATCH - %s\) / (\d+)" % region, mjs)]
        c = re.search(r"(herd_\w+)(?:\[(\w+)\])?:\s*([\w\[\]@, ]+)", comment)
        if c:
            struct, count = c.group(1), c.group(2)
            if struct not in structs:
                errors.append("herd.mjs %s: no struct %s in include/herd/*.h" % (region, struct))
                continue
            size, align, fields = wasm32_layout(struct, structs)
            count = 1 if count is None else int(count) if count.isdigit() else defines.get(count, 0)
            said = [f.strip().rsplit("@", 1) for f in c.group(3).split(",") if f.strip()]
            header = ["%s@%d" % (f if n == 1 else "%s[%d]" % (f, n), o) for f, o, _, n in fields]
            if ["@".join(f) for f in said] != header:
                errors.append("herd.mjs %s: %s is %s, on wasm32 the header's is %s"
                              % (region, struct, ", ".join("@".join(f) for f in said), ", ".join(header)))
            starts = {o for _, o, _, _ in fields}
            extent = size * count
            for stride, n in uses:
                if stride is not None and stride != size:
                    errors.append("herd.mjs %s: a stride of %d, %s takes %d bytes on wasm32"
                                  % (region, stride, struct, size))
                if n % size not in starts:
                    errors.append("herd.mjs %s + %d: no field of %s starts there on wasm32 (%s)"
                                  % (region, n, struct, ", ".join("%s at %d" % (f, o) for f, o, _, _ in fields)))
                extent = max(extent, (n // size + 1) * size)
        else:
            words = [JS_SCALARS[w] for w in re.findall(r"\w+", comment) if w in JS_SCALARS]
            if not words:
                continue
            size = align = max(words)
            extent = size
            for _, n in uses:
                if n:
                    errors.append("herd.mjs %s + %d: a scalar region has no field there" % (region, n))
        if offset % align:
            errors.append("herd.mjs %s: offset %d is not a multiple of %d, the alignment of what it holds"
                          % (region, offset, align))
        regions.append((region, offset, extent))
    for region, offset, extent in regions:
        end = min([scratch] + [o for _, o, _ in regions if o > offset])
        if offset + extent > end:
            errors.append("herd.mjs %s: %d bytes from %d run past %d (%s)"
                          % (region, extent, offset, end, "SCRATCH" if end == scratch else
                             " ".join(r for r, o, _ in regions if o == end)))
    return errors


BINDINGS = {"csharp": read_csharp, "c": read_c, "python": read_python, "js": read_js}
# Checks of a binding beyond its functions' and structs' types: (include, files) -> [error].
EXTRA_CHECKS = {"js": js_checks, "python": python_checks}


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
    if binding in EXTRA_CHECKS:
        errors += EXTRA_CHECKS[binding](include, files)
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
    "python": [('"herd_apply": (c_int, [game_p, herd_move])', '"herd_apply": (c_int, [game_p, c_int])'),
               ('"herd_game_count": (c_size_t, [])', '"herd_game_count": (c_uint64, [])'),
               ('"herd_free": (None, [game_p])', '"herd_free": (None, [batch_p])'),
               ('"herd_undo": (c_int, [game_p])', '"herd_undo_all": (c_int, [game_p])'),
               ('[record_p, c_size_t, c_int64])', '[record_p, c_size_t])'),
               ('("row", c_int), ("col", c_int)', '("row", c_int), ("col", c_int64)'),
               ('ERROR_MESSAGE_SIZE = 160', 'ERROR_MESSAGE_SIZE = 16'),
               ('("wins", c_uint64 * 2)', '("wins", c_uint64 * 3)'),
               ("MAX_MOVES = 1024", "MAX_MOVES = 1000"),
               ("E_INTERRUPTED = -11", "E_INTERRUPTED = -12")],
    "js": [("line@8, column@12", "line@8, column@16"),
           ("herd_status: result@0, side@4, reason@8", "herd_status: result@0, reason@4, side@8"),
           ("side: this.i32(STATUS + 4)", "side: this.i32(STATUS + 6)"),
           ("const STATUS = 16;", "const STATUS = 18;"),
           ("const ERROR = 64;", "const ERROR = 128;"),
           ("const LINES = 512;", "const LINES = 768;"),
           ("(SCRATCH - LINES) / 8", "(SCRATCH - LINES) / 4"),
           ("this._m._herd_undo(this._g)", "this._m._herd_undo(this._g, 0)"),
           ("this._m._herd_hex_size)", "this._m._herd_hex_sizes)"),
           ("this._m._herd_js_roll(this._g)", "this._m._herd_js_rolls(this._g)"),
           ("herd_js_genmove(herd_game *g, int level)", "herd_js_genmove(herd_game *g)"),
           ("herd_move_from_text(g, action, &m)", "herd_move_from_texts(g, action, &m)"),
           ("this._m._herd_perft(", "this._m._herd_horses_move("),
           ("E_UNKNOWN: -8,", "E_UNKNOWN: -9,"),
           ("const MEMORY_SOLVE = -1;", "const MEMORY_SOLVE = -2;")],
}


def self_test(binding, include, files):
    """Each mutation applied to a copy of the file that holds it (the others
    as they are) must fail the check; then the files themselves must pass."""
    import tempfile
    failures = 0
    for old, new in MUTATIONS[binding]:
        texts = [Path(f).read_text() for f in files]
        which = [i for i, t in enumerate(texts) if old in t]
        assert which, old
        with tempfile.TemporaryDirectory() as tmp:
            changed = list(files)
            changed[which[0]] = str(Path(tmp) / Path(files[which[0]]).name)
            Path(changed[which[0]]).write_text(texts[which[0]].replace(old, new, 1))
            if check(binding, include, changed) == 0:
                print("error: the check missed: %s -> %s" % (old, new))
                failures += 1
    return 1 if failures else check(binding, include, files)


if __name__ == "__main__":
    run = check
    if len(sys.argv) > 1 and sys.argv[1] == "--self-test":
        run = self_test
        sys.argv.pop(1)
    elif len(sys.argv) == 4 and sys.argv[1] == "--wasm32":  # check_api.py --wasm32 EMCC INCLUDE_DIR
        sys.exit(wasm32_self_check(sys.argv[2], sys.argv[3]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--names":  # the functions a binding calls
        run = lambda binding, include, files: print("\n".join(sorted(BINDINGS[binding](files)[0])))
        sys.argv.pop(1)
    if len(sys.argv) < 4 or sys.argv[1] not in BINDINGS:
        sys.exit(__doc__)
    sys.exit(run(sys.argv[1], sys.argv[2], sys.argv[3:]))
