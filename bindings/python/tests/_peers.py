"""The peers of the game-AI interfaces for the tests: PettingZoo, gymnasium
and pyspiel, found on sys.path (PYTHONPATH) or in the folders of the
environment variable HERD_PEERS (separated by os.pathsep), which this module
puts first on sys.path when imported, before herd.env or herd.spiel is.
missing() says why a peer test is skipped (CI has no peer)."""
import importlib
import os
import sys
from typing import Optional

for folder in reversed([f for f in os.environ.get("HERD_PEERS", "").split(os.pathsep) if f]):
    if folder not in sys.path:
        sys.path.insert(0, folder)


def missing(*modules: str) -> Optional[str]:
    """None when every module imports, else the skip reason."""
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError as e:
            return ("%s is not importable (%s): put it on PYTHONPATH or HERD_PEERS, see "
                    "bindings/python/README.md" % (name, e))
    return None
