"""Every ``scryptic`` subcommand, the outermost layer: each module has
``register(subparsers, bench_subparsers)`` and thin handlers that call into the packages.
Modules whose names start with ``_`` are helpers of the commands, not commands.
"""
