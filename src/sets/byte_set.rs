//! The [`ByteSet`] type: a set of the 256 byte values, built at compile time, and its block
//! classifier for the longest run of member bytes ([`ByteSet::prefix_len`]).

use std::fmt;

#[cfg(target_arch = "x86_64")]
use super::shufti;
use crate::cpu::Blocks;

/// A set of bytes: one flag for each of the 256 byte values.
///
/// Every operation is a `const fn`, so each named set below is a compile-time constant derived
/// from its neighbours, the way the standards define them. A flag per byte (not a bit) makes
/// [`ByteSet::contains`] one load, which is what the validators' inner loops do per byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByteSet {
    member: [bool; 256],
    /// The same set for [`ByteSet::prefix_len`]'s block classifier: for each low nibble, a bit
    /// per high nibble 0–7 whose byte is in the set. Kept in step by every operation.
    nibbles: [u8; 16],
    /// Whether every member is ASCII (the classifier's condition).
    ascii: bool,
}

impl ByteSet {
    /// The set with no bytes.
    pub const EMPTY: ByteSet = ByteSet {
        member: [false; 256],
        nibbles: [0; 16],
        ascii: true,
    };

    /// This set with its classifier tables made anew from its members.
    const fn indexed(mut self) -> ByteSet {
        self.nibbles = [0; 16];
        self.ascii = true;
        let mut b = 0;
        while b < 256 {
            if self.member[b] {
                if b < 0x80 {
                    self.nibbles[b & 0xF] |= 1 << (b >> 4);
                } else {
                    self.ascii = false;
                }
            }
            b += 1;
        }
        self
    }

    /// The length of the longest prefix of `bytes` whose bytes are all in the set.
    ///
    /// The hot loop of encoding and validating. Where the set is ASCII, bytes are classified
    /// a block at a time ("shufti", as in Hyperscan: the low nibble picks a bitmap of high
    /// nibbles, the high nibble one bit of it): 64 at a time with AVX-512 (BW), whatever the
    /// length, 32 at a time with AVX2 where there are 32 or more, or 16 at a time with SSSE3
    /// where there are sixteen or more; elsewhere byte by byte; [`Blocks::selected`] says which. Tested against [`ByteSet::contains`] on random
    /// input, each way.
    ///
    /// ```
    /// use uriesc::sets::rfc3986::UNRESERVED;
    ///
    /// // RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"; "%" is not one.
    /// assert_eq!(UNRESERVED.prefix_len(b"a-._~9%20b"), 6);
    /// assert_eq!(UNRESERVED.prefix_len(b"/path"), 0);
    /// ```
    #[inline]
    pub fn prefix_len(&self, bytes: &[u8]) -> usize {
        self.prefix_len_by(bytes, Blocks::selected())
    }

    /// [`ByteSet::prefix_len`] the way `blocks` names (AVX-512: 64 bytes at a time; AVX2: 32,
    /// or SSSE3's 16 where fewer than 32 are left; SSSE3: 16; portable: byte by byte), for callers that choose, and for tests
    /// that hold each to [`ByteSet::contains`]. Not part of the API: [`ByteSet::prefix_len`]
    /// chooses the level itself.
    #[inline]
    pub(crate) fn prefix_len_by(&self, bytes: &[u8], blocks: Blocks) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.ascii {
            use crate::cpu::Level;
            let level = blocks.level();
            if level == Level::Avx512 {
                // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found
                // its features on this CPU, AVX-512 F and BW among them.
                return unsafe { self.prefix_len_avx512(bytes) };
            }
            if level >= Level::Avx2 && bytes.len() >= 32 {
                // SAFETY: a `Blocks` of level AVX2 or above exists only where `Blocks::new`
                // found its features on this CPU, AVX2 among them.
                return unsafe { self.prefix_len_avx2(bytes) };
            }
            if level >= Level::Ssse3 && bytes.len() >= 16 {
                // SAFETY: a `Blocks` of level SSSE3 or above exists only where `Blocks::new`
                // found its features on this CPU, SSSE3 among them.
                return unsafe { self.prefix_len_ssse3(bytes) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = blocks;
        self.prefix_len_bytewise(bytes)
    }

    /// For each of `sets` (all ASCII), a bit for each of the first 64 bytes of `bytes` (all of
    /// them if fewer) that is not in it, and how many bytes that was: one classifier step for
    /// a scanner that needs several sets at once.
    ///
    /// # Safety
    ///
    /// Code not itself compiled for AVX-512 F and BW may call it only where the CPU has them.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    #[inline]
    pub(crate) fn outside64<const N: usize>(
        sets: [&ByteSet; N],
        bytes: &[u8],
    ) -> ([u64; N], usize) {
        debug_assert!(sets.iter().all(|set| set.ascii));
        let (outside, [], n) = shufti::classify64::<N, 0>(sets.map(|set| &set.nibbles), [], bytes);
        (outside, n)
    }

    /// [`ByteSet::outside64`], and for each of `singles`, a bit for each of the first 64 bytes of
    /// `bytes` that is that byte: one comparison a byte value, where a set of one would take two
    /// steps.
    ///
    /// # Safety
    ///
    /// Code not itself compiled for AVX-512 F and BW may call it only where the CPU has them.
    #[cfg(all(target_arch = "x86_64", feature = "whatwg"))]
    #[target_feature(enable = "avx512f,avx512bw")]
    #[inline]
    pub(crate) fn outside64_and_equal<const N: usize, const M: usize>(
        sets: [&ByteSet; N],
        singles: [u8; M],
        bytes: &[u8],
    ) -> ([u64; N], [u64; M], usize) {
        debug_assert!(sets.iter().all(|set| set.ascii));
        shufti::classify64(sets.map(|set| &set.nibbles), singles, bytes)
    }

    /// [`ByteSet::outside64_and_equal`] with AVX2 (32 bytes a step).
    ///
    /// # Safety
    ///
    /// Code not itself compiled for AVX2 may call it only where the CPU has AVX2.
    #[cfg(all(target_arch = "x86_64", feature = "whatwg"))]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn outside64_and_equal_avx2<const N: usize, const M: usize>(
        sets: [&ByteSet; N],
        singles: [u8; M],
        bytes: &[u8],
    ) -> ([u64; N], [u64; M], usize) {
        debug_assert!(sets.iter().all(|set| set.ascii));
        shufti::classify64_avx2(sets.map(|set| &set.nibbles), singles, bytes)
    }

    /// [`ByteSet::outside64_and_equal_avx2`]'s tables loaded once, for a loop that classifies
    /// 32 bytes a step.
    ///
    /// # Safety
    ///
    /// Code not itself compiled for AVX2 may call it only where the CPU has AVX2.
    #[cfg(all(target_arch = "x86_64", feature = "whatwg"))]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn classify32_avx2<const N: usize, const M: usize>(
        sets: [&ByteSet; N],
        singles: [u8; M],
    ) -> shufti::Classify32<N, M> {
        debug_assert!(sets.iter().all(|set| set.ascii));
        shufti::Classify32::new(sets.map(|set| &set.nibbles), singles)
    }

    /// [`ByteSet::outside64`] with AVX2 (32 bytes a step, from a copy of the first 64).
    ///
    /// # Safety
    ///
    /// Code not itself compiled for AVX2 may call it only where the CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn outside64_avx2<const N: usize>(
        sets: [&ByteSet; N],
        bytes: &[u8],
    ) -> ([u64; N], usize) {
        debug_assert!(sets.iter().all(|set| set.ascii));
        let (outside, [], n) =
            shufti::classify64_avx2::<N, 0>(sets.map(|set| &set.nibbles), [], bytes);
        (outside, n)
    }

    fn prefix_len_bytewise(&self, bytes: &[u8]) -> usize {
        bytes.iter().take_while(|&&b| self.contains(b)).count()
    }

    /// [`ByteSet::prefix_len`] 64 bytes at a time; a shorter last block is read with a mask,
    /// so short inputs take one step too.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn prefix_len_avx512(&self, bytes: &[u8]) -> usize {
        let mut i = 0;
        loop {
            let rest = &bytes[i..];
            let ([outside], [], n) = shufti::classify64([&self.nibbles], [], rest);
            if outside != 0 {
                return i + outside.trailing_zeros() as usize;
            }
            i += n;
            if n < 64 {
                return i;
            }
        }
    }

    /// [`ByteSet::prefix_len`] of at least sixteen bytes, a block at a time; the last block is
    /// the last sixteen bytes, which may overlap the one before.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "ssse3")]
    fn prefix_len_ssse3(&self, bytes: &[u8]) -> usize {
        let mut i = 0;
        while let Some(block) = bytes[i..].first_chunk::<16>() {
            let run = (shufti::outside(&self.nibbles, block) | 0x1_0000).trailing_zeros();
            i += run as usize;
            if run < 16 {
                return i;
            }
        }
        let Some(last) = bytes.last_chunk::<16>() else {
            return i;
        };
        // The first bytes of `last`, up to `i`, are known to be in the set.
        let start = bytes.len() - 16;
        let unseen = u32::MAX << (i - start);
        start
            + ((shufti::outside(&self.nibbles, last) | 0x1_0000) & unseen).trailing_zeros() as usize
    }

    /// [`ByteSet::prefix_len`] of at least 32 bytes, as [`ByteSet::prefix_len_ssse3`] with
    /// AVX2's blocks of 32.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn prefix_len_avx2(&self, bytes: &[u8]) -> usize {
        let mut i = 0;
        while let Some(block) = bytes[i..].first_chunk::<32>() {
            let run = shufti::outside32(&self.nibbles, block).trailing_zeros();
            i += run as usize;
            if run < 32 {
                return i;
            }
        }
        let Some(last) = bytes.last_chunk::<32>() else {
            return i;
        };
        // The first bytes of `last`, up to `i`, are known to be in the set.
        let start = bytes.len() - 32;
        let unseen = u32::MAX.checked_shl((i - start) as u32).unwrap_or(0);
        let outside = u64::from(shufti::outside32(&self.nibbles, last) & unseen) | 1 << 32;
        start + outside.trailing_zeros() as usize
    }

    /// Whether every byte of the set is ASCII, as the block classifiers (SSSE3, AVX2,
    /// AVX-512) need.
    pub const fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// A bit for each byte of `block` that is not in the set (bit `i` for `block[i]`), by the
    /// same classifier as [`ByteSet::prefix_len`] with AVX2's 32-byte registers, for a hot loop
    /// compiled for AVX2 itself. Right only for an ASCII set ([`ByteSet::is_ascii`]).
    ///
    /// # Safety
    ///
    /// Code not itself compiled for AVX2 may call it only where the CPU has AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn outside_avx2(&self, block: &[u8; 32]) -> u32 {
        debug_assert!(self.ascii);
        shufti::outside32(&self.nibbles, block)
    }

    /// The set of every byte in `bytes`.
    pub const fn of(bytes: &[u8]) -> ByteSet {
        let mut set = ByteSet::EMPTY;
        let mut i = 0;
        while i < bytes.len() {
            set.member[bytes[i] as usize] = true;
            i += 1;
        }
        set.indexed()
    }

    /// The set of the bytes from `first` to `last`, both included.
    pub const fn range(first: u8, last: u8) -> ByteSet {
        let mut set = ByteSet::EMPTY;
        let mut b = first as usize;
        while b <= last as usize {
            set.member[b] = true;
            b += 1;
        }
        set.indexed()
    }

    /// This set with `byte` added.
    pub const fn add(mut self, byte: u8) -> ByteSet {
        self.member[byte as usize] = true;
        self.indexed()
    }

    /// This set with `byte` taken out.
    pub const fn remove(mut self, byte: u8) -> ByteSet {
        self.member[byte as usize] = false;
        self.indexed()
    }

    /// The bytes in this set or in `other`.
    ///
    /// ```
    /// use uriesc::sets::rfc3986::{GEN_DELIMS, SUB_DELIMS};
    ///
    /// // RFC 3986 §2.2: reserved = gen-delims / sub-delims, 7 and 11 characters.
    /// let reserved = GEN_DELIMS.union(SUB_DELIMS);
    /// assert_eq!(reserved.len(), 18);
    /// assert!(reserved.contains(b'@') && reserved.contains(b'='));
    /// ```
    pub const fn union(mut self, other: ByteSet) -> ByteSet {
        let mut b = 0;
        while b < 256 {
            self.member[b] |= other.member[b];
            b += 1;
        }
        self.indexed()
    }

    /// The bytes in this set and not in `other`.
    pub const fn minus(self, other: ByteSet) -> ByteSet {
        self.intersection(other.complement())
    }

    /// The bytes in both this set and `other`.
    pub const fn intersection(mut self, other: ByteSet) -> ByteSet {
        let mut b = 0;
        while b < 256 {
            self.member[b] &= other.member[b];
            b += 1;
        }
        self.indexed()
    }

    /// The bytes not in this set.
    pub const fn complement(mut self) -> ByteSet {
        let mut b = 0;
        while b < 256 {
            self.member[b] = !self.member[b];
            b += 1;
        }
        self.indexed()
    }

    /// Whether `byte` is in the set.
    #[inline]
    ///
    /// ```
    /// use uriesc::sets::ByteSet;
    ///
    /// // RFC 3986 §2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    /// const SUB_DELIMS: ByteSet = ByteSet::of(b"!$&'()*+,;=");
    /// assert!(SUB_DELIMS.contains(b'&'));
    /// assert!(!SUB_DELIMS.contains(b'/'));
    /// assert!(!SUB_DELIMS.contains(0xC3));
    /// ```
    pub const fn contains(&self, byte: u8) -> bool {
        self.member[byte as usize]
    }

    /// The number of bytes in the set.
    pub const fn len(&self) -> usize {
        let mut n = 0;
        let mut b = 0;
        while b < 256 {
            n += self.member[b] as usize;
            b += 1;
        }
        n
    }

    /// Whether the set has no bytes.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of the set, in increasing order.
    pub fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        (0..=255u8).filter(move |&b| self.contains(b))
    }
}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes: Vec<u8> = self.bytes().collect();
        write!(f, "ByteSet({:?})", bstr::BStr::new(&bytes))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Bytes of every kind: ASCII delimiters and controls, UTF-8 lead and continuation bytes.
    fn byte() -> impl Strategy<Value = u8> {
        prop_oneof![
            4 => prop::sample::select(b"%%%+ aZ09fF\r\n\0~#/?".to_vec()),
            2 => prop::sample::select(vec![0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0x80, 0xBF, 0xED, 0xFF]),
            2 => any::<u8>(),
        ]
    }

    /// Each way, at every length up to 100: all members, and one byte outside at each place
    /// (the blocks' ends and the overlapping last block are where a loop goes wrong).
    #[test]
    fn prefix_len_by_every_level_at_every_length() {
        let set = ByteSet::of(b"abc");
        for blocks in Blocks::available() {
            for len in 0..=100 {
                let members: Vec<u8> = b"abc".iter().cycle().take(len).copied().collect();
                assert_eq!(set.prefix_len_by(&members, blocks), len, "{blocks:?}");
                for at in 0..len {
                    let mut x = members.clone();
                    x[at] = b'%';
                    assert_eq!(set.prefix_len_by(&x, blocks), at, "{blocks:?} {len}");
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The block classifier agrees with membership, for sets ASCII or not.
        #[test]
        fn prefix_len_agrees_with_contains(
            x in prop::collection::vec(byte(), 0..100),
            members in prop::collection::vec(any::<u8>(), 0..120),
        ) {
            let set = ByteSet::of(&members);
            // Long runs of members, then whatever comes: blocks of 16 and 64 bytes are crossed.
            let x: Vec<u8> = members.iter().cycle().take(members.len() * 3).chain(&x).copied().collect();
            let expected = x.iter().take_while(|&&b| set.contains(b)).count();
            prop_assert_eq!(set.prefix_len(&x), expected);
            let ascii = set.intersection(ByteSet::range(0, 0x7F));
            let expected_ascii = x.iter().take_while(|&&b| ascii.contains(b)).count();
            prop_assert_eq!(ascii.prefix_len(&x), expected_ascii);
            for blocks in Blocks::available() {
                prop_assert_eq!(set.prefix_len_by(&x, blocks), expected, "{:?}", blocks);
                prop_assert_eq!(ascii.prefix_len_by(&x, blocks), expected_ascii, "{:?}", blocks);
            }
        }
    }
}
