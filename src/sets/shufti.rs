use std::arch::x86_64::*;

/// The bit of each high nibble 0-7; 0 for 8-F, so no byte 0x80-0xFF is ever in.
const HIGH: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// A bit for each byte of `block` (bit `i` for `block[i]`) that is not in the set that
/// `nibbles` describes.
#[target_feature(enable = "ssse3")]
#[inline]
pub(crate) fn outside(nibbles: &[u8; 16], block: &[u8; 16]) -> u32 {
    // SAFETY: each load reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
    let (v, rows, columns) = unsafe {
        (
            _mm_loadu_si128(block.as_ptr().cast()),
            _mm_loadu_si128(nibbles.as_ptr().cast()),
            _mm_loadu_si128(HIGH.as_ptr().cast()),
        )
    };
    let nibble = _mm_set1_epi8(0x0F);
    let row = _mm_shuffle_epi8(rows, _mm_and_si128(v, nibble));
    let column = _mm_shuffle_epi8(columns, _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
    let out = _mm_cmpeq_epi8(_mm_and_si128(row, column), _mm_setzero_si128());
    _mm_movemask_epi8(out) as u32
}

/// [`outside`] of the first 64 bytes of `bytes` (all of them if fewer) at once, for each
/// set whose tables `nibbles` holds (the same tables in each 16-byte lane), and how many
/// bytes that was.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
pub(crate) fn outside64<const N: usize>(
    nibbles: [&[u8; 16]; N],
    bytes: &[u8],
) -> ([u64; N], usize) {
    let (outside, [], n) = classify64::<N, 0>(nibbles, [], bytes);
    (outside, n)
}

/// [`outside64`], and for each byte value of `singles`, a bit for each of those bytes equal to
/// it: one comparison a value, where a set of one byte would take two steps.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
pub(crate) fn classify64<const N: usize, const M: usize>(
    nibbles: [&[u8; 16]; N],
    singles: [u8; M],
    bytes: &[u8],
) -> ([u64; N], [u64; M], usize) {
    let n = bytes.len().min(64);
    let within = match n {
        64 => u64::MAX,
        n => (1 << n) - 1,
    };
    // SAFETY: the masked load reads only the first `n` bytes, which `bytes` has (the
    // others are neither read nor faulted on); unaligned is allowed.
    let v = unsafe { _mm512_maskz_loadu_epi8(within, bytes.as_ptr().cast()) };
    let broadcast = |table: &[u8; 16]| {
        // SAFETY: reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
        _mm512_broadcast_i32x4(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
    };
    let nibble = _mm512_set1_epi8(0x0F);
    let low = _mm512_and_si512(v, nibble);
    let high = _mm512_and_si512(_mm512_srli_epi16(v, 4), nibble);
    let column = _mm512_shuffle_epi8(broadcast(&HIGH), high);
    let outside = nibbles.map(|rows| {
        let row = _mm512_shuffle_epi8(broadcast(rows), low);
        !_mm512_test_epi8_mask(row, column) & within
    });
    let equal = singles.map(|b| _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(b as i8)) & within);
    (outside, equal, n)
}

/// [`outside64`] with AVX2: the first 64 bytes of `bytes` (all of them if fewer), classified
/// 32 at a time, for each set at once; the bits past the bytes are 0.
///
/// AVX2 has no masked byte load, and a copy into a block costs a call to `memcpy` per record,
/// so the loads are made within the record: from 32 bytes on, its first 32 and its last 32
/// (overlapping), from 16 on, its first 16 and its last 16 in one register (one classification
/// for both); only a record shorter than 16 bytes is copied.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn outside64_avx2<const N: usize>(
    nibbles: [&[u8; 16]; N],
    bytes: &[u8],
) -> ([u64; N], usize) {
    let (outside, [], n) = classify64_avx2::<N, 0>(nibbles, [], bytes);
    (outside, n)
}

/// [`outside64_avx2`], and for each byte value of `singles`, a bit for each of those bytes equal
/// to it ([`classify64`] with AVX2).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn classify64_avx2<const N: usize, const M: usize>(
    nibbles: [&[u8; 16]; N],
    singles: [u8; M],
    bytes: &[u8],
) -> ([u64; N], [u64; M], usize) {
    let n = bytes.len().min(64);
    let within = match n {
        64 => u64::MAX,
        n => (1 << n) - 1,
    };
    let load32 = |bytes: &[u8]| match bytes.first_chunk::<32>() {
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
        Some(block) => unsafe { _mm256_loadu_si256(block.as_ptr().cast()) },
        None => unreachable!("a load of 32 is made where 32 bytes are"),
    };
    let load16 = |bytes: &[u8]| match bytes.first_chunk::<16>() {
        // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
        Some(half) => unsafe { _mm_loadu_si128(half.as_ptr().cast()) },
        None => unreachable!("a load of 16 is made where 16 bytes are"),
    };
    // The blocks, and where in `bytes` the second block's bytes or the first's upper half start.
    let (first, second, at) = match n {
        32..=64 => (load32(bytes), Some(load32(&bytes[n - 32..])), n - 32),
        16..=31 => (
            _mm256_set_m128i(load16(&bytes[n - 16..]), load16(bytes)),
            None,
            n - 16,
        ),
        _ => {
            let mut block = [0u8; 32];
            block[..n].copy_from_slice(&bytes[..n]);
            (load32(&block), None, 0)
        }
    };
    // SAFETY: reads sixteen bytes of the sixteen-byte `HIGH`; unaligned is allowed.
    let columns = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(HIGH.as_ptr().cast()) });
    let nibble = _mm256_set1_epi8(0x0F);
    let split = |v: __m256i| {
        let low = _mm256_and_si256(v, nibble);
        let column =
            _mm256_shuffle_epi8(columns, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
        (low, column)
    };
    // The bits of one classification of both blocks (32 bits each), in the places of their
    // bytes.
    let place = |bits: u64, second_bits: Option<u64>| {
        let bits = match (n, second_bits) {
            (32..=64, Some(second)) => bits | second << at,
            (16..=31, _) => bits & 0xFFFF | (bits >> 16) << at,
            _ => bits,
        };
        bits & within
    };
    let (split_first, split_second) = (split(first), second.map(split));
    let outside = nibbles.map(|table| {
        // SAFETY: reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
        let rows = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(table.as_ptr().cast()) });
        let classify = |(low, column): (__m256i, __m256i)| {
            let row = _mm256_shuffle_epi8(rows, low);
            let out = _mm256_cmpeq_epi8(_mm256_and_si256(row, column), _mm256_setzero_si256());
            u64::from(_mm256_movemask_epi8(out) as u32)
        };
        place(classify(split_first), split_second.map(classify))
    });
    let equal = singles.map(|b| {
        let b = _mm256_set1_epi8(b as i8);
        let classify = |v: __m256i| u64::from(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, b)) as u32);
        place(classify(first), second.map(classify))
    });
    (outside, equal, n)
}

/// [`classify64_avx2`]'s classification, 32 bytes a call, with its tables loaded once: for a
/// loop over many short records, where a load of the tables per record, the placing of two
/// blocks' bits and a second block a short record does not reach would cost more than the
/// classification itself. [`classify64_avx2`] keeps its own order, each set over both blocks,
/// rather than calling this once a block: with the eight sets of RFC 3986's fast path, tables
/// kept for a second block spill registers (measured: 20 more instructions a record).
#[cfg(feature = "whatwg")]
#[derive(Clone, Copy)]
pub(crate) struct Classify32<const N: usize, const M: usize> {
    rows: [__m256i; N],
    columns: __m256i,
    singles: [__m256i; M],
}

#[cfg(feature = "whatwg")]
impl<const N: usize, const M: usize> Classify32<N, M> {
    /// The tables of the sets `nibbles` describe and of the bytes `singles`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn new(nibbles: [&[u8; 16]; N], singles: [u8; M]) -> Self {
        let broadcast = |table: &[u8; 16]| {
            // SAFETY: reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
            _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(table.as_ptr().cast()) })
        };
        Classify32 {
            rows: nibbles.map(broadcast),
            columns: broadcast(&HIGH),
            singles: singles.map(|b| _mm256_set1_epi8(b as i8)),
        }
    }

    /// For each set, a bit for each byte of `block` not in it; for each single byte, a bit for
    /// each byte of `block` equal to it.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn classify(&self, block: &[u8; 32]) -> ([u32; N], [u32; M]) {
        // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
        let v = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
        let nibble = _mm256_set1_epi8(0x0F);
        let low = _mm256_and_si256(v, nibble);
        let high = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
        let column = _mm256_shuffle_epi8(self.columns, high);
        let outside = self.rows.map(|rows| {
            let row = _mm256_shuffle_epi8(rows, low);
            let out = _mm256_cmpeq_epi8(_mm256_and_si256(row, column), _mm256_setzero_si256());
            _mm256_movemask_epi8(out) as u32
        });
        let equal = self
            .singles
            .map(|b| _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, b)) as u32);
        (outside, equal)
    }
}

/// A bit for each byte of `block` equal to `b`.
#[cfg(feature = "whatwg")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn equal32(block: &[u8; 32], b: u8) -> u32 {
    // SAFETY: reads the 32 bytes of a 32-byte array; unaligned is allowed.
    let v = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(b as i8))) as u32
}

/// [`outside`] of 32 bytes at once: the same tables in both 16-byte lanes.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn outside32(nibbles: &[u8; 16], block: &[u8; 32]) -> u32 {
    // SAFETY: each load reads as many bytes as its array has; unaligned is allowed.
    let (v, rows, columns) = unsafe {
        (
            _mm256_loadu_si256(block.as_ptr().cast()),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(nibbles.as_ptr().cast())),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(HIGH.as_ptr().cast())),
        )
    };
    let nibble = _mm256_set1_epi8(0x0F);
    let row = _mm256_shuffle_epi8(rows, _mm256_and_si256(v, nibble));
    let high = _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble);
    let column = _mm256_shuffle_epi8(columns, high);
    let out = _mm256_cmpeq_epi8(_mm256_and_si256(row, column), _mm256_setzero_si256());
    _mm256_movemask_epi8(out) as u32
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
                assert_eq!(unsafe { super::super::equal32(&block, single) }, equal);
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
