//! The AVX2 fast path of [`Encoder::encode`]: 32 bytes a step, classified at once by the
//! literal set's shufti classifier ([`crate::sets::ByteSet::outside_avx2`]) and written with
//! no branch on which bytes are escaped.

use std::arch::x86_64::*;

use super::{BLOCK, Encoder};

/// For each mask of four bits (the bytes of a group of four to escape), the `pshufb` indices
/// that write the group from a register that holds its four bytes, then their four high hex
/// digits, their four low ones and four `%`: `%`, high and low digit for a byte to escape,
/// the byte itself for one to keep. Four to twelve bytes; the rest is never read (the next
/// group's store overwrites it).
static WRITTEN: [[u8; 16]; 16] = {
    let mut table = [[0; 16]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut n, mut k) = (0, 0);
        while k < 4 {
            if mask >> k & 1 == 1 {
                table[mask][n] = 12;
                table[mask][n + 1] = 4 + k as u8;
                table[mask][n + 2] = 8 + k as u8;
                n += 3;
            } else {
                table[mask][n] = k as u8;
                n += 1;
            }
            k += 1;
        }
        mask += 1;
    }
    table
};

/// Encodes whole blocks of [`BLOCK`] bytes from the start of `input` while a block more
/// follows, and returns how far it got in `input` and in `dst`, which must have room for three
/// bytes per input byte and [`BLOCK`] more. The encoder's literal set must be ASCII (the
/// classifier's condition).
///
/// One classifier call finds the bytes of a block to escape. A block with none is copied in
/// one store. Otherwise the block goes in eight groups of four bytes: the high and low hex
/// digits of all 32 are looked up at once (`pshufb` on the nibbles), four `unpck` steps put
/// each group's bytes, digits and four `%` in a register lane of their own, and a `pshufb`
/// whose indices a table gives for the group's four bits writes the group's output (each byte,
/// or its escape), stored after the group before it.
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn encode(encoder: &Encoder, input: &[u8], dst: &mut [u8]) -> (usize, usize) {
    // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
    let digits = unsafe { _mm_loadu_si128(encoder.digits.as_ptr().cast()) };
    let digits = _mm256_broadcastsi128_si256(digits);
    let nibble = _mm256_set1_epi8(0x0F);
    let percent = _mm256_set1_epi8(b'%' as i8);
    let (space, plus) = (_mm256_set1_epi8(b' ' as i8), _mm256_set1_epi8(b'+' as i8));
    let (mut i, mut o) = (0, 0);
    while let Some(window) = input.get(i..i + 2 * BLOCK) {
        let Some(block) = window.first_chunk::<BLOCK>() else {
            break;
        };
        let Some(out) = dst.get_mut(o..o + 3 * BLOCK + BLOCK) else {
            unreachable!("dst has room for three bytes per input byte and a block")
        };
        // SAFETY: reads 32 bytes of a 32-byte array; unaligned is allowed.
        let mut bytes = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
        let mut escapes = encoder.literal.outside_avx2(block);
        if encoder.plus {
            // A space is written as `+`, one byte: no escape.
            let spaces = _mm256_cmpeq_epi8(bytes, space);
            escapes &= !(_mm256_movemask_epi8(spaces) as u32);
            bytes = _mm256_blendv_epi8(bytes, plus, spaces);
        }
        if escapes == 0 {
            // SAFETY: writes 32 bytes into the first 32 of `out`; unaligned is allowed.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), bytes) };
            (i, o) = (i + BLOCK, o + BLOCK);
            continue;
        }
        let high = _mm256_shuffle_epi8(
            digits,
            _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble),
        );
        let low = _mm256_shuffle_epi8(digits, _mm256_and_si256(bytes, nibble));
        // Groups 0 and 1 of each 16-byte lane, then 2 and 3: bytes and high digits,
        // low digits and `%`, four by four.
        let bytes_high = [
            _mm256_unpacklo_epi32(bytes, high),
            _mm256_unpackhi_epi32(bytes, high),
        ];
        let low_percent = [
            _mm256_unpacklo_epi32(low, percent),
            _mm256_unpackhi_epi32(low, percent),
        ];
        // Group k of the lane, for k = 0 to 3: lane 0 holds group k of the block, lane 1
        // group 4 + k.
        let groups = [
            _mm256_unpacklo_epi64(bytes_high[0], low_percent[0]),
            _mm256_unpackhi_epi64(bytes_high[0], low_percent[0]),
            _mm256_unpacklo_epi64(bytes_high[1], low_percent[1]),
            _mm256_unpackhi_epi64(bytes_high[1], low_percent[1]),
        ];
        let mask = |k: usize| (escapes >> (4 * k) & 0xF) as usize;
        // Where group k's output starts: four bytes for each byte before it, two more for
        // each escape.
        let at = |k: usize| 4 * k + 2 * (escapes & ((1u32 << (4 * k)) - 1)).count_ones() as usize;
        let written = |k: usize| {
            let (first, second) = (&WRITTEN[mask(k)], &WRITTEN[mask(4 + k)]);
            // SAFETY: reads 16 bytes of each of two 16-byte arrays; unaligned is allowed.
            let indices =
                unsafe { _mm256_loadu2_m128i(second.as_ptr().cast(), first.as_ptr().cast()) };
            _mm256_shuffle_epi8(groups[k], indices)
        };
        let written = [written(0), written(1), written(2), written(3)];
        // In the order of the groups, as each store writes past its group's output into
        // the next one's.
        for k in 0..8 {
            let lane = match k < 4 {
                true => _mm256_castsi256_si128(written[k]),
                false => _mm256_extracti128_si256::<1>(written[k - 4]),
            };
            // SAFETY: writes 16 bytes at `at(k)`, at most 84, inside the 128 bytes of
            // `out`; unaligned is allowed.
            unsafe { _mm_storeu_si128(out.as_mut_ptr().add(at(k)).cast(), lane) };
        }
        o += BLOCK + 2 * escapes.count_ones() as usize;
        i += BLOCK;
    }
    (i, o)
}
