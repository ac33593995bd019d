//! The digest a key is held as: POLYVAL (RFC 8452 §3) of the key, padded with zeros to whole
//! 16-byte blocks, followed by one block that holds its length (its byte count as a 64-bit
//! little-endian number, then eight zero bytes), under a hash key H drawn at random for the
//! run.
//!
//! POLYVAL is a polynomial in H over GF(2¹²⁸) whose coefficients are the blocks (RFC 8452 §3
//! defines it by Horner's rule): two inputs of at most s blocks that differ give polynomials
//! whose difference is nonzero, of degree at most s and without a constant term, so for any
//! value δ the two digests differ by δ for at most s of the 2¹²⁸ values of H (a nonzero
//! polynomial has no more roots than its degree). The length block makes the inputs of two
//! distinct keys differ even where one key is the other with zero bytes added (padding alone
//! would give them the same blocks). So two distinct keys of at most s − 1 blocks collide with
//! odds of at most s / 2¹²⁸ over the draw of H, and among n distinct keys at most n² · s / 2¹²⁹
//! (each pair once). The bound holds for any keys chosen without seeing H, which is secret; and
//! since it bounds the odds that two digests differ by any given value, the low bits the table
//! takes as a slot number are spread as well.
//!
//! A key costs a carry-less multiply per block: on x86-64 with PCLMULQDQ (level AVX2) by
//! `clmul`, summing up to 8 products a reduction, or with VPCLMULQDQ (level AVX-512) four
//! blocks an instruction; elsewhere by the `polyval` crate (RustCrypto), which picks its own
//! instructions (PMULL on ARMv8, PCLMULQDQ, or portable code), as the `memchr` crate does.

#[cfg(target_arch = "x86_64")]
use super::clmul;
use crate::cpu::Blocks;
#[cfg(target_arch = "x86_64")]
use crate::cpu::Level;
use ::polyval::universal_hash::UniversalHash;

/// POLYVAL under one hash key, ready to digest keys.
#[derive(Clone, Debug)]
pub(super) struct Polyval {
    how: How,
}

#[derive(Clone, Debug)]
enum How {
    /// Made only under a [`Blocks`] of level AVX2 or better, so the CPU has PCLMULQDQ.
    #[cfg(target_arch = "x86_64")]
    Clmul(clmul::Powers),
    /// Made only under a [`Blocks`] of level AVX-512, so the CPU has VPCLMULQDQ and AVX-512 F
    /// and BW.
    #[cfg(target_arch = "x86_64")]
    Wide(clmul::Powers),
    /// The `polyval` crate, with nothing absorbed yet.
    Portable(::polyval::Polyval),
}

impl Polyval {
    /// POLYVAL under the hash key `h`, computed by the fastest way `blocks` allows.
    pub(super) fn new(h: u128, blocks: Blocks) -> Polyval {
        #[cfg(target_arch = "x86_64")]
        if blocks.level() >= Level::Avx2 {
            // SAFETY: a `Blocks` of level AVX2 or better exists only where `Blocks::new` found
            // the level's features on this CPU, PCLMULQDQ and SSSE3 among them.
            let powers = unsafe { clmul::powers(h) };
            let how = match blocks.level() {
                Level::Avx512 => How::Wide(powers),
                _ => How::Clmul(powers),
            };
            return Polyval { how };
        }
        let _ = blocks;
        Polyval {
            how: How::Portable(::polyval::Polyval::new(&h.to_le_bytes().into())),
        }
    }

    /// The digest of `key`.
    #[inline]
    pub(super) fn digest(&self, key: &[u8]) -> u128 {
        self.polyval(key, key.len() as u64 as u128)
    }

    /// POLYVAL(H, X₁, …, Xₙ) where X₁ … Xₙ₋₁ are `bytes` in 16-byte blocks, the last one
    /// padded with zeros, and Xₙ is `last`.
    #[inline]
    fn polyval(&self, bytes: &[u8], last: u128) -> u128 {
        match &self.how {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `How::Clmul` is made only where the CPU has PCLMULQDQ and SSSE3 (above).
            How::Clmul(powers) => unsafe { clmul::polyval(powers, bytes, last) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `How::Wide` is made only where the CPU has the AVX-512 level's features,
            // VPCLMULQDQ, AVX-512 F and BW, AVX2, PCLMULQDQ and SSSE3 among them (above).
            How::Wide(powers) => unsafe { clmul::polyval_wide(powers, bytes, last) },
            How::Portable(polyval) => {
                let mut polyval = polyval.clone();
                polyval.update_padded(bytes);
                polyval.update(&[last.to_le_bytes().into()]);
                u128::from_le_bytes(polyval.finalize().into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Polyval;
    use crate::cpu::Blocks;
    use proptest::prelude::*;

    fn hex(text: &str) -> Vec<u8> {
        let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_hexdigit).collect();
        let value = |d: u8| (d as char).to_digit(16).map_or(0, |v| v as u8);
        digits
            .chunks(2)
            .map(|p| value(p[0]) << 4 | value(p[1]))
            .collect()
    }

    fn block(text: &str) -> u128 {
        let bytes: [u8; 16] = hex(text).try_into().expect("16 bytes");
        u128::from_le_bytes(bytes)
    }

    /// POLYVAL of whole blocks by each way this CPU runs, the last block apart as `digest`
    /// gives it.
    fn polyval_by_each(h: u128, input: &[u8]) -> Vec<u128> {
        let (blocks, last) = input.split_at(input.len() - 16);
        let last = u128::from_le_bytes(last.try_into().expect("16 bytes"));
        let each = Blocks::available().into_iter();
        each.map(|ways| Polyval::new(h, ways).polyval(blocks, last))
            .collect()
    }

    /// RFC 8452 Appendix A's POLYVAL example and Appendix C's "POLYVAL input" and "POLYVAL
    /// result" of AEAD_AES_128_GCM_SIV and AEAD_AES_256_GCM_SIV (1 to 6 blocks; with H the
    /// "Record authentication key").
    #[test]
    fn rfc_8452_vectors() {
        let cases = [
            (
                "25629347589242761d31f826ba4b757b",
                "4f4f95668c83dfb6401762bb2d01a262 d1a24ddd2721d006bbe45f20d3c9f362",
                "f7a3b47b846119fae5b7866cf5e5b77e",
            ),
            (
                "d9b360279694941ac5dbc6987ada7377",
                "00000000000000000000000000000000",
                "00000000000000000000000000000000",
            ),
            (
                "d9b360279694941ac5dbc6987ada7377",
                "01000000000000000000000000000000 00000000000000004000000000000000",
                "eb93b7740962c5e49d2a90a7dc5cec74",
            ),
            (
                "d9b360279694941ac5dbc6987ada7377",
                "01000000000000000000000000000000 02000000000000000000000000000000
                 00000000000000000001000000000000",
                "ce6edc9a50b36d9a98986bbf6a261c3b",
            ),
            (
                "cb8c3aa3f8dbaeb4b28a3e86ff6625f8",
                "734320ccc9d9bbbb19cb81b2af4ecbc3 e72834321f7aa0f70b7282b4f33df23f
                 16754100000000000000000000000000 ced532ce4159b035277d4dfbb7db6296
                 8b13cd4eec0000000000000000000000 1801000000000000a800000000000000",
                "ffd503c7dd712eb3791b7114b17bb0cf",
            ),
        ];
        for (h, input, result) in cases {
            for got in polyval_by_each(block(h), &hex(input)) {
                assert_eq!(got, block(result), "H {h}, input {input}");
            }
        }
    }

    proptest! {
        /// Each way gives the digest the `polyval` crate gives block by block, for keys of 0
        /// to 300 bytes (so 1 to 20 blocks: groups of 8 and what is over), under any H.
        #[test]
        fn each_way_is_the_crates(h: u128, key in proptest::collection::vec(any::<u8>(), 0..300)) {
            use ::polyval::universal_hash::UniversalHash;
            let mut oracle = ::polyval::Polyval::new(&h.to_le_bytes().into());
            oracle.update_padded(&key);
            let mut length = [0; 16];
            length[..8].copy_from_slice(&(key.len() as u64).to_le_bytes());
            oracle.update(&[length.into()]);
            let want = u128::from_le_bytes(oracle.finalize().into());
            for ways in Blocks::available() {
                prop_assert_eq!(Polyval::new(h, ways).digest(&key), want);
            }
        }
    }

    /// A key and the same key with zero bytes added differ by their length block.
    #[test]
    fn zeros_added_change_the_digest() {
        for ways in Blocks::available() {
            let polyval = Polyval::new(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210, ways);
            let digests: Vec<u128> = ["", "\0", "a", "a\0", "a\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"]
                .iter()
                .map(|key| polyval.digest(key.as_bytes()))
                .collect();
            for (i, a) in digests.iter().enumerate() {
                assert!(!digests[i + 1..].contains(a), "{ways:?}: {digests:x?}");
            }
        }
    }
}
