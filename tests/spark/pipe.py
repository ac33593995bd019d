"""uriesc under Spark, as docs/production.md shows it: each partition of a text file piped
through one uriesc process (`RDD.pipe`), the partitions' outputs concatenated in order.

    python pipe.py URIESC INPUT [PARTITIONS]

Runs PySpark in local[2] (two worker threads, one JVM) and checks, printing one line per check:

1. `rdd.pipe("uriesc clean --whatwg")`, collected in partition order, is byte for byte what one
   `uriesc clean --whatwg` writes for the whole INPUT, through PySpark's pipe and through the
   JVM's (Scala's and Java's, which fails a task on status 1 unless `--exit-zero` makes it 0);
2. `check --format json` run on each partition with `--line-offset` set to the number of lines
   before the partition (`pipe_with_line_offset` below) reports each invalid record at the line
   where it is in the whole INPUT: the same reports as one run;
3. `key --profile whatwg --with-key`, then `reduceByKey` keeping each key's first record, keeps
   the records one `key --unique` keeps, in the same order.

Exits 0 when all hold, 1 (with what differs) when one does not. INPUT is UTF-8 text, one URL a
line, `\n` line ends, as Spark's `textFile` reads lines.
"""

import json
import subprocess
import sys

from pyspark import SparkConf, SparkContext


def pipe_with_line_offset(rdd, command):
    """`rdd.pipe(command)`, each partition's process given `--line-offset N`, N the number of
    lines in the partitions before it: the pipe of a command whose reports say where in the
    whole input a line is (as GNU parallel's `{= ... =}` gives each block its offset)."""
    sizes = rdd.mapPartitionsWithIndex(lambda i, lines: [(i, sum(1 for _ in lines))]).collect()
    offsets, before = {}, 0
    for index, size in sorted(sizes):
        offsets[index] = before
        before += size
    offsets = rdd.context.broadcast(offsets)

    def run(index, lines):
        # What RDD.pipe does for a partition, with the offset added to the command.
        argv = command + ["--line-offset", str(offsets.value[index])]
        data = "".join(line + "\n" for line in lines).encode()
        out = subprocess.run(argv, input=data, stdout=subprocess.PIPE, check=False).stdout
        return out.decode().splitlines()

    return rdd.mapPartitionsWithIndex(run)


def main():
    uriesc, path = sys.argv[1], sys.argv[2]
    partitions = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    conf = SparkConf().setMaster("local[2]").setAppName("uriesc-pipe")
    conf.set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    failed = False
    try:
        lines = sc.textFile(path, minPartitions=partitions)
        print(f"partitions: {lines.getNumPartitions()}")
        with open(path, "rb") as f:
            data = f.read()

        # 1. clean --whatwg through RDD.pipe, partitions in order.
        piped = lines.pipe(f"{uriesc} clean --whatwg").collect()
        spark_bytes = "".join(line + "\n" for line in piped).encode()
        one = subprocess.run([uriesc, "clean", "--whatwg"], input=data,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
        same = spark_bytes == one.stdout
        print(f"clean --whatwg: {len(piped)} lines, {len(spark_bytes)} bytes, "
              f"{'identical to' if same else 'DIFFERENT from'} one run")
        failed |= not same

        # 1b. The same through the JVM's own pipe (Scala's and Java's RDD.pipe), which fails a
        # task on any status but 0: `--exit-zero` says 0 where some record was invalid (1), as
        # docs/production.md shows; without it the job fails at the first such partition.
        jvm = list(lines._jrdd.pipe([uriesc, "clean", "--whatwg", "--exit-zero"]).collect())
        same = jvm == piped
        print(f"clean --whatwg --exit-zero through the JVM's pipe: {len(jvm)} lines, "
              f"{'identical to' if same else 'DIFFERENT from'} PySpark's")
        failed |= not same
        try:
            lines._jrdd.pipe([uriesc, "clean", "--whatwg"]).collect()
            print("clean --whatwg through the JVM's pipe, without --exit-zero: the job did NOT "
                  "fail, yet some record is invalid (status 1)")
            failed = True
        except Exception:  # py4j's Py4JJavaError: the task's "exited with 1"
            print("clean --whatwg through the JVM's pipe, without --exit-zero: the job fails "
                  "(status 1), as the JVM's pipe takes it")

        # 2. check --format json with each partition's line offset.
        reports = pipe_with_line_offset(lines, [uriesc, "check", "--format", "json"]).collect()
        one = subprocess.run([uriesc, "check", "--format", "json"], input=data,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
        expected = one.stdout.decode().splitlines()
        lines_of = lambda rs: [json.loads(r)["line"] for r in rs]
        same = reports == expected
        print(f"check --format json: {len(reports)} reports, lines "
              f"{lines_of(reports)[:3]}..., {'the same as' if same else 'NOT the same as'} one run")
        if not same:
            for got, want in zip(reports, expected):
                if got != want:
                    print(f"  first difference: {got!r} where one run gives {want!r}")
                    break
        failed |= not same or not reports

        # 3. key --with-key, then reduceByKey keeping each key's first record (by its place in
        # the input), against one `key --unique`: the same records, in the same order.
        keyed = lines.pipe(f"{uriesc} key --profile whatwg --with-key").zipWithIndex()
        pairs = keyed.map(lambda kv: (kv[0].split("\t", 1), kv[1]))
        firsts = (pairs.filter(lambda p: p[0][0] != "")  # no key: a record that does not parse
                  .map(lambda p: (p[0][0], (p[1], p[0][1])))
                  .reduceByKey(min)
                  .values()
                  .sortByKey()
                  .values()
                  .collect())
        one = subprocess.run([uriesc, "key", "--profile", "whatwg", "--unique"], input=data,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False)
        unique = one.stdout.decode().splitlines()
        same = firsts == unique
        print(f"key --with-key, reduceByKey: {len(firsts)} records, "
              f"{'the same as' if same else 'NOT the same as'} key --unique")
        failed |= not same or len(unique) >= lines.count()
    finally:
        sc.stop()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
