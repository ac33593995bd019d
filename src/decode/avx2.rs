//! The AVX2 fast path of the decoder's raw loop: a block's `%` found at once, and text that is
//! mostly escapes decoded 32 escapes at a time.

use super::HEX_VALUE;
use std::arch::x86_64::*;

/// Bytes looked at in one step: 32 escapes, or a block with the store of a literal run
/// that starts in it and the two digits of an escape that starts at its end.
const BLOCK: usize = 32;
const WINDOW: usize = 3 * BLOCK;

/// Decodes from the start of `input` into `dst` (one byte per input byte and
/// [`super::ROOM`] more) while a window of bytes follows, stopping before a malformed
/// escape if `strict`; returns how far it got in each.
///
/// Text that is mostly escapes (non-ASCII, encoded) goes 32 escapes at a time through
/// [`escapes32`], and a literal run between them is copied up to the next `%`. Elsewhere
/// a block's `%` (and `+`) are found at once and reached by their bits: the literal bytes
/// before each are copied with one fixed-size store from the input (it may write past
/// them, into room the next store overwrites), then the escape is decoded through the
/// table.
#[target_feature(enable = "avx2,popcnt")]
pub fn decode(input: &[u8], plus: bool, strict: bool, dst: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    // In text of escapes: whether to try 32 at once, and whether the last try ended
    // at a byte that begins none.
    let (mut dense, mut stopped) = (false, false);
    while let Some(window) = input.get(i..i + WINDOW) {
        let Some(block) = window.first_chunk::<BLOCK>() else {
            break;
        };
        if let (true, false, Some(escapes), Some(out)) = (
            dense,
            stopped,
            window.first_chunk::<96>(),
            dst[o..].first_chunk_mut::<32>(),
        ) {
            let n = escapes32(escapes, out);
            (i, o) = (i + 3 * n, o + n);
            stopped = n < 32;
            continue;
        }
        if stopped {
            stopped = false;
            // Literal text between escapes: copied up to the next `%`, and escapes again.
            let run = marks(block, plus).trailing_zeros() as usize;
            if run > 0 {
                dst[o..o + BLOCK].copy_from_slice(block);
                (i, o) = (i + run, o + run);
                dense = run < BLOCK;
                continue;
            }
        }
        let mut marks = marks(block, plus);
        dense = marks.count_ones() >= 8 && window[0] == b'%';
        let mut from = 0;
        while marks != 0 {
            let j = marks.trailing_zeros() as usize;
            marks &= marks - 1;
            dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
            o += j - from;
            if window[j] == b'+' {
                dst[o] = b' ';
                from = j + 1;
            } else {
                let high = HEX_VALUE[usize::from(window[j + 1])];
                let low = HEX_VALUE[usize::from(window[j + 2])];
                if high | low < 16 {
                    dst[o] = high << 4 | low;
                    from = j + 3;
                } else if strict {
                    return (i + j, o);
                } else {
                    dst[o] = b'%';
                    from = j + 1;
                }
            }
            o += 1;
        }
        if from < BLOCK {
            dst[o..o + BLOCK].copy_from_slice(&window[from..from + BLOCK]);
            o += BLOCK - from;
            from = BLOCK;
        }
        i += from;
    }
    (i, o)
}

/// A bit for each `%` of `block`, and each `+` if `plus`.
#[target_feature(enable = "avx2")]
fn marks(block: &[u8; BLOCK], plus: bool) -> u32 {
    // SAFETY: reads 32 bytes of a 32-byte array; unaligned is allowed.
    let v = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
    let mut found = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'%' as i8));
    if plus {
        found = _mm256_or_si256(found, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'+' as i8)));
    }
    _mm256_movemask_epi8(found) as u32
}

/// For each of sixteen escapes, where its `%`, high or low digit (`offset` 0, 1, 2) is in
/// 48 bytes, as `pshufb` masks for each third of them (0x80 where the byte is in another
/// third); the same in both 16-byte lanes.
const fn gather(offset: usize) -> [[u8; 32]; 3] {
    let mut masks = [[0x80; 32]; 3];
    let mut k = 0;
    while k < 16 {
        let at = 3 * k + offset;
        masks[at / 16][k] = (at % 16) as u8;
        masks[at / 16][16 + k] = (at % 16) as u8;
        k += 1;
    }
    masks
}
const PERCENTS: [[u8; 32]; 3] = gather(0);
const HIGHS: [[u8; 32]; 3] = gather(1);
const LOWS: [[u8; 32]; 3] = gather(2);

/// Writes the bytes that 96 bytes taken as 32 escapes (`%` and two hex digits each) name,
/// and returns how many of them, from the first, are escapes.
///
/// `pshufb` gathers within a 16-byte lane only, so the first lane works on the first 48
/// bytes and the second on the next 48, each as three thirds of 16.
#[target_feature(enable = "avx2")]
fn escapes32(bytes: &[u8; 96], out: &mut [u8; 32]) -> usize {
    // SAFETY: reads 16 bytes at `at` and at `at + 48`, inside the 96 (`at` is at most 32);
    // unaligned is allowed.
    let third = |at: usize| unsafe {
        let p = bytes[at..].as_ptr();
        _mm256_loadu2_m128i(p.add(48).cast(), p.cast())
    };
    // SAFETY: reads 32 bytes of a 32-byte array; unaligned is allowed.
    let mask = |mask: &[u8; 32]| unsafe { _mm256_loadu_si256(mask.as_ptr().cast()) };
    let thirds = [third(0), third(16), third(32)];
    let gathered = |masks: &[[u8; 32]; 3]| {
        let mut v = _mm256_setzero_si256();
        for (third, m) in thirds.iter().zip(masks) {
            v = _mm256_or_si256(v, _mm256_shuffle_epi8(*third, mask(m)));
        }
        v
    };
    // A hex digit's value, with 0xFF in the mask where a byte is no hex digit: `x` is in
    // `lo..lo + n` when `x - lo` (wrapping) is at most `n - 1`.
    let digits = |c: __m256i| {
        let in_range =
            |d: __m256i, max: i8| _mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(max)), d);
        let decimal = _mm256_sub_epi8(c, _mm256_set1_epi8(b'0' as i8));
        let letter = _mm256_sub_epi8(
            _mm256_or_si256(c, _mm256_set1_epi8(0x20)),
            _mm256_set1_epi8(b'a' as i8),
        );
        let (is_decimal, is_letter) = (in_range(decimal, 9), in_range(letter, 5));
        let letter = _mm256_add_epi8(letter, _mm256_set1_epi8(10));
        let value = _mm256_or_si256(
            _mm256_and_si256(is_decimal, decimal),
            _mm256_and_si256(is_letter, letter),
        );
        (value, _mm256_or_si256(is_decimal, is_letter))
    };
    let percent = _mm256_cmpeq_epi8(gathered(&PERCENTS), _mm256_set1_epi8(b'%' as i8));
    let (high, high_ok) = digits(gathered(&HIGHS));
    let (low, low_ok) = digits(gathered(&LOWS));
    let ok = _mm256_and_si256(percent, _mm256_and_si256(high_ok, low_ok));
    let escapes = (!_mm256_movemask_epi8(ok)).trailing_zeros().min(32) as usize;
    // Each value is at most 15, so the 16-bit shift moves no bit into the next byte.
    let value = _mm256_or_si256(_mm256_slli_epi16(high, 4), low);
    // SAFETY: writes 32 bytes into a 32-byte array; unaligned is allowed.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), value) };
    escapes
}
