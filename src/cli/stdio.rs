//! The process's own streams, which only the binary touches: stdin and the files read, stdout
//! for output, stderr for messages and warnings. Everything here hands the library's
//! [`Streamer`] a reader or a writer.

use std::fs::File;
use std::io::{self, IsTerminal, Write};

use uriesc::report::Messages;
use uriesc::stream::{Filter, IoError, Plan, Source, Streamer};

/// How a run ended: the filter, and how many inputs could not be read.
pub struct Outcome<F> {
    /// The filter, with what it counted.
    pub filter: F,
    /// Inputs that could not be opened or read to the end: each was reported on stderr and
    /// the run went on with the next; the command then exits with status 2, as `cat` does.
    pub unreadable: u64,
}

/// A filter's messages on stderr: each as it comes where stderr is a terminal (a person waits
/// for them), elsewhere collected and written in blocks.
pub fn messages() -> Messages {
    match io::stderr().is_terminal() {
        true => Messages::to(Box::new(StdStream::stderr())),
        false => Messages::buffered(Box::new(StdStream::stderr())),
    }
}

/// Runs `filter` over every record of the plan, writing to stdout; gives the filter back.
pub fn run<F: Filter>(plan: &Plan, filter: F) -> anyhow::Result<Outcome<F>> {
    let stdout = io::stdout();
    let line_buffered = plan.line_buffered || stdout.is_terminal();
    let mut streamer = Streamer::new(filter, plan.framing, StdStream::stdout(), line_buffered)
        .with_first_line(plan.line_offset.saturating_add(1))
        .with_warnings(Messages::to(Box::new(StdStream::stderr())));
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
                let name = uriesc::visible::visible(path.as_os_str().as_encoded_bytes());
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
/// (`uriesc::visible`: a message may quote a record, a value, an option or a file name, which
/// must not reach the terminal as controls); a failing stderr is an I/O error (status 2).
pub fn write_stderr(text: &str) -> anyhow::Result<()> {
    let mut shown = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (line, end) = match line.strip_suffix('\n') {
            Some(line) => (line, "\n"),
            None => (line, ""),
        };
        shown.push_str(&uriesc::visible::visible(line.as_bytes()));
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
/// duplicate of the descriptor, made at the first write (nothing written, nothing duplicated:
/// an empty write succeeds whatever the descriptor).
///
/// Not the standard library's handles: `std::io::stdout()` and `stderr()` report EBADF, a
/// descriptor that is not open for writing, as success (so that a program started without
/// them runs on), which would make `uriesc encode a >&-` a silent success where `cat` says
/// "Bad file descriptor" and fails. Nor their buffering: std's line buffering would split the
/// streamer's large blocks at the last newline and copy the rest.
///
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
