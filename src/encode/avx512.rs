//! The AVX-512 fast path of [`Encoder::encode`] (with VBMI and VBMI2): 64 bytes a step, with
//! no branch on which bytes are escaped.

use std::arch::x86_64::*;

use super::Encoder;

/// Input bytes one permutation step takes: each becomes three output slots, and 3 × 21 = 63
/// slots fill a 64-byte register.
const STEP: usize = 21;

/// For each of the three steps of a block, the input byte each output slot is made from
/// (`vpermb` indices): slot `s` of step `k` takes byte `21 k + s / 3`.
const SLOT_SOURCES: [[u8; 64]; 3] = {
    let mut at = [[0; 64]; 3];
    let mut s = 0;
    while s < 63 {
        at[0][s] = (s / 3) as u8;
        at[1][s] = (STEP + s / 3) as u8;
        at[2][s] = (2 * STEP + s / 3) as u8;
        s += 1;
    }
    at
};

/// The first slot of each three (where `%`, or the literal byte, goes).
const FIRST: u64 = 0x1249_2492_4924_9249 & ((1 << 63) - 1);
/// The second slot of each three (the high hex digit).
const SECOND: u64 = FIRST << 1;

/// Encodes from the start of `input` while a 64-byte block follows, into `dst` (room for three
/// bytes per input byte and 64 more), and returns how far it got in each.
///
/// A block with nothing to change is copied in one store. Otherwise it goes 21 bytes at a time
/// (three steps of 21, 63 bytes; the 64th starts the next block): `vpermb` writes each byte into
/// three consecutive slots, which become `%` and two hex digits where the byte is escaped, or
/// the byte (`+` for a space) and two slots that the compress (`vpcompressb`) drops.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,bmi2,popcnt")]
pub(super) fn encode(encoder: &Encoder, input: &[u8], dst: &mut [u8]) -> (usize, usize) {
    let load = |bytes: &[u8; 64]| {
        // SAFETY: reads 64 bytes of a 64-byte array; unaligned is allowed.
        unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
    };
    let set1 = |b: u8| _mm512_set1_epi8(b as i8);
    let tables = encoder.escaped.each_ref().map(load);
    let slot_sources = SLOT_SOURCES.each_ref().map(load);
    let mut digits = [0; 64];
    digits[..16].copy_from_slice(&encoder.digits);
    let digits = load(&digits);
    let (mut i, mut o) = (0, 0);
    while let Some(block) = input.get(i..i + 64).and_then(|b| b.first_chunk::<64>()) {
        let bytes = load(block);
        // A bit for each byte to escape: its table entry's sign bit, from the tables of bytes
        // below 0x80 or the ones above, by the byte's own sign bit.
        let escaped = _mm512_movepi8_mask(_mm512_mask_blend_epi8(
            _mm512_movepi8_mask(bytes),
            _mm512_permutex2var_epi8(tables[0], bytes, tables[1]),
            _mm512_permutex2var_epi8(tables[2], bytes, tables[3]),
        ));
        let spaces = match encoder.plus {
            true => _mm512_cmpeq_epi8_mask(bytes, set1(b' ')),
            false => 0,
        };
        if escaped | spaces == 0 {
            let Some(out) = dst.get_mut(o..o + 64) else {
                unreachable!("dst has room for three bytes per input byte and a block")
            };
            // SAFETY: writes 64 bytes into a 64-byte slice; unaligned is allowed.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), bytes) };
            (i, o) = (i + 64, o + 64);
            continue;
        }
        for (step, sources) in slot_sources.iter().enumerate() {
            // The step's bits, each deposited in the first of its three slots (`pdep`); times
            // 7, in all three.
            let spread = |bits: u64| _pdep_u64(bits >> (step * STEP), FIRST);
            let escapes = spread(escaped) * 7;
            let slots = _mm512_permutexvar_epi8(*sources, bytes);
            let nibbles = _mm512_and_si512(
                _mm512_mask_blend_epi8(SECOND, slots, _mm512_srli_epi16(slots, 4)),
                set1(0x0F),
            );
            let first = _mm512_mask_blend_epi8(escapes, slots, set1(b'%'));
            let first = _mm512_mask_mov_epi8(first, spread(spaces), set1(b'+'));
            let written =
                _mm512_mask_blend_epi8(FIRST, _mm512_permutexvar_epi8(nibbles, digits), first);
            let keep = FIRST | escapes;
            let Some(out) = dst.get_mut(o..o + 64) else {
                unreachable!("dst has room for three bytes per input byte and a block")
            };
            let kept = _mm512_maskz_compress_epi8(keep, written);
            // SAFETY: writes 64 bytes into a 64-byte slice; unaligned is allowed.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), kept) };
            o += keep.count_ones() as usize;
        }
        i += 3 * STEP;
    }
    (i, o)
}
