"""cspdsl: model logic and number puzzles as short text, solve them with the solver you pick.

    from cspdsl import count, load, solutions, solve
    result = solve(load("einstein"))  # a bundled example by its name, from any folder; or a path
    print(result.answers())
    for solution in solutions(load("lock"), limit=10):  # each as it is found
        print(solution)
    print(count(load("lock")).count)  # by independent parts where the model falls apart
"""

from __future__ import annotations

from .core.static_types import TYPE_CHECKING, Any

__version__ = "0.3.0"
__all__ = [
    "CompiledModel", "CspdslError", "Model", "Result", "__version__", "compile", "count", "explain", "load", "loads",
    "solutions", "solve", "solve_plans",
]

if TYPE_CHECKING:
    from .api import Model, Result, load, loads, solve
    from .core.errors import CspdslError
    from .driver.counting import count
    from .driver.iterate import solutions
    from .driver.plans import solve_plans
    from .explanation import explain
    from .instances import CompiledModel, compile

# Where each public name lives; imported when first asked for, so that `cspdsl --help` does not
# pay for the parser and the solvers.
_HOMES = {"load": "api", "loads": "api", "solve": "api", "Model": "api", "Result": "api", "CspdslError": "core.errors",
          "explain": "explanation", "solutions": "driver.iterate", "compile": "instances", "CompiledModel": "instances",
          "count": "driver.counting", "solve_plans": "driver.plans"}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        import importlib

        return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(name)


def __dir__() -> list[str]:
    """The public API too, for tab completion, though it is imported only when used."""
    return sorted({*__all__, *(name for name in globals() if name.startswith("__"))})
