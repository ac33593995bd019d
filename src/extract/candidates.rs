//! Where in plain text a URL may begin: the bytes the text reader ([`super::text`]) stops at,
//! found a 64-byte block at a time, and the colons that surely begin none let go on the way.
//!
//! A URL of text begins at a scheme's `:` (RFC 3986 §3.1), an address's `@` (with `emails`) or
//! a host's `.` (with `schemeless`). Prose and code hold far more colons than URLs (`std::io`,
//! `Note:`, `12:30`): each is judged here from the few bytes around it ([`begins_no_url`]), in
//! a loop over a bit mask of the block, so that a colon that starts no URL costs about as
//! much as any other byte. The schemes that take no authority ([`AUTHORITYLESS`]) are listed
//! here, where a colon is judged by them first; the text reader reads its schemes by them too.

/// The schemes found without `//`: they take no authority. RFC 3986 §1.1.2's examples
/// (`mailto`, `news`, `tel`, `urn`) and `data` (RFC 2397), `geo` (RFC 5870), `magnet`, `sip`
/// and `sips` (RFC 3261), `sms` (RFC 5724), `xmpp` (RFC 5122). Compared without case (RFC
/// 3986 §3.1).
pub const AUTHORITYLESS: &[&str] = &[
    "data", "geo", "magnet", "mailto", "news", "sip", "sips", "sms", "tel", "urn", "xmpp",
];

/// The bytes read at once: one bit each of a `u64`.
const BLOCK: usize = 64;

/// The first byte at or after `from` in `buf` where a URL may begin: a `:` that
/// [`begins_no_url`] does not rule out, an `@` (with `AT`) or a `.` (with `DOT`). With AVX2
/// where the processor has it, else SSE2 (on x86-64) or a byte at a time.
pub(super) fn next<const AT: bool, const DOT: bool>(buf: &[u8], from: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: this processor has AVX2, looked for just above.
        return unsafe { next_avx2::<AT, DOT>(buf, from) };
    }
    scan(buf, from, hits::<AT, DOT>, wanted::<AT, DOT>)
}

/// [`next`] with AVX2: 32 bytes a compare.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn next_avx2<const AT: bool, const DOT: bool>(buf: &[u8], from: usize) -> Option<usize> {
    scan(
        buf,
        from,
        |block| hits_avx2::<AT, DOT>(block),
        wanted::<AT, DOT>,
    )
}

/// [`next`] with `hits` for each whole block and `wanted` for the bytes after the last.
#[inline(always)]
fn scan(
    buf: &[u8],
    from: usize,
    hits: impl Fn(&[u8; BLOCK]) -> u64,
    wanted: impl Fn(u8) -> bool,
) -> Option<usize> {
    let rest = buf.get(from..)?;
    let mut blocks = rest.chunks_exact(BLOCK);
    let mut base = from;
    for block in blocks.by_ref() {
        let block: &[u8; BLOCK] = block.try_into().ok()?;
        let mask = hits(block);
        if mask != 0
            && let Some(i) = first(buf, base, mask)
        {
            return Some(i);
        }
        base += BLOCK;
    }
    let tail = blocks.remainder();
    let mut mask = 0u64;
    for (i, &b) in tail.iter().enumerate() {
        mask |= u64::from(wanted(b)) << i;
    }
    first(buf, base, mask)
}

/// A bit for each byte of `block` that may begin a URL, with AVX2's byte compares and their
/// mask (`vpcmpeqb`, `vpmovmskb`), 32 bytes a step.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn hits_avx2<const AT: bool, const DOT: bool>(block: &[u8; BLOCK]) -> u64 {
    use std::arch::x86_64::{
        _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_set1_epi8,
    };
    let mut mask = 0u64;
    for (k, half) in block.chunks_exact(32).enumerate() {
        let Some(half) = half.first_chunk::<32>() else {
            unreachable!("a 64-byte block is two of 32");
        };
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned loads are allowed.
        let v = unsafe { _mm256_loadu_si256(half.as_ptr().cast()) };
        let mut equal = _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b':' as i8));
        if AT {
            equal = _mm256_or_si256(equal, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'@' as i8)));
        }
        if DOT {
            equal = _mm256_or_si256(equal, _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b'.' as i8)));
        }
        mask |= u64::from(_mm256_movemask_epi8(equal) as u32) << (32 * k);
    }
    mask
}

/// The first of the bytes `mask` marks (from `base` in `buf`) that may begin a URL.
#[inline(always)]
fn first(buf: &[u8], base: usize, mut mask: u64) -> Option<usize> {
    while mask != 0 {
        let i = base + mask.trailing_zeros() as usize;
        mask &= mask - 1;
        if buf[i] != b':' || !begins_no_url(buf, i) {
            return Some(i);
        }
    }
    None
}

/// A bit for each byte of `block` that may begin a URL: SSE2's byte compares and their mask
/// (`pcmpeqb`, `pmovmskb`), 16 bytes a step; SSE2 is part of every x86-64 processor.
#[cfg(target_arch = "x86_64")]
#[inline]
fn hits<const AT: bool, const DOT: bool>(block: &[u8; BLOCK]) -> u64 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let mut mask = 0u64;
    for (k, lane) in block.chunks_exact(16).enumerate() {
        let Some(lane) = lane.first_chunk::<16>() else {
            unreachable!("a 64-byte block is four of 16");
        };
        // SAFETY: SSE2 is part of the x86-64 baseline, on every processor this target runs
        // on; the load reads the 16 bytes of a 16-byte array, and unaligned loads are allowed.
        let bits = unsafe {
            let v = _mm_loadu_si128(lane.as_ptr().cast());
            let mut equal = _mm_cmpeq_epi8(v, _mm_set1_epi8(b':' as i8));
            if AT {
                equal = _mm_or_si128(equal, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'@' as i8)));
            }
            if DOT {
                equal = _mm_or_si128(equal, _mm_cmpeq_epi8(v, _mm_set1_epi8(b'.' as i8)));
            }
            _mm_movemask_epi8(equal) as u16
        };
        mask |= u64::from(bits) << (16 * k);
    }
    mask
}

/// A bit for each byte of `block` that may begin a URL, a byte at a time.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn hits<const AT: bool, const DOT: bool>(block: &[u8; BLOCK]) -> u64 {
    let mut mask = 0u64;
    for (i, &b) in block.iter().enumerate() {
        mask |= u64::from(wanted::<AT, DOT>(b)) << i;
    }
    mask
}

#[inline]
fn wanted<const AT: bool, const DOT: bool>(b: u8) -> bool {
    (b == b':') | (AT & (b == b'@')) | (DOT & (b == b'.'))
}

/// Whether the `:` at `colon` surely begins no URL, from the few bytes around it, before the
/// text reader reads the scheme: without `//` after it, only a scheme of [`AUTHORITYLESS`]
/// may end at it, and each is 3 to 6 letters (RFC 3986 §3.1: a scheme is the whole run of its
/// characters, so it is the letters right before the `:`). Where fewer than two bytes follow,
/// the reader decides (it may ask for more text).
pub(super) fn begins_no_url(buf: &[u8], colon: usize) -> bool {
    let after = &buf[colon + 1..];
    if after.len() < 2 || after.starts_with(b"//") {
        return false;
    }
    let letters = buf[..colon]
        .iter()
        .rev()
        .take(7)
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    if !(3..=6).contains(&letters) {
        return true;
    }
    let scheme = &buf[colon - letters..colon];
    !AUTHORITYLESS_KEYS.contains(&key(scheme))
}

/// A scheme of up to 8 letters as one number, its letters in lower case (ASCII `| 0x20`): a
/// comparison with each of [`AUTHORITYLESS`] costs one compare, not one a letter.
const fn key(letters: &[u8]) -> u64 {
    let mut key = 0u64;
    let mut i = 0;
    while i < letters.len() && i < 8 {
        key = key << 8 | (letters[i] | 0x20) as u64;
        i += 1;
    }
    key
}

/// [`AUTHORITYLESS`], each as its [`key`].
const AUTHORITYLESS_KEYS: [u64; AUTHORITYLESS.len()] = {
    let mut keys = [0u64; AUTHORITYLESS.len()];
    let mut i = 0;
    while i < keys.len() {
        keys[i] = key(AUTHORITYLESS[i].as_bytes());
        i += 1;
    }
    keys
};

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{begins_no_url, next, wanted};

    /// [`next`] a byte at a time: the reference the block scan must equal.
    fn one_by_one<const AT: bool, const DOT: bool>(buf: &[u8], from: usize) -> Option<usize> {
        (from..buf.len())
            .find(|&i| wanted::<AT, DOT>(buf[i]) && (buf[i] != b':' || !begins_no_url(buf, i)))
    }

    #[test]
    fn colons_that_begin_no_url() {
        for (text, at, begins) in [
            ("std::io", 3, false),
            ("std::io", 4, false),
            ("Note: see", 4, false),
            ("12:30", 2, false),
            ("http://a", 4, true),
            ("mailto:a@b", 6, true),
            ("MAILTO:a@b", 6, true),
            ("xmailto:ab", 7, false),
            ("tel:+1", 3, true),
            // Too little text after it to say here.
            ("x:/", 1, true),
            ("x:", 1, true),
        ] {
            assert_eq!(
                !begins_no_url(text.as_bytes(), at),
                begins,
                "{text:?} at {at}"
            );
        }
    }

    proptest! {
        /// The block scan finds what a byte-at-a-time scan finds, from every start, across
        /// the 64-byte blocks and the tail.
        #[test]
        fn blocks_find_what_bytes_find(
            text in "([a-z :/@.]|mailto:|std::|://){0,80}",
            from in 0usize..200,
        ) {
            let buf = text.as_bytes();
            let from = from.min(buf.len());
            prop_assert_eq!(next::<false, false>(buf, from), one_by_one::<false, false>(buf, from));
            prop_assert_eq!(next::<true, false>(buf, from), one_by_one::<true, false>(buf, from));
            prop_assert_eq!(next::<false, true>(buf, from), one_by_one::<false, true>(buf, from));
            prop_assert_eq!(next::<true, true>(buf, from), one_by_one::<true, true>(buf, from));
        }
    }
}
