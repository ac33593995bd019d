//! The classifier with AVX2: 32 bytes a step, the same tables in both 16-byte lanes.

use std::arch::x86_64::*;

use super::HIGH;

/// [`super::classify64`] with AVX2: the first 64 bytes of `bytes` (all of them if fewer),
/// classified 32 at a time, for each set at once; the bits past the bytes are 0.
///
/// AVX2 has no masked byte load, and a copy into a block costs a call to `memcpy` per record,
/// so the loads are made within the record: from 32 bytes on, its first 32 and its last 32
/// (overlapping), from 16 on, its first 16 and its last 16 in one register (one classification
/// for both); only a record shorter than 16 bytes is copied.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn classify64_avx2<const N: usize, const M: usize>(
    nibbles: [&[u8; 16]; N],
    singles: [u8; M],
    bytes: &[u8],
) -> ([u64; N], [u64; M], usize) {
    let (n, within) = super::first64(bytes);
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
