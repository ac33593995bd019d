"""Each column function against the command on the same records: the same answer, record for
record, and the same reports (rule and column) for the records it reports."""

import pyarrow as pa
import pytest
import uriesc
from conftest import held_to


def column(records):
    return pa.array(records, pa.binary())


def answered(function, records, **options):
    values, reports = function(column(records), errors="report", **options)
    return pa.array(values).to_pylist(), pa.array(reports).to_pylist()


@pytest.mark.parametrize("component", ["any", "path", "segment", "query", "param", "form"])
@pytest.mark.parametrize("standard", ["3986", "whatwg", "3987"])
def test_encode(records, command, component, standard):
    rule = ["--whatwg"] if standard == "whatwg" else ["--rfc", standard]
    run = command(["encode", "-c", component, *rule], records)
    answer = pa.array(uriesc.encode(column(records), component=component, standard=standard))
    assert answer.to_pylist() == [output.decode() for output in run.outputs]


@pytest.mark.parametrize(
    "options, flags",
    [
        ({}, []),
        ({"utf8": "strict"}, ["--utf8", "strict"]),
        ({"strict": True, "utf8": "lossy"}, ["--strict", "--utf8", "lossy"]),
        ({"component": "form", "utf8": "raw"}, ["-c", "form"]),
    ],
)
def test_decode(records, command, options, flags):
    run = command(["decode", "--report-format", "json", *flags], records)
    answer, reports = answered(uriesc.decode, records, **options)
    held_to(answer, reports, run, len(records))


@pytest.mark.parametrize("flags", [[], ["--whatwg"], ["--rfc", "3987"], ["-c", "reference"]])
def test_check(records, command, flags):
    run = command(["check", "--format", "json", *flags], records, reports_on="stdout")
    standard = {"--whatwg": "whatwg", "3987": "3987"}
    options = {"standard": next((standard[f] for f in flags if f in standard), "3986")}
    if "reference" in flags:
        options["component"] = "reference"
    answer, reports = answered(uriesc.check, records, **options)
    held_to(answer, reports, run, len(records))
    assert [row for row, valid in enumerate(answer) if not valid] == sorted(run.reports)


@pytest.mark.parametrize(
    "options, flags",
    [
        ({"confusion": True}, ["--confusion"]),
        ({"whatwg": True, "base": "http://example.com/a/b"}, ["--whatwg", "--base", "http://example.com/a/b"]),
        ({"whatwg": True, "base": "mailto:x"}, ["--whatwg", "--base", "mailto:x"]),
    ],
)
def test_check_confusion_and_base(records, command, options, flags):
    run = command(["check", "--format", "json", "--invalid", *flags], records, reports_on="stderr")
    answer, reports = answered(uriesc.check, records, **options)
    run.outputs = []
    held_to(answer, reports, run, len(records))
    # --invalid prints the records read differently (or invalid): the module's False.
    invalid = command(["check", "--format", "json", "--invalid", *flags], records).outputs
    assert [records[row] for row, valid in enumerate(answer) if valid is False] == invalid
    if "--confusion" in flags:
        # Refused by the URL Standard's parser: neither, counted apart; null here.
        alike = command(["check", "--format", "json", "--valid", *flags], records).outputs
        assert [records[row] for row, valid in enumerate(answer) if valid] == alike
        assert None in answer


@pytest.mark.parametrize(
    "options, flags",
    [({}, []), ({"standard": "whatwg"}, ["--whatwg"]), ({"normalize": True}, ["--normalize"])],
)
def test_clean(records, command, options, flags):
    run = command(["clean", "--report-format", "json", *flags], records)
    answer, reports = answered(uriesc.clean, records, **options)
    held_to(answer, reports, run, len(records))


@pytest.mark.parametrize(
    "profile", ["whatwg", "rfc3986", "signature", "safebrowsing", "surt", "ssurt"]
)
def test_key(records, command, profile):
    run = command(["key", "--profile", profile, "--report-format", "json"], records)
    answer, reports = answered(uriesc.key, records, profile=profile)
    held_to(answer, reports, run, len(records))


@pytest.mark.parametrize("standard", ["3986", "whatwg"])
def test_parse(records, command, standard):
    fields = ["scheme", "host", "port", "path", "query:id", "segment:-1|decoded", "registrable_domain"]
    if standard == "whatwg":
        fields = ["protocol", "hostname", "port", "pathname", "search", "registrable_domain"]
    rule = ["--whatwg"] if standard == "whatwg" else []
    template = "\t".join("{%s}" % field for field in fields)
    run = command(["parse", *rule, "--get", template, "--report-format", "json"], records)
    values, reports = uriesc.parse(column(records), fields, standard=standard, errors="report")
    answer, reports = pa.array(values).to_pylist(), pa.array(reports).to_pylist()
    # A decoded field that is not UTF-8 makes that child binary (the others stay strings).
    as_bytes = lambda value: value.encode() if isinstance(value, str) else value  # noqa: E731
    joined = [
        None if row is None else b"\t".join(as_bytes(row[field]) for field in fields)
        for row in answer
    ]
    held_to(joined, reports, run, len(records))


@pytest.mark.parametrize(
    "pattern", ["https://*.github.com/*", "http{s}?://:host/:path*", "*://*/*.pdf"]
)
def test_match(records, command, pattern):
    run = command(["match", "--invalid", "--report-format", "json", "-e", pattern], records)
    answer, reports = answered(uriesc.match, records, pattern=pattern)
    selected = [records[row] for row, hit in enumerate(answer) if hit]
    assert selected == run.outputs
    run.outputs = []
    held_to(answer, reports, run, len(records))


@pytest.mark.parametrize("reader", ["text", "markdown", "html"])
def test_extract(tmp_path, command, records, reader):
    import json
    import subprocess

    from conftest import command_path

    documents = [
        b"\n".join(records[i : i + 40]) + b" <https://a.example/x> [b](https://b.example/)"
        for i in range(0, 400, 40)
    ] + [b"see http://example.com/x. and <a href='/rel'>r</a>", b"", b"\xff http://c.example/"]
    paths = []
    for i, document in enumerate(documents):
        paths.append(tmp_path / f"{i}.doc")
        paths[-1].write_bytes(document)
    done = subprocess.run(
        [command_path(), "extract", "--from", reader, "--format", "json", *map(str, paths)],
        capture_output=True,
        check=True,
    )
    found = {str(path): [] for path in paths}
    for line in done.stdout.decode().splitlines():
        url = json.loads(line)
        found[url["source"]].append(url["url"])
    answer = pa.array(uriesc.extract(pa.array(documents, pa.binary()), reader=reader))
    assert answer.to_pylist() == [found[str(path)] for path in paths]
