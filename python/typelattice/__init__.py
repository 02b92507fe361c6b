"""typelattice: the dtype systems of array frameworks, from one C library.

JAX, NumPy, PyTorch, TensorFlow, the Array API and Ivy each promote, cast and
convert dtypes by their own rules. typelattice implements them once, in C; this
package is a thin CPython extension over that library (no rule is implemented a
second time in Python).

    >>> import typelattice as tl
    >>> tl.promote_types('int8', 'uint8')                      # JAX's lattice
    dtype('int16')
    >>> tl.result_type('bfloat16', 1.0, return_weak_type_flag=True)
    (dtype('bfloat16'), False)
    >>> with tl.config(rules='jax', x64=True):
    ...     tl.result_type(1)
    dtype('int64')

Functions: dtype, promote_types, result_type, can_cast, finfo, iinfo, rules,
rules_dtypes, astype, config, get_config. Exceptions: TypePromotionError
(a ValueError), DTypeError (a TypeError and a ValueError); OverflowError,
TypeError, RuntimeError and NotImplementedError where the framework raises them.
"""

from __future__ import annotations

import functools
import threading
from typing import Any, Callable, TypeVar

from . import _typelattice as _C
from ._typelattice import (
    DTYPES,
    DTypeError,
    TypePromotionError,
    can_cast,
    convert_tier,
    dtype,
    get_config,
    promote_types,
    result_type,
    rules,
    rules_dtypes,
)

__version__: str = _C.__version__

__all__ = [
    "DTYPES",
    "DTypeError",
    "TypePromotionError",
    "astype",
    "can_cast",
    "config",
    "convert_tier",
    "dtype",
    "finfo",
    "get_config",
    "iinfo",
    "promote_types",
    "result_type",
    "rules",
    "rules_dtypes",
]

_F = TypeVar("_F", bound=Callable[..., Any])


# ---- finfo / iinfo -----------------------------------------------------------------


class finfo:
    """Machine limits of a floating (or complex) dtype, as ``numpy.finfo`` /
    ``ml_dtypes.finfo``, from the library's catalogue (``tl_finfo_get``).

    Fields (NumPy's names): ``dtype``, ``bits``, ``eps``, ``epsneg``, ``max``,
    ``min``, ``smallest_normal``, ``tiny`` (= smallest_normal),
    ``smallest_subnormal``, ``resolution``, ``nexp``, ``iexp`` (= nexp), ``nmant``,
    ``maxexp``, ``minexp``, ``precision``. Values are Python floats/ints; for
    complex dtypes they are those of the component (as NumPy).
    """

    __slots__ = (
        "dtype", "bits", "eps", "epsneg", "max", "min", "smallest_normal",
        "smallest_subnormal", "resolution", "nexp", "nmant", "maxexp", "minexp", "precision",
    )
    dtype: dtype
    bits: int
    eps: float
    epsneg: float
    max: float
    min: float
    smallest_normal: float
    smallest_subnormal: float
    resolution: float
    nexp: int
    nmant: int
    maxexp: int
    minexp: int
    precision: int

    def __new__(cls, dtype_like: Any) -> "finfo":
        return _finfo_cached(_C.dtype(dtype_like))

    @property
    def tiny(self) -> float:
        """Alias of smallest_normal (NumPy's name)."""
        return self.smallest_normal

    @property
    def iexp(self) -> int:
        """Alias of nexp (NumPy's name)."""
        return self.nexp

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"finfo objects are read-only")

    def __repr__(self) -> str:
        return (f"finfo(resolution={self.resolution!r}, min={self.min!r}, max={self.max!r}, "
                f"dtype={str(self.dtype)})")


@functools.lru_cache(maxsize=None)
def _finfo_cached(d: dtype) -> finfo:
    obj = object.__new__(finfo)
    for k, v in _C._finfo(d).items():
        object.__setattr__(obj, k, v)
    return obj


class iinfo:
    """Limits of an integer dtype, as ``numpy.iinfo`` / ``ml_dtypes.iinfo``
    (``tl_iinfo_get``): ``dtype``, ``bits``, ``min``, ``max``, ``kind``."""

    __slots__ = ("dtype", "bits", "min", "max")
    dtype: dtype
    bits: int
    min: int
    max: int

    def __new__(cls, dtype_like: Any) -> "iinfo":
        return _iinfo_cached(_C.dtype(dtype_like))

    @property
    def kind(self) -> str:
        """'i' for signed, 'u' for unsigned integers."""
        return self.dtype.kind

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"iinfo objects are read-only")

    def __repr__(self) -> str:
        return f"iinfo(min={self.min}, max={self.max}, dtype={str(self.dtype)})"


@functools.lru_cache(maxsize=None)
def _iinfo_cached(d: dtype) -> iinfo:
    obj = object.__new__(iinfo)
    for k, v in _C._iinfo(d).items():
        object.__setattr__(obj, k, v)
    return obj


# ---- scoped configuration ----------------------------------------------------------


class config:
    """Scoped, thread-local defaults for every call in the block:

        with tl.config(rules='torch'):
            tl.result_type(x, 1.5)          # torch rules
        with tl.config(rules='jax', strict=True, x64=False):
            ...

    Options (None = keep the enclosing setting): ``rules`` (rule-set name),
    ``x64`` (jax_enable_x64), ``strict`` (jax_numpy_dtype_promotion='strict'),
    ``op`` (operation mode: what ``x + y`` computes in), ``precise`` (Ivy's
    precise mode), ``default_dtype`` (a floating dtype: torch's
    set_default_dtype). Overrides apply on top of the enclosing scope.

    The scope lives on the library's per-thread configuration stack
    (``tl_config_push``/``tl_config_pop``): other threads are unaffected, and the
    scope is popped on exit even when the block raises. The same object may be
    entered again (nested, recursively, or from several threads), and it also works
    as a decorator. Blocks must nest: do not keep a scope open across a
    ``yield``/``await`` that lets other code on the same thread run.
    """

    __slots__ = ("_options",)

    def __init__(self, *, rules: str | None = None, x64: bool | None = None,
                 strict: bool | None = None, op: bool | None = None,
                 precise: bool | None = None, default_dtype: Any = None) -> None:
        options = {"rules": rules, "x64": x64, "strict": strict, "op": op, "precise": precise,
                   "default_dtype": default_dtype}
        self._options = {k: v for k, v in options.items() if v is not None}
        _C._config_check(**self._options)  # fail here, not at __enter__

    def __enter__(self) -> "config":
        _C._config_push(**self._options)
        return self

    def __exit__(self, *exc: object) -> None:
        _C._config_pop()

    def __call__(self, func: _F) -> _F:
        """Use as a decorator: run ``func`` inside this scope."""

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self:
                return func(*args, **kwargs)

        return wrapper  # type: ignore[return-value]

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"config({inner})"


# ---- astype --------------------------------------------------------------------------

_np_dtype_cache: dict[dtype, Any] = {}
_np_lock = threading.Lock()


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - numpy is a test dependency
        raise ImportError("typelattice.astype needs numpy (pip install numpy ml_dtypes)") from e
    return numpy


def _to_numpy_dtype(d: dtype) -> Any:
    """The NumPy dtype that stores tl dtype ``d`` (an ml_dtypes one where NumPy has none)."""
    hit = _np_dtype_cache.get(d)
    if hit is not None:
        return hit
    np = _numpy()
    if d.weak:
        raise DTypeError(f"astype: the weak kind {str(d)} is not a storage dtype")
    name = str(d)
    res = None
    if name in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "float32", "float64", "complex64", "complex128"):
        res = np.dtype(name)
    else:
        try:
            import ml_dtypes
        except ImportError:
            ml_dtypes = None
        t = getattr(ml_dtypes, name, None) if ml_dtypes is not None else None
        if t is None:
            raise DTypeError(f"astype: NumPy has no dtype {name} and ml_dtypes "
                             f"{'does not provide it' if ml_dtypes is not None else 'is not installed'}")
        res = np.dtype(t)
    with _np_lock:
        _np_dtype_cache[d] = res
    return res


def astype(array: Any, dtype: Any, *, out: Any = None, saturate: bool = False,
           checked: bool = False) -> Any:
    """Convert ``array`` to ``dtype`` with the library's bit-exact kernels (``tl_convert``).

    ``array`` is a NumPy array (ml_dtypes dtypes included) or anything
    ``numpy.asarray`` takes (buffer-protocol objects without a copy). Returns a new
    NumPy array of the target dtype (an ml_dtypes dtype where NumPy has none;
    complex32 is ``ml_dtypes.complex32``), or ``out`` filled in place (same shape,
    dtype ``dtype``, writeable).

    The semantics are those of ``ndarray.astype`` / ml_dtypes (round to nearest even,
    integer wrap-around, NaN rules). ``saturate=True`` clamps float overflow to the
    largest finite value instead of inf/NaN. ``checked=True`` raises ValueError naming
    the first index (C order) and value that did not survive the conversion; ``out``
    is then left untouched.
    """
    np = _numpy()
    src = array if isinstance(array, np.ndarray) else np.asarray(array)
    from_ = _C.dtype(src.dtype)
    to = _C.dtype(dtype)
    to_np = _to_numpy_dtype(to)
    if not src.dtype.isnative:
        src = src.astype(src.dtype.newbyteorder("="))  # byte swap only
    if not src.flags.aligned:
        src = src.copy()
    flags = (_C.CONVERT_SATURATE if saturate else 0) | (_C.CONVERT_CHECKED if checked else 0)
    if out is not None:
        if not isinstance(out, np.ndarray):
            raise TypeError(f"astype: out must be a numpy.ndarray, not {type(out).__name__}")
        if out.dtype != to_np:
            raise ValueError(f"astype: out has dtype {out.dtype}, expected {to_np}")
        if out.shape != src.shape:
            raise ValueError(f"astype: out has shape {out.shape}, expected {src.shape}")
        if not out.flags.writeable:
            raise ValueError("astype: out is read-only")
        if checked or not out.flags.aligned:
            res = astype(src, to, saturate=saturate, checked=checked)
            np.copyto(out, res, casting="no")
            return out
        dst = out
    else:
        dst = np.empty(src.shape, dtype=to_np)
    fail = _C._convert(from_, to, src.__array_interface__["data"][0], src.strides,
                       dst.__array_interface__["data"][0], dst.strides, src.shape, flags)
    if fail is not None:
        flat, why = fail
        idx = tuple(int(i) for i in np.unravel_index(flat, src.shape)) if src.ndim else ()
        value = src[idx]
        shown = value.item() if hasattr(value, "item") else value
        raise ValueError(f"astype(checked=True): element {list(idx)} = {shown!r} ({str(from_)}) "
                         f"did not survive the conversion to {str(to)}: {why}")
    return dst
