//! A reporting command's one way out for its reports: the [`Reporter`] that writes them and
//! the [`Messages`] (stderr) they go to, together in a [`Sink`]. Every filter that reports
//! (`decode`, `check`, `clean`, `pretty-print --explain`, `parse`, `edit`, `key`, `match`)
//! holds one and hands it to the stream ([`crate::stream::RecordFilter::sink`]), which
//! flushes it before each write of output and ends it (a SARIF log's end) after the last
//! record.

use std::io;

#[cfg(feature = "json")]
use serde::Serialize;

use super::{Diagnostic, Format, Messages, Reporter};

/// Where a filter's reports go: a [`Reporter`] in its format, writing each report whole to
/// [`Messages`] (so that reports never interleave, and a buffered stderr takes one system call
/// for many).
///
/// ```
/// use std::{cell::RefCell, io, rc::Rc};
/// use uriesc::report::{Diagnostic, Format, Messages, Reporter, Sink};
///
/// #[derive(Clone, Default)]
/// struct Shared(Rc<RefCell<Vec<u8>>>);
/// impl io::Write for Shared {
///     fn write(&mut self, b: &[u8]) -> io::Result<usize> { self.0.borrow_mut().write(b) }
///     fn flush(&mut self) -> io::Result<()> { Ok(()) }
/// }
///
/// let stderr = Shared::default();
/// let mut sink = Sink::new(Reporter::new(Format::Text, "check"), Messages::to(Box::new(stderr.clone())));
/// sink.report(&Diagnostic::new("<stdin>", 2, b"a b", 1, "segment", "a space"));
/// sink.finish();
/// sink.flush()?;
/// assert_eq!(&stderr.0.borrow()[..], b"<stdin>:2:2: error: a space\n");
/// # Ok::<(), io::Error>(())
/// ```
pub struct Sink {
    reporter: Reporter,
    messages: Messages,
    /// One report made whole before it is written: stderr is unbuffered where a person reads
    /// it, and a report written piece by piece would take a system call a piece.
    message: Vec<u8>,
}

impl Sink {
    /// Reports written by `reporter` to `messages`.
    pub fn new(reporter: Reporter, messages: Messages) -> Sink {
        Sink {
            reporter,
            messages,
            message: Vec::new(),
        }
    }

    /// Its reports written by `reporter` from now on (another format, or colour).
    pub fn set_reporter(&mut self, reporter: Reporter) {
        self.reporter = reporter;
    }

    /// The format its reports are written in.
    pub fn format(&self) -> Format {
        self.reporter.format()
    }

    /// The reporter, for a filter whose reports are its output (`check`'s, by default): what
    /// it writes to stdout rather than here.
    pub fn reporter(&mut self) -> &mut Reporter {
        &mut self.reporter
    }

    /// Writes the report of `diagnostic`.
    pub fn report(&mut self, diagnostic: &Diagnostic) {
        self.message.clear();
        self.reporter.write(diagnostic, &mut self.message);
        self.messages.write(&self.message);
    }

    /// As [`Sink::report`], with `more` members after the JSON object's own
    /// ([`Reporter::write_with`]).
    #[cfg(feature = "json")]
    pub fn report_with<M: Serialize>(&mut self, diagnostic: &Diagnostic, more: &M) {
        self.message.clear();
        self.reporter
            .write_with(diagnostic, more, &mut self.message);
        self.messages.write(&self.message);
    }

    /// Writes a message already made whole (a report written elsewhere, a warning).
    pub fn write(&mut self, message: &[u8]) {
        self.messages.write(message);
    }

    /// Writes what was collected; the first failure since the last flush, if any
    /// ([`Messages::flush`]).
    pub fn flush(&mut self) -> io::Result<()> {
        self.messages.flush()
    }

    /// Ends the reports ([`Reporter::finish`]: a SARIF log's end, if one was begun or is to be
    /// written empty).
    pub fn finish(&mut self) {
        self.message.clear();
        self.reporter.finish(&mut self.message);
        self.messages.write(&self.message);
    }
}
