//! Where a command's messages go: stderr, for the reports of its records and its warnings
//! ([`Messages`]), written as each comes or collected into blocks; the one place a failing
//! stderr is kept until a flush can say so.

use std::io::{self, Write};

/// Messages are written once this much has been collected ([`Messages::buffered`]).
const MESSAGES_AT: usize = 16 * 1024;

/// Where a filter's messages (reports of invalid records) go, and how: each as it comes
/// ([`Messages::to`], for a terminal, where a person waits for them), or collected and written
/// at [`Filter::flush_messages`](crate::stream::Filter::flush_messages) and when 16 KiB have gathered ([`Messages::buffered`]), so
/// that a list with many bad records does not cost a system call each, and messages still come
/// before the output written after them. A failed write is kept and given back by the next
/// flush.
///
/// ```
/// use uriesc::report::Messages;
///
/// let mut messages = Messages::buffered(Box::new(std::io::sink()));
/// messages.write(b"<stdin>:1:3: error: ...\n");
/// messages.flush()?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Messages {
    to: Box<dyn Write>,
    error: Option<io::Error>,
}

impl Messages {
    /// Messages to `writer`, each written as it comes.
    pub fn to(writer: Box<dyn Write>) -> Messages {
        Messages {
            to: writer,
            error: None,
        }
    }

    /// Messages to `writer`, collected and written in blocks.
    pub fn buffered(writer: Box<dyn Write>) -> Messages {
        Messages::to(Box::new(io::BufWriter::with_capacity(MESSAGES_AT, writer)))
    }

    /// No messages: what is written is dropped (a filter that has none to write, or a caller
    /// that wants only the output and the counts).
    pub fn none() -> Messages {
        Messages::to(Box::new(io::sink()))
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
