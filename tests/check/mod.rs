//! `uriesc check`: the validators against conformance data and a peer, and the reports through
//! the binary.

mod command;
mod encoded;
mod rfc2396_rfc1738;
mod rfc3986;

use uriesc::check::{self, Problem};
use uriesc::sets::{Component, Standard};

pub(crate) use rfc3986::{uri_like, uri_shaped};

fn valid(standard: Standard, component: Component, s: &str) -> bool {
    check::check(s.as_bytes(), standard, component).is_ok()
}

fn problem(standard: Standard, component: Component, s: &str) -> Problem {
    check::check(s.as_bytes(), standard, component).expect_err(s)
}
