//! The reports of `uriesc check`: what is written for each invalid record, apart from the
//! validation itself ([`super::check`]).
//!
//! [`Checker`] runs the validators over a stream of records, counts them and writes one report
//! per problem in the chosen [`Format`]: grep-style text lines (`SOURCE:LINE:COLUMN: error:
//! MESSAGE`), JSON Lines (RFC 8259, one object per problem), or GitHub Actions workflow
//! commands (`::error file=...,line=...,col=...::message`).

use std::io::Write;

use unicode_width::UnicodeWidthStr;

use super::{Problem, check, confusion};
use crate::json;
use crate::sets::{Component, Standard};
use crate::stream::{Messages, Place, RecordError, RecordFilter, count_chars};

/// How reports are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// `SOURCE:LINE:COLUMN: error: MESSAGE`, as compilers and grep write.
    #[default]
    Text,
    /// JSON Lines: one object per problem.
    Json,
    /// GitHub Actions annotations (`::error file=...,line=...,col=...::message`).
    Github,
}

/// Which records to print to stdout, as they came.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Select {
    /// None: stdout has the reports.
    #[default]
    Reports,
    Valid,
    Invalid,
}

/// How `check` runs.
#[derive(Clone, Debug)]
pub struct Options {
    pub standard: Standard,
    pub component: Component,
    pub format: Format,
    pub select: Select,
    /// Status only: no reports, no summary.
    pub quiet: bool,
    /// Colour text reports (and show the record with a caret).
    pub color: bool,
    /// Report the records that RFC 3986 and the WHATWG URL Standard read differently
    /// ([`confusion`]) instead of checking `standard`'s grammar.
    pub confusion: bool,
    /// What a record would be once cleaned, if cleaning makes it valid: the suggestion of a
    /// report. Given by the caller (`clean` builds on `check`, not the other way round).
    pub suggest: Option<Suggest>,
}

/// Cleans an invalid record into a valid one, if it can.
pub type Suggest = fn(&[u8], Standard, Component) -> Option<Vec<u8>>;

/// The `check` work: checks each record, reports, and counts (run it as
/// [`crate::stream::Held`]).
pub struct Checker {
    options: Options,
    pub valid: u64,
    pub invalid: u64,
    /// Where reports go when stdout has the selected records: stderr.
    messages: Messages,
    report: Vec<u8>,
}

impl Checker {
    pub fn new(options: Options) -> Checker {
        Checker {
            options,
            valid: 0,
            invalid: 0,
            messages: Messages::stderr(),
            report: Vec::new(),
        }
    }

    /// The summary line, for stderr.
    pub fn summary(&self) -> String {
        let total = self.valid + self.invalid;
        let records = if total == 1 { "record" } else { "records" };
        let (good, bad) = match self.options.confusion {
            true => ("read alike", "read differently"),
            false => ("valid", "invalid"),
        };
        format!(
            "checked {total} {records}: {} {good}, {} {bad}",
            self.valid, self.invalid
        )
    }

    fn report(&self, record: &[u8], place: Place<'_>, problem: &Problem, out: &mut Vec<u8>) {
        let column = count_chars(&record[..problem.offset]) + 1;
        let suggestion = self
            .options
            .suggest
            .and_then(|suggest| suggest(record, self.options.standard, self.options.component))
            .map(|s| String::from_utf8_lossy(&s).into_owned());
        let message = match &suggestion {
            Some(s) => format!("{}; did you mean: {s}", problem.message),
            None => problem.message.clone(),
        };
        match self.options.format {
            Format::Text => {
                let (red, bold, green, reset) = if self.options.color {
                    ("\x1b[1;31m", "\x1b[1m", "\x1b[32m", "\x1b[0m")
                } else {
                    ("", "", "", "")
                };
                let _ = writeln!(
                    out,
                    "{bold}{}:{}:{column}:{reset} {red}error:{reset} {bold}{message}{reset}",
                    place.source, place.line
                );
                if self.options.color {
                    // The caret goes under the problem in display columns: a wide character
                    // (CJK, most emoji) takes two, which the column number, in characters,
                    // does not say.
                    let shown = |bytes: &[u8]| -> String {
                        String::from_utf8_lossy(bytes)
                            .chars()
                            .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
                            .collect()
                    };
                    let indent = shown(&record[..problem.offset]).width();
                    let _ = writeln!(out, "  {}", shown(record));
                    let _ = writeln!(out, "  {}{green}^{reset}", " ".repeat(indent));
                }
            }
            Format::Json => {
                // With --confusion, both readings as fields of their own.
                let readings = match self.options.confusion {
                    true => confusion::Readings::of(record).json_fields(),
                    false => String::new(),
                };
                let _ = writeln!(
                    out,
                    "{{\"source\":{},\"line\":{},\"column\":{column},\"offset\":{},\"message\":{},\"rule\":{},\"record\":{},\"suggestion\":{}{readings}}}",
                    json::string(place.source),
                    place.line,
                    problem.offset,
                    json::string(&problem.message),
                    json::string(problem.rule),
                    json::data(record),
                    suggestion.as_deref().map_or("null".into(), json::string),
                );
            }
            Format::Github => {
                let file = if place.file {
                    format!("file={},", github_property(place.source))
                } else {
                    String::new()
                };
                let _ = writeln!(
                    out,
                    "::error {file}line={},col={column},title=uriesc check ({})::{}",
                    place.line,
                    github_property(problem.rule),
                    github_data(&format!("{}: {message}", place.source)),
                );
            }
        }
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
            true => confusion::check(record),
            false => check(record, self.options.standard, self.options.component),
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

    fn status_pending(&self) -> bool {
        self.invalid == 0
    }
}

/// GitHub Actions workflow-command escaping of a message.
fn github_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub Actions workflow-command escaping of a property value.
fn github_property(s: &str) -> String {
    github_data(s).replace(':', "%3A").replace(',', "%2C")
}
