//! The commands that give a value a record: `encode`, `decode`, `clean`, `key`, and `check`'s
//! verdict. Each builds the library's worker from its options once, as the command does, and
//! runs it on every value ([`crate::run::run`]), or on each chunk whole where the library
//! takes records laid end to end (`encode`, `decode`: [`crate::run::run_end_to_end`]); none has
//! logic of its own.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use uriesc::check::Judged;

use crate::column::{Column, Layout};
use crate::names::{self, refused};
use crate::rows::{Bools, Errors, Report, Texts};
use crate::run::{run, run_end_to_end};

/// `uriesc encode`: each value percent-encoded for `component` under `standard`; strings
/// out.
///
///     >>> import pyarrow as pa, uriesc
///     >>> pa.array(uriesc.encode(["/docs/a b/ü", None], component="path")).to_pylist()
///     ['/docs/a%20b/%C3%BC', None]
///     >>> pa.array(uriesc.encode([b"a b+\xff"], component="form")).to_pylist()
///     ['a+b%2B%FF']
#[pyfunction]
#[pyo3(signature = (values, *, component = "any", standard = "3986", whatwg = false, plus = false, lower = false, keep = "", also = "", errors = "null"))]
#[allow(clippy::too_many_arguments)]
pub fn encode(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    component: &str,
    standard: &str,
    whatwg: bool,
    plus: bool,
    lower: bool,
    keep: &str,
    also: &str,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let options = uriesc::encode::Options {
        plus,
        lower,
        keep: keep.as_bytes().to_vec(),
        also: also.as_bytes().to_vec(),
    };
    let standard = names::standard_or_whatwg(standard, whatwg)?;
    let context = names::context(component)?;
    let encoder =
        uriesc::encode::Encoder::for_context(standard, context, &options).map_err(refused)?;
    // `errors=` as every function takes it, though an encoder reports nothing.
    let errors = Errors::named(errors)?;
    run_end_to_end(py, "encode", &column, errors, |(layout, out, ends)| {
        let ended = |end| ends.ended(end);
        match layout {
            Layout::Small(records) => encoder.encode_end_to_end(&records, out, ended),
            Layout::Large(records) => encoder.encode_end_to_end(&records, out, ended),
        }
    })
}

/// `uriesc decode`: each value's `%XX` escapes decoded (`+` too for `component="form"` or
/// `plus`). With `strict` a malformed escape is reported. Decoded bytes that are not UTF-8
/// are kept as the command keeps them (`utf8="raw"`, its default: the answer is then binary
/// values, strings where every value is UTF-8), reported (`utf8="strict"`: strings, null
/// where one is not UTF-8) or each replaced by U+FFFD (`utf8="lossy"`: strings).
///
///     >>> import pyarrow as pa, uriesc
///     >>> pa.array(uriesc.decode(["%E4%B8%AD", "a+b"], component="form")).to_pylist()
///     ['中', 'a b']
///     >>> pa.array(uriesc.decode(["%E4%B8%AD", "%FF"])).to_pylist()
///     [b'\xe4\xb8\xad', b'\xff']
///     >>> pa.array(uriesc.decode(["%E4%B8%AD", "%FF"], utf8="strict")).to_pylist()
///     ['中', None]
///     >>> values, reports = uriesc.decode(["%zz"], strict=True, errors="report")
///     >>> pa.array(reports).to_pylist()[0]["rule"]
///     'pct-encoded'
#[pyfunction]
#[pyo3(signature = (values, *, component = "any", plus = false, strict = false, utf8 = "raw", errors = "null"))]
pub fn decode(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    component: &str,
    plus: bool,
    strict: bool,
    utf8: &str,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let context = names::context(component)?;
    let options = uriesc::decode::Options {
        plus: plus || context == uriesc::sets::Context::Form,
        strict,
        utf8: names::utf8(utf8)?,
    };
    let mut decoder = uriesc::decode::Decoder::new(options);
    let errors = Errors::named(errors)?;
    run_end_to_end(py, "decode", &column, errors, |(layout, out, ends)| {
        let ended = |end: Result<usize, uriesc::stream::RecordError>| match end {
            Ok(end) => ends.ended(end),
            Err(error) => ends.failed(Report {
                rule: error.rule,
                column: error.column,
                message: error.message,
            }),
        };
        match layout {
            Layout::Small(records) => decoder.decode_end_to_end(&records, out, ended),
            Layout::Large(records) => decoder.decode_end_to_end(&records, out, ended),
        }
    })
}

/// `uriesc check`: whether each value is valid as `component` under `standard`: `False`
/// where the command reports it (why, with `errors="report"`). With `base` (and `whatwg`),
/// each is checked as a URL written against it; with `confusion`, whether RFC 3986 and the
/// URL Standard read it alike (null where the URL Standard's parser refuses it, which the
/// command counts apart).
///
///     >>> import pyarrow as pa, uriesc
///     >>> pa.array(uriesc.check(["http://a.com/a%20b", "http://a.com/a b", None])).to_pylist()
///     [True, False, None]
///     >>> pa.array(uriesc.check(["8080", "80a"], component="port")).to_pylist()
///     [True, False]
///     >>> pa.array(uriesc.check(["../a", "?q"], whatwg=True, base="http://h/p/")).to_pylist()
///     [True, True]
///     >>> pa.array(uriesc.check(["http://a.com\\@b.com/", "http://"], confusion=True)).to_pylist()
///     [False, None]
#[pyfunction]
#[pyo3(signature = (values, *, standard = "3986", whatwg = false, component = "uri", base = None, confusion = false, errors = "null"))]
#[allow(clippy::too_many_arguments)]
pub fn check(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    standard: &str,
    whatwg: bool,
    component: &str,
    base: Option<&str>,
    confusion: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let standard = names::standard_or_whatwg(standard, whatwg)?;
    let target = names::target(component)?;
    if confusion && (standard != uriesc::sets::Standard::Rfc3986 || component != "uri") {
        return Err(PyValueError::new_err(
            "confusion=True reads each value as a URL both ways: no standard, whatwg or component",
        ));
    }
    if base.is_some() && standard != uriesc::sets::Standard::Whatwg {
        return Err(PyValueError::new_err(
            "base= checks URLs written against it as the URL Standard has them: give whatwg=True",
        ));
    }
    let mut options = uriesc::check::Options::new(standard, target).with_confusion(confusion);
    if let Some(base) = base {
        options = options.with_base(base.as_bytes()).map_err(refused)?;
    }
    uriesc::check::supported(options.standard, options.target).map_err(refused)?;
    let errors = Errors::named(errors)?;
    run(
        py,
        "check",
        &column,
        errors,
        Bools::verdicts(),
        move |value, rows| match options.judge(value, options.target) {
            Judged::Valid => {
                rows.set(true);
                Ok(())
            }
            Judged::Invalid(problem) => Err(Report::of(value, &problem)),
            Judged::Refused => {
                rows.set_null();
                Ok(())
            }
        },
    )
}

/// `uriesc clean`: each value made a valid URI (or reference) under `standard`; null where
/// the command reports it.
///
///     >>> import pyarrow as pa, uriesc
///     >>> pa.array(uriesc.clean(["http://example.com/a b", "http://[::1"])).to_pylist()
///     ['http://example.com/a%20b', None]
#[pyfunction]
#[pyo3(signature = (values, *, standard = "3986", whatwg = false, component = "uri", basic = false, normalize = false, idna = false, base = None, errors = "null"))]
#[allow(clippy::too_many_arguments)]
pub fn clean(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    standard: &str,
    whatwg: bool,
    component: &str,
    basic: bool,
    normalize: bool,
    idna: bool,
    base: Option<&str>,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let standard = names::standard_or_whatwg(standard, whatwg)?;
    let target = names::target(component)?;
    uriesc::check::supported(standard, target).map_err(refused)?;
    let mut options = uriesc::clean::Options {
        target,
        basic,
        normalize,
        idna,
        ..uriesc::clean::Options::new(standard)
    };
    if let Some(base) = base {
        options = options.with_base(base.as_bytes()).map_err(refused)?;
    }
    let errors = Errors::named(errors)?;
    run(
        py,
        "clean",
        &column,
        errors,
        Texts::with_capacity(column.len(), column.bytes()),
        move |value, rows| {
            uriesc::clean::clean(value, &options, rows.out()).map_err(|p| Report::of(value, &p))
        },
    )
}

/// `uriesc key`: each value's canonical key under `profile`; null where it has none.
///
///     >>> import pyarrow as pa, uriesc
///     >>> pa.array(uriesc.key(["HTTP://Example.COM:80/a/./b"], profile="whatwg")).to_pylist()
///     ['http://example.com/a/b']
///     >>> pa.array(uriesc.key(["http://www.Archive.org/goo/?b&a#x"], profile="surt")).to_pylist()
///     ['org,archive)/goo?a&b']
#[pyfunction]
#[pyo3(signature = (values, *, profile, no_fragment = false, expressions = false, hash = false, with_scheme = false, trailing_comma = false, keep_www = false, errors = "null"))]
#[allow(clippy::too_many_arguments)]
pub fn key(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    profile: &str,
    no_fragment: bool,
    expressions: bool,
    hash: bool,
    with_scheme: bool,
    trailing_comma: bool,
    keep_www: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let options = uriesc::key::Options {
        exclude_fragment: no_fragment,
        expressions,
        hash,
        with_scheme,
        trailing_comma,
        keep_www,
        ..uriesc::key::Options::new(names::profile(profile)?)
    };
    let mut scratch = uriesc::key::Scratch::default();
    let errors = Errors::named(errors)?;
    run(
        py,
        "key",
        &column,
        errors,
        Texts::with_capacity(column.len(), column.bytes()),
        move |value, rows| {
            uriesc::key::key(value, &options, &mut scratch, rows.out())
                .map_err(|p| Report::of(value, &p))
        },
    )
}
