#!/usr/bin/env python3
"""Writes the reference of the Python package `herd` as Markdown pages for
Doxygen, from the package itself (its names, signatures and docstrings).

    python3 tools/python_api_docs.py OUTPUT_DIR

OUTPUT_DIR receives python.md, the page "The Python package" {#python}
that lists the package's public modules (herd and each submodule without a
leading underscore), and one page per module, python_MODULE.md (dots as
underscores), with its docstring and, for each public name (its __all__,
its own classes and functions, its constants), a section with the
signature and the docstring; a class has a subsection per public member
of its own (methods, properties, values). Every section has an anchor
python_MODULE_NAME (python_MODULE_CLASS_MEMBER), which the test
docs_python_api checks. The package is imported from bindings/python; it
needs no library for this. Docstrings are shown as they are written, in
fenced blocks, so that nothing in them is read as Doxygen markup.
"""
import enum
import inspect
import os
import pkgutil
import sys

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir)
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(SOURCE, "bindings", "python"))


def anchor(*parts):
    return "python_" + "_".join(p.replace(".", "_") for p in parts)


def module_anchor(name):
    """A module page's own label: apart from its names', since a package may
    export a name that is also one of its modules (herd.match)."""
    return anchor("module", name)


def fenced(text):
    """A block shown verbatim (a fence longer than any run of ` in it)."""
    fence = "```"
    while fence in text:
        fence += "`"
    return "%s\n%s\n%s\n" % (fence, text.rstrip(), fence)


def doc(obj):
    text = inspect.getdoc(obj)
    return text if text else "(no docstring)"


def signature(name, obj):
    try:
        return "%s%s" % (name, inspect.signature(obj))
    except (TypeError, ValueError):
        return name


def public_modules():
    """The package and its public submodules, imported."""
    import importlib
    import herd
    names = ["herd"] + ["herd." + m.name for m in pkgutil.iter_modules(herd.__path__)
                        if not m.name.startswith("_")]
    return [importlib.import_module(n) for n in sorted(names, key=lambda n: (n != "herd", n))]


def public_names(module):
    """__all__, then the module's own classes and functions and its
    constants (upper-case names) that __all__ leaves out; never modules
    or names imported from elsewhere."""
    names = list(getattr(module, "__all__", []))
    for name in sorted(vars(module)):
        obj = getattr(module, name)
        if name.startswith("_") or name in names or inspect.ismodule(obj):
            continue
        owner = getattr(obj, "__module__", None) if (inspect.isclass(obj) or
                                                      inspect.isroutine(obj)) else None
        if owner == module.__name__ or (owner is None and name.isupper()):
            names.append(name)
    return names


def members(cls):
    """The public members that the class defines itself or takes from a
    private base of the package (documented nowhere else), in their order,
    as stored (a descriptor is not called: some load the library)."""
    seen = set()
    for owner in cls.__mro__:
        if owner is not cls and not (owner.__name__.startswith("_") and
                                     owner.__module__.startswith("herd")):
            continue
        for name, raw in vars(owner).items():
            if not name.startswith("_") and name not in seen:
                seen.add(name)
                yield name, raw


def class_section(module, name, cls, documented):
    out = []
    bases = [b for b in cls.__bases__ if b is not object]
    kind = "exception" if issubclass(cls, BaseException) else (
        "enum" if issubclass(cls, enum.Enum) else "class")
    out.append("## %s %s {#%s}\n" % (kind, name, anchor(module.__name__, name)))
    if bases:
        links = []
        for b in bases:
            label = b.__name__
            if documented.get(b) is not None:
                links.append('@ref %s "%s"' % (documented[b], label))
            else:
                links.append("`%s.%s`" % (b.__module__, b.__qualname__))
        out.append("Bases: %s.\n" % ", ".join(links))
    out.append(fenced("%s\n\n%s" % (signature(name, cls), doc(cls))))
    values = []
    for member, raw in members(cls):
        if issubclass(cls, enum.Enum) and isinstance(raw, cls):
            values.append((member, raw))
            continue
        label = anchor(module.__name__, name, member)
        if isinstance(raw, (classmethod, staticmethod)):
            what = "class" if isinstance(raw, classmethod) else "static"
            out.append("### %s.%s (%s method) {#%s}\n" % (name, member, what, label))
            out.append(fenced("%s\n\n%s" % (signature(member, raw.__func__), doc(raw.__func__))))
        elif inspect.isroutine(raw):
            out.append("### %s.%s {#%s}\n" % (name, member, label))
            out.append(fenced("%s\n\n%s" % (signature(member, raw), doc(raw))))
        elif hasattr(raw, "__get__"):  # a property or another descriptor
            out.append("### %s.%s (property) {#%s}\n" % (name, member, label))
            out.append(fenced(doc(raw)))
        else:
            out.append("### %s.%s {#%s}\n" % (name, member, label))
            out.append(fenced("%s = %r" % (member, raw)))
    if values:
        label = anchor(module.__name__, name, "values")
        out.append("### The values of %s {#%s}\n" % (name, label))
        out.append("".join("@anchor %s\n" % anchor(module.__name__, name, member)
                           for member, _ in values) + "\n" + fenced("\n".join(
                               "%s.%s = %r" % (name, member, obj.value) for member, obj in values)))
    return out


def module_page(module, documented):
    label = module_anchor(module.__name__)
    out = ["# Module %s {#%s}\n" % (module.__name__, label), fenced(doc(module))]
    names = public_names(module)
    out.append("Public names: %s.\n" % ", ".join(
        '@ref %s "%s"' % (anchor(module.__name__, n), n) for n in names))
    for name in names:
        obj = getattr(module, name)
        if inspect.isclass(obj):
            out.extend(class_section(module, name, obj, documented))
        elif inspect.isroutine(obj):
            out.append("## function %s {#%s}\n" % (name, anchor(module.__name__, name)))
            out.append(fenced("%s\n\n%s" % (signature(name, obj), doc(obj))))
        else:
            out.append("## %s {#%s}\n" % (name, anchor(module.__name__, name)))
            out.append(fenced("%s = %r" % (name, obj)))
    return "\n".join(out)


def main(argv):
    if len(argv) != 2:
        print("usage: python_api_docs.py OUTPUT_DIR", file=sys.stderr)
        return 2
    out_dir = argv[1]
    os.makedirs(out_dir, exist_ok=True)
    modules = public_modules()
    # Where each class is documented first, for the links of its subclasses.
    documented = {}
    for module in modules:
        for name in public_names(module):
            obj = getattr(module, name)
            if inspect.isclass(obj) and getattr(obj, "__module__", "").startswith("herd"):
                documented.setdefault(obj, anchor(module.__name__, name))
    index = ["# The Python package {#python}\n",
             "The package `herd` of `bindings/python` drives the library through ctypes "
             "(@ref tutorial \"Tutorial\" shows it at work). This reference is made from the "
             "package itself, its names, signatures and docstrings, when the reference is "
             "built (`tools/python_api_docs.py`). Its modules:\n"]
    for module in modules:
        first = " ".join(doc(module).split("\n\n")[0].split())  # the whole first paragraph
        if first.startswith(module.__name__ + ": "):
            first = first[len(module.__name__) + 2:]
        index.append("- @subpage %s \"%s\": %s" % (module_anchor(module.__name__), module.__name__,
                                                 first.replace("\\", "\\\\")))
        with open(os.path.join(out_dir, anchor(module.__name__) + ".md"), "w",
                  encoding="utf-8") as f:
            f.write(module_page(module, documented))
    with open(os.path.join(out_dir, "python.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(index) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
