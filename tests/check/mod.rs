//! `uriesc check`: the validators against conformance data and a peer, and the reports through
//! the binary: [`command`] (the reports and options), [`confusion`] (`--confusion`),
//! [`encoded`] (what `encode` writes, checked), [`rfc3986`] and [`rfc2396_rfc1738`] (each
//! standard's grammar). The URL Standard's is in `whatwg/`, RFC 3987's in `rfc3987/`.

mod command;
mod confusion;
mod encoded;
mod rfc2396_rfc1738;
mod rfc3986;

use uriesc::check::{self, Problem, Target};
use uriesc::sets::Standard;

pub(crate) use rfc3986::{uri_like, uri_shaped};

fn valid(standard: Standard, component: impl Into<Target>, s: &str) -> bool {
    check::check(s.as_bytes(), standard, component.into()).is_ok()
}

fn problem(standard: Standard, component: impl Into<Target>, s: &str) -> Problem {
    check::check(s.as_bytes(), standard, component.into()).expect_err(s)
}
