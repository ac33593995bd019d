//! The serialization of a common URL (url.bs "URL serializing") written without the parser.
//!
//! The serialization of a common URL is the URL itself, with the scheme and the domain
//! lowercased (the parser lowercases the scheme, and UTS #46 maps an ASCII label of letters,
//! digits and `-` to itself, lowercased), the port written as a decimal number without leading
//! zeros and dropped where it is the scheme's default (url.bs "special scheme"), and an empty
//! path written `/`; provided the path has no `.` or `..` segment, percent-encoded or not (the
//! parser removes them), and the query no `'` (in the special-query percent-encode set):
//! [`Parts::rewritten`]. Nothing else of RFC 3986's path, query and fragment characters, which
//! a common URL allows, is in the percent-encode sets the parser applies, and escapes are kept
//! as written. The result is a valid URL string, as the record is. Tested against the parser
//! (ada), which `clean`, `parse` and `edit` leave the other URLs to.

use std::ops::Range;

use super::dispatch::url_parts;
use super::url::Parts;

/// Where each part of a serialization that [`serialize`] wrote is, as offsets from
/// where it began in `out`.
// Where the parts are is read by `parse` alone (`Common`); `clean` writes the serialization
// and needs none of them.
#[cfg_attr(not(feature = "parse"), allow(dead_code))]
pub(crate) struct Serialized {
    /// The scheme's `:`.
    pub colon: usize,
    pub host: Range<usize>,
    /// Without its `:`; none where the port is the scheme's default, or absent.
    pub port: Option<Range<usize>>,
    /// Never empty: `/` at least.
    pub path: Range<usize>,
    /// Without its `?`.
    pub query: Option<Range<usize>>,
    /// Without its `#`.
    pub fragment: Option<Range<usize>>,
}

/// The serialization of `record` appended to `out` where it is a common URL whose
/// serialization is written without the parser (see the module's docs), with where its parts
/// are; `None` (and `out` as it was) where it is not.
pub(crate) fn serialize(record: &[u8], out: &mut Vec<u8>) -> Option<Serialized> {
    serialize_with_host(record, None, out)
}

/// [`serialize`], with the host replaced by `host` where it is given: a domain that
/// is its own ASCII form, as the host setter would leave it (the caller's to know), written
/// as it is, so that the record's host is never lowercased only to be dropped.
pub(crate) fn serialize_with_host(
    record: &[u8],
    new_host: Option<&[u8]>,
    out: &mut Vec<u8>,
) -> Option<Serialized> {
    let parts = url_parts(record)?;
    serialize_parts(record, parts, new_host, out)
}

/// [`serialize_with_host`] of a record whose parts are found already.
pub(crate) fn serialize_parts(
    record: &[u8],
    parts: Parts,
    new_host: Option<&[u8]>,
    out: &mut Vec<u8>,
) -> Option<Serialized> {
    let Parts {
        shape,
        path_end,
        query_end,
        rewritten,
        lowercase,
    } = parts;
    if rewritten {
        return None;
    }
    let colon = shape.colon;
    let host = colon + 3..shape.host_end;
    // From the path on, offsets into `rest`.
    let rest = &record[shape.authority_end..];
    let (path_end, query_end) = (
        path_end - shape.authority_end,
        query_end - shape.authority_end,
    );
    // Where the path, query and fragment are in the serialization, where its path begins at
    // `path_start` and the record's bytes from the path on are moved by `shift`.
    let tail = |path_start: usize, shift: usize| {
        let query =
            (rest.get(path_end) == Some(&b'?')).then(|| shift + path_end + 1..shift + query_end);
        let fragment =
            (rest.get(query_end) == Some(&b'#')).then(|| shift + query_end + 1..shift + rest.len());
        (path_start..shift + path_end, query, fragment)
    };
    let start = out.len();
    if new_host.is_none() && parts.is_own_serialization() {
        // The serialization of most URLs is the record itself: one copy.
        out.extend_from_slice(record);
        let (path, query, fragment) = tail(shape.authority_end, shape.authority_end);
        return Some(Serialized {
            colon,
            host,
            port: None,
            path,
            query,
            fragment,
        });
    }
    // Copied whole where they have no uppercase letter (most URLs); else lowercased as they are
    // copied: lowercasing them in `out` after the copy would read back bytes just stored, at
    // other offsets, which the CPU cannot forward from its stores.
    let lowercase = |out: &mut Vec<u8>, end: usize| match lowercase {
        true => out.extend_from_slice(&record[..end]),
        false => {
            let at = out.len();
            out.resize(at + end, 0);
            for (to, from) in out[at..].iter_mut().zip(&record[..end]) {
                *to = from.to_ascii_lowercase();
            }
        }
    };
    let host = match new_host {
        None => {
            lowercase(out, host.end);
            host
        }
        Some(new) => {
            lowercase(out, host.start);
            out.extend_from_slice(new);
            host.start..host.start + new.len()
        }
    };
    let default = match &out[start..start + colon] {
        b"http" | b"ws" => 80,
        b"https" | b"wss" => 443,
        _ => 21,
    };
    let port = match shape.port.filter(|&port| port != default) {
        Some(port) => {
            out.push(b':');
            let digits = out.len() - start;
            out.extend_from_slice(itoa::Buffer::new().format(port).as_bytes());
            Some(digits..out.len() - start)
        }
        None => None,
    };
    let path_start = out.len() - start;
    if path_end == 0 {
        out.push(b'/');
    }
    out.extend_from_slice(rest);
    let (path, query, fragment) = tail(path_start, path_start + usize::from(path_end == 0));
    Some(Serialized {
        colon,
        host,
        port,
        path,
        query,
        fragment,
    })
}
