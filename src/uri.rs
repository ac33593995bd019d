//! Operations on URI references as RFC 3986 defines them: reference resolution (§5.2) and
//! syntax- and scheme-based normalization (§6.2.2, §6.2.3). The parts come from the one
//! splitter of the project, [`Parts`] (Appendix B).

use crate::check::rfc3986::{Authority, Parts};
use crate::table::{pct_encoded, rfc3986};

/// A URI reference taken apart: each component as bytes, `None` where it is undefined (which
/// §5 tells apart from empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reference {
    pub scheme: Option<Vec<u8>>,
    pub authority: Option<Vec<u8>>,
    pub path: Vec<u8>,
    pub query: Option<Vec<u8>>,
    pub fragment: Option<Vec<u8>>,
}

impl Reference {
    /// Splits `s` by Appendix B.
    pub fn parse(s: &[u8]) -> Reference {
        let parts = Parts::split(s);
        let get = |r: Option<std::ops::Range<usize>>| r.map(|r| s[r].to_vec());
        Reference {
            scheme: get(parts.scheme),
            authority: get(parts.authority),
            path: s[parts.path].to_vec(),
            query: get(parts.query),
            fragment: get(parts.fragment),
        }
    }

    /// §5.3 Component Recomposition.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        if let Some(scheme) = &self.scheme {
            out.extend_from_slice(scheme);
            out.push(b':');
        }
        if let Some(authority) = &self.authority {
            out.extend_from_slice(b"//");
            out.extend_from_slice(authority);
        }
        out.extend_from_slice(&self.path);
        if let Some(query) = &self.query {
            out.push(b'?');
            out.extend_from_slice(query);
        }
        if let Some(fragment) = &self.fragment {
            out.push(b'#');
            out.extend_from_slice(fragment);
        }
        out
    }
}

/// §5.2.2 Transform References (strict: a reference with a scheme is taken as it is): the
/// target URI of `reference` against `base`.
pub fn resolve(base: &[u8], reference: &[u8]) -> Vec<u8> {
    let mut target = reference.to_vec();
    resolve_in(base, &mut target, 0);
    target
}

/// [`resolve`] of the reference `buf[start..]`, in place: what the target takes from the
/// reference (its path, query and fragment) stays where it is, dot segments are removed over
/// it, and what it takes from the base (small) is put before it; a long reference is not
/// copied.
pub fn resolve_in(base: &[u8], buf: &mut Vec<u8>, start: usize) {
    let base = Reference::parse(base);
    let r = Parts::split(&buf[start..]);
    let path = start + r.path.start..start + r.path.end;
    // What goes before the reference's own parts.
    let mut head = Vec::new();
    let authority = r.authority.is_some() || r.scheme.is_none() && base.authority.is_some();
    if r.scheme.is_some() {
        remove_dot_segments_of(buf, path.clone());
    } else {
        if let Some(scheme) = &base.scheme {
            head.extend_from_slice(scheme);
            head.push(b':');
        }
        if r.authority.is_some() {
            remove_dot_segments_of(buf, path.clone());
        } else {
            if let Some(authority) = &base.authority {
                head.extend_from_slice(b"//");
                head.extend_from_slice(authority);
            }
            if path.is_empty() {
                head.extend_from_slice(&base.path);
                if let (None, Some(query)) = (&r.query, &base.query) {
                    head.push(b'?');
                    head.extend_from_slice(query);
                }
            } else if buf[path.start] == b'/' {
                remove_dot_segments_of(buf, path.clone());
            } else {
                // §5.2.3 Merge Paths, then the dot segments of the whole.
                let merged = merge(&base);
                buf.splice(path.start..path.start, merged.iter().copied());
                remove_dot_segments_of(buf, path.start..path.end + merged.len());
            }
        }
    }
    // The target's path begins where the reference's did, after what goes before it.
    let path_start = path.start + head.len();
    buf.splice(start..start, head);
    // Without an authority, a path that now begins with "//" would read as one (`foo:/.//x`
    // against itself): keep it a path, by "/." before it, as errata 4547 says.
    if !authority && buf[path_start..].starts_with(b"//") {
        buf.splice(path_start..path_start, *b"/.");
    }
}

/// `uri` with the dot segments of its path removed (§5.2.4, and errata 4547's "/." where the
/// path would begin with "//"): what §5.2.2 makes of a URI as its own reference. A base is
/// so normalized before use (§5.2.1 allows it), so that resolving against it is idempotent:
/// §5.2.2 takes the base's path as it is for an empty reference.
pub fn without_dot_segments(uri: &[u8]) -> Vec<u8> {
    resolve(uri, uri)
}

/// §5.2.3 Merge Paths: what goes before the reference's path.
fn merge(base: &Reference) -> &[u8] {
    if base.authority.is_some() && base.path.is_empty() {
        return b"/";
    }
    let keep = base
        .path
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |p| p + 1);
    &base.path[..keep]
}

/// [`remove_dot_segments_in_place`] of `buf[path]`, closing the gap it leaves.
fn remove_dot_segments_of(buf: &mut Vec<u8>, path: std::ops::Range<usize>) {
    let len = remove_dot_segments_in_place(&mut buf[path.clone()]);
    buf.drain(path.start + len..path.end);
}

/// §5.2.4 Remove Dot Segments, step by step as the RFC writes it.
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut output = path.to_vec();
    let len = remove_dot_segments_in_place(&mut output);
    output.truncate(len);
    output
}

/// [`remove_dot_segments`] over `path` itself: the output buffer of §5.2.4 is the start of
/// `path` (the output never outgrows what has been read of the input), so a long path is not
/// copied. Returns the length of the result, which is `path[..len]`.
pub fn remove_dot_segments_in_place(path: &mut [u8]) -> usize {
    // The input buffer is `path[i..]`, the output buffer `path[..o]`, and `o <= i` always.
    let (mut i, mut o) = (0, 0);
    // "removing the last segment and its preceding '/' (if any) from the output buffer"
    let pop = |path: &[u8], o: usize| path[..o].iter().rposition(|&b| b == b'/').unwrap_or(0);
    while i < path.len() {
        let input = &path[i..];
        if input.starts_with(b"../") {
            i += 3; // A
        } else if input.starts_with(b"./") || input.starts_with(b"/./") {
            i += 2; // A, B
        } else if input == b"/." {
            path[i + 1] = b'/'; // B: the input becomes "/"
            i += 1;
        } else if input.starts_with(b"/../") {
            i += 3; // C
            o = pop(path, o);
        } else if input == b"/.." {
            path[i + 2] = b'/'; // C: the input becomes "/"
            i += 2;
            o = pop(path, o);
        } else if input == b"." || input == b".." {
            i = path.len(); // D
        } else {
            // E: the first segment, with its leading '/' if any, up to the next '/'.
            let from = usize::from(input[0] == b'/');
            let end = input[from..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |p| from + p);
            path.copy_within(i..i + end, o);
            (i, o) = (i + end, o + end);
        }
    }
    o
}

/// §6.2.2 Syntax-Based Normalization: scheme and host in lower case, percent-escapes in upper
/// case, escapes of unreserved characters decoded, dot segments removed; and an empty port
/// dropped, which §6.2.3 asks of every scheme.
pub fn normalize_syntax(s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    normalize_syntax_in(&mut out, 0);
    out
}

/// [`normalize_syntax`] of `buf[start..]`, in place: every step leaves a component no longer
/// than it was, so each is written over what has been read, and a long URI is held once. (Only
/// the "/." of errata 4547 adds two bytes, at the end.)
pub fn normalize_syntax_in(buf: &mut Vec<u8>, start: usize) {
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
pub fn normalize_scheme(s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    normalize_scheme_in(&mut out, 0);
    out
}

/// [`normalize_scheme`] of `buf[start..]`, in place.
pub fn normalize_scheme_in(buf: &mut Vec<u8>, start: usize) {
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
