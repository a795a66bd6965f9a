"""Files on the user's machine: atomic writes with corrupt files kept aside
(:mod:`~shared.files.atomic`), and where settings and data live (:mod:`~shared.files.userdirs`).
"""
