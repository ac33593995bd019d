//! Raw text beyond ASCII, as `pretty-print` shows it: each character as it came, but for the
//! ones a terminal would act on or that would hide or reorder text, and the bytes of no
//! well-formed UTF-8, which [`show_raw`] percent-encodes.
//!
//! Decoding every character costs eight times a copy, and text in most scripts has nothing to
//! encode. So a run of text is first checked a block at a time for what may need it: a byte
//! that ends the run (`%`, a C0 control, DEL), a first byte that begins a character of the
//! lists ([`LISTED_LEADS`]: CJK ideographs, Cyrillic, Greek and the Indic scripts begin with
//! none), and UTF-8 that is not well-formed (RFC 3629; Unicode Table 3-7). Only where a block
//! has one is a character decoded, and [`show_raw`] applied where the block says nothing
//! certain.

use super::escape::show_raw;
use super::never::{LISTED_LEADS, is_listed};
use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;

/// Shows the text at `p` of `input` up to the next `%`, C0 control or DEL, each character that
/// starts before `limit` as [`show_raw`] does (a character safe to display is left to be
/// written with the bytes around it). Returns where the next byte is: the `%` or control, or
/// `limit`, or past it to finish a character begun before it.
pub(super) fn show_text(
    input: &[u8],
    p: usize,
    limit: usize,
    written: &mut usize,
    out: &mut Vec<u8>,
    blocks: Blocks,
) -> usize {
    let mut i = p;
    while i < limit {
        let from = i;
        let encode = |k: usize, len: usize| encode_listed(input, from + k, len, written, out);
        let Some(unclear) = unclear_in(&input[from..limit], blocks, encode) else {
            return limit;
        };
        let through = from + unclear.through;
        i = from + unclear.at;
        // The rule itself, a character at a time.
        while i < through {
            match input[i] {
                b'%' | ..0x20 | 0x7F => return i,
                ..0x80 => i += 1,
                _ => i = show_raw(input, i, written, out),
            }
        }
    }
    i
}

/// Writes the well-formed UTF-8 of `len` bytes at `k` of `input`, a listed character, with the
/// bytes from `written` before it, percent-encoded as [`show_raw`] writes it.
#[inline]
fn encode_listed(input: &[u8], k: usize, len: usize, written: &mut usize, out: &mut Vec<u8>) {
    let mut escapes = [0; 12];
    for (escape, &b) in escapes.chunks_exact_mut(3).zip(&input[k..k + len]) {
        escape.copy_from_slice(crate::encode::percent_encode_byte(b).as_bytes());
    }
    out.extend_from_slice(&input[*written..k]);
    out.extend_from_slice(&escapes[..3 * len]);
    *written = k + len;
}

/// Where in a run of text the rule must be applied a character at a time: from `at`, where a
/// character starts and before which all is well-formed and safe to display, to `through`.
#[derive(Debug, PartialEq, Eq)]
struct Unclear {
    at: usize,
    through: usize,
}

/// The first place in `text` (which starts where a character does) that may need more than to
/// be written as it came, in the loop of `blocks`; none where it all is well-formed UTF-8 of
/// characters safe to display or printable ASCII but `%`. Each listed character met before it
/// (well-formed, at `k`, of `len` bytes) is handed to `listed(k, len)`.
#[inline]
fn unclear_in(text: &[u8], blocks: Blocks, listed: impl FnMut(usize, usize)) -> Option<Unclear> {
    #[cfg(target_arch = "x86_64")]
    if blocks.level() >= Level::Avx2 {
        // SAFETY: a `Blocks` of level AVX2 or above exists only where `Blocks::new` found its
        // features on this CPU, AVX2 among them.
        return unsafe { unclear_avx2(text, listed) };
    }
    let _ = blocks;
    unclear_portable(text, listed)
}

/// For each byte, whether a block holding it needs a closer look: `%`, a C0 control and DEL,
/// which end a run of text, and the first bytes of [`LISTED_LEADS`].
static ATTENTION: [bool; 256] = {
    let mut attention = LISTED_LEADS;
    let mut b = 0;
    while b < 0x20 {
        attention[b] = true;
        b += 1;
    }
    attention[b'%' as usize] = true;
    attention[0x7F] = true;
    attention
};

/// The code point at `k` of `text`, whose first byte is one of [`ATTENTION`], and its length,
/// read as well-formed UTF-8; where it is not, the answer is only a guess, which the check of
/// well-formedness overrules. None where the rule must decide: at an ASCII byte (which ends
/// the run) or a character that runs past `text`.
#[inline(always)]
fn code_point_at(text: &[u8], k: usize) -> Option<(u32, usize)> {
    let lead = u32::from(text[k]);
    let next = |j: usize| text.get(k + j).map(|&b| u32::from(b) & 0x3F);
    match lead {
        // A `%`, C0 control or DEL: the end of the run.
        0..0x80 => None,
        0x80..0xE0 => Some(((lead & 0x1F) << 6 | next(1)?, 2)),
        0xE0..0xF0 => Some(((lead & 0x0F) << 12 | next(1)? << 6 | next(2)?, 3)),
        _ => Some((
            (lead & 0x07) << 18 | next(1)? << 12 | next(2)? << 6 | next(3)?,
            4,
        )),
    }
}

/// The length of the well-formed UTF-8 that starts with the byte `lead`.
#[inline]
fn utf8_len(lead: u8) -> usize {
    match lead {
        0..0xE0 => 2,
        0xE0..0xF0 => 3,
        _ => 4,
    }
}

/// [`unclear_in`] on any CPU: the standard library's check of UTF-8 (word by word over
/// ASCII), then a table lookup a byte. A window at a time, as the caller comes back after each
/// place found.
fn unclear_portable(text: &[u8], mut listed: impl FnMut(usize, usize)) -> Option<Unclear> {
    const WINDOW: usize = 4096;
    let mut from = 0;
    while from < text.len() {
        let window = &text[from..text.len().min(from + WINDOW)];
        // A character cut by the window's end is left to the rule: rare, and always right.
        let valid = std::str::from_utf8(window).map_or_else(|e| e.valid_up_to(), str::len);
        for (k, &b) in window[..valid].iter().enumerate() {
            let k = from + k;
            if !ATTENTION[usize::from(b)] {
                continue;
            }
            // Well-formed and whole: the window's first `valid` bytes are.
            match code_point_at(text, k) {
                Some((n, len)) if is_listed(n) => listed(k, len),
                Some(_) => {}
                None => {
                    return Some(Unclear {
                        at: k,
                        through: k + 1,
                    });
                }
            }
        }
        if valid < window.len() {
            let at = from + valid;
            return Some(Unclear {
                at,
                through: at + 1,
            });
        }
        from += window.len();
    }
    None
}

#[cfg(target_arch = "x86_64")]
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
#[cfg(target_arch = "x86_64")]
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
#[cfg(target_arch = "x86_64")]
const ATTENTION_NIBBLES: ([u8; 16], [u8; 16]) = {
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

/// [`unclear_in`] with AVX2, 64 bytes a step: the check of UTF-8 of [`table_3_7`] and the
/// bytes of [`ATTENTION`], in one pass. A block with an error of UTF-8 is left to the rule
/// whole; in one without, each byte of [`ATTENTION`] is looked at, and a character decoded
/// where one begins. The last bytes are copied into a block of spaces, which end no character:
/// so one cut at the end of `text` is found too.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn unclear_avx2(text: &[u8], mut listed: impl FnMut(usize, usize)) -> Option<Unclear> {
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
        last = b;
        // The listed characters are found first, then written: a branch a character on what
        // the table says would be mispredicted in text that mixes listed and other
        // punctuation.
        let (mut hits, mut refused, mut cut) = (attention(a) | attention(b) << 32, 0u64, None);
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

#[cfg(test)]
mod tests;
