"""Types of the extension module: the column functions and RecordError."""

from typing import Literal, Protocol, Sequence, Tuple, Union, overload

__version__: str

class ArrowArrayExportable(Protocol):
    """An Arrow array through the Arrow PyCapsule interface (pyarrow, Polars, arro3, ...)."""

    def __arrow_c_array__(self, requested_schema: object = None) -> Tuple[object, object]: ...

class ArrowStreamExportable(Protocol):
    """A chunked Arrow array or stream (a pyarrow ChunkedArray, a Polars Series, ...)."""

    def __arrow_c_stream__(self, requested_schema: object = None) -> object: ...

class Array:
    """The answer: an Arrow array (pyo3-arrow's), taken by ``pyarrow.array``, ``polars.Series``
    and anything else that reads ``__arrow_c_array__``."""

    def __arrow_c_array__(self, requested_schema: object = None) -> Tuple[object, object]: ...
    def __arrow_c_schema__(self) -> object: ...
    def __len__(self) -> int: ...

Values = Union[
    ArrowArrayExportable, ArrowStreamExportable, Sequence[Union[str, bytes, None]]
]
"""A column of strings or binary values, or a list of ``str``, ``bytes`` and ``None``."""

Standard = Literal["3986", "2396", "1738", "3987", "whatwg"]
Context = Literal[
    "any", "userinfo", "host", "path", "segment", "query", "param", "form", "fragment"
]
Target = Literal[
    "uri", "reference", "scheme", "userinfo", "host", "port", "path", "segment", "query",
    "fragment",
]
Profile = Literal["whatwg", "rfc3986", "signature", "safebrowsing", "surt", "ssurt"]
Utf8 = Literal["raw", "strict", "lossy"]
Reader = Literal["text", "markdown", "html"]
Errors = Literal["null", "report", "raise"]

class RecordError(ValueError):
    """A record the command would report, raised with ``errors="raise"``."""

    row: int
    rule: str
    column: int

@overload
def encode(
    values: Values,
    *,
    component: Context = "any",
    standard: Standard = "3986",
    whatwg: bool = False,
    plus: bool = False,
    lower: bool = False,
    keep: str = "",
    also: str = "",
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def encode(
    values: Values,
    *,
    component: Context = "any",
    standard: Standard = "3986",
    whatwg: bool = False,
    plus: bool = False,
    lower: bool = False,
    keep: str = "",
    also: str = "",
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def decode(
    values: Values,
    *,
    component: Context = "any",
    plus: bool = False,
    strict: bool = False,
    utf8: Utf8 = "raw",
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def decode(
    values: Values,
    *,
    component: Context = "any",
    plus: bool = False,
    strict: bool = False,
    utf8: Utf8 = "raw",
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def check(
    values: Values,
    *,
    standard: Standard = "3986",
    whatwg: bool = False,
    component: Target = "uri",
    base: Union[str, None] = None,
    confusion: bool = False,
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def check(
    values: Values,
    *,
    standard: Standard = "3986",
    whatwg: bool = False,
    component: Target = "uri",
    base: Union[str, None] = None,
    confusion: bool = False,
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def clean(
    values: Values,
    *,
    standard: Standard = "3986",
    whatwg: bool = False,
    component: Literal["uri", "reference"] = "uri",
    basic: bool = False,
    normalize: bool = False,
    idna: bool = False,
    base: Union[str, None] = None,
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def clean(
    values: Values,
    *,
    standard: Standard = "3986",
    whatwg: bool = False,
    component: Literal["uri", "reference"] = "uri",
    basic: bool = False,
    normalize: bool = False,
    idna: bool = False,
    base: Union[str, None] = None,
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def key(
    values: Values,
    *,
    profile: Profile,
    no_fragment: bool = False,
    expressions: bool = False,
    hash: bool = False,
    with_scheme: bool = False,
    trailing_comma: bool = False,
    keep_www: bool = False,
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def key(
    values: Values,
    *,
    profile: Profile,
    no_fragment: bool = False,
    expressions: bool = False,
    hash: bool = False,
    with_scheme: bool = False,
    trailing_comma: bool = False,
    keep_www: bool = False,
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def parse(
    values: Values,
    fields: Sequence[str],
    *,
    standard: Standard = "3986",
    whatwg: bool = False,
    base: Union[str, None] = None,
    plus: bool = False,
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def parse(
    values: Values,
    fields: Sequence[str],
    *,
    standard: Standard = "3986",
    whatwg: bool = False,
    base: Union[str, None] = None,
    plus: bool = False,
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def match(
    values: Values,
    pattern: Union[str, Sequence[str]],
    *,
    ignore_case: bool = False,
    pattern_base: Union[str, None] = None,
    base: Union[str, None] = None,
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def match(
    values: Values,
    pattern: Union[str, Sequence[str]],
    *,
    ignore_case: bool = False,
    pattern_base: Union[str, None] = None,
    base: Union[str, None] = None,
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
@overload
def extract(
    values: Values,
    *,
    reader: Reader = "text",
    include_code: bool = False,
    emails: bool = False,
    schemeless: bool = False,
    absolute: bool = False,
    errors: Literal["null", "raise"] = "null",
) -> Array: ...
@overload
def extract(
    values: Values,
    *,
    reader: Reader = "text",
    include_code: bool = False,
    emails: bool = False,
    schemeless: bool = False,
    absolute: bool = False,
    errors: Literal["report"],
) -> Tuple[Array, Array]: ...
