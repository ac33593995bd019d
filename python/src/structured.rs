//! The commands whose answer is more than a text a record: `parse` (a struct, a field a child),
//! `match` (a verdict, for a URL the parser reads) and `extract` (a list of the URLs of each
//! document). As in text.rs, the library's worker is built once and runs on every value.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use uriesc::parse::{Options, Output, Template, Templates};
use uriesc::url_pattern::{self, Pattern, PatternSet, Reader};

use crate::column::Column;
use crate::names::{self, refused};
use crate::rows::{Bools, Errors, Lists, Report, Struct};
use crate::run::run;

/// `uriesc parse --get '{FIELD}'` for each of `fields`, the URL read once: a struct with a
/// string child a field, named as given (`"host"`, `"query:id"`, `"segment:-1|decoded"`); an
/// absent part is the empty string, as on the command's line.
///
///     >>> import pyarrow as pa, uriesc
///     >>> urls = ["http://a.example:8080/x?id=7", "http://a b/"]
///     >>> pa.array(uriesc.parse(urls, ["host", "port", "query:id"])).to_pylist()
///     [{'host': 'a.example', 'port': '8080', 'query:id': '7'}, None]
///     >>> pa.array(uriesc.parse(["https://xn--bcher-kva.example/"], ["hostname"], whatwg=True)).to_pylist()
///     [{'hostname': 'xn--bcher-kva.example'}]
#[pyfunction]
#[pyo3(signature = (values, fields, *, standard = "3986", whatwg = false, base = None, plus = false, errors = "null"))]
#[allow(clippy::too_many_arguments)]
pub fn parse(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    fields: Vec<String>,
    standard: &str,
    whatwg: bool,
    base: Option<&str>,
    plus: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let standard = names::standard_or_whatwg(standard, whatwg)?;
    if fields.is_empty() {
        return Err(PyValueError::new_err("parse: fields=[] names no field"));
    }
    let templates = fields
        .iter()
        .map(|field| Template::parse(&format!("{{{field}}}"), standard).map_err(refused))
        .collect::<PyResult<Vec<_>>>()?;
    let mut options = Options::new(standard, Output::Text);
    options.plus = plus;
    if let Some(base) = base {
        options = options.with_base(base.as_bytes()).map_err(refused)?;
    }
    let mut parser = Templates::new(options, templates);
    let errors = Errors::named(errors)?;
    run(
        py,
        "parse",
        &column,
        errors,
        Struct::new(fields),
        move |value, rows| {
            parser
                .write(value, |i, field| {
                    rows.children[i].out().extend_from_slice(field)
                })
                .map_err(|p| Report::of(value, &p))
        },
    )
}

/// `uriesc match`: whether each URL matches the URLPattern `pattern` (or one of several), the
/// pattern compiled once; null for a record the URL parser refuses (`match --invalid`
/// reports it).
///
///     >>> import pyarrow as pa, uriesc
///     >>> urls = ["https://a.example.com/x", "https://example.com.evil.net/", "http://[::1"]
///     >>> pa.array(uriesc.match(urls, "https://*.example.com/*")).to_pylist()
///     [True, False, None]
#[pyfunction]
#[pyo3(name = "match", signature = (values, pattern, *, ignore_case = false, pattern_base = None, base = None, errors = "null"))]
pub fn matches(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    pattern: &Bound<'_, PyAny>,
    ignore_case: bool,
    pattern_base: Option<&str>,
    base: Option<&str>,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let patterns: Vec<String> = match pattern.extract::<String>() {
        Ok(one) => vec![one],
        Err(_) => pattern.extract()?,
    };
    let options = url_pattern::Options { ignore_case };
    let set = PatternSet::new(
        patterns
            .iter()
            .map(|text| Pattern::new(text, pattern_base, options).map_err(refused))
            .collect::<PyResult<_>>()?,
    );
    let mut reader = match base {
        Some(base) => Reader::with_base(base.as_bytes()).map_err(refused)?,
        None => Reader::new(),
    };
    let errors = Errors::named(errors)?;
    run(
        py,
        "match",
        &column,
        errors,
        Bools::default(),
        move |value, rows| {
            let url = reader.read(value).map_err(|p| Report::of(value, &p))?;
            rows.set(set.first_match(&url).is_some());
            Ok(())
        },
    )
}

/// `uriesc extract`: the URLs of each document (a value), in the order of the document, as
/// `--from READER` finds them.
///
///     >>> import pyarrow as pa, uriesc
///     >>> pa.array(uriesc.extract(["see http://example.com/x. and [b](https://b.org/)"], reader="markdown")).to_pylist()
///     [['http://example.com/x', 'https://b.org/']]
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (values, *, reader = "text", include_code = false, emails = false, schemeless = false, absolute = false, errors = "null"))]
pub fn extract(
    py: Python<'_>,
    values: &Bound<'_, PyAny>,
    reader: &str,
    include_code: bool,
    emails: bool,
    schemeless: bool,
    absolute: bool,
    errors: &str,
) -> PyResult<Py<PyAny>> {
    let column = Column::from_py(values)?;
    let reader = names::reader(reader)?;
    let options = uriesc::extract::Options {
        include_code,
        emails,
        schemeless,
    };
    // `errors=` as every function takes it, though `extract` reports nothing.
    let errors = Errors::named(errors)?;
    run(
        py,
        "extract",
        &column,
        errors,
        Lists::default(),
        move |value, rows| {
            uriesc::extract::find(reader, value, &options, &mut |found| {
                if !absolute || uriesc::extract::has_scheme(found.url) {
                    rows.push(found.url);
                }
            });
            Ok(())
        },
    )
}
