//! Percent-encoding, the byte at a time (RFC 3986 §2.1): [`percent_encode_byte`], from one
//! table of every byte's escape, and [`percent_encode`], lazy, in the style of rust-url's
//! `percent_encoding`, whose result borrows the input where nothing is encoded. The encoder of
//! records ([`crate::encode`], which gives these as its own) and every other writer of a `%XX`
//! (decode's notes, reports, `pretty-print`) build on it; it needs only [`crate::sets`], so it
//! sits below them all.

use std::borrow::Cow;
use std::fmt;

use crate::sets::ByteSet;

/// `%00%01…%FF`: the escape of every byte, uppercase (RFC 3986 §2.1), three bytes each.
static ESCAPES: &str = {
    const TABLE: [u8; 768] = {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        let mut table = [0; 768];
        let mut b = 0;
        while b < 256 {
            table[3 * b] = b'%';
            table[3 * b + 1] = HEX[b >> 4];
            table[3 * b + 2] = HEX[b & 0xF];
            b += 1;
        }
        table
    };
    match std::str::from_utf8(&TABLE) {
        Ok(table) => table,
        Err(_) => panic!("the escapes are ASCII"),
    }
};

/// The percent-encoding of `byte`: `%` and two uppercase hex digits (RFC 3986 §2.1), from
/// one static table. Every `%XX` the crate writes comes from here.
///
/// ```
/// use uriesc::encode::percent_encode_byte;
///
/// // RFC 3986 §2.1: "%20" is the percent-encoding for the binary octet "00100000".
/// assert_eq!(percent_encode_byte(0b0010_0000), "%20");
/// // §2.5: "À" (U+00C0) is the UTF-8 octets C3 80, written "%C3%80".
/// let bytes = "À".as_bytes();
/// assert_eq!(percent_encode_byte(bytes[0]), "%C3");
/// assert_eq!(percent_encode_byte(bytes[1]), "%80");
/// ```
#[inline]
pub fn percent_encode_byte(byte: u8) -> &'static str {
    let i = 3 * usize::from(byte);
    &ESCAPES[i..i + 3]
}

/// Percent-encodes `input`: each byte in `set`, and each byte that is not ASCII, becomes
/// `%XX` ([`percent_encode_byte`]); every other byte stays as it is. The result is ASCII.
///
/// As in rust-url's `percent_encoding`, the return value is lazy:
///
/// * it implements [`Display`](fmt::Display), hence `.to_string()`;
/// * it converts into a [`Cow<str>`](Cow) that borrows `input` when no byte is encoded;
/// * it is an [`Iterator`] over the output's pieces: runs of bytes kept as they are, and escapes.
///
/// For long inputs, or output to a byte buffer, [`Encoder`](crate::encode::Encoder) is the faster way.
///
/// ```
/// use std::borrow::Cow;
/// use uriesc::encode::percent_encode;
/// use uriesc::sets::ByteSet;
///
/// // RFC 3986 §3.3: a path segment holds no "/", so a "/" of data is encoded there.
/// const SEGMENT: ByteSet = ByteSet::of(b"/?# %");
/// let encoded: Cow<str> = percent_encode(b"a b/c", &SEGMENT).into();
/// assert_eq!(encoded, "a%20b%2Fc");
///
/// // Nothing to encode: the input itself, borrowed.
/// let kept: Cow<str> = percent_encode(b"abc", &SEGMENT).into();
/// assert!(matches!(kept, Cow::Borrowed("abc")));
/// ```
#[inline]
pub fn percent_encode<'a>(input: &'a [u8], set: &'a ByteSet) -> PercentEncode<'a> {
    PercentEncode { rest: input, set }
}

/// The percent-encoding of a byte string, made piece by piece as it is read: see
/// [`percent_encode`].
#[derive(Clone, Debug)]
pub struct PercentEncode<'a> {
    /// What is still to be encoded.
    rest: &'a [u8],
    /// The bytes to encode (besides the non-ASCII ones).
    set: &'a ByteSet,
}

impl PercentEncode<'_> {
    /// Whether `byte` is written as it is.
    #[inline]
    fn literal(&self, byte: u8) -> bool {
        byte.is_ascii() && !self.set.contains(byte)
    }
}

impl<'a> Iterator for PercentEncode<'a> {
    type Item = &'a str;

    /// The next piece of output: the longest run of bytes written as they are, or one escape.
    fn next(&mut self) -> Option<&'a str> {
        let &first = self.rest.first()?;
        if !self.literal(first) {
            self.rest = &self.rest[1..];
            return Some(percent_encode_byte(first));
        }
        let len = self.rest.iter().position(|&b| !self.literal(b));
        let (run, rest) = self.rest.split_at(len.unwrap_or(self.rest.len()));
        self.rest = rest;
        match std::str::from_utf8(run) {
            Ok(run) => Some(run),
            Err(_) => unreachable!("a run of bytes written as they are is ASCII"),
        }
    }
}

impl fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.clone().try_for_each(|piece| f.write_str(piece))
    }
}

impl<'a> From<PercentEncode<'a>> for Cow<'a, str> {
    /// The output, borrowed from the input (or the escape table) when it is one piece.
    fn from(mut encode: PercentEncode<'a>) -> Cow<'a, str> {
        let Some(first) = encode.next() else {
            return Cow::Borrowed("");
        };
        let Some(second) = encode.next() else {
            return Cow::Borrowed(first);
        };
        let mut out = String::with_capacity(first.len() + second.len() + 3 * encode.rest.len());
        out.push_str(first);
        out.push_str(second);
        out.extend(encode);
        Cow::Owned(out)
    }
}
