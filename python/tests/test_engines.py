"""The engines' own ways to run a function on a column, each giving what one run of the command
gives on the same lines, the other columns kept: Polars (`map_batches`), DuckDB (an Arrow
function, `create_function(..., type="arrow")`) and Spark (`mapInArrow`, PySpark in
`local[2]`).

A test whose engine is missing is skipped, saying why; on CI (CI=true), where .ci/run installs
them all, a missing one fails instead.
"""

import os
import shutil
import sys

import pyarrow as pa
import pytest
import uriesc


def engine(name):
    """The module `name`, or a skip (a failure on CI) that says it is missing."""
    try:
        return __import__(name)
    except ImportError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI is set, and it installs {name}: {error}")
        pytest.skip(f"{name} is not installed ({error}); CI installs it")


@pytest.fixture(scope="module")
def lines(records):
    """The records that are lines of text, as engines hold them: UTF-8, no NUL."""
    return [record.decode() for record in records if is_text(record)]


def is_text(record):
    try:
        record.decode()
    except UnicodeDecodeError:
        return False
    return "\0" not in record.decode()


@pytest.fixture(scope="module")
def surt(lines, command):
    """What `uriesc key --profile surt` gives each line: its key, or None where it reports."""
    run = command(["key", "--profile", "surt", "--report-format", "json"], [line.encode() for line in lines])
    return [None if row in run.reports else out.decode() for row, out in enumerate(run.outputs)]


def test_polars_map_batches(lines, surt):
    pl = engine("polars")
    frame = pl.DataFrame({"id": range(len(lines)), "url": lines})
    keyed = frame.with_columns(
        pl.col("url")
        .map_batches(lambda urls: pl.Series(uriesc.key(urls, profile="surt")), return_dtype=pl.String)
        .alias("key")
    )
    assert keyed.columns == ["id", "url", "key"]
    assert keyed["key"].to_list() == surt
    assert keyed["url"].to_list() == lines


def test_duckdb_arrow_function(lines, surt):
    duckdb = engine("duckdb")
    con = duckdb.connect()
    con.create_function(
        "uri_key",
        lambda urls: pa.array(uriesc.key(urls, profile="surt")),
        ["VARCHAR"],
        "VARCHAR",
        type="arrow",
        # A URL without a key is null: DuckDB is told the function may answer null.
        null_handling="special",
    )
    urls = pa.table({"id": list(range(len(lines))), "url": lines})  # noqa: F841
    rows = con.sql("select id, url, uri_key(url) as key from urls order by id").fetchall()
    assert [row[2] for row in rows] == surt
    assert [row[1] for row in rows] == lines


def test_spark_map_in_arrow(lines, surt):
    pyspark = engine("pyspark")
    if not shutil.which("java"):
        if os.environ.get("CI") == "true":
            pytest.fail("CI is set, and it installs Java (PySpark runs Spark in a JVM)")
        pytest.skip("no java on PATH (PySpark runs Spark in a JVM)")
    from pyspark.sql import SparkSession

    # The workers run this Python, which has the module.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("uriesc-mapInArrow")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    try:
        frame = spark.createDataFrame(list(enumerate(lines)), "id long, url string").repartition(4)

        def keyed(batches):
            for batch in batches:
                key = pa.array(uriesc.key(batch.column("url"), profile="surt"))
                yield batch.append_column("key", key)

        rows = frame.mapInArrow(keyed, "id long, url string, key string").orderBy("id").collect()
        assert [row.key for row in rows] == surt
        assert [row.url for row in rows] == lines
        assert pyspark.__version__
    finally:
        spark.stop()


def test_polars_expression_namespace(lines, surt):
    pl = engine("polars")
    import doctest

    import uriesc.polars

    frame = pl.DataFrame({"id": range(len(lines)), "url": lines})
    keyed = frame.lazy().with_columns(pl.col("url").uri.key(profile="surt").alias("key")).collect()
    assert keyed.columns == ["id", "url", "key"]
    assert keyed["key"].to_list() == surt
    hosts = frame.select(pl.col("url").uri.parse(["hostname"], whatwg=True)).unnest("url")
    assert hosts["hostname"].to_list() == pa.array(uriesc.parse(lines, ["hostname"], whatwg=True)).field("hostname").to_pylist()
    valid = frame.select(pl.col("url").uri.check(whatwg=True))["url"].to_list()
    assert valid == pa.array(uriesc.check(lines, whatwg=True)).to_pylist()
    with pytest.raises(ValueError, match="two columns"):
        pl.col("url").uri.key(profile="surt", errors="report")
    assert doctest.testmod(uriesc.polars).failed == 0
