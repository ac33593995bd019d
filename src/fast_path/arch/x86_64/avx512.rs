//! The block way with AVX-512 (F and BW): 64 bytes classified a step, read with a masked load,
//! so that a short record takes one step and nothing past its end is read.

#[cfg(feature = "whatwg")]
use crate::fast_path::bits::{decide, run_by, wide, with_terminator};
use crate::fast_path::uri;
#[cfg(feature = "whatwg")]
use crate::fast_path::url::{BLOCK_BYTES, BLOCK_SETS, Parts};
use crate::sets::ByteSet;

/// The common URI (`fast_path::is_uri`) of a record of at most 64 bytes, from one classification.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) fn uri(s: &[u8]) -> bool {
    let (outside, n) = ByteSet::outside64(uri::BLOCK_SETS, s);
    uri::on_the_bits(s, outside, n)
}

/// The common URL's parts (`arch::url_parts`) of a record of at most 128 bytes: one 64-byte
/// classification (two for a record over 64 bytes).
#[cfg(feature = "whatwg")]
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) fn url_parts<const PARTS: bool>(s: &[u8]) -> Option<Option<Parts>> {
    if s.len() > 64 {
        return url_parts_wide::<PARTS>(s);
    }
    let (outside, equal, _) = ByteSet::outside64_and_equal(BLOCK_SETS, BLOCK_BYTES, s);
    decide::<u64, PARTS>(s, outside, equal)
}

/// [`url_parts`] of a record of 65 to 128 bytes, apart, so that the common one of at most 64
/// is not compiled around the registers of the wide one.
#[cfg(feature = "whatwg")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline(never)]
fn url_parts_wide<const PARTS: bool>(s: &[u8]) -> Option<Option<Parts>> {
    let (outside, equal, _) = ByteSet::outside64_and_equal(BLOCK_SETS, BLOCK_BYTES, s);
    let (high_outside, high_equal, _) =
        ByteSet::outside64_and_equal(BLOCK_SETS, BLOCK_BYTES, &s[64..]);
    decide::<u128, PARTS>(s, wide(outside, high_outside), wide(equal, high_equal))
}

/// The run of common URLs (`arch::url_run`) by 64-byte classifications: the terminator's bits
/// say where the record ends, with no search before the classification; a record whose
/// terminator is not in its first 64 bytes takes a second load of the next 64.
#[cfg(feature = "whatwg")]
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) fn url_run<const PARTS: bool>(
    records: &[u8],
    end: u8,
    accept: impl Fn(&Parts) -> bool,
    bytewise: impl Fn(&[u8]) -> Option<Parts>,
) -> (usize, u64) {
    let singles = with_terminator(end);
    run_by::<PARTS>(
        records,
        end,
        |rest| ByteSet::outside64_and_equal(BLOCK_SETS, singles, rest),
        accept,
        bytewise,
    )
}
