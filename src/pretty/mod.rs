//! `uriesc pretty-print`: shows a URI as a person wants to read it, decoding only what cannot
//! make it pass for another (the IRI display of RFC 3987 §3.2, within RFC 3986's rules).
//!
//! The law it keeps: what a reader copies from the display means what the URI means. A `%XX`
//! is decoded only where the result is an unreserved character (decoding it changes nothing,
//! RFC 3986 §2.3), a space or one of `" < > ^ ` { | }` (illegal, so `clean` writes them back as
//! they were), or part of a valid UTF-8 sequence of a non-ASCII character that is safe to
//! display ([`safe_to_display`](crate::visible::safe_to_display), the browsers' lists). Everything else stays encoded:
//!
//! - reserved characters and `%25` (decoding them changes the URI's structure, §2.2, §2.4);
//! - controls, DEL and invalid UTF-8 (RFC 3987 §4.1: nothing invisible is shown as text);
//! - `%5C`: a browser reads `\` as `/` in the path of a special URL (the URL Standard's path
//!   state), so `a%5Cb` shown as `a\b` would be copied as `a/b`; and `%7C`, as `C|` is read as
//!   the drive `C:` in a file URL;
//! - a space with only spaces and C0 controls after it to the end of the record: a browser
//!   strips those from the end of what it is given (the URL Standard's basic URL parser), so a
//!   trailing `%20` shown as a space would be lost. So that a decision reads a bounded number of
//!   bytes, a space followed by more than `RUN` (48) bytes of spaces stays encoded too;
//! - a hex digit right after a bare `%` or `%` and a hex digit: shown decoded it would form a
//!   new escape;
//! - a letter, digit, `-` or `.` (a scheme character, RFC 3986 §3.1) that a run of scheme
//!   characters and escapes ending in `:` follows: shown decoded it could make a scheme of text
//!   that has none, `jav%61script:alert(1)` read as `javascript:alert(1)` (a run longer than
//!   `RUN` bytes keeps it encoded too).
//!
//! Each escape is decided where it stands (`escape.rs`). The host has one policy of its own,
//! wherever its non-ASCII came from (`host.rs`: UTS #39, Chromium's IDN display policy).
//! Everything not an escape is written as it came, but for the raw bytes a terminal would act
//! on or that would hide or reorder text: a C0 control other than the record's terminator, DEL,
//! a C1 control, a character that is not safe to display and a byte of no well-formed UTF-8
//! are percent-encoded, as a URL carries them (ECMA-48; RFC 3987 §4.1; UTS #39 §3.1).

mod escape;
mod host;
mod idn;
mod last_head;
mod lookalike;
mod paint;
mod scan;
mod text;

pub use host::HostDisplay;
pub(crate) use text::encode_raw;

use crate::cpu::Blocks;
use crate::report::Messages;
use crate::report::{Diagnostic, Format, Reporter, Severity, Sink};
use crate::sets::pct_encoded;
use crate::stream::{Batch, Filter, Place, RecordError, Records, Taken, Written};
use crate::uri::HeadScanner;
use escape::{DECODABLE, LOOKAHEAD, LOOKBEHIND, as_it_came, decode_from, show_escape};
use host::{Decided, Head};
use idn::Reason;
use last_head::LastHead;
use std::ops::Range;

/// Appends `input` as pretty-printed to `out`.
///
/// ```
/// use uriesc::pretty::pretty_print;
///
/// let mut out = Vec::new();
/// // %C3%A9 is é in UTF-8 and %7E the unreserved `~` (RFC 3986 §2.3): both shown decoded;
/// // %2F is a reserved `/` (§2.2): decoding it would change the path, so it stays.
/// pretty_print(b"http://example.com/caf%C3%A9/%7Euser%2Fx", &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "http://example.com/café/~user%2Fx");
/// ```
pub fn pretty_print(input: &[u8], out: &mut Vec<u8>) {
    show_record(input, false, &mut Decided::default(), out);
}

/// Appends the whole record `input` as shown; why its host is shown in ASCII, if it is.
fn show_record(
    input: &[u8],
    idna: bool,
    decided: &mut Decided,
    out: &mut Vec<u8>,
) -> Option<Reason> {
    match host::host_of(input) {
        Some(span) => show_with_host(input, span, idna, decided, out),
        None => {
            decode_from(input, 0, input.len(), out);
            None
        }
    }
}

/// [`show_record`] of a record whose host is at `span`.
fn show_with_host(
    input: &[u8],
    span: Range<usize>,
    idna: bool,
    decided: &mut Decided,
    out: &mut Vec<u8>,
) -> Option<Reason> {
    decode_from(input, 0, span.start, out);
    let reason = host::show(input, span.clone(), idna, decided, out);
    decode_from(input, span.end, input.len(), out);
    reason
}

/// How to show a URI besides the decoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Show an ASCII (`xn--`) host in Unicode where that is safe (UTS #46 ToUnicode).
    pub idna: bool,
    /// Colour each component, and dim the escapes left encoded.
    pub color: bool,
    /// Say on stderr why a host is shown in ASCII.
    pub explain: bool,
}

/// The most bytes held to find where a record's authority ends. A record whose authority is
/// longer is written as it came, nothing decoded: no browser takes such a host (UTS #46 limits
/// a name to 253 bytes), and holding it would make memory grow with the input.
const HEAD_LIMIT: usize = 64 << 10;

/// Where the streaming filter is in the current record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the end of the authority: the record is held.
    Head,
    /// Past it: the escapes before `pending[at]` are written, the bytes before kept only to
    /// decide the next.
    Body { at: usize },
    /// An authority over [`HEAD_LIMIT`]: written as it comes, but for its controls and
    /// characters not safe to display (`escape::show_raw`).
    AsItCame,
}

/// The `pretty-print` filter. Without `--idna` or colour it streams: it holds the head of a
/// record until the authority ends (to decide on the whole host), then writes all of each piece
/// but its last few bytes, which wait for the next piece in case a decision reads them. With
/// them, it needs the structure of the URI, so it holds the record.
pub struct PrettyPrinter {
    options: Options,
    pending: Vec<u8>,
    state: State,
    /// How far the head of the record held has been read.
    head: HeadScanner,
    /// Why the current record's host is shown in ASCII, for `--explain`.
    reason: Option<Reason>,
    /// The record as shown, before colour; kept to be reused.
    shown: Vec<u8>,
    /// The hosts decided last.
    decided: Decided,
    /// The head of the last record in a batch whose host was decided.
    last_head: LastHead,
    sink: Sink,
}

/// The default display, with no explanations.
impl Default for PrettyPrinter {
    fn default() -> PrettyPrinter {
        PrettyPrinter::new(Options::default(), Messages::none())
    }
}

impl PrettyPrinter {
    /// The filter that pretty-prints as `options` say, its explanations (`--explain`) to
    /// `messages`.
    pub fn new(options: Options, messages: Messages) -> PrettyPrinter {
        PrettyPrinter {
            options,
            pending: Vec::new(),
            state: State::Head,
            head: HeadScanner::new(),
            reason: None,
            shown: Vec::new(),
            decided: Decided::default(),
            last_head: LastHead::default(),
            sink: Sink::new(Reporter::new(Format::Text, "pretty-print"), messages),
        }
    }

    /// This printer, its explanations written in `format`.
    pub fn with_format(mut self, format: Format) -> PrettyPrinter {
        self.sink
            .set_reporter(Reporter::new(format, "pretty-print"));
        self
    }

    /// Shows in ASCII the hosts that look like a domain of `top`, rather than of the list
    /// built in ([`crate::spoof::TopDomains::built_in`]).
    pub fn top_domains(mut self, top: crate::spoof::TopDomains) -> PrettyPrinter {
        self.decided = Decided::new(Some(std::sync::Arc::new(top)));
        self
    }

    fn buffers_records(&self) -> bool {
        self.options.idna || self.options.color
    }

    /// [`show_with_host`] of a record in a batch, whose head is kept as [`LastHead`] where a
    /// delimiter follows it.
    fn show_with_head(
        &mut self,
        value: &[u8],
        span: Range<usize>,
        out: &mut Vec<u8>,
    ) -> Option<Reason> {
        let head = memchr::memchr3(b'/', b'?', b'#', &value[span.end..]).map(|n| span.end + n);
        let Some(len) = head.filter(|&len| len <= LastHead::LONGEST) else {
            return show_with_host(value, span, false, &mut self.decided, out);
        };
        let from = out.len();
        // As `show_with_host`: no escape runs past the head, as `/`, `?` and `#` are no hex
        // digits.
        decode_from(value, 0, span.start, out);
        let reason = host::show(value, span.clone(), false, &mut self.decided, out);
        decode_from(value, span.end, len, out);
        self.last_head.keep(&value[..len], &out[from..], &reason);
        decode_from(value, len, value.len(), out);
        reason
    }

    /// Reports, as a note, why the host of the record at `place` is shown in ASCII.
    fn explain(&mut self, reason: Option<Reason>, place: Place<'_>) {
        if let (true, Some(reason)) = (self.options.explain, reason) {
            // The host's place is not kept: the note is the record's, at its start, and
            // quotes nothing of it (an empty part at 0).
            let message = format!("host shown as ASCII: {reason}");
            let diagnostic = Diagnostic {
                file: place.file,
                part_at: Some(0),
                severity: Severity::Note,
                ..Diagnostic::new(
                    place.source,
                    place.line,
                    b"",
                    0,
                    "idn-display-policy",
                    &message,
                )
            };
            self.sink.report(&diagnostic);
        }
    }
}

/// Where the record of `records` that holds `hit` starts, no sooner than `settled` (where a
/// record starts, or where a stop of an earlier record ends).
fn record_start(records: &[u8], settled: usize, hit: usize, terminator: u8) -> usize {
    memchr::memrchr(terminator, &records[settled..hit]).map_or(settled, |n| settled + n + 1)
}

/// Whether the record of `records` whose first stop is at `hit` has only printable ASCII
/// from there to its terminator (a `\r\n` with `\n`), the stop being a `%`.
fn printable_to_end(records: &[u8], hit: usize, terminator: u8, blocks: Blocks) -> bool {
    if records[hit] != b'%' {
        return false;
    }
    match scan::unprintable_by(&records[hit..], blocks).map(|n| hit + n) {
        None => true,
        Some(end) if records[end] == terminator => true,
        Some(end) => {
            terminator == b'\n' && records[end] == b'\r' && records.get(end + 1) == Some(&b'\n')
        }
    }
}

impl Filter for PrettyPrinter {
    /// Without `--idna` or colour each record is shown on its own, its terminator after it.
    fn records(&mut self, batch: Records<'_>, out: &mut Vec<u8>) -> Taken {
        let Records {
            bytes: records,
            framing,
            first,
        } = batch;
        if self.buffers_records() || !self.pending.is_empty() || self.state != State::Head {
            return Ok(Batch::Declined);
        }
        let Some(terminator) = framing.end() else {
            return Ok(Batch::Declined);
        };
        // One pass finds each record's first `%` or byte beyond ASCII, and its later `%`s
        // (`scan::next_stop`); the bytes between are left to be written as they came, as is
        // every escape that stays encoded. At the first such byte of a record the record's
        // host is decided: if it is plain (ASCII, no escapes: the common case), each escape of
        // the record is decided where the scan finds it (no decision reads past a terminator:
        // `ascii_decodes` stops at `\n` and NUL); otherwise the record is shown whole.
        let (mut written, mut at) = (0, 0);
        let (mut line, mut counted) = (first.line, 0);
        // Whether a stop of the record that `at` is in has been decided.
        let mut seen = false;
        // Where the last stop that was decided ends: no later record starts before it, so the
        // look back for a record's `scheme://` starts there.
        let mut settled = 0;
        let blocks = Blocks::selected();
        let mut runs = lookalike::Runs::default(); // The runs of label characters (`lookalike.rs`).
        while let Some((hit, after_first)) = scan::next_stop(records, at, seen, terminator, blocks)
        {
            // A `%` that begins no escape is no stop: it stays as it came, and neither it nor
            // any byte up to the next stop makes a host to decide (`host::to_decide` looks for
            // an escape or a byte beyond ASCII). Templates such as curl's `%HOSTIP` are so
            // passed over without their authority being read.
            if records[hit] == b'%' && pct_encoded(records, hit).is_none() {
                (at, seen) = (hit + 1, after_first);
                continue;
            }
            // The `\r` of a `\r\n` is part of the terminator, written as it came.
            if records[hit] == b'\r' && terminator == b'\n' && records.get(hit + 1) == Some(&b'\n')
            {
                (at, seen) = (hit + 2, false);
                continue;
            }
            // At the first stop of a record: most are in a path or a query, which the bytes
            // just before tell; only where they are the record's `scheme://` and the authority
            // so far is the authority read. The record's other stops are past it too. A stop
            // that starts a record is in no authority (a record with one starts with its
            // scheme).
            let open = match !after_first && hit > settled {
                true => host::open_authority(&records[settled..=hit], terminator),
                false => None,
            };
            // A record with a byte that is not printable ASCII from its first stop on (a
            // control, DEL, a character beyond ASCII) is shown whole, as a piece would be:
            // such bytes are rare in a URL, and each is decided where it stands.
            let whole = !after_first && !printable_to_end(records, hit, terminator, blocks);
            let start = match (open, whole) {
                (Some(start), _) => Some(settled + start),
                (None, true) => Some(record_start(records, settled, hit, terminator)),
                (None, false) => None,
            };
            if let Some(start) = start {
                let end = memchr::memchr(terminator, &records[hit..])
                    .map_or(records.len(), |n| hit + n + 1);
                let record = &records[start..end];
                let mut value = record.strip_suffix(&[terminator]).unwrap_or(record);
                if terminator == b'\n' {
                    value = value.strip_suffix(b"\r").unwrap_or(value);
                }
                let repeated = self.last_head.starts(value);
                let span = match (repeated, open, whole) {
                    (true, _, _) => None,
                    (false, _, true) => host::host_of(value),
                    (false, Some(_), false) => host::to_decide(value, hit - start),
                    (false, None, false) => None,
                };
                if repeated || whole || span.is_some() {
                    out.extend_from_slice(&records[written..start]);
                    let reason = match span {
                        Some(span) => self.show_with_head(value, span, out),
                        None if repeated => self.last_head.show(value, out),
                        None => {
                            decode_from(value, 0, value.len(), out);
                            None
                        }
                    };
                    out.extend_from_slice(&record[value.len()..]);
                    if reason.is_some() && self.options.explain {
                        line += memchr::memchr_iter(terminator, &records[counted..start]).count()
                            as u64;
                        counted = start;
                        self.explain(reason, Place { line, ..first });
                    }
                    (written, at, seen, settled) = (end, end, false, end);
                    continue;
                }
            }
            // In a record whose host is plain, only escapes are left to decide, each where it
            // stands; the scan finds the next. A byte beyond ASCII outside a host is written
            // as it came.
            at = hit + 1;
            if records[hit] == b'%' {
                // Escapes come in runs (UTF-8, encoded text): the next is decided here, not
                // found by a new scan.
                at = show_escape(records, hit, &mut written, &DECODABLE, &mut runs, out);
                while records.get(at) == Some(&b'%') {
                    at = show_escape(records, at, &mut written, &DECODABLE, &mut runs, out);
                }
            }
            (seen, settled) = (true, at);
        }
        out.extend_from_slice(&records[written..]);
        Ok(Batch::Taken)
    }

    fn piece(&mut self, piece: &[u8], out: &mut Vec<u8>) -> Result<(), RecordError> {
        self.pending.extend_from_slice(piece);
        if self.buffers_records() {
            return Ok(());
        }
        if self.state == State::Head {
            self.head.feed(piece);
            match host::head(&self.head, &self.pending) {
                Head::Incomplete if self.pending.len() > HEAD_LIMIT => {
                    self.state = State::AsItCame;
                }
                Head::Incomplete => return Ok(()),
                Head::None => self.state = State::Body { at: 0 },
                Head::Host(span) => {
                    decode_from(&self.pending, 0, span.start, out);
                    self.reason =
                        host::show(&self.pending, span.clone(), false, &mut self.decided, out);
                    self.state = State::Body { at: span.end };
                }
            }
        }
        match self.state {
            State::Body { at } => {
                // Every decision that starts before `limit` has all the bytes it may read.
                let limit = self.pending.len().saturating_sub(LOOKAHEAD - 1);
                if limit > at {
                    let done = decode_from(&self.pending, at, limit, out);
                    // The bytes a decision reads behind it stay for the next.
                    let cut = done.saturating_sub(LOOKBEHIND);
                    self.pending.drain(..cut);
                    self.state = State::Body { at: done - cut };
                }
            }
            State::AsItCame => {
                // A character begun in the last three bytes waits for the next piece.
                let limit = self.pending.len().saturating_sub(3);
                let done = as_it_came(&self.pending, 0, limit, out);
                self.pending.drain(..done);
            }
            State::Head => {}
        }
        Ok(())
    }

    fn end_record(&mut self, place: Place<'_>, out: &mut Vec<u8>) -> Written {
        let reason = if self.buffers_records() && self.options.color {
            // Painting reads the record as shown: that is made apart, then painted.
            let mut shown = std::mem::take(&mut self.shown);
            shown.clear();
            let reason = show_record(
                &self.pending,
                self.options.idna,
                &mut self.decided,
                &mut shown,
            );
            paint::paint(&shown, out);
            self.shown = shown;
            reason
        } else if self.buffers_records() {
            // Shown straight into the output: the record is held once, its result once.
            show_record(&self.pending, self.options.idna, &mut self.decided, out)
        } else {
            match self.state {
                State::Head => show_record(&self.pending, false, &mut self.decided, out),
                State::Body { at } => {
                    decode_from(&self.pending, at, self.pending.len(), out);
                    self.reason.take()
                }
                State::AsItCame => {
                    as_it_came(&self.pending, 0, self.pending.len(), out);
                    None
                }
            }
        };
        self.explain(reason, place);
        self.pending.clear();
        self.state = State::Head;
        self.head = HeadScanner::new();
        self.reason = None;
        Ok(true)
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }
}
