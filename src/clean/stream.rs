//! The `clean` filter over records of any length: a record that one read holds goes whole to
//! [`Cleaner`]; a longer one, where only its head can make it unmendable, has its head
//! buffered and cleaned and the rest mended as it streams by (RFC 3986 Appendix B: after the
//! head, the path, query and fragment are mended byte by byte). The C0 controls and spaces
//! that [`clean`] trims from a record's ends are held as counts ([`HeldRun`]): at its start,
//! apart from the head, to be passed through if the record cannot be cleaned; at its end, until
//! the record ends, where they are dropped, or more of it comes, before which they are mended
//! and written a part at a time ([`Filter::more_output`]).

use super::held::HeldRun;
use super::*;
use crate::sets::{EscapeStep, PartialEscape};
use crate::stream::{Taken, Written};
use crate::uri::HeadScanner;

/// The `clean` filter. A record that one read holds goes whole to [`Cleaner`] (through
/// [`WholeRecords`], as most do); a longer one is not buffered whole where that is not needed: for RFC
/// 3986 with mending and nothing else asked, only its head is buffered (the scheme, the authority
/// and, without one, the first path segment: all that can make a URI unmendable), cleaned as a
/// record of its own, and the rest is mended as it streams by. Mending the rest needs no more
/// than the part it is in and an escape begun at the end of a read; after mending, what comes
/// after the head is always valid (`WholeRecords` + [`clean`] is the reference this is tested against).
pub struct CleanStream {
    whole: WholeRecords<Cleaner>,
    /// Whether long records stream (the options allow it).
    streams: bool,
    /// The record so far, while its head is not complete.
    head: Vec<u8>,
    /// Where a record that did not come whole is.
    state: State,
    /// The problem of a head that could not be cleaned, reported when the record ends (where
    /// its line is known), with the head and how many C0 controls and spaces led it.
    problem: Option<(usize, Vec<u8>, Problem)>,
    /// The C0 controls and spaces before a long record's head, which `clean` trims: held as
    /// counts, for the record passed through as it came if it cannot be cleaned.
    lead: HeldRun,
    /// How many bytes `lead` holds.
    lead_len: usize,
    /// How far the head buffered has been read: it ends at the first `/`, `?` or `#` after the
    /// authority (after `scheme:` when there is none; from the start without a scheme), as RFC
    /// 3986 Appendix B splits a reference ([`HeadScanner`]).
    split: HeadScanner,
    /// The C0 controls and spaces last read after the head: the end of the record, if nothing
    /// else comes before it.
    held: HeldRun,
    /// A held run that more of the record has shown not to end it, being written a part at a
    /// time ([`Filter::more_output`]), and that part of the record, which comes after it.
    releasing: Option<(HeldRun, Vec<u8>)>,
}

/// Where a record that did not come whole is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Its head is being buffered.
    Head,
    /// After its head, mended as it comes: the part, and an escape begun.
    Mending(TailPart, PartialEscape),
    /// After a head that could not be cleaned: passed through as it came.
    PassingThrough,
}

/// The parts after a head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TailPart {
    Path,
    Query,
    Fragment,
}

impl CleanStream {
    /// The filter that cleans as `options` say, its error messages to `errors`.
    pub fn new(options: Options, errors: Messages) -> CleanStream {
        CleanStream::with(Cleaner::new(options, errors))
    }

    /// The filter around `cleaner`.
    pub fn with(cleaner: Cleaner) -> CleanStream {
        let options = &cleaner.options;
        let streams = options.standard == Standard::Rfc3986
            && !options.basic
            && options.base.is_none()
            && !options.normalize
            && !options.idna;
        CleanStream {
            whole: WholeRecords::new(cleaner),
            streams,
            head: Vec::new(),
            state: State::Head,
            problem: None,
            split: HeadScanner::new(),
            held: HeldRun::default(),
            releasing: None,
            lead: HeldRun::default(),
            lead_len: 0,
        }
    }

    /// Records that could not be cleaned.
    pub fn failed(&self) -> u64 {
        self.whole.inner.failed
    }

    /// A piece after the head, whose C0 controls and spaces at its end are held back until
    /// more comes: they may end the record.
    fn tail(&mut self, piece: &[u8], out: &mut Vec<u8>) {
        self.release_all(out);
        if self.state == State::PassingThrough {
            out.extend_from_slice(piece);
            return;
        }
        let body = piece
            .iter()
            .rposition(|&b| !c0_control_or_space(b))
            .map_or(0, |i| i + 1);
        if body > 0 {
            if self.held.is_empty() {
                self.mend_tail(&piece[..body], out);
            } else {
                // Not the end: the run is written, a part at a time, then the rest.
                let held = std::mem::take(&mut self.held);
                self.releasing = Some((held, piece[..body].to_vec()));
            }
        }
        self.held.push(&piece[body..]);
    }

    /// Writes the rest of a record's output that [`Filter::more_output`] has not: in one go.
    fn release_all(&mut self, out: &mut Vec<u8>) {
        while self.more_output(out) {}
    }

    /// A piece after the head: mended as [`mend_part`] does it, across reads.
    fn mend_tail(&mut self, piece: &[u8], out: &mut Vec<u8>) {
        let State::Mending(mut part, mut escape) = self.state else {
            out.extend_from_slice(piece);
            return;
        };
        let mending = Mending::of(Standard::Rfc3986);
        let mut i = 0;
        while i < piece.len() {
            if escape == PartialEscape::None {
                let run = run_set(part).prefix_len(&piece[i..]);
                out.extend_from_slice(&piece[i..i + run]);
                i += run;
                let Some(&b) = piece.get(i) else { break };
                mend_byte(b, &mut part, &mut escape, mending, out);
            } else {
                mend_byte(piece[i], &mut part, &mut escape, mending, out);
            }
            i += 1;
        }
        self.state = State::Mending(part, escape);
    }
}

/// What a part keeps in runs: its mending keeps, less `?` and `#`, which may end it.
fn run_set(part: TailPart) -> &'static ByteSet {
    const PART: ByteSet = Mending::of(Standard::Rfc3986)
        .part
        .keep
        .remove(b'?')
        .remove(b'#');
    const FRAGMENT: ByteSet = Mending::of(Standard::Rfc3986).fragment.keep.remove(b'?');
    match part {
        TailPart::Fragment => &FRAGMENT,
        TailPart::Path | TailPart::Query => &PART,
    }
}

/// What a `%` that began no escape becomes: `%25`, then the hex digit that followed it, if
/// one did (a hex digit is kept as it is in every part).
fn stray_percent(escape: PartialEscape, out: &mut Vec<u8>) {
    out.extend_from_slice(b"%25");
    if let PartialEscape::PercentHex(high) = escape {
        out.push(high);
    }
}

/// One byte of the rest of a long record, mended as [`mend`] does it: the part it is in
/// changes at the first `?` and `#`, and a `%` waits for two hex digits.
fn mend_byte(
    b: u8,
    part: &mut TailPart,
    escape: &mut PartialEscape,
    mending: &Mending,
    out: &mut Vec<u8>,
) {
    match escape.push(b) {
        EscapeStep::Partial(next) => *escape = next,
        EscapeStep::Complete(written) => {
            out.extend_from_slice(&written);
            *escape = PartialEscape::None;
        }
        // A `%` that began no escape, then the byte read on its own.
        EscapeStep::NotEscape if *escape != PartialEscape::None => {
            stray_percent(*escape, out);
            *escape = PartialEscape::None;
            mend_byte(b, part, escape, mending, out);
        }
        EscapeStep::NotEscape => match (b, *part) {
            (b'?', TailPart::Path) => {
                out.push(b'?');
                *part = TailPart::Query;
            }
            (b'#', TailPart::Path | TailPart::Query) => {
                out.push(b'#');
                *part = TailPart::Fragment;
            }
            (b, TailPart::Fragment) => push(b, !mending.fragment.keep.contains(b), out),
            (b, _) => push(b, !mending.part.keep.contains(b), out),
        },
    }
}

impl Filter for CleanStream {
    fn flush_messages(&mut self) -> io::Result<()> {
        self.whole.flush_messages()
    }

    fn finish(&mut self, out: &mut Vec<u8>) {
        self.whole.finish(out)
    }

    fn more_output(&mut self, out: &mut Vec<u8>) -> bool {
        /// How much of a released run one call writes (three times as much, mended).
        const PART: usize = 64 * 1024;
        let Some((mut run, rest)) = self.releasing.take() else {
            return false;
        };
        if run.take_some(PART, |part| self.mend_tail(part, out)) {
            self.mend_tail(&rest, out);
            return false;
        }
        self.releasing = Some((run, rest));
        true
    }

    fn status_pending(&self) -> bool {
        self.whole.status_pending()
    }

    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        if self.state != State::Head || !self.head.is_empty() {
            return Ok(Batch::Declined);
        }
        self.whole.records(batch, out)
    }

    fn record(&mut self, value: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        if self.state == State::Head && self.head.is_empty() {
            return self.whole.record(value, place, out);
        }
        if !value.is_empty() {
            self.piece(value, out)?;
        }
        self.release_all(out);
        self.end_record(place, out)
    }

    fn piece(&mut self, mut piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        if self.state != State::Head {
            self.tail(piece, out);
            return Ok(());
        }
        if self.streams && self.head.is_empty() {
            let lead = piece
                .iter()
                .position(|&b| !c0_control_or_space(b))
                .unwrap_or(piece.len());
            self.lead.push(&piece[..lead]);
            self.lead_len += lead;
            piece = &piece[lead..];
        }
        self.head.extend_from_slice(piece);
        if !self.streams {
            return Ok(());
        }
        let Some(end) = self.split.feed(piece) else {
            return Ok(());
        };
        self.split = HeadScanner::new();
        let head = std::mem::take(&mut self.head);
        let (start, rest) = head.split_at(end);
        let before = out.len();
        let lead_len = std::mem::take(&mut self.lead_len);
        let mut lead = std::mem::take(&mut self.lead);
        // The head ends in the middle of the record, and its lead is held apart: no trimming.
        self.state = match clean_trimmed(start, &self.whole.inner.options, out) {
            Ok(()) => State::Mending(TailPart::Path, PartialEscape::None),
            Err(problem) => {
                out.truncate(before);
                lead.take(|run| out.extend_from_slice(run));
                out.extend_from_slice(start);
                // An empty head begins a record without a scheme, which is no empty record:
                // its problem is the one of the byte that ended the head ('/', '?' or '#').
                let options = &self.whole.inner.options;
                let problem = match start.is_empty() {
                    true => crate::check::check(&head[..1], options.standard, options.target)
                        .err()
                        .unwrap_or(problem),
                    false => problem,
                };
                self.problem = Some((lead_len, start.to_vec(), problem));
                State::PassingThrough
            }
        };
        self.tail(rest, out);
        self.head = head;
        self.head.clear();
        Ok(())
    }

    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Written {
        if self.state == State::Head {
            self.split = HeadScanner::new();
            let head = std::mem::take(&mut self.head);
            let lead = (
                std::mem::take(&mut self.lead),
                std::mem::take(&mut self.lead_len),
            );
            self.whole
                .inner
                .clean_or_report_led(lead, &head, place, out);
            self.head = head;
            self.head.clear();
            return Ok(true);
        }
        // What a caller did not ask for with `more_output`, then the C0 controls and spaces
        // that end the record, which are no part of it.
        self.release_all(out);
        self.held = HeldRun::default();
        // An escape begun at the end of the record is a stray `%` and what followed it.
        if let State::Mending(_, escape) = std::mem::replace(&mut self.state, State::Head)
            && escape != PartialEscape::None
        {
            stray_percent(escape, out);
        }
        if let Some((lead, head, problem)) = self.problem.take() {
            self.whole.inner.report(lead, &head, &problem, place);
        }
        Ok(true)
    }
}
