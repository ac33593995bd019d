"""What Spark's RDD.pipe costs against one uriesc process, on the same input and cores.

    python bench/spark-pipe.py URIESC INPUT [CORES] [ARGS...]

Times, on one machine, `uriesc ARGS < INPUT > /dev/null` (one process), then Spark in
local[CORES] (default 2) reading INPUT with `textFile`, piping each partition through
`uriesc ARGS` and writing the result with `saveAsTextFile` (default ARGS: clean --whatwg). Prints
each wall time and MB/s: Spark's through PySpark's `RDD.pipe` (each line through a Python
worker) and through the JVM's own (Scala's and Java's), and how long its JVM took to start. Needs PySpark
(`pip install pyspark`) and Java.
"""

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time


def main():
    uriesc, path = sys.argv[1], sys.argv[2]
    cores = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    args = sys.argv[4:] or ["clean", "--whatwg"]
    mb = os.path.getsize(path) / 1e6

    start = time.monotonic()
    with open(path, "rb") as f:
        subprocess.run([uriesc, *args], stdin=f, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
    one = time.monotonic() - start
    print(f"one process: {one:.2f} s, {mb / one:.0f} MB/s")

    begin = time.monotonic()
    from pyspark import SparkConf, SparkContext
    conf = SparkConf().setMaster(f"local[{cores}]").setAppName("uriesc-bench")
    conf.set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    ready = time.monotonic()
    out = tempfile.mkdtemp()
    try:
        # The reports on stderr thrown away, as the one process's are; status 1 (some record
        # invalid, as grep's 1) taken for success, since the JVM's pipe fails a task on any
        # status but 0. A list, as the JVM's pipe splits a string at spaces, quotes or not.
        script = " ".join(shlex.quote(a) for a in [uriesc, *args]) + ' 2>/dev/null; [ "$?" -le 1 ]'
        command = ["sh", "-c", script]
        lines = sc.textFile(path, minPartitions=4 * cores)
        start = time.monotonic()
        lines.pipe(shlex.join(command)).saveAsTextFile(os.path.join(out, "python"))
        python = time.monotonic() - start
        # The same pipe on the JVM's side alone (Scala's and Java's RDD.pipe), with no Python
        # worker between Spark and uriesc: PySpark's `_jrdd` of `textFile` is the JVM's RDD of
        # lines.
        start = time.monotonic()
        lines._jrdd.pipe(command).saveAsTextFile(os.path.join(out, "jvm"))
        jvm = time.monotonic() - start
    finally:
        sc.stop()
        shutil.rmtree(out, ignore_errors=True)
    print(f"Spark local[{cores}], {4 * cores} partitions ({ready - begin:.1f} s to start the JVM "
          f"and context): PySpark's RDD.pipe {python:.2f} s ({mb / python:.0f} MB/s), "
          f"the JVM's RDD.pipe {jvm:.2f} s ({mb / jvm:.0f} MB/s)")
    print(f"ratio to one process: PySpark's {python / one:.1f}, the JVM's {jvm / one:.1f}")


if __name__ == "__main__":
    main()
