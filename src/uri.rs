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
    let base = Reference::parse(base);
    let r = Reference::parse(reference);
    let mut t = Reference {
        fragment: r.fragment.clone(),
        ..Reference::default()
    };
    if r.scheme.is_some() {
        t.scheme = r.scheme;
        t.authority = r.authority;
        t.path = remove_dot_segments(&r.path);
        t.query = r.query;
    } else {
        if r.authority.is_some() {
            t.authority = r.authority;
            t.path = remove_dot_segments(&r.path);
            t.query = r.query;
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                t.query = r.query.or(base.query);
            } else {
                t.path = if r.path.starts_with(b"/") {
                    remove_dot_segments(&r.path)
                } else {
                    remove_dot_segments(&merge(&base, &r.path))
                };
                t.query = r.query;
            }
            t.authority = base.authority;
        }
        t.scheme = base.scheme;
    }
    t.to_bytes()
}

/// §5.2.3 Merge Paths.
fn merge(base: &Reference, path: &[u8]) -> Vec<u8> {
    if base.authority.is_some() && base.path.is_empty() {
        let mut merged = b"/".to_vec();
        merged.extend_from_slice(path);
        return merged;
    }
    let keep = base
        .path
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |p| p + 1);
    let mut merged = base.path[..keep].to_vec();
    merged.extend_from_slice(path);
    merged
}

/// §5.2.4 Remove Dot Segments, step by step as the RFC writes it.
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut input = path;
    let mut output: Vec<u8> = Vec::with_capacity(path.len());
    let pop = |output: &mut Vec<u8>| {
        let last = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
        output.truncate(last);
    };
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix(b"../") {
            input = rest; // A
        } else if let Some(rest) = input.strip_prefix(b"./") {
            input = rest; // A
        } else if input.starts_with(b"/./") {
            input = &input[2..]; // B
        } else if input == b"/." {
            input = b"/"; // B
        } else if input.starts_with(b"/../") {
            input = &input[3..]; // C
            pop(&mut output);
        } else if input == b"/.." {
            input = b"/"; // C
            pop(&mut output);
        } else if input == b"." || input == b".." {
            input = b""; // D
        } else {
            // E: the first segment, with its leading '/' if any, up to the next '/'.
            let from = usize::from(input[0] == b'/');
            let end = input[from..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |p| from + p);
            output.extend_from_slice(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

/// §6.2.2 Syntax-Based Normalization: scheme and host in lower case, percent-escapes in upper
/// case, escapes of unreserved characters decoded, dot segments removed; and an empty port
/// dropped, which §6.2.3 asks of every scheme.
pub fn normalize_syntax(s: &[u8]) -> Vec<u8> {
    let mut r = Reference::parse(s);
    if let Some(scheme) = &mut r.scheme {
        scheme.make_ascii_lowercase();
    }
    if let Some(authority) = &mut r.authority {
        let split = Authority::split(authority);
        let host = split.host.clone();
        // §6.2.3: "omit the port component and its ':' delimiter if port is empty".
        let end = match &split.port {
            Some(port) if port.is_empty() => host.end,
            _ => authority.len(),
        };
        // Escapes first, so that a decoded letter of the host is lowercased too (found by the
        // fuzzer: `%4C` in a host became `L`, and a second normalization changed it again).
        let mut normalized = normalize_escapes(&authority[..host.start]);
        let mut name = normalize_escapes(&authority[host.clone()]);
        lowercase_outside_escapes(&mut name);
        normalized.extend_from_slice(&name);
        normalized.extend_from_slice(&normalize_escapes(&authority[host.end..end]));
        *authority = normalized;
    }
    r.path = normalize_escapes(&r.path);
    // §5.2.4 is for the paths of URIs and of absolute-path references, not relative paths.
    if r.scheme.is_some() || r.authority.is_some() || r.path.starts_with(b"/") {
        r.path = remove_dot_segments(&r.path);
    }
    // Without an authority, a path that now begins with "//" would read as one: keep it a path
    // (as RFC 3986 errata 4547 and iri-string do) by writing "/." before it.
    if r.authority.is_none() && r.path.starts_with(b"//") {
        r.path.splice(0..0, *b"/.");
    }
    r.query = r.query.map(|q| normalize_escapes(&q));
    r.fragment = r.fragment.map(|f| normalize_escapes(&f));
    r.to_bytes()
}

/// §6.2.3 Scheme-Based Normalization for `http` and `https` (RFC 9110 §4.2.3): an empty path
/// is `/`, and an empty or default port is dropped.
pub fn normalize_scheme(s: &[u8]) -> Vec<u8> {
    let mut r = Reference::parse(s);
    let default_port: &[u8] = match r
        .scheme
        .as_deref()
        .map(<[u8]>::to_ascii_lowercase)
        .as_deref()
    {
        Some(b"http") => b"80",
        Some(b"https") => b"443",
        _ => return s.to_vec(),
    };
    if let Some(authority) = &mut r.authority {
        if r.path.is_empty() {
            r.path = b"/".to_vec();
        }
        let split = Authority::split(authority);
        if let Some(port) = split.port
            && (port.is_empty() || authority[port] == *default_port)
        {
            authority.truncate(split.host.end);
        }
    }
    r.to_bytes()
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

/// Escapes in upper case, and those of unreserved characters decoded (§6.2.2.1, §6.2.2.2).
fn normalize_escapes(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if let Some(byte) = pct_encoded(s, i) {
            if rfc3986::UNRESERVED.contains(byte) {
                out.push(byte);
            } else {
                out.push(b'%');
                out.extend(s[i + 1..i + 3].iter().map(u8::to_ascii_uppercase));
            }
            i += 3;
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    out
}
