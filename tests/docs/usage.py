"""What the checks of tests/docs say when called wrongly."""
import sys


def usage(text):
    """Prints `usage: TEXT` on standard error and the count of one failed
    check (a check that could not run is not a pass), and gives exit
    status 2."""
    print("usage: " + text, file=sys.stderr)
    print("0 passed, 1 failed")
    return 2
