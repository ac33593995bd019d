//! POLYVAL (RFC 8452 §3) with PCLMULQDQ, the carry-less multiply x86-64 CPUs have had since
//! 2010, for a CPU of level AVX2 (`crate::cpu`); and with VPCLMULQDQ, four of them in one
//! instruction, for a CPU of level AVX-512: the digest's fast paths.
//!
//! The `polyval` crate computes the same function, but one call per key costs three to four
//! times this (`cargo bench --bench core -- digest`: 78 ns a URL against 22 with PCLMULQDQ and
//! 19 with VPCLMULQDQ, on an AVX-512 Xeon): it reduces after each block of an input under 64
//! bytes, and takes blocks through its generic block API. Here the products of up to 8 blocks
//! with the powers H⁸ … H¹ are summed unreduced and reduced once (a reduction is linear, so the
//! sum of reductions is the reduction of the sum), which makes the blocks of a short key
//! independent multiplies rather than a chain; the crate stays the portable path and the
//! tests' oracle.
//!
//! The multiply and reduction are Gueron's for POLYVAL (RFC 8452 §3 defines
//! dot(a, b) = a × b × x⁻¹²⁸ in GF(2¹²⁸) modulo x¹²⁸ + x¹²⁷ + x¹²⁶ + x¹²¹ + 1; the reduction
//! is two folds by the constant 0xc2 ⋯ 01, as in the AES-GCM-SIV reference code).

use std::arch::x86_64::{
    __m128i, __m512i, _mm_clmulepi64_si128, _mm_loadu_si128, _mm_set_epi64x, _mm_setr_epi32,
    _mm_setzero_si128, _mm_shuffle_epi8, _mm_shuffle_epi32, _mm_slli_si128, _mm_srli_si128,
    _mm_storeu_si128, _mm_xor_si128, _mm256_castsi256_si128, _mm256_extracti128_si256,
    _mm256_xor_si256, _mm512_castsi512_si256, _mm512_clmulepi64_epi128, _mm512_extracti64x4_epi64,
    _mm512_loadu_si512, _mm512_maskz_loadu_epi8, _mm512_xor_si512,
};

/// How many blocks are summed before one reduction: the powers of H kept.
const GROUP: usize = 8;

/// The most bytes [`polyval_wide`] takes in one register: four blocks.
const WIDE: usize = 64;

/// The powers of H in POLYVAL's product (Hᵏ is H multiplied into itself k times by dot).
#[derive(Clone, Copy, Debug)]
pub(super) struct Powers {
    /// H¹ … H⁸.
    ascending: [__m128i; GROUP],
    /// H⁵, H⁴, H³, H², then zeros: the four powers of a key of up to four blocks are four
    /// adjacent ones here, read in one load.
    descending: [__m128i; 8],
}

/// The powers of the hash key `h`.
#[target_feature(enable = "pclmulqdq,ssse3")]
pub(super) fn powers(h: u128) -> Powers {
    let h = from_u128(h);
    let mut ascending = [h; GROUP];
    for k in 1..GROUP {
        ascending[k] = dot(ascending[k - 1], h);
    }
    let mut descending = [_mm_setzero_si128(); 8];
    for k in 0..4 {
        descending[k] = ascending[4 - k];
    }
    Powers {
        ascending,
        descending,
    }
}

/// [`polyval`] by 512-bit carry-less multiplies (VPCLMULQDQ, with AVX-512 F and BW): the
/// blocks of a key of up to 64 bytes read in one masked load and multiplied by their four
/// powers at once, four products an instruction; a longer key goes to [`polyval`].
#[target_feature(enable = "avx512f,avx512bw,avx2,vpclmulqdq,pclmulqdq,ssse3")]
pub(super) fn polyval_wide(powers: &Powers, bytes: &[u8], last: u128) -> u128 {
    let len = bytes.len();
    if len > WIDE {
        return polyval(powers, bytes, last);
    }
    // The key's d blocks take H^(d+1) … H² (the last block takes H¹): lane i's power is
    // `descending[4 - d + i]`, and the lanes past the key hold zeros, whatever their power.
    let d = len.div_ceil(16);
    // A bit for each of the key's bytes: none for an empty key (a shift by 64 is none).
    let within = u64::MAX.checked_shr((WIDE - len) as u32).unwrap_or(0);
    // SAFETY: the masked load reads only the first `len` bytes, which `bytes` has (the others
    // are neither read nor faulted on); the second load reads four of `descending`'s eight
    // entries from entry 4 − d (d ≤ 4); unaligned is allowed for both.
    let (blocks, powers_of) = unsafe {
        (
            _mm512_maskz_loadu_epi8(within, bytes.as_ptr().cast()),
            _mm512_loadu_si512(powers.descending[4 - d..].as_ptr().cast()),
        )
    };
    let lanes = |x: __m512i| {
        let halves = _mm256_xor_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64::<1>(x));
        _mm_xor_si128(
            _mm256_castsi256_si128(halves),
            _mm256_extracti128_si256::<1>(halves),
        )
    };
    let mut sum = Unreduced {
        low: lanes(_mm512_clmulepi64_epi128::<0x00>(blocks, powers_of)),
        middle: lanes(_mm512_xor_si512(
            _mm512_clmulepi64_epi128::<0x10>(blocks, powers_of),
            _mm512_clmulepi64_epi128::<0x01>(blocks, powers_of),
        )),
        high: lanes(_mm512_clmulepi64_epi128::<0x11>(blocks, powers_of)),
    };
    sum.add(from_u128(last), powers.ascending[0]);
    to_u128(sum.reduce())
}

/// POLYVAL(H, X₁, …, Xₙ) where X₁ … Xₙ₋₁ are `bytes` cut into 16-byte blocks, the last one
/// padded with zeros, and Xₙ is `last`: by Horner's rule, Σ Xᵢ · Hⁿ⁻ⁱ⁺¹, taken 8 blocks to a
/// reduction from the end so that only the first group is short.
#[target_feature(enable = "pclmulqdq,ssse3")]
pub(super) fn polyval(powers: &Powers, bytes: &[u8], last: u128) -> u128 {
    let chunks = bytes.chunks_exact(16);
    let rest = chunks.remainder().len();
    let n = chunks.len() + usize::from(rest != 0) + 1;
    // The blocks left in the group being summed: the first group takes what is over a multiple
    // of 8, so that the last block meets H¹.
    let mut left = (n - 1) % GROUP + 1;
    let mut sum = Unreduced::zero();
    let mut carried = _mm_setzero_si128();
    let mut absorb = |block: __m128i| {
        left -= 1;
        sum.add(_mm_xor_si128(block, carried), powers.ascending[left]);
        carried = _mm_setzero_si128();
        if left == 0 {
            carried = sum.reduce();
            sum = Unreduced::zero();
            left = GROUP;
        }
    };
    for block in chunks {
        match block.first_chunk::<16>() {
            // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
            Some(block) => absorb(unsafe { _mm_loadu_si128(block.as_ptr().cast()) }),
            None => unreachable!("chunks_exact gives 16 bytes"),
        }
    }
    if rest != 0 {
        absorb(tail(bytes, rest));
    }
    absorb(from_u128(last));
    to_u128(carried)
}

/// The last `n` bytes of `bytes` (1 to 15 of them) as a block padded with zeros.
#[target_feature(enable = "pclmulqdq,ssse3")]
fn tail(bytes: &[u8], n: usize) -> __m128i {
    match bytes.last_chunk::<16>() {
        Some(last) => {
            // PSHUFB moves byte 16 − n + i to i, and a selector with its top bit set gives 0.
            const SELECT: [u8; 32] = {
                let mut select = [0x80; 32];
                let mut i = 0;
                while i < 16 {
                    select[i] = i as u8;
                    i += 1;
                }
                select
            };
            let from = 16 - n;
            let Some(select) = SELECT[from..].first_chunk::<16>() else {
                unreachable!("n is 1 to 15, so 16 bytes follow `from`")
            };
            // SAFETY: each load reads the 16 bytes of a 16-byte array; unaligned is allowed.
            let (last, select) = unsafe {
                (
                    _mm_loadu_si128(last.as_ptr().cast()),
                    _mm_loadu_si128(select.as_ptr().cast()),
                )
            };
            // Bytes 16 − n … 15 (the tail) to 0 … n − 1: the selector is `from + i` for
            // each lane i < n, and 0x80 (zero) past them.
            _mm_shuffle_epi8(last, select)
        }
        None => {
            let mut block = [0; 16];
            block[..n].copy_from_slice(&bytes[bytes.len() - n..]);
            // SAFETY: reads the 16 bytes of a 16-byte array; unaligned is allowed.
            unsafe { _mm_loadu_si128(block.as_ptr().cast()) }
        }
    }
}

/// dot(a, b), RFC 8452 §3.
#[target_feature(enable = "pclmulqdq,ssse3")]
fn dot(a: __m128i, b: __m128i) -> __m128i {
    let mut sum = Unreduced::zero();
    sum.add(a, b);
    sum.reduce()
}

/// A sum of 256-bit carry-less products, not yet reduced: low, middle (the two cross
/// products, which straddle the halves) and high.
#[derive(Clone, Copy)]
struct Unreduced {
    low: __m128i,
    middle: __m128i,
    high: __m128i,
}

impl Unreduced {
    /// The empty sum.
    #[target_feature(enable = "pclmulqdq,ssse3")]
    fn zero() -> Unreduced {
        let zero = _mm_setzero_si128();
        Unreduced {
            low: zero,
            middle: zero,
            high: zero,
        }
    }

    /// Adds a × b, schoolbook: four 64 × 64-bit carry-less multiplies.
    #[target_feature(enable = "pclmulqdq,ssse3")]
    fn add(&mut self, a: __m128i, b: __m128i) {
        self.low = _mm_xor_si128(self.low, _mm_clmulepi64_si128::<0x00>(a, b));
        self.high = _mm_xor_si128(self.high, _mm_clmulepi64_si128::<0x11>(a, b));
        let cross = _mm_xor_si128(
            _mm_clmulepi64_si128::<0x10>(a, b),
            _mm_clmulepi64_si128::<0x01>(a, b),
        );
        self.middle = _mm_xor_si128(self.middle, cross);
    }

    /// The sum × x⁻¹²⁸ modulo POLYVAL's polynomial: the low half folded into the high twice by
    /// the polynomial's constant (x¹²⁷ + x¹²⁶ + x¹²¹ + 1 over x⁶⁴, as 0xc2 ⋯ 01).
    #[target_feature(enable = "pclmulqdq,ssse3")]
    fn reduce(self) -> __m128i {
        let low = _mm_xor_si128(self.low, _mm_slli_si128::<8>(self.middle));
        let high = _mm_xor_si128(self.high, _mm_srli_si128::<8>(self.middle));
        let polynomial = _mm_setr_epi32(1, 0, 0, 0xc200_0000_u32 as i32);
        let fold = |low: __m128i| {
            _mm_xor_si128(
                _mm_shuffle_epi32::<0b01_00_11_10>(low),
                _mm_clmulepi64_si128::<0x10>(low, polynomial),
            )
        };
        _mm_xor_si128(high, fold(fold(low)))
    }
}

#[target_feature(enable = "pclmulqdq,ssse3")]
fn from_u128(value: u128) -> __m128i {
    _mm_set_epi64x((value >> 64) as i64, value as i64)
}

#[target_feature(enable = "pclmulqdq,ssse3")]
fn to_u128(value: __m128i) -> u128 {
    let mut bytes = [0u8; 16];
    // SAFETY: writes the 16 bytes of a 16-byte array; unaligned is allowed.
    unsafe { _mm_storeu_si128(bytes.as_mut_ptr().cast(), value) };
    u128::from_le_bytes(bytes)
}
