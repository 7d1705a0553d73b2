"""How long the protocol tests wait for a program before they call it hung.

The limits only catch a program that never answers: a correct program answers
far within them on this machine. HERD_TEST_TIME_SCALE (a number, default 1)
stretches every one of them where the programs run slower: tools/cross.sh sets
it for the tests under an emulator (qemu-user, wine). Standard library only.
"""

import os

SCALE = float(os.environ.get("HERD_TEST_TIME_SCALE") or 1)


def seconds(limit):
    """`limit` seconds, stretched by HERD_TEST_TIME_SCALE."""
    return limit * SCALE
