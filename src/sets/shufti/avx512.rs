//! The classifier with AVX-512 (F and BW): 64 bytes a step, read with a masked load, so that a
//! short slice takes one step and nothing past its end is read.

use std::arch::x86_64::*;

use super::HIGH;

/// [`super::ssse3::outside`] of the first 64 bytes of `bytes` (all of them if fewer) at once,
/// for each set whose tables `nibbles` holds (the same tables in each 16-byte lane), and for
/// each byte value of `singles`, a bit for each of those bytes equal to it (one comparison a
/// value, where a set of one byte would take two steps); and how many bytes that was.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
pub(crate) fn classify64<const N: usize, const M: usize>(
    nibbles: [&[u8; 16]; N],
    singles: [u8; M],
    bytes: &[u8],
) -> ([u64; N], [u64; M], usize) {
    let (n, within) = super::first64(bytes);
    // SAFETY: the masked load reads only the first `n` bytes, which `bytes` has (the
    // others are neither read nor faulted on); unaligned is allowed.
    let v = unsafe { _mm512_maskz_loadu_epi8(within, bytes.as_ptr().cast()) };
    let broadcast = |table: &[u8; 16]| {
        // SAFETY: reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
        _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
    };
    let nibble = _mm512_set1_epi8(0x0F);
    let low = _mm512_and_si512(v, nibble);
    let high = _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble);
    let column = _mm512_shuffle_epi8(broadcast(&HIGH), high);
    let outside = nibbles.map(|rows| {
        let row = _mm512_shuffle_epi8(broadcast(rows), low);
        !_mm512_test_epi8_mask(row, column) & within
    });
    let equal = singles.map(|b| _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b as i8)) & within);
    (outside, equal, n)
}
