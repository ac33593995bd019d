//! The common URI of RFC 3986: `scheme "://" reg-name [ ":" port ] path-abempty [ "?" query ]
//! [ "#" fragment ]` (RFC 3986 §3, Appendix A), the shape most URIs of a list have, decided in
//! one pass. False means "not decided here": `check` then walks the whole grammar
//! (`check::rfc3986::check_by_grammar`, the reference this is tested against). After the
//! authority one set does for path, query and fragment alike: the path ends at the first `?` or
//! `#`, and the query and fragment sets are the path's with `?` (RFC 3986 §3.3-§3.5).

use crate::sets::ascii::{ALPHA, DIGIT};
use crate::sets::rfc3986::after_authority;
use crate::sets::{pct_encoded, rfc3986};

/// The sets the block way classifies a record by, in the order of [`on_the_bits`]'s `outside`.
#[cfg(target_arch = "x86_64")]
pub(super) const BLOCK_SETS: [&crate::sets::ByteSet; 7] = [
    &rfc3986::SCHEME,
    &rfc3986::REG_NAME,
    &DIGIT,
    &rfc3986::QUERY,
    &crate::sets::ascii::HEXDIG,
    &crate::sets::ByteSet::of(b"%"),
    &crate::sets::ByteSet::of(b"#"),
];

/// [`is_uri`](super::is_uri) of a record of at most 64 bytes (most lines of a URL list), from one
/// classification of all of it (`outside`: a bit per byte of `s[..n]` outside each of
/// [`BLOCK_SETS`]): the parts are found on the bits, with no step waiting on a scan before it.
/// A host with an escape goes to the bytewise way.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn on_the_bits(s: &[u8], outside: [u64; BLOCK_SETS.len()], n: usize) -> bool {
    let [
        not_scheme,
        not_reg_name,
        not_digit,
        not_query,
        not_hex,
        not_percent,
        not_hash,
    ] = outside;
    // The first byte from `i` on that is outside a set (`n` where none is).
    let end = |outside: u64, i: usize| {
        let from = outside.checked_shr(i as u32).unwrap_or(0);
        (i + from.trailing_zeros() as usize).min(n)
    };
    let scheme = end(not_scheme, 0);
    if !s.first().is_some_and(|&b| ALPHA.contains(b)) || s.get(scheme..scheme + 3) != Some(b"://") {
        return false;
    }
    let mut i = end(not_reg_name, scheme + 3);
    if s.get(i) == Some(&b'%') {
        return is_uri_bytewise(s);
    }
    if s.get(i) == Some(&b':') {
        i = end(not_digit, i + 1);
    }
    if !matches!(s.get(i), None | Some(b'/' | b'?' | b'#')) {
        return false;
    }
    // From `i` on: each byte in `query` (the path's and fragment's set too), or a `%` with two
    // hex digits after it, or the one `#`.
    let rest = u64::MAX.checked_shl(i as u32).unwrap_or(0);
    let within = u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
    let (percents, hashes) = (!not_percent & within & rest, !not_hash & within & rest);
    let digits = percents << 1 | percents << 2;
    // An escape at the last two bytes has digits past the end (beyond the 64 bits, or not
    // `within`).
    percents >> 62 == 0
        && digits & (not_hex | !within) == 0
        && not_query & rest & !percents & !hashes == 0
        && hashes.count_ones() <= 1
}

/// [`is_uri`](super::is_uri) a scan at a time: the way for records over 64 bytes and for CPUs
/// without the block way (see [`crate::cpu`]), and the reference the block way is tested against.
pub(crate) fn is_uri_bytewise(s: &[u8]) -> bool {
    let scheme = rfc3986::SCHEME.prefix_len(s);
    if !s.first().is_some_and(|&b| ALPHA.contains(b)) || s.get(scheme..scheme + 3) != Some(b"://") {
        return false;
    }
    let mut i = scheme + 3;
    loop {
        i += rfc3986::REG_NAME.prefix_len(&s[i..]);
        if pct_encoded(s, i).is_none() {
            break;
        }
        i += 3;
    }
    if s.get(i) == Some(&b':') {
        i += 1 + DIGIT.prefix_len(&s[i + 1..]);
    }
    after_authority(s, i)
}
