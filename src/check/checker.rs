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

use crate::report::{Diagnostic, Messages, Reporter, Sink};
use crate::sets::Standard;
use crate::stream::{Place, RecordFilter, Run, Written};

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

/// How `check` runs: [`Options::new`], then a `with_` method for each field to change.
#[derive(Clone, Debug)]
#[non_exhaustive]
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

impl Options {
    /// Each record checked as `target` under `standard`'s grammar, and for each invalid one a
    /// plain text report to stdout, with no suggestion; the rest as the `with_` methods set
    /// it, and a base as [`Options::with_base`] reads one.
    ///
    /// ```
    /// use uriesc::check::{Checker, Format, Options, Select, Target};
    /// use uriesc::report::Messages;
    /// use uriesc::sets::Standard;
    /// use uriesc::stream::{Place, RecordFilter};
    ///
    /// let options = Options::new(Standard::Rfc3986, Target::Uri);
    /// assert_eq!((options.format, options.select), (Format::Text, Select::Reports));
    ///
    /// // `check --valid -q`: the valid records pass, as they came, with no report.
    /// let options = options.with_select(Select::Valid).with_quiet(true);
    /// let mut checker = Checker::new(options, Messages::none());
    /// let place = Place { source: "<arg 1>", file: false, line: 1 };
    /// let mut out = Vec::new();
    /// assert!(checker.record(b"http://a/b", place, &mut out)?);
    /// assert!(!checker.record(b"http://a b/", place, &mut out)?);
    /// assert_eq!(out, b"http://a/b");
    /// # Ok::<(), uriesc::stream::RecordError>(())
    /// ```
    pub fn new(standard: Standard, target: Target) -> Options {
        Options {
            standard,
            target,
            format: Format::Text,
            select: Select::Reports,
            quiet: false,
            color: false,
            confusion: false,
            base: None,
            suggest: None,
        }
    }

    /// These options with reports written in `format`.
    pub fn with_format(mut self, format: Format) -> Options {
        self.format = format;
        self
    }

    /// These options with the records `select` names written to stdout.
    pub fn with_select(mut self, select: Select) -> Options {
        self.select = select;
        self
    }

    /// These options with no report and no summary where `quiet` is true: the status only.
    pub fn with_quiet(mut self, quiet: bool) -> Options {
        self.quiet = quiet;
        self
    }

    /// These options with text reports in colour (and each record shown with a caret) where
    /// `color` is true.
    pub fn with_color(mut self, color: bool) -> Options {
        self.color = color;
        self
    }

    /// These options reporting, where `confusion` is true, the records that RFC 3986 and the
    /// WHATWG URL Standard read differently instead of checking the standard's grammar
    /// ([`Options::confusion`]).
    pub fn with_confusion(mut self, confusion: bool) -> Options {
        self.confusion = confusion;
        self
    }

    /// These options with each report's suggestion made by `suggest` (none where `None`).
    pub fn with_suggest(mut self, suggest: Option<Suggest>) -> Options {
        self.suggest = suggest;
        self
    }
}

/// What `check` makes of a record ([`Options::judge`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Valid as the options say.
    Valid,
    /// Not, and why.
    Invalid(Problem),
    /// With `--confusion`: the URL Standard's parser refuses it, so it is neither read alike
    /// nor read differently (no report).
    Refused,
}

impl Options {
    /// What a check with these options makes of `record` as `target`: as the options'
    /// standard has it, against the base where there is one (the URL Standard's reference
    /// against it), or, with `confusion`, whether the URL Standard and RFC 3986 read it alike.
    ///
    /// ```
    /// use uriesc::check::{Judged, Options, Target};
    /// use uriesc::sets::Standard;
    ///
    /// let options = Options::new(Standard::Rfc3986, Target::Uri);
    /// assert_eq!(options.judge(b"http://a.com/a%20b", Target::Uri), Judged::Valid);
    /// assert!(matches!(options.judge(b"http://a.com/a b", Target::Uri), Judged::Invalid(_)));
    /// ```
    pub fn judge(&self, record: &[u8], target: Target) -> Judged {
        let result = match self.confusion {
            #[cfg(feature = "whatwg")]
            true => match confusion::judge(record) {
                confusion::Verdict::Alike => Ok(()),
                confusion::Verdict::Different(problem) => Err(problem),
                confusion::Verdict::Refused => return Judged::Refused,
            },
            #[cfg(not(feature = "whatwg"))]
            true => Err(super::parser_missing(super::without_whatwg!(
                "to read URLs as the URL Standard does (--confusion)"
            ))),
            false => match self.base {
                #[cfg(feature = "whatwg")]
                Some(base) => whatwg::check_reference(record, base),
                #[cfg(not(feature = "whatwg"))]
                Some(_) => Err(super::parser_missing(super::without_whatwg!(
                    "to check against the URL Standard"
                ))),
                None => check_after_run(record, self.standard, target),
            },
        };
        match result {
            Ok(()) => Judged::Valid,
            Err(problem) => Judged::Invalid(problem),
        }
    }
}

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
    sink: Sink,
}

impl Checker {
    /// A checker that runs as `options` say; where stdout has the selected records
    /// ([`Select::Valid`], [`Select::Invalid`]), its reports go to `messages`.
    pub fn new(options: Options, messages: Messages) -> Checker {
        let reporter = Reporter::new(options.format, "check").with_color(options.color);
        Checker {
            sink: Sink::new(reporter, messages),
            options,
            valid: 0,
            invalid: 0,
            refused: 0,
        }
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

    /// Writes the report of `problem` in `record`, which is at `place` and begins at `column` of
    /// its line, checked as `target`.
    fn report(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        column: u64,
        target: Target,
        problem: &Problem,
        out: &mut Vec<u8>,
    ) {
        let suggestion = self
            .options
            .suggest
            .filter(|_| !self.no_suggestion(record, target, problem))
            .and_then(|suggest| suggest(record, self.options.standard, target))
            // The suggestion's own buffer where it is UTF-8 (as a URL Standard one always is).
            .map(|s| {
                String::from_utf8(s)
                    .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
            });
        let mut diagnostic = Diagnostic {
            suggestion: suggestion.as_deref(),
            ..problem.diagnostic(record, place)
        };
        diagnostic.column += column - 1;
        // The reports are the output, or go to stderr beside the selected records.
        let to_output = self.options.select == Select::Reports;
        // With --confusion, both readings as members of their own in JSON and SARIF.
        #[cfg(all(feature = "whatwg", feature = "json"))]
        if self.options.confusion && self.options.format.structured() {
            let readings = confusion::Readings::of(record);
            return match to_output {
                true => self.sink.reporter().write_with(&diagnostic, &readings, out),
                false => self.sink.report_with(&diagnostic, &readings),
            };
        }
        match to_output {
            true => self.sink.reporter().write(&diagnostic, out),
            false => self.sink.report(&diagnostic),
        }
    }
}

impl Checker {
    /// Whether `problem` alone tells that cleaning `record` gives no valid URL string (under
    /// the URL Standard, checked as a URL): no suggestion to look for.
    fn no_suggestion(&self, record: &[u8], target: Target, problem: &Problem) -> bool {
        #[cfg(feature = "whatwg")]
        if self.options.standard == Standard::Whatwg && target == Target::Uri {
            return whatwg::no_valid_serialization(record, problem);
        }
        let _ = (record, target, problem);
        false
    }

    /// Checks `record`, which is at `place` and begins at `column` of its line, as `target`:
    /// counts it, reports its problem, and writes it where it is selected. A record of a list
    /// begins at column 1 and is checked as the options' target ([`RecordFilter::record`]); a
    /// URL found in a document (`check --extract`) at its column, as what it was found as (a
    /// relative reference as a reference), its report's column counting from the document's
    /// line and its offset (and quote) in the URL. Returns whether it was written: a check
    /// finds a problem to report, never an error that ends the run.
    pub fn check_at(
        &mut self,
        record: &[u8],
        place: Place<'_>,
        column: u64,
        target: Target,
        out: &mut Vec<u8>,
    ) -> bool {
        let result = match self.options.judge(record, target) {
            Judged::Valid => Ok(()),
            Judged::Invalid(problem) => Err(problem),
            // Neither read alike nor read differently: no report, no record printed.
            Judged::Refused => {
                self.refused += 1;
                return false;
            }
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
                    self.report(record, place, column, target, problem, out);
                }
            }
        }
        written
    }
}

impl RecordFilter for Checker {
    fn record(&mut self, record: &[u8], place: Place<'_>, out: &mut Vec<u8>) -> Written {
        Ok(self.check_at(record, place, 1, self.options.target, out))
    }

    fn sink(&mut self) -> Option<&mut Sink> {
        Some(&mut self.sink)
    }

    /// The end of the reports (a SARIF log's), where they go.
    fn finish(&mut self, out: &mut Vec<u8>) {
        if self.options.quiet {
            return;
        }
        match self.options.select {
            Select::Reports => self.sink.reporter().finish(out),
            Select::Valid | Select::Invalid => self.sink.finish(),
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
