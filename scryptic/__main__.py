import sys

from scryptic.cli import main

sys.exit(main())
