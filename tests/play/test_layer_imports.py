"""The fog and hint layers patch their chunks with numpy's set routines: what those load on
their first call is loaded with the layers, not mid-walk (a frame of 20-60 ms)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
import numpy as np
import game.play.render.layers
before = set(sys.modules)
keys = np.arange(10, dtype=np.int64)
np.isin(keys, keys[:3])
np.unique(keys, return_counts=True)
np.setdiff1d(keys, keys[:3])
print(sorted(set(sys.modules) - before))
"""


def test_the_layers_first_chunk_patch_imports_nothing() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    assert out.strip() == "[]"  # was numpy.ma and its modules, on the first fogged step
