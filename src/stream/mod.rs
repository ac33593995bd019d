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
use std::io::{self, IsTerminal, Write};
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
    /// What is wrong.
    pub message: String,
}

/// A problem in the data, with where it is: `SOURCE:LINE:COLUMN: message`. Status 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    /// The input: a file name, `<stdin>` or `<arg N>`.
    pub source: String,
    /// The record's number in its input, from 1 (or from `--line-offset` + 1).
    pub line: u64,
    /// 1-based, counted in characters, as [`RecordError::column`].
    pub column: u64,
    /// What is wrong.
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

impl std::error::Error for IoError {}

mod filter;
mod streamer;
pub use filter::{Filter, Messages, RecordFilter, WholeRecords};
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

/// The number of characters in `bytes`, as UTF-8: every byte that does not continue a
/// multi-byte sequence (0x80–0xBF) starts one. Used for error columns only.
///
/// Not `bstr`'s `chars().count()`: that counts an incomplete sequence at the end of `bytes`
/// as a character of its own, so a column summed over the pieces of a record would depend on
/// where the reads happened to split a sequence; counting lead bytes does not.
///
/// ```
/// use uriesc::stream::count_chars;
///
/// assert_eq!(count_chars("aé中".as_bytes()), 3);
/// // "é" split between two reads: its continuation byte starts no character.
/// assert_eq!(count_chars(&"aé".as_bytes()[..2]) + count_chars(&"aé".as_bytes()[2..]), 2);
/// ```
pub fn count_chars(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .filter(|&&b| !(0x80..=0xBF).contains(&b))
        .count() as u64
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

/// How a run ended: the filter, and how many inputs could not be read.
pub struct Outcome<F> {
    /// The filter, with what it counted.
    pub filter: F,
    /// Inputs that could not be opened or read to the end: each was reported on stderr and
    /// the run went on with the next; the command then exits with status 2, as `cat` does.
    pub unreadable: u64,
}

/// Runs `filter` over every record of the plan, writing to stdout; gives the filter back.
pub fn run<F: Filter>(plan: &Plan, filter: F) -> anyhow::Result<Outcome<F>> {
    let stdout = io::stdout();
    let line_buffered = plan.line_buffered || stdout.is_terminal();
    let mut streamer = Streamer::new(filter, plan.framing, StdStream::stdout(), line_buffered)
        .with_first_line(plan.line_offset.saturating_add(1));
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
                // Reports and messages name the file in the visible notation, its bytes
                // kept where they are no UTF-8 (`display()` would make them U+FFFD).
                let name = crate::visible::visible(path.as_os_str().as_encoded_bytes());
                let name = name.into_owned();
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
    write_stderr(&format!("uriesc: {message}\n"))
}

/// Writes `text` to stderr in one write, each of its lines in the visible notation
/// ([`crate::visible`]: a message may quote a record, a value, an option or a file name, which
/// must not reach the terminal as controls); a failing stderr is an I/O error (status 2).
pub fn write_stderr(text: &str) -> anyhow::Result<()> {
    let mut shown = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (line, end) = match line.strip_suffix('\n') {
            Some(line) => (line, "\n"),
            None => (line, ""),
        };
        shown.push_str(&crate::visible::visible(line.as_bytes()));
        shown.push_str(end);
    }
    StdStream::stderr()
        .write_all(shown.as_bytes())
        .map_err(|error| {
            IoError {
                doing: "writing to stderr".into(),
                error,
            }
            .into()
        })
}

/// The process's stdout or stderr as a writer that reports every failure: unbuffered, through a
/// duplicate of the descriptor, made at the first write.
///
/// Not the standard library's handles: `std::io::stdout()` and `stderr()` report EBADF, a
/// descriptor that is not open for writing, as success (so that a program started without
/// them runs on), which would make `uriesc encode a >&-` a silent success where `cat` says
/// "Bad file descriptor" and fails. Nor their buffering: std's line buffering would split the
/// streamer's large blocks at the last newline and copy the rest.
///
/// ```
/// use std::io::Write;
/// use uriesc::stream::StdStream;
///
/// // Nothing written, nothing duplicated: an empty write succeeds whatever the descriptor.
/// assert_eq!(StdStream::stdout().write(b"")?, 0);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct StdStream {
    stderr: bool,
    file: Option<Box<dyn Write>>,
}

impl StdStream {
    /// Stdout.
    pub fn stdout() -> StdStream {
        StdStream {
            stderr: false,
            file: None,
        }
    }

    /// Stderr.
    pub fn stderr() -> StdStream {
        StdStream {
            stderr: true,
            file: None,
        }
    }

    /// The descriptor's duplicate: the error of `dup` where the descriptor is closed (EBADF).
    fn open(&self) -> io::Result<Box<dyn Write>> {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd;
            let fd = match self.stderr {
                true => io::stderr().as_fd().try_clone_to_owned()?,
                false => io::stdout().as_fd().try_clone_to_owned()?,
            };
            Ok(Box::new(File::from(fd)))
        }
        #[cfg(windows)]
        {
            use std::os::windows::io::AsHandle;
            let handle = match self.stderr {
                true => io::stderr().as_handle().try_clone_to_owned()?,
                false => io::stdout().as_handle().try_clone_to_owned()?,
            };
            Ok(Box::new(File::from(handle)))
        }
        #[cfg(not(any(unix, windows)))]
        Ok(match self.stderr {
            true => Box::new(io::stderr()),
            false => Box::new(io::stdout()),
        })
    }
}

impl Write for StdStream {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(self.open()?),
        };
        file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(file) => file.flush(),
            None => Ok(()),
        }
    }
}
