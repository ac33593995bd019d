//! The `clean` work one record at a time: [`Cleaner`] cleans each record whole ([`clean`]),
//! or reports at its place why it cannot and passes it through as it came.

use super::held::HeldRun;
use super::*;
use crate::report::{Diagnostic, Format, Reporter, Sink};
use crate::stream::Written;

/// The `clean` work: one record at a time (run it as [`crate::stream::WholeRecords`]); what cannot be
/// cleaned is reported to its messages and passed through as it came.
pub struct Cleaner {
    pub(super) options: Options,
    /// Records that could not be cleaned.
    pub failed: u64,
    /// Where its reports go.
    sink: Sink,
    /// The record the last run stopped at, where its serialization is written from what the
    /// run found of it: the next record [`RecordFilter::record`] is given.
    stop: whatwg::Stop,
}

impl Cleaner {
    /// A cleaner that writes its error messages to `errors`.
    pub fn new(options: Options, errors: Messages) -> Cleaner {
        Cleaner {
            options,
            failed: 0,
            sink: Sink::new(Reporter::new(Format::Text, "clean"), errors),
            stop: Default::default(),
        }
    }

    /// This cleaner, its reports written in `format`.
    pub fn with_format(mut self, format: Format) -> Cleaner {
        self.sink.set_reporter(Reporter::new(format, "clean"));
        self
    }
}

impl Cleaner {
    /// Cleans `record` into `out`, or reports why it cannot be and passes it through as it
    /// came; returns whether it was cleaned.
    pub(super) fn clean_or_report(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> bool {
        self.clean_or_report_led((HeldRun::default(), 0), record, place, out)
    }

    /// [`Cleaner::clean_or_report`] of a record that the C0 controls and spaces of `lead`
    /// (held apart, and how many) came before.
    pub(super) fn clean_or_report_led(
        &mut self,
        (mut lead, lead_len): (HeldRun, usize),
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> bool {
        let start = out.len();
        match clean(record, &self.options, out) {
            Ok(()) => true,
            Err(problem) => {
                // A record of nothing but C0 controls and spaces, some held apart.
                let (lead_len, problem) = match lead_len > 0 && blank(record) {
                    true => (0, blank_problem(problem)),
                    false => (lead_len, problem),
                };
                self.report(lead_len, record, &problem, place);
                // A result was made (the WHATWG parser's serialization) and is passed on;
                // otherwise the record as it came.
                if out.len() == start {
                    lead.take(|run| out.extend_from_slice(run));
                    out.extend_from_slice(record);
                }
                false
            }
        }
    }

    /// Says in the error messages why `record` (or its head), after `lead` C0 controls and
    /// spaces, could not be cleaned.
    pub(super) fn report(
        &mut self,
        lead: usize,
        record: &[u8],
        problem: &Problem,
        place: Place<'_>,
    ) {
        self.failed += 1;
        let diagnostic = problem.diagnostic(record, place);
        // The column counts the spaces and controls trimmed before the record too.
        let diagnostic = Diagnostic {
            column: diagnostic.column + lead as u64,
            ..diagnostic
        };
        self.sink.report(&diagnostic);
    }
}

impl RecordFilter for Cleaner {
    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    fn status_pending(&self) -> bool {
        self.failed == 0
    }

    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        if self.stop.serialize(record, out) {
            return Ok(true);
        }
        self.clean_or_report(record, place, out);
        Ok(true)
    }

    fn run(&mut self, records: &[u8], end: u8) -> Run {
        run_of_own_results(records, end, &self.options, &mut self.stop)
    }
}

/// The suggestion of a `check` report ([`crate::check::Options::suggest`]): `record` as
/// [`clean`] writes it, where that is valid under `standard` and differs from it, and the
/// record is short enough for a suggestion to be read.
///
/// ```
/// use uriesc::check::Target;
/// use uriesc::clean::suggestion;
/// use uriesc::sets::Standard;
///
/// let s = suggestion(b"http://a.com/a b", Standard::Rfc3986, Target::Uri);
/// assert_eq!(s.as_deref(), Some(&b"http://a.com/a%20b"[..]));
/// assert_eq!(suggestion(b"http://a.com/", Standard::Rfc3986, Target::Uri), None);
/// ```
pub fn suggestion(record: &[u8], standard: Standard, target: Target) -> Option<Vec<u8>> {
    if record.len() > 2000 {
        return None;
    }
    if standard == Standard::Whatwg && target == Target::Uri {
        // `clean` then the check below, in one, without the words of a problem.
        let (_, trimmed) = trim_c0_control_or_space(record);
        return whatwg::suggestion(trimmed).filter(|out| out != record);
    }
    if standard == Standard::Whatwg {
        let options = Options {
            target,
            ..Options::new(standard)
        };
        let mut out = Vec::new();
        clean(record, &options, &mut out).ok()?;
        let valid = check::check(&out, standard, target).is_ok();
        return (valid && out != record).then_some(out);
    }
    // Under an RFC, `clean`'s rules without the check that ends them: the result is checked
    // once, here, and where it is not valid there is no suggestion, so the words of the
    // problem that `clean` would report (quoted as the record has them) are never made. A
    // suggestion is made for each invalid record `check` reports: this is most of a report's
    // cost.
    // Nor is the fast path of a URI that is its own result asked first: `check` asked it of
    // this record already, and the rules leave such a URI as it is.
    let (_, trimmed) = trim_c0_control_or_space(record);
    let mut out = Vec::with_capacity(trimmed.len() + 16);
    encode_illegal(trimmed, standard, false, None, &mut out).ok()?;
    let valid = check::check(&out, standard, target).is_ok();
    (valid && out != record).then_some(out)
}
