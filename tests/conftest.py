"""Shared fixtures. The plain helpers (the repository root, the models, running the CLI) are in
helpers.py, which test modules import."""

from __future__ import annotations

import pytest
from helpers import run_cli


@pytest.fixture
def cli():
    return run_cli
