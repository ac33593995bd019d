"""Each column function of `import uriesc` against the command, on the same lines.

    python bench/python-module.py URIESC INPUT [PAIRS]

INPUT is a file of lines (URLs). The module is given them as one pyarrow `string` array made
beforehand, and the command reads them from the file on its stdin, its output to /dev/null.
Each job runs PAIRS times (default 7) as a pair, the module then the command, after one run of
each to warm the caches; a row is each side's median: the module's wall time for the call, and
the command's, from its start to its exit. "module / command" is the command's time over the
module's: above 1, the module is the faster. Needs the wheel in this Python (`pip install .`)
and pyarrow.
"""

import statistics
import subprocess
import sys
import time

import pyarrow as pa
import uriesc

# Each job: its name, the command's arguments, and the call of the module that gives the same
# answer.
JOBS = [
    ("encode -c path", ["encode", "-c", "path"], lambda a: uriesc.encode(a, component="path")),
    ("decode", ["decode"], uriesc.decode),
    ("check", ["check"], uriesc.check),
    ("check --whatwg", ["check", "--whatwg"], lambda a: uriesc.check(a, whatwg=True)),
    ("clean", ["clean"], uriesc.clean),
    ("key --profile surt", ["key", "--profile", "surt"], lambda a: uriesc.key(a, profile="surt")),
    ("key --profile whatwg", ["key", "--profile", "whatwg"], lambda a: uriesc.key(a, profile="whatwg")),
    (
        "parse --whatwg --get {hostname}",
        ["parse", "--whatwg", "--get", "{hostname}"],
        lambda a: uriesc.parse(a, ["hostname"], whatwg=True),
    ),
    (
        "match https://*.github.com/*",
        ["match", "https://*.github.com/*"],
        lambda a: uriesc.match(a, "https://*.github.com/*"),
    ),
    ("extract --from text", ["extract", "--from", "text"], uriesc.extract),
]


def main():
    binary, path = sys.argv[1], sys.argv[2]
    pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8", "replace").splitlines()
    column = pa.array(lines, pa.string())
    print(f"{len(lines)} lines, {column.nbytes / 1e6:.0f} MB, {pairs} pairs, medians")
    print("| job | command (s) | module (s) | module / command |")
    print("| --- | ---: | ---: | ---: |")
    for name, args, call in JOBS:
        module, command = [], []
        for turn in range(pairs + 1):
            start = time.perf_counter()
            answer = call(column)
            took = time.perf_counter() - start
            del answer
            spent = run(binary, args, path)
            if turn > 0:
                module.append(took)
                command.append(spent)
        m, c = statistics.median(module), statistics.median(command)
        print(f"| {name} | {c:.3f} | {m:.3f} | {c / m:.2f}× |", flush=True)


def run(binary, args, path):
    """The command's wall time on `path`, from its start to its exit."""
    with open(path, "rb") as f:
        start = time.perf_counter()
        subprocess.run([binary, *args], stdin=f, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        return time.perf_counter() - start


if __name__ == "__main__":
    main()
