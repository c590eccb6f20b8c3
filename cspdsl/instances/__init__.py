"""One model, many instances: instances read from data files (`read`, `fields`), checked against what
the model declares (`template`, `resolve`), solved on a model compiled once (`compiled`, `sessions`),
and many of them in a batch, here or on a pool of processes (`pool`) or a Ray cluster (`batch`)."""

from .compiled import CompiledModel, compile
from .resolve import Instance

__all__ = ["CompiledModel", "Instance", "compile"]
