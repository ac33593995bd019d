//! The byte tables: every set of bytes the project uses, and which one each standard and
//! component takes when data is percent-encoded.
//!
//! This module is the single source of these sets. Each is a [`ByteSet`] built at compile time
//! from the grammar pieces of its standard and named after the rule it comes from:
//!
//! * [`rfc3986`]: RFC 3986 Appendix A (collected ABNF), §2.2–2.3 for the character classes.
//! * [`rfc2396`]: RFC 2396 Appendix A (collected BNF) and §2.4.3, as amended by RFC 2732 §3.
//! * [`rfc1738`]: RFC 1738 §5 (BNF) and §2.2 (unsafe characters).
//! * [`whatwg`]: the WHATWG URL Standard §1.3 "Percent-encoded bytes", the percent-encode sets
//!   as of url.bs 6ae84860 (2026-07-02), which includes `^` in the path set (2025-03-05).
//!
//! The RFC sets say which bytes a rule allows *literally*; the WHATWG sets, as the standard
//! defines them, say which bytes get *encoded*. [`data_set`] turns both into the one thing
//! `encode` needs: the set of bytes to write as `%XX` for a (standard, component) pair, as
//! tabulated in the project's CLI specification ("Which set each component uses").

use std::fmt;

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
    /// length, or 16 at a time with SSSE3 where there are sixteen or more; elsewhere byte by
    /// byte; [`Blocks::selected`] says which. Tested against [`ByteSet::contains`] on random
    /// input, each way.
    #[inline]
    pub fn prefix_len(&self, bytes: &[u8]) -> usize {
        self.prefix_len_by(bytes, Blocks::selected())
    }

    /// [`ByteSet::prefix_len`] the way `blocks` names (AVX-512: 64 bytes at a time; SSSE3 or
    /// AVX2: the SSSE3 loop; portable: byte by byte), for callers that choose, and for tests
    /// that hold each to [`ByteSet::contains`].
    #[inline]
    pub fn prefix_len_by(&self, bytes: &[u8], blocks: Blocks) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.ascii {
            use crate::cpu::Level;
            let level = blocks.level();
            if level == Level::Avx512 {
                // SAFETY: a `Blocks` of level AVX-512 exists only where `Blocks::new` found
                // its features on this CPU, AVX-512 F and BW among them.
                return unsafe { self.prefix_len_avx512(bytes) };
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
    pub fn outside64<const N: usize>(sets: [&ByteSet; N], bytes: &[u8]) -> ([u64; N], usize) {
        debug_assert!(sets.iter().all(|set| set.ascii));
        shufti::outside64(sets.map(|set| &set.nibbles), bytes)
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
            let ([outside], n) = shufti::outside64([&self.nibbles], rest);
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

    /// Whether every byte of the set is ASCII, as [`ByteSet::outside_avx2`] needs.
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
    pub fn outside_avx2(&self, block: &[u8; 32]) -> u32 {
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

/// The block classifier ("shufti", as in Hyperscan; SSSE3, and AVX2 for 32 bytes): the low
/// nibble of each byte picks a bitmap of high nibbles, the high nibble one bit of it.
#[cfg(target_arch = "x86_64")]
mod shufti {
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
}

impl fmt::Debug for ByteSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bytes: Vec<u8> = self.bytes().collect();
        write!(f, "ByteSet({:?})", bstr::BStr::new(&bytes))
    }
}

/// Pieces that every standard shares: the US-ASCII classes of RFC 2234/5234 Appendix B.1
/// ("core rules"), which all three RFCs and the WHATWG standard use under these names.
pub mod ascii {
    use super::ByteSet;

    /// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 B.1).
    pub const ALPHA: ByteSet = ByteSet::range(b'A', b'Z').union(ByteSet::range(b'a', b'z'));
    /// `DIGIT = %x30-39` (RFC 5234 B.1).
    pub const DIGIT: ByteSet = ByteSet::range(b'0', b'9');
    /// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, case-insensitive as every ABNF
    /// string literal is (RFC 5234 §2.3); the WHATWG "ASCII hex digit" is the same set.
    pub const HEXDIG: ByteSet = DIGIT
        .union(ByteSet::range(b'A', b'F'))
        .union(ByteSet::range(b'a', b'f'));
    /// The value of each `HEXDIG` byte, and 0xFF for every other byte: one lookup decides
    /// both whether a byte is a hex digit and what it is worth.
    pub const HEX_VALUE: [u8; 256] = {
        let mut table = [0xFF; 256];
        let mut b = 0;
        while b < 256 {
            if HEXDIG.contains(b as u8) {
                table[b] = match b as u8 {
                    d @ b'0'..=b'9' => d - b'0',
                    d @ b'A'..=b'F' => d - b'A' + 10,
                    d => d - b'a' + 10,
                };
            }
            b += 1;
        }
        table
    };
    /// ALPHA and DIGIT: RFC 2396's `alphanum`, WHATWG's "ASCII alphanumeric".
    pub const ALPHANUM: ByteSet = ALPHA.union(DIGIT);
    /// `CTL = %x00-1F / %x7F` (RFC 5234 B.1): the C0 controls and DEL, never literal in a URI
    /// (RFC 3986 §2, RFC 2396 §2.4.3 `control`, RFC 1738 §2.2).
    pub const CTL: ByteSet = ByteSet::range(0x00, 0x1F).add(0x7F);
    /// Bytes 0x80–0xFF: outside US-ASCII, so outside every RFC grammar; they are always
    /// percent-encoded (RFC 3986 §2.5, RFC 2396 §2.1, RFC 1738 §2.2).
    pub const NON_ASCII: ByteSet = ByteSet::range(0x80, 0xFF);
}

/// The byte that the escape at `bytes[i]` names, if one begins there: `pct-encoded = "%"
/// HEXDIG HEXDIG` (RFC 3986 §2.1; the WHATWG "percent-encoded byte" is the same).
#[inline]
pub fn pct_encoded(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3)? {
        &[b'%', h, l] => {
            let (h, l) = (
                ascii::HEX_VALUE[usize::from(h)],
                ascii::HEX_VALUE[usize::from(l)],
            );
            (h | l < 16).then_some(h << 4 | l)
        }
        _ => None,
    }
}

/// RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax", Appendix A.
///
/// Each set holds the characters its rule allows literally; `pct-encoded` is left out of every
/// set because `%` is only ever literal as the start of an escape.
pub mod rfc3986 {
    use super::{ByteSet, ascii};

    /// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3).
    pub const UNRESERVED: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"-._~"));
    /// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (§2.2).
    pub const GEN_DELIMS: ByteSet = ByteSet::of(b":/?#[]@");
    /// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2).
    pub const SUB_DELIMS: ByteSet = ByteSet::of(b"!$&'()*+,;=");
    /// `reserved = gen-delims / sub-delims` (§2.2).
    pub const RESERVED: ByteSet = GEN_DELIMS.union(SUB_DELIMS);
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1): the characters after the
    /// first; no escapes are allowed.
    pub const SCHEME: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"+-."));
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1).
    pub const USERINFO: ByteSet = UNRESERVED.union(SUB_DELIMS).add(b':');
    /// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2).
    pub const REG_NAME: ByteSet = UNRESERVED.union(SUB_DELIMS);
    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3).
    pub const PCHAR: ByteSet = UNRESERVED.union(SUB_DELIMS).add(b':').add(b'@');
    /// `segment = *pchar` (§3.3).
    pub const SEGMENT: ByteSet = PCHAR;
    /// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (§3.3): the first
    /// segment of a relative reference, which may not hold a `:`.
    pub const SEGMENT_NZ_NC: ByteSet = PCHAR.remove(b':');
    /// `path-abempty = *( "/" segment )` and the other path forms of §3.3: segments joined by
    /// `/`.
    pub const PATH: ByteSet = SEGMENT.add(b'/');
    /// `query = *( pchar / "/" / "?" )` (§3.4).
    pub const QUERY: ByteSet = PCHAR.add(b'/').add(b'?');
    /// `fragment = *( pchar / "/" / "?" )` (§3.5).
    pub const FRAGMENT: ByteSet = PCHAR.add(b'/').add(b'?');
    /// A key or value inside a `k=v&k=v` query: the query set less the delimiters such a query
    /// gives meaning to (`&` `=` between pairs, `+` for space in form data, `;` as the older
    /// pair separator), which §2.2 says to encode when they are data.
    pub const QUERY_PARAM: ByteSet = QUERY.minus(ByteSet::of(b"&=+;"));
}

/// RFC 2396, "URI Generic Syntax" (1998), Appendix A, as amended by RFC 2732 §3 (IPv6
/// literals).
///
/// As in [`rfc3986`], each set holds what its rule allows literally, escapes left out.
pub mod rfc2396 {
    use super::{ByteSet, ascii};

    /// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"` (§2.3).
    pub const MARK: ByteSet = ByteSet::of(b"-_.!~*'()");
    /// `unreserved = alphanum | mark` (§2.3).
    pub const UNRESERVED: ByteSet = ascii::ALPHANUM.union(MARK);
    /// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","` (§2.2), as in
    /// Appendix A. RFC 2732 adds `[` `]`, but only so an IPv6 reference can be written in a
    /// host (RFC 2732 §3 item 3); as data they stay escaped, so this set leaves them out.
    pub const RESERVED: ByteSet = ByteSet::of(b";/?:@&=+$,");
    /// `uric = reserved | unreserved | escaped` (§2).
    pub const URIC: ByteSet = RESERVED.union(UNRESERVED);
    /// `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )`
    /// (§3.2.2).
    pub const USERINFO: ByteSet = UNRESERVED.union(ByteSet::of(b";:&=+$,"));
    /// `reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )`
    /// (§3.2.1).
    pub const REG_NAME: ByteSet = UNRESERVED.union(ByteSet::of(b"$,;:@&=+"));
    /// `pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","` (§3.3).
    pub const PCHAR: ByteSet = UNRESERVED.union(ByteSet::of(b":@&=+$,"));
    /// `segment = *pchar *( ";" param )`, `param = *pchar` (§3.3): a segment with its
    /// parameters.
    pub const SEGMENT: ByteSet = PCHAR.add(b';');
    /// `abs_path = "/" path_segments`, `path_segments = segment *( "/" segment )` (§3.3).
    pub const ABS_PATH: ByteSet = SEGMENT.add(b'/');
    /// `uric` with RFC 2732's `reserved`, which adds `[` `]` (RFC 2732 §3 item 3): what the
    /// amended grammar allows in a query, a fragment or an opaque part. `encode` still escapes
    /// data `[` `]` there ([`QUERY`]).
    pub const URIC_RFC2732: ByteSet = URIC.add(b'[').add(b']');
    /// `uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" | "&" | "=" | "+" | "$" |
    /// ","` (§3): the first character of an `opaque_part`.
    pub const URIC_NO_SLASH: ByteSet = UNRESERVED.union(ByteSet::of(b";?:@&=+$,"));
    /// `rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )`
    /// (§5): the first segment of a relative path, which may not hold a `:`.
    pub const REL_SEGMENT: ByteSet = UNRESERVED.union(ByteSet::of(b";@&=+$,"));
    /// `query = *uric` (§3.4).
    pub const QUERY: ByteSet = URIC;
    /// `fragment = *uric` (§4.1).
    pub const FRAGMENT: ByteSet = URIC;
}

/// RFC 1738, "Uniform Resource Locators (URL)" (1994), §5 BNF and §2.2.
///
/// As in [`rfc3986`], each set holds what its rule allows literally, escapes left out.
pub mod rfc1738 {
    use super::{ByteSet, ascii};

    /// `safe = "$" | "-" | "_" | "." | "+"`.
    pub const SAFE: ByteSet = ByteSet::of(b"$-_.+");
    /// `extra = "!" | "*" | "'" | "(" | ")" | ","`.
    pub const EXTRA: ByteSet = ByteSet::of(b"!*'(),");
    /// `national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"`: unsafe (§2.2).
    pub const NATIONAL: ByteSet = ByteSet::of(b"{}|\\^~[]`");
    /// `punctuation = "<" | ">" | "#" | "%" | <">`: unsafe (§2.2).
    pub const PUNCTUATION: ByteSet = ByteSet::of(b"<>#%\"");
    /// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
    pub const RESERVED: ByteSet = ByteSet::of(b";/?:@&=");
    /// `unreserved = alpha | digit | safe | extra`.
    pub const UNRESERVED: ByteSet = ascii::ALPHANUM.union(SAFE).union(EXTRA);
    /// `uchar = unreserved | escape`.
    pub const UCHAR: ByteSet = UNRESERVED;
    /// `xchar = unreserved | reserved | escape`.
    pub const XCHAR: ByteSet = UNRESERVED.union(RESERVED);
    /// `user = *[ uchar | ";" | "?" | "&" | "=" ]`; `password` is the same rule.
    pub const USER: ByteSet = UCHAR.union(ByteSet::of(b";?&="));
    /// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]` (HTTP).
    pub const HSEGMENT: ByteSet = UCHAR.union(ByteSet::of(b";:@&="));
    /// `hpath = hsegment *[ "/" hsegment ]` (HTTP).
    pub const HPATH: ByteSet = HSEGMENT.add(b'/');
    /// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]` (HTTP, WAIS).
    pub const SEARCH: ByteSet = UCHAR.union(ByteSet::of(b";:@&="));
    /// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]` (FTP, FILE); Prospero's
    /// `psegment` is the same rule.
    pub const FSEGMENT: ByteSet = UCHAR.union(ByteSet::of(b"?:@&="));
    /// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]` (Prospero); `fieldvalue` is the same.
    pub const FIELDNAME: ByteSet = UCHAR.union(ByteSet::of(b"?:@&"));
    /// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host` (NEWS), before the
    /// `@`.
    pub const ARTICLE: ByteSet = UCHAR.union(ByteSet::of(b";/?:&="));
    /// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]` (NEWS, NNTP), after the
    /// first letter.
    pub const GROUP: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"-.+_"));
    /// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`; §2.1 asks interpreters to accept
    /// upper case too, so this set holds both.
    pub const SCHEME: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"+-."));
    /// A key or value inside a `k=v&k=v` search: `search` less its reserved characters
    /// (§2.2: "reserved characters used as data must be encoded") and less `+`, which form
    /// data reads as a space.
    pub const SEARCH_PARAM: ByteSet = SEARCH.minus(RESERVED).remove(b'+');
}

/// The WHATWG URL Standard's percent-encode sets (§1.3, url.bs 6ae84860, 2026-07-02).
///
/// Unlike the RFC sets these are the bytes that get *encoded*. The standard defines them over
/// code points; as sets of UTF-8 bytes, "every code point greater than U+007E" is DEL and every
/// byte 0x80–0xFF.
pub mod whatwg {
    use super::ByteSet;

    /// "The C0 control percent-encode set are the C0 controls and all code points greater than
    /// U+007E (~)."
    pub const C0_CONTROL_PERCENT_ENCODE_SET: ByteSet =
        ByteSet::range(0x00, 0x1F).union(ByteSet::range(0x7F, 0xFF));
    /// "The fragment percent-encode set is the C0 control percent-encode set and U+0020 SPACE,
    /// U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)."
    pub const FRAGMENT_PERCENT_ENCODE_SET: ByteSet =
        C0_CONTROL_PERCENT_ENCODE_SET.union(ByteSet::of(b" \"<>`"));
    /// "The query percent-encode set is the C0 control percent-encode set and U+0020 SPACE,
    /// U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)."
    pub const QUERY_PERCENT_ENCODE_SET: ByteSet =
        C0_CONTROL_PERCENT_ENCODE_SET.union(ByteSet::of(b" \"#<>"));
    /// "The special-query percent-encode set is the query percent-encode set and U+0027 (')."
    pub const SPECIAL_QUERY_PERCENT_ENCODE_SET: ByteSet = QUERY_PERCENT_ENCODE_SET.add(b'\'');
    /// "The path percent-encode set is the query percent-encode set and U+003F (?), U+005E (^),
    /// U+0060 (`), U+007B ({), and U+007D (})." (`^` since whatwg/url 9bc33c3, 2025-03-05.)
    pub const PATH_PERCENT_ENCODE_SET: ByteSet =
        QUERY_PERCENT_ENCODE_SET.union(ByteSet::of(b"?^`{}"));
    /// "The userinfo percent-encode set is the path percent-encode set and U+002F (/), U+003A
    /// (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and U+007C
    /// (|)."
    pub const USERINFO_PERCENT_ENCODE_SET: ByteSet = PATH_PERCENT_ENCODE_SET
        .union(ByteSet::of(b"/:;=@|"))
        .union(ByteSet::range(b'[', b']'));
    /// "The component percent-encode set is the userinfo percent-encode set and U+0024 ($) to
    /// U+0026 (&), inclusive, U+002B (+), and U+002C (,)." The same as `encodeURIComponent()`.
    pub const COMPONENT_PERCENT_ENCODE_SET: ByteSet = USERINFO_PERCENT_ENCODE_SET
        .union(ByteSet::range(b'$', b'&'))
        .union(ByteSet::of(b"+,"));
    /// "The application/x-www-form-urlencoded percent-encode set is the component
    /// percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive,
    /// and U+007E (~)."
    pub const APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET: ByteSet =
        COMPONENT_PERCENT_ENCODE_SET
            .union(ByteSet::of(b"!~"))
            .union(ByteSet::range(b'\'', b')'));
    /// Host miscellaneous: "A forbidden host code point is U+0000 NULL, U+0009 TAB,
    /// U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<),
    /// U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\\), U+005D (]), U+005E (^), or
    /// U+007C (|)." The opaque-host parser: "If input contains a forbidden host code
    /// point, host-invalid-code-point validation error, return failure."
    pub const FORBIDDEN_HOST_CODE_POINT: ByteSet = ByteSet::of(b"\0\t\n\r #/:<>?@[\\]^|");
    /// Host miscellaneous: "A forbidden domain code point is a forbidden host code point, a
    /// C0 control, U+0025 (%), or U+007F DELETE."
    pub const FORBIDDEN_DOMAIN_CODE_POINT: ByteSet = FORBIDDEN_HOST_CODE_POINT
        .union(ByteSet::range(0x00, 0x1F))
        .add(b'%')
        .add(0x7F);
}

/// A standard whose rules say what to encode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Standard {
    /// RFC 3986 (2005), the current URI standard.
    Rfc3986,
    /// RFC 2396 (1998) with RFC 2732's IPv6 brackets.
    Rfc2396,
    /// RFC 1738 (1994), the first URL standard.
    Rfc1738,
    /// The WHATWG URL Standard, as browsers implement it.
    Whatwg,
}

impl Standard {
    /// Every standard, newest RFC first.
    pub const ALL: [Standard; 4] = [
        Standard::Rfc3986,
        Standard::Rfc2396,
        Standard::Rfc1738,
        Standard::Whatwg,
    ];
}

impl fmt::Display for Standard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Standard::Rfc3986 => "RFC 3986",
            Standard::Rfc2396 => "RFC 2396",
            Standard::Rfc1738 => "RFC 1738",
            Standard::Whatwg => "the WHATWG URL Standard",
        })
    }
}

/// What a value is: which part of a URI it is meant for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Component {
    /// Safe in any component: everything but unreserved characters is encoded
    Any,
    /// The scheme (takes no escapes)
    Scheme,
    /// User name and password, before '@'
    Userinfo,
    /// A registered name (domain)
    Host,
    /// The port (digits only, takes no escapes)
    Port,
    /// A path of several segments: '/' is kept
    Path,
    /// One path segment: '/' is data
    Segment,
    /// The query after '?'
    Query,
    /// A key or value inside k=v&k=v: also encodes & = + ;
    Param,
    /// application/x-www-form-urlencoded: space is '+'
    Form,
    /// The fragment after '#'
    Fragment,
    /// A whole URI
    Uri,
    /// A URI reference: a URI or a relative reference
    Reference,
}

impl Component {
    /// The components that take data, in the order of the CLI table.
    pub const DATA: [Component; 9] = [
        Component::Any,
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::Segment,
        Component::Query,
        Component::Param,
        Component::Form,
        Component::Fragment,
    ];

    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            Component::Any => "any",
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Segment => "segment",
            Component::Query => "query",
            Component::Param => "param",
            Component::Form => "form",
            Component::Fragment => "fragment",
            Component::Uri => "uri",
            Component::Reference => "reference",
        }
    }
}

/// Why a (standard, component) pair has no set of bytes to encode: the "error" cells of the CLI
/// table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoDataSet {
    pub standard: Standard,
    pub component: Component,
    pub reason: &'static str,
}

impl fmt::Display for NoDataSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "--component {} does not take data under {}: {}",
            self.component.name(),
            self.standard,
            self.reason
        )
    }
}

impl std::error::Error for NoDataSet {}

/// Bytes that stand for themselves nowhere in a URI: always encoded, whatever the component.
const NEVER_LITERAL: ByteSet = ascii::CTL.union(ascii::NON_ASCII);

/// `%` is the escape introducer in every standard, so data `%` is always encoded; otherwise
/// `decode(encode(x)) == x` could not hold.
const PERCENT: ByteSet = ByteSet::of(b"%");

/// The bytes to encode when the rule allows `literal` literally.
const fn encoding_all_but(literal: ByteSet) -> ByteSet {
    literal.complement().union(NEVER_LITERAL).union(PERCENT)
}

/// The bytes to encode for a WHATWG percent-encode set: the set itself, and `%` (see
/// [`PERCENT`]; the parser's sets leave `%` alone only because URL input may already be
/// encoded).
const fn encoding_whatwg(set: ByteSet) -> ByteSet {
    set.union(PERCENT)
}

/// Form data writes space as `+`, so a data `+` must be encoded in every standard (RFC 1738
/// counts `+` as `safe`).
const fn encoding_form(any: ByteSet) -> ByteSet {
    any.add(b'+')
}

/// The encode sets of the CLI table, one per (standard, component) that takes data.
pub mod data {
    use super::*;

    pub const RFC3986_ANY: ByteSet = encoding_all_but(rfc3986::UNRESERVED);
    pub const RFC3986_USERINFO: ByteSet = encoding_all_but(rfc3986::USERINFO);
    pub const RFC3986_HOST: ByteSet = encoding_all_but(rfc3986::REG_NAME);
    pub const RFC3986_PATH: ByteSet = encoding_all_but(rfc3986::PATH);
    pub const RFC3986_SEGMENT: ByteSet = encoding_all_but(rfc3986::SEGMENT);
    pub const RFC3986_QUERY: ByteSet = encoding_all_but(rfc3986::QUERY);
    pub const RFC3986_PARAM: ByteSet = encoding_all_but(rfc3986::QUERY_PARAM);
    pub const RFC3986_FORM: ByteSet = encoding_form(RFC3986_ANY);
    pub const RFC3986_FRAGMENT: ByteSet = encoding_all_but(rfc3986::FRAGMENT);

    pub const RFC2396_ANY: ByteSet = encoding_all_but(rfc2396::UNRESERVED);
    pub const RFC2396_USERINFO: ByteSet = encoding_all_but(rfc2396::USERINFO);
    pub const RFC2396_HOST: ByteSet = encoding_all_but(rfc2396::REG_NAME);
    pub const RFC2396_PATH: ByteSet = encoding_all_but(rfc2396::ABS_PATH);
    pub const RFC2396_SEGMENT: ByteSet = encoding_all_but(rfc2396::SEGMENT);
    pub const RFC2396_QUERY: ByteSet = encoding_all_but(rfc2396::QUERY);
    /// §3.4: "Within a query component, the characters ";", "/", "?", ":", "@", "&", "=",
    /// "+", ",", and "$" are reserved", which leaves `unreserved`.
    pub const RFC2396_PARAM: ByteSet = encoding_all_but(rfc2396::QUERY.minus(rfc2396::RESERVED));
    pub const RFC2396_FORM: ByteSet = encoding_form(RFC2396_ANY);
    pub const RFC2396_FRAGMENT: ByteSet = encoding_all_but(rfc2396::FRAGMENT);

    pub const RFC1738_ANY: ByteSet = encoding_all_but(rfc1738::UCHAR);
    pub const RFC1738_USERINFO: ByteSet = encoding_all_but(rfc1738::USER);
    pub const RFC1738_PATH: ByteSet = encoding_all_but(rfc1738::HPATH);
    pub const RFC1738_SEGMENT: ByteSet = encoding_all_but(rfc1738::HSEGMENT);
    pub const RFC1738_QUERY: ByteSet = encoding_all_but(rfc1738::SEARCH);
    pub const RFC1738_PARAM: ByteSet = encoding_all_but(rfc1738::SEARCH_PARAM);
    pub const RFC1738_FORM: ByteSet = encoding_form(RFC1738_ANY);

    pub const WHATWG_ANY: ByteSet = encoding_whatwg(whatwg::COMPONENT_PERCENT_ENCODE_SET);
    pub const WHATWG_USERINFO: ByteSet = encoding_whatwg(whatwg::USERINFO_PERCENT_ENCODE_SET);
    /// An opaque host (the host of a non-special URL) is encoded with the C0 control set.
    pub const WHATWG_HOST: ByteSet = encoding_whatwg(whatwg::C0_CONTROL_PERCENT_ENCODE_SET);
    pub const WHATWG_PATH: ByteSet = encoding_whatwg(whatwg::PATH_PERCENT_ENCODE_SET);
    /// One segment: the path set, and `/` because within a segment it is data.
    pub const WHATWG_SEGMENT: ByteSet = encoding_whatwg(whatwg::PATH_PERCENT_ENCODE_SET.add(b'/'));
    /// The query of a special URL (http, https, ws, wss, ftp, file), the common case.
    pub const WHATWG_QUERY: ByteSet = encoding_whatwg(whatwg::SPECIAL_QUERY_PERCENT_ENCODE_SET);
    pub const WHATWG_PARAM: ByteSet = encoding_whatwg(whatwg::COMPONENT_PERCENT_ENCODE_SET);
    pub const WHATWG_FORM: ByteSet =
        encoding_whatwg(whatwg::APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET);
    pub const WHATWG_FRAGMENT: ByteSet = encoding_whatwg(whatwg::FRAGMENT_PERCENT_ENCODE_SET);
}

/// The bytes `encode` writes as `%XX` for data in `component` under `standard`.
///
/// For `form`, the caller writes space as `+` rather than `%20`. The "error" cells of the table
/// (components that take no escapes, or that the standard does not have) come back as
/// [`NoDataSet`], saying why.
pub fn data_set(standard: Standard, component: Component) -> Result<&'static ByteSet, NoDataSet> {
    use Component as C;
    use Standard as S;
    let no = |reason| NoDataSet {
        standard,
        component,
        reason,
    };
    Ok(match (standard, component) {
        (_, C::Scheme) => {
            return Err(no(
                "a scheme allows no escapes (letters, digits, '+', '-', '.'); use `uriesc check -c scheme`",
            ));
        }
        (_, C::Port) => {
            return Err(no(
                "a port is digits only and allows no escapes; use `uriesc check -c port`",
            ));
        }
        (_, C::Uri | C::Reference) => {
            return Err(no(
                "a whole URI is not data: encode each component on its own, or use `uriesc clean` to make a typed URI valid",
            ));
        }
        (S::Rfc1738, C::Host) => {
            return Err(no(
                "an RFC 1738 host is a domain name or an IP number and takes no escapes",
            ));
        }
        (S::Rfc1738, C::Fragment) => {
            return Err(no("RFC 1738 has no fragment component"));
        }

        (S::Rfc3986, C::Any) => &data::RFC3986_ANY,
        (S::Rfc3986, C::Userinfo) => &data::RFC3986_USERINFO,
        (S::Rfc3986, C::Host) => &data::RFC3986_HOST,
        (S::Rfc3986, C::Path) => &data::RFC3986_PATH,
        (S::Rfc3986, C::Segment) => &data::RFC3986_SEGMENT,
        (S::Rfc3986, C::Query) => &data::RFC3986_QUERY,
        (S::Rfc3986, C::Param) => &data::RFC3986_PARAM,
        (S::Rfc3986, C::Form) => &data::RFC3986_FORM,
        (S::Rfc3986, C::Fragment) => &data::RFC3986_FRAGMENT,

        (S::Rfc2396, C::Any) => &data::RFC2396_ANY,
        (S::Rfc2396, C::Userinfo) => &data::RFC2396_USERINFO,
        (S::Rfc2396, C::Host) => &data::RFC2396_HOST,
        (S::Rfc2396, C::Path) => &data::RFC2396_PATH,
        (S::Rfc2396, C::Segment) => &data::RFC2396_SEGMENT,
        (S::Rfc2396, C::Query) => &data::RFC2396_QUERY,
        (S::Rfc2396, C::Param) => &data::RFC2396_PARAM,
        (S::Rfc2396, C::Form) => &data::RFC2396_FORM,
        (S::Rfc2396, C::Fragment) => &data::RFC2396_FRAGMENT,

        (S::Rfc1738, C::Any) => &data::RFC1738_ANY,
        (S::Rfc1738, C::Userinfo) => &data::RFC1738_USERINFO,
        (S::Rfc1738, C::Path) => &data::RFC1738_PATH,
        (S::Rfc1738, C::Segment) => &data::RFC1738_SEGMENT,
        (S::Rfc1738, C::Query) => &data::RFC1738_QUERY,
        (S::Rfc1738, C::Param) => &data::RFC1738_PARAM,
        (S::Rfc1738, C::Form) => &data::RFC1738_FORM,

        (S::Whatwg, C::Any) => &data::WHATWG_ANY,
        (S::Whatwg, C::Userinfo) => &data::WHATWG_USERINFO,
        (S::Whatwg, C::Host) => &data::WHATWG_HOST,
        (S::Whatwg, C::Path) => &data::WHATWG_PATH,
        (S::Whatwg, C::Segment) => &data::WHATWG_SEGMENT,
        (S::Whatwg, C::Query) => &data::WHATWG_QUERY,
        (S::Whatwg, C::Param) => &data::WHATWG_PARAM,
        (S::Whatwg, C::Form) => &data::WHATWG_FORM,
        (S::Whatwg, C::Fragment) => &data::WHATWG_FRAGMENT,
    })
}
