//! `uriesc decode` over a stream of records: the [`Decoder`], whose strict options judge every
//! record rather than stop at the first problem, as `check` and `clean` do.

use super::{Decoder, Options, Utf8};
use crate::report::{Format, Messages, Reporter, Sink};
use crate::stream::{Batch, Filter, Place, RecordError, Records, Taken, Written};

/// Bytes given to the decoder at a time where it judges, so that the problems it keeps before
/// they are reported stay few whatever the piece (a piece of `%%%…` has one in each byte).
const JUDGED_AT_A_TIME: usize = 4096;

/// The `decode` filter. Lenient, it is the [`Decoder`]. With `--strict` or `--utf8 strict` it
/// writes every record as lenient decoding (`--utf8 raw`) leaves it, reports each malformed
/// escape and each ill-formed UTF-8 sequence on stderr at its place (`SOURCE:LINE:COLUMN`), as
/// it meets them, and counts the records that had one: the status is 1 if any did.
///
/// ```
/// use uriesc::decode::{DecodeStream, Options};
/// use uriesc::stream::{Framing, Streamer};
/// use uriesc::report::Messages;
///
/// # #[derive(Clone, Default)]
/// # struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);
/// # impl std::io::Write for Shared {
/// #     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.borrow_mut().write(b) }
/// #     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
/// # }
/// let messages = Shared::default();
/// let strict = Options { strict: true, ..Options::default() };
/// let decoder = DecodeStream::new(strict, Messages::to(Box::new(messages.clone())));
/// let mut streamer = Streamer::new(decoder, Framing::Lines, Vec::new(), false);
/// streamer.read("<stdin>".into(), false, &b"a%20b\nbad%zz\nc%20d\n"[..])?;
/// let (decoder, out) = streamer.finish()?;
/// // Every record written, the bad one as lenient decoding leaves it.
/// assert_eq!(out, b"a b\nbad%zz\nc d\n");
/// assert_eq!(decoder.invalid, 1);
/// assert!(messages.0.borrow().starts_with(b"<stdin>:2:4: error: malformed percent-escape"));
/// # Ok::<(), uriesc::stream::Error>(())
/// ```
pub struct DecodeStream {
    decoder: Decoder,
    /// Whether the options judge (`--strict`, `--utf8 strict`).
    judging: bool,
    /// Records that had a problem.
    pub invalid: u64,
    /// The current record had a problem.
    failed: bool,
    /// Problems held back by a malformed escape whose text is still to come, each with
    /// whether it is an escape's (or a UTF-8 sequence's).
    held: Vec<(bool, RecordError)>,
    /// Where the current record is: its input (`<stdin>`, a file name), whether that is a
    /// named file, and its number.
    source: String,
    file: bool,
    line: u64,
    /// The current record's place is known ([`Filter::begin_record`]).
    placed: bool,
    sink: Sink,
}

impl DecodeStream {
    /// The filter that decodes as `options` say, its reports written to `messages`.
    pub fn new(options: Options, messages: Messages) -> DecodeStream {
        let mut decoder = Decoder::new(options);
        let judging = options.strict || options.utf8 == Utf8::Strict;
        decoder.judging = judging;
        if let Some(check) = &mut decoder.utf8 {
            check.judging = judging;
        }
        DecodeStream {
            decoder,
            judging,
            invalid: 0,
            failed: false,
            held: Vec::new(),
            source: String::new(),
            file: false,
            line: 0,
            placed: false,
            sink: Sink::new(Reporter::new(Format::Text, "decode"), messages),
        }
    }

    /// This decoder, its reports written in `format`.
    pub fn with_format(mut self, format: Format) -> DecodeStream {
        self.sink.set_reporter(Reporter::new(format, "decode"));
        self
    }

    /// As [`Decoder::reference`]: the decoder without its fast paths, for tests.
    #[cfg(any(test, feature = "internals"))]
    #[doc(hidden)]
    pub fn reference(mut self) -> DecodeStream {
        self.decoder = self.decoder.reference();
        self
    }

    /// Writes the problems the decoder has kept, in the order of their columns. Where an
    /// ill-formed UTF-8 sequence and a malformed escape share a column, the sequence is raw
    /// continuation bytes (which start no character, [`crate::excerpt::count_chars`]) right
    /// before the escape's `%`, and comes first. A malformed escape whose text is still to
    /// come (a byte or two) holds back what was found at or after its column.
    fn report(&mut self) {
        let utf8 = match &mut self.decoder.utf8 {
            Some(check) => std::mem::take(&mut check.problems),
            None => Vec::new(),
        };
        let escapes = std::mem::take(&mut self.decoder.problems);
        if utf8.is_empty() && escapes.is_empty() && self.held.is_empty() {
            return;
        }
        self.failed = true;
        let mut problems = std::mem::take(&mut self.held);
        problems.extend(utf8.into_iter().map(|p| (false, p)));
        problems.extend(escapes.into_iter().map(|p| (true, p)));
        problems.sort_by_key(|(escape, problem)| (problem.column, *escape));
        let before = |&(escape, ref problem): &(bool, RecordError)| match self.decoder.pending {
            Some((at, ..)) => (problem.column, escape) < (at.column, true),
            None => true,
        };
        let ready = problems.iter().take_while(|p| before(p)).count();
        self.held = problems.split_off(ready);
        let place = Place {
            source: &self.source,
            file: self.file,
            line: self.line,
        };
        for (_, problem) in &problems {
            self.sink.report(&problem.diagnostic(place));
        }
    }
}

impl Filter for DecodeStream {
    fn begin_record(&mut self, place: Place<'_>) {
        if self.source != place.source {
            self.source.clear();
            self.source.push_str(place.source);
        }
        self.file = place.file;
        self.line = place.line;
        self.placed = true;
    }

    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        match self.judging {
            // One by one, so that each report has its record's place.
            true => Ok(Batch::Declined),
            false => self.decoder.records(batch, out),
        }
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        if !self.judging {
            return self.decoder.piece(piece, out);
        }
        for part in piece.chunks(JUDGED_AT_A_TIME) {
            self.decoder.piece(part, out)?;
            self.report();
        }
        Ok(())
    }

    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Written {
        if !self.judging {
            return self.decoder.end_record(place, out);
        }
        if !self.placed {
            // A `--whole` record with nothing in it.
            self.begin_record(place);
        }
        self.decoder.finish(out)?;
        self.report();
        if std::mem::take(&mut self.failed) {
            self.invalid += 1;
        }
        self.placed = false;
        Ok(true)
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    /// Judging, the status says whether every record decoded well, until one has not.
    fn status_pending(&self) -> bool {
        self.judging && self.invalid == 0
    }
}
