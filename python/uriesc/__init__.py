"""uriesc on whole columns: percent-encoding and URIs, to the letter of the standards.

Each function is one of the ``uriesc`` command's, run on every value of a column: an Arrow
array (pyarrow, a Polars Series, a DuckDB result's column, a pandas column on Arrow; anything
with ``__arrow_c_array__`` or ``__arrow_c_stream__``) or a list of ``str`` and ``bytes``. The
answer is an Arrow array (it has ``__arrow_c_array__``: ``pyarrow.array(answer)``,
``polars.Series(answer)``), the same as the command's output for the same lines, record for
record; a null stays null.

>>> import uriesc, pyarrow as pa
>>> pa.array(uriesc.encode(["a b/c", None], component="path")).to_pylist()
['a%20b/c', None]
>>> pa.array(uriesc.key(["http://www.Archive.org/goo/?b&a"], profile="surt")).to_pylist()
['org,archive)/goo?a&b']

A record the command would report is null (``errors="null"``, the default), or the answer is a
pair whose second column says why (``errors="report"``: a struct of ``rule``, ``column`` and
``message``), or it raises :class:`RecordError` (``errors="raise"``).

The options take the command's words: ``standard="3986"`` (``--rfc 3986``) or ``"whatwg"``
(``--whatwg``), ``component="path"`` (``-c path``), ``profile="surt"`` (``--profile surt``).
"""

from ._uriesc import (
    RecordError,
    __version__,
    check,
    clean,
    decode,
    encode,
    extract,
    key,
    match,
    parse,
)

__all__ = [
    "RecordError",
    "check",
    "clean",
    "decode",
    "encode",
    "extract",
    "key",
    "match",
    "parse",
]
