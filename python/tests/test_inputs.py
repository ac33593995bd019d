"""What goes in and what comes out: every Arrow layout of strings and binary values, from
pyarrow, Polars, DuckDB and pandas, and a list; nulls kept; bytes that are not UTF-8; the three
ways a reported record is answered."""

import pyarrow as pa
import pytest
import uriesc

URLS = ["HTTP://Example.COM/a b", None, "http://[::1", "https://b\u00fccher.example/"]
KEYS = ["http://example.com/a%20b", None, None, "https://xn--bcher-kva.example/"]


def key(values, **options):
    return pa.array(uriesc.key(values, profile="whatwg", **options)).to_pylist()


@pytest.mark.parametrize(
    "kind", [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary()]
)
def test_every_layout_of_pyarrow(kind):
    values = [None if url is None else url.encode() for url in URLS]
    values = values if pa.types.is_binary(kind) or pa.types.is_large_binary(kind) else URLS
    assert key(pa.array(values, kind)) == KEYS


def test_chunks_and_slices():
    chunked = pa.chunked_array([URLS[:1], URLS[1:3], [], URLS[3:]])
    assert key(chunked) == KEYS
    assert key(pa.array(["x"] + URLS)[1:]) == KEYS


def test_dictionaries():
    assert key(pa.array(URLS).dictionary_encode()) == KEYS
    repeated = pa.array(URLS * 3, pa.large_string()).dictionary_encode()
    assert key(repeated) == KEYS * 3
    pl = pytest.importorskip("polars", reason="polars is not installed (CI installs it)")
    assert key(pl.Series(URLS, dtype=pl.Categorical)) == KEYS
    pd = pytest.importorskip("pandas", reason="pandas is not installed (CI installs it)")
    categories = pd.Series(URLS, dtype="category")
    # pandas 3 gives a Series through the PyCapsule interface; pandas 2 through pyarrow.
    if not hasattr(categories, "__arrow_c_stream__"):
        categories = pa.array(categories)
    assert key(categories) == KEYS


def test_a_list_of_str_and_bytes():
    assert key(URLS) == KEYS
    assert key(tuple(URLS)) == KEYS
    assert key([b"HTTP://Example.COM/a b", None]) == KEYS[:2]
    with pytest.raises(TypeError, match="list of str, bytes and None"):
        uriesc.key([1], profile="whatwg")
    with pytest.raises(TypeError, match="strings or binary"):
        uriesc.key(pa.array([1, 2]), profile="whatwg")


def test_a_column_of_nulls():
    assert key(pa.nulls(3)) == [None, None, None]
    assert key([]) == []


def test_bytes_that_are_not_utf8():
    values = pa.array([b"a\xffb", b"%FF", b"%C3%BC"], pa.binary())
    assert pa.array(uriesc.encode(values)).to_pylist() == ["a%FFb", "%25FF", "%25C3%25BC"]
    # Decoded bytes as they are, as the command writes them (binary values), or UTF-8 where
    # asked (null where they are not).
    strict = pa.array(uriesc.decode(values, utf8="strict")).to_pylist()
    assert strict == [None, None, "\u00fc"]
    raw = pa.array(uriesc.decode(values))
    assert raw.type == pa.binary() and raw.to_pylist() == [b"a\xffb", b"\xff", b"\xc3\xbc"]
    lossy = pa.array(uriesc.decode(values, utf8="lossy")).to_pylist()
    assert lossy == ["a\ufffdb", "\ufffd", "\u00fc"]


def test_polars_series_in_and_out():
    pl = pytest.importorskip("polars", reason="polars is not installed (CI installs it)")
    series = pl.Series("url", URLS)
    assert pl.Series(uriesc.key(series, profile="whatwg")).to_list() == KEYS
    assert pl.Series(uriesc.check(series)).to_list() == [False, None, False, False]


def test_duckdb_column_in_and_out():
    duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed (CI installs it)")
    urls = pa.table({"url": URLS})  # noqa: F841  (DuckDB reads it by its name)
    result = duckdb.sql("select url from urls")
    # `to_arrow_table` in DuckDB 1.4 and later, `arrow` before.
    table = result.to_arrow_table() if hasattr(result, "to_arrow_table") else result.arrow()
    column = table["url"]
    assert key(column) == KEYS
    answer = pa.table({"key": pa.array(uriesc.key(column, profile="whatwg"))})
    assert duckdb.sql("select key from answer").fetchall() == [(k,) for k in KEYS]


def test_pandas_on_arrow():
    pd = pytest.importorskip("pandas", reason="pandas is not installed (CI installs it)")
    series = pd.Series(URLS, dtype=pd.ArrowDtype(pa.string()))
    assert key(pa.array(series)) == KEYS
    if hasattr(series, "__arrow_c_stream__"):
        assert key(series) == KEYS


def test_errors_null_report_raise():
    assert key(URLS) == KEYS
    values, reports = uriesc.key(URLS, profile="whatwg", errors="report")
    assert pa.array(values).to_pylist() == KEYS
    reports = pa.array(reports).to_pylist()
    assert [report is None for report in reports] == [True, True, False, True]
    assert reports[2]["rule"] == "failure" and reports[2]["column"] == 8
    with pytest.raises(uriesc.RecordError) as raised:
        uriesc.key(URLS, profile="whatwg", errors="raise")
    error = raised.value
    assert (error.row, error.rule, error.column) == (2, "failure", 8)
    assert "row 2" in str(error) and isinstance(error, ValueError)
    with pytest.raises(ValueError, match="errors="):
        uriesc.key(URLS, profile="whatwg", errors="ignore")
    # Every function takes errors=, those that report nothing too.
    for function in (uriesc.encode, uriesc.extract):
        values, reports = function(URLS, errors="report")
        assert pa.array(reports).to_pylist() == [None] * len(URLS)


def test_options_take_the_commands_words():
    with pytest.raises(ValueError, match='"3986"'):
        uriesc.encode(["a"], standard="rfc3986")
    with pytest.raises(ValueError, match='"surt"'):
        uriesc.key(["a"], profile="SURT")
    with pytest.raises(ValueError, match="RFC 1738"):
        uriesc.check(["a"], standard="1738", component="fragment")
    with pytest.raises(ValueError):
        uriesc.match(["a"], "http://[")
    assert pa.array(uriesc.check(["http://a.com/"], whatwg=True)).to_pylist() == [True]


def test_the_answer_is_an_arrow_array():
    answer = uriesc.encode(["a b"])
    assert hasattr(answer, "__arrow_c_array__") and len(answer) == 1
    assert pa.array(answer).type == pa.string()
    assert pa.array(uriesc.check(["a:"])).type == pa.bool_()
    parsed = pa.array(uriesc.parse(["http://h/"], ["host", "port"]))
    assert parsed.type == pa.struct([("host", pa.string()), ("port", pa.string())])
    assert pa.array(uriesc.extract(["http://h/"])).type == pa.list_(pa.string())


def test_docstring_examples():
    import doctest

    for name in uriesc.__all__:
        function = getattr(uriesc, name)
        if not callable(function) or not function.__doc__ or name == "RecordError":
            continue
        test = doctest.DocTestParser().get_doctest(function.__doc__, {}, name, None, 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.summarize(verbose=False).failed == 0, name
        assert test.examples, f"{name} has no example"
