//! Reference resolution, RFC 3986 §5.2: a reference against a base, with the dot segments of
//! its path removed (§5.2.4).

use super::{Parts, Reference};

/// §5.2.2 Transform References (strict: a reference with a scheme is taken as it is): the
/// target URI of `reference` against `base`.
///
/// ```
/// use uriesc::uri::resolve;
///
/// // RFC 3986 §5.4: examples against the base "http://a/b/c/d;p?q".
/// let base = b"http://a/b/c/d;p?q";
/// let examples: [(&str, &str); 9] = [
///     ("g:h", "g:h"),
///     ("./g", "http://a/b/c/g"),
///     ("/g", "http://a/g"),
///     ("//g", "http://g"),
///     ("?y", "http://a/b/c/d;p?y"),
///     ("#s", "http://a/b/c/d;p?q#s"),
///     ("", "http://a/b/c/d;p?q"),
///     ("../..", "http://a/"),
///     ("../../../g", "http://a/g"), // §5.4.2: more ".." than segments
/// ];
/// for (reference, target) in examples {
///     assert_eq!(resolve(base, reference.as_bytes()), target.as_bytes(), "{reference}");
/// }
/// ```
pub fn resolve(base: &[u8], reference: &[u8]) -> Vec<u8> {
    let mut target = reference.to_vec();
    resolve_in(base, &mut target, 0);
    target
}

/// [`resolve`] of the reference `buf[start..]`, in place: what the target takes from the
/// reference (its path, query and fragment) stays where it is, dot segments are removed over
/// it, and what it takes from the base (small) is put before it; a long reference is not
/// copied.
pub(crate) fn resolve_in(base: &[u8], buf: &mut Vec<u8>, start: usize) {
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
pub(crate) fn without_dot_segments(uri: &[u8]) -> Vec<u8> {
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
///
/// ```
/// use uriesc::uri::remove_dot_segments;
///
/// // RFC 3986 §5.2.4's two worked examples.
/// assert_eq!(remove_dot_segments(b"/a/b/c/./../../g"), b"/a/g");
/// assert_eq!(remove_dot_segments(b"mid/content=5/../6"), b"mid/6");
/// ```
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut output = path.to_vec();
    let len = remove_dot_segments_in_place(&mut output);
    output.truncate(len);
    output
}

/// [`remove_dot_segments`] over `path` itself: the output buffer of §5.2.4 is the start of
/// `path` (the output never outgrows what has been read of the input), so a long path is not
/// copied. Returns the length of the result, which is `path[..len]`.
pub(crate) fn remove_dot_segments_in_place(path: &mut [u8]) -> usize {
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
