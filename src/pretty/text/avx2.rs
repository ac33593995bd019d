//! [`unclear_in`](super::unclear_in) with AVX2: the check of UTF-8 and of the bytes of
//! [`ATTENTION`] in one pass, 64 bytes a step.

use super::{ATTENTION, Unclear, code_point_at, utf8_len};
use crate::visible::{LISTED_IN_BMP, is_listed};
use std::arch::x86_64::__m256i;

/// Where the character that holds the byte before `i` of `text` starts, if it is not whole
/// before `i`; else `i`. The bytes before `i` are well-formed but for the last character,
/// which may be cut (and one that is whole may have been written: it is not taken again).
fn boundary_before(text: &[u8], i: usize) -> usize {
    for k in (i.saturating_sub(3)..i).rev() {
        let len = match text[k] {
            0x80..0xC0 => continue,
            0..0x80 => 1,
            0xC0..0xE0 => 2,
            0xE0..0xF0 => 3,
            _ => 4,
        };
        return if k + len > i { k } else { i };
    }
    i
}

/// The tables of the check of UTF-8 of John Keiser and Daniel Lemire ("Validating UTF-8 In
/// Less Than One Instruction Per Byte", 2021, as simdjson has it): each error of Unicode
/// Table 3-7 is a bit, set in the table of the first byte's high nibble, of its low nibble and
/// of the second byte's high nibble where that pair of bytes can be that error. A third or
/// fourth byte where none is due, or none where one is, is caught apart.
mod table_3_7 {
    /// A first byte or ASCII that no continuation byte follows, or another first byte.
    const TOO_SHORT: u8 = 1 << 0;
    /// A continuation byte after ASCII.
    const TOO_LONG: u8 = 1 << 1;
    /// E0 followed by 80–9F.
    const OVERLONG_3: u8 = 1 << 2;
    /// F4 followed by 90–BF, or F5–FF followed by 90–BF.
    const TOO_LARGE: u8 = 1 << 3;
    /// ED followed by A0–BF.
    const SURROGATE: u8 = 1 << 4;
    /// C0 or C1 followed by a continuation byte.
    const OVERLONG_2: u8 = 1 << 5;
    /// F5–FF followed by 80–8F, or F0 followed by 80–8F (one bit, as the first nibbles tell
    /// them apart).
    const TOO_LARGE_1000: u8 = 1 << 6;
    const OVERLONG_4: u8 = 1 << 6;
    /// Two continuation bytes: an error unless a third or fourth byte is due.
    pub(super) const TWO_CONTS: u8 = 1 << 7;
    const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

    /// By the first byte's high nibble.
    pub(super) const FIRST_HIGH: [u8; 16] = [
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TOO_SHORT | OVERLONG_2,
        TOO_SHORT,
        TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
    ];

    /// By the first byte's low nibble.
    pub(super) const FIRST_LOW: [u8; 16] = {
        let large = CARRY | TOO_LARGE | TOO_LARGE_1000;
        [
            CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
            CARRY | OVERLONG_2,
            CARRY,
            CARRY,
            CARRY | TOO_LARGE,
            large,
            large,
            large,
            large,
            large,
            large,
            large,
            large,
            large | SURROGATE,
            large,
            large,
        ]
    };

    /// By the second byte's high nibble.
    pub(super) const SECOND_HIGH: [u8; 16] = {
        let cont = TOO_LONG | OVERLONG_2 | TWO_CONTS;
        [
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            cont | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
            cont | OVERLONG_3 | TOO_LARGE,
            cont | SURROGATE | TOO_LARGE,
            cont | SURROGATE | TOO_LARGE,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
            TOO_SHORT,
        ]
    };
}

/// [`ATTENTION`] as two tables of 16, for a byte shuffle: each high nibble that has a byte of
/// it gets a bit of its own (eight at most, a `const` panic says), set in the high table at
/// that nibble and in the low table at the low nibble of each of its bytes; a byte is one of
/// them where the two entries share a bit.
pub(super) const ATTENTION_NIBBLES: ([u8; 16], [u8; 16]) = {
    let (mut high, mut low) = ([0u8; 16], [0u8; 16]);
    let mut bit = 0;
    let mut h = 0;
    while h < 16 {
        let mut l = 0;
        while l < 16 {
            if ATTENTION[h << 4 | l] {
                if high[h] == 0 {
                    assert!(bit < 8, "more than eight high nibbles");
                    high[h] = 1 << bit;
                    bit += 1;
                }
                low[l] |= high[h];
            }
            l += 1;
        }
        h += 1;
    }
    (high, low)
};

/// [`unclear_in`](super::unclear_in) with AVX2, 64 bytes a step: the check of UTF-8 of
/// [`table_3_7`] and the bytes of [`ATTENTION`], in one pass. A block with an error of UTF-8
/// is left to the rule whole; in one without, each byte of [`ATTENTION`] is looked at (but
/// the punctuation that [`unlisted_punctuation`] clears), and a character decoded where one
/// begins. The last bytes are copied into a block of spaces, which end no character:
/// so one cut at the end of `text` is found too.
#[target_feature(enable = "avx2")]
pub(super) fn unclear_avx2(text: &[u8], mut listed: impl FnMut(usize, usize)) -> Option<Unclear> {
    use std::arch::x86_64::*;

    // A table of 16, in each 128-bit lane (a byte shuffle looks up within its lane).
    let table = |t: &[u8; 16]| {
        // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
    };
    let (first_high, first_low) = (table(&table_3_7::FIRST_HIGH), table(&table_3_7::FIRST_LOW));
    let second_high = table(&table_3_7::SECOND_HIGH);
    let (attention_high, attention_low) =
        (table(&ATTENTION_NIBBLES.0), table(&ATTENTION_NIBBLES.1));
    let nibble = _mm256_set1_epi8(0x0F);
    let high = |v: __m256i| _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
    let low = |v: __m256i| _mm256_and_si256(v, nibble);
    // The bits of the errors of each byte of `v`, the 32 bytes before it being `last`.
    let errors = |v: __m256i, last: __m256i| {
        // The bytes of `v` moved up by one, two, three, those of `last` coming in.
        let across = _mm256_permute2x128_si256::<0x21>(last, v);
        let (one, two, three) = (
            _mm256_alignr_epi8::<15>(v, across),
            _mm256_alignr_epi8::<14>(v, across),
            _mm256_alignr_epi8::<13>(v, across),
        );
        let pairs = _mm256_and_si256(
            _mm256_and_si256(
                _mm256_shuffle_epi8(first_high, high(one)),
                _mm256_shuffle_epi8(first_low, low(one)),
            ),
            _mm256_shuffle_epi8(second_high, high(v)),
        );
        // A third byte is due two after E0–FF, a fourth three after F0–FF: then the high bit.
        let due = _mm256_or_si256(
            _mm256_subs_epu8(two, _mm256_set1_epi8(0xE0u8.wrapping_sub(0x80) as i8)),
            _mm256_subs_epu8(three, _mm256_set1_epi8(0xF0u8.wrapping_sub(0x80) as i8)),
        );
        let due = _mm256_and_si256(due, _mm256_set1_epi8(table_3_7::TWO_CONTS as i8));
        _mm256_xor_si256(due, pairs)
    };
    let attention = |v: __m256i| {
        let both = _mm256_and_si256(
            _mm256_shuffle_epi8(attention_high, high(v)),
            _mm256_shuffle_epi8(attention_low, low(v)),
        );
        let none = _mm256_movemask_epi8(_mm256_cmpeq_epi8(both, _mm256_setzero_si256()));
        u64::from(!(none as u32))
    };
    let load = |half: &[u8]| {
        let half: &[u8; 32] = half.try_into().expect("32 of 64 bytes");
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
        unsafe { _mm256_loadu_si256(half.as_ptr().cast()) }
    };
    // Before `text`, a character ended (ASCII, for the check).
    let mut last = _mm256_setzero_si256();
    let mut padded = [b' '; 64];
    let mut at = 0;
    loop {
        // Each block of `text`, then its last bytes (none, maybe) padded; the rule takes a
        // block whole, to `end`, where its UTF-8 is not well-formed.
        let (block, end, last_block) = match text.get(at..at + 64) {
            Some(block) => (block, at + 64, false),
            None => {
                padded[..text.len() - at].copy_from_slice(&text[at..]);
                (&padded[..], text.len(), true)
            }
        };
        let (a, b) = (load(&block[..32]), load(&block[32..]));
        let wrong = _mm256_or_si256(errors(a, last), errors(b, a));
        if _mm256_testz_si256(wrong, wrong) == 0 {
            let at = boundary_before(text, at);
            return Some(Unclear { at, through: end });
        }
        let before = last;
        last = b;
        // The listed characters are found first, then written: a branch a character on what
        // the table says would be mispredicted in text that mixes listed and other
        // punctuation.
        let (mut hits, mut refused, mut cut) = (attention(a) | attention(b) << 32, 0u64, None);
        if hits != 0 {
            // Those of the punctuation that are not listed, by their third byte (whose lead
            // is two before; one whose third byte is in the next block is decoded).
            let third = u64::from(unlisted_punctuation(a, before))
                | u64::from(unlisted_punctuation(b, a)) << 32;
            hits &= !(third >> 2);
        }
        while hits != 0 {
            let j = hits.trailing_zeros();
            hits &= hits - 1;
            let k = at + j as usize;
            let Some((n, len)) = code_point_at(text, k) else {
                cut = Some(k);
                break;
            };
            let is = is_listed(n);
            // Well-formed where it ends in the block; one that ends past it is checked with
            // the next block, so is left to the rule if listed.
            if is && k + len > end {
                cut = Some(k);
                break;
            }
            refused |= u64::from(is) << j;
        }
        while refused != 0 {
            let k = at + refused.trailing_zeros() as usize;
            refused &= refused - 1;
            listed(k, utf8_len(text[k]));
        }
        if let Some(k) = cut {
            return Some(Unclear {
                at: k,
                through: k + 1,
            });
        }
        if last_block {
            return None;
        }
        at += 64;
    }
}

/// Two blocks of 64 code points where CJK text has most of its punctuation, by the first two
/// bytes of their UTF-8: the full-width forms U+FF00–U+FF3F (`，` `（` `：`) and the CJK
/// symbols and punctuation U+3000–U+303F (`、` `。` `「`). Their first bytes are among
/// [`LISTED_LEADS`](crate::visible::LISTED_LEADS) (`。` and `：` are listed), so
/// [`unclear_avx2`] tells which are listed by the third byte, rather than decoding each.
pub(super) const PUNCTUATION: [(u8, u8); 2] = [(0xEF, 0xBC), (0xE3, 0x80)];

/// The third bytes (80–BF) of the listed characters of [`PUNCTUATION`], as tables of 16 for a
/// byte shuffle: block `p` has the bits `4 * p` to `4 * p + 3`, one for each high nibble, set
/// in the high table at that nibble and in the low table at the low nibble of each third byte
/// of a listed character of the block (from [`LISTED_IN_BMP`], a word a block).
static PUNCTUATION_THIRDS: ([u8; 16], [u8; 16]) = {
    let (mut high, mut low) = ([0u8; 16], [0u8; 16]);
    let mut p = 0;
    while p < PUNCTUATION.len() {
        let (lead, second) = PUNCTUATION[p];
        let word = LISTED_IN_BMP[((lead & 0x0F) as usize) << 6 | (second & 0x3F) as usize];
        let mut t = 0;
        while t < 64 {
            let third = 0x80 | t;
            let bit = 1 << (4 * p + (third >> 4) - 8);
            high[third >> 4] |= bit;
            if word >> t & 1 == 1 {
                low[third & 0x0F] |= bit;
            }
            t += 1;
        }
        p += 1;
    }
    (high, low)
};

/// The bytes of `v` (the 32 bytes before it being `before`) that are the third of a character
/// of [`PUNCTUATION`] that is not listed, as a bit mask; well-formed UTF-8 is assumed, as in
/// a block that [`unclear_avx2`] found well-formed.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn unlisted_punctuation(v: __m256i, before: __m256i) -> u32 {
    use std::arch::x86_64::*;

    let table = |t: &[u8; 16]| {
        // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) })
    };
    let nibble = _mm256_set1_epi8(0x0F);
    let across = _mm256_permute2x128_si256::<0x21>(before, v);
    let (one, two) = (
        _mm256_alignr_epi8::<15>(v, across),
        _mm256_alignr_epi8::<14>(v, across),
    );
    let thirds = _mm256_and_si256(
        _mm256_shuffle_epi8(
            table(&PUNCTUATION_THIRDS.0),
            _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble),
        ),
        _mm256_shuffle_epi8(table(&PUNCTUATION_THIRDS.1), _mm256_and_si256(v, nibble)),
    );
    let mut unlisted = _mm256_setzero_si256();
    for (p, &(lead, second)) in PUNCTUATION.iter().enumerate() {
        let here = _mm256_and_si256(
            _mm256_cmpeq_epi8(two, _mm256_set1_epi8(lead as i8)),
            _mm256_cmpeq_epi8(one, _mm256_set1_epi8(second as i8)),
        );
        let bits = _mm256_set1_epi8((0x0F << (4 * p)) as u8 as i8);
        let listed = _mm256_and_si256(thirds, bits);
        let not_listed = _mm256_cmpeq_epi8(listed, _mm256_setzero_si256());
        unlisted = _mm256_or_si256(unlisted, _mm256_and_si256(here, not_listed));
    }
    _mm256_movemask_epi8(unlisted) as u32
}
