//! The serialization of a common URL (url.bs "URL serializing") written without the parser:
//! most URLs in a list are of the plain shape that `check::whatwg::common_url` accepts, and
//! the parser's serialization of such a URL is the URL itself with few and known changes. It
//! is tested against the parser (ada), which `whatwg` leaves the other URLs to.

use crate::check::whatwg::CommonParts;
use crate::stream::{Run, value_len};
use std::cell::Cell;
use std::ops::Range;

/// A fast path for the URLs most lists hold: where `record` is a valid URL string of the plain
/// shape [`check::whatwg::common_url`] accepts, writes the parser's serialization of it to
/// `out` without the parser and returns true. False means "parse it", and `out` is as it was.
/// Tested against the parser.
///
/// The serialization of such a URL (url.bs "URL serializing") is the URL itself, with the
/// scheme and the domain lowercased (the parser lowercases the scheme, and UTS #46 maps an
/// ASCII label of letters, digits and `-` to itself, lowercased), the port written as a
/// decimal number without leading zeros and dropped where it is the scheme's default, and an
/// empty path written `/`; provided the path has no `.` or `..` segment, percent-encoded or
/// not (the parser removes them), and the query no `'` (in the special-query percent-encode
/// set). Nothing else of RFC 3986's path, query and fragment characters, which `common_url`
/// allows, is in the percent-encode sets the parser applies, and escapes are kept as written.
/// The result is a valid URL string, as the record is.
pub(crate) fn serialize_common_url(record: &[u8], out: &mut Vec<u8>) -> bool {
    serialize_common(record, out).is_some()
}

/// Whether `record` is a common URL whose serialization is itself, byte for byte: no uppercase
/// letter in its scheme and host, no port, a path, and nothing the parser rewrites (see
/// [`serialize_common_url`]). `clean` then passes it on as it came, with no copy of its own.
#[cfg(feature = "internals")]
pub(crate) fn own_serialization(record: &[u8]) -> bool {
    crate::check::whatwg::common_url_parts(record).is_some_and(|parts| is_own(&parts))
}

/// [`run_of_own_serializations`] record by record, the part-at-a-time way: the reference the
/// run's block way is held to.
#[cfg(feature = "internals")]
pub(crate) fn run_of_own_serializations_bytewise(records: &[u8], end: u8) -> Run {
    Run::each(records, end, true, |record| {
        crate::check::whatwg::common_url_parts_bytewise(record).is_some_and(|parts| is_own(&parts))
    })
}

/// The records at the start of `records` (each followed by its terminator `end`) that are
/// their own serialization ([`own_serialization`]), which `clean` passes on as they came; and
/// in `stop`, the record the run stopped at, where that is a common URL whose serialization
/// [`serialize_common`] writes. About one common URL in nine in a real list is not its own
/// serialization, most of them for an uppercase letter in the scheme or host, a port, or no
/// path, which [`serialize_common`] writes without the parser; each would otherwise be
/// classified twice: by the run, then by the record's own `clean`.
pub(crate) fn run_of_own_serializations(records: &[u8], end: u8, stop: &mut Stop) -> Run {
    let found = Cell::new(None);
    let run = crate::check::whatwg::common_run::<true>(records, end, true, |parts| {
        let own = is_own(parts);
        if !own && !parts.rewritten {
            found.set(Some(*parts));
        }
        own
    });
    // A record is given to `accept` only once its terminator is found, and the run ends at
    // the first it refuses: the stop is the record after the run.
    // Kept only up to `Stop::LONGEST` bytes, so that no long record is held twice.
    stop.parts = None;
    let rest = &records[run.len..];
    let head = &rest[..rest.len().min(Stop::LONGEST + 2)];
    if let Some(parts) = found.get()
        && let Some(i) = memchr::memchr(end, head)
        && value_len(rest, i, end) <= Stop::LONGEST
    {
        stop.value.clear();
        stop.value
            .extend_from_slice(&rest[..value_len(rest, i, end)]);
        stop.parts = Some(parts);
    }
    run
}

/// The record a run of own serializations stopped at, where it is a common URL that
/// [`serialize_common`] writes without the parser: a copy of its bytes (a few dozen), and the
/// parts the run found, so that its serialization is written from them rather than found by
/// classifying the record a second time. The streamer gives that record to its filter straight
/// after the run (`WholeRecords::records`); [`Stop::serialize`] takes it only where the bytes
/// it is given are the same, so that no other record is ever written from these parts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stop {
    value: Vec<u8>,
    parts: Option<CommonParts>,
}

impl Stop {
    /// The longest record kept: the block way's longest (`check::whatwg::common_url_parts`);
    /// most are a few dozen bytes. A longer one is classified a part at a time either way.
    const LONGEST: usize = 128;

    /// Writes the serialization of `record`, where it is the record the last run stopped at
    /// (the same bytes), and forgets it; false where it is not, and `out` is as it was.
    pub(super) fn serialize(&mut self, record: &[u8], out: &mut Vec<u8>) -> bool {
        match self.parts.take() {
            Some(parts) if record == self.value => {
                serialize_parts(record, parts, None, out).is_some()
            }
            _ => false,
        }
    }
}

/// [`own_serialization`], of the parts of a common URL.
fn is_own(parts: &CommonParts) -> bool {
    parts.lowercase
        && !parts.rewritten
        && parts.shape.port.is_none()
        && parts.path_end > parts.shape.authority_end
}

/// Where each part of a serialization that [`serialize_common`] wrote is, as offsets from
/// where it began in `out`.
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

/// [`serialize_common_url`], with where the parts of what it wrote are.
pub(crate) fn serialize_common(record: &[u8], out: &mut Vec<u8>) -> Option<Serialized> {
    serialize_common_with_host(record, None, out)
}

/// [`serialize_common`], with the host replaced by `host` where it is given: a domain that
/// is its own ASCII form, as the host setter would leave it (the caller's to know), written
/// as it is, so that the record's host is never lowercased only to be dropped.
pub(crate) fn serialize_common_with_host(
    record: &[u8],
    new_host: Option<&[u8]>,
    out: &mut Vec<u8>,
) -> Option<Serialized> {
    let parts = crate::check::whatwg::common_url_parts(record)?;
    serialize_parts(record, parts, new_host, out)
}

/// [`serialize_common_with_host`] of a record whose parts are found already.
fn serialize_parts(
    record: &[u8],
    parts: CommonParts,
    new_host: Option<&[u8]>,
    out: &mut Vec<u8>,
) -> Option<Serialized> {
    let CommonParts {
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
    if new_host.is_none() && is_own(&parts) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The record a run stops at is written from the run's parts only where the same bytes
    /// come next, and once: other bytes are left to `clean`. The serialization lowercases the
    /// scheme and the host (url.bs "URL serializing", "host serializing").
    #[test]
    fn a_stop_is_taken_for_its_own_bytes_only() {
        let records = b"http://a.example/x\nHTTP://A.example/y\nhttp://c/\n";
        let mut stop = Stop::default();
        let run = run_of_own_serializations(records, b'\n', &mut stop);
        assert_eq!((run.len, run.records), (19, 1));
        let mut out = Vec::new();
        assert!(!stop.clone().serialize(b"HTTP://A.example/z", &mut out));
        assert!(out.is_empty());
        // The same bytes, wherever they are.
        let copy = b"HTTP://A.example/y".to_vec();
        assert!(stop.serialize(&copy, &mut out));
        assert_eq!(out, b"http://a.example/y");
        assert!(!stop.serialize(&copy, &mut out));
        // Up to 128 bytes kept, so that no long record is held twice.
        for (len, kept) in [(128, true), (129, false)] {
            let record = format!("HTTP://A/{}", "b".repeat(len - 9));
            let records = format!("http://a/\r\n{record}\r\n");
            run_of_own_serializations(records.as_bytes(), b'\n', &mut stop);
            out.clear();
            assert_eq!(stop.serialize(record.as_bytes(), &mut out), kept, "{len}");
        }
        // A run that stops at no common URL keeps no stop.
        let run = run_of_own_serializations(b"http://a/\nnot a URL\n", b'\n', &mut stop);
        assert_eq!(run.records, 1);
        assert!(!stop.serialize(b"not a URL", &mut out));
    }
}
