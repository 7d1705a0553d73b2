#!/usr/bin/env python3
"""The shared library exports exactly the public functions.

    tests/check_exports.py elf|pe TOOL LIBRARY INCLUDE_DIR

The public functions are those that include/herd/*.h declare with HERD_API.
The library's exports: for an ELF shared library (Linux), TOOL is nm and
they are `nm -D --defined-only`'s (less the version node, HERD_1); for a
Windows DLL, TOOL is objdump and they are the names of `objdump -p`'s
export table. Any name in one list and not the other fails the test.
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


def elf_exports(nm, library):
    out = subprocess.run([nm, "-D", "--defined-only", library], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 3 and fields[1] != "A":  # A: the version node
            names.add(fields[2].split("@")[0])
    return names


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
    if len(argv) != 5 or argv[1] not in ("elf", "pe"):
        print(__doc__, file=sys.stderr)
        return 2
    kind, tool, library, include_dir = argv[1:]
    public = public_functions(include_dir)
    exported = (elf_exports if kind == "elf" else pe_exports)(tool, library)
    missing, extra = sorted(public - exported), sorted(exported - public)
    for name in missing:
        print(f"not exported: {name}")
    for name in extra:
        print(f"exported but not public: {name}")
    if not public:
        print("no HERD_API function found in " + include_dir)
        return 1
    print(f"{os.path.basename(library)}: {len(exported)} exports, "
          f"{len(public)} public functions")
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
