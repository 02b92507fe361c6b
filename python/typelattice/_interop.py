"""Conversions between tl.dtype and the frameworks' dtype objects.

The C type tl.dtype calls these lazily (its ``numpy``/``type``/``char``/``str``/
``torch``/``jax`` properties, its hash and ``tl.astype``); nothing here imports a
framework before it is asked for. Which framework dtype a tl dtype is comes from
the names: the catalogue's canonical names are NumPy's / ml_dtypes' / torch's
attribute names, so no dtype list is repeated here (dtypes added to the library
are found when the framework has an attribute of that name).
"""

from __future__ import annotations

from typing import Any

from ._typelattice import DTypeError


def _name(d: Any) -> str:
    return d.name


def numpy_dtype(d: Any) -> Any:
    """The NumPy dtype of tl dtype ``d``: NumPy's own, else ml_dtypes' (bfloat16,
    float8_*, int4, ...). DTypeError when neither has it (weak kinds, formats
    ml_dtypes lacks, or ml_dtypes not installed); ImportError without NumPy."""
    name = _name(d)
    if d.weak:
        raise DTypeError(f"the weak kind {name} has no NumPy dtype (it is not a storage dtype)")
    import numpy as np

    try:
        import ml_dtypes
    except ImportError:
        ml_dtypes = None
    t = getattr(ml_dtypes, name, None) if ml_dtypes is not None else None
    if isinstance(t, type):
        return np.dtype(t)
    try:
        res = np.dtype(name)
    except TypeError:
        res = None
    if res is not None and res.name == name:
        return res
    why = "ml_dtypes does not provide it" if ml_dtypes is not None else "ml_dtypes is not installed"
    raise DTypeError(f"NumPy has no dtype {name} and {why}")


def numpy_attr(d: Any, attr: str) -> Any:
    """``numpy_dtype(d).<attr>`` (type, char, str)."""
    return getattr(numpy_dtype(d), attr)


def hash_of(d: Any) -> Any:
    """hash(numpy_dtype(d)), or None when d has no NumPy dtype here (the C type
    then hashes d as its name). Called once per dtype; the C side caches it."""
    try:
        return hash(numpy_dtype(d))
    except (ImportError, DTypeError):
        return None


def torch_dtype(d: Any) -> Any:
    """The torch.dtype of tl dtype ``d`` (imports torch). DTypeError when this torch
    has no such dtype."""
    name = _name(d)
    import torch

    t = None if d.weak else getattr(torch, name, None)
    if not isinstance(t, torch.dtype):
        raise DTypeError(f"torch {torch.__version__} has no dtype {name}")
    return t


def jax_dtype(d: Any) -> Any:
    """The dtype JAX uses for tl dtype ``d`` (a numpy.dtype, as ``jnp.dtype`` returns;
    imports jax). DTypeError when jax.numpy has no such dtype."""
    name = _name(d)
    import jax
    import jax.numpy as jnp

    t = None if d.weak else getattr(jnp, name if name != "bool" else "bool_", None)
    if t is None:
        raise DTypeError(f"jax {jax.__version__} has no dtype {name}")
    try:
        return jnp.dtype(t)
    except TypeError as e:
        raise DTypeError(f"jax {jax.__version__} has no dtype {name}: {e}") from None
