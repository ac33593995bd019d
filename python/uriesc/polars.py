"""The column functions as Polars expressions, in the namespace ``uri``.

Importing this module registers the namespace (Polars itself is imported then, not with
``uriesc``):

>>> import polars as pl, uriesc.polars
>>> frame = pl.DataFrame({"url": ["http://www.Archive.org/goo/?b&a", None]})
>>> frame.with_columns(pl.col("url").uri.key(profile="surt").alias("key"))["key"].to_list()
['org,archive)/goo?a&b', None]
>>> frame.select(pl.col("url").uri.parse(["host"], whatwg=True)).unnest("url")["host"].to_list()
['www.archive.org', None]

Each method is the function of the same name (:mod:`uriesc`) on each batch of the column
(``Expr.map_batches``), with the same options, in lazy frames too. A record the command would
report is null, or raises with ``errors="raise"``; a second column of reports
(``errors="report"``) has no place in one expression: call the function on the column for it.
"""

import polars as pl

from . import _uriesc

__all__ = ["UriNamespace"]


@pl.api.register_expr_namespace("uri")
class UriNamespace:
    """``Expr.uri``: the column functions of :mod:`uriesc` on an expression's values."""

    def __init__(self, expr: pl.Expr):
        self._expr = expr

    def _map(self, function, return_dtype, *args, **options):
        if options.get("errors") == "report":
            raise ValueError(
                'errors="report" gives two columns, which one expression cannot: '
                f"call uriesc.{function.__name__} on the column for the reports"
            )
        return self._expr.map_batches(
            lambda values: pl.Series(function(values, *args, **options)),
            return_dtype=return_dtype,
        )

    def encode(self, **options) -> pl.Expr:
        """:func:`uriesc.encode`: strings."""
        return self._map(_uriesc.encode, pl.String, **options)

    def decode(self, **options) -> pl.Expr:
        """:func:`uriesc.decode`: strings, or binary values where one is not UTF-8."""
        return self._map(_uriesc.decode, None, **options)

    def check(self, **options) -> pl.Expr:
        """:func:`uriesc.check`: booleans."""
        return self._map(_uriesc.check, pl.Boolean, **options)

    def clean(self, **options) -> pl.Expr:
        """:func:`uriesc.clean`: strings."""
        return self._map(_uriesc.clean, pl.String, **options)

    def key(self, **options) -> pl.Expr:
        """:func:`uriesc.key`: strings."""
        return self._map(_uriesc.key, pl.String, **options)

    def parse(self, fields, **options) -> pl.Expr:
        """:func:`uriesc.parse`: a struct of ``fields``, each a string."""
        dtype = pl.Struct({field: pl.String for field in fields})
        return self._map(_uriesc.parse, dtype, fields, **options)

    def match(self, pattern, **options) -> pl.Expr:
        """:func:`uriesc.match`: booleans."""
        return self._map(_uriesc.match, pl.Boolean, pattern, **options)

    def extract(self, **options) -> pl.Expr:
        """:func:`uriesc.extract`: a list of strings."""
        return self._map(_uriesc.extract, pl.List(pl.String), **options)
