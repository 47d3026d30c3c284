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
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable

__all__ = ["lazy_njit", "LazyKernel", "compiled"]

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
