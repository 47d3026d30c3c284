"""``python -m evalkit``: the evalkit command line."""

import sys

from evalkit.cli import main

if __name__ == "__main__":
    sys.exit(main())
