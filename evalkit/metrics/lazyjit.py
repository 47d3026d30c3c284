"""numba kernels compiled on first call: :func:`lazy_njit`.

``import numba`` alone costs about a quarter of a second and loading a cached kernel more;
a module whose kernels are decorated with ``@lazy_njit(cache=True)`` instead of
``@numba.njit(cache=True)`` imports numba only when one of its kernels is first called, so
``get_metric("bleu")`` and a one-sentence score (which :mod:`evalkit.metrics.ngrams` counts
in plain Python) never pay for it. On the first call every lazy kernel of the calling
kernel's module is compiled (or loaded from numba's on-disk cache, ``cache=True``) and
rebound in the module's namespace, so kernels that call each other see numba dispatchers,
exactly as if the module had used ``numba.njit``; the compiled code and so the numbers are
the same. A lazy kernel imported from another module (``from evalkit.metrics.hash_kernel
import probe``) is compiled by its own module and rebound in the importing one as well; a
module compiled with ``numba.njit`` at import binds :func:`compiled` of it instead.

numba compiles a called kernel into its caller, but checks a cached caller against the
caller's own file only: after a change of a shared kernel module (``hash_kernel``,
``bitset_kernel``) that leaves the caller's file as it was (a ``git pull``, an edit), the
caller would load its old compiled code and give the old numbers. A caller module therefore
calls :func:`refresh_cache_with` at import, which removes its cached kernels when the source
of a module it calls kernels from has changed since they were cached.
"""

from __future__ import annotations

import functools
import hashlib
import os
import threading
from pathlib import Path
from typing import Any, Callable

__all__ = ["lazy_njit", "LazyKernel", "compiled", "refresh_cache_with"]

_LOCK = threading.RLock()  # re-entered for kernels imported from another module


def _compile_module(namespace: dict) -> None:
    """Make dispatchers of the module's own lazy kernels and rebind every lazy kernel name
    in ``namespace`` (its own and imported ones) to its dispatcher."""
    import numba

    kernels = [(name, obj) for name, obj in list(namespace.items()) if isinstance(obj, LazyKernel)]
    for _, obj in kernels:  # all first: a kernel may call another
        if obj._dispatcher is None and obj.py_func.__globals__ is namespace:
            obj._dispatcher = numba.njit(**obj.options)(obj.py_func)
    for name, obj in kernels:  # an imported kernel: its own module compiles and rebinds it
        namespace[name] = obj.dispatcher()


class LazyKernel:
    """A Python function that becomes ``numba.njit(**options)(function)`` on first call.

    Made by :func:`lazy_njit`; calling it calls the compiled kernel.

    Parameters
    ----------
    func : callable
        The kernel's Python source function (kept as ``py_func``).
    options : dict
        Keyword arguments for ``numba.njit`` (e.g. ``{"cache": True}``).

    Examples
    --------
    >>> from evalkit.metrics.lazyjit import LazyKernel
    >>> def twice(x):
    ...     return 2 * x
    >>> kernel = LazyKernel(twice, {})
    >>> kernel.py_func is twice, kernel.__name__
    (True, 'twice')
    >>> kernel(21)
    42
    """

    def __init__(self, func: Callable, options: dict):
        functools.update_wrapper(self, func)
        self.py_func = func
        self.options = options
        self._dispatcher = None

    def dispatcher(self):
        """The numba dispatcher (compiling this module's lazy kernels on first use)."""
        if self._dispatcher is None:
            with _LOCK:
                if self._dispatcher is None:
                    _compile_module(self.py_func.__globals__)
        return self._dispatcher

    def __call__(self, *args: Any):
        return self.dispatcher()(*args)


def lazy_njit(**options: Any) -> Callable[[Callable], LazyKernel]:
    """``numba.njit(**options)`` deferred to the first call (see the module docstring).

    Parameters
    ----------
    **options
        Keyword arguments of ``numba.njit`` (``cache=True``, ``parallel=...``).

    Returns
    -------
    callable
        A decorator turning a function into a :class:`LazyKernel`; numba is imported and
        the module's lazy kernels compiled (or loaded from the cache) at the first call.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics.lazyjit import lazy_njit
    >>> @lazy_njit()
    ... def total(a):
    ...     s = 0.0
    ...     for x in a:
    ...         s += x
    ...     return s
    >>> total(np.arange(5.0))
    10.0
    """

    def decorate(func: Callable) -> LazyKernel:
        return LazyKernel(func, options)

    return decorate


def compiled(kernel):
    """The numba dispatcher of a lazy kernel (compiling its module's kernels on first use),
    or ``kernel`` itself when it already is one (its module has been compiled).

    For modules decorated with ``numba.njit`` at import, whose kernels call a lazy kernel:
    numba resolves the callee when it compiles the caller and needs a dispatcher there.

    Parameters
    ----------
    kernel : LazyKernel or numba dispatcher
        A module attribute decorated with :func:`lazy_njit`.

    Returns
    -------
    numba dispatcher

    Examples
    --------
    >>> from evalkit.metrics import hash_kernel
    >>> from evalkit.metrics.lazyjit import compiled
    >>> table_bits = compiled(hash_kernel.table_bits)
    >>> compiled(table_bits) is table_bits, table_bits(9)
    (True, 5)
    """
    return kernel.dispatcher() if isinstance(kernel, LazyKernel) else kernel


def refresh_cache_with(module_file: str, *dependencies) -> bool:
    """Remove numba's cached kernels of the module at ``module_file`` (its ``__pycache__``
    ``<module>.*.nbi`` / ``.nbc`` files) when the source of one of ``dependencies`` (the
    modules whose kernels it calls) changed since they were cached (see the module).

    Parameters
    ----------
    module_file : str
        The caller module's ``__file__``.
    *dependencies : module
        The modules whose kernels the caller's kernels call.

    Returns
    -------
    bool
        True when cached kernels were removed (or none were there yet), False when they are
        current or the cache folder cannot be written (numba then keeps its own checks).

    Examples
    --------
    >>> import tempfile, types
    >>> from pathlib import Path
    >>> from evalkit.metrics.lazyjit import refresh_cache_with
    >>> folder = Path(tempfile.mkdtemp())
    >>> callee = folder / "callee.py"
    >>> _ = callee.write_text("X = 1\\n")
    >>> dep = types.SimpleNamespace(__file__=str(callee))
    >>> (folder / "__pycache__").mkdir()
    >>> _ = (folder / "__pycache__" / "caller.kernel-1.py311.nbi").write_bytes(b"")
    >>> refresh_cache_with(str(folder / "caller.py"), dep), refresh_cache_with(str(folder / "caller.py"), dep)
    (True, False)
    >>> _ = callee.write_text("X = 2\\n")
    >>> refresh_cache_with(str(folder / "caller.py"), dep)
    True
    """
    source = Path(module_file)
    cache = source.parent / "__pycache__"
    digest = hashlib.sha256()
    for module in dependencies:
        digest.update(Path(module.__file__).read_bytes())
    stamp = cache / f"{source.stem}.kernel-deps"
    try:
        if stamp.read_text(encoding="ascii") == digest.hexdigest():
            return False
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for cached in list(cache.glob(f"{source.stem}.*.nbi")) + list(
            cache.glob(f"{source.stem}.*.nbc")
        ):
            cached.unlink(missing_ok=True)
        partial = stamp.with_name(f"{stamp.name}.{os.getpid()}.part")
        partial.write_text(digest.hexdigest(), encoding="ascii")
        partial.replace(stamp)
    except OSError:
        return False
    return True
