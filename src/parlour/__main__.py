"""``python -m parlour`` is the ``parlour`` command."""

import sys

from .cli import main

sys.exit(main())
