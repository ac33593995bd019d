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
use std::io;
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
    /// Each input is one record (a document), whose filter writes its output with
    /// terminators of its own (`extract`: a URL a line).
    Document,
}

impl Framing {
    /// The byte that ends a record (a `\r` before a `\n` is part of the terminator too);
    /// none for `--whole`.
    pub fn end(self) -> Option<u8> {
        match self {
            Framing::Lines => Some(b'\n'),
            Framing::Null => Some(b'\0'),
            Framing::Whole | Framing::Document => None,
        }
    }

    /// The terminator written after a record given as an argument, or after a last record that
    /// had none when another input follows (so records from two inputs never run together).
    fn terminator(self) -> &'static [u8] {
        match self {
            Framing::Null => b"\0",
            Framing::Lines | Framing::Whole | Framing::Document => b"\n",
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

/// A problem a filter found in the data of one record, at a place in it. The streamer adds
/// which input and which record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The byte offset in the record where the problem begins.
    pub offset: u64,
    /// The same place as a person counts it: 1-based, in characters (UTF-8 sequences; see
    /// [`count_chars`](crate::excerpt::count_chars)), counted by the filter, which alone has seen the record's earlier
    /// pieces.
    pub column: u64,
    /// The rule of the standard that decided, in its words (`pct-encoded`).
    pub rule: &'static str,
    /// What is wrong.
    pub message: String,
    /// The bytes at the problem, which a report quotes (the filter may hold no more of the
    /// record).
    pub quote: Vec<u8>,
}

impl RecordError {
    /// The report of this problem in the record at `place`.
    pub fn diagnostic<'a>(&'a self, place: Place<'a>) -> crate::report::Diagnostic<'a> {
        crate::report::Diagnostic {
            file: place.file,
            part_at: Some(self.offset as usize),
            offset: self.offset as usize,
            column: self.column,
            ..crate::report::Diagnostic::new(
                place.source,
                place.line,
                &self.quote,
                0,
                self.rule,
                &self.message,
            )
        }
    }
}

/// A problem in the data that ended the run, with where it is: written as every report is
/// ([`crate::report::Diagnostic`], `SOURCE:LINE:COLUMN: error: MESSAGE`). Status 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The input: a file name, `<stdin>` or `<arg N>`.
    pub source: String,
    /// Whether the source is a named file.
    pub file: bool,
    /// The record's number in its input, from 1 (or from `--line-offset` + 1).
    pub line: u64,
    /// The problem in the record.
    pub error: RecordError,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = Place {
            source: &self.source,
            file: self.file,
            line: self.line,
        };
        let mut text = Vec::new();
        let format = crate::report::Format::Text;
        crate::report::Reporter::new(format, "uriesc")
            .write(&self.error.diagnostic(place), &mut text);
        let text = String::from_utf8_lossy(&text);
        f.write_str(text.trim_end_matches('\n'))
    }
}

impl std::error::Error for DataError {}

/// An input or output failure, said in the user's terms: what was being done, and the system's
/// reason. Status 2.
#[derive(Debug)]
pub struct IoError {
    /// What was being done, e.g. `reading data.txt`.
    pub doing: String,
    /// The system's reason.
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

// No `source`: the display says the system's reason already.
impl std::error::Error for IoError {}

/// What ends a run before its input does: a problem in the data that a filter cannot go on
/// from (status 1), or an input or output that failed (status 2).
#[derive(Debug)]
pub enum Error {
    /// A problem in the data, with where it is.
    Data(DataError),
    /// A failed read or write, with what was being done.
    Io(IoError),
}

impl Error {
    /// Whether this is stdout closed by its reader (`| head`): no failure, as for `grep`.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.error.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Data(e) => e.fmt(f),
            Error::Io(e) => e.fmt(f),
        }
    }
}

// No `source`: the display is the inner error's own, whole.
impl std::error::Error for Error {}

/// A run's result: its [`Error`] where one ended it.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl From<DataError> for Error {
    fn from(error: DataError) -> Error {
        Error::Data(error)
    }
}

impl From<IoError> for Error {
    fn from(error: IoError) -> Error {
        Error::Io(error)
    }
}

mod end_to_end;
mod filter;
mod streamer;
pub use end_to_end::{BadOffsets, EndToEnd};
pub(crate) use end_to_end::{walk, zeroed_to};
#[cfg(feature = "key")]
pub(crate) use filter::Terminators;
#[cfg(any(feature = "key", all(target_arch = "x86_64", feature = "whatwg")))]
pub(crate) use filter::value_len;
pub use filter::{Batch, Filter, RecordFilter, Records, Run, Taken, WholeRecords, Written};
pub use streamer::Streamer;

/// Where a record is: its input and its number there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place<'a> {
    /// The file name, `<stdin>` or `<arg N>`.
    pub source: &'a str,
    /// Whether the source is a named file.
    pub file: bool,
    /// The record's number in its input, from 1 (or from `--line-offset` + 1).
    pub line: u64,
}

/// How a command reads and writes: the options every stream command shares.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The inputs, in order.
    pub sources: Vec<Source>,
    /// How records are separated.
    pub framing: Framing,
    /// Flush after every record even when stdout is not a terminal.
    pub line_buffered: bool,
    /// Added to every line number: the lines before this input, where it is a part of a
    /// larger one.
    pub line_offset: u64,
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
