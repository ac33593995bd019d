//! The options' values in the command line's words (`standard="3986"`, `component="path"`,
//! `profile="surt"`), each looked up in the library's own list of names, so that the module
//! takes what the command takes and no other.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use uriesc::check::Target;
use uriesc::sets::{Context, Standard};

/// The one of `all` whose name is `name`, or a `ValueError` that lists the names (`option`
/// is the keyword's).
fn named<T: Copy>(
    option: &str,
    name: &str,
    all: &[T],
    name_of: fn(T) -> &'static str,
) -> PyResult<T> {
    all.iter()
        .copied()
        .find(|&one| name_of(one) == name)
        .ok_or_else(|| {
            let names: Vec<String> = all
                .iter()
                .map(|&one| format!("{:?}", name_of(one)))
                .collect();
            PyValueError::new_err(format!(
                "{option}={name:?}: takes one of {}",
                names.join(", ")
            ))
        })
}

/// `standard=`: an RFC's number, as `--rfc` takes it, or `"whatwg"` (`--whatwg`).
pub fn standard(name: &str) -> PyResult<Standard> {
    named("standard", name, &Standard::ALL, |standard| {
        standard.rfc().unwrap_or("whatwg")
    })
}

/// `standard=`, or the URL Standard where `whatwg` (`--whatwg`, as the command takes it beside
/// `--rfc`); a `ValueError` where both are given and differ.
pub fn standard_or_whatwg(name: &str, whatwg: bool) -> PyResult<Standard> {
    let named = standard(name)?;
    match whatwg {
        false => Ok(named),
        // The default (RFC 3986) gives way, as the command's default `--rfc` does.
        true if named == Standard::Whatwg || name == "3986" => Ok(Standard::Whatwg),
        true => Err(PyValueError::new_err(format!(
            "standard={name:?} and whatwg=True: choose one"
        ))),
    }
}

/// `component=` of `encode` and `decode`: the context of the data (`-c`).
pub fn context(name: &str) -> PyResult<Context> {
    named("component", name, &Context::ALL, Context::name)
}

/// `component=` of `check` and `clean`: what a record is (`-c`).
pub fn target(name: &str) -> PyResult<Target> {
    named("component", name, &Target::ALL, Target::name)
}

/// `profile=` of `key` (`--profile`).
pub fn profile(name: &str) -> PyResult<uriesc::key::Profile> {
    named(
        "profile",
        name,
        &uriesc::key::Profile::ALL,
        uriesc::key::Profile::name,
    )
}

/// `utf8=` of `decode` (`--utf8`).
pub fn utf8(name: &str) -> PyResult<uriesc::decode::Utf8> {
    named(
        "utf8",
        name,
        &uriesc::decode::Utf8::ALL,
        uriesc::decode::Utf8::name,
    )
}

/// `reader=` of `extract` (`--from`).
pub fn reader(name: &str) -> PyResult<uriesc::extract::Reader> {
    named(
        "reader",
        name,
        &uriesc::extract::Reader::ALL,
        uriesc::extract::Reader::name,
    )
}

/// A refusal of the library's (a pattern, a template, a base, an option) as a `ValueError`.
pub fn refused(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
