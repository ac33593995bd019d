//! The classifier with SSSE3: 16 bytes a step.

use std::arch::x86_64::*;

use super::HIGH;

/// A bit for each byte of `block` (bit `i` for `block[i]`) that is not in the set that
/// `nibbles` describes.
#[target_feature(enable = "ssse3")]
#[inline]
pub(crate) fn outside(nibbles: &[u8; 16], block: &[u8; 16]) -> u32 {
    // SAFETY: each load reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
    let (v, rows, columns) = unsafe {
        (
            _mm_loadu_si128(block.as_ptr().cast()),
            _mm_loadu_si128(nibbles.as_ptr().cast()),
            _mm_loadu_si128(HIGH.as_ptr().cast()),
        )
    };
    let nibble = _mm_set1_epi8(0x0F);
    let row = _mm_shuffle_epi8(rows, _mm_and_si128(v, nibble));
    let column = _mm_shuffle_epi8(columns, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    let out = _mm_cmpeq_epi8(_mm_and_si128(row, column), _mm_setzero_si128());
    _mm_movemask_epi8(out) as u32
}
