//! The reports of `uriesc check`: what is written for each invalid record, apart from the
//! validation itself ([`super::check`]).
//!
//! [`Checker`] runs the validators over a stream of records, counts them and writes one report
//! per problem in the chosen [`Format`]: grep-style text lines (`SOURCE:LINE:COLUMN: error:
//! MESSAGE`), JSON Lines (RFC 8259, one object per problem), or GitHub Actions workflow
//! commands (`::error file=...,line=...,col=...::message`).

#[cfg(feature = "whatwg")]
use super::confusion;
use super::{Problem, Target, check_after_run, valid_run, whatwg};
pub use crate::report::Format;
use crate::report::{Diagnostic, Reporter};
use crate::sets::Standard;
use crate::stream::{Messages, Place, RecordError, RecordFilter, Run};

/// Which records to print to stdout, as they came.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// None: stdout has the reports.
    #[default]
    Reports,
    /// The valid records; reports go to stderr.
    Valid,
    /// The invalid records; reports go to stderr.
    Invalid,
}

/// How `check` runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The standard whose grammar is checked.
    pub standard: Standard,
    /// What each record is checked as: a URI, a reference or a component.
    pub target: Target,
    /// How reports are written.
    pub format: Format,
    /// Which records go to stdout.
    pub select: Select,
    /// Status only: no reports, no summary.
    pub quiet: bool,
    /// Colour text reports (and show the record with a caret).
    pub color: bool,
    /// Report the records that RFC 3986 and the WHATWG URL Standard read differently
    /// ([`confusion`]) instead of checking `standard`'s grammar.
    ///
    /// Needs the `whatwg` feature (on by default): without it, every record is a problem that
    /// says so.
    pub confusion: bool,
    /// With [`Standard::Whatwg`], the kind of base URL each record is a reference against
    /// ([`whatwg::check_reference`]); `None` checks `target`.
    ///
    /// Needs the `whatwg` feature (on by default), as [`Standard::Whatwg`] does.
    pub base: Option<whatwg::Base>,
    /// What a record would be once cleaned, if cleaning makes it valid: the suggestion of a
    /// report. Given by the caller (`clean` builds on `check`, not the other way round).
    pub suggest: Option<Suggest>,
}

/// Cleans an invalid record into a valid one, if it can: [`crate::clean::suggestion`].
pub type Suggest = fn(&[u8], Standard, Target) -> Option<Vec<u8>>;

/// The `check` work: checks each record, reports, and counts (run it as
/// [`crate::stream::WholeRecords`]).
pub struct Checker {
    options: Options,
    /// Records found valid so far.
    pub valid: u64,
    /// Records found invalid so far.
    pub invalid: u64,
    /// With `--confusion`: records the WHATWG parser refuses, neither read alike nor read
    /// differently (counted apart from both).
    pub refused: u64,
    /// Where reports go when stdout has the selected records.
    messages: Messages,
    reporter: Reporter,
    report: Vec<u8>,
    /// The column of the record's first character on its line: 1, but for a URL found in a
    /// document ([`Checker::found`]).
    column: u64,
}

impl Checker {
    /// A checker that runs as `options` say; where stdout has the selected records
    /// ([`Select::Valid`], [`Select::Invalid`]), its reports go to `messages`.
    pub fn new(options: Options, messages: Messages) -> Checker {
        let reporter = Reporter::new(options.format, "check").with_color(options.color);
        Checker {
            reporter,
            options,
            valid: 0,
            invalid: 0,
            refused: 0,
            messages,
            report: Vec::new(),
            column: 1,
        }
    }

    /// Checks `url`, found in a document at `column` of the line `place` names, as `target`
    /// (a relative reference as a reference): its report's column counts from the document's
    /// line, its offset (and its quote) in the URL. Returns whether the URL was written (as
    /// [`RecordFilter::record`]).
    pub fn found(
        &mut self,
        url: &[u8],
        place: Place<'_>,
        column: u64,
        target: Target,
        out: &mut Vec<u8>,
    ) -> bool {
        let (target, column) = (
            std::mem::replace(&mut self.options.target, target),
            std::mem::replace(&mut self.column, column),
        );
        let written = RecordFilter::record(self, url, place, out);
        (self.options.target, self.column) = (target, column);
        // A check finds a problem to report, never an error that ends the run.
        written.unwrap_or(false)
    }

    /// The options it checks with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The summary line, for stderr.
    pub fn summary(&self) -> String {
        let total = self.valid + self.invalid + self.refused;
        let records = if total == 1 { "record" } else { "records" };
        // Without the parser, nothing was read alike or differently: every record was invalid.
        match self.options.confusion && cfg!(feature = "whatwg") {
            true => format!(
                "checked {total} {records}: {} read alike, {} read differently, {} refused by the \
                 WHATWG parser",
                self.valid, self.invalid, self.refused
            ),
            false => format!(
                "checked {total} {records}: {} valid, {} invalid",
                self.valid, self.invalid
            ),
        }
    }

    fn report(&mut self, record: &[u8], place: Place<'_>, problem: &Problem, out: &mut Vec<u8>) {
        let suggestion = self
            .options
            .suggest
            .filter(|_| !self.no_suggestion(record, problem))
            .and_then(|suggest| suggest(record, self.options.standard, self.options.target))
            // The suggestion's own buffer where it is UTF-8 (as a URL Standard one always is).
            .map(|s| {
                String::from_utf8(s)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            });
        let mut diagnostic = Diagnostic {
            suggestion: suggestion.as_deref(),
            ..problem.diagnostic(record, place)
        };
        diagnostic.column += self.column - 1;
        // With --confusion, both readings as members of their own in JSON and SARIF.
        #[cfg(all(feature = "whatwg", feature = "json"))]
        if self.options.confusion && matches!(self.options.format, Format::Json | Format::Sarif) {
            let readings = confusion::Readings::of(record);
            return self.reporter.write_with(&diagnostic, &readings, out);
        }
        self.reporter.write(&diagnostic, out)
    }
}

impl Checker {
    /// Whether `problem` alone tells that cleaning `record` gives no valid URL string (under
    /// the URL Standard, checked as a URL): no suggestion to look for.
    fn no_suggestion(&self, record: &[u8], problem: &Problem) -> bool {
        #[cfg(feature = "whatwg")]
        if self.options.standard == Standard::Whatwg && self.options.target == Target::Uri {
            return whatwg::no_valid_serialization(record, problem);
        }
        let _ = (record, problem);
        false
    }
}

impl RecordFilter for Checker {
    fn record(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        out: &mut Vec<u8>,
    ) -> Result<bool, RecordError> {
        let result = match self.options.confusion {
            #[cfg(feature = "whatwg")]
            true => match confusion::judge(record) {
                confusion::Verdict::Alike => Ok(()),
                confusion::Verdict::Different(problem) => Err(problem),
                // Neither read alike nor read differently: no report, no record printed.
                confusion::Verdict::Refused => {
                    self.refused += 1;
                    return Ok(false);
                }
            },
            #[cfg(not(feature = "whatwg"))]
            true => Err(super::parser_missing(super::without_whatwg!(
                "to read URLs as the URL Standard does (--confusion)"
            ))),
            false => match self.options.base {
                #[cfg(feature = "whatwg")]
                Some(base) => whatwg::check_reference(record, base),
                #[cfg(not(feature = "whatwg"))]
                Some(_) => Err(super::parser_missing(super::without_whatwg!(
                    "to check against the URL Standard"
                ))),
                None => check_after_run(record, self.options.standard, self.options.target),
            },
        };
        let written = match (&result, self.options.select) {
            (Ok(()), Select::Valid) | (Err(_), Select::Invalid) => {
                out.extend_from_slice(record);
                true
            }
            _ => false,
        };
        match &result {
            Ok(()) => self.valid += 1,
            Err(problem) => {
                self.invalid += 1;
                if !self.options.quiet {
                    if self.options.select == Select::Reports {
                        self.report(record, place, problem, out);
                    } else {
                        let mut report = std::mem::take(&mut self.report);
                        report.clear();
                        self.report(record, place, problem, &mut report);
                        self.messages.write(&report);
                        self.report = report;
                    }
                }
            }
        }
        Ok(written)
    }

    fn flush_messages(&mut self) -> std::io::Result<()> {
        self.messages.flush()
    }

    /// The end of the reports (a SARIF log's), where they go.
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.options.quiet {
            return;
        }
        match self.options.select {
            Select::Reports => self.reporter.finish(out),
            Select::Valid | Select::Invalid => {
                let mut end = Vec::new();
                self.reporter.finish(&mut end);
                self.messages.write(&end);
            }
        }
    }

    /// The records the standard's fast path finds valid: counted, and written as they came
    /// where the valid ones are selected.
    fn run(&mut self, records: &[u8], end: u8) -> Run {
        if self.options.confusion || self.options.base.is_some() {
            return Run::default();
        }
        let (len, valid) = valid_run(records, end, self.options.standard, self.options.target);
        self.valid += valid;
        Run {
            len,
            records: valid,
            written: self.options.select == Select::Valid,
        }
    }

    fn status_pending(&self) -> bool {
        self.invalid == 0
    }

    /// `-q` with no records to select: neither reports nor a summary.
    fn silent(&self) -> bool {
        self.options.quiet && self.options.select == Select::Reports
    }
}
