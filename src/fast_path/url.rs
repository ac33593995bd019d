//! The common URL of the URL Standard (see the parent module's docs): a valid URL string
//! (url.bs "URL writing") of the shape most URLs of a list have, decided, and its parts found,
//! without the grammar's walk or the parser; `check --whatwg` passes it valid, and where its
//! serialization (url.bs "URL serializing") is the record's own up to ASCII case, `clean
//! --whatwg`, `parse --whatwg` and `edit --whatwg` write and read it without the parser.
//!
//! Two ways to the same answer: [`url_shape`] and [`url_parts_bytewise`] scan a part at a time,
//! on any CPU and for any length; where the CPU has AVX-512 (F, BW) or AVX2 and the record is
//! at most 128 bytes, the block way (`arch`, then `bits`) classifies every byte at once and
//! finds the parts on the bits. `dispatch` takes one way or the other.

use crate::sets::ByteSet;
use crate::sets::ascii::{ALPHA, ALPHANUM, DIGIT};
use crate::sets::rfc3986::after_authority;

/// Where the parts of a URL of [`is_url`](super::is_url)'s shape are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The scheme's `:`.
    pub colon: usize,
    /// Where the domain ends.
    pub host_end: usize,
    /// The port's value, where there is one.
    pub port: Option<u32>,
    /// Where the authority ends, and the path (or query, or fragment) begins.
    pub authority_end: usize,
}

/// [`Shape`] and what a serializer needs besides: where the path and the query end, and
/// whether the parser would write the path or query otherwise than they stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Parts {
    pub shape: Shape,
    /// The first `?` or `#` after the authority (the record's length where there is none).
    pub path_end: usize,
    /// The `#` after the query (`path_end` where there is no query; the length where there is
    /// no fragment).
    pub query_end: usize,
    /// Whether the path holds a dot segment (`.`, `..`, or either with `%2e` for a dot: the
    /// parser removes them, url.bs "path state"), or the query a `'` (in the special-query
    /// percent-encode set): the serialization is then not the record's own.
    pub rewritten: bool,
    /// Whether the scheme and the domain have no uppercase letter: the serialization then
    /// writes them as they are.
    pub lowercase: bool,
}

impl Parts {
    /// Whether the URL is its own serialization, byte for byte: no uppercase letter in its
    /// scheme and host, no port (a default one is dropped, another written without leading
    /// zeros), a path (an empty one is written `/`), and nothing the parser rewrites. `clean`
    /// then passes it on as it came, with no copy of its own.
    #[inline]
    pub(crate) fn is_own_serialization(&self) -> bool {
        self.lowercase
            && !self.rewritten
            && self.shape.port.is_none()
            && self.path_end > self.shape.authority_end
    }
}

/// The special schemes (url.bs "URL miscellaneous") whose URLs have a domain and a path of
/// segments; `file` has rules of its own (drive letters, an empty host), which the grammar
/// keeps. One list, for the fast path (whose [`special_scheme`] is tested against it) and the
/// grammar (`check::whatwg`).
pub(crate) const SPECIAL: [&[u8]; 5] = [b"http", b"https", b"ws", b"wss", b"ftp"];

/// The length of the special scheme (but `file`) that `s` begins with, in any case, followed by
/// `://`; `None` where it begins with none. The first eight bytes are read as one word and
/// lowercased at once by setting each byte's 0x20 bit, which maps `A`-`Z` to `a`-`z` and no
/// other byte to a lowercase letter but the letter itself (`h` is 0x68, and only 0x48 `H` and
/// 0x68 have 0x68 with 0x20 set). The first letter tells the scheme but for a last `s` (`http`
/// or `https`, `ws` or `wss`, `ftp`), which is looked up without a branch, as a list mixes
/// `http` and `https` in no order a predictor learns; the letters are compared lowercased in
/// one comparison, and the `://` after them as it stands (0x1A and 0x0F would lowercase to
/// `:` and `/`).
#[inline(always)]
pub(super) fn special_scheme(s: &[u8]) -> Option<usize> {
    const fn word(bytes: &[u8]) -> u64 {
        let mut word = [0u8; 8];
        let mut i = 0;
        while i < bytes.len() {
            word[i] = bytes[i];
            i += 1;
        }
        u64::from_le_bytes(word)
    }
    // A whole word where there is one (a copy of a length not known would call `memcpy`).
    let first = match s.first_chunk::<8>() {
        Some(word) => u64::from_le_bytes(*word),
        None => {
            let mut first = [0u8; 8];
            first[..s.len()].copy_from_slice(s);
            u64::from_le_bytes(first)
        }
    };
    let lower = first | 0x2020_2020_2020_2020;
    // The scheme's letters but a last `s`, and whether an `s` may follow them.
    let (letters, scheme, secure) = match lower as u8 {
        b'h' => (4, word(b"http"), true),
        b'w' => (2, word(b"ws"), true),
        b'f' => (3, word(b"ftp"), false),
        _ => return None,
    };
    let s_next = secure && (lower >> (8 * letters)) as u8 == b's';
    let letters = letters + usize::from(s_next);
    let scheme = scheme | (u64::from(s_next) * (u64::from(b's') << (8 * (letters - 1))));
    let mask = u64::MAX >> (64 - 8 * letters);
    let separator = (first >> (8 * letters)) & 0xFF_FFFF;
    (lower & mask == scheme && separator == word(b"://") && s.len() >= letters + 3)
        .then_some(letters)
}

/// The value of the 1 to 5 digits of a port at `s[i..]`, and where they end; `None` where there
/// are none or more than five (left to the grammar: url.bs "URL-port string" allows leading
/// zeros), or where their value is over 65535 (url.bs "port state").
///
/// A loop of its own, not a scan by `ByteSet::prefix_len`: a call there would make the block
/// way keep its registers on the stack around it, for a port of a few digits.
#[inline(always)]
pub(super) fn port(s: &[u8], i: usize) -> Option<(u32, usize)> {
    let mut value = 0u32;
    let mut end = i;
    while let Some(&d) = s.get(end).filter(|d| DIGIT.contains(**d)) {
        if end - i == 5 {
            return None;
        }
        // At most 5 digits: no overflow.
        value = value * 10 + u32::from(d - b'0');
        end += 1;
    }
    (end > i && value <= 65535).then_some((value, end))
}

/// [`url_parts`](super::dispatch::url_parts) a part at a time: the way for records over 128
/// bytes and for CPUs without AVX2, and the reference the block way is tested against.
pub(crate) fn url_parts_bytewise(s: &[u8]) -> Option<Parts> {
    let shape = url_shape(s)?;
    let rest = &s[shape.authority_end..];
    let path_end = memchr::memchr2(b'?', b'#', rest).unwrap_or(rest.len());
    let path = &rest[..path_end];
    // A dot segment is at most 6 bytes and begins with '.' or '%', after a '/' (the path
    // begins with one, or is empty): only those segments are examined.
    let dot_segment = memchr::memchr_iter(b'/', path).any(|slash| {
        let segment = &path[slash + 1..];
        matches!(segment.first(), Some(b'.' | b'%'))
            && dot_segment(&segment[..memchr::memchr(b'/', segment).unwrap_or(segment.len())])
    });
    let (query_end, quote) = match rest.get(path_end) {
        Some(b'?') => {
            let query = &rest[path_end + 1..];
            let end = memchr::memchr(b'#', query).unwrap_or(query.len());
            (
                path_end + 1 + end,
                memchr::memchr(b'\'', &query[..end]).is_some(),
            )
        }
        _ => (path_end, false),
    };
    Some(Parts {
        shape,
        path_end: shape.authority_end + path_end,
        query_end: shape.authority_end + query_end,
        rewritten: dot_segment || quote,
        lowercase: !s[..shape.host_end].iter().any(u8::is_ascii_uppercase),
    })
}

/// Whether `segment` is a single-dot or double-dot URL path segment (url.bs "URL parsing":
/// `.` or `%2e` in any case, and two of them).
pub(super) fn dot_segment(segment: &[u8]) -> bool {
    segment.len() <= 6
        && [&b"."[..], b"..", b"%2e", b".%2e", b"%2e.", b"%2e%2e"]
            .iter()
            .any(|dot| segment.eq_ignore_ascii_case(dot))
}

/// [`is_url`](super::is_url)'s shape a part at a time (see [`url_parts_bytewise`]).
pub(crate) fn url_shape(s: &[u8]) -> Option<Shape> {
    let scheme = special_scheme(s)?;
    let start = scheme + 3;
    let mut i = start;
    let last_label = loop {
        let label = &s[i..i + LABEL.prefix_len(&s[i..])];
        if label.is_empty()
            || label.len() > 63
            || label[0] == b'-'
            || label[label.len() - 1] == b'-'
            || label.get(2..4) == Some(b"--")
        {
            return None;
        }
        i += label.len();
        if s.get(i) != Some(&b'.') {
            break label;
        }
        i += 1;
    };
    if i - start > 253 || !ALPHA.contains(last_label[0]) {
        return None;
    }
    let host_end = i;
    let mut port_value = None;
    if s.get(i) == Some(&b':') {
        let (value, end) = port(s, i + 1)?;
        port_value = Some(value);
        i = end;
    }
    after_authority(s, i).then_some(Shape {
        colon: scheme,
        host_end,
        port: port_value,
        authority_end: i,
    })
}

/// What a label of a common URL's domain is made of: ASCII alphanumerics and `-`.
pub(crate) const LABEL: ByteSet = ALPHANUM.add(b'-');

/// The sets the block way classifies a record by (`bits::decide` names them in this order),
/// then the bytes it looks for one by one.
#[cfg(target_arch = "x86_64")]
pub(super) const BLOCK_SETS: [&ByteSet; 4] = [
    &LABEL,
    &crate::sets::rfc3986::QUERY,
    &crate::sets::ascii::HEXDIG,
    &ByteSet::range(b'A', b'Z'),
];
#[cfg(target_arch = "x86_64")]
pub(super) const BLOCK_BYTES: [u8; 7] = *b".-%#?/'";
