#!/usr/bin/env python3
"""The shared library exports exactly the public functions, and the static
library defines nothing else but internal names.

    tests/check_exports.py elf|pe|static TOOL LIBRARY INCLUDE_DIR

The public functions are those that include/herd/*.h declare with HERD_API.
The library's exports: for an ELF shared library (Linux), TOOL is nm and
they are `nm -D --defined-only`'s (less the version node, HERD_1); for a
Windows DLL, TOOL is objdump and they are the names of `objdump -p`'s
export table. Any name in one list and not the other fails the test.

With `static`, TOOL is nm and LIBRARY the static library (libherd.a): every
global symbol its objects define (`nm -g --defined-only`) is a public
function or carries the internal prefix, herdi_ (docs/api.md, "Names"),
so that a program that links it statically collides on no other name.
"""
import glob
import os
import re
import subprocess
import sys


def public_functions(include_dir):
    names = set()
    for path in glob.glob(os.path.join(include_dir, "*.h")):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)  # comments
        text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)   # HERD_API's own #define
        names.update(re.findall(r"\bHERD_API\b[^;{]*?\b(herd_\w+)\s*\(", text))
    return names


def nm_defined(nm, option, library):
    """The names that `nm OPTION --defined-only` lists ("address type
    name" lines; an archive's "member.o:" lines are not), less the version
    node (type A) and the version of each name."""
    out = subprocess.run([nm, option, "--defined-only", library], check=True,
                         capture_output=True, text=True).stdout
    return {fields[2].split("@")[0] for fields in (line.split() for line in out.splitlines())
            if len(fields) == 3 and fields[1] != "A"}


def elf_exports(nm, library):
    return nm_defined(nm, "-D", library)


INTERNAL_PREFIX = "herdi_"


def static_globals(nm, library):
    # Names with a dot are the compiler's own, which no C program can spell:
    # MinGW's `.refptr.NAME` (an indirection to a name the code refers to),
    # i386's `__x86.get_pc_thunk.bx` (position-independent code).
    return {n for n in nm_defined(nm, "-g", library) if "." not in n}


def check_static(nm, library, public):
    defined = static_globals(nm, library)
    stray = sorted(n for n in defined
                   if n not in public and not n.startswith(INTERNAL_PREFIX))
    for name in stray:
        print(f"defined, neither public nor {INTERNAL_PREFIX}*: {name}")
    internal = sum(n.startswith(INTERNAL_PREFIX) for n in defined)
    print(f"{os.path.basename(library)}: {len(defined)} global symbols, "
          f"{internal} internal ({INTERNAL_PREFIX}*)")
    return 1 if stray or not defined else 0


def pe_exports(objdump, library):
    out = subprocess.run([objdump, "-p", library], check=True,
                         capture_output=True, text=True).stdout
    table = out.split("[Ordinal/Name Pointer] Table", 1)
    if len(table) < 2:
        return set()
    names = set()
    for line in table[1].splitlines()[1:]:
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)", line)
        if not m:
            break
        names.add(m.group(1))
    return names


def main(argv):
    if len(argv) != 5 or argv[1] not in ("elf", "pe", "static"):
        print(__doc__, file=sys.stderr)
        return 2
    kind, tool, library, include_dir = argv[1:]
    public = public_functions(include_dir)
    if not public:
        print("no HERD_API function found in " + include_dir)
        return 1
    if kind == "static":
        return check_static(tool, library, public)
    exported = (elf_exports if kind == "elf" else pe_exports)(tool, library)
    missing, extra = sorted(public - exported), sorted(exported - public)
    for name in missing:
        print(f"not exported: {name}")
    for name in extra:
        print(f"exported but not public: {name}")
    print(f"{os.path.basename(library)}: {len(exported)} exports, "
          f"{len(public)} public functions")
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
