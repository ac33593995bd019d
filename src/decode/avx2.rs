//! The AVX2 fast path of the decoder's raw loop: 32 bytes a step, with no branch on what they
//! hold, as the AVX-512 loop does 64, the compress done with `pshufb` and a table.

use std::arch::x86_64::*;

const BLOCK: usize = 32;

/// For each mask of eight bits, the places of its set bits, lowest first: the `pshufb`
/// indices that gather the bytes of a group of eight that the mask keeps to its front (the
/// rest is never read: it is written past what is kept, and the next store overwrites it).
static KEPT: [u64; 256] = {
    let mut table = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut entry, mut n, mut bit) = (0u64, 0, 0);
        while bit < 8 {
            if mask >> bit & 1 == 1 {
                entry |= (bit as u64) << (8 * n);
                n += 1;
            }
            bit += 1;
        }
        table[mask] = entry;
        mask += 1;
    }
    table
};

/// By low nibble: bit 0 where a byte with a high nibble of 3 is a digit (`0`-`9`), bit 1
/// where one with a high nibble of 4 or 6 is a letter (`A`-`F`, `a`-`f`).
const LOW_CLASS: [u8; 16] = [1, 3, 3, 3, 3, 3, 3, 1, 1, 1, 0, 0, 0, 0, 0, 0];
/// By high nibble: the class bit of [`LOW_CLASS`] it takes.
const HIGH_CLASS: [u8; 16] = [0, 0, 0, 1, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// By high nibble: what to add to sixteen times the low nibble to make the high digit's part
/// of the value (`A` is 0x41: 0x10 + 0x90 = 0xA0).
const HIGH_VALUE: [u8; 16] = [0, 0, 0, 0, 0x90, 0, 0x90, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// By high nibble: what to add to the low nibble to make a low digit's value.
const LOW_VALUE: [u8; 16] = [0, 0, 0, 0, 9, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// Decodes from the start of `input` into `dst` (one byte per input byte and
/// [`super::ROOM`] more) while a block and two bytes follow, stopping before a malformed
/// escape if `strict`; returns how far it got in each.
///
/// Each step reads the block three times, from its start and one and two bytes on, so that
/// every byte is seen with the two after it. A `%` whose next two bytes are hex digits
/// begins an escape: it takes the value they name, the two digits are dropped (in the next
/// block, for an escape at the end of this one), `+` becomes a space if `plus`. The kept
/// bytes are packed eight at a time, each group by a `pshufb` whose indices come from a
/// table of the 256 masks, and stored one group after the other.
#[target_feature(enable = "avx2,popcnt")]
pub(crate) fn decode(input: &[u8], plus: bool, strict: bool, dst: &mut [u8]) -> (usize, usize) {
    let table = |t: &[u8; 16]| {
        // SAFETY: reads 16 bytes of a 16-byte array; unaligned is allowed.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
    };
    let (low_class, high_class) = (table(&LOW_CLASS), table(&HIGH_CLASS));
    let (high_value, low_value) = (table(&HIGH_VALUE), table(&LOW_VALUE));
    let nibble = _mm256_set1_epi8(0x0F);
    let zero = _mm256_setzero_si256();
    // Each byte's low and high nibble, and 0xFF where it is no hex digit.
    let classify = |bytes: __m256i| {
        let low = _mm256_and_si256(bytes, nibble);
        let high = _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble);
        let class = _mm256_and_si256(
            _mm256_shuffle_epi8(low_class, low),
            _mm256_shuffle_epi8(high_class, high),
        );
        (low, high, _mm256_cmpeq_epi8(class, zero))
    };
    let load = |bytes: &[u8]| match bytes.first_chunk::<BLOCK>() {
        // SAFETY: reads 32 bytes of a 32-byte array; unaligned is allowed.
        Some(bytes) => unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) },
        None => unreachable!("the window has a block and two bytes"),
    };
    let (mut i, mut o) = (0, 0);
    // The digits of an escape that began at the end of the block before: bits 0 and 1.
    let mut carried = 0u32;
    while let Some(window) = input.get(i..i + BLOCK + 2) {
        let bytes = load(window);
        let (high_low, high_high, high_none) = classify(load(&window[1..]));
        let (low_low, low_high, low_none) = classify(load(&window[2..]));
        let percents = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'%' as i8));
        let escapes = _mm256_andnot_si256(_mm256_or_si256(high_none, low_none), percents);
        // Sixteen times the high digit's low nibble (the `and` keeps each byte's bits in it),
        // plus 0x90 for a letter, plus the low digit's value: no byte carries into the next.
        let value = _mm256_add_epi8(
            _mm256_add_epi8(
                _mm256_slli_epi16(high_low, 4),
                _mm256_shuffle_epi8(high_value, high_high),
            ),
            _mm256_add_epi8(low_low, _mm256_shuffle_epi8(low_value, low_high)),
        );
        let mut decoded = _mm256_blendv_epi8(bytes, value, escapes);
        if plus {
            let pluses = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'+' as i8));
            decoded = _mm256_blendv_epi8(decoded, _mm256_set1_epi8(b' ' as i8), pluses);
        }
        let escaped = _mm256_movemask_epi8(escapes) as u32;
        let mut keep = !(escaped << 1 | escaped << 2 | carried);
        let mut stop = None;
        if strict {
            let stray = _mm256_movemask_epi8(percents) as u32 & !escaped;
            if stray != 0 {
                let at = stray.trailing_zeros();
                keep &= (1 << at) - 1;
                stop = Some(at as usize);
            }
        }
        let group = |k: u32| KEPT[(keep >> (8 * k) & 0xFF) as usize] as i64;
        // The second group of each lane takes its bytes from the lane's upper half.
        let indices = _mm256_add_epi64(
            _mm256_set_epi64x(group(3), group(2), group(1), group(0)),
            _mm256_set_epi64x(0x0808_0808_0808_0808, 0, 0x0808_0808_0808_0808, 0),
        );
        let packed = _mm256_shuffle_epi8(decoded, indices);
        let lanes = [
            _mm256_castsi256_si128(packed),
            _mm256_extracti128_si256(packed, 1),
        ];
        let Some(out) = dst.get_mut(o..o + BLOCK) else {
            unreachable!("dst has room for a block past each input byte")
        };
        let mut at = 0;
        for (k, lane) in lanes.iter().enumerate() {
            let first = (keep >> (16 * k) & 0xFF).count_ones() as usize;
            let second = (keep >> (16 * k + 8) & 0xFF).count_ones() as usize;
            // SAFETY: writes 8 bytes at `at` and 8 at `at + first`, inside the 32 bytes of
            // `out` (`at` is at most 16 and `first` at most 8); unaligned is allowed.
            unsafe {
                let p = out.as_mut_ptr().add(at);
                _mm_storel_epi64(p.cast(), *lane);
                _mm_storeh_pd(p.add(first).cast(), _mm_castsi128_pd(*lane));
            }
            at += first + second;
        }
        o += at;
        if let Some(stop) = stop {
            return (i + stop, o);
        }
        carried = escaped >> 30 | escaped >> 31;
        i += BLOCK;
    }
    (i + carried.count_ones() as usize, o)
}
