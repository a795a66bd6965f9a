"""Benchmarks, run by hand through ``scryptic bench ...``: the rules engine, move generation,
the server. (The client's lives with the client's command.) Never timed assertions in tests.
"""
