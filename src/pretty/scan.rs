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
/// record that `at` is in has been decided. A record's first stop is its first `%`, byte beyond
/// ASCII (where its host is decided), C0 control other than the terminator or DEL (which
/// `pretty-print` percent-encodes, ECMA-48); after it, only its `%`s are, to the record's end:
/// a record with more than escapes after its first stop is shown whole (see
/// [`unprintable_by`]).
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
            return decision_by(&records[at..], terminator, blocks).map(|n| (at + n, false));
        }
        let n = escape_or_end_by(&records[at..], terminator, blocks)?;
        if records[at + n] == b'%' {
            return Some((at + n, true));
        }
        (at, seen) = (at + n + 1, false);
    }
}

/// Where the first byte of `bytes` is that is not printable ASCII (U+0020–U+007E): a C0
/// control (a terminator among them), DEL or a byte beyond ASCII.
#[inline]
pub(super) fn unprintable_by(bytes: &[u8], blocks: Blocks) -> Option<usize> {
    // A space is printable: passing it over passes nothing.
    first_stop::<false>(bytes, b' ', blocks)
}

/// Where the first `%`, byte beyond ASCII, DEL or C0 control other than `terminator` of
/// `bytes` is.
#[inline]
fn decision_by(bytes: &[u8], terminator: u8, blocks: Blocks) -> Option<usize> {
    first_stop::<true>(bytes, terminator, blocks)
}

/// Where the first byte of `bytes` that [`stops_at`] is, in the loop of `blocks`: with AVX2
/// 128 bytes a step; with SSE2 (part of every x86_64 CPU) 64 where another SIMD level is
/// chosen; otherwise a word at a time, as on other CPUs.
pub(super) fn first_stop<const PERCENT: bool>(
    bytes: &[u8],
    passed: u8,
    blocks: Blocks,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if blocks.level() >= Level::Avx2 {
        // SAFETY: a `Blocks` of level AVX2 or above exists only where `Blocks::new` found its
        // features on this CPU, AVX2 among them.
        return unsafe { stop_avx2::<PERCENT>(bytes, passed) };
    }
    #[cfg(target_arch = "x86_64")]
    if blocks.level() > Level::Portable {
        // SAFETY: SSE2 is part of every x86_64 CPU (the target's baseline).
        return unsafe { stop_sse2::<PERCENT>(bytes, passed) };
    }
    let _ = blocks;
    stop_words::<PERCENT>(bytes, passed)
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

/// Whether `b` is a byte [`first_stop`] stops at: a byte that is not printable ASCII (a C0
/// control, DEL, a byte beyond ASCII) other than `passed`, or with `PERCENT` a `%`.
fn stops_at<const PERCENT: bool>(b: u8, passed: u8) -> bool {
    PERCENT && b == b'%' || !matches!(b, 0x20..=0x7E) && b != passed
}

/// [`first_stop`], eight bytes at a time in a `u64`, four words a step.
fn stop_words<const PERCENT: bool>(bytes: &[u8], passed: u8) -> Option<usize> {
    const LOW: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // The high bit of a byte of `(x - LOW * n) & !x` is set where the byte is below `n`, or
    // maybe above such a byte, which a borrow reached; so it is zero only where no byte is.
    // That a word may hold a stop is so told exactly; where it is, the bytes are looked at.
    let below = |x: u64, n: u8| x.wrapping_sub(LOW * u64::from(n)) & !x;
    let may_stop = |word: &[u8]| {
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        let percent = match PERCENT {
            true => below(word ^ (LOW * u64::from(b'%')), 1),
            false => 0,
        };
        (below(word, 0x20) | below(word ^ (LOW * 0x7F), 1) | percent | word) & HIGH != 0
    };
    let exact =
        |from: usize, to: usize| (from..to).find(|&i| stops_at::<PERCENT>(bytes[i], passed));
    let blocks = bytes.chunks_exact(32);
    let tail = blocks.len() * 32;
    for (n, block) in blocks.enumerate() {
        if [0, 8, 16, 24].iter().any(|&k| may_stop(&block[k..k + 8])) {
            // A terminator passed over is one such byte: the search goes on after it.
            if let Some(i) = exact(n * 32, n * 32 + 32) {
                return Some(i);
            }
        }
    }
    exact(tail, bytes.len())
}

/// [`first_stop`] of a vector's bytes: the bytes set where they stop the scan. A byte `b` is
/// printable ASCII where `b + 1` (wrapping), read as signed, is at least 0x21: 0x20–0x7E go to
/// 0x21–0x7F, DEL and the bytes beyond ASCII to 0x80–0xFF or 0 (negative or zero), the C0
/// controls to 0x01–0x20.
#[cfg(target_arch = "x86_64")]
macro_rules! stops {
    ($v:expr, $passed:expr, $percent:expr, $one:expr, $bound:expr,
     $add:ident, $cmpgt:ident, $cmpeq:ident, $andnot:ident, $or:ident) => {{
        let v = $v;
        let unprintable = $cmpgt($bound, $add(v, $one));
        let stops = $andnot($cmpeq(v, $passed), unprintable);
        match PERCENT {
            true => $or(stops, $cmpeq(v, $percent)),
            false => stops,
        }
    }};
}

/// [`first_stop`] with SSE2, 64 bytes a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn stop_sse2<const PERCENT: bool>(bytes: &[u8], passed: u8) -> Option<usize> {
    use std::arch::x86_64::*;

    const STEP: usize = 64;
    let (one, bound) = (_mm_set1_epi8(1), _mm_set1_epi8(0x21));
    let (percent, pass) = (_mm_set1_epi8(b'%' as i8), _mm_set1_epi8(passed as i8));
    let hits = |v: __m128i| {
        stops!(
            v,
            pass,
            percent,
            one,
            bound,
            _mm_add_epi8,
            _mm_cmpgt_epi8,
            _mm_cmpeq_epi8,
            _mm_andnot_si128,
            _mm_or_si128
        )
    };
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
    stop_words::<PERCENT>(&bytes[i..], passed).map(|n| i + n)
}

/// [`first_stop`] with AVX2, 128 bytes a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn stop_avx2<const PERCENT: bool>(bytes: &[u8], passed: u8) -> Option<usize> {
    use std::arch::x86_64::*;

    const STEP: usize = 128;
    let (one, bound) = (_mm256_set1_epi8(1), _mm256_set1_epi8(0x21));
    let (percent, pass) = (_mm256_set1_epi8(b'%' as i8), _mm256_set1_epi8(passed as i8));
    let stops = |chunk: &[u8; 32]| {
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
        let v = unsafe { _mm256_loadu_si256(chunk.as_ptr().cast()) };
        stops!(
            v,
            pass,
            percent,
            one,
            bound,
            _mm256_add_epi8,
            _mm256_cmpgt_epi8,
            _mm256_cmpeq_epi8,
            _mm256_andnot_si256,
            _mm256_or_si256
        )
    };
    let mask = |v: __m256i| u64::from(_mm256_movemask_epi8(v) as u32);
    // One unaligned block first, then blocks that start on 32 bytes, as `memchr` does: a load
    // across two cache lines costs two, and a scan restarts after each stop at any byte.
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
        let (a, b, c, d) = (
            stops(block[..32].try_into().expect("32 of 128 bytes")),
            stops(block[32..64].try_into().expect("32 of 128 bytes")),
            stops(block[64..96].try_into().expect("32 of 128 bytes")),
            stops(block[96..].try_into().expect("32 of 128 bytes")),
        );
        let any = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
        if _mm256_movemask_epi8(any) != 0 {
            let at = i + n * STEP;
            return Some(match mask(a) | mask(b) << 32 {
                0 => at + 64 + (mask(c) | mask(d) << 32).trailing_zeros() as usize,
                low => at + low.trailing_zeros() as usize,
            });
        }
    }
    stop_sse2::<PERCENT>(&bytes[rest..], passed).map(|n| rest + n)
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
    // One unaligned block first, then blocks that start on 32 bytes, as in `stop_avx2`.
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

    /// Each loop this CPU runs against [`stops_at`] byte by byte, with `%` and without, the
    /// terminator passed over or not: one stopping byte at every place of inputs up to three
    /// steps long, a second after it, and none.
    #[test]
    fn every_loop_finds_the_first_stop() {
        // The bytes at the edges of printable ASCII and the ones each search stops at.
        let stopping = [b'%', 0x80, 0xC3, 0xFF, 0x7F, 0x00, 0x1B, 0x1F, b'\n'];
        for blocks in Blocks::available() {
            for passed in [b'\n', 0, b' '] {
                for len in 0..=200 {
                    // Printable bytes around `%`, and a terminator passed over.
                    let filler: Vec<u8> = (0..len)
                        .map(|n| [b'$', b'&', b' ', b'~', b'a', passed][n % 6])
                        .collect();
                    let both = |bytes: &[u8]| {
                        let scans = (
                            first_stop::<true>(bytes, passed, blocks),
                            first_stop::<false>(bytes, passed, blocks),
                        );
                        let expected = (
                            bytes.iter().position(|&b| stops_at::<true>(b, passed)),
                            bytes.iter().position(|&b| stops_at::<false>(b, passed)),
                        );
                        assert_eq!(scans, expected, "{blocks:?} {passed} {bytes:?}");
                        expected
                    };
                    assert_eq!(both(&filler).0, None, "{blocks:?} {len}");
                    for at in 0..len {
                        for stop in stopping.into_iter().filter(|&b| b != passed) {
                            let mut bytes = filler.clone();
                            bytes[at] = stop;
                            if let Some(later) = bytes.get_mut(at + 9) {
                                *later = 0x01;
                            }
                            assert_eq!(both(&bytes).0, Some(at), "{blocks:?} {at}");
                        }
                    }
                }
            }
        }
    }

    /// The rule of [`stops_at`], written out: `%`, the C0 controls, DEL and every byte
    /// beyond ASCII, but the byte passed over.
    #[test]
    fn the_stops_are_the_unprintable_bytes_and_percent() {
        for b in 0..=255u8 {
            let unprintable = !(0x20..0x7F).contains(&b);
            assert_eq!(
                stops_at::<false>(b, b'\n'),
                unprintable && b != b'\n',
                "{b}"
            );
            assert_eq!(
                stops_at::<true>(b, 0),
                unprintable && b != 0 || b == b'%',
                "{b}"
            );
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
