"""Type stubs for typelattice._typelattice, the C core of the typelattice package."""

import builtins
from typing import Any, Literal, overload

__version__: str
CONVERT_SATURATE: int
CONVERT_CHECKED: int

_Casting = Literal["no", "equiv", "safe", "same_kind", "unsafe"]

class DTypeError(TypeError, ValueError):
    """An unknown, ambiguous or unsupported dtype (a TypeError and a ValueError)."""

class TypePromotionError(ValueError):
    """No implicit promotion for these inputs; the message is the framework's."""

class DTypePromotionError(TypePromotionError, TypeError):
    """NumPy's numpy.exceptions.DTypePromotionError (rules 'numpy'/'numpy1'): a TypeError as in NumPy,
    and a TypePromotionError; the message is NumPy's."""

class dtype:
    """A dtype of the typelattice catalogue, named by its canonical name (str(d), d == name).

    Equal to, and hashed as, the NumPy dtype of the same type (np.dtype('float16'),
    np.float16, ml_dtypes.bfloat16); NumPy accepts it as a dtype.

    Built from any dtype-like: a name in any spelling tl_dtype_parse accepts, a NumPy
    dtype or scalar type, an ml_dtypes type, a torch/TensorFlow dtype, an object with
    a ``.dtype``, or Python's bool/int/float/complex (-> bool, int*, float*, complex*).
    Instances are singletons.
    """

    def __new__(cls, x: Any) -> dtype: ...
    @property
    def kind(self) -> Literal["b", "i", "u", "f", "c"]:
        """NumPy kind letter (weak kinds report their kind)."""
    @property
    def bits(self) -> int:
        """Bit width as JAX's itemsize_bits (bool 8, int4 4; weak kinds 0)."""
    @property
    def itemsize(self) -> int:
        """Storage bytes per element (weak kinds 0)."""
    @property
    def weak(self) -> bool:
        """True for the weak kinds int*, float*, complex*."""
    @property
    def name(self) -> str:
        """The canonical name as a plain str."""
    @property
    def num(self) -> int:
        """The library's tl_dtype number."""
    @property
    def numpy(self) -> Any:
        """The equal numpy.dtype (ml_dtypes' where NumPy has none); DTypeError if none."""
    @property
    def __numpy_dtype__(self) -> Any: ...
    @property
    def dtype(self) -> Any:
        """self.numpy (what older NumPy reads in np.dtype(d))."""
    @property
    def type(self) -> type:
        """NumPy's scalar type (self.numpy.type)."""
    @property
    def char(self) -> str:
        """NumPy's type character (self.numpy.char)."""
    @property
    def str(self) -> str:
        """NumPy's typestring, e.g. '<f2' (self.numpy.str)."""
    @property
    def torch(self) -> Any:
        """The torch.dtype (imports torch); DTypeError when torch lacks it."""
    @property
    def jax(self) -> Any:
        """The dtype JAX uses (a numpy.dtype; imports jax); DTypeError when JAX lacks it."""
    def isdtype(self, kind: Any) -> bool:
        """Array API isdtype(self, kind): kind name, dtype, or a tuple of those."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __format__(self, spec: builtins.str) -> builtins.str: ...
    def __reduce__(self) -> tuple[type[dtype], tuple[str]]: ...

DTYPES: tuple[dtype, ...]

def promote_types(
    a: Any,
    b: Any,
    /,
    *,
    rules: str | None = None,
    x64: bool | None = None,
    strict: bool | None = None,
    op: bool | None = None,
    precise: bool | None = None,
    default_dtype: Any = None,
) -> dtype:
    """The framework's pairwise promote_types(a, b)."""

@overload
def result_type(
    *operands: Any,
    rules: str | None = None,
    return_weak_type_flag: Literal[False] = False,
    x64: bool | None = None,
    strict: bool | None = None,
    op: bool | None = None,
    precise: bool | None = None,
    default_dtype: Any = None,
) -> dtype: ...
@overload
def result_type(
    *operands: Any,
    rules: str | None = None,
    return_weak_type_flag: Literal[True],
    x64: bool | None = None,
    strict: bool | None = None,
    op: bool | None = None,
    precise: bool | None = None,
    default_dtype: Any = None,
) -> tuple[dtype, bool]: ...
def can_cast(
    from_: Any,
    to: Any,
    casting: _Casting = "safe",
    /,
    *,
    rules: str | None = None,
    x64: bool | None = None,
    strict: bool | None = None,
    precise: bool | None = None,
) -> bool:
    """The framework's can_cast(from_, to, casting)."""

def rules() -> list[tuple[str, str, str]]:
    """(name, description, checked_against) of every registered rule set."""

def rules_dtypes(name: str, /) -> list[dtype]:
    """The dtypes a rule set knows."""

def get_config() -> dict[str, Any]:
    """This thread's current settings."""

def convert_tier() -> str:
    """The SIMD tier of the conversion kernels ('scalar', 'avx2', 'avx512'; 'neon' on AArch64), or '' when not built in."""

def _finfo(d: Any, /) -> dict[str, Any]: ...
def _iinfo(d: Any, /) -> dict[str, Any]: ...
def _config_push(
    *,
    rules: str | None = ...,
    x64: bool | None = ...,
    strict: bool | None = ...,
    op: bool | None = ...,
    precise: bool | None = ...,
    default_dtype: Any = ...,
) -> None: ...
def _config_check(**options: Any) -> None: ...
def _config_pop() -> None: ...
def _convert(
    from_: Any,
    to: Any,
    src_addr: int,
    src_strides: tuple[int, ...],
    dst_addr: int,
    dst_strides: tuple[int, ...],
    shape: tuple[int, ...],
    flags: int,
    /,
) -> None | tuple[int, str]: ...

def astype(array: Any, dtype: Any, /, *, out: Any = None, saturate: bool = False,
           checked: bool = False) -> Any:
    """Convert array to dtype with the library's bit-exact kernels (a NumPy array, or out)."""

def _binary(op: str, x1: Any, x2: Any, out: Any, /, *, rules: str | None = None, x64: bool | None = None,
            strict: bool | None = None, precise: bool | None = None, default_dtype: Any = None) -> Any: ...
