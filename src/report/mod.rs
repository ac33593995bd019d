//! Reports: one [`Diagnostic`] type for a problem found in a record, and the [`Reporter`] that
//! writes them, used by every command that reports (`check`, `clean`, `decode`, `parse`,
//! `edit`, and `pretty-print --explain`'s notes).
//!
//! A diagnostic says where (the input, the record's number, the byte offset in the record and
//! the 1-based column, in characters, that a person reads), how grave ([`Severity`]), what (the
//! message, and the rule of the standard's grammar that decided), what would do instead (a
//! suggestion), and what it quotes (the record, as an [`Excerpt`] around the problem where it
//! is long). A [`Reporter`] writes it in one of four [`Format`]s: as grep and compilers write
//! (`SOURCE:LINE:COLUMN: error: MESSAGE`, `text.rs`), as JSON Lines (RFC 8259, [`json`]), as
//! GitHub Actions workflow commands (`github.rs`), or as one SARIF 2.1.0 log for the whole run
//! (`sarif.rs`), which is why a reporter has a [`Reporter::finish`]. Everything a person reads
//! is in the visible notation ([`crate::visible`]); the JSON values that are data (the record,
//! a suggestion) are exact.

use std::borrow::Cow;
use std::fmt;

#[cfg(feature = "json")]
use serde::Serialize;

use crate::excerpt::Excerpt;
use crate::visible::visible;

mod github;
#[cfg(feature = "json")]
pub mod json;
mod messages;
#[cfg(feature = "json")]
mod sarif;
mod sink;
mod text;

pub use messages::Messages;
pub use sink::Sink;

/// How reports are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// `SOURCE:LINE:COLUMN: error: MESSAGE`, as compilers and grep write.
    #[default]
    Text,
    /// JSON Lines: one object per problem (the `json` feature).
    #[cfg(feature = "json")]
    Json,
    /// GitHub Actions annotations (`::error file=...,line=...,col=...::message`).
    Github,
    /// One SARIF 2.1.0 log (OASIS) for the run, each problem a result: what GitHub code
    /// scanning and CI dashboards read (the `json` feature).
    #[cfg(feature = "json")]
    Sarif,
}

impl Format {
    /// Every format, in the order `--report-format` lists them (those of the `json` feature
    /// where it is on).
    pub const ALL: &'static [Format] = &[
        Format::Text,
        #[cfg(feature = "json")]
        Format::Json,
        Format::Github,
        #[cfg(feature = "json")]
        Format::Sarif,
    ];

    /// Its name on the command line.
    ///
    /// ```
    /// use uriesc::report::Format;
    ///
    /// assert_eq!(Format::Github.name(), "github");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            #[cfg(feature = "json")]
            Format::Json => "json",
            Format::Github => "github",
            #[cfg(feature = "json")]
            Format::Sarif => "sarif",
        }
    }

    /// What it is, in a line (`--report-format`'s help).
    pub fn description(self) -> &'static str {
        match self {
            Format::Text => "SOURCE:LINE:COLUMN: error: MESSAGE, as compilers and grep write",
            #[cfg(feature = "json")]
            Format::Json => "JSON Lines: one object per problem",
            Format::Github => {
                "GitHub Actions annotations (::error file=...,line=...,col=...::message)"
            }
            #[cfg(feature = "json")]
            Format::Sarif => {
                "One SARIF 2.1.0 log for the run (GitHub code scanning, CI dashboards)"
            }
        }
    }

    /// Whether a person reads it (text, and GitHub's annotations in a log), so that what is
    /// said for people (a summary, a count) may go beside it; not where a program reads every
    /// line (JSON Lines, one SARIF document).
    ///
    /// ```
    /// use uriesc::report::Format;
    ///
    /// assert!(Format::Text.for_people() && Format::Github.for_people());
    /// ```
    pub fn for_people(self) -> bool {
        match self {
            Format::Text | Format::Github => true,
            #[cfg(feature = "json")]
            Format::Json | Format::Sarif => false,
        }
    }

    /// Whether a report is one JSON object ([`json`], or a SARIF result), which can carry
    /// members of a command's own beside the report's ([`Reporter::write_with`]).
    ///
    /// ```
    /// use uriesc::report::Format;
    ///
    /// assert!(!Format::Text.structured() && !Format::Github.structured());
    /// ```
    pub fn structured(self) -> bool {
        match self {
            Format::Text | Format::Github => false,
            #[cfg(feature = "json")]
            Format::Json | Format::Sarif => true,
        }
    }
}

every_variant_in_all!(Format:
    Text,
    #[cfg(feature = "json")]
    Json,
    Github,
    #[cfg(feature = "json")]
    Sarif,
);

/// How grave a diagnostic is: what the text says before the message (`error:`), a GitHub
/// annotation's command (`::error`), a SARIF result's `level` (SARIF 2.1.0 §3.27.10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize), serde(rename_all = "lowercase"))]
pub enum Severity {
    /// A problem in the data: the record is invalid, or could not be done (status 1).
    #[default]
    Error,
    /// Something said of a record that is not wrong (`pretty-print --explain`).
    Note,
}

impl Severity {
    /// The word the text and SARIF give it.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Note => "note",
        }
    }
}

/// Where in the input a problem is: `SOURCE:LINE:COLUMN`, the source in the visible notation.
///
/// ```
/// use uriesc::report::Location;
///
/// let at = Location { source: "<stdin>", line: 2, column: 4 };
/// assert_eq!(at.to_string(), "<stdin>:2:4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location<'a> {
    /// The input: a file name, `<stdin>` or `<arg N>`.
    pub source: &'a str,
    /// The record's number in its input, from 1.
    pub line: u64,
    /// 1-based, in characters (UTF-8 sequences) of the record.
    pub column: u64,
}

impl fmt::Display for Location<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = visible(self.source.as_bytes());
        write!(f, "{source}:{}:{}", self.line, self.column)
    }
}

/// One problem in one record, with all a report says of it.
///
/// ```
/// use uriesc::report::{Diagnostic, Format, Reporter};
///
/// let record = b"http://a.com/a b";
/// let diagnostic = Diagnostic::new("<stdin>", 1, record, 14, "path-abempty", "a space");
/// assert_eq!(diagnostic.column, 15);
/// let mut out = Vec::new();
/// Reporter::new(Format::Text, "check").write(&diagnostic, &mut out);
/// assert_eq!(out, b"<stdin>:1:15: error: a space\n");
/// Reporter::new(Format::Github, "check").write(&diagnostic, &mut out);
/// assert!(out.ends_with(b"::error line=1,col=15,title=uriesc check (path-abempty)::<stdin>: a space\n"));
/// ```
#[derive(Clone, Debug)]
pub struct Diagnostic<'a> {
    /// The input: a file name, `<stdin>` or `<arg N>`.
    pub source: &'a str,
    /// Whether the source is a named file (a GitHub annotation and a SARIF result then name
    /// it).
    pub file: bool,
    /// The record's number in its input, from 1.
    pub line: u64,
    /// What the report quotes: the record ([`Excerpt`] cuts a long one), or, where
    /// [`Diagnostic::part_at`] says so, the part of a record not held whole.
    pub record: &'a [u8],
    /// `None` where [`Diagnostic::record`] is the whole record; else where that part begins
    /// in the record (`decode` streams a record of any length and quotes only the bytes at the
    /// problem).
    pub part_at: Option<usize>,
    /// The byte offset of the problem in the record.
    pub offset: usize,
    /// 1-based, in characters of the record up to `offset`, as a person counts.
    pub column: u64,
    /// How grave it is.
    pub severity: Severity,
    /// The grammar rule that decided, in the standard's words (`path-abempty`).
    pub rule: &'a str,
    /// What is wrong.
    pub message: &'a str,
    /// What the record would be instead, if something would do.
    pub suggestion: Option<&'a str>,
}

impl<'a> Diagnostic<'a> {
    /// The error at byte `offset` of `record` (line `line` of `source`), its column counted.
    pub fn new(
        source: &'a str,
        line: u64,
        record: &'a [u8],
        offset: usize,
        rule: &'a str,
        message: &'a str,
    ) -> Diagnostic<'a> {
        let offset = offset.min(record.len());
        Diagnostic {
            source,
            file: false,
            line,
            record,
            part_at: None,
            offset,
            column: crate::excerpt::count_chars(&record[..offset]) + 1,
            severity: Severity::Error,
            rule,
            message,
            suggestion: None,
        }
    }

    /// Where the problem is.
    pub fn location(&self) -> Location<'a> {
        Location {
            source: self.source,
            line: self.line,
            column: self.column,
        }
    }

    /// The message for people: with the suggestion, in the visible notation.
    fn shown_message(&self) -> Cow<'a, str> {
        match self.suggestion {
            Some(s) => {
                let message = format!("{}; did you mean: {s}", self.message);
                Cow::Owned(visible(message.as_bytes()).into_owned())
            }
            None => visible(self.message.as_bytes()),
        }
    }

    /// What is quoted of the record: an excerpt of a whole record around the problem, or the
    /// part given.
    fn quoted(&self) -> Excerpt<'a> {
        match self.part_at {
            None => Excerpt::around(self.record, self.offset),
            // The record's length is not known: the part is said to end it, and a reader of
            // the JSON is told it is a part by its `excerpt`'s `start` and `end`.
            Some(at) => Excerpt {
                bytes: self.record,
                start: at,
                end: at + self.record.len(),
                record_len: at + self.record.len(),
            },
        }
    }
}

/// Writes diagnostics in one [`Format`], for one command, over one run: a SARIF log is one
/// document, begun before its first result and ended by [`Reporter::finish`].
///
/// ```
/// # #[cfg(feature = "json")] {
/// use uriesc::report::{Diagnostic, Format, Reporter};
///
/// let mut reporter = Reporter::new(Format::Sarif, "decode");
/// let mut out = Vec::new();
/// reporter.write(&Diagnostic::new("<arg 1>", 1, b"%zz", 0, "pct-encoded", "no escape"), &mut out);
/// reporter.finish(&mut out);
/// let log: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(log["version"], "2.1.0");
/// assert_eq!(log["runs"][0]["results"][0]["ruleId"], "pct-encoded");
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Reporter {
    format: Format,
    color: bool,
    command: &'static str,
    /// Where the SARIF log is.
    #[cfg(feature = "json")]
    log: Log,
}

/// Where a reporter's SARIF log is.
#[cfg(feature = "json")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Log {
    /// Not begun: nothing written yet.
    NotBegun,
    /// Begun, with this many results.
    Open(u64),
    /// Ended.
    Ended,
}

impl Reporter {
    /// A reporter of `command` (`check`, `decode`, ...: named in GitHub annotations' titles
    /// and in SARIF) writing `format`.
    pub fn new(format: Format, command: &'static str) -> Reporter {
        Reporter {
            format,
            color: false,
            command,
            #[cfg(feature = "json")]
            log: Log::NotBegun,
        }
    }

    /// Colours text reports and shows the record with a caret under the problem (the other
    /// formats are for programs, and take no colour).
    pub fn with_color(mut self, color: bool) -> Reporter {
        self.color = color && self.format == Format::Text;
        self
    }

    /// The format written.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Appends the report of `diagnostic`.
    pub fn write(&mut self, diagnostic: &Diagnostic, out: &mut Vec<u8>) {
        #[cfg(feature = "json")]
        self.write_with(diagnostic, &(), out);
        #[cfg(not(feature = "json"))]
        match self.format {
            Format::Text => text::write(diagnostic, self.color, out),
            Format::Github => github::write(diagnostic, self.command, out),
        }
    }

    /// As [`Reporter::write`], with `more` members after the JSON object's own (a
    /// `Serialize` that is a map or a struct; `()` for none): in a SARIF result, its
    /// `properties`. (The `json` feature.)
    #[cfg(feature = "json")]
    pub fn write_with<M: Serialize>(
        &mut self,
        diagnostic: &Diagnostic,
        more: &M,
        out: &mut Vec<u8>,
    ) {
        match self.format {
            Format::Text => text::write(diagnostic, self.color, out),
            Format::Json => json::diagnostic(diagnostic, more, out),
            Format::Github => github::write(diagnostic, self.command, out),
            Format::Sarif => {
                let written = match self.log {
                    Log::Open(n) => n,
                    Log::NotBegun | Log::Ended => {
                        sarif::begin(self.command, out);
                        0
                    }
                };
                if written > 0 {
                    out.push(b',');
                }
                sarif::result(diagnostic, more, out);
                self.log = Log::Open(written + 1);
            }
        }
    }

    /// Ends the run's reports: a SARIF log is closed (and, where no result was written, is
    /// written whole, with none); the other formats have nothing to end. A second call adds
    /// nothing; a report written after it begins another log.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        #[cfg(not(feature = "json"))]
        let _ = out;
        #[cfg(feature = "json")]
        self.finish_log(out);
    }

    /// [`Reporter::finish`]'s work: a SARIF log's end.
    #[cfg(feature = "json")]
    fn finish_log(&mut self, out: &mut Vec<u8>) {
        if self.format != Format::Sarif {
            return;
        }
        match self.log {
            Log::Ended => return,
            Log::NotBegun => sarif::begin(self.command, out),
            Log::Open(_) => {}
        }
        sarif::end(out);
        self.log = Log::Ended;
    }
}

/// Appends `bytes` in the visible notation ([`visible`]): printable ASCII as it is, without
/// the UTF-8 check that making a `str` of it would take.
fn visible_into(bytes: &[u8], out: &mut Vec<u8>) {
    match crate::visible::printable_ascii(bytes) {
        true => out.extend_from_slice(bytes),
        false => out.extend_from_slice(visible(bytes).as_bytes()),
    }
}
