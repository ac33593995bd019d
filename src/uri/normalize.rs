//! Normalization, RFC 3986 §6.2.2 (syntax-based: case, percent-encoding, dot segments) and
//! §6.2.3 (scheme-based: default ports, an empty path).

use super::{Authority, Parts, remove_dot_segments_in_place};
use crate::sets::{pct_encoded, rfc3986};

/// §6.2.2 Syntax-Based Normalization: scheme and host in lower case, percent-escapes in upper
/// case, escapes of unreserved characters decoded, dot segments removed; and an empty port
/// dropped, which §6.2.3 asks of every scheme.
///
/// ```
/// use uriesc::uri::normalize_syntax;
///
/// // RFC 3986 §6.2.2: these two URIs are equivalent, the second is the normal form.
/// assert_eq!(
///     normalize_syntax(b"eXAMPLE://a/./b/../b/%63/%7bfoo%7d"),
///     b"example://a/b/c/%7Bfoo%7D",
/// );
/// // §6.2.2.1: scheme and host are case-insensitive.
/// assert_eq!(normalize_syntax(b"HTTP://www.EXAMPLE.com/"), b"http://www.example.com/");
/// ```
pub fn normalize_syntax(s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    normalize_syntax_in(&mut out, 0);
    out
}

/// [`normalize_syntax`] of `buf[start..]`, in place: every step leaves a component no longer
/// than it was, so each is written over what has been read, and a long URI is held once. (Only
/// the "/." of errata 4547 adds two bytes, at the end.)
pub(crate) fn normalize_syntax_in(buf: &mut Vec<u8>, start: usize) {
    let parts = Parts::split(&buf[start..]);
    let at = |r: std::ops::Range<usize>| start + r.start..start + r.end;
    // The write position: never past the part being read.
    let mut w = start;
    if let Some(scheme) = parts.scheme.clone().map(at) {
        buf[scheme.clone()].make_ascii_lowercase();
        w = scheme.end + 1;
    }
    if let Some(authority) = parts.authority.clone().map(at) {
        buf[w..w + 2].copy_from_slice(b"//");
        w += 2;
        let split = Authority::split(&buf[authority.clone()]);
        let host = start_at(split.host.clone(), authority.start);
        // §6.2.3: "omit the port component and its ':' delimiter if port is empty".
        let end = match &split.port {
            Some(port) if port.is_empty() => host.end,
            _ => authority.end,
        };
        // Escapes first, so that a decoded letter of the host is lowercased too (found by the
        // fuzzer: `%4C` in a host became `L`, and a second normalization changed it again).
        w = normalize_escapes_in(buf, authority.start..host.start, w);
        let name = w;
        w = normalize_escapes_in(buf, host.clone(), w);
        lowercase_outside_escapes(&mut buf[name..w]);
        w = normalize_escapes_in(buf, host.end..end, w);
    }
    let path = w;
    w = normalize_escapes_in(buf, at(parts.path.clone()), w);
    // §5.2.4 is for the paths of URIs and of absolute-path references, not relative paths.
    if parts.scheme.is_some() || parts.authority.is_some() || buf[path..w].starts_with(b"/") {
        w = path + remove_dot_segments_in_place(&mut buf[path..w]);
    }
    // Without an authority, a path that now begins with "//" would read as one: keep it a path
    // (as RFC 3986 errata 4547 and iri-string do) by writing "/." before it.
    let dot_before = parts.authority.is_none() && buf[path..w].starts_with(b"//");
    for (delimiter, part) in [(b'?', parts.query), (b'#', parts.fragment)] {
        if let Some(part) = part.map(at) {
            buf[w] = delimiter;
            w = normalize_escapes_in(buf, part, w + 1);
        }
    }
    buf.truncate(w);
    if dot_before {
        buf.splice(path..path, *b"/.");
    }
}

/// `range` moved to begin at `offset`.
fn start_at(range: std::ops::Range<usize>, offset: usize) -> std::ops::Range<usize> {
    offset + range.start..offset + range.end
}

/// §6.2.3 Scheme-Based Normalization for `http` and `https` (RFC 9110 §4.2.3): an empty path
/// is `/`, and an empty or default port is dropped.
///
/// ```
/// use uriesc::uri::normalize_scheme;
///
/// // RFC 3986 §6.2.3: four equivalent URIs, and the last one is the normal form.
/// for uri in ["http://example.com", "http://example.com:/", "http://example.com:80/"] {
///     assert_eq!(normalize_scheme(uri.as_bytes()), b"http://example.com/", "{uri}");
/// }
/// assert_eq!(normalize_scheme(b"http://example.com/"), b"http://example.com/");
/// ```
pub fn normalize_scheme(s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    normalize_scheme_in(&mut out, 0);
    out
}

/// [`normalize_scheme`] of `buf[start..]`, in place.
pub(crate) fn normalize_scheme_in(buf: &mut Vec<u8>, start: usize) {
    let parts = Parts::split(&buf[start..]);
    let default_port: &[u8] = match parts
        .scheme
        .map(|s| buf[start + s.start..start + s.end].to_ascii_lowercase())
        .as_deref()
    {
        Some(b"http") => b"80",
        Some(b"https") => b"443",
        _ => return,
    };
    let Some(authority) = parts.authority.map(|r| start_at(r, start)) else {
        return;
    };
    let split = Authority::split(&buf[authority.clone()]);
    let mut path = authority.end;
    if let Some(port) = split.port.map(|r| start_at(r, authority.start))
        && (port.is_empty() || buf[port] == *default_port)
    {
        let host_end = authority.start + split.host.end;
        buf.drain(host_end..authority.end);
        path = host_end;
    }
    if parts.path.is_empty() {
        buf.insert(path, b'/');
    }
}

/// A host name as §6.2.2 normalizes it: escapes of unreserved characters decoded, the others
/// in upper case, and letters in lower case.
///
/// ```
/// use uriesc::uri::normalize_host;
///
/// // RFC 3986 §6.2.2.1 and §6.2.2.2: "%45" is the unreserved "E", decoded (and lowercased,
/// // a host being case-insensitive); "%c3%a9" is no unreserved character, kept in upper case.
/// assert_eq!(normalize_host(b"www.%45xample.COM"), b"www.example.com");
/// assert_eq!(normalize_host(b"caf%c3%a9.example"), b"caf%C3%A9.example");
/// ```
pub fn normalize_host(host: &[u8]) -> Vec<u8> {
    let mut out = host.to_vec();
    let end = normalize_escapes_in(&mut out, 0..host.len(), 0);
    out.truncate(end);
    lowercase_outside_escapes(&mut out);
    out
}

/// ASCII letters in lower case, but for the hex digits of escapes, which stay upper case.
fn lowercase_outside_escapes(s: &mut [u8]) {
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            i += 3;
        } else {
            s[i].make_ascii_lowercase();
            i += 1;
        }
    }
}

/// Escapes in upper case, and those of unreserved characters decoded (§6.2.2.1, §6.2.2.2): the
/// bytes of `from` written at `w` (at most `from.start`, so nothing unread is overwritten);
/// returns where the writing ended.
fn normalize_escapes_in(buf: &mut [u8], from: std::ops::Range<usize>, mut w: usize) -> usize {
    let mut i = from.start;
    while i < from.end {
        if let Some(byte) = pct_encoded(&buf[..from.end], i) {
            let (high, low) = (buf[i + 1], buf[i + 2]);
            if rfc3986::UNRESERVED.contains(byte) {
                buf[w] = byte;
                w += 1;
            } else {
                buf[w..w + 3].copy_from_slice(&[b'%', high, low].map(|b| b.to_ascii_uppercase()));
                w += 3;
            }
            i += 3;
        } else {
            buf[w] = buf[i];
            w += 1;
            i += 1;
        }
    }
    w
}
