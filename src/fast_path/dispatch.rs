//! Each answer of the fast path by the way this CPU has to it: the block way (`arch`, one file
//! an instruction set) where the CPU has one and the record is short enough, else the bytewise
//! way, a part at a time (`uri`, `url`). These are the entry points the commands call; the
//! ways below them know nothing of each other's callers, and the tests hold the block way to
//! the bytewise one at every level the CPU runs.

use super::uri::is_uri_bytewise;
#[cfg(feature = "whatwg")]
use super::url::{Parts, url_parts_bytewise, url_shape};
use crate::cpu::Blocks;
#[cfg(feature = "whatwg")]
use crate::stream::Run;

/// Whether `s` is a common URI (see `uri`): a `URI` by RFC 3986 Appendix A where
/// true; undecided where false.
#[inline]
pub(crate) fn is_uri(s: &[u8]) -> bool {
    if s.len() <= 64
        && let Some(decided) = super::arch::uri_by(s, Blocks::selected())
    {
        return decided;
    }
    is_uri_bytewise(s)
}

/// Whether `s` is a valid URL string of the common shape (see `url`), which
/// `check --whatwg` then passes without the grammar or the parser. False means "not decided
/// here", and the grammar walks it.
///
/// Why such a URL is a valid URL string: the domain is a valid domain, because UTS #46 ToASCII
/// with beStrict only lowercases a label of ASCII letters, digits and `-` that is 1 to 63
/// bytes long, does not begin or end with `-` and has no `--` in its 3rd and 4th places
/// (CheckHyphens; which also sends every `xn--` label, whose Punycode would need decoding, to
/// the grammar), and the domain is at most 253 bytes with no trailing dot (VerifyDnsLength, as
/// UTS #46 and the `idna` crate's `DnsLength::Verify` have it); with no label beyond ASCII and
/// none to decode, no bidi or joiner rule applies; and the last label begins with a letter, so
/// the domain does not end in a number. The port is in range; every byte after it is a URL
/// code point or begins an escape (RFC 3986's `pchar`, `/` and `?` all are), `#` only once. No
/// credentials, no backslash, no spaces or controls, no stray `%`.
#[cfg(feature = "whatwg")]
#[inline]
pub(crate) fn is_url(s: &[u8]) -> bool {
    match super::arch::url_parts::<false>(s, Blocks::selected()) {
        Some(decided) => decided.is_some(),
        None => url_shape(s).is_some(),
    }
}

/// [`is_url`], with where the parts are and whether the serialization is the record's
/// own; `None` where `is_url` is false.
#[cfg(feature = "whatwg")]
#[inline]
pub(crate) fn url_parts(s: &[u8]) -> Option<Parts> {
    match super::arch::url_parts::<true>(s, Blocks::selected()) {
        Some(decided) => decided,
        None => url_parts_bytewise(s),
    }
}

/// The run of records at the start of `records` (each followed by its terminator `end`, or
/// `\r\n`) that are common URLs whose parts `accept` takes ([`url_parts`], or only
/// [`is_url`] where `PARTS` is false and `accept` is given shapes alone), each `written`
/// as it came or not at all: for `check --whatwg`, which passes them valid, and `clean
/// --whatwg`, which passes those that are their own serialization as they came. Where the CPU
/// has the block way, each record's terminator is found in the same classification as its
/// parts (`arch::url_run`).
#[cfg(feature = "whatwg")]
#[inline]
pub(crate) fn run<const PARTS: bool>(
    records: &[u8],
    end: u8,
    written: bool,
    accept: impl Fn(&Parts) -> bool,
) -> Run {
    run_by::<PARTS>(records, end, written, accept, Blocks::selected())
}

/// [`run`] the way `blocks` names: the tests hold each level to the bytewise way.
#[cfg(feature = "whatwg")]
#[inline(always)]
pub(super) fn run_by<const PARTS: bool>(
    records: &[u8],
    end: u8,
    written: bool,
    accept: impl Fn(&Parts) -> bool,
    blocks: Blocks,
) -> Run {
    let bytewise = |value: &[u8]| match PARTS {
        true => url_parts_bytewise(value),
        false => url_shape(value).map(|shape| Parts {
            shape,
            path_end: 0,
            query_end: 0,
            rewritten: false,
            lowercase: false,
        }),
    };
    match super::arch::url_run::<PARTS>(records, end, &accept, bytewise, blocks) {
        Some((len, records)) => Run {
            len,
            records,
            written,
        },
        None => Run::each(records, end, written, |value| {
            bytewise(value).is_some_and(|parts| accept(&parts))
        }),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        /// The block way of a short record agrees with the one that scans part by part, at
        /// every level this CPU runs, on every length around 64 bytes.
        #[test]
        fn block_way_agrees_with_the_scans(
            scheme in prop::sample::select(vec!["http://", "a+b.c-d://", "1a://", "h:/", "http:", ""]),
            parts in prop::collection::vec(prop_oneof![
                4 => "[a-z0-9/?=&._~:@!$-]{1,30}",
                1 => prop::sample::select(vec![
                    "%", "%4", "%41", "%zz", "#", "##", "[", " ", "%%41", "é", "?#/", ":80", ":8a",
                ]).prop_map(String::from),
            ], 0..8),
        ) {
            let s = format!("{scheme}{}", parts.concat());
            for cut in [s.len(), 62, 63, 64, 65] {
                let Some(s) = s.as_bytes().get(..cut) else { continue };
                let expected = is_uri_bytewise(s);
                prop_assert_eq!(is_uri(s), expected, "{:?}", bstr::BStr::new(s));
                for blocks in crate::cpu::Blocks::available() {
                    if let Some(block) = super::super::arch::uri_by(s, blocks) {
                        prop_assert_eq!(block, expected, "{:?} {:?}", blocks, bstr::BStr::new(s));
                    }
                }
            }
        }
    }
}
