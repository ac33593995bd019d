//! Record streaming: the one place where bytes come in and go out, for every command.
//!
//! A *record* is one value to work on. It comes from a VALUE argument, or is cut from a file or
//! stdin as a line (ended by `\n` or `\r\n`), a NUL-terminated string (`-z`), or the whole
//! input (`--whole`). The terminator is not part of the value and is written back as it came;
//! a last record without one gets none.
//!
//! Records are handed to a [`Filter`] in *pieces*, straight out of one fixed read buffer, so
//! nothing is allocated per record and memory stays bounded whatever the record length (a
//! 1 GiB line is just many pieces). A filter that needs context across pieces (a `%4` at the
//! end of one read and `1` at the start of the next) keeps it itself. The records that one read
//! holds whole go to the filter together, where it can take them so ([`Filter::records`]):
//! most records are short, and the work between two of them is then only finding the next
//! terminator.
//!
//! Output is collected in one buffer and written in large blocks, and after every record only
//! when it is line-buffered (stdout is a terminal, or `--line-buffered`). Whatever ends a run,
//! what was produced before is written first.

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// Bytes read at a time, and so the longest piece a filter is given.
pub const READ_SIZE: usize = 128 * 1024;

/// Output is written once this much has been collected.
const WRITE_AT: usize = 128 * 1024;

/// How records are cut from files and stdin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One record per line; `\n` or `\r\n` ends it.
    Lines,
    /// One record per NUL-terminated string.
    Null,
    /// All input is one record.
    Whole,
}

impl Framing {
    /// The byte that ends a record (a `\r` before a `\n` is part of the terminator too);
    /// none for `--whole`.
    pub fn end(self) -> Option<u8> {
        match self {
            Framing::Lines => Some(b'\n'),
            Framing::Null => Some(b'\0'),
            Framing::Whole => None,
        }
    }

    /// The terminator written after a record given as an argument, or after a last record that
    /// had none when another input follows (so records from two inputs never run together).
    fn terminator(self) -> &'static [u8] {
        match self {
            Framing::Null => b"\0",
            Framing::Lines | Framing::Whole => b"\n",
        }
    }
}

/// Where records come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A VALUE argument (1-based position among the values), one record as it is.
    Value(usize, Vec<u8>),
    /// A file to read.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

/// A problem a filter found in the data of one record, at a column of it. The streamer adds
/// which input and which record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based, counted in characters (UTF-8 sequences; see [`count_chars`]).
    pub column: u64,
    pub message: String,
}

/// A problem in the data, with where it is: `SOURCE:LINE:COLUMN: message`. Status 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub source: String,
    /// The record's number in its input, from 1.
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.source, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for DataError {}

/// An input or output failure, said in the user's terms: what was being done, and the system's
/// reason. Status 2.
#[derive(Debug)]
pub struct IoError {
    pub doing: String,
    pub error: io::Error,
}

impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The system's message without std's " (os error N)" tail, which says nothing more.
        let reason = self.error.to_string();
        let reason = match reason.rfind(" (os error ") {
            Some(i) => &reason[..i],
            None => &reason,
        };
        write!(f, "{}: {}", self.doing, reason)
    }
}

impl std::error::Error for IoError {}

/// The work done on records: it is given each record in pieces and appends its output.
///
/// Output appended before an error is kept and written: nothing already produced is lost.
pub trait Filter {
    /// The next piece of the current record's value (never empty).
    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError>;
    /// The current record, which is at `place`, has ended; the next piece starts a new one.
    /// Returns whether the record's output was written, so that its terminator follows (a
    /// filter that selects records drops some).
    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Result<bool, RecordError>;

    /// Many whole records in one call: `records` is one or more values, each followed by its
    /// terminator (`\n` or `\r\n` for [`Framing::Lines`], NUL for [`Framing::Null`]); the
    /// first is at `first`, the others on the lines after it. A filter that can take them so
    /// writes each record's output and, if it wrote it, its terminator, and returns true: an
    /// encoder or a lenient decoder in one pass (the terminator is just another byte to it),
    /// [`Held`] in a loop of its own. The default returns false, and the records are then
    /// given one by one. An error in a record ends the batch with that record's line.
    fn records(
        &mut self,
        records: &[u8],
        framing: Framing,
        first: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, (u64, RecordError)> {
        let _ = (records, framing, first, out);
        Ok(false)
    }

    /// Writes the messages the filter has kept back (a report on stderr, collected rather
    /// than written a system call each). The streamer calls it before each write of output, so
    /// that messages come before the output written after them, as they would unbuffered. An
    /// error is a failing stderr (or one met while the filter wrote before), and ends the run.
    fn flush_messages(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// Whether the exit status still depends on records not yet seen: a validator that has
    /// found nothing wrong so far. When stdout closes early (`| head`), the streamer goes on
    /// reading such a filter's records without writing, until this turns false or the input
    /// ends, so that a status never vouches for records that were not looked at.
    fn status_pending(&self) -> bool {
        false
    }

    /// A whole record in one call, when one read holds all of it (most records): the same as
    /// [`Filter::piece`] and [`Filter::end_record`], which a filter that holds records
    /// ([`Held`]) can do without copying the record.
    fn record(
        &mut self,
        value: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        if !value.is_empty() {
            self.piece(value, out)?;
        }
        self.end_record(place, out)
    }
}

/// Work that needs each record whole (a validator, a URI to take apart): [`Held`] holds the
/// record, once, and hands it over when it ends.
pub trait RecordFilter {
    /// One whole record; returns whether output was written for it, as [`Filter::end_record`].
    fn record(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError>;

    /// As [`Filter::flush_messages`].
    fn flush_messages(&mut self) -> io::Result<()> {
        Ok(())
    }

    /// As [`Filter::status_pending`].
    fn status_pending(&self) -> bool {
        false
    }
}

/// Messages are written once this much has been collected (where stderr is no terminal).
const MESSAGES_AT: usize = 16 * 1024;

/// Where a filter's messages (reports of records it found wanting) go: stderr, each as it
/// comes where stderr is a terminal, elsewhere collected and written at
/// [`Filter::flush_messages`] (and when 16 KiB have gathered), so that a list with many bad
/// records does not cost a system call each, and messages still come before the output
/// written after them. A failed write is kept and given back by the next flush.
pub struct Messages {
    to: Box<dyn Write>,
    error: Option<io::Error>,
}

impl Messages {
    /// Messages to stderr.
    pub fn stderr() -> Messages {
        match io::stderr().is_terminal() {
            true => Messages::to(Box::new(io::stderr())),
            false => Messages::to(Box::new(io::BufWriter::with_capacity(
                MESSAGES_AT,
                io::stderr(),
            ))),
        }
    }

    /// Messages to `writer` (tests read them).
    pub fn to(writer: Box<dyn Write>) -> Messages {
        Messages {
            to: writer,
            error: None,
        }
    }

    /// Writes one whole message; a failure waits for [`Messages::flush`].
    pub fn write(&mut self, message: &[u8]) {
        if self.error.is_none()
            && let Err(e) = self.to.write_all(message)
        {
            self.error = Some(e);
        }
    }

    /// Writes what was collected; the first failure since the last flush, if any.
    pub fn flush(&mut self) -> io::Result<()> {
        match self.error.take() {
            Some(e) => Err(e),
            None => self.to.flush(),
        }
    }
}

/// A [`RecordFilter`] as a [`Filter`]: memory grows with the longest record, and no further.
pub struct Held<R> {
    pub inner: R,
    record: Vec<u8>,
}

impl<R> Held<R> {
    pub fn new(inner: R) -> Held<R> {
        Held {
            inner,
            record: Vec::new(),
        }
    }
}

impl<R: RecordFilter> Filter for Held<R> {
    fn flush_messages(&mut self) -> io::Result<()> {
        self.inner.flush_messages()
    }

    fn status_pending(&self) -> bool {
        self.inner.status_pending()
    }

    /// Each record straight from the read, no copy, with no more work between two records
    /// than finding the terminator.
    fn records(
        &mut self,
        records: &[u8],
        framing: Framing,
        first: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, (u64, RecordError)> {
        let Some(end) = framing.end() else {
            return Ok(false);
        };
        if !self.record.is_empty() {
            return Ok(false);
        }
        let mut place = first;
        let mut rest = records;
        let terminators = Terminators::new(end);
        while let Some(i) = terminators.find(rest) {
            let crlf = end == b'\n' && i > 0 && rest[i - 1] == b'\r';
            let value_end = if crlf { i - 1 } else { i };
            match self.inner.record(&rest[..value_end], place, out) {
                Ok(true) => out.extend_from_slice(&rest[value_end..=i]),
                Ok(false) => {}
                Err(error) => return Err((place.line, error)),
            }
            place.line += 1;
            rest = &rest[i + 1..];
        }
        Ok(true)
    }

    fn piece(&mut self, piece: &[u8], _out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.record.extend_from_slice(piece);
        Ok(())
    }

    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Result<bool, RecordError> {
        let result = self.inner.record(&self.record, place, out);
        self.record.clear();
        result
    }

    fn record(
        &mut self,
        value: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
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
struct Terminators {
    byte: u8,
    #[cfg(target_arch = "x86_64")]
    sse2: Option<memchr::arch::x86_64::sse2::memchr::One>,
}

impl Terminators {
    fn new(byte: u8) -> Self {
        Terminators {
            byte,
            #[cfg(target_arch = "x86_64")]
            sse2: memchr::arch::x86_64::sse2::memchr::One::new(byte),
        }
    }

    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(sse2) = &self.sse2 {
            return sse2.find(haystack);
        }
        memchr::memchr(self.byte, haystack)
    }
}

/// Where a record is: its input and its number there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place<'a> {
    /// The file name, `<stdin>` or `<arg N>`.
    pub source: &'a str,
    /// Whether the source is a named file.
    pub file: bool,
    /// The record's number in its input, from 1.
    pub line: u64,
}

/// The number of characters in `bytes`, as UTF-8: every byte that does not continue a
/// multi-byte sequence (0x80–0xBF) starts one. Used for error columns only.
pub fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| !(0x80..=0xBF).contains(&b))
        .count() as u64
}

/// Cuts inputs into records, feeds them to a filter and writes its output.
pub struct Streamer<F, W: Write> {
    filter: F,
    framing: Framing,
    writer: W,
    out: Vec<u8>,
    line_buffered: bool,
    buffer: Vec<u8>,
    /// Name of the input being read, for error messages.
    source: String,
    /// Whether that input is a named file.
    source_is_file: bool,
    /// Number of the record being read in that input, from 1.
    line: u64,
    /// A record has begun (some of it has been given to the filter) and not ended.
    in_record: bool,
    /// A `\r` ended the last read; the next byte decides whether it ends a line.
    pending_cr: bool,
    /// The last input ended in a record without a terminator; one is written before the next
    /// record begins.
    owe_terminator: bool,
    /// Some input has been read as part of the `--whole` record.
    whole_begun: bool,
    /// The filter wrote the last record it ended.
    last_written: bool,
    /// Stdout was closed by its reader (a broken pipe): output is dropped from then on.
    closed: bool,
    /// Inputs that could not be opened or read to the end (each reported on stderr).
    unreadable: u64,
}

impl<F: Filter, W: Write> Streamer<F, W> {
    /// A streamer that writes to `writer`, flushing after every record if `line_buffered`.
    pub fn new(filter: F, framing: Framing, writer: W, line_buffered: bool) -> Self {
        Self::with_read_size(filter, framing, writer, line_buffered, READ_SIZE)
    }

    /// As [`Streamer::new`], reading `read_size` bytes at a time (tests use tiny reads to put
    /// record and escape boundaries everywhere).
    pub fn with_read_size(
        filter: F,
        framing: Framing,
        writer: W,
        line_buffered: bool,
        read_size: usize,
    ) -> Self {
        Streamer {
            filter,
            framing,
            writer,
            out: Vec::with_capacity(WRITE_AT + 4 * read_size),
            line_buffered,
            buffer: vec![0; read_size.max(1)],
            source: String::new(),
            source_is_file: false,
            line: 0,
            in_record: false,
            pending_cr: false,
            owe_terminator: false,
            whole_begun: false,
            last_written: false,
            closed: false,
            unreadable: 0,
        }
    }

    /// One record given as an argument: its output ends with a terminator.
    pub fn value(&mut self, name: String, value: &[u8]) -> anyhow::Result<()> {
        self.source = name;
        self.source_is_file = false;
        self.line = 1;
        if !value.is_empty() {
            self.piece(value)?;
        }
        self.end_record(self.framing.terminator())
    }

    /// Every record of one input (`file`: a named file, not stdin).
    pub fn read(&mut self, name: String, file: bool, mut reader: impl Read) -> anyhow::Result<()> {
        self.source = name;
        self.source_is_file = file;
        if self.framing != Framing::Whole || !self.whole_begun {
            self.line = 1;
        }
        self.whole_begun = true;
        let mut buffer = std::mem::take(&mut self.buffer);
        let result = loop {
            if self.done() {
                break Ok(());
            }
            let n = match reader.read(&mut buffer) {
                Ok(0) => break Ok(()),
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    // How far it got: the records before this one were all written.
                    let doing = match self.line {
                        1 => format!("reading {}", self.source),
                        n => format!("reading {} after line {}", self.source, n - 1),
                    };
                    break Err(IoError { doing, error });
                }
            };
            if let Err(e) = self.chunk(&buffer[..n]) {
                self.buffer = buffer;
                self.write_out()?;
                return Err(e);
            }
        };
        self.buffer = buffer;
        if self.done() {
            // Stopped early: a record the last read began is left unread, not judged.
            return Ok(());
        }
        if let Err(error) = result {
            // As cat and grep do: say so, and go on with the next input (status 2 at the end).
            // What was read of this one is a record like any other.
            self.end_input()?;
            return self.unreadable(error);
        }
        self.end_input()
    }

    /// Reports an input that could not be opened or read, after the output before it: the
    /// run goes on with the next input.
    pub fn unreadable(&mut self, error: IoError) -> anyhow::Result<()> {
        self.unreadable += 1;
        self.finish_partial()?;
        warn(&error.to_string())
    }

    /// Whether the run can stop before the end of its input: stdout is closed and the
    /// filter's status no longer depends on the records to come.
    pub fn done(&self) -> bool {
        self.closed && !self.filter.status_pending()
    }

    /// How many inputs could not be opened or read to the end.
    pub fn unreadable_inputs(&self) -> u64 {
        self.unreadable
    }

    /// Ends the run: the `--whole` record, if one was read, and the last of the output. Gives
    /// back the filter and the writer.
    pub fn finish(mut self) -> anyhow::Result<(F, W)> {
        if self.framing == Framing::Whole && self.whole_begun {
            self.in_record = true;
            self.end_record(b"")?;
        }
        self.write_out()?;
        self.flush_writer()?;
        Ok((self.filter, self.writer))
    }

    fn chunk(&mut self, mut data: &[u8]) -> anyhow::Result<()> {
        let Some(end) = self.framing.end() else {
            return self.piece(data);
        };
        if self.pending_cr {
            self.pending_cr = false;
            if data.first() == Some(&b'\n') {
                self.end_record(b"\r\n")?;
                data = &data[1..];
            } else {
                self.piece(b"\r")?;
            }
        }
        // Once the record a previous read began has ended, the rest may go as one batch.
        let mut batch = !self.line_buffered;
        loop {
            if batch && !self.in_record {
                batch = false;
                self.batch(&mut data, end)?;
            }
            let Some(i) = memchr::memchr(end, data) else {
                break;
            };
            let crlf = end == b'\n' && i > 0 && data[i - 1] == b'\r';
            let value_end = if crlf { i - 1 } else { i };
            let terminator = &data[value_end..=i];
            if self.in_record {
                if value_end > 0 {
                    self.piece(&data[..value_end])?;
                }
                self.end_record(terminator)?;
            } else {
                // The whole record is in this read: hand it over at once.
                self.whole_record(&data[..value_end], terminator)?;
            }
            data = &data[i + 1..];
        }
        if end == b'\n' && data.last() == Some(&b'\r') {
            // Whether this `\r` is data or half of a `\r\n` is known only after the next read.
            self.pending_cr = true;
            self.begin_record()?;
            data = &data[..data.len() - 1];
        }
        if !data.is_empty() {
            self.piece(data)?;
        }
        Ok(())
    }

    /// Gives the whole records at the start of `data` to [`Filter::records`] and takes them
    /// off, if the filter can do them at once.
    fn batch(&mut self, data: &mut &[u8], end: u8) -> anyhow::Result<()> {
        let Some(last) = memchr::memrchr(end, data) else {
            return Ok(());
        };
        let (records, rest) = data.split_at(last + 1);
        let before = self.out.len();
        if self.owe_terminator {
            self.out.extend_from_slice(self.framing.terminator());
        }
        let first = Place {
            source: &self.source,
            file: self.source_is_file,
            line: self.line,
        };
        match self
            .filter
            .records(records, self.framing, first, &mut self.out)
        {
            Ok(true) => {}
            Ok(false) => {
                self.out.truncate(before);
                return Ok(());
            }
            Err((line, error)) => {
                self.line = line;
                return self.after(Err(error));
            }
        }
        self.owe_terminator = false;
        self.last_written = true;
        self.line += memchr::memchr_iter(end, records).count() as u64;
        *data = rest;
        if self.out.len() >= WRITE_AT {
            self.write_out()?;
        }
        Ok(())
    }

    fn end_input(&mut self) -> anyhow::Result<()> {
        if self.pending_cr {
            self.pending_cr = false;
            self.piece(b"\r")?;
        }
        if self.framing != Framing::Whole && self.in_record {
            // Owed only if the record was written.
            self.end_record(b"")?;
            self.owe_terminator = self.last_written;
        }
        Ok(())
    }

    fn begin_record(&mut self) -> anyhow::Result<()> {
        if !self.in_record {
            self.in_record = true;
            if self.owe_terminator {
                self.owe_terminator = false;
                self.out.extend_from_slice(self.framing.terminator());
            }
        }
        Ok(())
    }

    fn piece(&mut self, piece: &[u8]) -> anyhow::Result<()> {
        self.begin_record()?;
        let result = self.filter.piece(piece, &mut self.out);
        self.after(result)?;
        if self.out.len() >= WRITE_AT {
            self.write_out()?;
        }
        Ok(())
    }

    fn end_record(&mut self, terminator: &[u8]) -> anyhow::Result<()> {
        self.begin_record()?;
        let place = Place {
            source: &self.source,
            file: self.source_is_file,
            line: self.line,
        };
        let result = self.filter.end_record(place, &mut self.out);
        self.ended(result, terminator)
    }

    fn whole_record(&mut self, value: &[u8], terminator: &[u8]) -> anyhow::Result<()> {
        self.begin_record()?;
        let place = Place {
            source: &self.source,
            file: self.source_is_file,
            line: self.line,
        };
        let result = self.filter.record(value, place, &mut self.out);
        self.ended(result, terminator)
    }

    /// After a record: its terminator if its output was written, and the flush policy.
    fn ended(
        &mut self,
        result: Result<bool, RecordError>,
        terminator: &[u8],
    ) -> anyhow::Result<()> {
        let written = self.after(result)?;
        self.last_written = written;
        if written {
            self.out.extend_from_slice(terminator);
        }
        self.in_record = false;
        self.line += 1;
        if self.line_buffered {
            self.write_out()?;
            self.flush_writer()?;
        } else if self.out.len() >= WRITE_AT {
            self.write_out()?;
        }
        Ok(())
    }

    /// Turns a filter's error into one that says where, after writing what came before it.
    fn after<T>(&mut self, result: Result<T, RecordError>) -> anyhow::Result<T> {
        let RecordError { column, message } = match result {
            Ok(value) => return Ok(value),
            Err(e) => e,
        };
        self.finish_partial()?;
        Err(DataError {
            source: self.source.clone(),
            line: self.line,
            column,
            message,
        }
        .into())
    }

    /// A write error, with how far the run got: the input and record being worked on.
    fn output_error(&self, error: io::Error) -> anyhow::Error {
        // Between records, `line` already names the next one.
        let line = if self.in_record {
            self.line
        } else {
            self.line.saturating_sub(1).max(1)
        };
        let doing = match self.source.as_str() {
            "" => "writing output".to_string(),
            source => format!("writing output, at {source} line {line}"),
        };
        IoError { doing, error }.into()
    }

    /// Writes out what has been produced so far, before an error ends the run.
    pub fn finish_partial(&mut self) -> anyhow::Result<()> {
        self.write_out()?;
        self.flush_writer()
    }

    fn write_out(&mut self) -> anyhow::Result<()> {
        if let Err(error) = self.filter.flush_messages() {
            return Err(IoError {
                doing: "writing messages to stderr".into(),
                error,
            }
            .into());
        }
        if !self.closed {
            let written = self.writer.write_all(&self.out);
            self.output_result(written)?;
        }
        self.out.clear();
        Ok(())
    }

    fn flush_writer(&mut self) -> anyhow::Result<()> {
        if self.closed {
            return Ok(());
        }
        let flushed = self.writer.flush();
        self.output_result(flushed)
    }

    /// A write's result: a closed stdout (its reader went away, as `head` does) ends the
    /// output, not the run, which [`Streamer::done`] ends where nothing more is to be known;
    /// any other failure is an error.
    fn output_result(&mut self, result: io::Result<()>) -> anyhow::Result<()> {
        match result {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(e) => Err(self.output_error(e)),
        }
    }
}

/// How a command reads and writes: the options every stream command shares.
#[derive(Clone, Debug)]
pub struct Plan {
    pub sources: Vec<Source>,
    pub framing: Framing,
    /// Flush after every record even when stdout is not a terminal.
    pub line_buffered: bool,
}

impl Plan {
    /// The sources for VALUE arguments and `--file`s: the values first, then the files in
    /// order (`-` is stdin); with neither, stdin.
    pub fn sources(values: Vec<Vec<u8>>, files: &[PathBuf]) -> Vec<Source> {
        let mut sources: Vec<Source> = values
            .into_iter()
            .enumerate()
            .map(|(i, v)| Source::Value(i + 1, v))
            .collect();
        sources.extend(files.iter().map(|f| {
            if f == Path::new("-") {
                Source::Stdin
            } else {
                Source::File(f.clone())
            }
        }));
        if sources.is_empty() {
            sources.push(Source::Stdin);
        }
        sources
    }
}

/// How a run ended: the filter, and how many inputs could not be read.
pub struct Outcome<F> {
    pub filter: F,
    /// Inputs that could not be opened or read to the end: each was reported on stderr and
    /// the run went on with the next; the command then exits with status 2, as `cat` does.
    pub unreadable: u64,
}

/// Runs `filter` over every record of the plan, writing to stdout; gives the filter back.
pub fn run<F: Filter>(plan: &Plan, filter: F) -> anyhow::Result<Outcome<F>> {
    let stdout = io::stdout();
    let line_buffered = plan.line_buffered || stdout.is_terminal();
    let mut streamer = Streamer::new(filter, plan.framing, raw_stdout(), line_buffered);
    for source in &plan.sources {
        if streamer.done() {
            break;
        }
        match source {
            Source::Value(i, value) => streamer.value(format!("<arg {i}>"), value)?,
            Source::Stdin => {
                let stdin = io::stdin();
                if stdin.is_terminal() && plan.sources.len() == 1 {
                    warn("reading from the terminal; end with Ctrl-D")?;
                }
                streamer.read("<stdin>".into(), false, stdin.lock())?
            }
            Source::File(path) => {
                let name = path.display().to_string();
                match File::open(path) {
                    Ok(file) => streamer.read(name, true, file)?,
                    Err(error) => streamer.unreadable(IoError {
                        doing: format!("cannot open {name}"),
                        error,
                    })?,
                }
            }
        }
    }
    let unreadable = streamer.unreadable_inputs();
    let (filter, _) = streamer.finish()?;
    Ok(Outcome { filter, unreadable })
}

/// Writes `uriesc: MESSAGE` and a newline to stderr in one write; a failing stderr is an
/// error (status 2), never a panic, as `eprintln!` would make it.
pub fn warn(message: &str) -> anyhow::Result<()> {
    let line = format!("uriesc: {message}\n");
    io::stderr().write_all(line.as_bytes()).map_err(|error| {
        IoError {
            doing: "writing to stderr".into(),
            error,
        }
        .into()
    })
}

/// Stdout without std's line buffering in between (it would split our large blocks at the last
/// newline and copy the rest); std's own handle where the descriptor cannot be duplicated. (A
/// closed stdout is no concern here: std opens /dev/null in place of a closed 0, 1 or 2.)
fn raw_stdout() -> Box<dyn Write> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(File::from(fd));
        }
    }
    Box::new(io::stdout())
}
