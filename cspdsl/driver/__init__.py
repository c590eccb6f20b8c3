"""The driver half: a request to a checked answer, through the one compile -> search -> check loop
(`loop.py`). `solve.py` solves one model into a `Result` (`result.py`), every solution checked
(`checking.py`); the optimum (`optimum.py`, `lexicographic.py`), counting (`counting.py`), iteration
(`iterate.py`) and plans (`plans.py`, `unrolled.py`) are strategies over the same loop."""
