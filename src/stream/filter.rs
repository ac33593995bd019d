//! The work done on records ([`Filter`]), and whole records buffered for the work that needs
//! them ([`WholeRecords`]).

use std::io;

use super::{Framing, Place, RecordError};
use crate::report::Sink;

/// The work done on records: it is given each record in pieces and appends its output.
///
/// Output appended before an error is kept and written: nothing already produced is lost.
pub trait Filter {
    /// A record begins at `place`: its pieces and its end follow (not for the records given
    /// to [`Filter::records`], which says where they are itself). A filter that reports what
    /// it finds as it finds it, before the record has ended, keeps where it is (the default
    /// does nothing).
    fn begin_record(&mut self, place: Place<'_>) {
        let _ = place;
    }

    /// The next piece of the current record's value (never empty).
    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError>;
    /// The current record, which is at `place`, has ended; the next piece starts a new one.
    /// Returns whether the record's output was written, so that its terminator follows (a
    /// filter that selects records drops some).
    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Written;

    /// More output of the last piece, which the filter keeps back rather than make at once:
    /// appends some and returns whether more remains. The streamer calls it after each
    /// [`Filter::piece`] until it returns false, writing the output between calls, so that a
    /// filter whose piece can stand for much output (`clean`, releasing a long run of spaces
    /// it held) needs no more memory than a piece's worth. The default has none.
    fn more_output(&mut self, out: &mut Vec<u8>) -> bool {
        let _ = out;
        false
    }

    /// Many whole records in one call ([`Records`]). A filter that can take them so writes
    /// each record's output and, if it wrote it, its terminator, and says it took them
    /// ([`Batch`]): an encoder or a lenient decoder in one pass (the terminator is just another
    /// byte to it), [`WholeRecords`] in a loop of its own, which counts them too. The default
    /// declines, and the records are then given one by one. An error in a record ends the batch
    /// with that record's line.
    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        let _ = (batch, out);
        Ok(Batch::Declined)
    }

    /// Writes the messages the filter has kept back (a report on stderr, collected rather
    /// than written a system call each). The streamer calls it before each write of output, so
    /// that messages come before the output written after them, as they would unbuffered. An
    /// error is a failing stderr (or one met while the filter wrote before), and ends the run.
    /// The default flushes the filter's [`Sink`], if it has one.
    fn flush_messages(&mut self) -> io::Result<()> {
        self.sink().map_or(Ok(()), Sink::flush)
    }

    /// The input has ended: appends what ends the output, and ends what the messages need
    /// ended (a SARIF log of reports, [`crate::report::Reporter::finish`], is one document).
    /// The default ends the filter's [`Sink`], if it has one.
    fn finish(&mut self, out: &mut Vec<u8>) {
        let _ = out;
        if let Some(sink) = self.sink() {
            sink.finish();
        }
    }

    /// Where the filter's reports go, if it reports: what the defaults of
    /// [`Filter::flush_messages`] and [`Filter::finish`] flush and end. None by default.
    fn sink(&mut self) -> Option<&mut Sink> {
        None
    }

    /// Whether the exit status still depends on records not yet seen: a validator that has
    /// found nothing wrong so far. When stdout closes early (`| head`), the streamer goes on
    /// reading such a filter's records without writing, until this turns false or the input
    /// ends, so that a status never vouches for records that were not looked at.
    fn status_pending(&self) -> bool {
        false
    }

    /// Whether the filter writes nothing at all, no output and no message, so that only its
    /// status counts (`check -q`): the streamer then stops reading, as it does when stdout has
    /// closed, once [`Filter::status_pending`] turns false, as `grep -q` stops at its first
    /// match.
    fn silent(&self) -> bool {
        false
    }

    /// A whole record in one call, when one read holds all of it (most records): the same as
    /// [`Filter::piece`] and [`Filter::end_record`], which a filter that buffers records
    /// ([`WholeRecords`]) can do without copying the record.
    fn record(&mut self, value: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        if !value.is_empty() {
            self.piece(value, out)?;
        }
        self.end_record(place, out)
    }
}

/// What a filter made of one record ([`Filter::end_record`], [`RecordFilter::record`]):
/// whether its output was written, so that its terminator follows (a filter that selects
/// records drops some), or the error in it that ends the run.
pub type Written = Result<bool, RecordError>;

/// What a filter made of a batch of records ([`Filter::records`], [`RecordFilter::records`]):
/// the [`Batch`], or the error in one of them, with its line, that ends the run.
pub type Taken = Result<Batch, (u64, RecordError)>;

/// Whole records that one read holds, given to a filter in one call ([`Filter::records`]).
#[derive(Clone, Copy, Debug)]
pub struct Records<'a> {
    /// One or more values, each followed by its terminator (`\n` or `\r\n` for
    /// [`Framing::Lines`], NUL for [`Framing::Null`]).
    pub bytes: &'a [u8],
    /// How they are framed.
    pub framing: Framing,
    /// Where the first is; the others are on the lines after it.
    pub first: Place<'a>,
}

/// What [`Filter::records`] made of a batch of records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Batch {
    /// Not taken: the records are given one by one.
    Declined,
    /// Taken, all of them.
    Taken,
    /// Taken, all of them, and this many they were: the streamer need not count them again.
    Counted(u64),
}

/// Work that needs each record whole (a validator, a URI to take apart): [`WholeRecords`]
/// buffers the record, once, and hands it over when it ends.
pub trait RecordFilter {
    /// One whole record; returns whether output was written for it, as [`Filter::end_record`].
    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written;

    /// As [`Filter::flush_messages`].
    fn flush_messages(&mut self) -> io::Result<()> {
        self.sink().map_or(Ok(()), Sink::flush)
    }

    /// As [`Filter::finish`].
    fn finish(&mut self, out: &mut Vec<u8>) {
        let _ = out;
        if let Some(sink) = self.sink() {
            sink.finish();
        }
    }

    /// As [`Filter::sink`].
    fn sink(&mut self) -> Option<&mut Sink> {
        None
    }

    /// As [`Filter::status_pending`].
    fn status_pending(&self) -> bool {
        false
    }

    /// As [`Filter::silent`].
    fn silent(&self) -> bool {
        false
    }

    /// The records at the start of `records` (each followed by its terminator, `end` or, for
    /// `\n`, `\r\n`) that [`RecordFilter::record`] would settle with no message and no change
    /// of status but its counts, each written as it came or each not written at all
    /// ([`Run::written`]): a filter that can tell cheaply settles them here at once, and
    /// [`WholeRecords`] copies a run of records written as they came in one piece. The default
    /// settles none; [`Run::each`] makes one of a test of each record.
    fn run(&mut self, records: &[u8], end: u8) -> Run {
        let _ = (records, end);
        Run::default()
    }

    /// Many whole records in one call, as [`Filter::records`] gives them to [`WholeRecords`]
    /// (each followed by its terminator, `end` or, for `\n`, `\r\n`; the first at `first`):
    /// a filter that does better on several records than on each alone takes them all, writes
    /// each one's output and terminator, and says so ([`Batch`]); `key --unique` does, starting
    /// the table loads of the next few keys before it settles the current one. The default
    /// declines, and the records are given one by one.
    fn records(&mut self, records: &[u8], end: u8, first: Place<'_>, out: &mut Vec<u8>) -> Taken {
        let _ = (records, end, first, out);
        Ok(Batch::Declined)
    }
}

/// The records at the start of a batch that a [`RecordFilter`] settles at once
/// ([`RecordFilter::run`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Run {
    /// Their bytes, terminators included: whole records.
    pub len: usize,
    /// How many records they are.
    pub records: u64,
    /// Whether each is written as it came (with its terminator), or none is written.
    pub written: bool,
}

impl Run {
    /// The run of records at the start of `records` (each followed by its terminator `end`,
    /// a `\r` before a `\n` not part of the value) whose values pass `test`.
    ///
    /// ```
    /// use uriesc::stream::Run;
    ///
    /// let run = Run::each(b"ab\r\ncd\nx\nef\n", b'\n', true, |value| value.len() == 2);
    /// assert_eq!(run, Run { len: 7, records: 2, written: true });
    /// ```
    pub fn each(
        records: &[u8],
        end: u8,
        written: bool,
        mut test: impl FnMut(&[u8]) -> bool,
    ) -> Run {
        let terminators = Terminators::new(end);
        let mut run = Run {
            written,
            ..Run::default()
        };
        while let Some(i) = terminators.find(&records[run.len..]) {
            let rest = &records[run.len..];
            if !test(&rest[..value_len(rest, i, end)]) {
                break;
            }
            run.len += i + 1;
            run.records += 1;
        }
        run
    }
}

/// The length of the value of the record that the terminator `end` at `i` of `record` ends:
/// `i`, or one less for the `\r` of a `\r\n`.
#[inline(always)]
pub(crate) fn value_len(record: &[u8], i: usize, end: u8) -> usize {
    match end == b'\n' && i > 0 && record[i - 1] == b'\r' {
        true => i - 1,
        false => i,
    }
}

/// A [`RecordFilter`] as a [`Filter`]: memory grows with the longest record, and no further.
pub struct WholeRecords<R> {
    /// The work done on each whole record.
    pub inner: R,
    record: Vec<u8>,
}

impl<R> WholeRecords<R> {
    /// `inner`, given each record whole.
    pub fn new(inner: R) -> WholeRecords<R> {
        WholeRecords {
            inner,
            record: Vec::new(),
        }
    }
}

impl<R: RecordFilter> Filter for WholeRecords<R> {
    fn flush_messages(&mut self) -> io::Result<()> {
        self.inner.flush_messages()
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        self.inner.finish(out)
    }

    fn status_pending(&self) -> bool {
        self.inner.status_pending()
    }

    fn silent(&self) -> bool {
        self.inner.silent()
    }

    /// Each record straight from the read, no copy, with no more work between two records
    /// than finding the terminator.
    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        let Records {
            bytes: records,
            framing,
            first,
        } = batch;
        let Some(end) = framing.end() else {
            return Ok(Batch::Declined);
        };
        if !self.record.is_empty() {
            return Ok(Batch::Declined);
        }
        match self.inner.records(records, end, first, out)? {
            Batch::Declined => {}
            taken => return Ok(taken),
        }
        let mut place = first;
        // `records[at..]` is left to look at; `records[copied..at]` are records written as
        // they came, not yet copied.
        let (mut at, mut copied) = (0, 0);
        let terminators = Terminators::new(end);
        loop {
            let run = self.inner.run(&records[at..], end);
            if !run.written && run.len > 0 {
                out.extend_from_slice(&records[copied..at]);
                copied = at + run.len;
            }
            at += run.len;
            place.line += run.records;
            let Some(i) = terminators.find(&records[at..]) else {
                break;
            };
            let rest = &records[at..];
            let value_end = value_len(rest, i, end);
            out.extend_from_slice(&records[copied..at]);
            match self.inner.record(&rest[..value_end], place, out) {
                Ok(true) => out.extend_from_slice(&rest[value_end..=i]),
                Ok(false) => {}
                Err(error) => return Err((place.line, error)),
            }
            copied = at + i + 1;
            place.line += 1;
            at += i + 1;
        }
        out.extend_from_slice(&records[copied..at]);
        Ok(Batch::Counted(place.line - first.line))
    }

    fn piece(&mut self, piece: &[u8], _out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.record.extend_from_slice(piece);
        Ok(())
    }

    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Written {
        let result = self.inner.record(&self.record, place, out);
        self.record.clear();
        result
    }

    fn record(&mut self, value: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        if self.record.is_empty() {
            return self.inner.record(value, place, out);
        }
        self.record.extend_from_slice(value);
        self.end_record(place, out)
    }
}

/// Finds a terminator in a record that is mostly short: `memchr` for one byte, without the
/// search for the CPU's best routine on every call (the SSE2 one is x86_64's baseline, and
/// as good as any for a few dozen bytes).
pub(crate) struct Terminators {
    byte: u8,
    #[cfg(target_arch = "x86_64")]
    sse2: Option<memchr::arch::x86_64::sse2::memchr::One>,
}

impl Terminators {
    pub(crate) fn new(byte: u8) -> Self {
        Terminators {
            byte,
            #[cfg(target_arch = "x86_64")]
            sse2: memchr::arch::x86_64::sse2::memchr::One::new(byte),
        }
    }

    #[inline]
    pub(crate) fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(sse2) = &self.sse2 {
            return sse2.find(haystack);
        }
        memchr::memchr(self.byte, haystack)
    }
}
