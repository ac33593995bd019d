//! The common URL on the bits: a record of at most 128 bytes, classified at once by the block
//! way of an instruction set (`arch`) into a bit per byte for each of [`BLOCK_SETS`] and of
//! [`BLOCK_BYTES`] (in a `u64` up to 64 bytes, a `u128` up to 128), and its parts found by
//! operations on the bits, the same whichever set classified it. Each rule below is the
//! bytewise way's (`url_shape`, `url_parts_bytewise`), said of the bits.

use std::ops::{BitAnd, BitOr, Not};

use super::url::{BLOCK_BYTES, BLOCK_SETS, Parts, Shape, dot_segment, port, special_scheme};
use crate::sets::ascii::ALPHA;
use crate::stream::value_len;

/// [`BLOCK_BYTES`] and the terminator, last.
#[inline(always)]
pub(super) fn with_terminator(end: u8) -> [u8; BLOCK_BYTES.len() + 1] {
    std::array::from_fn(|k| BLOCK_BYTES.get(k).copied().unwrap_or(end))
}

/// The run of common URLs at the start of `records` (`arch::url_run`) by `classify`: of the
/// first 64 bytes of a slice, by [`BLOCK_SETS`] and [`with_terminator`].
#[inline(always)]
pub(super) fn run_by<const PARTS: bool>(
    records: &[u8],
    end: u8,
    classify: impl Fn(&[u8]) -> ([u64; BLOCK_SETS.len()], [u64; BLOCK_BYTES.len() + 1], usize),
    accept: impl Fn(&Parts) -> bool,
    bytewise: impl Fn(&[u8]) -> Option<Parts>,
) -> (usize, u64) {
    let (mut at, mut count) = (0, 0);
    while at < records.len() {
        let rest = &records[at..];
        let (outside, equal, _) = classify(rest);
        let [singles @ .., terminators] = equal;
        let (i, decided) = match terminators {
            0 => match rest.get(64..).map(&classify) {
                // The terminator in the next 64 bytes: a record of 64 to 127 bytes.
                Some((high_outside, [high_singles @ .., high_terminators], _))
                    if high_terminators != 0 =>
                {
                    let i = 64 + high_terminators.trailing_zeros() as usize;
                    let n = value_len(rest, i, end);
                    let within = u128::below(n);
                    let decided = decide::<u128, PARTS>(
                        &rest[..n],
                        wide(outside, high_outside).map(|bits| bits & within),
                        wide(singles, high_singles).map(|bits| bits & within),
                    );
                    (i, decided)
                }
                // Longer: the bytewise way.
                _ => match memchr::memchr(end, rest) {
                    Some(i) => (i, None),
                    None => break,
                },
            },
            _ => {
                let i = terminators.trailing_zeros() as usize;
                let n = value_len(rest, i, end);
                let within = u64::below(n);
                let decided = decide::<u64, PARTS>(
                    &rest[..n],
                    outside.map(|bits| bits & within),
                    singles.map(|bits| bits & within),
                );
                (i, decided)
            }
        };
        let parts = match decided {
            Some(parts) => parts,
            None => bytewise(&rest[..value_len(rest, i, end)]),
        };
        if !parts.is_some_and(|parts| accept(&parts)) {
            break;
        }
        at += i + 1;
        count += 1;
    }
    (at, count)
}

/// The bits of the first 64 bytes and of the next 64 as one mask per set.
#[inline(always)]
pub(super) fn wide<const N: usize>(low: [u64; N], high: [u64; N]) -> [u128; N] {
    std::array::from_fn(|k| u128::from(low[k]) | u128::from(high[k]) << 64)
}

/// A bit for each byte of a record: `u64` or `u128`.
pub(super) trait Mask:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    const ZERO: Self;
    const BITS: u32;
    /// Shifted toward higher bytes; 0 from `BITS` on.
    fn up(self, n: u32) -> Self;
    /// Shifted toward lower bytes; 0 from `BITS` on.
    fn down(self, n: u32) -> Self;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    /// The bits below `i`.
    fn below(i: usize) -> Self;
    /// Bit `i` alone.
    fn bit(i: usize) -> Self;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn up(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline(always)]
            fn down(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn below(i: usize) -> Self {
                // All of them from `BITS` on; none at 0 (a shift by `BITS` is 0).
                (<$t>::MAX).down(<$t>::BITS.saturating_sub(i as u32))
            }
            #[inline(always)]
            fn bit(i: usize) -> Self {
                (1 as $t).up(i as u32)
            }
        }
    };
}
mask!(u64);
mask!(u128);

/// The block way's decision on `s` (of at most `M::BITS` bytes), from `outside`: for each of
/// [`BLOCK_SETS`], a bit for each byte of `s` that is not in the set; and `equal`: for each of
/// [`BLOCK_BYTES`], a bit for each byte of `s` that is it (neither with a bit past its end).
#[inline(always)]
pub(super) fn decide<M: Mask, const PARTS: bool>(
    s: &[u8],
    outside: [M; BLOCK_SETS.len()],
    equal: [M; BLOCK_BYTES.len()],
) -> Option<Option<Parts>> {
    let [not_label, not_query, not_hex, not_upper] = outside;
    let [dot, hyphen, percent, hash, question, slash, quote] = equal;
    let n = s.len();
    let within = M::below(n);
    // The first byte from `i` on that is set in `stop` (`n` where none is).
    let end = |stop: M, i: usize| (i + stop.down(i as u32).trailing_zeros() as usize).min(n);
    let Some(colon) = special_scheme(s) else {
        return Some(None);
    };
    // The domain: the bytes of labels and dots from after "://" on.
    let start = colon + 3;
    let host_end = end(not_label & !dot, start);
    if host_end == start {
        return Some(None);
    }
    if host_end - start > 63 {
        // A label may be too long: the bytewise way counts.
        return None;
    }
    let host = M::below(host_end) & !M::below(start);
    let dots = dot & host;
    let hyphens = hyphen & host;
    let (first, last) = (M::bit(start), M::bit(host_end - 1));
    let starts = (dots.up(1) | first) & host;
    let ends = (dots.down(1) | last) & host;
    let refused =
        // An empty label: a dot first, last, or after another.
        dots & (dots.up(1) | first | last) != M::ZERO
        // CheckHyphens: `-` first or last in a label, or in its 3rd and 4th places (where a
        // label has `-` 3rd and 4th and a dot 2nd, the 3rd begins a label, refused already).
        || hyphens & (starts | ends) != M::ZERO
        || starts.up(2) & hyphens & hyphens.down(1) != M::ZERO;
    if refused {
        return Some(None);
    }
    // Not ending in a number: the last label begins with a letter.
    let last_label = match dots == M::ZERO {
        true => start,
        false => (M::BITS - dots.leading_zeros()) as usize,
    };
    if !ALPHA.contains(s[last_label]) {
        return Some(None);
    }
    let mut i = host_end;
    let mut port_value = None;
    if s.get(i) == Some(&b':') {
        let Some((value, after)) = port(s, i + 1) else {
            return Some(None);
        };
        port_value = Some(value);
        i = after;
    }
    if !matches!(s.get(i), None | Some(b'/' | b'?' | b'#')) {
        return Some(None);
    }
    // From `i` on: each byte in `query` (the path's and fragment's set too), or a `%` with two
    // hex digits after it, or the one `#` (`rfc3986::after_authority`).
    let rest = within & !M::below(i);
    let percents = percent & rest;
    let hashes = hash & rest;
    let digits = percents.up(1) | percents.up(2);
    let valid = percents.down(M::BITS - 2) == M::ZERO
        && digits & (not_hex | !within) == M::ZERO
        && not_query & rest & !percents & !hashes == M::ZERO
        && hashes.count_ones() <= 1;
    if !valid {
        return Some(None);
    }
    let shape = Shape {
        colon,
        host_end,
        port: port_value,
        authority_end: i,
    };
    if !PARTS {
        return Some(Some(Parts {
            shape,
            path_end: 0,
            query_end: 0,
            rewritten: false,
            lowercase: false,
        }));
    }
    let path_end = end((question | hashes) & rest, i);
    let query_end = match s.get(path_end) {
        Some(b'?') => end(hashes, path_end + 1),
        _ => path_end,
    };
    let quote = quote & M::below(query_end) & !M::below(path_end + 1) != M::ZERO;
    // A dot segment begins with '.' or '%' after a '/' of the path: only those are examined.
    let slashes = slash;
    let path = M::below(path_end) & !M::below(i);
    let mut candidates = slashes.up(1) & (dot | percents) & path;
    let mut dot = false;
    while candidates != M::ZERO && !dot {
        let at = candidates.trailing_zeros() as usize;
        candidates = candidates & !M::bit(at);
        dot = dot_segment(&s[at..end(slashes, at).min(path_end)]);
    }
    Some(Some(Parts {
        shape,
        path_end,
        query_end,
        rewritten: quote || dot,
        lowercase: !not_upper & M::below(host_end) == M::ZERO,
    }))
}
