"""What the host of each URL costs in Spark, DataFrame in and DataFrame out, each way on the
same lines and cores: the module's function in `mapInArrow` and as an Arrow UDF, Spark's own
`try_parse_url`, and the command through `RDD.pipe`; and how many hosts `try_parse_url` leaves
NULL or gets otherwise than the URL Standard's. Then the same for form-encoding: Spark's
`url_encode` against `uriesc.encode` in `mapInArrow`, and on how many rows they differ.

    python bench/spark-frame.py URIESC INPUT [CORES] [RUNS]

INPUT is a file of URLs, a line each, read into a DataFrame of one column (`url`) and cached,
so that every way starts from the same rows in memory. Each way writes to Spark's `noop` sink
(or counts, for an RDD), after one run to warm the JVM and the Python workers; a row is the
best of RUNS (default 5). Needs PySpark, Java, and the wheel in this Python (`pip install .`),
which the workers run too.
"""

import os
import shlex
import sys
import time

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

import pyarrow as pa  # noqa: E402
import uriesc  # noqa: E402
from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402
from pyspark.sql.types import StringType  # noqa: E402


def hosts(batches):
    """`mapInArrow`'s function: each batch with a column of its URLs' hosts (the URL
    Standard's, null where the parser refuses the URL)."""
    for batch in batches:
        parsed = pa.array(uriesc.parse(batch.column("url"), ["hostname"], whatwg=True))
        yield batch.append_column("host", parsed.field("hostname"))


@F.arrow_udf(StringType())
def host(urls: pa.Array) -> pa.Array:
    """An Arrow UDF (PySpark 4.1 on): a column of URLs in, their hosts out."""
    return pa.array(uriesc.parse(urls, ["hostname"], whatwg=True)).field("hostname")


def form_encoded(batches):
    """`mapInArrow`'s function: each batch with its URLs form-encoded (the URL Standard's
    application/x-www-form-urlencoded, as `url_encode` and Java's `URLEncoder` write it)."""
    for batch in batches:
        encoded = uriesc.encode(batch.column("url"), component="form", whatwg=True)
        yield batch.append_column("encoded", pa.array(encoded))


def unchanged(batches):
    """`mapInArrow`'s floor: the batches through the Python workers and back, a column
    copied."""
    for batch in batches:
        yield batch.append_column("host", batch.column("url"))


def main():
    binary, path = sys.argv[1], sys.argv[2]
    cores = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    spark = (
        SparkSession.builder.master(f"local[{cores}]")
        .appName("uriesc-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    frame = spark.read.text(path).withColumnRenamed("value", "url").cache()
    rows = frame.count()
    mb = os.path.getsize(path) / 1e6
    print(f"{rows} URLs, {mb:.0f} MB, Spark {spark.version}, local[{cores}]")

    def noop(df):
        df.write.format("noop").mode("overwrite").save()

    # The reports thrown away, as the command's status 1 (some record reported) is taken for
    # success: the JVM's pipe fails a task on any status but 0.
    script = f"{shlex.quote(binary)} parse --whatwg --get '{{hostname}}' 2>/dev/null; [ $? -le 1 ]"
    pipe = shlex.join(["sh", "-c", script])
    ways = [
        ("the cached rows, a column copied (Spark alone)", lambda: noop(frame.select("url", F.col("url").alias("host")))),
        ("mapInArrow, the batches unchanged", lambda: noop(frame.mapInArrow(unchanged, "url string, host string"))),
        ("mapInArrow, uriesc.parse hostname", lambda: noop(frame.mapInArrow(hosts, "url string, host string"))),
        ("arrow_udf, uriesc.parse hostname", lambda: noop(frame.select("url", host("url").alias("host")))),
        ("try_parse_url(url, 'HOST')", lambda: noop(frame.select("url", F.try_parse_url("url", F.lit("HOST")).alias("host")))),
        ("url_encode(url)", lambda: noop(frame.select("url", F.url_encode("url").alias("encoded")))),
        ("mapInArrow, uriesc.encode form", lambda: noop(frame.mapInArrow(form_encoded, "url string, encoded string"))),
        ("PySpark RDD.pipe of the DataFrame's URLs", lambda: frame.rdd.map(lambda row: row.url).pipe(pipe).count()),
        ("PySpark RDD.pipe of textFile's lines", lambda: spark.sparkContext.textFile(path).pipe(pipe).count()),
        ("the JVM's RDD.pipe of textFile's lines", lambda: spark.sparkContext.textFile(path)._jrdd.pipe(["sh", "-c", script]).count()),
    ]
    for name, way in ways:
        way()
        best = min(timed(way) for _ in range(runs))
        print(f"{name}: {best:.2f} s, {mb / best:.0f} MB/s")

    both = frame.mapInArrow(hosts, "url string, host string").withColumn(
        "spark", F.try_parse_url("url", F.lit("HOST"))
    )
    null = both.filter(F.col("spark").isNull()).count()
    ours = both.filter(F.col("host").isNull()).count()
    differ = both.filter(F.col("host").isNotNull() & F.col("spark").isNotNull() & (F.col("host") != F.col("spark"))).count()
    print(f"NULL hosts: try_parse_url {null}, the URL Standard (uriesc) {ours}; "
          f"both a host but not the same: {differ}")
    encoded = frame.mapInArrow(form_encoded, "url string, encoded string")
    unlike = encoded.filter(F.col("encoded") != F.url_encode("url")).count()
    print(f"url_encode and uriesc.encode(component='form', whatwg=True) differ on {unlike} rows")
    spark.stop()


def timed(way):
    start = time.monotonic()
    way()
    return time.monotonic() - start


if __name__ == "__main__":
    main()
