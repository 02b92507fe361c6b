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

Functions: dtype, promote_types, result_type, can_cast, isdtype, finfo, iinfo,
rules, rules_dtypes, astype, config, get_config; promoted binary operations on
NumPy arrays: add, subtract, multiply, divide, maximum, minimum, equal, less. Exceptions: TypePromotionError
(a ValueError), DTypePromotionError (NumPy's: a TypePromotionError and a TypeError), DTypeError (a
TypeError and a ValueError); OverflowError,
TypeError, RuntimeError and NotImplementedError where the framework raises them.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

from . import _typelattice as _C
from ._typelattice import (
    DTYPES,
    DTypeError,
    DTypePromotionError,
    TypePromotionError,
    astype,
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
    "DTypePromotionError",
    "TypePromotionError",
    "add",
    "astype",
    "divide",
    "equal",
    "isdtype",
    "less",
    "maximum",
    "minimum",
    "multiply",
    "subtract",
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
    ``maxexp``, ``minexp``, ``precision``, ``machep`` (``eps == 2**machep``),
    ``negep`` (``epsneg == 2**negep``). Values are Python floats/ints; for
    complex dtypes they are those of the component, and ``dtype`` is the
    component's float dtype (``finfo('complex64').dtype`` is float32; complex32
    gives float16, bcomplex32 bfloat16), as in NumPy, JAX, PyTorch and the Array API.
    A Python type, its name or a value reads as NumPy's dtype for it (``finfo(float)``,
    ``finfo(1.0)``: float64; ``finfo(complex)``: complex128's). ``resolution`` is
    NumPy's and ml_dtypes' (10**-precision in the dtype); torch.finfo gives it
    as a double (float16: 0.001, not 0.0010004) and 1.0 for the float8 types.
    """

    __slots__ = (
        "dtype", "bits", "eps", "epsneg", "max", "min", "smallest_normal",
        "smallest_subnormal", "resolution", "nexp", "nmant", "maxexp", "minexp", "precision",
        "machep", "negep",
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
    machep: int
    negep: int

    def __new__(cls, dtype_like: Any) -> "finfo":
        return _finfo_cached(_info_dtype(dtype_like))

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


def _info_dtype(dtype_like: Any) -> dtype:
    """finfo/iinfo of a Python type, its name or a value (a weak kind): NumPy's dtype for it,
    from the numpy rule set (np.finfo(float), np.iinfo(3), jnp.finfo(float): float64, int64,
    complex128)."""
    d = _C.dtype(dtype_like)
    return _C.result_type(d, rules="numpy") if d.weak else d


@functools.lru_cache(maxsize=None)
def _finfo_cached(d: dtype) -> finfo:
    obj = object.__new__(finfo)
    for k, v in _C._finfo(d).items():
        object.__setattr__(obj, k, v)
    return obj


class iinfo:
    """Limits of an integer dtype, as ``numpy.iinfo`` / ``ml_dtypes.iinfo``
    (``tl_iinfo_get``): ``dtype``, ``bits``, ``min``, ``max``, ``kind``. A Python int,
    ``int`` or ``'int'`` reads as int64 (``np.iinfo(int)``)."""

    __slots__ = ("dtype", "bits", "min", "max")
    dtype: dtype
    bits: int
    min: int
    max: int

    def __new__(cls, dtype_like: Any) -> "iinfo":
        return _iinfo_cached(_info_dtype(dtype_like))

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
# tl.astype is the C function _typelattice.astype (buffer protocol, cached dtype
# look-ups); these two helpers are its slow paths (inputs that are not aligned
# native-order ndarrays, and the message of a checked failure).


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as e:  # pragma: no cover - numpy is a test dependency
        raise ImportError("typelattice.astype needs numpy (pip install numpy ml_dtypes)") from e
    return numpy


def _astype_source(array: Any) -> Any:
    """An aligned, native-byte-order numpy.ndarray with array's values."""
    np = _numpy()
    src = np.asarray(array)
    if type(src) is not np.ndarray:
        src = src.view(np.ndarray)
    if not src.dtype.isnative:
        src = src.astype(src.dtype.newbyteorder("="))  # byte swap only
    if not src.flags.aligned:
        src = src.copy()
    return src


def _astype_checked_error(src: Any, flat: int, from_: dtype, to: dtype, why: str) -> None:
    np = _numpy()
    idx = tuple(int(i) for i in np.unravel_index(flat, src.shape)) if src.ndim else ()
    value = src[idx]
    shown = value.item() if hasattr(value, "item") else value
    raise ValueError(f"astype(checked=True): element {list(idx)} = {shown!r} ({str(from_)}) "
                     f"did not survive the conversion to {str(to)}: {why}")


def isdtype(dtype_: Any, kind: Any) -> bool:
    """Array API ``isdtype(dtype, kind)``: kind is a kind name ('bool', 'signed
    integer', 'unsigned integer', 'integral', 'real floating', 'complex floating',
    'numeric'), a dtype, or a tuple of those (true when any matches)."""
    return _C.dtype(dtype_).isdtype(kind)


# ---- promoted binary operations on NumPy arrays -------------------------------------------


def _binary_operand(x: Any) -> Any:
    if type(x) in (bool, int, float, complex):
        return x
    np = _numpy()
    if type(x) is np.ndarray:
        return x
    return _astype_source(x)


def _make_binary(name: str, what: str) -> Callable[..., Any]:
    def op(x1: Any, x2: Any, /, *, out: Any = None, rules: str | None = None, **options: Any) -> Any:
        return _C._binary(name, _binary_operand(x1), _binary_operand(x2), out, rules=rules, **options)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = (
        f"{name}(x1, x2, /, *, out=None, rules=None, **options): {what}, elementwise, with the\n"
        "rule set's promotion (tl_binary_inputs): the result dtype is what the framework\n"
        "computes ``x1 <op> x2`` in (JAX weak types, NumPy 2 NEP 50, ...; rules=None: the\n"
        "enclosing tl.config's rule set, else 'jax'), a Python scalar taken as the framework\n"
        "takes it (docs/arrays.md), NumPy broadcasting, the library's kernels.\n"
        "x1, x2: NumPy arrays (ml_dtypes dtypes included), Python scalars (bool, int,\n"
        "float, complex: weak under JAX), or anything numpy.asarray takes. Returns a new\n"
        "NumPy array (0-d for 0-d inputs), or out (broadcast shape, result dtype; it may\n"
        "overlap the inputs). options: x64, strict, precise, default_dtype (bools / a dtype).")
    return op


add = _make_binary("add", "x1 + x2")
subtract = _make_binary("subtract", "x1 - x2")
multiply = _make_binary("multiply", "x1 * x2")
divide = _make_binary("divide", "true division x1 / x2")
maximum = _make_binary("maximum", "maximum(x1, x2), NaN propagating")
minimum = _make_binary("minimum", "minimum(x1, x2), NaN propagating")
equal = _make_binary("equal", "x1 == x2 (bool result)")
less = _make_binary("less", "x1 < x2 (bool result)")
