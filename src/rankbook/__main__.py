"""``python -m rankbook`` runs the command line."""

import sys

from rankbook.cli import main

sys.exit(main())
