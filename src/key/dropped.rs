//! `key --unique --dropped FILE`: each record `--unique` drops, written with its place and the
//! place of the record it repeats (the first of its key), as `uniq -d` shows what repeats:
//! `PLACE<TAB>FIRST<TAB>RECORD` and the input's terminator, each place `SOURCE:LINE` as a
//! report names it (without a column).
//!
//! The table of `--unique` holds digests, not records, so the first record's place is held
//! beside its digest as one number ([`crate::seen::Seen::numbered`]: 8 bytes a slot more): its
//! ordinal among the records read, which the list of sources here turns back into a source and
//! a line. The list has an entry per source read (per input, or per restart of its lines), not
//! per record: memory stays bounded by the table's.

use std::io::{self, Write};

use crate::report::Messages;
use crate::stream::Place;
use crate::visible::visible;

/// Where the dropped records go, and what turns a held number back into a place.
pub struct Dropped {
    to: Messages,
    end: u8,
    sources: Vec<Source>,
    /// The number of the next record.
    next: u64,
    /// The line of the last record numbered.
    last_line: u64,
}

/// A run of records of one source whose lines follow each other: record number `ordinal` is
/// at `line`, the next at `line + 1`, and so on.
struct Source {
    ordinal: u64,
    line: u64,
    name: String,
}

impl Dropped {
    /// Dropped records written to `to`, each ended by `end` (`\n`, or NUL for NUL-separated
    /// records).
    ///
    /// ```
    /// use uriesc::key::{Dropped, Keyer, Options, Output, Profile};
    /// use uriesc::report::Messages;
    ///
    /// let dropped = Dropped::new(Box::new(std::io::sink()), b'\n');
    /// let keyer = Keyer::new(
    ///     Options::new(Profile::Whatwg),
    ///     Output::Unique,
    ///     Messages::to(Box::new(std::io::sink())),
    /// )
    /// .with_dropped(dropped);
    /// assert_eq!(keyer.dropped, 0);
    /// ```
    pub fn new(to: Box<dyn Write>, end: u8) -> Dropped {
        Dropped {
            to: Messages::buffered(to),
            end,
            sources: Vec::new(),
            next: 0,
            last_line: 0,
        }
    }

    /// The number of the record at `place`, which follows the one numbered before.
    pub(super) fn number(&mut self, place: Place<'_>) -> u64 {
        let last = self
            .sources
            .last()
            .filter(|s| s.name == place.source && place.line > self.last_line);
        let number = match last {
            Some(source) => source.ordinal + (place.line - source.line),
            None => {
                self.sources.push(Source {
                    ordinal: self.next,
                    line: place.line,
                    name: place.source.to_string(),
                });
                self.next
            }
        };
        self.last_line = place.line;
        self.next = number + 1;
        number
    }

    /// Writes `record`, at `place`, which repeats the key of record number `first`.
    pub(super) fn write(&mut self, place: Place<'_>, first: u64, record: &[u8]) {
        let i = self.sources.partition_point(|s| s.ordinal <= first);
        let Some(source) = i.checked_sub(1).map(|i| &self.sources[i]) else {
            return;
        };
        let first_line = source.line + (first - source.ordinal);
        let mut line = format!(
            "{}:{}\t{}:{first_line}\t",
            visible(place.source.as_bytes()),
            place.line,
            visible(source.name.as_bytes()),
        )
        .into_bytes();
        line.extend_from_slice(record);
        line.push(self.end);
        self.to.write(&line);
    }

    /// Writes what is held; the first error met writing, if any.
    pub(super) fn flush(&mut self) -> io::Result<()> {
        self.to.flush()
    }
}
