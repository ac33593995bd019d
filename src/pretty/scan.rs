//! Finding where a display decision starts in a batch of records: a record's first `%` (an
//! escape, RFC 3986 §2.1) or byte beyond ASCII (raw Unicode, which matters where it is in a
//! host, RFC 3986 §3.2.2), and its later `%`s. A URL list has few of either, so one pass that
//! finds them lets a batch be written at the speed of a copy between them; text beyond ASCII
//! costs one stop a record, not one a character.
//!
//! Hand-written, in the way of `memchr`'s loops, because no crate finds "this byte or any with
//! the high bit set": `memchr` finds up to three bytes, and the standard library's `is_ascii`
//! another pass.

use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;

/// The next stop of a batch of `records` (each ended by `terminator`) from `at`, in the loops
/// of `blocks`, and whether a stop of its record came before it. `seen`: whether a stop of the
/// record that `at` is in has been decided. A record's first stop is its first `%` or byte
/// beyond ASCII (where its host is decided); after it, only its `%`s are, to the record's end:
/// text beyond ASCII in a path costs one stop a record, not one a character.
#[inline]
pub(super) fn next_stop(
    records: &[u8],
    mut at: usize,
    mut seen: bool,
    terminator: u8,
    blocks: Blocks,
) -> Option<(usize, bool)> {
    loop {
        if !seen {
            return decision_by(&records[at..], blocks).map(|n| (at + n, false));
        }
        let n = escape_or_end_by(&records[at..], terminator, blocks)?;
        if records[at + n] == b'%' {
            return Some((at + n, true));
        }
        (at, seen) = (at + n + 1, false);
    }
}

/// Where the first `%` or byte beyond ASCII of `bytes` is, in the loop of `blocks`: with AVX2
/// 128 bytes a step; with SSE2 (part of every x86_64 CPU) 64 where another SIMD level is
/// chosen; otherwise a word at a time, as on other CPUs.
fn decision_by(bytes: &[u8], blocks: Blocks) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if blocks.level() >= Level::Avx2 {
        // SAFETY: a `Blocks` of level AVX2 or above exists only where `Blocks::new` found its
        // features on this CPU, AVX2 among them.
        return unsafe { decision_avx2(bytes) };
    }
    #[cfg(target_arch = "x86_64")]
    if blocks.level() > Level::Portable {
        // SAFETY: SSE2 is part of every x86_64 CPU (the target's baseline).
        return unsafe { decision_sse2(bytes) };
    }
    let _ = blocks;
    decision_words(bytes)
}

/// Where the first `%` or `terminator` of `bytes` is, in the loop of `blocks`: with AVX2 one of
/// this module's (a record's rest is short: `memchr`'s setup costs more than its search);
/// otherwise `memchr`'s.
fn escape_or_end_by(bytes: &[u8], terminator: u8, blocks: Blocks) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if blocks.level() >= Level::Avx2 {
        // SAFETY: a `Blocks` of level AVX2 or above exists only where `Blocks::new` found its
        // features on this CPU, AVX2 among them.
        return unsafe { escape_or_end_avx2(bytes, terminator) };
    }
    let _ = blocks;
    memchr::memchr2(b'%', terminator, bytes)
}

/// Whether `b` is a byte [`decision_by`] stops at.
fn starts_decision(b: u8) -> bool {
    b == b'%' || !b.is_ascii()
}

/// [`decision_by`], eight bytes at a time in a `u64`.
fn decision_words(bytes: &[u8]) -> Option<usize> {
    const LOW: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    const PERCENT: u64 = u64::from_ne_bytes([b'%'; 8]);
    // A byte of `x` is zero where `word` holds `%`. `(x - LOW) & !x` has the high bit of the
    // lowest such byte set (and maybe of bytes above it, which a borrow reached: only the
    // lowest counts, and none is set where no byte is `%`); `word`'s own high bits mark the
    // bytes beyond ASCII.
    let hits = |word: &[u8]| {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        let x = word ^ PERCENT;
        (x.wrapping_sub(LOW) & !x | word) & HIGH
    };
    let first = |hits: u64| hits.trailing_zeros() as usize / 8;
    // Four words a step, tested with one branch.
    let blocks = bytes.chunks_exact(32);
    let mut i = blocks.len() * 32;
    for (n, block) in blocks.enumerate() {
        let words = [0, 8, 16, 24].map(|k| hits(&block[k..k + 8]));
        if words.iter().any(|&w| w != 0) {
            return words
                .iter()
                .position(|&w| w != 0)
                .map(|k| n * 32 + k * 8 + first(words[k]));
        }
    }
    while let Some(word) = bytes.get(i..i + 8) {
        let word = hits(word);
        if word != 0 {
            return Some(i + first(word));
        }
        i += 8;
    }
    let tail = &bytes[i..];
    tail.iter().position(|&b| starts_decision(b)).map(|n| i + n)
}

/// [`decision_by`] with SSE2, 64 bytes a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn decision_sse2(bytes: &[u8]) -> Option<usize> {
    use std::arch::x86_64::*;

    const STEP: usize = 64;
    let percent = _mm_set1_epi8(b'%' as i8);
    // The high bit of each byte that is `%` or beyond ASCII.
    let hits = |v: __m128i| _mm_or_si128(_mm_cmpeq_epi8(v, percent), v);
    let mut i = 0;
    while let Some(block) = bytes.get(i..).and_then(<[u8]>::first_chunk::<STEP>) {
        let load = |k: usize| {
            let quarter: &[u8; 16] = block[k..k + 16].try_into().expect("16 of 64 bytes");
            // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
            unsafe { _mm_loadu_si128(quarter.as_ptr().cast()) }
        };
        let (a, b, c, d) = (
            hits(load(0)),
            hits(load(16)),
            hits(load(32)),
            hits(load(48)),
        );
        let any = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
        if _mm_movemask_epi8(any) != 0 {
            let mask = |v: __m128i| u64::from(_mm_movemask_epi8(v) as u16);
            let mask = mask(a) | mask(b) << 16 | mask(c) << 32 | mask(d) << 48;
            return Some(i + mask.trailing_zeros() as usize);
        }
        i += STEP;
    }
    decision_words(&bytes[i..]).map(|n| i + n)
}

/// [`decision_by`] with AVX2, 128 bytes a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn decision_avx2(bytes: &[u8]) -> Option<usize> {
    use std::arch::x86_64::*;

    const STEP: usize = 128;
    // A byte `b` stops the scan where `b ^ b'%'`, read as signed, is zero (`%`) or negative
    // (beyond ASCII: the xor leaves the high bit): so where the least of four such bytes is
    // below one. Three `min`s test a step, where a compare and an `or` for each of its four
    // registers would take eight.
    let percent = _mm256_set1_epi8(b'%' as i8);
    let one = _mm256_set1_epi8(1);
    let stops = |v: __m256i| _mm256_movemask_epi8(_mm256_cmpgt_epi8(one, v)) as u32;
    let load = |chunk: &[u8; 32]| {
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
        _mm256_xor_si256(
            unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) },
            percent,
        )
    };
    // One unaligned block first, then blocks that start on 32 bytes, as `memchr` does: a load
    // across two cache lines costs two, and a scan restarts after each stop at any byte.
    let mut i = 0;
    if let Some(head) = bytes.first_chunk::<32>() {
        let mask = stops(load(head));
        if mask != 0 {
            return Some(mask.trailing_zeros() as usize);
        }
        i = bytes.as_ptr().align_offset(32).min(32);
    }
    let blocks = bytes[i..].chunks_exact(STEP);
    let rest = i + blocks.len() * STEP;
    for (n, block) in blocks.enumerate() {
        let (a, b, c, d) = (
            load(block[..32].try_into().expect("32 of 128 bytes")),
            load(block[32..64].try_into().expect("32 of 128 bytes")),
            load(block[64..96].try_into().expect("32 of 128 bytes")),
            load(block[96..].try_into().expect("32 of 128 bytes")),
        );
        let least = _mm256_min_epi8(_mm256_min_epi8(a, b), _mm256_min_epi8(c, d));
        if stops(least) != 0 {
            let mask = u64::from(stops(a)) | u64::from(stops(b)) << 32;
            let at = i + n * STEP;
            return Some(match mask {
                0 => {
                    at + 64
                        + (u64::from(stops(c)) | u64::from(stops(d)) << 32).trailing_zeros()
                            as usize
                }
                _ => at + mask.trailing_zeros() as usize,
            });
        }
    }
    decision_sse2(&bytes[rest..]).map(|n| rest + n)
}

/// [`escape_or_end_by`] with AVX2, 64 bytes a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn escape_or_end_avx2(bytes: &[u8], terminator: u8) -> Option<usize> {
    use std::arch::x86_64::*;

    const STEP: usize = 64;
    let percent = _mm256_set1_epi8(b'%' as i8);
    let end = _mm256_set1_epi8(terminator as i8);
    let stops = |chunk: &[u8; 32]| {
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
        let v = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
        _mm256_or_si256(_mm256_cmpeq_epi8(v, percent), _mm256_cmpeq_epi8(v, end))
    };
    let mask = |v: __m256i| u64::from(_mm256_movemask_epi8(v) as u32);
    // One unaligned block first, then blocks that start on 32 bytes, as in `decision_avx2`.
    let mut i = 0;
    if let Some(head) = bytes.first_chunk::<32>() {
        let head = mask(stops(head));
        if head != 0 {
            return Some(head.trailing_zeros() as usize);
        }
        i = bytes.as_ptr().align_offset(32).min(32);
    }
    let blocks = bytes[i..].chunks_exact(STEP);
    let rest = i + blocks.len() * STEP;
    for (n, block) in blocks.enumerate() {
        let (a, b) = (
            stops(block[..32].try_into().expect("32 of 64 bytes")),
            stops(block[32..].try_into().expect("32 of 64 bytes")),
        );
        if _mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0 {
            let found = mask(a) | mask(b) << 32;
            return Some(i + n * STEP + found.trailing_zeros() as usize);
        }
    }
    memchr::memchr2(b'%', terminator, &bytes[rest..]).map(|n| rest + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each loop this CPU runs against [`starts_decision`] byte by byte: one stopping byte at
    /// every place of inputs up to three steps long, a second after it, and none.
    #[test]
    fn every_loop_finds_the_first_percent_or_byte_beyond_ascii() {
        for blocks in Blocks::available() {
            for len in 0..=200 {
                // Bytes just below and above the ones it stops at, and every ASCII letter.
                let filler: Vec<u8> = (0..len).map(|n| [b'$', b'&', 0x7F, b'a'][n % 4]).collect();
                assert_eq!(decision_by(&filler, blocks), None, "{blocks:?} {len}");
                for at in 0..len {
                    for stop in [b'%', 0x80, 0xC3, 0xFF] {
                        let mut bytes = filler.clone();
                        bytes[at] = stop;
                        if let Some(later) = bytes.get_mut(at + 9) {
                            *later = b'%';
                        }
                        let expected = bytes.iter().position(|&b| starts_decision(b));
                        assert_eq!(expected, Some(at));
                        assert_eq!(decision_by(&bytes, blocks), expected, "{blocks:?} {at}");
                    }
                }
            }
        }
    }

    /// Each loop against a search byte by byte for `%` or the terminator, as above (with
    /// bytes beyond ASCII, which it passes over, among the filler).
    #[test]
    fn every_loop_finds_the_first_percent_or_terminator() {
        for blocks in Blocks::available() {
            for terminator in [b'\n', 0] {
                for len in 0..=200 {
                    let filler: Vec<u8> = (0..len)
                        .map(|n| [b'$', b'&', 0xC3, b'\r', 1][n % 5])
                        .collect();
                    let search = |bytes: &[u8]| escape_or_end_by(bytes, terminator, blocks);
                    assert_eq!(search(&filler), None, "{blocks:?} {len}");
                    for at in 0..len {
                        for stop in [b'%', terminator] {
                            let mut bytes = filler.clone();
                            bytes[at] = stop;
                            if let Some(later) = bytes.get_mut(at + 9) {
                                *later = b'%';
                            }
                            assert_eq!(search(&bytes), Some(at), "{blocks:?} {at}");
                        }
                    }
                }
            }
        }
    }

    /// A record's first `%` or byte beyond ASCII is a stop, and then only its `%`s, in each
    /// loop this CPU runs.
    #[test]
    fn after_a_records_first_stop_only_its_escapes_are_stops() {
        let records = "a\u{e9}b%41\u{e9}%\n\u{e9}\n%\u{e9}\nx\u{e9}".as_bytes();
        for blocks in Blocks::available() {
            let mut stops = Vec::new();
            let (mut at, mut seen) = (0, false);
            while let Some((hit, after_first)) = next_stop(records, at, seen, b'\n', blocks) {
                stops.push((hit, after_first));
                (at, seen) = (hit + 1, true);
            }
            // `é` at 1 (first), `%` at 4 and 9; `é` at 11 (first); `%` at 14 (first); `é` at
            // 19 (first). The `é`s after a record's first stop are none.
            let expected = [(1, false), (4, true), (9, true)];
            let expected = [&expected[..], &[(11, false), (14, false), (19, false)]].concat();
            assert_eq!(stops, expected, "{blocks:?}");
        }
    }
}
