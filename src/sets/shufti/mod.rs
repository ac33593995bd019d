//! The block classifier ("shufti", as in Hyperscan): the low nibble of each byte picks a
//! bitmap of high nibbles (a set's 16-byte table, `ByteSet`'s `nibbles`), the high nibble one
//! bit of it; a byte is in the set where that bit is set. One file an instruction set, as
//! `memchr` lays its own out: SSSE3 classifies 16 bytes a step, AVX2 32, AVX-512 64.

mod avx2;
mod avx512;
mod ssse3;

#[cfg(feature = "whatwg")]
pub(crate) use avx2::{Classify32, equal32};
pub(crate) use avx2::{classify64_avx2, outside32};
pub(crate) use avx512::classify64;
pub(crate) use ssse3::outside;

/// The bit of each high nibble 0-7; 0 for 8-F, so no byte 0x80-0xFF is ever in.
const HIGH: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// How many of `bytes` a 64-byte classification takes (all, up to 64), and a bit for each.
#[inline(always)]
fn first64(bytes: &[u8]) -> (usize, u64) {
    let n = bytes.len().min(64);
    (n, u64::MAX.checked_shr(64 - n as u32).unwrap_or(0))
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use crate::sets::{ByteSet, rfc3986};

    /// The 32-byte classification with tables loaded once, and the one-byte comparison, against
    /// `contains` and `==`, on blocks of bytes from all over the range.
    #[cfg(feature = "whatwg")]
    #[test]
    fn classify32_agrees_with_contains() {
        if !std::is_x86_feature_detected!("avx2") {
            eprintln!("skipped: this CPU has no AVX2");
            return;
        }
        let sets = [&rfc3986::QUERY, &rfc3986::SCHEME, &rfc3986::UNRESERVED];
        let singles = [b'%', b'.', 0x80, 0];
        // SAFETY: this CPU has AVX2, looked for above.
        let classifier = unsafe { ByteSet::classify32_avx2(sets, singles) };
        for start in 0..=255u32 {
            let block: [u8; 32] = std::array::from_fn(|i| (start * 7 + i as u32 * 37) as u8);
            // SAFETY: this CPU has AVX2, looked for above.
            let (outside, equal) = unsafe { classifier.classify(&block) };
            let bits = |f: &dyn Fn(u8) -> bool| {
                (0..32)
                    .filter(|&i| f(block[i]))
                    .fold(0u32, |bits, i| bits | 1 << i)
            };
            for (set, outside) in sets.iter().zip(outside) {
                assert_eq!(outside, bits(&|b| !set.contains(b)), "{start}");
            }
            for (single, equal) in singles.into_iter().zip(equal) {
                assert_eq!(equal, bits(&|b| b == single), "{start}");
                // SAFETY: this CPU has AVX2, looked for above.
                assert_eq!(unsafe { super::equal32(&block, single) }, equal);
            }
        }
    }

    /// The AVX2 classification of every length up to 80 against `contains`, byte by byte, on
    /// bytes from all over the range.
    #[test]
    fn outside64_avx2_agrees_with_contains_at_every_length() {
        if !std::is_x86_feature_detected!("avx2") {
            eprintln!("skipped: this CPU has no AVX2");
            return;
        }
        let sets = [&rfc3986::QUERY, &rfc3986::SCHEME, &rfc3986::UNRESERVED];
        let bytes: Vec<u8> = (0..80u32).map(|i| (i * 97 + 13) as u8).collect();
        for start in 0..8 {
            for len in 0..=72 {
                let bytes = &bytes[start..start + len];
                // SAFETY: this CPU has AVX2, looked for above.
                let (outside, n) = unsafe { ByteSet::outside64_avx2(sets, bytes) };
                assert_eq!(n, len.min(64));
                for (set, outside) in sets.iter().zip(outside) {
                    let expected = bytes[..n]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &b)| !set.contains(b))
                        .fold(0u64, |bits, (i, _)| bits | 1 << i);
                    assert_eq!(outside, expected, "{start} {len}");
                }
                // The one-byte comparisons, which only the WHATWG fast path asks for.
                #[cfg(feature = "whatwg")]
                {
                    let singles = [b'%', bytes.first().copied().unwrap_or(0), 0x80];
                    // SAFETY: this CPU has AVX2, looked for above.
                    let (_, equal, _) =
                        unsafe { ByteSet::outside64_and_equal_avx2(sets, singles, bytes) };
                    for (b, equal) in singles.into_iter().zip(equal) {
                        let expected = bytes[..n]
                            .iter()
                            .enumerate()
                            .filter(|&(_, &x)| x == b)
                            .fold(0u64, |bits, (i, _)| bits | 1 << i);
                        assert_eq!(equal, expected, "{start} {len} {b}");
                    }
                }
            }
        }
    }
}
