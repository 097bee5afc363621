"""Modules imported at start-up whose code runs only when first used (issue 18).

The title screen's first frame imports the maze core (the save checks its names against
the algorithm registries) but draws no maze: numpy (90 ms) and the tile table it builds
would only slow that frame down.  :func:`defer` puts a module in ``sys.modules`` whose code
runs at the first read of one of its attributes (``np.zeros``, ``kinds.KINDS``), in place:
the deferred module object *is* the module afterwards, at full speed.  Like
``importlib.util.LazyLoader``, but one thread runs the code while the others wait (the
level prefetcher builds mazes in a thread), and ``__spec__`` can be read without running
it (pygame asks whether numpy exists).  The game imports no submodule of a deferred
module (``numpy.linalg``) from a thread: that import would wait for the module's run
while holding the import system's lock on the submodule.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import threading
import types
from typing import Any

#: What can be read without running the module: what asks whether it exists.
_PEEKS = frozenset({"__spec__", "__class__"})
#: One thread at a time runs a deferred module; the running thread may re-enter.
_LOCK = threading.RLock()
#: The deferred modules whose code is running now (by id).
_running: set[int] = set()


class _Deferred(types.ModuleType):
    """A module whose code runs at the first read of one of its attributes."""

    def __getattribute__(self, name: str) -> Any:
        """Run the module's code first (once), then return its attribute ``name``."""
        if name not in _PEEKS:
            _run(self)
        return types.ModuleType.__getattribute__(self, name)


def _run(module: types.ModuleType) -> None:
    """Run a deferred module's code in place, once; other threads wait for it."""
    with _LOCK:
        if type(module) is not _Deferred or id(module) in _running:
            return  # run already, or running in this thread (its own imports read it)
        spec = object.__getattribute__(module, "__spec__")
        _running.add(id(module))
        try:
            spec.loader.exec_module(module)
            setattr(module, "__class__", types.ModuleType)  # a plain module from now on
        except BaseException:
            sys.modules.pop(spec.name, None)  # a later import raises the error again
            raise
        finally:
            _running.discard(id(module))


def defer(*names: str) -> None:
    """Import each of ``names`` without running it: its code runs on first use.

    A module imported already, or not installed, is left as it is.
    """
    for name in names:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            continue
        module = importlib.util.module_from_spec(spec)
        module.__class__ = _Deferred
        sys.modules[name] = module
        parent, _, child = name.rpartition(".")
        if parent:
            setattr(importlib.import_module(parent), child, module)


def has_run(name: str) -> bool:
    """Return True when module ``name`` was imported and its code has run."""
    module = sys.modules.get(name)
    return module is not None and type(module) is not _Deferred
