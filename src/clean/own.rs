//! The records of a run that are their own serialization (url.bs "URL serializing"), which
//! `clean --whatwg` passes on as they came: common URLs ([`crate::fast_path`]) with no uppercase
//! letter in the scheme and host, no port, a path, and nothing the parser rewrites.

use crate::fast_path::{Parts, serialize_parts};
use crate::stream::{Run, value_len};
use std::cell::Cell;

/// Whether `record` is a common URL whose serialization is itself, byte for byte
/// ([`Parts::is_own_serialization`]).
#[cfg(feature = "internals")]
pub(crate) fn own_serialization(record: &[u8]) -> bool {
    crate::fast_path::url_parts(record).is_some_and(|parts| parts.is_own_serialization())
}

/// [`run_of_own_serializations`] record by record, the part-at-a-time way: the reference the
/// run's block way is held to.
#[cfg(feature = "internals")]
pub(crate) fn run_of_own_serializations_bytewise(records: &[u8], end: u8) -> Run {
    Run::each(records, end, true, |record| {
        crate::fast_path::url_parts_bytewise(record)
            .is_some_and(|parts| parts.is_own_serialization())
    })
}

/// The records at the start of `records` (each followed by its terminator `end`) that are their own
/// serialization ([`own_serialization`]), which `clean` passes on as they came; and in `stop`, the
/// record the run stopped at, where that is a common URL whose serialization
/// [`crate::fast_path::serialize`] writes. About one common URL in nine in a real list is not its
/// own serialization, most of them for an uppercase letter in the scheme or host, a port, or no
/// path, which [`crate::fast_path::serialize`] writes without the parser; each would otherwise be
/// classified twice: by the run, then by the record's own `clean`.
pub(crate) fn run_of_own_serializations(records: &[u8], end: u8, stop: &mut Stop) -> Run {
    let found = Cell::new(None);
    let run = crate::fast_path::run::<true>(records, end, true, |parts| {
        let own = parts.is_own_serialization();
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
/// [`crate::fast_path::serialize`] writes without the parser: a copy of its bytes (a few dozen),
/// and the parts the run found, so that its serialization is written from them rather than found by
/// classifying the record a second time. The streamer gives that record to its filter straight
/// after the run (`WholeRecords::records`); [`Stop::serialize`] takes it only where the bytes it is
/// given are the same, so that no other record is ever written from these parts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stop {
    value: Vec<u8>,
    parts: Option<Parts>,
}

impl Stop {
    /// The longest record kept: the block way's longest (`fast_path::url_parts`);
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
