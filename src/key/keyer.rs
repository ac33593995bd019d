//! The `key` command's work on a stream ([`Keyer`]): each record's key written, or the key and
//! the record, or JSON Lines (RFC 8259), or only the first record of each key (`--unique`, its
//! batches in `unique.rs`), the others written elsewhere where asked ([`Dropped`]); a record
//! without a key reported.

mod unique;

use std::io;

use super::{Dropped, Options, Scratch, Seen, key};
use crate::check::Problem;
use crate::report::{Diagnostic, Format, Messages, Reporter, Sink};
use crate::stream::{Batch, Place, RecordFilter, Taken, Written};

/// What [`Keyer`] writes of each record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// The key (an empty line for a record without one).
    Key,
    /// The key, a tab, and the record as it came.
    KeyAndRecord,
    /// The record as it came, where its key was not seen before.
    Unique,
    /// The key, a tab and the record, where its key was not seen before.
    UniqueKeyAndRecord,
    /// JSON Lines (RFC 8259, the `json` feature): `{"record":…,"key":…}` a record, each a
    /// string, or `{"bytes": BASE64}` where it is not UTF-8; `"key":null` for a record without
    /// one (reported too).
    #[cfg(feature = "json")]
    Json,
    /// [`Output::Json`] of the records whose key was not seen before.
    #[cfg(feature = "json")]
    UniqueJson,
}

impl Output {
    /// Whether only the first record of each key is written (`--unique`).
    fn unique(self) -> bool {
        match self {
            Output::Key | Output::KeyAndRecord => false,
            Output::Unique | Output::UniqueKeyAndRecord => true,
            #[cfg(feature = "json")]
            Output::Json => false,
            #[cfg(feature = "json")]
            Output::UniqueJson => true,
        }
    }

    /// Whether the key is written after the record is known to be written, not straight to
    /// the output as it is made.
    fn key_apart(self) -> bool {
        !matches!(self, Output::Key | Output::KeyAndRecord)
    }
}

/// Appends `{"record":…,"key":…}` (`key` null where `None`).
#[cfg(feature = "json")]
fn json_line(record: &[u8], key: Option<&[u8]>, out: &mut Vec<u8>) {
    use crate::report::json::{StringOrData, write};
    #[derive(serde::Serialize)]
    struct Line<'a> {
        record: StringOrData<'a>,
        key: Option<StringOrData<'a>>,
    }
    let line = Line {
        record: StringOrData(record),
        key: key.map(StringOrData),
    };
    write(&line, out);
}

/// The `key` work: each record's key written (or the record, once per key), a record without
/// a key reported (run it as [`crate::stream::WholeRecords`]).
pub struct Keyer {
    options: Options,
    output: Output,
    scratch: Scratch,
    key: Vec<u8>,
    seen: Seen,
    /// The records `--unique` keys ahead of the one it settles.
    pending: Vec<unique::Pending>,
    /// Where `--dropped` writes each record `--unique` drops.
    dropped_to: Option<Dropped>,
    sink: Sink,
    /// Records keyed so far.
    pub keyed: u64,
    /// Records without a key (reported) so far.
    pub failed: u64,
    /// Records not written because their key was seen before.
    pub dropped: u64,
}

impl Keyer {
    /// The filter that keys as `options` say, writes `output`, reports to `messages`.
    pub fn new(options: Options, output: Output, messages: Messages) -> Keyer {
        Keyer {
            options,
            output,
            scratch: Scratch::default(),
            key: Vec::new(),
            seen: Seen::new(),
            pending: unique::pending(),
            dropped_to: None,
            sink: Sink::new(Reporter::new(Format::Text, "key"), messages),
            keyed: 0,
            failed: 0,
            dropped: 0,
        }
    }

    /// This keyer, its reports written in `format`.
    pub fn with_format(mut self, format: Format) -> Keyer {
        self.sink.set_reporter(Reporter::new(format, "key"));
        self
    }

    /// This keyer, each record `--unique` drops written to `dropped` (with `--unique` alone):
    /// the table then holds each first record's place beside its key's digest.
    pub fn with_dropped(mut self, dropped: Dropped) -> Keyer {
        self.seen = Seen::new().numbered();
        self.dropped_to = Some(dropped);
        self
    }

    /// Writes what `--dropped` holds; the first error met writing to it, if any.
    pub fn flush_dropped(&mut self) -> io::Result<()> {
        self.dropped_to.as_mut().map_or(Ok(()), Dropped::flush)
    }

    /// Whether `record` (at `place`), whose key's digest is `digest`, is the first of its key;
    /// where not, it is counted, and written to `--dropped`.
    #[inline]
    fn first_of_its_key(&mut self, digest: u128, record: &[u8], place: Place<'_>) -> bool {
        let new = match &mut self.dropped_to {
            None => self.seen.insert_digest(digest),
            Some(to) => match self.seen.insert_digest_numbered(digest, to.number(place)) {
                Ok(()) => true,
                Err(first) => {
                    to.write(place, first, record);
                    false
                }
            },
        };
        self.dropped += u64::from(!new);
        new
    }

    /// A record (at `place`) without a key, for `problem`: counted and reported.
    fn settle_keyless(&mut self, problem: &Problem, record: &[u8], place: Place<'_>) {
        self.failed += 1;
        let diagnostic: Diagnostic = problem.diagnostic(record, place);
        self.sink.report(&diagnostic);
    }

    /// A record (at `place`) with its `key`: counted, and written to `out` as the output says
    /// (where the key goes straight to the output, [`Output::key_apart`], it is there already),
    /// unless `--unique` (`digest`, the key's digest) has seen its key; whether it is written.
    /// `record` settles each record so, and `--unique`'s batches too (`unique.rs`).
    #[inline]
    fn settle_keyed(
        &mut self,
        digest: Option<u128>,
        key: &[u8],
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> bool {
        self.keyed += 1;
        if let Some(digest) = digest
            && !self.first_of_its_key(digest, record, place)
        {
            return false;
        }
        match self.output {
            Output::Key => {}
            Output::Unique => out.extend_from_slice(record),
            Output::KeyAndRecord => {
                out.push(b'\t');
                out.extend_from_slice(record);
            }
            Output::UniqueKeyAndRecord => {
                out.extend_from_slice(key);
                out.push(b'\t');
                out.extend_from_slice(record);
            }
            #[cfg(feature = "json")]
            Output::Json | Output::UniqueJson => json_line(record, Some(key), out),
        }
        true
    }

    /// How many distinct keys `--unique` holds.
    pub fn distinct(&self) -> usize {
        self.seen.len()
    }
}

impl RecordFilter for Keyer {
    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        let start = out.len();
        // The key goes straight to the output where it is written whatever it is; `--unique`
        // and JSON need it apart until they know.
        let keyed = match self.output.key_apart() {
            false => key(record, &self.options, &mut self.scratch, out),
            true => {
                self.key.clear();
                key(record, &self.options, &mut self.scratch, &mut self.key)
            }
        };
        if let Err(problem) = keyed {
            // A profile leaves `out` as it was when it fails; this holds it so whatever it did.
            out.truncate(start);
            self.settle_keyless(&problem, record, place);
            // A record without a key has no place among the unique ones; elsewhere its line
            // stays, empty (or with the record after the tab, or a null key), so that output
            // lines up with input.
            return Ok(match self.output {
                Output::Key => true,
                Output::KeyAndRecord => {
                    out.push(b'\t');
                    out.extend_from_slice(record);
                    true
                }
                #[cfg(feature = "json")]
                Output::Json => {
                    json_line(record, None, out);
                    true
                }
                _ => false,
            });
        }
        if let Output::Key = self.output {
            // The key is in `out` already, and nothing is unique: only the count to settle.
            self.keyed += 1;
            return Ok(true);
        }
        // Taken for the call, which borrows the keyer whole; put back for the next record.
        let key = std::mem::take(&mut self.key);
        let digest = self.output.unique().then(|| self.seen.digest(&key));
        let written = self.settle_keyed(digest, &key, record, place, out);
        self.key = key;
        Ok(written)
    }

    /// `--unique` takes whole batches, its keys made a few records ahead (`unique.rs`).
    fn records(&mut self, records: &[u8], end: u8, first: Place<'_>, out: &mut Vec<u8>) -> Taken {
        match self.output {
            Output::Unique | Output::UniqueKeyAndRecord => {
                self.unique_records(records, end, first, out)
            }
            // JSON, a record at a time.
            _ => Ok(Batch::Declined),
        }
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    /// The status says whether every record had a key: it waits for the last one.
    fn status_pending(&self) -> bool {
        self.failed == 0
    }
}
