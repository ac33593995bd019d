//! Hooks for the crate's own tests and fuzz targets, with the `internals` feature only: the
//! plain references that each fast path is held to. Not part of the API, and no promise of
//! stability; a program that uses uriesc has no need of them. (The encoder's and decoder's
//! references are methods of their own, behind the same feature: `Encoder::with_blocks`,
//! `Encoder::encode_reference`, `Decoder::reference`, `Decoder::with_blocks`,
//! `DecodeStream::reference`.)

use crate::check::{Problem, Target};
use crate::clean::Options;

/// RFC 3986's whole grammar, every time: `check` without the fast path of [`common_uri`].
pub fn rfc3986_check_by_grammar(s: &[u8], target: Target) -> Result<(), Problem> {
    crate::check::rfc3986::check_by_grammar(s, target)
}

/// Whether `s` is an RFC 3986 URI of the common shape that the fast path passes.
pub fn common_uri(s: &[u8]) -> bool {
    crate::fast_path::is_uri(s)
}

/// [`common_uri`] a byte at a time: the reference of its block version.
pub fn common_uri_bytewise(s: &[u8]) -> bool {
    crate::fast_path::is_uri_bytewise(s)
}

/// The URL Standard's writing grammar, every time: `check` without the fast path of
/// [`common_url`].
#[cfg(feature = "whatwg")]
pub fn whatwg_check_by_grammar(s: &[u8], target: Target) -> Result<(), Problem> {
    crate::check::whatwg::check_by_grammar(s, target)
}

/// Whether `s` is a valid URL string of the common shape that the fast path passes.
#[cfg(feature = "whatwg")]
pub fn common_url(s: &[u8]) -> bool {
    crate::fast_path::is_url(s)
}

/// [`common_url`] a part at a time: the reference of its block version.
#[cfg(feature = "whatwg")]
pub fn common_url_bytewise(s: &[u8]) -> bool {
    crate::fast_path::url_shape(s).is_some()
}

/// Whether `clean --whatwg` passes `s` on as it came, told by its fast path alone (`s` is a
/// common URL that is its own serialization).
#[cfg(feature = "whatwg")]
pub fn whatwg_own_serialization(s: &[u8]) -> bool {
    crate::clean::own_serialization(s)
}

/// The run of records at the start of `records`, each ended by `end` (or `\r\n` where `end`
/// is `\n`), that `check --whatwg` finds valid at once by its fast path: how many bytes and
/// records.
#[cfg(feature = "whatwg")]
pub fn whatwg_common_run(records: &[u8], end: u8) -> (usize, u64) {
    crate::check::whatwg::valid_run(records, end, Target::Uri)
}

/// [`whatwg_common_run`] record by record, by [`common_url_bytewise`]: its reference.
#[cfg(feature = "whatwg")]
pub fn whatwg_common_run_bytewise(records: &[u8], end: u8) -> (usize, u64) {
    let run = crate::stream::Run::each(records, end, false, common_url_bytewise);
    (run.len, run.records)
}

/// The run of records at the start of `records` (ended as in [`whatwg_common_run`]) that
/// `clean --whatwg` passes on as they came: how many bytes and records.
#[cfg(feature = "whatwg")]
pub fn whatwg_own_run(records: &[u8], end: u8) -> (usize, u64) {
    let run = crate::clean::run_of_own_serializations(records, end, &mut Default::default());
    (run.len, run.records)
}

/// [`whatwg_own_run`] record by record, the part-at-a-time way: its reference.
#[cfg(feature = "whatwg")]
pub fn whatwg_own_run_bytewise(records: &[u8], end: u8) -> (usize, u64) {
    let run = crate::clean::run_of_own_serializations_bytewise(records, end);
    (run.len, run.records)
}

/// Whether `problem`, which `check --whatwg` found in `s`, or a port of `s` the parser refuses,
/// tells that no serialization of `s` by the parser is a valid URL string (a report then looks
/// for no suggestion).
#[cfg(feature = "whatwg")]
pub fn whatwg_no_valid_serialization(s: &[u8], problem: &Problem) -> bool {
    crate::check::whatwg::no_valid_serialization(s, problem)
}

/// `clean` without its fast path for URIs that are already valid: every rule, every time.
pub fn clean_by_rules(record: &[u8], options: &Options, out: &mut Vec<u8>) -> Result<(), Problem> {
    crate::clean::clean_by_rules(record, options, out)
}
