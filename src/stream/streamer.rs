//! The [`Streamer`]: cuts inputs into records, feeds them to a filter, writes its output.

use std::io::{self, Read, Write};

use super::*;
use crate::report::Messages;

/// The alignment of reads into [`Streamer`]'s buffer: a cache line.
const READ_ALIGN: usize = 64;

/// Cuts inputs into records, feeds them to a filter and writes its output.
///
/// ```
/// use uriesc::check::{Checker, Options, Select, Target};
/// use uriesc::sets::Standard;
/// use uriesc::stream::{Framing, Streamer, WholeRecords};
/// use uriesc::report::Messages;
///
/// // `check --valid`: the records valid under RFC 3986 pass, as they came.
/// let options = Options::new(Standard::Rfc3986, Target::Uri)
///     .with_select(Select::Valid)
///     .with_quiet(true);
/// let checker = Checker::new(options, Messages::none());
/// let mut streamer = Streamer::new(WholeRecords::new(checker), Framing::Lines, Vec::new(), false);
/// let input: &[u8] = b"http://a/b\nhttp://a/b c\nmailto:x@y\n";
/// streamer.read("<stdin>".into(), false, input)?;
/// let (filter, out) = streamer.finish()?;
/// assert_eq!(out, b"http://a/b\nmailto:x@y\n");
/// assert_eq!((filter.inner.valid, filter.inner.invalid), (2, 1));
/// # Ok::<(), uriesc::stream::Error>(())
/// ```
pub struct Streamer<F, W: Write> {
    filter: F,
    framing: Framing,
    writer: W,
    out: Vec<u8>,
    line_buffered: bool,
    /// Where reads land: [`READ_ALIGN`] bytes more than a read, so that a read can start on
    /// a cache line.
    buffer: Vec<u8>,
    /// Name of the input being read, for error messages.
    source: String,
    /// Whether that input is a named file.
    source_is_file: bool,
    /// Number of the record being read in that input, from [`Streamer::with_first_line`].
    line: u64,
    /// The number of each input's first record: 1, unless told otherwise.
    first_line: u64,
    /// A record has begun (some of it has been given to the filter) and not ended.
    in_record: bool,
    /// A `\r` ended the last read; the next byte decides whether it ends a line.
    pending_cr: bool,
    /// The last input ended in a record without a terminator; one is written before the next
    /// record begins.
    terminator_pending: bool,
    /// Some input has been read as part of the `--whole` record.
    whole_begun: bool,
    /// The filter wrote the last record it ended.
    last_written: bool,
    /// Stdout was closed by its reader (a broken pipe): output is dropped from then on.
    closed: bool,
    /// Inputs that could not be opened or read to the end (each reported to `warnings`).
    unreadable: u64,
    /// Where those reports go ([`Streamer::with_warnings`]; nowhere by default).
    warnings: Messages,
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
            buffer: vec![0; read_size.max(1) + READ_ALIGN],
            source: String::new(),
            source_is_file: false,
            line: 0,
            first_line: 1,
            in_record: false,
            pending_cr: false,
            terminator_pending: false,
            whole_begun: false,
            last_written: false,
            closed: false,
            unreadable: 0,
            warnings: Messages::none(),
        }
    }

    /// Reports each input that cannot be read (`uriesc: cannot open FILE: REASON`) to
    /// `warnings`; without them it is only counted ([`Streamer::unreadable_inputs`]).
    pub fn with_warnings(mut self, warnings: Messages) -> Self {
        self.warnings = warnings;
        self
    }

    /// Numbers the records of each input from `first` instead of 1: for an input that is a
    /// part of a larger one (`parallel --pipe` hands each job a block of lines).
    pub fn with_first_line(mut self, first: u64) -> Self {
        self.first_line = first;
        self
    }

    /// One record given as an argument: its output ends with a terminator.
    pub fn value(&mut self, name: String, value: &[u8]) -> Result<()> {
        self.source = name;
        self.source_is_file = false;
        self.line = 1;
        if !value.is_empty() {
            self.piece(value)?;
        }
        self.end_record(self.framing.terminator())
    }

    /// Every record of one input (`file`: a named file, not stdin).
    pub fn read(&mut self, name: String, file: bool, mut reader: impl Read) -> Result<()> {
        self.source = name;
        self.source_is_file = file;
        if self.framing != Framing::Whole || !self.whole_begun {
            self.line = self.first_line;
        }
        self.whole_begun = true;
        let mut buffer = std::mem::take(&mut self.buffer);
        // Reads into a buffer that starts on a cache line: the kernel's copy into one that
        // does not (a large `Vec` starts 16 bytes into a page) runs at a fraction of the
        // speed on some CPUs (4x slower on an AMD EPYC).
        let start = buffer.as_ptr().align_offset(READ_ALIGN).min(READ_ALIGN);
        let size = buffer.len() - READ_ALIGN;
        let result = loop {
            if self.done() {
                break Ok(());
            }
            let n = match reader.read(&mut buffer[start..start + size]) {
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
            if let Err(e) = self.chunk(&buffer[start..start + n]) {
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
    pub fn unreadable(&mut self, error: IoError) -> Result<()> {
        self.unreadable += 1;
        self.finish_partial()?;
        self.warnings.write(format!("uriesc: {error}\n").as_bytes());
        self.warnings.flush().map_err(|error| {
            IoError {
                doing: "writing to stderr".into(),
                error,
            }
            .into()
        })
    }

    /// Whether the run can stop before the end of its input: nothing more will be written
    /// (stdout is closed, or the filter is [`Filter::silent`]) and the filter's status no
    /// longer depends on the records to come.
    pub fn done(&self) -> bool {
        (self.closed || self.filter.silent()) && !self.filter.status_pending()
    }

    /// How many inputs could not be opened or read to the end.
    pub fn unreadable_inputs(&self) -> u64 {
        self.unreadable
    }

    /// Ends the run: the `--whole` record, if one was read, what the filter writes at the end
    /// ([`Filter::finish`]), and the last of the output. Gives back the filter and the writer.
    pub fn finish(mut self) -> Result<(F, W)> {
        if self.framing == Framing::Whole && self.whole_begun {
            self.in_record = true;
            self.end_record(b"")?;
        }
        self.filter.finish(&mut self.out);
        self.write_out()?;
        self.flush_writer()?;
        Ok((self.filter, self.writer))
    }

    fn chunk(&mut self, mut data: &[u8]) -> Result<()> {
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
            let value_end = filter::value_len(data, i, end);
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
    fn batch(&mut self, data: &mut &[u8], end: u8) -> Result<()> {
        let Some(last) = memchr::memrchr(end, data) else {
            return Ok(());
        };
        let (records, rest) = data.split_at(last + 1);
        let before = self.out.len();
        if self.terminator_pending {
            self.out.extend_from_slice(self.framing.terminator());
        }
        let first = Place {
            source: &self.source,
            file: self.source_is_file,
            line: self.line,
        };
        let count = match self.filter.records(
            Records {
                bytes: records,
                framing: self.framing,
                first,
            },
            &mut self.out,
        ) {
            Ok(Batch::Counted(count)) => count,
            Ok(Batch::Taken) => memchr::memchr_iter(end, records).count() as u64,
            Ok(Batch::Declined) => {
                self.out.truncate(before);
                return Ok(());
            }
            Err((line, error)) => {
                self.line = line;
                return self.after(Err(error));
            }
        };
        self.terminator_pending = false;
        self.last_written = true;
        self.line += count;
        *data = rest;
        if self.out.len() >= WRITE_AT {
            self.write_out()?;
        }
        Ok(())
    }

    fn end_input(&mut self) -> Result<()> {
        if self.pending_cr {
            self.pending_cr = false;
            self.piece(b"\r")?;
        }
        if self.framing != Framing::Whole && self.in_record {
            // Pending only if the record was written.
            self.end_record(b"")?;
            self.terminator_pending = self.last_written;
        }
        Ok(())
    }

    fn begin_record(&mut self) -> Result<()> {
        if !self.in_record {
            self.in_record = true;
            self.filter.begin_record(Place {
                source: &self.source,
                file: self.source_is_file,
                line: self.line,
            });
            if self.terminator_pending {
                self.terminator_pending = false;
                self.out.extend_from_slice(self.framing.terminator());
            }
        }
        Ok(())
    }

    fn piece(&mut self, piece: &[u8]) -> Result<()> {
        self.begin_record()?;
        let result = self.filter.piece(piece, &mut self.out);
        self.after(result)?;
        while self.filter.more_output(&mut self.out) {
            self.write_out()?;
        }
        if self.out.len() >= WRITE_AT {
            self.write_out()?;
        }
        Ok(())
    }

    fn end_record(&mut self, terminator: &[u8]) -> Result<()> {
        self.begin_record()?;
        let place = Place {
            source: &self.source,
            file: self.source_is_file,
            line: self.line,
        };
        let result = self.filter.end_record(place, &mut self.out);
        self.ended(result, terminator)
    }

    fn whole_record(&mut self, value: &[u8], terminator: &[u8]) -> Result<()> {
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
    fn ended(&mut self, result: Written, terminator: &[u8]) -> Result<()> {
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
    fn after<T>(&mut self, result: Result<T, RecordError>) -> Result<T> {
        let error = match result {
            Ok(value) => return Ok(value),
            Err(e) => e,
        };
        self.finish_partial()?;
        Err(DataError {
            source: self.source.clone(),
            file: self.source_is_file,
            line: self.line,
            error,
        }
        .into())
    }

    /// A write error, with how far the run got: the input and record being worked on.
    fn output_error(&self, error: io::Error) -> Error {
        // Between records, `line` already names the next one.
        let line = if self.in_record {
            self.line
        } else {
            self.line.saturating_sub(1).max(1)
        };
        let doing = match self.source.as_str() {
            "" => "writing output".to_string(),
            // A document's output is its own, not a line's.
            source if self.framing == Framing::Document => format!("writing output, at {source}"),
            source => format!("writing output, at {source} line {line}"),
        };
        IoError { doing, error }.into()
    }

    /// Writes out what has been produced so far, before an error ends the run.
    pub fn finish_partial(&mut self) -> Result<()> {
        self.write_out()?;
        self.flush_writer()
    }

    fn write_out(&mut self) -> Result<()> {
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

    fn flush_writer(&mut self) -> Result<()> {
        if self.closed {
            return Ok(());
        }
        let flushed = self.writer.flush();
        self.output_result(flushed)
    }

    /// A write's result: a closed stdout (its reader went away, as `head` does) ends the
    /// output, not the run, which [`Streamer::done`] ends where nothing more is to be known;
    /// any other failure is an error.
    fn output_result(&mut self, result: io::Result<()>) -> Result<()> {
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
