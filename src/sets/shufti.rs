use std::arch::x86_64::*;

/// The bit of each high nibble 0-7; 0 for 8-F, so no byte 0x80-0xFF is ever in.
const HIGH: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];

/// A bit for each byte of `block` (bit `i` for `block[i]`) that is not in the set that
/// `nibbles` describes.
#[target_feature(enable = "ssse3")]
#[inline]
pub fn outside(nibbles: &[u8; 16], block: &[u8; 16]) -> u32 {
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
pub fn outside64<const N: usize>(nibbles: [&[u8; 16]; N], bytes: &[u8]) -> ([u64; N], usize) {
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
    (outside, n)
}

/// [`outside64`] with AVX2: the first 64 bytes of `bytes` (all of them if fewer) copied into a
/// block of 64, classified 32 at a time, for each set at once; the bits past the bytes are 0.
#[target_feature(enable = "avx2")]
#[inline]
pub fn outside64_avx2<const N: usize>(nibbles: [&[u8; 16]; N], bytes: &[u8]) -> ([u64; N], usize) {
    let n = bytes.len().min(64);
    let within = match n {
        64 => u64::MAX,
        n => (1 << n) - 1,
    };
    // AVX2 has no masked byte load: a copy, which a short record makes cheap.
    let mut block = [0u8; 64];
    block[..n].copy_from_slice(&bytes[..n]);
    // SAFETY: each load reads 32 bytes of the 64-byte `block`, or sixteen of the sixteen-byte
    // `HIGH`; unaligned is allowed.
    let (first, second, columns) = unsafe {
        (
            _mm256_loadu_si256(block.as_ptr().cast()),
            _mm256_loadu_si256(block[32..].as_ptr().cast()),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(HIGH.as_ptr().cast())),
        )
    };
    let nibble = _mm256_set1_epi8(0x0F);
    let halves = [first, second].map(|v| {
        let low = _mm256_and_si256(v, nibble);
        let column =
            _mm256_shuffle_epi8(columns, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
        (low, column)
    });
    let outside = nibbles.map(|table| {
        // SAFETY: reads sixteen bytes of a sixteen-byte array; unaligned is allowed.
        let rows = _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(table.as_ptr().cast()) });
        let [low, high] = halves.map(|(low, column)| {
            let row = _mm256_shuffle_epi8(rows, low);
            let out = _mm256_cmpeq_epi8(_mm256_and_si256(row, column), _mm256_setzero_si256());
            _mm256_movemask_epi8(out) as u32 as u64
        });
        (low | high << 32) & within
    });
    (outside, n)
}

/// [`outside`] of 32 bytes at once: the same tables in both 16-byte lanes.
#[target_feature(enable = "avx2")]
#[inline]
pub fn outside32(nibbles: &[u8; 16], block: &[u8; 32]) -> u32 {
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
