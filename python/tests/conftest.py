"""What the module's tests share: the `uriesc` command to hold each function to (the one the
wheel installed beside the interpreter, or $URIESC), the records both are given, and a run of
the command on them with its reports read back.

The records are real URLs (tests/data/urls-permissive-slice.txt) and the cases a column holds
that a list of lines rarely shows: bytes that are not UTF-8, an empty value, spaces, controls,
a `%` that begins no escape.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

EDGES = [
    b"",
    b" ",
    b"http://example.com/a b",
    b"http://\xff.example/\xfe",
    b"http://example.com/%zz%4",
    b"%E4%B8%AD%E6%96%87",
    b"%FF%FE",
    b"a+b=c&d=%20",
    b"HTTP://www.Example.COM:80/a/./b/../c?b=2&a=1#frag",
    b"http://[::1",
    b"https://user:pass@xn--bcher-kva.example:8443/p?q#f",
    b"http://b\xc3\xbccher.example/\xe2\x82\xac",
    b"mailto:someone@example.com",
    b"/relative/path?x=1",
    b"http://a.com/\ttab",
    b"javascript:alert(1)",
]


def command_path():
    """The `uriesc` to compare with: $URIESC, else the one beside this Python (the wheel's),
    else the one on PATH."""
    if os.environ.get("URIESC"):
        return os.environ["URIESC"]
    beside = Path(sys.executable).parent / "uriesc"
    if beside.exists():
        return str(beside)
    found = shutil.which("uriesc")
    if not found:
        pytest.exit("no uriesc command: install the wheel, or set URIESC", returncode=2)
    return found


@pytest.fixture(scope="session")
def records():
    """The records every function is held to the command on."""
    corpus = (ROOT / "tests" / "data" / "urls-permissive-slice.txt").read_bytes()
    return corpus.splitlines() + EDGES


class Run:
    """One run of the command on records, NUL-framed (`-z`) so that any byte but NUL is a
    record's: its output records and its reports (JSON), each by its row (from 0)."""

    def __init__(self, args, records, reports_on="stderr"):
        data = b"".join(record + b"\0" for record in records)
        done = subprocess.run(
            [command_path(), *args, "-z"], input=data, capture_output=True, check=False
        )
        assert done.returncode in (0, 1), done.stderr.decode(errors="replace")
        self.outputs = done.stdout.split(b"\0")[:-1] if reports_on == "stderr" else []
        text = done.stdout if reports_on == "stdout" else done.stderr
        self.reports = {}
        for line in text.decode().splitlines():
            report = json.loads(line)
            self.reports.setdefault(report["line"] - 1, report)


@pytest.fixture(scope="session")
def command():
    """Runs the command: `command(args, records, reports_on="stderr")`."""
    return Run


def held_to(answer, reports, run, rows):
    """Asserts that a column function's `answer` (a list) and its `reports` (a list of
    dicts) say what the command's `run` says of `rows` records: a value where the command
    has no report, the same bytes; null where it reports, with the same rule and column."""
    for row in range(rows):
        report = run.reports.get(row)
        if report is None:
            assert reports[row] is None, (row, reports[row])
            if run.outputs:
                value = answer[row]
                value = value.encode() if isinstance(value, str) else value
                assert value == run.outputs[row], (row, value, run.outputs[row])
        else:
            assert answer[row] in (None, False), (row, answer[row], report)
            got = reports[row]
            assert got is not None, (row, report)
            assert (got["rule"], got["column"]) == (report["rule"], report["column"]), row
