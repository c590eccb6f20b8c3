"""The independent checkers: whether an assignment satisfies a problem (`problem.py`, and its fast
path for many solutions, `fast.py`), whether a plan reaches the goal move by move (`plan.py`), whether
a tiling covers its board (`tiling.py`). They share no code with any backend or pass."""
