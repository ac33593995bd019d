"""encode and decode take a chunk whole, its values laid end to end as Arrow keeps them: held
to the command on records where an escape would run from one into the next, over more than
one pass of the fast path (64 KiB), in every layout, with the bytes Arrow keeps under a null
left alone."""

import pyarrow as pa
import pytest
import uriesc

# "%4" then "1%41": decoded alone, "%4" and "1A", never "A" and "%41". "%E4%B8" then "%AD":
# each alone is bytes that are not UTF-8, and together "中".
REACHING = [b"%4", b"1%41", b"%", b"41", b"a%2", b"0b", b"%E4%B8", b"%AD", b"", b"a b+c%", b"%+", b"+"]
# More than two passes' worth, and a record longer than a pass.
RECORDS = REACHING * 3000 + [b"%41" * 30000, b"%4"]
LAYOUTS = [pa.binary(), pa.large_binary(), pa.binary_view()]


def as_bytes(values):
    return [value.encode() if isinstance(value, str) else value for value in values]


@pytest.mark.parametrize("kind", LAYOUTS)
@pytest.mark.parametrize("flags, options", [([], {}), (["-c", "form"], {"component": "form"})])
def test_decode_whole(command, kind, flags, options):
    run = command(["decode", *flags], RECORDS)
    answer = pa.array(uriesc.decode(pa.array(RECORDS, kind), **options)).to_pylist()
    assert as_bytes(answer) == run.outputs


@pytest.mark.parametrize("kind", LAYOUTS)
@pytest.mark.parametrize("component", ["any", "form", "path"])
def test_encode_whole(command, kind, component):
    run = command(["encode", "-c", component], RECORDS)
    answer = pa.array(uriesc.encode(pa.array(RECORDS, kind), component=component)).to_pylist()
    assert as_bytes(answer) == run.outputs


def test_a_slice_and_chunks_whole(command):
    run = command(["decode"], RECORDS[5:])
    column = pa.chunked_array([pa.array(RECORDS[5:100]), pa.array(RECORDS)[100:]])
    assert as_bytes(pa.array(uriesc.decode(column)).to_pylist()) == run.outputs


def test_what_arrow_keeps_under_a_null_is_left_alone():
    # Three rows, the second null with bytes under it ("%zz b", not an empty slot).
    values = pa.array([b"a b", b"%zz b", b"%41%"])
    validity = pa.py_buffer(bytes([0b101]))
    column = pa.Array.from_buffers(pa.binary(), 3, [validity, *values.buffers()[1:]])
    assert pa.array(uriesc.encode(column)).to_pylist() == ["a%20b", None, "%2541%25"]
    assert pa.array(uriesc.decode(column)).to_pylist() == ["a b", None, "A%"]
    answer, reports = uriesc.decode(column, strict=True, errors="report")
    assert pa.array(answer).to_pylist() == ["a b", None, None]
    reports = pa.array(reports).to_pylist()
    assert reports[1] is None and reports[2]["rule"] == "pct-encoded"


def test_strict_decoding_whole_reports_and_raises_at_the_row():
    column = pa.array(["ok", "%zz", "fine", "%4"])
    answer, reports = uriesc.decode(column, strict=True, errors="report")
    assert pa.array(answer).to_pylist() == ["ok", None, "fine", None]
    assert [r and r["column"] for r in pa.array(reports).to_pylist()] == [None, 1, None, 1]
    with pytest.raises(uriesc.RecordError) as raised:
        uriesc.decode(column, strict=True, errors="raise")
    assert raised.value.row == 1
