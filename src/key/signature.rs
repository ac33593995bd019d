//! The `signature` profile: the shape recon tools dedup a list of URLs by (uro, `unfurl -u`,
//! urldedupe, dalfox's `--dedup-urls signature`): the scheme, the host, a port that is not the
//! scheme's default, the path with each segment of ASCII digits alone folded to `{n}` (uro#12),
//! and the names of the query's parameters, sorted and each once, without their values
//! (unfurl#13); no credentials and no fragment.
//!
//! It is read off the URL Standard's serialization of the record ([`super::whatwg`]), so that
//! every spelling of one URL (`HTTP://Example.COM:80/a/./1`) has one signature: there the host
//! is lowercased, a default port is gone, dot segments are resolved, and `{` is always
//! percent-encoded in a path (url.bs "path percent-encode set"), so `{n}` stands for nothing
//! else. Names are compared as they are serialized (still percent-encoded).

use crate::check::Problem;

/// What an all-digit path segment becomes.
const NUMBER: &[u8] = b"{n}";

/// Appends the signature of `record` to `out`, with `scratch` for its serialization; why there
/// is none, where the URL parser refuses the record (and `out` is as it was).
pub(super) fn key(record: &[u8], scratch: &mut Vec<u8>, out: &mut Vec<u8>) -> Result<(), Problem> {
    scratch.clear();
    super::whatwg::key(record, true, scratch)?;
    let href = &scratch[..];
    // url.bs "URL serializing": the scheme and `:`, then `//` and the authority where there is
    // a host, then the path, then `?` and the query.
    let colon = memchr::memchr(b':', href).unwrap_or(0);
    out.extend_from_slice(&href[..=colon]);
    let mut rest = &href[colon + 1..];
    if let Some(after) = rest.strip_prefix(b"//") {
        let end = memchr::memchr2(b'/', b'?', after).unwrap_or(after.len());
        let authority = &after[..end];
        // The credentials end at the last `@` (the serializer percent-encodes one inside them).
        let host = match memchr::memrchr(b'@', authority) {
            Some(at) => &authority[at + 1..],
            None => authority,
        };
        out.extend_from_slice(b"//");
        out.extend_from_slice(host);
        rest = &after[end..];
    }
    let (path, query) = match memchr::memchr(b'?', rest) {
        Some(q) => (&rest[..q], Some(&rest[q + 1..])),
        None => (rest, None),
    };
    // An opaque path (url.bs "URL": a string, not a list of segments; serialized without a
    // leading `/`, as `tel:5551234`'s) has no segments to fold: it is kept whole.
    let segments = path.first() == Some(&b'/');
    for (i, segment) in path.split(|&b| b == b'/').enumerate() {
        if i > 0 {
            out.push(b'/');
        }
        match segments && !segment.is_empty() && segment.iter().all(u8::is_ascii_digit) {
            true => out.extend_from_slice(NUMBER),
            false => out.extend_from_slice(segment),
        }
    }
    if let Some(query) = query {
        names(query, out);
    }
    Ok(())
}

/// Appends `?` and the query's parameter names (application/x-www-form-urlencoded: pairs
/// split at `&`, a name up to its `=`), sorted, each once, joined by `&`; nothing where there
/// is no name.
fn names(query: &[u8], out: &mut Vec<u8>) {
    let mut names: Vec<&[u8]> = query
        .split(|&b| b == b'&')
        .map(|pair| pair.split(|&b| b == b'=').next().unwrap_or_default())
        .filter(|name| !name.is_empty())
        .collect();
    if names.is_empty() {
        return;
    }
    names.sort_unstable();
    names.dedup();
    out.push(b'?');
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
    }
}

#[cfg(test)]
mod tests {
    fn signature(record: &str) -> String {
        let (mut scratch, mut out) = (Vec::new(), Vec::new());
        super::key(record.as_bytes(), &mut scratch, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn folds_numbers_and_keeps_names() {
        let cases = [
            (
                "HTTP://u:p@Example.COM:80/a/./12/b?x=1&a=2&x=3#f",
                "http://example.com/a/{n}/b?a&x",
            ),
            (
                "https://h:8443/users/42/posts/7",
                "https://h:8443/users/{n}/posts/{n}",
            ),
            ("http://h/v1/a1?=x&&", "http://h/v1/a1"),
            ("http://h/%7Bn%7D/%31", "http://h/%7Bn%7D/%31"),
            // url.bs "URL": an opaque path is a string, no segments: two numbers stay two.
            ("tel:5551234", "tel:5551234"),
            ("tel:5559999", "tel:5559999"),
            ("foo:/12/x", "foo:/{n}/x"),
            ("mailto:a@b?subject=1", "mailto:a@b?subject"),
            ("file:///tmp/1/x", "file:///tmp/{n}/x"),
        ];
        for (record, expected) in cases {
            assert_eq!(signature(record), expected, "{record}");
        }
    }
}
