//! The AVX-512 fast path of the decoder's raw loop (with VBMI and VBMI2): 64 bytes a step,
//! with no branch on what they hold.

use super::HEX_VALUE;
use std::arch::x86_64::*;

const BLOCK: usize = 64;

/// [`HEX_VALUE`] for the 128 ASCII bytes, in two halves of 64 (the two tables of one
/// `vpermi2b`), with 0x80 for no hex digit.
const DIGITS: [[u8; 64]; 2] = {
    let mut table = [[0x80; 64]; 2];
    let mut b = 0;
    while b < 128 {
        if HEX_VALUE[b] < 16 {
            table[b / 64][b % 64] = HEX_VALUE[b];
        }
        b += 1;
    }
    table
};

/// Decodes from the start of `input` into `dst` (one byte per input byte and
/// [`super::ROOM`] more) while a block and two bytes follow, stopping before a malformed
/// escape if `strict`; returns how far it got in each.
///
/// Each step reads the block three times, from its start and one and two bytes on, so
/// that every byte is seen with the two after it. A `%` whose next two bytes are hex digits
/// begins an escape: it takes the value they name, the two digits are dropped (in the next
/// block, for an escape at the end of this one), `+` becomes a space if `plus`, and the kept
/// bytes are compressed (`vpcompressb`) into one 64-byte store.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt")]
pub(crate) fn decode(input: &[u8], plus: bool, strict: bool, dst: &mut [u8]) -> (usize, usize) {
    let load = |bytes: &[u8; BLOCK]| {
        // SAFETY: reads 64 bytes of a 64-byte array; unaligned is allowed.
        unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
    };
    let (low_half, high_half) = (load(&DIGITS[0]), load(&DIGITS[1]));
    let sign = _mm512_set1_epi8(0x80u8 as i8);
    // Each byte's digit value, and whether it is none: the table sees the low seven bits
    // only, so a byte of 0x80 or more adds its own sign bit (`value | byte & 0x80`).
    let digits = |bytes: __m512i| {
        let value = _mm512_permutex2var_epi8(low_half, bytes, high_half);
        let none = _mm512_ternarylogic_epi32::<0xF8>(value, bytes, sign);
        (value, none)
    };
    let (mut i, mut o) = (0, 0);
    // The digits of an escape that began at the end of the block before: bits 0 and 1.
    let mut carried = 0u64;
    while let Some(window) = input.get(i..i + BLOCK + 2) {
        let at = |offset: usize| match window[offset..].first_chunk::<BLOCK>() {
            Some(bytes) => load(bytes),
            None => unreachable!("the window has a block and two bytes"),
        };
        let bytes = at(0);
        let (high, high_none) = digits(at(1));
        let (low, low_none) = digits(at(2));
        let no_pair = _mm512_movepi8_mask(_mm512_or_si512(high_none, low_none));
        let percents = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b'%' as i8));
        let escapes = percents & !no_pair;
        let mut keep = !(escapes << 1 | escapes << 2 | carried);
        let stray = percents & !escapes;
        let stop = if strict && stray != 0 {
            let stop = stray.trailing_zeros();
            keep &= (1 << stop) - 1;
            Some(stop as usize)
        } else {
            None
        };
        // high << 4 | low; the 16-bit shift moves bits across bytes, so the `& 0xF0`.
        let value = _mm512_ternarylogic_epi32::<0xEA>(
            _mm512_slli_epi16(high, 4),
            _mm512_set1_epi8(0xF0u8 as i8),
            low,
        );
        let mut decoded = _mm512_mask_blend_epi8(escapes, bytes, value);
        if plus {
            let pluses = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b'+' as i8));
            decoded = _mm512_mask_mov_epi8(decoded, pluses, _mm512_set1_epi8(b' ' as i8));
        }
        let kept = _mm512_maskz_compress_epi8(keep, decoded);
        let Some(out) = dst.get_mut(o..o + BLOCK) else {
            unreachable!("dst has room for a block past each input byte")
        };
        // SAFETY: writes 64 bytes into a 64-byte slice; unaligned is allowed.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), kept) };
        o += keep.count_ones() as usize;
        if let Some(stop) = stop {
            return (i + stop, o);
        }
        carried = escapes >> 62 | escapes >> 63;
        i += BLOCK;
    }
    (i + carried.count_ones() as usize, o)
}
