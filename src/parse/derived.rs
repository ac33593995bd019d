//! What `parse` derives from a URL's components: the path's segments (RFC 3986 §3.3), the
//! query's name-value pairs (url.bs "application/x-www-form-urlencoded parsing", or `&` and
//! `=` under an RFC), and their values decoded.

use std::borrow::Cow;

use crate::decode::percent_decode;

/// The segments of `path`, as they stand: what lies between its `/`s (RFC 3986 §3.3: `path =
/// segment *( "/" segment )` with its first segment empty where the path begins with `/`, which
/// is the root and no segment of its own). An empty path has none; `/` has one, empty, as the
/// URL Standard's path list of `http://h/` is one empty string.
///
/// ```
/// use uriesc::parse::segments;
///
/// let all = |path: &'static [u8]| segments(path).collect::<Vec<_>>();
/// assert_eq!(all(b"/a/b%20c/"), [&b"a"[..], b"b%20c", b""]);
/// assert_eq!(all(b"a/b"), [&b"a"[..], b"b"]);
/// assert_eq!(all(b"/"), [&b""[..]]);
/// assert!(all(b"").is_empty());
/// ```
pub fn segments(path: &[u8]) -> impl Iterator<Item = &[u8]> {
    let rooted = path.strip_prefix(b"/").unwrap_or(path);
    let none = path.is_empty();
    rooted.split(|&b| b == b'/').filter(move |_| !none)
}

/// The name-value pairs of `query` (without its `?`), as they stand, in order, duplicates kept:
/// url.bs "application/x-www-form-urlencoded parsing" before its decoding: split on `&`, empty
/// sequences skipped, the name up to the first `=` and the value after it (empty without one).
/// Under an RFC (which gives a query no structure, RFC 3986 §3.4) this is the common
/// convention, HTML's form submission.
///
/// ```
/// use uriesc::parse::params;
///
/// let pairs: Vec<_> = params(b"a=1&&b&a=2=3").collect();
/// assert_eq!(pairs, [(&b"a"[..], &b"1"[..]), (b"b", b""), (b"a", b"2=3")]);
/// ```
pub fn params(query: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    query
        .split(|&b| b == b'&')
        .filter(|sequence| !sequence.is_empty())
        .map(|sequence| match memchr::memchr(b'=', sequence) {
            Some(i) => (&sequence[..i], &sequence[i + 1..]),
            None => (sequence, &b""[..]),
        })
}

/// `raw` percent-decoded (RFC 3986 §2.1; url.bs "percent-decode"), with `+` a space first where
/// `plus` (url.bs "application/x-www-form-urlencoded parsing": "replace any 0x2B (+) in name
/// and value with 0x20 (SP)").
///
/// ```
/// use uriesc::parse::decoded;
///
/// assert_eq!(decoded(b"a+b%2Bc", true), &b"a b+c"[..]);
/// assert_eq!(decoded(b"a+b%2Bc", false), &b"a+b+c"[..]);
/// ```
pub fn decoded(raw: &[u8], plus: bool) -> Cow<'_, [u8]> {
    if plus && raw.contains(&b'+') {
        let spaced: Vec<u8> = raw
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect();
        return Cow::Owned(percent_decode(&spaced).into_owned());
    }
    percent_decode(raw)
}

/// Appends `raw` decoded ([`decoded`]) for a line of text: every byte but the controls, which
/// stay escaped (`%0A`), so that a value never ends a line or sends a terminal a command: the
/// C0 controls and DEL (ECMA-48 §5) and the C1 controls, U+0080 to U+009F, as their UTF-8
/// (`%C2%9B`, CSI).
///
/// ```
/// use uriesc::parse::decoded_for_line;
///
/// let mut out = Vec::new();
/// decoded_for_line(b"a%20b%0Ac%1B%C2%9B%C3%A9", false, &mut out);
/// assert_eq!(out, "a b%0Ac%1B%C2%9Bé".as_bytes());
/// ```
pub fn decoded_for_line(raw: &[u8], plus: bool, out: &mut Vec<u8>) {
    let value = decoded(raw, plus);
    let mut i = 0;
    while i < value.len() {
        let b = value[i];
        if b < 0x20 || b == 0x7F {
            escape(b, out);
        } else if b == 0xC2 && matches!(value.get(i + 1), Some(0x80..=0x9F)) {
            escape(b, out);
            escape(value[i + 1], out);
            i += 1;
        } else {
            out.push(b);
        }
        i += 1;
    }
}

/// `%` and the byte in upper-case hex (RFC 3986 §2.1 recommends it).
fn escape(b: u8, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
}

/// The host `raw` (as it stands in a URL) as the ASCII domain the Public Suffix List is
/// matched against: percent-decoded, then UTS #46 ToASCII as the URL Standard's host parser
/// does (url.bs "domain to ASCII": lower case, `xn--` labels); `None` where ToASCII fails.
/// Borrowed where `raw` is such a domain already, as nearly every host is.
pub(crate) fn ascii_domain(raw: &[u8]) -> Option<Cow<'_, str>> {
    let plain = raw
        .iter()
        .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.');
    if plain && !raw.starts_with(b"xn--") && !contains(raw, b".xn--") {
        // Letters, digits, '-' and '.': ToASCII maps them to themselves.
        return std::str::from_utf8(raw).ok().map(Cow::Borrowed);
    }
    let decoded = percent_decode(raw);
    // With the URL Standard's forbidden domain code points, which plain `domain_to_ascii`
    // lets through (an ESC, say).
    let ascii = idna::domain_to_ascii_cow(&decoded, idna::AsciiDenyList::URL).ok()?;
    Some(Cow::Owned(ascii.into_owned()))
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(haystack, needle).is_some()
}
